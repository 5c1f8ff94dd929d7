// On Tour bots: only legal placements, deterministic by seed, blind to the future, and the
// expected order of strength on small fixed-seed matches.
#include <gtest/gtest.h>

#include "core/error.h"
#include "ontour/bot_registry.h"
#include "ontour/bot_rollout.h"
#include "ontour/bot_strong.h"
#include "ontour/playout.h"

namespace tabletop::ontour {
namespace {

#if defined(__SANITIZE_ADDRESS__)
constexpr int kScale = 4;  // fewer games under the sanitizers; every assertion still runs
#else
constexpr int kScale = 1;
#endif

// Cheap enough for tests; the full budget is measured with `tabletop sim`.
const char* kSmallStrong = "strong:rollouts=2:candidates=4:rounds=2";
const char* kSmallStrongOnePlan = "strong:rollouts=2:candidates=4:rounds=2:plans=1";

// Plays one game with one bot per player; every placement must pass the state's own check, and
// the card piles the bots infer must match the state's.
std::vector<Placement> play(const Map& map, const Options& o, const std::vector<std::string>& bots,
                            uint64_t seed) {
  std::vector<std::unique_ptr<Bot>> players;
  for (size_t p = 0; p < bots.size(); ++p) players.push_back(make_bot(bots[p], seed + p));
  Rng chance(seed);
  State s(map, o, static_cast<int>(bots.size()));
  std::vector<Placement> all;
  while (true) {
    advance_chance(s, chance);
    if (s.is_terminal()) break;
    CardKnowledge k = card_knowledge(s);
    EXPECT_EQ(count(k.pile), s.draw_pile_size());
    EXPECT_EQ(count(k.discards), s.discard_size());
    std::vector<Placement> chosen;
    for (int p = 0; p < s.num_players(); ++p) chosen.push_back(players[p]->choose({s, p}));
    for (int p = 0; p < s.num_players(); ++p) {
      auto why = s.check(p, chosen[p]);
      EXPECT_FALSE(why.has_value()) << bots[p] << ": " << describe(map, chosen[p]) << ": " << *why;
      if (why) return all;
      s.apply(p, chosen[p]);
      all.push_back(chosen[p]);
    }
  }
  return all;
}

double mean_score(const std::string& bot, int games, uint64_t seed) {
  double total = 0;
  for (int g = 0; g < games; ++g) {
    auto bot_ptr = make_bot(bot, mix_seed(seed, 1000 + g));
    Rng chance(mix_seed(seed, g));
    State s(Map::builtin("usa"), Options{}, 1);
    while (true) {
      advance_chance(s, chance);
      if (s.is_terminal()) break;
      s.apply(0, bot_ptr->choose({s, 0}));
    }
    total += s.results()[0].route.score;
  }
  return total / games;
}

TEST(OnTourBots, RegistryKnowsTheBotsAndRejectsUnknownOnes) {
  for (const char* name : {"random", "target", "greedy", "strong"})
    EXPECT_TRUE(bot_registry().contains(name)) << name;
  EXPECT_THROW(make_bot("clever", 1), InvalidInput);
  EXPECT_THROW(make_bot("strong:rollouts=0", 1), InvalidInput);
  EXPECT_THROW(make_bot("strong:speed=3", 1), InvalidInput);
  EXPECT_THROW(make_bot("greedy:dev", 1), InvalidInput);
  EXPECT_EQ(make_bot("strong:rollouts=8", 1)->name(), "strong:rollouts=8");
  // The strong bot's rollouts take greedy's cost weights; its plan shortlist must hold a plan.
  EXPECT_NO_THROW(make_bot("strong:circle=1.8:dev=0.3:shortlist=8", 1));
  EXPECT_THROW(make_bot("strong:shortlist=0", 1), InvalidInput);
  // Rollouts along several plans, the best counting: at least one plan.
  EXPECT_NO_THROW(make_bot("strong:plans=3", 1));
  EXPECT_THROW(make_bot("strong:plans=0", 1), InvalidInput);
  try {
    make_bot("strong:rounds=11", 1);
    ADD_FAILURE() << "rounds=11 accepted";
  } catch (const InvalidInput& e) {
    EXPECT_NE(std::string(e.what()).find("from 1 to 10"), std::string::npos) << e.what();
  }
}

// The strong bot's rollout schedule: 16 each for 100 candidates, 32 for the best 34, 64 for 12, 128
// for 4 and 256 for 2; a wide first turn gets fewer in its first round to stay within the budget.
TEST(OnTourBots, StrongKeepsAWideTurnWithinItsBudget) {
  EXPECT_EQ(schedule_rollouts(100, 16, 5), 100 * 16 + 34 * 32 + 12 * 64 + 4 * 128 + 2 * 256);
  EXPECT_EQ(schedule_rollouts(100, 16, 1), 1600);
  EXPECT_EQ(schedule_rollouts(1, 16, 5), 0);               // one candidate: nothing to compare
  EXPECT_EQ(first_round_rollouts(300, 16, 5, 24000), 16);  // a usual turn: the full schedule
  const int wide = first_round_rollouts(1188, 16, 5, 24000);
  EXPECT_LT(wide, 16);
  EXPECT_LE(schedule_rollouts(1188, wide, 5), 24000);
  EXPECT_GT(schedule_rollouts(1188, wide + 1, 5), 24000);   // as many as the budget allows
  EXPECT_EQ(first_round_rollouts(1188, 16, 5, 0), 16);      // no budget
  EXPECT_EQ(first_round_rollouts(100000, 16, 5, 1000), 1);  // never fewer than one
  // Each rollout played along three plans costs three plan rollouts of the budget.
  const int wide_plans = first_round_rollouts(1188, 16, 5, 72000, 3);
  EXPECT_EQ(wide_plans, wide);
  EXPECT_LT(first_round_rollouts(1188, 16, 5, 24000, 3), wide);
  EXPECT_LE(3 * schedule_rollouts(1188, first_round_rollouts(1188, 16, 5, 24000, 3), 5), 24000);
  EXPECT_EQ(first_round_rollouts(300, 16, 5, 24000, 3), first_round_rollouts(300, 16, 5, 8000));
  EXPECT_NO_THROW(make_bot("strong:budget=0", 1));
  EXPECT_THROW(make_bot("strong:budget=-1", 1), InvalidInput);
}

// The budget charges the plans a rollout really follows: one without replanning (which takes no
// shortlist or plans), and no more than the shortlist holds. A budget small enough to bind shows
// it: charged three plans, these would get fewer first-round rollouts and choose otherwise.
TEST(OnTourBots, StrongChargesItsBudgetThePlansItFollows) {
  const Map& map = Map::builtin("usa");
  const std::string small = "strong:rollouts=2:candidates=4:rounds=2:budget=20";
  const auto one_plan = play(map, Options{}, {small + ":shortlist=1:plans=1"}, 5);
  ASSERT_GT(one_plan.size(), 10u);
  EXPECT_EQ(play(map, Options{}, {small + ":shortlist=1"}, 5), one_plan);
  EXPECT_EQ(play(map, Options{}, {small + ":replan=0"}, 5), one_plan);
  EXPECT_NE(play(map, Options{}, {small + ":plans=1"}, 5), one_plan);  // the shortlist matters
  for (const char* spec : {"strong:replan=0:plans=2", "strong:replan=0:shortlist=8"}) {
    try {
      make_bot(spec, 1);
      ADD_FAILURE() << spec << " accepted";
    } catch (const InvalidInput& e) {
      EXPECT_NE(std::string(e.what()).find("with replan=0"), std::string::npos) << e.what();
    }
  }
}

// A rollout's work is its play plus its scorer's states (the later stages' dearer); a decision out
// of `work` stops amid a future and counts only the futures every alive candidate has played. With
// almost no work nothing is counted, and the plan-cost ranking's first placement is the choice:
// the one `candidates=1` makes without a rollout.
TEST(OnTourBots, StrongStopsWhenOutOfWork) {
  EXPECT_EQ(rollout_work(20, {10, 2, 1}), 20 * kEmptySpaceWork + 10 + kReachStateWork * 3);
  EXPECT_EQ(rollout_work(0, {0, 0, 0}), 0);
  EXPECT_NO_THROW(make_bot("strong:work=0", 1));
  EXPECT_THROW(make_bot("strong:work=-1", 1), InvalidInput);
  const Map& map = Map::builtin("usa");
  auto capped = make_bot("strong:rollouts=2:candidates=8:rounds=2:work=1", 4);
  auto first = make_bot("strong:candidates=1", 4);
  auto free = make_bot("strong:rollouts=2:candidates=8:rounds=2:work=0", 4);
  Rng chance(21);
  State s(map, Options{}, 1);
  int decisions = 0, differ_from_free = 0;
  while (true) {
    advance_chance(s, chance);
    if (s.is_terminal()) break;
    const Placement p = capped->choose({s, 0});
    EXPECT_EQ(p, first->choose({s, 0})) << "decision " << decisions;
    differ_from_free += !(free->choose({s, 0}) == p);
    s.apply(0, p);
    ++decisions;
  }
  EXPECT_GT(decisions, 10);
  EXPECT_GT(differ_from_free, 0);  // the rollouts do change choices, so the cap did stop them
}

TEST(OnTourBots, OnlyLegalPlacementsOnEveryMapAndOption) {
  std::vector<Options> variants(5);
  variants[1].setup_rolls = 1;
  variants[2].star_always_circled = true;
  variants[3].x_anywhere = false;
  variants[4].voluntary_x = true;
  int games = 0;
  for (const char* map_id : {"usa", "europe"})
    for (size_t v = 0; v < variants.size(); ++v)
      for (int g = 0; g < 6 / kScale + 1; ++g) {
        play(Map::builtin(map_id), variants[v],
             {"random", "target", "greedy", kSmallStrong, kSmallStrongOnePlan},
             mix_seed(v * 100 + g, map_id[0]));
        ++games;
      }
  EXPECT_GT(games, 0);
}

TEST(OnTourBots, SameSeedSameGame) {
  const Map& map = Map::builtin("europe");
  for (const char* bot : {"random", "greedy", kSmallStrong}) {
    auto a = play(map, Options{}, {bot, bot}, 77);
    auto b = play(map, Options{}, {bot, bot}, 77);
    EXPECT_EQ(a, b) << bot;
  }
}

// A copy made part-way through a game (Bot::clone) chooses as the bot itself would from there on,
// its generator and all; and so does a copy of a copy made before any decision.
TEST(OnTourBots, ACloneChoosesAsTheBotWould) {
  const Map& map = Map::builtin("usa");
  for (const std::string bot : {"random", "target", "greedy", kSmallStrong}) {
    auto original = make_bot(bot, 5);
    auto unused = make_bot(bot, 5)->clone();
    std::unique_ptr<Bot> copy;
    Rng chance(9);
    State s(map, Options{}, 1);
    int decisions = 0, compared = 0, differ_from_unused = 0;
    while (true) {
      advance_chance(s, chance);
      if (s.is_terminal()) break;
      if (decisions++ == 6) copy = original->clone();
      const Placement p = original->choose({s, 0});
      const Placement q = unused->choose({s, 0});
      if (copy) {
        EXPECT_EQ(copy->choose({s, 0}), p) << bot << " at decision " << decisions;
        ++compared;
      }
      differ_from_unused += !(q == p);
      s.apply(0, p);
    }
    EXPECT_GT(compared, 10) << bot;
    EXPECT_EQ(differ_from_unused, 0) << bot;  // a copy of a bot new from its seed is that bot
    EXPECT_EQ(original->clone()->name(), original->name());
  }
}

// The bot is handed the table only: whatever chance comes next, its choice at a point is the same.
TEST(OnTourBots, ChoiceDoesNotDependOnTheFuture) {
  const Map& map = Map::builtin("usa");
  Rng chance(5);
  State s(map, Options{}, 1);
  auto greedy = make_bot("greedy", 1);
  for (int turn = 0; turn < 6; ++turn) {
    advance_chance(s, chance);
    s.apply(0, greedy->choose({s, 0}));
  }
  advance_chance(s, chance);
  Placement first;
  for (uint64_t future : {11u, 12u, 13u}) {
    // Two copies of the same table; only the generator of the future differs.
    State copy = s;
    Rng other(future);
    auto strong = make_bot(kSmallStrong, 9);
    Placement p = strong->choose({copy, 0});
    if (future == 11u) first = p;
    EXPECT_EQ(p, first);
    copy.apply(0, p);
    advance_chance(copy, other);  // the futures diverge only after the choice
  }
}

TEST(OnTourBots, StrengthOrderOnFixedSeeds) {
  const int games = 100 / kScale;
  double random = mean_score("random", games, 3);
  double greedy = mean_score("greedy", games, 3);
  EXPECT_GT(greedy, random + 6) << "greedy " << greedy << " random " << random;
  double strong = mean_score("strong:rollouts=6:candidates=8", 12 / kScale + 2, 3);
  double greedy_same = mean_score("greedy", 12 / kScale + 2, 3);
  EXPECT_GT(strong, greedy_same) << "strong " << strong << " greedy " << greedy_same;
}

}  // namespace
}  // namespace tabletop::ontour
