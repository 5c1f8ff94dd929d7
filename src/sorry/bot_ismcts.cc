#include "sorry/bot_ismcts.h"

#include <algorithm>
#include <cmath>
#include <vector>

#include "sorry/bot_search.h"

namespace tabletop::sorry {

namespace {

// One edge of the tree and the node below it. `total` sums the rewards of the side of `actor` (the
// player who chose `action`; kChancePlayer for a draw). `avail` counts the iterations in which the
// action was legal at the parent: UCB1 over actions that exist only in some deals.
struct Node {
  Action action;
  int actor = kChancePlayer;
  int first_child = -1, next_sibling = -1;
  int visits = 0, avail = 0;
  double total = 0;
  // The player's own decision: its candidate moves, cands_[cand_first .. cand_first + cand_count),
  // fixed by the path (the board and the player's hand are the same in every deal that reaches it).
  int cand_first = -1, cand_count = 0;
};

class IsmctsBot : public Bot {
 public:
  IsmctsBot(std::string name, uint64_t seed, const IsmctsParams& p)
      : name_(std::move(name)), rng_(seed, 0x49534d435453ULL), p_(p) {}

  Action choose(const PlayerView& view) override {
    const State& s = view.state;
    me_ = view.player;
    MoveList moves;
    s.legal_actions(moves);
    if (moves.size() == 1) return moves[0];
    nodes_.clear();
    cands_.clear();
    nodes_.push_back(Node{});
    candidates(s, 0);
    if (nodes_[0].cand_count == 1) return cands_[nodes_[0].cand_first];
    net_ = p_.value ? p_.value(s.options()) : nullptr;
    const bool points = s.options().points;
    seeds_.clear();
    spread_ = 1;
    double sum = 0, sum_sq = 0;
    std::vector<int> path;
    for (int it = 0; it < p_.iterations; ++it) {
      // The root move first; its k-th visit uses sample k (the same deal of the hidden cards and
      // the same card draws for every root move: common random numbers, as in the flat search).
      const Action first = select_own(0);
      path.assign(1, 0);
      int node = 0;
      const bool known = step(node, first, me_, path);
      const size_t k = known ? nodes_[node].visits : 0;
      while (seeds_.size() <= k) seeds_.push_back(rng_.next_u64());
      Rng deal(seeds_[k], 1), chance(seeds_[k], 2);
      State g = points ? s.determinize(me_, deal) : s;
      g.apply_unchecked(first);
      descend(g, chance, node, known, path);
      const double v = value(g);
      for (size_t i = 1; i < path.size(); ++i) {
        Node& n = nodes_[path[i]];
        ++n.visits;
        n.total += n.actor == kChancePlayer || my_side(n.actor, g) ? v : -v;
      }
      ++nodes_[0].visits;
      sum += v, sum_sq += v * v;
      const double n = nodes_[0].visits, var = (sum_sq - sum * sum / n) / n;
      spread_ = std::max(1.0, std::sqrt(std::max(var, 0.0)));
    }
    int best = -1;
    for (int c = nodes_[0].first_child; c >= 0; c = nodes_[c].next_sibling)
      if (best < 0 || nodes_[c].visits > nodes_[best].visits ||
          (nodes_[c].visits == nodes_[best].visits && nodes_[c].total > nodes_[best].total))
        best = c;
    return nodes_[best].action;
  }

  std::string name() const override { return name_; }
  std::unique_ptr<Bot> clone() const override {
    auto copy = std::make_unique<IsmctsBot>(*this);
    // Without the last decision's tree (every decision grows its own), its memory freed: a game
    // may keep a copy at every decision.
    std::vector<Node>().swap(copy->nodes_);
    std::vector<Action>().swap(copy->cands_);
    std::vector<uint64_t>().swap(copy->seeds_);
    return copy;
  }

 private:
  bool my_side(int q, const State& g) const {
    return g.options().teams ? q % 2 == me_ % 2 : q == me_;
  }

  // The position an iteration reached, for the player.
  double value(const State& g) const {
    if (net_) return p_.win * (g.is_terminal() ? g.winner() == me_ : net_->value(g, me_));
    return g.is_terminal() ? outcome_value(g, me_, p_.win, p_.points) : evaluate(g, me_, p_.w);
  }

  // After the root move (at `node`, `in_tree` while the iteration is inside the tree): selection,
  // one expansion, then the greedy continuation until the player has made `horizon` more
  // decisions; `path` gets the nodes passed. Leaves `g` at the position to evaluate.
  void descend(State& g, Rng& chance, int node, bool in_tree, std::vector<int>& path) {
    const bool points = g.options().points;
    for (int mine = 0; !g.is_terminal();) {
      if (p_.horizon > 0 && mine >= p_.horizon && g.current_player() != me_) break;
      if (g.is_chance()) {
        const Action a = g.sample_chance(chance);
        // Playing for points a card dealt into another hand is not seen: no branch.
        const bool seen = !points || g.deal_to() == me_;
        g.apply_unchecked(a);
        if (in_tree && seen) in_tree = step(node, a, kChancePlayer, path);
        continue;
      }
      const int q = g.current_player();
      mine += q == me_;
      if (!in_tree) {
        g.apply_unchecked(continuation_action(g, me_, net_, p_.w));
        continue;
      }
      Action a;
      if (q == me_) {
        if (nodes_[node].cand_first < 0) candidates(g, node);
        a = select_own(node);
      } else if (p_.ucb_opponents) {
        a = select_legal(node, g);
      } else {
        a = greedy_action(g);
      }
      g.apply_unchecked(a);
      in_tree = step(node, a, q, path);
    }
  }

  // Moves to the child of `node` along `a`, creating it if new; false when it was created (the
  // iteration leaves the tree there).
  bool step(int& node, const Action& a, int actor, std::vector<int>& path) {
    for (int c = nodes_[node].first_child; c >= 0; c = nodes_[c].next_sibling)
      if (nodes_[c].action == a && nodes_[c].actor == actor) {
        node = c;
        path.push_back(c);
        return true;
      }
    Node n;
    n.action = a;
    n.actor = actor;
    n.next_sibling = nodes_[node].first_child;
    const int id = static_cast<int>(nodes_.size());
    nodes_[node].first_child = id;
    nodes_.push_back(n);
    node = id;
    path.push_back(id);
    return false;
  }

  double ucb(const Node& n, int parent_visits) const {
    return n.total / n.visits +
           p_.explore * spread_ * std::sqrt(std::log(parent_visits) / n.visits);
  }

  // The player's own decision: UCB1 among the first candidates (best prior first), one more of
  // them admitted every `widen` visits below the root (progressive widening: a node starts as the
  // greedy continuation and is searched wider as its visits grow); an admitted candidate not yet
  // tried goes first.
  Action select_own(int node) {
    const Node& nd = nodes_[node];
    int children = 0;
    for (int c = nd.first_child; c >= 0; c = nodes_[c].next_sibling) ++children;
    int allowed = nd.cand_count;
    if (node != 0 && p_.widen > 0) allowed = std::min(allowed, 1 + nd.visits / p_.widen);
    if (children < allowed) return cands_[nd.cand_first + children];
    int best = -1;
    double best_score = -1e300;
    for (int c = nd.first_child; c >= 0; c = nodes_[c].next_sibling) {
      double u = ucb(nodes_[c], std::max(nd.visits, 1));
      if (u > best_score) best_score = u, best = c;
    }
    return nodes_[best].action;
  }

  // An opponent's decision by UCB1 over the actions legal in this deal (availability counts);
  // an action never tried is tried first, the greedy one before the others.
  Action select_legal(int node, const State& g) {
    MoveList moves;
    g.legal_actions(moves);
    const int q = g.current_player();
    const Action model = greedy_action(g);
    bool model_tried = false;
    int untried = -1, best = -1;
    double best_score = -1e300;
    std::vector<bool> tried(moves.size(), false);
    for (int c = nodes_[node].first_child; c >= 0; c = nodes_[c].next_sibling) {
      Node& n = nodes_[c];
      if (n.actor != q) continue;
      bool legal = false;
      for (int i = 0; i < moves.size(); ++i)
        if (moves[i] == n.action) legal = true, tried[i] = true;
      if (!legal) continue;
      ++n.avail;
      model_tried |= n.action == model;
      double u = ucb(n, std::max(n.avail, 1));
      if (u > best_score) best_score = u, best = c;
    }
    if (!model_tried) return model;
    for (int i = 0; i < moves.size() && untried < 0; ++i)
      if (!tried[i]) untried = i;
    if (untried >= 0) return moves[untried];
    return nodes_[best].action;
  }

  // The player's candidate moves at `node` in position `g`: the distinct moves (those ending in
  // the same position merged), the best `width` by one-ply evaluation, best first.
  void candidates(const State& g, int node) {
    MoveList moves;
    g.legal_actions(moves);
    const std::vector<int> best = best_distinct_moves(g, moves, me_, p_.w, p_.width);
    nodes_[node].cand_first = static_cast<int>(cands_.size());
    nodes_[node].cand_count = static_cast<int>(best.size());
    for (int i : best) cands_.push_back(moves[i]);
  }

  std::string name_;
  Rng rng_;
  IsmctsParams p_;
  int me_ = 0;
  const LearntValue* net_ = nullptr;  // this decision's learnt value, if any
  std::vector<Node> nodes_;
  std::vector<Action> cands_;
  std::vector<uint64_t> seeds_;
  double spread_ = 1;  // standard deviation of the values seen so far: the scale of UCB1
};

}  // namespace

std::unique_ptr<Bot> make_ismcts_bot(std::string name, uint64_t seed, const IsmctsParams& p) {
  return std::make_unique<IsmctsBot>(std::move(name), seed, p);
}

}  // namespace tabletop::sorry
