#include "core/text.h"

#include <gtest/gtest.h>

namespace tabletop {
namespace {

TEST(Mentions, ANumberIsNotPartOfALongerOne) {
  EXPECT_TRUE(mentions("yellow#0 track:5 -> track:15", "track:5"));
  EXPECT_FALSE(mentions("yellow#0 track:45 -> track:55", "track:5"));
  EXPECT_FALSE(mentions("yellow#0 track:45 -> track:55", "track:4"));
  EXPECT_TRUE(mentions("yellow#0 track:45 -> track:55", "track:55"));
  EXPECT_TRUE(mentions("red#1 start -> track:4", "track:4"));  // at the end
  EXPECT_FALSE(mentions("red#12", "2"));
  EXPECT_FALSE(mentions("red#21", "2"));
  EXPECT_TRUE(mentions("red#2 safety:1", "2"));
}

TEST(Mentions, WordsMayBeginLongerOnes) {
  EXPECT_TRUE(mentions("red#1 track:3 -> track:7, bumps blue#2", "bump"));
  EXPECT_TRUE(mentions("red#1 track:3 -> track:7", "red#1"));
  EXPECT_FALSE(mentions("red#1 track:3", "blue"));
  EXPECT_FALSE(mentions("red#1", ""));
}

TEST(EditDistance, CountsEachSlipOnceASwapIncluded) {
  EXPECT_EQ(edit_distance("strong", "strong"), 0u);
  EXPECT_EQ(edit_distance("strnog", "strong"), 1u);  // two neighbours swapped
  EXPECT_EQ(edit_distance("yelow", "yellow"), 1u);
  EXPECT_EQ(edit_distance("fastt_start", "fast_start"), 1u);
  EXPECT_EQ(edit_distance("", "red"), 3u);
  EXPECT_EQ(edit_distance("blue", "green"), 4u);
}

TEST(LikelyName, TheNearestNameASlipOrTwoAway) {
  const std::vector<std::string> bots = {"random", "greedy", "learnt", "strong"};
  EXPECT_EQ(likely_name("strnog", bots), "strong");
  EXPECT_EQ(likely_name(" Greddy ", bots), "greedy");  // case and blanks not counted
  EXPECT_EQ(likely_name("wizard", bots), "");
  const std::vector<std::string> colours = {"all", "red", "yellow"};
  EXPECT_EQ(likely_name("yelow", colours), "yellow");
  EXPECT_EQ(likely_name("rd", colours), "red");
  EXPECT_EQ(likely_name("bd", colours), "");  // two slips are too many for a short word
  EXPECT_EQ(likely_name("yelloww", colours), "yellow");
  EXPECT_EQ(did_you_mean("fastt_start", {"deck", "fast_start"}), "; did you mean fast_start?");
  EXPECT_EQ(did_you_mean("speed", {"deck", "fast_start"}), "");
}

TEST(ShellQuoted, QuotesWhatAShellWouldSplitOrExpand) {
  EXPECT_EQ(shell_quoted("games/game-000017.json"), "games/game-000017.json");
  EXPECT_EQ(shell_quoted("my game.json"), "'my game.json'");
  EXPECT_EQ(shell_quoted("it's.json"), "'it'\\''s.json'");
  EXPECT_EQ(shell_quoted("$HOME.json"), "'$HOME.json'");
  EXPECT_EQ(shell_quoted(""), "''");
}

}  // namespace
}  // namespace tabletop
