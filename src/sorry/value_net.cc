#include "sorry/value_net.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <map>
#include <mutex>
#include <optional>
#include <sstream>
#include <string_view>
#include <utility>

#include <fmt/format.h>

#include "core/error.h"
#include "core/json_util.h"
#include "sorry/bot_eval.h"
#include "sorry/options.h"

namespace tabletop::sorry {

namespace {

// The optional inputs as a net file's header names them, in the order they are written.
constexpr std::pair<bool NetInputs::*, std::string_view> kOptionalInputs[] = {
    {&NetInputs::threats, "threats"}, {&NetInputs::deck, "deck"}};

void check_shape(int players, int hidden, int deep) {
  if (players < 2 || players > 4 || hidden < 1 || hidden > ValueNet::kMaxHidden)
    throw InvalidInput(fmt::format("value net: {} players and {} hidden units (2..4 and 1..{})",
                                   players, hidden, ValueNet::kMaxHidden));
  if (deep < 0 || deep > ValueNet::kMaxHidden)
    throw InvalidInput(fmt::format("value net: {} units in the second hidden layer (0..{})", deep,
                                   ValueNet::kMaxHidden));
}

}  // namespace

ValueNet::ValueNet(int players, int hidden, uint64_t seed, NetInputs extra)
    : players_(players), hidden_(hidden), extra_(extra) {
  check_shape(players, hidden, extra.deep);
  Rng rng(seed, 0x56414c5545ULL);
  w1_.resize(static_cast<size_t>(inputs()) * hidden_);
  b1_.assign(hidden_, 0.0f);
  w2_.resize(extra_.deep > 0 ? extra_.deep : hidden_);
  for (float& w : w1_) w = static_cast<float>((rng.uniform_real() - 0.5) * 0.2);
  for (float& w : w2_) w = static_cast<float>((rng.uniform_real() - 0.5) * 0.2);
  if (extra_.deep > 0) {
    wd_.resize(static_cast<size_t>(hidden_) * extra_.deep);
    bd_.assign(extra_.deep, 0.0f);
    for (float& w : wd_) w = static_cast<float>((rng.uniform_real() - 0.5) * 0.4);
  }
}

void ValueNet::forward(const State& s, int player, Pass& pass) const {
  if (s.num_players() != players_)
    throw InvalidInput(fmt::format("a value net for {} players asked about a game of {}", players_,
                                   s.num_players()));
  const Position& pos = s.position();
  int n = 0;
  for (int k = 0; k < players_; ++k) {
    const int q = (player + k) % players_;
    const Colour c = s.colour_of(q);
    for (int p = first_pawn(c); p < first_pawn(c) + kPawnsPerColour; ++p)
      pass.active[n++] = k * kBins + distance_home(c, pos.place(p));
  }
  pass.active[n++] = players_ * kBins + (s.turn() - player + players_) % players_;
  if (extra_.threats) n = add_threats(s, player, pass.active, n);
  if (extra_.deck) n = add_deck(s, pass.active, n);
  pass.n = n;
  float* h = pass.h;
  double z = b2_;
  for (int j = 0; j < hidden_; ++j) h[j] = b1_[j];
  for (int a = 0; a < n; ++a) {
    const float* row = &w1_[static_cast<size_t>(pass.active[a]) * hidden_];
    for (int j = 0; j < hidden_; ++j) h[j] += row[j];
  }
  for (int j = 0; j < hidden_; ++j) h[j] = std::tanh(h[j]);
  const float* last = h;  // the hidden layer the output reads
  if (extra_.deep > 0) {
    const int d = extra_.deep;
    float* h2 = pass.h2;
    for (int k = 0; k < d; ++k) h2[k] = bd_[k];
    for (int j = 0; j < hidden_; ++j) {
      const float* row = &wd_[static_cast<size_t>(j) * d];
      for (int k = 0; k < d; ++k) h2[k] += row[k] * h[j];
    }
    for (int k = 0; k < d; ++k) h2[k] = std::tanh(h2[k]);
    last = h2;
  }
  for (size_t k = 0; k < w2_.size(); ++k) z += w2_[k] * last[k];
  pass.out = 1.0 / (1.0 + std::exp(-z));
}

int ValueNet::add_threats(const State& s, int player, int* active, int n) const {
  const Position& pos = s.position();
  const Geometry& g = geometry();
  std::array<int, kNumColours> rel;  // a colour's player, counted round the table from `player`
  rel.fill(-1);
  for (int k = 0; k < players_; ++k) rel[s.colour_of((player + k) % players_)] = k;
  const int base = threat_base();
  auto hit = [&](int j, Colour cj, Place to, int bin) {
    if (!on_track(to)) return;
    for (uint64_t m = g.landing_squares[cj][to]; m; m &= m - 1) {
      const int pawn = pos.pawn_at(__builtin_ctzll(m));
      if (pawn < 0) continue;
      const int i = rel[colour_of_pawn(pawn)];
      if (i < 0 || i == j || n >= kMaxActive) continue;
      const int pair = i * (players_ - 1) + (j - i + players_) % players_ - 1;
      active[n++] = base + pair * kThreatBins + bin;
    }
  };
  for (int j = 0; j < players_; ++j) {
    const Colour cj = s.colour_of((player + j) % players_);
    for (int q = first_pawn(cj); q < first_pawn(cj) + kPawnsPerColour; ++q) {
      const Place from = pos.place(q);
      if (!on_track(from)) continue;
      for (int d = 1; d <= 12; ++d) hit(j, cj, g.forward[cj][from][d], d - 1);
      hit(j, cj, g.backward[cj][from][4], 12);
      hit(j, cj, g.backward[cj][from][1], 13);
    }
  }
  return n;
}

int ValueNet::add_deck(const State& s, int* active, int n) const {
  // An empty pile is the discards reshuffled at the next draw.
  const CardCounts& left = s.draw_pile().empty() ? s.discards() : s.draw_pile();
  int input = deck_base();
  for (Card c : kAllCards) {
    active[n++] = input + std::min(left.count(c), kDeckCounts - 1);
    input += kDeckCounts;
  }
  active[n++] = input + std::clamp((left.total() - 1) / 4, 0, kDeckTotals - 1);
  return n;
}

std::vector<int> ValueNet::active_inputs(const State& s, int player) const {
  Pass pass;
  forward(s, player, pass);
  return {pass.active, pass.active + pass.n};
}

double ValueNet::value(const State& s, int player) const {
  Pass pass;
  forward(s, player, pass);
  return pass.out;
}

void ValueNet::learn(const State& s, int player, double target, double rate) {
  Pass pass;
  forward(s, player, pass);
  const float* h = pass.h;
  const double delta = rate * (target - pass.out);  // the log loss's gradient at the logit
  double g1[kMaxHidden];                            // the gradient at each first-layer unit's input
  if (extra_.deep > 0) {
    const int d = extra_.deep;
    const float* h2 = pass.h2;
    float g2[kMaxHidden];
    for (int k = 0; k < d; ++k) {
      g2[k] = static_cast<float>(delta * w2_[k] * (1.0 - h2[k] * h2[k]));
      w2_[k] += static_cast<float>(delta * h2[k]);
      bd_[k] += g2[k];
    }
    for (int j = 0; j < hidden_; ++j) {
      float* row = &wd_[static_cast<size_t>(j) * d];
      float back = 0;
      for (int k = 0; k < d; ++k) {
        back += g2[k] * row[k];
        row[k] += g2[k] * h[j];
      }
      g1[j] = back * (1.0f - h[j] * h[j]);
    }
  } else {
    for (int j = 0; j < hidden_; ++j) {
      g1[j] = delta * w2_[j] * (1.0 - h[j] * h[j]);
      w2_[j] += static_cast<float>(delta * h[j]);
    }
  }
  for (int j = 0; j < hidden_; ++j) {
    b1_[j] += static_cast<float>(g1[j]);
    for (int a = 0; a < pass.n; ++a)
      w1_[static_cast<size_t>(pass.active[a]) * hidden_ + j] += g1[j];
  }
  b2_ += static_cast<float>(delta);
}

std::string ValueNet::to_text() const {
  std::ostringstream out;
  out.precision(9);
  out << players_ << ' ' << hidden_;
  for (const auto& [flag, name] : kOptionalInputs)
    if (extra_.*flag) out << ' ' << name;
  if (extra_.deep > 0) out << " deep " << extra_.deep;
  out << '\n';
  for (float w : w1_) out << w << ' ';
  out << '\n';
  for (float w : b1_) out << w << ' ';
  out << '\n';
  for (float w : w2_) out << w << ' ';
  out << '\n';
  for (float w : wd_) out << w << ' ';
  for (float w : bd_) out << w << ' ';
  out << b2_ << '\n';
  return out.str();
}

ValueNet ValueNet::from_text(const std::string& text) {
  std::istringstream in(text);
  ValueNet net = read(in);
  if (!in.eof()) throw InvalidInput("value net: more weights than its header says");
  return net;
}

ValueNet ValueNet::read(std::istream& in) {
  ValueNet net;
  if (!(in >> net.players_ >> net.hidden_)) throw InvalidInput("value net: bad header");
  check_shape(net.players_, net.hidden_, 0);
  std::string rest, word;
  std::getline(in, rest);
  std::istringstream words(rest);
  size_t next = 0;
  // The optional inputs, each at most once, in the order to_text writes them, then "deep N".
  while (words >> word) {
    if (word == "deep") {
      if (!(words >> net.extra_.deep) || net.extra_.deep < 1 || net.extra_.deep > kMaxHidden ||
          words >> word)
        throw InvalidInput("value net: bad header");
      break;
    }
    while (next < std::size(kOptionalInputs) && word != kOptionalInputs[next].second) ++next;
    if (next == std::size(kOptionalInputs)) throw InvalidInput("value net: bad header");
    net.extra_.*kOptionalInputs[next++].first = true;
  }
  net.w1_.resize(static_cast<size_t>(net.inputs()) * net.hidden_);
  net.b1_.resize(net.hidden_);
  net.w2_.resize(net.extra_.deep > 0 ? net.extra_.deep : net.hidden_);
  net.wd_.resize(static_cast<size_t>(net.hidden_) * net.extra_.deep);
  net.bd_.resize(net.extra_.deep);
  for (float& w : net.w1_) in >> w;
  for (float& w : net.b1_) in >> w;
  for (float& w : net.w2_) in >> w;
  for (float& w : net.wd_) in >> w;
  for (float& w : net.bd_) in >> w;
  in >> net.b2_;
  if (!in) throw InvalidInput("value net: too few weights, or one that is not a number");
  in >> std::ws;
  return net;
}

LearntValue::LearntValue(std::vector<ValueNet> nets) : nets_(std::move(nets)) {
  if (nets_.empty()) throw InvalidInput("a learnt value needs at least one net");
  for (const ValueNet& net : nets_)
    if (net.players() != players())
      throw InvalidInput(
          fmt::format("a learnt value mixes nets for {} and {} players", players(), net.players()));
}

LearntValue LearntValue::from_text(const std::string& text) {
  std::istringstream in(text);
  std::vector<ValueNet> nets;
  do nets.push_back(ValueNet::read(in));
  while (!in.eof());
  return LearntValue(std::move(nets));
}

double LearntValue::value(const State& s, int player) const {
  double sum = 0;
  for (const ValueNet& net : nets_) sum += net.value(s, player);
  return sum / static_cast<double>(nets_.size());
}

std::string_view embedded_value_net(int players);  // value_nets.cc, generated

const LearntValue* race_value(const Options& options) {
  static const std::array<std::optional<LearntValue>, 5> nets = [] {
    std::array<std::optional<LearntValue>, 5> out;
    for (int n = 2; n <= 4; ++n) {
      const std::string_view text = embedded_value_net(n);
      if (text.empty()) continue;
      out[n] = LearntValue::from_text(std::string(text));
      if (out[n]->players() != n)
        throw Error(fmt::format("the {}-player value net is for {}", n, out[n]->players()));
    }
    return out;
  }();
  const int n = options.num_players();
  if (n < 2 || n > 4 || !nets[n]) return nullptr;
  Options trained;
  trained.colours = default_colours(n);
  trained.first_player = options.first_player;
  trained.match_target = options.match_target;
  return options == trained ? &*nets[n] : nullptr;
}

std::shared_ptr<const LearntValue> load_learnt_value(const std::string& path) {
  static std::mutex mu;
  static std::map<std::string, std::shared_ptr<const LearntValue>> loaded;
  std::lock_guard<std::mutex> lock(mu);
  if (auto it = loaded.find(path); it != loaded.end()) return it->second;
  const std::string text = read_text_file(path);  // its errors name the file
  std::shared_ptr<const LearntValue> value;
  try {
    value = std::make_shared<const LearntValue>(LearntValue::from_text(text));
  } catch (const Error& e) {
    throw InvalidInput(fmt::format("{}: {}", path, e.what()));
  }
  return loaded[path] = value;
}

template <typename Value>
Action learnt_action(const State& s, const Value& net) {
  MoveList moves;
  s.legal_actions(moves);
  if (moves.size() == 1) return moves[0];
  const int me = s.current_player();
  int best = 0;
  double best_value = -1;
  for (int i = 0; i < moves.size(); ++i) {
    State child = s;
    child.apply_unchecked(moves[i]);
    const double v =
        child.is_terminal() ? (child.winner() == me ? 1.0 : 0.0) : net.value(child, me);
    if (v > best_value) best_value = v, best = i;
  }
  return moves[best];
}

template Action learnt_action(const State&, const ValueNet&);
template Action learnt_action(const State&, const LearntValue&);

namespace {

// Moves every position of a finished game towards its lambda-return, for `learner` (-1: every
// player), through `learn`: G_k = (1 - lambda) V(k + 1) + lambda G_(k + 1), the last one's G the
// result. The values V are the net's before any of this game's steps; only the learners' are
// computed.
template <typename Learn>
void learn_lambda_returns(const std::vector<State>& trace, int winner, double lambda, int learner,
                          const Learn& learn, const ValueNet& net) {
  const int n = static_cast<int>(trace.size());
  if (n == 0) return;
  const int np = trace.front().num_players();
  std::vector<std::array<double, 4>> target(n);
  std::array<double, 4> g{};
  for (int p = 0; p < np; ++p) g[p] = winner == p ? 1.0 : 0.0;
  for (int k = n - 1; k >= 0; --k) {
    target[k] = g;
    if (k > 0)
      for (int p = 0; p < np; ++p)
        if (learner < 0 || p == learner)
          g[p] = (1 - lambda) * net.value(trace[k], p) + lambda * g[p];
  }
  for (int k = 0; k < n; ++k) learn(trace[k], [&](int p) { return target[k][p]; });
}

}  // namespace

int train_td(ValueNet& net, const Options& options, const TdTraining& t,
             const std::function<void(int)>& progress) {
  if (options.teams || options.points)
    throw InvalidInput("a value net is trained on a race of players (no teams, not for points)");
  Rng rng(t.seed, 0x5444ULL);
  const int np = options.num_players();
  if ((t.opponent_share > 0 || t.one_learner) && !t.opponent)
    throw InvalidInput("training against an opponent needs its policy");
  if (t.opponent_share > 0 && t.one_learner)
    throw InvalidInput("one learner plays every other seat by the opponent: no share to draw");
  for (int game = 0; game < t.games; ++game) {
    if (t.stop && t.stop->load()) return game;
    const double rate = t.rate + (t.final_rate - t.rate) * game / std::max(1.0, t.games - 1.0);
    std::array<bool, 4> by_opponent{};
    const int learner = t.one_learner ? game % np : -1;  // -1: every player learns
    for (int p = 0; p < np; ++p)
      if (t.one_learner)
        by_opponent[p] = p != learner;
      else if (t.opponent_share > 0)
        by_opponent[p] = rng.uniform_real() < t.opponent_share;
    const auto learn = [&](const State& before, auto&& target) {
      for (int p = 0; p < np; ++p)
        if (learner < 0 || p == learner) net.learn(before, p, target(p), rate);
    };
    State s(options);
    State prev;
    bool have_prev = false;
    std::vector<State> trace;  // the positions after each decision, for lambda > 0
    while (!s.is_terminal()) {
      if (s.is_chance()) {
        s.apply_unchecked(s.sample_chance(rng));
        continue;
      }
      const int mover = s.current_player();
      s.apply_unchecked(by_opponent[mover] ? t.opponent(s) : learnt_action(s, net));
      if (s.is_terminal()) break;
      if (t.lambda > 0) {
        trace.push_back(s);
        continue;
      }
      if (have_prev) learn(prev, [&](int p) { return net.value(s, p); });
      prev = s;
      have_prev = true;
    }
    if (t.lambda > 0) {
      learn_lambda_returns(trace, s.winner(), t.lambda, learner, learn, net);
    } else if (have_prev) {
      learn(prev, [&](int p) { return s.winner() == p ? 1.0 : 0.0; });
    }
    if (progress && (game + 1) % 100 == 0) progress(game + 1);
  }
  return t.games;
}

}  // namespace tabletop::sorry
