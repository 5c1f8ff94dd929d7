// The engine behind RouteScorer (scorer.h): an exact best-route search in two stages.
//
// Internal to the scorer; tests and the benchmark use it to reach each stage on its own and to see
// which stage answered. The method is described in scorer_search.cc and docs/scorer.md.
#pragma once

#include <array>

#include "ontour/map.h"
#include "ontour/scorer.h"
#include "ontour/scorer_memo.h"
#include "ontour/sheet.h"

namespace tabletop::ontour {

class RouteSearch {
 public:
  // (score, circles) packed into one additive weight, score * kTie + circles: kTie exceeds the most
  // circles a route can have (64), so comparing weights compares score first, then circles.
  static constexpr int kTie = 128;
  static constexpr int kPlainWeight = kTie;            // one space
  static constexpr int kCircledWeight = 2 * kTie + 1;  // a circled space: two points, one circle

  // States the plain stage may meet before it hands the sheet to the bounded stage.
  static constexpr long kDefaultPlainBudget = 20000;

  explicit RouteSearch(const Map& map);

  // The best route; among equally good ones, the first in space-index order (the one the
  // exhaustive search returns).
  Route best(const Sheet& sheet);

  // 0 sends every sheet straight to the bounded stage (for tests).
  void set_plain_budget(long states) { plain_budget_ = states; }

  // What the last call to best() did.
  struct Stats {
    long plain_states = 0;    // states the plain stage memoised
    bool bounded = false;     // the plain stage gave up and the bounded stage answered
    long bounded_states = 0;  // states the bounded stage expanded
  };
  const Stats& stats() const { return stats_; }

 private:
  struct Child;

  void prepare(const Sheet& sheet);
  int plain(int space, SpaceSet open);
  SpaceSet reach_from(int space, SpaceSet open) const;
  SpaceSet dead_ends(int space, SpaceSet reach) const;
  int total_weight(SpaceSet spaces) const {
    return kPlainWeight * count(spaces) +
           (kCircledWeight - kPlainWeight) * count(spaces & circled_);
  }
  int quick_bound(int space, SpaceSet reach) const;
  int block_bound(int space, SpaceSet reach) const;
  Child make_child(int space, SpaceSet open) const;
  void tighten(Child& c);
  int expand(int space, SpaceSet candidates, SpaceSet reach, int need);
  bool achieves(int space, SpaceSet open, int value);

  int num_spaces_;
  SpaceSet all_ = 0;
  std::array<SpaceSet, kMaxSpaces> adj_{};
  long plain_budget_ = kDefaultPlainBudget;

  // Per sheet.
  SpaceSet enterable_ = 0;
  SpaceSet circled_ = 0;
  std::array<int, kMaxSpaces> weight_{};
  std::array<SpaceSet, kMaxSpaces> keep_{};  // what stays open after entering a space
  std::array<SpaceSet, kMaxSpaces> out_{};   // where a route may step next from a space
  bool plain_gave_up_ = false;
  long plain_limit_ = 0;
  Stats stats_;

  MemoTable memo_;
};

}  // namespace tabletop::ontour
