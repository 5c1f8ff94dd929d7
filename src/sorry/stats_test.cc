// Statistics of random 4-player games: seats win equally often and the game length is about what
// the rules page reports (about 385 cards with random movers).
#include <cmath>
#include <cstdio>

#include <gtest/gtest.h>

#include "sorry/playout.h"

namespace tabletop::sorry {
namespace {

// 20,000 games: the standard error of a seat's share is 0.31 points, so 1.5 points is ~5 sigma.
// The sanitizer build plays 2,000 games (standard error 0.97 points) with a 4.5-point tolerance.
#if defined(__SANITIZE_ADDRESS__)
constexpr int kGames = 2000;
constexpr double kTolerance = 4.5;
#else
constexpr int kGames = 20000;
// The issue asks for 1.5 points; the rules page says seats win equally within a point over 20,000
// games, and the engine meets the tighter bound.
constexpr double kTolerance = 1.0;
#endif

TEST(SorryStats, SeatsWinEquallyOftenAndGamesLastAboutAsLong) {
  std::array<int, 4> wins{};
  long cards = 0;
  for (int g = 0; g < kGames; ++g) {
    Rng rng(mix_seed(424242, static_cast<uint64_t>(g)));
    State s{Options{}};
    play_random(s, rng);
    ASSERT_TRUE(s.is_terminal());
    int w = s.winner();
    ASSERT_TRUE(w >= 0 && w < 4);
    ++wins[w];
    cards += s.cards_drawn();
  }
  double mean = static_cast<double>(cards) / kGames;
  std::printf("mean cards drawn over %d random 4-player games: %.1f; win shares:", kGames, mean);
  for (int p = 0; p < 4; ++p) {
    double share = 100.0 * wins[p] / kGames;
    std::printf(" %.2f%%", share);
    EXPECT_NEAR(share, 25.0, kTolerance) << "seat " << p;
  }
  std::printf("\n");
  EXPECT_GT(mean, 340);
  EXPECT_LT(mean, 440);
}

}  // namespace
}  // namespace tabletop::sorry
