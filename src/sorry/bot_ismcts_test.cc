// The information-set tree search of the strong bot: legal choices in every variant, the same
// games from the same seed, choices that depend only on what the player has seen, and a small
// fixed-seed match playing for points.
#include <gtest/gtest.h>

#include "core/error.h"
#include "sorry/bot_registry.h"
#include "sorry/bot_test_play.h"
#include "sorry/playout.h"

namespace tabletop::sorry {
namespace {

using testing::head_to_head;
using testing::HeadToHead;
using testing::play;
using testing::Played;
constexpr int kScale = testing::kBotTestScale;

// The tree in every variant, small; and with opponents searched by UCB1 too.
const char* kTree = "strong:tree=1:iterations=40:horizon=2";
const char* kTreeUcb = "strong:tree=1:iterations=40:horizon=2:opponents=1:width=4";

std::vector<Options> all_variants() {
  std::vector<Options> variants;
  for (int n : {2, 3, 4}) {
    Options o;
    o.colours = default_colours(n);
    variants.push_back(o);
  }
  Options teams;
  teams.teams = true;
  variants.push_back(teams);
  for (int n : {2, 3, 4}) {
    Options points;
    points.colours = default_colours(n);
    points.points = true;
    variants.push_back(points);
  }
  return variants;
}

TEST(SorryTreeBot, ParametersAreChecked) {
  EXPECT_EQ(make_bot("strong:tree=1:iterations=10", 1)->name(), "strong:iterations=10:tree=1");
  EXPECT_THROW(make_bot("strong:tree=2", 1), InvalidInput);
  EXPECT_THROW(make_bot("strong:iterations=0", 1), InvalidInput);
  EXPECT_THROW(make_bot("strong:explore=-1", 1), InvalidInput);
  EXPECT_THROW(make_bot("strong:opponents=2", 1), InvalidInput);
  EXPECT_THROW(make_bot("strong:width=0", 1), InvalidInput);
  EXPECT_THROW(make_bot("strong:trees=1", 1), InvalidInput);
}

TEST(SorryTreeBot, OnlyLegalActionsInEveryVariant) {
  const std::vector<Options> variants = all_variants();
  const std::vector<std::string> pool = {kTree, "greedy", kTreeUcb, "random"};
  for (size_t v = 0; v < variants.size(); ++v)
    for (int g = 0; g < 4 / kScale + 1; ++g) {
      std::vector<std::string> bots;
      for (int p = 0; p < variants[v].num_players(); ++p) bots.push_back(pool[(p + g) % 4]);
      Played r = play(variants[v], bots, mix_seed(300 + v, g));
      EXPECT_GE(r.winner, 0) << "variant " << v << " game " << g;
    }
}

TEST(SorryTreeBot, SameSeedSameGame) {
  for (const Options& o : all_variants()) {
    if (o.num_players() == 3) continue;
    std::vector<std::string> bots(o.num_players(), kTree);
    bots[1] = kTreeUcb;
    auto a = play(o, bots, 43), b = play(o, bots, 43);
    EXPECT_EQ(a.actions, b.actions);
  }
}

// Playing for points, two real states that differ only in the hidden cards (the other hands and
// the pile) give the same choice: the tree sees only the view, and its deals come from the cards
// the player has not seen.
TEST(SorryTreeBot, ChoiceDependsOnlyOnWhatThePlayerHasSeen) {
  for (int n : {2, 4}) {
    Options o;
    o.colours = default_colours(n);
    o.points = true;
    Rng chance(5 + n);
    State real(o);
    int compared = 0;
    for (int step = 0; step < 2000 && !real.is_terminal(); ++step) {
      if (real.is_chance()) {
        real.apply_unchecked(real.sample_chance(chance));
        continue;
      }
      const int q = real.current_player();
      if (step % (20 * kScale) == 0) {
        Rng shuffle(step);
        State other = real.determinize(q, shuffle);  // same table, other hidden cards
        ASSERT_EQ(other.hand(q), real.hand(q));
        Rng d1(2000 + step), d2(2000 + step);
        State v1 = make_view(real, q, d1), v2 = make_view(other, q, d2);
        for (const char* bot : {kTree, kTreeUcb}) {
          auto b1 = make_bot(bot, 9), b2 = make_bot(bot, 9);
          EXPECT_EQ(b1->choose({v1, q}), b2->choose({v2, q})) << bot << " step " << step;
        }
        ++compared;
      }
      MoveList moves;
      Rng pick(step);
      real.apply_unchecked(random_action(real, pick, moves));
    }
    EXPECT_GE(compared, 2);
  }
}

// Playing for points the tree (default search, fewer iterations) scores more than greedy over a
// few fixed-seed games, seats alternating.
TEST(SorryTreeBot, ScoresMoreThanGreedyPlayingForPoints) {
  Options o;
  o.colours = default_colours(2);
  o.points = true;
  const int games = 24 / kScale;
  const std::string strong = "strong:iterations=150";
  const HeadToHead h = head_to_head(o, strong, "greedy", games, 23);
  const long strong_points = h.a_points, greedy_points = h.b_points;
  EXPECT_GT(strong_points, greedy_points * 3 / 2) << strong_points << " to " << greedy_points;
}

}  // namespace
}  // namespace tabletop::sorry
