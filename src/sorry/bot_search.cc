#include "sorry/bot_search.h"

#include <array>
#include <vector>

namespace tabletop::sorry {

namespace {

// How much a card in hand is worth keeping, playing for points: the starters and the big moves.
double keep_value(Card c) {
  switch (c) {
    case kSorry:
      return 6;
    case k1:
    case k2:
      return 5;
    case k11:
    case k12:
    case k10:
    case k7:
      return 4;
    case k4:
      return 3;
    default:
      return 2;
  }
}

}  // namespace

Action greedy_action(const State& s, const EvalWeights& w) {
  MoveList moves;
  s.legal_actions(moves);
  const int me = s.current_player();
  int best = 0;
  double best_value = -1e300;
  for (int i = 0; i < moves.size(); ++i) {
    const Action& a = moves[i];
    double v;
    if (a.kind == MoveKind::kDiscard) {
      v = -keep_value(a.card);
    } else {
      State child = s;
      child.apply_unchecked(a);
      v = evaluate(child, me, w);
    }
    if (v > best_value) best_value = v, best = i;
  }
  return moves[best];
}

namespace {

class GreedyBot : public Bot {
 public:
  explicit GreedyBot(std::string name) : name_(std::move(name)) {}
  Action choose(const PlayerView& view) override { return greedy_action(view.state); }
  std::string name() const override { return name_; }

 private:
  std::string name_;
};

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
        total[i] += value(child, depth_ - 1);
      }
    }
    int best = 0;
    for (int i = 1; i < moves.size(); ++i)
      if (total[i] > total[best]) best = i;
    return moves[best];
  }

  std::string name() const override { return name_; }

 private:
  bool my_side(int q, const State& s) const {
    return s.options().teams ? q % 2 == me_ % 2 : q == me_;
  }

  double value(const State& s, int depth) {
    if (s.is_terminal()) return evaluate(s, me_, w_);
    if (s.is_chance()) {
      if (depth <= 0) return evaluate(s, me_, w_);
      std::array<ChanceOutcome, kAllCards.size()> out;
      int n = s.chance_outcomes(out);
      double v = 0;
      for (int i = 0; i < n; ++i) {
        State child = s;
        child.apply_unchecked(out[i].action);
        v += out[i].probability * value(child, depth);
      }
      return v;
    }
    if (depth <= 0) return evaluate(s, me_, w_);
    const int q = s.current_player();
    if (!my_side(q, s)) {
      State child = s;
      child.apply_unchecked(greedy_action(s));
      return value(child, depth - 1);
    }
    MoveList moves;
    s.legal_actions(moves);
    double best = -1e300;
    for (const Action& a : moves) {
      State child = s;
      child.apply_unchecked(a);
      double v = a.kind == MoveKind::kDiscard ? evaluate(s, me_, w_) - keep_value(a.card)
                                              : value(child, depth - 1);
      best = std::max(best, v);
    }
    return best;
  }

  std::string name_;
  Rng rng_;
  int depth_, deals_;
  EvalWeights w_;
  int me_ = 0;
};

}  // namespace

std::unique_ptr<Bot> make_greedy_bot(const BotSpec& spec, uint64_t) {
  spec.check_known({});
  return std::make_unique<GreedyBot>(spec.to_string());
}

std::unique_ptr<Bot> make_strong_bot(const BotSpec& spec, uint64_t seed) {
  spec.check_known({"depth", "deals", "safe", "home", "danger", "leader"});
  EvalWeights w;
  w.safe = spec.number("safe", w.safe, -100, 100);
  w.home = spec.number("home", w.home, -100, 100);
  w.danger = spec.number("danger", w.danger, 0, 10);
  w.leader = spec.number("leader", w.leader, 0, 1);
  return std::make_unique<StrongBot>(spec.to_string(), seed, spec.integer("depth", 3, 1, 6),
                                     spec.integer("deals", 8, 1, 1000), w);
}

}  // namespace tabletop::sorry
