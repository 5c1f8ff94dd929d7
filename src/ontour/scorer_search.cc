// The exact best-route search behind RouteScorer, in three stages.
//
// Why the state is small: numbers along a route never decrease, so once a route stands on space v
// with running value r, numbers below r can never be entered again and numbers above r were never
// visited. The whole future therefore depends only on v and the set of spaces still open to it (the
// unused stars and the unused numbers >= r). Every stage memoises the best continuation over
// (v, open set); in a typical end-of-game sheet, with two or three stars and few equal numbers,
// there are only a hundred or so such states.
//
// Stage 0 ("raw") is that memoised search and nothing else: no bounds, no ordering, so each state
// costs a handful of word operations. Stars and long runs of equal numbers multiply the states
// (with everything wild it is the longest-path problem), so it stops after a budget of states.
//
// Stage 1 ("reach") is the same search over smaller keys: the open set is cut down to the spaces
// the route could still reach from v by steps that look legal (onto a star, or onto a number at
// least as high as the one it leaves). That reach set holds every space of every legal
// continuation and is closed under its steps, so (v, reach set) is still an exact key, and states
// that differ only in spaces they can no longer reach (typically: which far-away stars were used)
// share one entry. Each key costs a flood fill, so this stage only takes the sheets stage 0 gave
// up.
//
// Stage 2 ("bounded") keys on reach sets too and adds branch and bound. Each state is searched
// with a threshold (`need`): it returns the exact best continuation when that is at least `need`,
// otherwise only an upper bound below `need`. Children are tried best bound first, so once a good
// route is known most of the rest is cut off. Bounds: the weight of the reach set; then only the
// heaviest of its dead ends (a route has one last space); then the block bound (a route that
// leaves a 2-connected block through a cut space never comes back). Memo entries hold exact values
// or upper bounds; the table is bounded (scorer_memo.h) and a lost entry only costs a re-search,
// so the answer stays exact. Stage 2 has no budget: it is exponential in the worst case (see
// docs/scorer.md), but its bounds make the shipped maps' worst cases take milliseconds.
#include "ontour/scorer_search.h"

#include <algorithm>
#include <array>
#include <limits>
#include <stdexcept>
#include <vector>

namespace tabletop::ontour {

// One candidate next space, with the reach set it would leave and an upper bound on its value.
struct RouteSearch::Child {
  int space;
  SpaceSet reach;
  int bound;   // weight of the space + bound (or exact value) of its continuation
  bool exact;  // bound is the exact value
  bool tight;  // bound came from the memo or the block bound: no tighter one is cheap
};

RouteSearch::RouteSearch(const Map& map) : num_spaces_(map.num_spaces()), all_(map.all_spaces()) {
  for (int i = 0; i < num_spaces_; ++i) adj_[i] = map.neighbours(i);
}

void RouteSearch::prepare(const Sheet& sheet) {
  enterable_ = sheet.enterable() & all_;
  circled_ = sheet.circled() & enterable_;
  // ge[v]: the stars and the numbers >= v, i.e. what a running value of v leaves open.
  std::array<SpaceSet, kMaxNumber + 2> ge{};
  // (Clamped only so that a malformed cell cannot index out of range; sheets hold 0..99.)
  for_each_bit(enterable_ & ~sheet.stars(),
               [&](int s) { ge[std::clamp<int>(sheet.cell(s), 0, kMaxNumber)] |= bit(s); });
  for (int v = kMaxNumber - 1; v >= 0; --v) ge[v] |= ge[v + 1];
  for (int v = 0; v <= kMaxNumber; ++v) ge[v] |= sheet.stars() & enterable_;
  for (int s = 0; s < num_spaces_; ++s) {
    if (!has(enterable_, s)) continue;
    weight_[s] = sheet.is_circled(s) ? kCircledWeight : kPlainWeight;
    keep_[s] = sheet.is_star(s) ? enterable_ : ge[std::clamp<int>(sheet.cell(s), 0, kMaxNumber)];
    out_[s] = adj_[s] & keep_[s];
  }
}

// Every space a route standing on `space` could still reach through `open`: a superset of the
// spaces of any legal continuation, and closed under its steps.
SpaceSet RouteSearch::reach_from(int space, SpaceSet open) const {
  SpaceSet reach = 0;
  SpaceSet frontier = adj_[space] & open;
  while (frontier) {
    reach |= frontier;
    SpaceSet next = 0;
    for_each_bit(frontier, [&](int u) { next |= out_[u]; });
    frontier = next & open & ~reach;
  }
  return reach;
}

// Spaces of `reach` that a route, once it enters them, cannot leave again: no way on, or only one
// way on that is also the only way in. A route has one last space, so it holds at most one of them.
SpaceSet RouteSearch::dead_ends(int space, SpaceSet reach) const {
  SpaceSet around = reach | bit(space), dead = 0;
  for_each_bit(reach, [&](int u) {
    SpaceSet exits = out_[u] & reach;
    if (exits == 0 || ((exits & (exits - 1)) == 0 && (adj_[u] & around) == exits)) dead |= bit(u);
  });
  return dead;
}

// Upper bound on the best continuation from `space` into `reach`: all of it but the dead ends,
// plus the heaviest dead end. A fraction of the cost of the block bound, so it is tried first.
int RouteSearch::quick_bound(int space, SpaceSet reach) const {
  SpaceSet dead = dead_ends(space, reach);
  int best_dead = 0;
  for_each_bit(dead, [&](int u) { best_dead = std::max(best_dead, weight_[u]); });
  return total_weight(reach & ~dead) + best_dead;
}

// A tighter upper bound on the best continuation from `space` into `reach`, from the blocks
// (2-connected pieces) of the map they span. A route that leaves a block through a cut space never
// comes back (that space is used), so it collects one chain of blocks outward from `space`; and it
// holds at most one dead end, at its very end. Found in one depth-first pass (Hopcroft-Tarjan):
// when a block closes, its best continuation is known for the cut space above it.
int RouteSearch::block_bound(int space, SpaceSet reach) const {
  SpaceSet nodes = reach | bit(space);
  SpaceSet dead = dead_ends(space, reach);
  std::array<uint8_t, kMaxSpaces> disc, low, calls, pending;
  std::array<SpaceSet, kMaxSpaces> unexplored;
  std::array<int, kMaxSpaces> beyond;  // best continuation through the blocks below a space
  SpaceSet seen = 0;
  int clock = 0, depth = 0, top = 0;
  auto discover = [&](int u) {
    seen |= bit(u);
    disc[u] = low[u] = static_cast<uint8_t>(clock++);
    beyond[u] = 0;
    unexplored[u] = adj_[u] & nodes;
    pending[top++] = static_cast<uint8_t>(u);
    calls[depth++] = static_cast<uint8_t>(u);
  };
  discover(space);
  while (depth > 0) {
    int x = calls[depth - 1];
    if (unexplored[x]) {
      int u = lowest(unexplored[x]);
      unexplored[x] &= unexplored[x] - 1;
      if (!has(seen, u))
        discover(u);
      else
        low[x] = std::min(low[x], disc[u]);
      continue;
    }
    if (--depth == 0) break;
    int parent = calls[depth - 1];
    low[parent] = std::min(low[parent], low[x]);
    if (low[x] < disc[parent]) continue;
    // The block hanging below `parent` closes: it holds the spaces pending down to x.
    int block = 0, end = 0;
    int y;
    do {
      y = pending[--top];
      if (has(dead, y)) {
        end = std::max(end, weight_[y]);
      } else {
        block += weight_[y];
        end = std::max(end, beyond[y]);
      }
    } while (y != x);
    beyond[parent] = std::max(beyond[parent], block + end);
  }
  return beyond[space];
}

RouteSearch::Child RouteSearch::make_child(int space, SpaceSet open) const {
  SpaceSet reach = reach_from(space, open & keep_[space] & ~bit(space));
  int w = weight_[space];
  if (reach == 0) return {space, 0, w, true, true};
  if (const MemoEntry* e = memo_.find(space, reach))
    return {space, reach, w + e->value, e->exact(), true};
  return {space, reach, w + total_weight(reach), false, false};
}

// Tightens a child's bound (so far the weight of its reach set) with the dead-end bound and, when
// that is not enough to rule it out against `target`, the block bound. A bound from the memo is
// kept as it is: it is an exact value, or a bound that has already been through this.
void RouteSearch::tighten(Child& c, int target) {
  if (c.tight) return;
  c.tight = true;
  int w = weight_[c.space];
  int b = quick_bound(c.space, c.reach);
  if (w + b >= target) b = std::min(b, block_bound(c.space, c.reach));
  if (w + b < c.bound) {
    c.bound = w + b;
    memo_.store(c.space, c.reach, b, false);
  }
}

// Searches the continuations from `space` (-1: before the start of a route) whose next step is one
// of `candidates`, within `reach`. Returns the exact best value when it is >= need, otherwise an
// upper bound below need. Memoises real spaces.
int RouteSearch::expand(int space, SpaceSet candidates, SpaceSet reach, int need) {
  std::array<Child, kMaxSpaces> children;
  int n = 0;
  for_each_bit(candidates, [&](int c) {
    Child child = make_child(c, reach);
    int i = n++;  // insertion sort, highest bound first
    while (i > 0 && children[i - 1].bound < child.bound) {
      children[i] = children[i - 1];
      --i;
    }
    children[i] = child;
  });

  constexpr int kNone = std::numeric_limits<int>::min();
  int best_exact = kNone;  // best value proven exactly
  int best_bound = kNone;  // best upper bound among the children that fell short
  for (int i = 0; i < n; ++i) {
    Child& c = children[i];
    int target = best_exact == kNone ? need : std::max(need, best_exact + 1);
    if (c.bound < target) {
      // Sorted by bound: no later child can reach the target either.
      best_bound = std::max(best_bound, c.bound);
      break;
    }
    if (c.exact) {
      best_exact = c.bound;
      continue;
    }
    tighten(c, target);
    if (c.bound < target) {
      best_bound = std::max(best_bound, c.bound);
      continue;
    }
    int w = weight_[c.space];
    int value = w + expand(c.space, adj_[c.space] & c.reach, c.reach, target - w);
    if (value >= target) {
      best_exact = value;
    } else {
      best_bound = std::max(best_bound, value);
    }
  }

  if (n == 0) return 0;
  if (space >= 0) ++stats_.states[2];
  bool exact = best_exact != kNone && best_exact >= need;
  int result = exact ? best_exact : std::max(best_exact, best_bound);
  if (space >= 0) memo_.store(space, reach, result, exact);
  return result;
}

// True when entering `space` from a route whose open set is `open` leads to a continuation worth
// exactly `value`, given that no continuation is worth more.
bool RouteSearch::achieves(int space, SpaceSet open, int value) {
  Child c = make_child(space, open);
  if (!c.exact) tighten(c, value);
  if (c.exact || c.bound < value) return c.bound == value;
  int w = weight_[space];
  return w + expand(space, adj_[space] & c.reach, c.reach, value - w) >= value;
}

SpaceSet RouteSearch::narrow(int space, SpaceSet open) const {
  SpaceSet next = open & keep_[space] & ~bit(space);
  return canonical_ ? reach_from(space, next) : next;
}

int RouteSearch::plain(int space, SpaceSet open) {
  SpaceSet moves = adj_[space] & open;
  if (moves == 0) return 0;
  if (const MemoEntry* e = memo_.find(space, open); e && e->exact()) return e->value;
  if (++plain_states_ > plain_limit_) {
    plain_gave_up_ = true;
    return 0;
  }
  int best = 0;
  for (; moves; moves &= moves - 1) {
    int w = lowest(moves);
    int value = weight_[w] + plain(w, narrow(w, open));
    if (plain_gave_up_) return 0;
    best = std::max(best, value);
  }
  memo_.store(space, open, best, true);
  return best;
}

bool RouteSearch::run_plain(bool canonical, long budget, int* total) {
  memo_.reset();
  canonical_ = canonical;
  plain_states_ = 0;
  plain_limit_ = budget;
  plain_gave_up_ = false;
  *total = 0;
  for (SpaceSet s = enterable_; s && !plain_gave_up_; s &= s - 1) {
    int w = lowest(s);
    *total = std::max(*total, weight_[w] + plain(w, narrow(w, enterable_)));
  }
  return !plain_gave_up_;
}

// Of all best routes, the first in space-index order (the one the exhaustive search finds first):
// from the start, repeatedly take the lowest-numbered next space that still achieves the best
// value. `achieves(space, open, value)` says whether entering `space` from open set `open` is worth
// `value`; `narrow(space, open)` is the open set after entering it.
namespace {

template <typename Achieves, typename Narrow>
std::vector<int> walk_back(int value, SpaceSet starts, const std::array<int, kMaxSpaces>& weight,
                           const std::array<SpaceSet, kMaxSpaces>& adj, Achieves&& achieves,
                           Narrow&& narrow) {
  std::vector<int> path;
  SpaceSet candidates = starts, open = starts;
  while (value > 0) {
    int next = -1;
    for (SpaceSet c = candidates; c; c &= c - 1) {
      if (achieves(lowest(c), open, value)) {
        next = lowest(c);
        break;
      }
    }
    if (next < 0) throw std::logic_error("route scorer: best route lost while walking it back");
    path.push_back(next);
    value -= weight[next];
    open = narrow(next, open);
    candidates = adj[next] & open;
  }
  return path;
}

}  // namespace

int RouteSearch::solve(const Sheet& sheet) {
  prepare(sheet);
  stats_ = Stats{};
  if (enterable_ == 0) return 0;
  int total = 0;
  bool solved = run_plain(false, budgets_[0], &total);
  stats_.states[0] = plain_states_;
  if (solved) return total;
  stats_.stage = 1;
  solved = run_plain(true, budgets_[1], &total);
  stats_.states[1] = plain_states_;
  if (solved) return total;
  stats_.stage = 2;
  memo_.reset();
  // The start of a route is a virtual space whose next step may be any enterable space.
  return expand(-1, enterable_, enterable_, 0);
}

RouteValue RouteSearch::value(const Sheet& sheet) {
  const int total = solve(sheet);
  return {total / kTie, total % kTie};
}

Route RouteSearch::best(const Sheet& sheet) {
  const int total = solve(sheet);
  Route route;
  if (total == 0) return route;
  if (stats_.stage < 2) {
    // Walking back only revisits states already solved, so no budget applies.
    plain_limit_ = std::numeric_limits<long>::max();
    route.path = walk_back(
        total, enterable_, weight_, adj_,
        [&](int w, SpaceSet open, int value) {
          return weight_[w] + plain(w, narrow(w, open)) == value;
        },
        [&](int w, SpaceSet open) { return narrow(w, open); });
  } else {
    route.path = walk_back(
        total, enterable_, weight_, adj_,
        [&](int w, SpaceSet open, int value) { return achieves(w, open, value); },
        [&](int w, SpaceSet open) { return reach_from(w, open & keep_[w] & ~bit(w)); });
  }
  for (int s : route.path) {
    route.score += sheet.is_circled(s) ? 2 : 1;
    route.circles += sheet.is_circled(s) ? 1 : 0;
  }
  return route;
}

}  // namespace tabletop::ontour
