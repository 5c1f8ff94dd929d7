// The fast exact route scorer: a memoised search with bounds over canonical route states.
//
// Why the state is small: numbers along a route never decrease, so once the route stands on space v
// with running value r, spaces below r can never be entered again and spaces above r were never
// visited. The whole future therefore depends only on v and the set of spaces still open to it:
// unused stars and unused numbers >= r. We shrink that set further to the spaces the route could
// still reach from v by legal-looking steps (a step onto a number only goes to a star or a number
// at least as high); that set is closed under the moves that matter, so (v, reach set) is an exact,
// canonical key, and states that differ only in unreachable spaces share one memo entry.
//
// Each state is searched with a threshold (`need`): it returns the exact best continuation when
// that is at least `need`, otherwise only an upper bound below `need`. Children are tried in order
// of their upper bound, so after the first good route most of the rest is cut off by the bound:
// total weight of the reach set, where of all the "dead ends" (spaces a route cannot leave again,
// such as a number with no equal-or-higher neighbour) only the best one can count, since a route
// has one last space. Memo entries record exact values or upper bounds; the table lives in the
// scorer, is reused between sheets (a generation stamp invalidates old entries, no clearing), grows
// to a fixed cap, and then replaces entries, so memory stays bounded and the answer stays exact
// (a replaced entry only costs a re-search). See docs/scorer.md for the worst case.
#include <algorithm>
#include <array>
#include <cstdint>
#include <limits>
#include <stdexcept>
#include <utility>
#include <vector>

#include "ontour/scorer.h"

namespace tabletop::ontour {

namespace {

// (score, circles) packed into one additive weight: score * kTie + circles. kTie exceeds the most
// circles a route can have (64), so comparing weights compares score first, then circles.
constexpr int kTie = 128;
constexpr int kPlainWeight = kTie;            // one space
constexpr int kCircledWeight = 2 * kTie + 1;  // one space, one circle bonus, one circle for ties

// Memo table bounds: 4,096 entries to start (64 KiB), at most 1,048,576 (16 MiB).
constexpr size_t kMinEntries = size_t{1} << 12;
constexpr size_t kMaxEntries = size_t{1} << 20;
constexpr size_t kMaxProbe = 16;

struct Entry {
  SpaceSet reach = 0;
  uint32_t generation = 0;  // live only when equal to the table's current generation
  int16_t value = 0;
  uint8_t packed = 0;  // bits 0-5: the space; bit 6: value is exact (else an upper bound)
};
static_assert(sizeof(Entry) == 16);

constexpr uint8_t kExactFlag = 0x40;

class MemoTable {
 public:
  MemoTable() : entries_(kMinEntries) {}

  // Forgets every entry in O(1) by moving to a new generation.
  void reset() {
    live_ = 0;
    if (++generation_ == 0) {
      std::fill(entries_.begin(), entries_.end(), Entry{});
      generation_ = 1;
    }
  }

  const Entry* find(int space, SpaceSet reach) const {
    size_t mask = entries_.size() - 1;
    size_t i = slot(space, reach, mask);
    auto key = static_cast<uint8_t>(space);
    for (size_t p = 0; p < kMaxProbe; ++p, i = (i + 1) & mask) {
      const Entry& e = entries_[i];
      if (e.generation != generation_) return nullptr;
      if (e.reach == reach && (e.packed & 0x3f) == key) return &e;
    }
    return nullptr;
  }

  void store(int space, SpaceSet reach, int value, bool exact) {
    if (live_ * 2 >= entries_.size() && entries_.size() < kMaxEntries) grow();
    Entry* target = probe_for(space, reach);
    if (!target) {
      if (entries_.size() < kMaxEntries) {
        grow();
        target = probe_for(space, reach);
      }
      // Full at the cap: overwrite the home slot. Overwriting (never emptying) keeps every other
      // entry's probe chain intact.
      if (!target) target = &entries_[slot(space, reach, entries_.size() - 1)];
    }
    if (target->generation != generation_) ++live_;
    target->reach = reach;
    target->generation = generation_;
    target->value = static_cast<int16_t>(value);
    target->packed = static_cast<uint8_t>(space | (exact ? kExactFlag : 0));
  }

 private:
  static size_t slot(int space, SpaceSet reach, size_t mask) {
    uint64_t h = (reach ^ (static_cast<uint64_t>(space) << 58 | static_cast<uint64_t>(space)));
    h *= 0x9E3779B97F4A7C15ULL;
    h ^= h >> 29;
    return static_cast<size_t>(h) & mask;
  }

  // The slot holding this key, or the first free slot in its probe window, or null.
  Entry* probe_for(int space, SpaceSet reach) {
    size_t mask = entries_.size() - 1;
    size_t i = slot(space, reach, mask);
    auto key = static_cast<uint8_t>(space);
    for (size_t p = 0; p < kMaxProbe; ++p, i = (i + 1) & mask) {
      Entry& e = entries_[i];
      if (e.generation != generation_) return &e;
      if (e.reach == reach && (e.packed & 0x3f) == key) return &e;
    }
    return nullptr;
  }

  void grow() {
    std::vector<Entry> old(entries_.size() * 2);
    old.swap(entries_);
    uint32_t gen = generation_;
    live_ = 0;
    for (const Entry& e : old) {
      if (e.generation != gen) continue;
      // A live entry that finds no room in the bigger table is simply dropped: it is a cache.
      if (Entry* t = probe_for(e.packed & 0x3f, e.reach)) {
        *t = e;
        ++live_;
      }
    }
  }

  std::vector<Entry> entries_;
  uint32_t generation_ = 1;
  size_t live_ = 0;
};

// One candidate next space, with the reach set it would leave and an upper bound on its value.
struct Child {
  int space;
  SpaceSet reach;
  int bound;  // weight of the space + bound (or exact value) of its continuation
  bool exact;
};

}  // namespace

struct RouteScorer::Impl {
  explicit Impl(const Map& map) : num_spaces_(map.num_spaces()) {
    for (int i = 0; i < num_spaces_; ++i) adj_[i] = map.neighbours(i);
    all_ = map.all_spaces();
  }

  Route best(const Sheet& sheet);

 private:
  void prepare(const Sheet& sheet);
  SpaceSet reach_from(int space, SpaceSet open) const;
  int bound(int space, SpaceSet reach) const;
  Child make_child(int space, SpaceSet open) const;
  int expand(int space, SpaceSet candidates, SpaceSet reach, int need);
  bool achieves(int space, SpaceSet open, int value);

  int num_spaces_;
  SpaceSet all_ = 0;
  std::array<SpaceSet, kMaxSpaces> adj_{};
  // Per sheet:
  SpaceSet enterable_ = 0;
  std::array<int, kMaxSpaces> weight_{};
  std::array<SpaceSet, kMaxSpaces> keep_{};  // what stays open after entering a space
  std::array<SpaceSet, kMaxSpaces> out_{};   // where a route may step from a space (stars: relaxed)
  MemoTable memo_;
};

void RouteScorer::Impl::prepare(const Sheet& sheet) {
  enterable_ = sheet.enterable() & all_;
  // ge[v]: the stars and the numbers >= v, i.e. what a running value of v leaves open.
  std::array<SpaceSet, kMaxNumber + 2> ge{};
  for_each_bit(enterable_ & ~sheet.stars(), [&](int s) { ge[sheet.cell(s)] |= bit(s); });
  for (int v = kMaxNumber - 1; v >= 0; --v) ge[v] |= ge[v + 1];
  for (int v = 0; v <= kMaxNumber; ++v) ge[v] |= sheet.stars() & enterable_;
  for (int s = 0; s < num_spaces_; ++s) {
    if (!has(enterable_, s)) continue;
    weight_[s] = sheet.is_circled(s) ? kCircledWeight : kPlainWeight;
    keep_[s] = sheet.is_star(s) ? enterable_ : ge[sheet.cell(s)];
    out_[s] = adj_[s] & keep_[s];
  }
}

// Every space a route standing on `space` could still reach through `open`: a superset of the
// spaces of any legal continuation, and closed under its steps.
SpaceSet RouteScorer::Impl::reach_from(int space, SpaceSet open) const {
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

// Upper bound on the best continuation from `space` into `reach`: all of it, except that of the
// dead ends (spaces a route cannot leave once it enters them) only the heaviest can be on a route.
int RouteScorer::Impl::bound(int space, SpaceSet reach) const {
  SpaceSet around = reach | bit(space);
  int total = 0, dead_total = 0, dead_max = 0;
  for_each_bit(reach, [&](int u) {
    int w = weight_[u];
    total += w;
    SpaceSet exits = out_[u] & reach;
    // Entered from `around` and left through `exits`: with no exit, or one exit that is also the
    // only way in, the route ends here.
    if (exits == 0 || ((exits & (exits - 1)) == 0 && (adj_[u] & around) == exits)) {
      dead_total += w;
      dead_max = std::max(dead_max, w);
    }
  });
  return total - dead_total + dead_max;
}

Child RouteScorer::Impl::make_child(int space, SpaceSet open) const {
  SpaceSet reach = reach_from(space, open & keep_[space] & ~bit(space));
  if (reach == 0) return {space, 0, weight_[space], true};
  if (const Entry* e = memo_.find(space, reach)) {
    if (e->packed & kExactFlag) return {space, reach, weight_[space] + e->value, true};
    return {space, reach, weight_[space] + std::min<int>(e->value, bound(space, reach)), false};
  }
  return {space, reach, weight_[space] + bound(space, reach), false};
}

// Searches the continuations from `space` (-1: before the start of a route) whose next step is one
// of `candidates`, within `reach`. Returns the exact best value when it is >= need, otherwise an
// upper bound below need. Memoises real spaces.
int RouteScorer::Impl::expand(int space, SpaceSet candidates, SpaceSet reach, int need) {
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
    const Child& c = children[i];
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
    int w = weight_[c.space];
    int value = w + expand(c.space, adj_[c.space] & c.reach, c.reach, target - w);
    if (value >= target) {
      best_exact = value;
    } else {
      best_bound = std::max(best_bound, value);
    }
  }

  if (n == 0) return 0;
  bool exact = best_exact != kNone && best_exact >= need;
  int result = exact ? best_exact : std::max(best_exact, best_bound);
  if (space >= 0) memo_.store(space, reach, result, exact);
  return result;
}

// True when entering `space` from a route whose open set is `open` leads to a continuation worth
// exactly `value`, given that no continuation is worth more.
bool RouteScorer::Impl::achieves(int space, SpaceSet open, int value) {
  Child c = make_child(space, open);
  if (c.exact || c.bound < value) return c.bound == value;
  int w = weight_[space];
  return w + expand(space, adj_[space] & c.reach, c.reach, value - w) >= value;
}

Route RouteScorer::Impl::best(const Sheet& sheet) {
  prepare(sheet);
  memo_.reset();
  Route route;
  if (enterable_ == 0) return route;

  // The start of a route is a virtual space whose next step may be any enterable space.
  int left = expand(-1, enterable_, enterable_, 0);

  // Of all best routes, return the first in space-index order (the same one the exhaustive search
  // finds first): at each step take the lowest-numbered space that still achieves the best value.
  SpaceSet candidates = enterable_;
  SpaceSet open = enterable_;
  while (left > 0) {
    int next = -1;
    for (SpaceSet c = candidates; c; c &= c - 1) {
      if (achieves(lowest(c), open, left)) {
        next = lowest(c);
        break;
      }
    }
    if (next < 0) throw std::logic_error("route scorer: best route lost while walking it back");
    route.path.push_back(next);
    left -= weight_[next];
    open = reach_from(next, open & keep_[next] & ~bit(next));
    candidates = adj_[next] & open;
  }
  for (int s : route.path) {
    route.score += sheet.is_circled(s) ? 2 : 1;
    route.circles += sheet.is_circled(s) ? 1 : 0;
  }
  return route;
}

RouteScorer::RouteScorer(const Map& map) : impl_(new Impl(map)) {}
RouteScorer::~RouteScorer() { delete impl_; }
RouteScorer::RouteScorer(RouteScorer&& other) noexcept
    : impl_(std::exchange(other.impl_, nullptr)) {}
RouteScorer& RouteScorer::operator=(RouteScorer&& other) noexcept {
  std::swap(impl_, other.impl_);
  return *this;
}

Route RouteScorer::best(const Sheet& sheet) { return impl_->best(sheet); }

Route best_route(const Map& map, const Sheet& sheet) { return RouteScorer(map).best(sheet); }

}  // namespace tabletop::ontour
