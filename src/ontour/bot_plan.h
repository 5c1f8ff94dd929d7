// Route plans for the On Tour bots: long simple paths through the map along which the numbers
// should rise, and the cost of a write against a plan.
//
// Why a plan: a score is one route whose numbers never go down, so a sheet scores well when some
// long path of neighbouring spaces holds rising numbers. A bot therefore fixes a long path (chosen
// among many precomputed ones to fit the numbers already written) and writes each number where it
// fits between the numbers already on that path, in proportion to the room left: 50 between 20 and
// 80 with five empty spaces in between goes near the middle. A number that fits nowhere goes off
// the path or to a spot that is lost anyway, and stars go where the gaps are tightest.
//
// Costs are in rough units of "route spaces lost" (lower is better); the weights are tuned with
// `tabletop sim` (docs/bots.md).
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <vector>

#include "ontour/map.h"
#include "ontour/sheet.h"

namespace tabletop::ontour {

// A simple path through the map, in the order its numbers should rise.
struct RoutePlan {
  std::vector<int8_t> path;
  std::array<int8_t, kMaxSpaces> pos{};  // index of a space on the path, or -1
};

// The longest simple paths found by seeded randomised walks (Warnsdorff's rule: step to the
// neighbour with the fewest free neighbours), distinct, in both directions. Depends only on the
// map.
std::vector<RoutePlan> long_paths(const Map& map, int keep = 40);

// Every stretch of `length` spaces of the given plans (both directions, distinct): plans that
// leave spaces off the route for the numbers that fit nowhere.
std::vector<RoutePlan> plan_windows(const std::vector<RoutePlan>& plans, int length, int stride);

// How well the numbers already on `sheet` suit `plan` (higher is better): rising numbers along it
// count, numbers out of order and Xs on it cost what they cut off.
//
// With `reach` > 0 the fit is instead the expected length (plus circles) of the route along the
// plan: the numbers kept in order and, for each gap between two of them, the expected number of
// its empty spaces that `remaining` numbers to come will fill (gap_fill), less what the numbers
// out of order and the Xs cut off.
double plan_fit(const RoutePlan& plan, const Sheet& sheet, double reach = 0, int remaining = 0);
const RoutePlan& best_plan(const std::vector<RoutePlan>& plans, const Sheet& sheet,
                           double reach = 0, int remaining = 0);
// The `k` best-fitting plans, best first: a shortlist to re-plan from after a few more writes.
std::vector<RoutePlan> best_plans(const std::vector<RoutePlan>& plans, const Sheet& sheet, int k,
                                  double reach = 0, int remaining = 0);
// The same as indices into `plans`.
std::vector<size_t> best_plan_indices(const std::vector<RoutePlan>& plans, const Sheet& sheet,
                                      int k, double reach = 0, int remaining = 0);

// Expected number of `spaces` empty spaces in a row between the values lo and hi that get a
// number in order when `remaining` numbers are still to come and each that fits reaches the gap
// with chance `reach`: E[min(spaces, Binomial(remaining, reach * share of values in range))].
double gap_fill(int spaces, int lo, int hi, int remaining, double reach);

// gap_fill for one reach, from a table by (numbers to come, values in range, spaces) built once per
// reach for the whole program (~1.5 MB each) and shared by every thread: the rollouts ask it
// thousands of times a decision.
class GapFill {
 public:
  static constexpr int kMaxN = 64, kMaxS = 64;  // numbers to come and spaces, clamped to these
  static const GapFill& of(double reach);
  double operator()(int spaces, int lo, int hi, int remaining) const {
    if (spaces <= 0) return 0;
    const int n = std::clamp(remaining, 0, kMaxN);
    return v_[(n * 91 + dice_values(lo, hi)) * (kMaxS + 1) + std::min(spaces, kMaxS)];
  }

 private:
  // below[v]: the two-digit numbers the dice can make (different digits) under v.
  static constexpr std::array<int, 101> kDiceValuesBelow = [] {
    std::array<int, 101> b{};
    for (int v = 0; v < 100; ++v) b[v + 1] = b[v] + (v / 10 != v % 10 ? 1 : 0);
    return b;
  }();
  // Two-digit numbers the dice can make from lo to hi.
  static int dice_values(int lo, int hi) {
    lo = std::clamp(lo, 0, 99), hi = std::clamp(hi, 0, 99);
    return hi < lo ? 0 : kDiceValuesBelow[hi + 1] - kDiceValuesBelow[lo];
  }

  explicit GapFill(double reach);
  std::vector<float> v_;
};

// Plans of this many spaces did best for the greedy bot on both shipped maps: a score near 30 needs
// a route of about 27 spaces, and the spaces left off the plan take the numbers that fit nowhere.
constexpr int kDefaultPlanLength = 28;

struct PlanWeights {
  // Per space of distance from the ideal spot between two numbers (fill = 0), or the weight of
  // what a write takes from the gap's expected fill (fill > 0).
  double deviation = 2;
  double off_path = 0.9;  // a number written off the plan's path
  double doomed = 0.3;    // a write into a spot already lost (between numbers out of order)
  double circle = 1.3;    // a circled number where it fits
  double misfit = 0.3;    // added to the cost of an X for a number that fits nowhere near
  // 0: a number between two numbers costs `deviation` per step from its ideal spot. > 0: it costs
  // what it takes from the expected number of the gap's spaces that the remaining numbers can
  // fill, each remaining number reaching the gap with this chance when its value fits.
  double fill = 0.8;
  // 0: plans fit by plan_fit's rising numbers; > 0: by the expected route along them (plan_fit
  // with this reach).
  double reach = 0.8;
};

// Write costs against one plan and one sheet.
class PlanCosts {
 public:
  PlanCosts(const Map& map, const RoutePlan& plan, PlanWeights w = {});
  // Takes in the sheet (what each plan space holds) and the writes still to come (the empty
  // spaces, for `fill`); call after the sheet changes.
  void update(const Sheet& sheet);

  double number(int space, int value, bool circled) const;
  double star(int space, bool circled) const;
  double cross(int space) const;

 private:
  struct Slot {
    int prev_idx, next_idx;  // nearest numbers along the path (or the segment's virtual ends)
    int prev_val, next_val;
    int seg_lo, seg_hi;  // the X-free stretch of path the space lies in
  };
  Slot slot(int k) const;                        // the bounds around path index k
  int empties(int lo, int hi) const;             // empty path spaces at indices lo .. hi - 1
  double cross_at(int k, const Slot& sl) const;  // cross() of the space at path index k

  const Map& map_;
  const RoutePlan& plan_;
  PlanWeights w_;
  // The sheet at the last update, by path index: bit k of each set is path index k.
  uint64_t empty_ = 0, crosses_ = 0, numbers_ = 0;
  std::array<int8_t, kMaxSpaces> values_{};
  int remaining_ = 0;    // empty spaces of the sheet: the writes still to come
  const GapFill* fill_;  // the table for w_.fill; nullptr when fill is 0
};

}  // namespace tabletop::ontour
