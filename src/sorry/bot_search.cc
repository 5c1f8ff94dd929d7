#include "sorry/bot_search.h"

#include <algorithm>
#include <array>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "core/error.h"
#include "sorry/bot_ismcts.h"
#include "sorry/bot_registry.h"
#include "sorry/value_net.h"

namespace tabletop::sorry {

namespace {
Action lookahead_action(const State& s, int depth, const EvalWeights& w);
}  // namespace

Action greedy_action(const State& s, const EvalWeights& w) { return lookahead_action(s, 1, w); }

std::vector<int> best_distinct_moves(const State& s, const MoveList& moves, int player,
                                     const EvalWeights& w, int limit) {
  struct Cand {
    int index;
    double prior;
    State child;
  };
  std::vector<Cand> cands;
  for (int i = 0; i < moves.size(); ++i) {
    const Action& a = moves[i];
    if (a.kind == MoveKind::kDiscard) {  // one per kind of card, and only when nothing can move
      cands.push_back({i, evaluate(s, player, w) - keep_value(a.card), s});
      continue;
    }
    State child = s;
    child.apply_unchecked(a);
    bool same = false;
    for (const Cand& c : cands) same |= c.child == child;
    if (!same) cands.push_back({i, evaluate(child, player, w), std::move(child)});
  }
  std::stable_sort(cands.begin(), cands.end(),
                   [](const Cand& a, const Cand& b) { return a.prior > b.prior; });
  if (static_cast<int>(cands.size()) > limit) cands.resize(limit);
  std::vector<int> out;
  for (const Cand& c : cands) out.push_back(c.index);
  return out;
}

namespace {

// The learnt value a bot plays by: the nets of the file its spec names as `net` (in a race of
// their number of players only: InvalidInput in any other game), else the nets built into the
// library where the game has them (race_value).
class ValueSource {
 public:
  explicit ValueSource(const BotSpec& spec) {
    auto it = spec.params.find("net");
    if (it == spec.params.end()) return;
    path_ = it->second;
    if (path_.empty()) throw InvalidInput("bot " + spec.name + ": net= needs a file of nets");
    own_ = load_learnt_value(path_);
  }
  const LearntValue* for_game(const Options& o) const {
    if (!own_) return race_value(o);
    if (o.teams || o.points || o.num_players() != own_->players())
      throw InvalidInput(
          fmt::format("the nets of {} are for a race of {} players, not for this "
                      "game ({} players{})",
                      path_, own_->players(), o.num_players(),
                      o.teams    ? ", teams"
                      : o.points ? ", for points"
                                 : ""));
    return own_.get();
  }

 private:
  std::string path_;
  std::shared_ptr<const LearntValue> own_;
};

class GreedyBot : public Bot {
 public:
  GreedyBot(std::string name, EvalWeights w) : name_(std::move(name)), w_(w) {}
  Action choose(const PlayerView& view) override { return greedy_action(view.state, w_); }
  std::string name() const override { return name_; }
  std::unique_ptr<Bot> clone() const override { return std::make_unique<GreedyBot>(*this); }

 private:
  std::string name_;
  EvalWeights w_;
};

// One ply by the learnt value where the game has one, else as greedy.
class LearntBot : public Bot {
 public:
  LearntBot(std::string name, ValueSource values)
      : name_(std::move(name)), values_(std::move(values)) {}
  Action choose(const PlayerView& view) override {
    const LearntValue* net = values_.for_game(view.state.options());
    return net ? learnt_action(view.state, *net) : greedy_action(view.state);
  }
  std::string name() const override { return name_; }
  std::unique_ptr<Bot> clone() const override { return std::make_unique<LearntBot>(*this); }

 private:
  std::string name_;
  ValueSource values_;
};

struct Choice {
  int index;
  double value;
};

Choice best_move(const State& s, const MoveList& moves, int me, int depth, const EvalWeights& w);

// The expectimax value of `s` for `me`, `depth` decisions deep: card draws averaged, the
// opponents replying as greedy, the player's side choosing its best; then the evaluation.
double expectimax_value(const State& s, int me, int depth, const EvalWeights& w) {
  if (s.is_terminal()) return evaluate(s, me, w);
  if (s.is_chance()) {
    if (depth <= 0) return evaluate(s, me, w);
    std::array<ChanceOutcome, kAllCards.size()> out;
    int n = s.chance_outcomes(out);
    double v = 0;
    for (int i = 0; i < n; ++i) {
      State child = s;
      child.apply_unchecked(out[i].action);
      v += out[i].probability * expectimax_value(child, me, depth, w);
    }
    return v;
  }
  if (depth <= 0) return evaluate(s, me, w);
  const int q = s.current_player();
  const bool mine = s.options().teams ? q % 2 == me % 2 : q == me;
  if (!mine) {
    State child = s;
    child.apply_unchecked(greedy_action(s));
    return expectimax_value(child, me, depth - 1, w);
  }
  MoveList moves;
  s.legal_actions(moves);
  return best_move(s, moves, me, depth, w).value;
}

// The best of `moves` (legal in `s`) for `me` by the expectimax of `depth` decisions, the first on
// ties: each move's value is that of `depth` - 1 decisions after it (0: the evaluation); a discard
// is the position less the card's keep_value.
Choice best_move(const State& s, const MoveList& moves, int me, int depth, const EvalWeights& w) {
  Choice best{0, -1e300};
  double here = 0;
  bool here_known = false;
  for (int i = 0; i < moves.size(); ++i) {
    const Action& a = moves[i];
    double v;
    if (a.kind == MoveKind::kDiscard) {
      if (!here_known) here = evaluate(s, me, w), here_known = true;
      v = here - keep_value(a.card);
    } else {
      State child = s;
      child.apply_unchecked(a);
      v = expectimax_value(child, me, depth - 1, w);
    }
    if (v > best.value) best = {i, v};
  }
  return best;
}

// The player to move chooses by the expectimax of `depth` decisions: 1 is greedy (the expectimax
// of no decision is the evaluation), 2 sees the opponent's greedy reply to each move.
Action lookahead_action(const State& s, int depth, const EvalWeights& w) {
  MoveList moves;
  s.legal_actions(moves);
  return moves[best_move(s, moves, s.current_player(), depth, w).index];
}

}  // namespace

Action continuation_action(const State& s, int me, const LearntValue* net, const EvalWeights& w,
                           int depth) {
  if (s.current_player() != me) return greedy_action(s);
  return net ? learnt_action(s, *net) : lookahead_action(s, depth, w);
}

namespace {

class StrongBot : public Bot {
 public:
  StrongBot(std::string name, uint64_t seed, int depth, int deals, EvalWeights w)
      : name_(std::move(name)), rng_(seed, 0x534f525259ULL), depth_(depth), deals_(deals), w_(w) {}

  Action choose(const PlayerView& view) override {
    const State& s = view.state;
    me_ = view.player;
    MoveList moves;
    s.legal_actions(moves);
    if (moves.size() == 1) return moves[0];
    std::vector<double> total(moves.size(), 0.0);
    const int samples = s.options().points ? deals_ : 1;
    for (int d = 0; d < samples; ++d) {
      // Playing for points the view's other hands are one guess; each sample deals them anew.
      State root = s.options().points ? s.determinize(me_, rng_) : s;
      for (int i = 0; i < moves.size(); ++i) {
        if (moves[i].kind == MoveKind::kDiscard) {
          total[i] += evaluate(root, me_, w_) - keep_value(moves[i].card);
          continue;
        }
        State child = root;
        child.apply_unchecked(moves[i]);
        total[i] += expectimax_value(child, me_, depth_ - 1, w_);
      }
    }
    int best = 0;
    for (int i = 1; i < moves.size(); ++i)
      if (total[i] > total[best]) best = i;
    return moves[best];
  }

  std::string name() const override { return name_; }
  std::unique_ptr<Bot> clone() const override { return std::make_unique<StrongBot>(*this); }

 private:
  std::string name_;
  Rng rng_;
  int depth_, deals_;
  EvalWeights w_;
  int me_ = 0;
};

// strong's Monte Carlo search: every distinct root action (the best `candidates` by the one-ply
// evaluation) is followed by `rollouts` continuations, the opponents playing as greedy and the
// player as the learnt bot where the game has a learnt value. Continuation i of every candidate
// uses the same generator seed, so in the race games all candidates meet the very same cards in
// the same order (common random numbers: the comparison sees the moves, not the luck); playing for
// points continuation i also deals the same hidden hands, sampled from the cards the player has
// not seen (determinization per sample, so the search only uses what the player knows). A
// continuation runs until the player has made `horizon` more decisions (0: to the end of the game)
// and is scored by the learnt chance of winning (a finished game 1 or 0); without a learnt value,
// by the evaluation, a finished game as +-`win` (points: plus `points` times the points difference
// to the best opponent, so that a shut-out is worth playing for).
class MonteCarloBot : public Bot {
 public:
  struct Params {
    int rollouts = 128, candidates = 8;
    // The player's own decisions after the candidate (0: to the end of the game). -1: 8 / the
    // number of players (4 in two players, 2 in three or four), but 4 in a race of four players
    // with the learnt value, where the values are averaged (measured in docs/bots.md).
    int horizon = -1;
    int policy = 1;  // the player's own continuation moves: expectimax this many decisions deep
    double win = 300, points = 3;
    EvalWeights w;
    bool value = true;  // the learnt value, where the game has one (value_net.h)
    // With the learnt value: score a continuation by the mean of the value each time the turn
    // passes on after one more decision of the player's, up to the horizon, instead of the value
    // at the horizon alone. -1: in a race of four players.
    int average = -1;
  };
  MonteCarloBot(std::string name, uint64_t seed, Params p, ValueSource values)
      : name_(std::move(name)), rng_(seed, 0x4d4f4e5445ULL), p_(p), values_(std::move(values)) {}

  Action choose(const PlayerView& view) override {
    const State& s = view.state;
    me_ = view.player;
    MoveList moves;
    s.legal_actions(moves);
    if (moves.size() == 1) return moves[0];
    const std::vector<int> cands = best_distinct_moves(s, moves, me_, p_.w, p_.candidates);
    if (cands.size() == 1) return moves[cands[0]];
    net_ = p_.value ? values_.for_game(s.options()) : nullptr;
    const bool points = s.options().points;
    std::vector<double> total(cands.size(), 0.0);
    for (int r = 0; r < p_.rollouts; ++r) {
      const uint64_t seed = rng_.next_u64();
      State root = s;
      if (points) {
        Rng deal(seed, 1);
        root = s.determinize(me_, deal);
      }
      for (size_t c = 0; c < cands.size(); ++c) {
        State g = root;
        g.apply_unchecked(moves[cands[c]]);
        Rng chance(seed, 2);
        total[c] += rollout(g, chance);
      }
    }
    size_t best = 0;
    for (size_t c = 1; c < cands.size(); ++c)
      if (total[c] > total[best]) best = c;
    return moves[cands[best]];
  }

  std::string name() const override { return name_; }
  std::unique_ptr<Bot> clone() const override { return std::make_unique<MonteCarloBot>(*this); }

 private:
  double rollout(State& g, Rng& chance) const {
    // Stops once the player has made `horizon` more decisions and the turn has passed on, so
    // the evaluation always sees the position the opponents are about to play from.
    const bool four = net_ && g.num_players() == 4;
    const int horizon = p_.horizon >= 0 ? p_.horizon : four ? 4 : 8 / g.num_players();
    const bool average = (p_.average < 0 ? four : p_.average == 1) && net_ && horizon > 0;
    double sum = 0;
    int marks = 0;  // values summed
    for (int mine = 0; !g.is_terminal();) {
      if (average && mine > marks && g.turn() != me_) {
        sum += net_->value(g, me_);
        ++marks;
      }
      if (horizon > 0 && mine >= horizon && g.turn() != me_) break;
      if (g.is_chance()) {
        g.apply_unchecked(g.sample_chance(chance));
        continue;
      }
      mine += g.current_player() == me_;
      g.apply_unchecked(continuation_action(g, me_, net_, p_.w, p_.policy));
    }
    if (!net_)
      return g.is_terminal() ? outcome_value(g, me_, p_.win, p_.points) : evaluate(g, me_, p_.w);
    // Stopped at the horizon, an average already holds the value there (marks == horizon).
    if (!g.is_terminal()) return average ? sum / horizon : net_->value(g, me_);
    const double won = g.winner() == me_ ? 1.0 : 0.0;
    return average ? (sum + won * (horizon - marks)) / horizon : won;
  }

  std::string name_;
  Rng rng_;
  Params p_;
  ValueSource values_;
  int me_ = 0;
  const LearntValue* net_ = nullptr;  // this decision's learnt value, if any
};

// The evaluation weights a spec sets (bot_eval.h), the defaults for the rest.
const std::vector<std::string> kEvalParams = {"safe", "home",  "danger", "leader", "threat",
                                              "out",  "stuck", "slides", "swap",   "rivals"};

EvalWeights eval_weights(const BotSpec& spec) {
  EvalWeights w;
  w.safe = spec.number("safe", w.safe, -100, 100);
  w.home = spec.number("home", w.home, -100, 100);
  w.danger = spec.number("danger", w.danger, 0, 10);
  w.leader = spec.number("leader", w.leader, 0, 1);
  w.threat = spec.number("threat", w.threat, 0, 10);
  w.out = spec.number("out", w.out, -100, 100);
  w.stuck = spec.number("stuck", w.stuck, -100, 100);
  w.slides = spec.number("slides", w.slides, 0, 1);
  w.swap = spec.number("swap", w.swap, 0, 10);
  w.rivals = spec.number("rivals", w.rivals, 0, 10);
  return w;
}

}  // namespace

std::unique_ptr<Bot> make_greedy_bot(const BotSpec& spec, uint64_t) {
  spec.check_known(kEvalParams);
  return std::make_unique<GreedyBot>(spec.to_string(), eval_weights(spec));
}

// A spec naming depth or deals without rollouts ("strong:depth=2", as before the Monte Carlo
// search) keeps meaning the expectimax.
static bool expectimax_spec(const BotSpec& spec) {
  return !spec.params.count("rollouts") &&
         (spec.params.count("depth") || spec.params.count("deals"));
}

// A strong spec's continuations per candidate (0: the expectimax instead of the flat search).
static int strong_rollouts(const BotSpec& spec) {
  return spec.integer("rollouts", expectimax_spec(spec) ? 0 : 128, 0, 100000);
}

// Which search a strong spec plays by: 1 the tree in every variant, 0 the flat search in every
// variant, 2 (tree absent) the tree playing for points and the flat search in the race games
// (the expectimax spec: flat).
static int strong_tree(const BotSpec& spec) {
  return spec.params.count("tree") ? spec.integer("tree", 0, 0, 1) : expectimax_spec(spec) ? 0 : 2;
}

namespace {

// The search a valid strong spec plays a game of `o` with (as make_strong_bot builds it), and
// the parameters it does not read there.
std::pair<const char*, std::vector<std::string>> strong_search(const BotSpec& spec,
                                                               const Options& o) {
  const int tree = strong_tree(spec);
  const std::vector<std::string> tree_only = {"iterations", "width", "widen", "explore",
                                              "opponents"};
  std::vector<std::string> unused;
  const char* name = nullptr;
  if (tree == 1 || (tree == 2 && o.points)) {
    name = "the tree search";
    unused = {"rollouts", "depth", "deals", "policy", "average"};
    if (spec.params.count("width")) unused.push_back("candidates");  // else the width
  } else if (strong_rollouts(spec) > 0) {
    unused = tree_only;
    unused.insert(unused.end(), {"depth", "deals"});
    // With a learnt value the player's own continuation moves are the learnt value's and a
    // continuation is worth a chance of winning; without one, by the evaluation, never averaged.
    const bool learnt = spec.integer("value", 1, 0, 1) == 1 &&
                        (spec.params.count("net") || race_value(o) != nullptr);
    if (learnt) {
      name = "the Monte Carlo search with the learnt value";
      unused.insert(unused.end(), {"policy", "win"});
    } else {
      name = "the Monte Carlo search with the evaluation";
      unused.push_back("average");
    }
  } else {
    name = "the expectimax";
    unused = tree_only;
    unused.insert(unused.end(),
                  {"horizon", "candidates", "policy", "average", "value", "win", "points"});
    if (!o.points) unused.push_back("deals");  // the hidden hands dealt: none in a race
  }
  if (!o.points) unused.push_back("points");  // the weight of a points difference
  return {name, unused};
}

}  // namespace

void check_bot_for_game(std::string_view spec_text, const Options& o) {
  const BotSpec spec = BotSpec::parse(spec_text);
  // A parameter the game's search does not read would be shown in every table as if it had
  // played a part.
  if (spec.name == "strong") {
    const auto [search, unused] = strong_search(spec, o);
    for (const auto& name : unused)
      if (spec.params.count(name))
        throw InvalidInput(fmt::format(
            "bot {}: {} strong plays by {}, which does not use {} (docs/bots.md: tree=0 or "
            "tree=1 chooses the search, value=0 turns the learnt value off)",
            spec.to_string(), o.points ? "playing for points" : "in a race", search, name));
  }
  // A file of nets is the one thing a valid spec may not fit: ask it as the bot would.
  if (spec.params.count("net")) ValueSource(spec).for_game(o);
}

std::string without_learnt_value(const BotSpec& spec) {
  if (spec.params.count("net")) return "";
  if (spec.name == "learnt") return "plays as greedy";
  if (spec.name != "strong" || spec.integer("value", 1, 0, 1) == 0) return "";
  // The expectimax (no rollouts) has no learnt value; the tree (tree=1) has, whatever the rollouts.
  return strong_rollouts(spec) == 0 && strong_tree(spec) != 1
             ? ""
             : "scores its continuations by the evaluation";
}

std::string learnt_value_note(std::span<const std::string> specs, const Options& options) {
  if (options.points) {
    const bool learnt = std::any_of(specs.begin(), specs.end(), [](const std::string& b) {
      return !b.empty() && BotSpec::parse(b).name == "learnt";
    });
    return learnt ? "playing for points there is no learnt value: here learnt plays as greedy "
                    "(docs/bots.md)"
                  : "";
  }
  if (race_value(options)) return "";
  std::vector<std::string> without;  // what each bot that would use it does instead
  for (const auto& b : specs)
    if (!b.empty())
      if (const std::string instead = without_learnt_value(BotSpec::parse(b)); !instead.empty())
        if (const std::string said = b + " " + instead;
            std::find(without.begin(), without.end(), said) == without.end())
          without.push_back(said);  // once for a bot in several seats
  if (without.empty()) return "";
  return fmt::format(
      "the learnt value is built in for the default rules and seats only: here {} (docs/bots.md)",
      fmt::join(without, "; "));
}

std::unique_ptr<Bot> make_learnt_bot(const BotSpec& spec, uint64_t) {
  spec.check_known({"net"});
  return std::make_unique<LearntBot>(spec.to_string(), ValueSource(spec));
}

namespace {

// strong's two searches: the information-set tree when playing for points (hidden hands), the
// Monte Carlo search with common random numbers in the race games; `tree` chooses one for both.
class SwitchBot : public Bot {
 public:
  SwitchBot(std::string name, std::unique_ptr<Bot> race, std::unique_ptr<Bot> points)
      : name_(std::move(name)), race_(std::move(race)), points_(std::move(points)) {}
  Action choose(const PlayerView& view) override {
    return (view.state.options().points ? points_ : race_)->choose(view);
  }
  std::string name() const override { return name_; }
  std::unique_ptr<Bot> clone() const override {
    return std::make_unique<SwitchBot>(name_, race_->clone(), points_->clone());
  }

 private:
  std::string name_;
  std::unique_ptr<Bot> race_, points_;
};

}  // namespace

std::unique_ptr<Bot> make_strong_bot(const BotSpec& spec, uint64_t seed) {
  std::vector<std::string> known = {"rollouts", "horizon",   "candidates", "win",        "points",
                                    "depth",    "deals",     "tree",       "iterations", "width",
                                    "explore",  "opponents", "widen",      "policy",     "value",
                                    "average",  "net"};
  known.insert(known.end(), kEvalParams.begin(), kEvalParams.end());
  spec.check_known(known);
  const EvalWeights w = eval_weights(spec);
  const std::string name = spec.to_string();
  const int rollouts = strong_rollouts(spec);
  const int depth = spec.integer("depth", 3, 1, 6), deals = spec.integer("deals", 8, 1, 1000);
  std::unique_ptr<Bot> flat;
  MonteCarloBot::Params p;
  p.rollouts = rollouts;
  p.horizon = spec.integer("horizon", p.horizon, 0, 100000);
  p.candidates = spec.integer("candidates", p.candidates, 1, 512);
  p.policy = spec.integer("policy", p.policy, 1, 3);
  p.win = spec.number("win", p.win, 0, 1e6);
  p.points = spec.number("points", p.points, 0, 1e4);
  p.w = w;
  p.value = spec.integer("value", 1, 0, 1) == 1;
  if (spec.params.count("average")) p.average = spec.integer("average", 0, 0, 1);
  if (spec.params.count("net") && (!p.value || rollouts == 0))
    throw InvalidInput("bot " + spec.name +
                       ": net= names the learnt value of the Monte Carlo search, which value=0 "
                       "turns off and the expectimax does not use");
  const auto values = std::make_shared<const ValueSource>(spec);
  if (rollouts == 0)
    flat = std::make_unique<StrongBot>(name, seed, depth, deals, w);
  else
    flat = std::make_unique<MonteCarloBot>(name, seed, p, *values);
  IsmctsParams t;
  t.iterations = spec.integer("iterations", t.iterations, 1, 10000000);
  if (p.horizon >= 0) t.horizon = p.horizon;
  t.width = spec.integer("width", p.candidates, 1, 512);
  t.widen = spec.integer("widen", t.widen, 0, 1000000);
  t.explore = spec.number("explore", t.explore, 0, 1e3);
  t.win = p.win;
  t.points = p.points;
  t.ucb_opponents = spec.integer("opponents", 0, 0, 1) == 1;
  t.w = w;
  if (p.value) t.value = [values](const Options& o) { return values->for_game(o); };
  const int tree = strong_tree(spec);
  if (tree == 0) return flat;
  auto is = make_ismcts_bot(name, seed, t);
  if (tree == 1) return is;
  return std::make_unique<SwitchBot>(name, std::move(flat), std::move(is));
}

}  // namespace tabletop::sorry
