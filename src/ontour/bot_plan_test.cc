#include "ontour/bot_plan.h"

#include <algorithm>

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

}  // namespace
}  // namespace tabletop::ontour
