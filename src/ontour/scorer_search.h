// The engine behind RouteScorer (scorer.h): an exact best-route search in three stages.
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

  // The stages, tried in turn: 0 memoises over raw open sets, 1 over reach sets, 2 adds bounds.
  static constexpr int kStages = 3;
  // States the first two stages may memoise before handing the sheet on.
  static constexpr long kDefaultRawBudget = 2000;
  static constexpr long kDefaultReachBudget = 10000;

  explicit RouteSearch(const Map& map);

  // The best route; among equally good ones, the first in space-index order (the one the
  // exhaustive search returns).
  Route best(const Sheet& sheet);
  // The best route's score and circles without the route itself: the same search, without
  // walking the route back.
  RouteValue value(const Sheet& sheet);

  // A budget of 0 skips that stage (for tests: every stage on its own).
  void set_budgets(long raw, long reach) { budgets_ = {raw, reach}; }

  // What the last call to best() or value() did (the states of best() include walking the route
  // back).
  struct Stats {
    int stage = 0;                       // the stage that answered: 0, 1 or 2
    std::array<long, kStages> states{};  // states each stage memoised (or expanded)
  };
  const Stats& stats() const { return stats_; }

 private:
  struct Child;

  // The best route's weight (score * kTie + circles), by the first stage that answers.
  int solve(const Sheet& sheet);
  void prepare(const Sheet& sheet);
  SpaceSet narrow(int space, SpaceSet open) const;
  int plain(int space, SpaceSet open);
  bool run_plain(bool canonical, long budget, int* total);
  SpaceSet reach_from(int space, SpaceSet open) const;
  SpaceSet dead_ends(int space, SpaceSet reach) const;
  int total_weight(SpaceSet spaces) const {
    return kPlainWeight * count(spaces) +
           (kCircledWeight - kPlainWeight) * count(spaces & circled_);
  }
  int quick_bound(int space, SpaceSet reach) const;
  int block_bound(int space, SpaceSet reach) const;
  Child make_child(int space, SpaceSet open) const;
  void tighten(Child& c, int target);
  int expand(int space, SpaceSet candidates, SpaceSet reach, int need);
  bool achieves(int space, SpaceSet open, int value);

  int num_spaces_;
  SpaceSet all_ = 0;
  std::array<SpaceSet, kMaxSpaces> adj_{};
  std::array<long, 2> budgets_{kDefaultRawBudget, kDefaultReachBudget};

  // Per sheet.
  SpaceSet enterable_ = 0;
  SpaceSet circled_ = 0;
  std::array<int, kMaxSpaces> weight_{};
  std::array<SpaceSet, kMaxSpaces> keep_{};  // what stays open after entering a space
  std::array<SpaceSet, kMaxSpaces> out_{};   // where a route may step next from a space
  bool canonical_ = false;                   // the plain stage keys on reach sets
  bool plain_gave_up_ = false;
  long plain_states_ = 0;
  long plain_limit_ = 0;
  Stats stats_;

  MemoTable memo_;
};

}  // namespace tabletop::ontour
