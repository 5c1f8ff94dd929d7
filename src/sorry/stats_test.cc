// Statistics of 4-player games: seats win equally often and the game length is about what the
// rules page reports (about 385 cards with random movers, about 180 with greedy movers).
#include <cmath>
#include <cstdio>

#include <gtest/gtest.h>

#include "sorry/bot_test_play.h"
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

// Mean cards drawn over `games` 4-player races with every seat played by `bot`.
double mean_cards_between(const std::string& bot, int games) {
  long cards = 0;
  for (int g = 0; g < games; ++g)
    cards += testing::play(Options{}, {bot, bot, bot, bot}, mix_seed(180, g)).cards_drawn;
  return static_cast<double>(cards) / games;
}

// The rules page's greedy movers play for their own pawns: each takes the move that leaves its
// own pawns best placed (greedy with `rivals=0`), bumping only where that is its best own move.
// Over 4,000 games they draw 181.4 cards (a game's standard deviation about 40, so the standard
// error of the sanitizer build's 400 games is 2.0). The default greedy also plays against its
// rivals (a bump is worth what it costs them), and its races last about 236 cards.
TEST(SorryStats, GreedyMoversDrawAbout180CardsAGame) {
  const int games = kGames / 5;
  const double own = mean_cards_between("greedy:rivals=0", games);
  const double rivals = mean_cards_between("greedy", games);
  std::printf(
      "mean cards drawn over %d 4-player games: greedy movers for their own pawns %.1f, "
      "greedy against its rivals %.1f\n",
      games, own, rivals);
  EXPECT_GT(own, 170);
  EXPECT_LT(own, 192);
  EXPECT_GT(rivals, own + 30);
}

}  // namespace
}  // namespace tabletop::sorry
