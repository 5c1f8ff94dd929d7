#include "ontour/bot_plan.h"

#include <algorithm>
#include <cmath>
#include <vector>

#include "core/rng.h"
#include "ontour/map.h"
#include "ontour/test_maps.h"

#include <gtest/gtest.h>

namespace tabletop::ontour {
namespace {

// A plan along spaces 0..n-1 of an imagined map, in that order.
RoutePlan straight_plan(int n) {
  RoutePlan p;
  p.pos.fill(-1);
  for (int i = 0; i < n; ++i) {
    p.path.push_back(static_cast<int8_t>(i));
    p.pos[i] = static_cast<int8_t>(i);
  }
  return p;
}

TEST(GapFill, SmallCasesByHand) {
  // Every value fits 0..99 (the 90 numbers the dice make): each number to come reaches the gap
  // with chance `reach`.
  EXPECT_NEAR(gap_fill(1, 0, 99, 1, 1.0), 1.0, 1e-6);
  EXPECT_NEAR(gap_fill(1, 0, 99, 1, 0.5), 0.5, 1e-6);
  // min(2, Binomial(2, 0.5)): 0 * 1/4 + 1 * 1/2 + 2 * 1/4.
  EXPECT_NEAR(gap_fill(2, 0, 99, 2, 0.5), 1.0, 1e-6);
  // min(1, Binomial(3, 0.5)): 1 - 1/8.
  EXPECT_NEAR(gap_fill(1, 0, 99, 3, 0.5), 0.875, 1e-6);
  // 10..19 holds 9 of the 90 numbers (no 11).
  EXPECT_NEAR(gap_fill(1, 10, 19, 1, 1.0), 0.1, 1e-6);
  EXPECT_EQ(gap_fill(0, 0, 99, 10, 1.0), 0);
  EXPECT_EQ(gap_fill(3, 0, 99, 0, 1.0), 0);
  EXPECT_EQ(gap_fill(3, 50, 40, 10, 1.0), 0);  // no value fits between 50 and 40
}

TEST(GapFill, BoundedAndMonotone) {
  for (int spaces = 1; spaces <= 12; ++spaces)
    for (int remaining = 0; remaining <= 30; remaining += 3)
      for (int lo = 0; lo <= 90; lo += 15) {
        const double f = gap_fill(spaces, lo, lo + 20, remaining, 0.8);
        EXPECT_GE(f, 0);
        EXPECT_LE(f, std::min(spaces, remaining) + 1e-6);
        EXPECT_GE(gap_fill(spaces + 1, lo, lo + 20, remaining, 0.8), f - 1e-6);
        EXPECT_GE(gap_fill(spaces, lo, lo + 20, remaining + 1, 0.8), f - 1e-6);
        EXPECT_GE(gap_fill(spaces, lo, lo + 30, remaining, 0.8), f - 1e-6);
      }
}

// A 9 and a 12 with thirteen empty spaces between them are in order, but only 09, 10 and 12 can
// go between them: the gap model fits that plan worse than one whose numbers leave room for what
// is to come.
TEST(PlanFit, GapModelSeesGapsThatCannotFill) {
  const RoutePlan plan = straight_plan(20);
  Sheet cramped, roomy;
  cramped.write_number(2, 9, false);
  cramped.write_number(16, 12, false);
  roomy.write_number(2, 9, false);
  roomy.write_number(16, 80, false);
  EXPECT_LT(gap_fill(13, 9, 12, 30, 0.8), 1.0);
  EXPECT_GT(gap_fill(13, 9, 80, 30, 0.8), 8.0);
  EXPECT_LT(plan_fit(plan, cramped, 0.8, 30), plan_fit(plan, roomy, 0.8, 30));
}

// The plans that fit a sheet best, best first: the best is best_plan's, and each fits no better
// than the one before it nor worse than any plan left out.
TEST(PlanFit, TheBestPlansInOrderOfFit) {
  const Map& map = Map::builtin("usa");
  const std::vector<RoutePlan> plans = plan_windows(long_paths(map), kDefaultPlanLength, 2);
  Sheet sheet;
  sheet.write_number(map.find("WA"), 12, true);
  sheet.write_number(map.find("TX"), 55, false);
  sheet.write_number(map.find("FL"), 90, true);
  const int remaining = count(sheet.empty(map));
  auto fit = [&](size_t i) { return plan_fit(plans[i], sheet, 0.8, remaining); };
  const std::vector<size_t> best = best_plan_indices(plans, sheet, 5, 0.8, remaining);
  ASSERT_EQ(best.size(), 5u);
  EXPECT_EQ(&plans[best[0]], &best_plan(plans, sheet, 0.8, remaining));
  for (size_t k = 1; k < best.size(); ++k) EXPECT_GE(fit(best[k - 1]), fit(best[k]));
  for (size_t i = 0; i < plans.size(); ++i) {
    if (std::find(best.begin(), best.end(), i) == best.end()) {
      EXPECT_LE(fit(i), fit(best.back())) << "plan " << i;
    }
  }
  const std::vector<RoutePlan> copies = best_plans(plans, sheet, 5, 0.8, remaining);
  for (size_t k = 0; k < best.size(); ++k) EXPECT_EQ(copies[k].path, plans[best[k]].path);
}

// The costs of writes against a plan, by their definition: scan the path from the space to the
// nearest number or X on each side (an X or the path's end stands for 0 before and 99 after),
// count the empty spaces between, and price the write by what it takes from the gap's expected
// fill (or, with fill 0, by its distance from the even spread). PlanCosts keeps the sheet as bit
// sets by path index; this checks that bookkeeping on random sheets, with Xs, stars and numbers on
// and off the plan, for every space of the plan and spaces off it.
void check_costs(const Map& map, const std::vector<RoutePlan>& plans, const PlanWeights& w,
                 uint64_t seed, int trials) {
  Rng rng(seed);
  long checked = 0;
  for (int trial = 0; trial < trials; ++trial) {
    const RoutePlan& plan = plans[rng.uniform(static_cast<uint32_t>(plans.size()))];
    Sheet sheet;
    const double p_fill = rng.uniform_real();
    for (int s = 0; s < map.num_spaces(); ++s) {
      const double u = rng.uniform_real();
      if (u > p_fill) continue;
      if (u < 0.05 * p_fill)
        sheet.write_cross(s);
      else if (u < 0.12 * p_fill)
        sheet.write_star(s, false);
      else
        sheet.write_number(s, static_cast<int>(rng.uniform(100)), rng.uniform(4) == 0);
    }
    PlanCosts costs(map, plan, w);
    costs.update(sheet);
    const int n = static_cast<int>(plan.path.size());
    const int remaining = count(sheet.empty(map));
    for (int space = 0; space < map.num_spaces(); ++space) {
      if (!sheet.is_empty(space) || plan.pos[space] >= 0) continue;
      ASSERT_DOUBLE_EQ(costs.number(space, 50, false), w.off_path);
      ASSERT_DOUBLE_EQ(costs.star(space, false), -0.05);
      ASSERT_DOUBLE_EQ(costs.cross(space), 0.02 * count(map.neighbours(space)));
    }
    for (int k = 0; k < n; ++k) {
      const int space = plan.path[k];
      if (!sheet.is_empty(space)) continue;
      int prev = -1, prev_val = 0, seg_lo = 0, empty_before = 0;
      for (int j = k - 1; j >= 0; --j) {
        const int t = plan.path[j];
        if (sheet.is_cross(t)) {
          prev = j, seg_lo = j + 1;
          break;
        }
        if (sheet.is_number(t)) {
          prev = j, prev_val = sheet.cell(t);
          break;
        }
        empty_before += sheet.is_empty(t);
      }
      for (int j = prev; j >= 0 && seg_lo == 0; --j)
        if (sheet.is_cross(plan.path[j])) seg_lo = j + 1;
      int next = n, next_val = 99, seg_hi = n - 1, empty_after = 0;
      for (int j = k + 1; j < n; ++j) {
        const int t = plan.path[j];
        if (sheet.is_cross(t)) {
          next = j, seg_hi = j - 1;
          break;
        }
        if (sheet.is_number(t)) {
          next = j, next_val = sheet.cell(t);
          break;
        }
        empty_after += sheet.is_empty(t);
      }
      for (int j = next; j < n && seg_hi == n - 1; ++j)
        if (sheet.is_cross(plan.path[j])) seg_hi = j - 1;
      const bool doomed = prev_val > next_val;
      const double cross = doomed ? w.doomed : 1.0 + std::min(k - seg_lo, seg_hi - k);
      ASSERT_DOUBLE_EQ(costs.cross(space), cross) << "trial " << trial << " index " << k;
      const double step = (next_val - prev_val) / static_cast<double>(next - prev);
      ASSERT_DOUBLE_EQ(costs.star(space, true),
                       (doomed ? -0.1 : -std::clamp(2.5 / (1.0 + step), 0.1, 1.5)) - w.circle)
          << "trial " << trial << " index " << k;
      for (int value = 0; value < 100; value += 7) {
        double expected;
        if (doomed) {
          expected = w.doomed;
        } else if (value < prev_val || value > next_val) {
          expected = cross + w.misfit;
        } else if (w.fill > 0) {
          const double loss =
              gap_fill(empty_before + empty_after + 1, prev_val, next_val, remaining, w.fill) - 1 -
              gap_fill(empty_before, prev_val, value, remaining, w.fill) -
              gap_fill(empty_after, value, next_val, remaining, w.fill);
          expected = std::min(w.deviation * loss, cross);
        } else {
          const double even = std::max(step, 1.0), ideal = prev_val + step * (k - prev);
          expected = std::min(w.deviation * std::abs(value - ideal) / even, cross);
        }
        ASSERT_DOUBLE_EQ(costs.number(space, value, false), expected)
            << "trial " << trial << " index " << k << " value " << value;
        ++checked;
      }
    }
  }
  EXPECT_GT(checked, trials * 20L);
}

TEST(PlanCosts, PricesWritesByTheNearestNumbersAlongThePlan) {
  PlanWeights before;  // the costs of before the gap model: by the distance from an even spread
  before.fill = before.reach = 0;
  uint64_t seed = 77;
  const Map grid = testing::grid_map();
  for (const Map* map : {&Map::builtin("usa"), &Map::builtin("europe"), &grid}) {
    const std::vector<RoutePlan> paths = long_paths(*map);
    // Plan stretches of the default length, and whole paths (on the grid, all 64 spaces).
    for (const auto& plans : {plan_windows(paths, kDefaultPlanLength, 2), paths})
      for (const PlanWeights& w : {PlanWeights{}, before}) check_costs(*map, plans, w, ++seed, 100);
  }
  EXPECT_EQ(long_paths(grid).front().path.size(), size_t{kMaxSpaces});  // index 63 was priced
}

}  // namespace
}  // namespace tabletop::ontour
