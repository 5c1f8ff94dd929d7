// A scenario for every card and every rule of moving (rules page "Moving" and "The cards"),
// positions written in the `tabletop sorry moves` JSON format.
#include <gtest/gtest.h>

#include "sorry/test_helpers.h"

namespace tabletop::sorry {
namespace {

using testing::red_vs_yellow;
using testing::run_query;

const std::string kYellowHome = R"(["start", "start", "start", "start"])";

TEST(SorryCards, OneStartsAPawnOrMovesOneForward) {
  auto o = red_vs_yellow(R"(["start", "start", "track:10", "home"])", kYellowHome, "1");
  EXPECT_EQ(o.size(), 2u);
  EXPECT_TRUE(o.has(
      R"({"red": ["track:4", "start", "track:10", "home"], "yellow": ["start", "start", "start", "start"]})"));
  EXPECT_TRUE(o.has(
      R"({"red": ["start", "start", "track:11", "home"], "yellow": ["start", "start", "start", "start"]})"));
}

// A 1, a 2 and a Sorry! take out the first of the player's pawns in START, and say which.
TEST(SorryCards, PawnsLeaveStartInOrder) {
  auto o = red_vs_yellow(R"(["track:10", "start", "start", "start"])",
                         R"(["track:30", "start", "start", "start"])", "1");
  const auto why = [&](Card card, const Action& a) {
    return check_card_move(o.query.position, o.query.options, kRed, card, a);
  };
  const int red = first_pawn(kRed), yellow = first_pawn(kYellow);  // yellow's on the track
  EXPECT_EQ(why(k1, Action::start(k1, red + 1)), "");
  const std::string next = "pawns leave START in order: name " + pawn_name(red + 1);
  EXPECT_EQ(why(k1, Action::start(k1, red + 2)), next);
  EXPECT_EQ(why(kSorry, Action::sorry(red + 3, yellow)), next);
  EXPECT_EQ(why(kSorry, Action::sorry(red + 1, yellow)), "");
  EXPECT_EQ(why(k2, Action::start(k2, red)), pawn_name(red) + " is not in START");
  EXPECT_EQ(why(kSorry, Action::sorry(red, yellow)), pawn_name(red) + " is not in START");
}

TEST(SorryCards, TwoStartsAPawnThatStopsOnTheStartCircle) {
  auto o = red_vs_yellow(R"(["start", "start", "start", "start"])", kYellowHome, "2");
  ASSERT_EQ(o.size(), 1u);
  EXPECT_TRUE(o.has(
      R"({"red": ["track:4", "start", "start", "start"], "yellow": ["start", "start", "start", "start"]})"));
}

TEST(SorryCards, StartingBumpsAnOpponentAndIsBlockedByOwnPawn) {
  auto o = red_vs_yellow(R"(["start", "start", "start", "start"])",
                         R"(["track:4", "start", "start", "start"])", "1");
  ASSERT_EQ(o.size(), 1u);
  EXPECT_TRUE(o.has(
      R"({"red": ["track:4", "start", "start", "start"], "yellow": ["start", "start", "start", "start"]})"));
  auto blocked = red_vs_yellow(R"(["start", "track:4", "start", "start"])", kYellowHome, "2");
  ASSERT_EQ(blocked.size(), 1u);  // only track:4 -> track:6
  EXPECT_TRUE(blocked.has(
      R"({"red": ["start", "track:6", "start", "start"], "yellow": ["start", "start", "start", "start"]})"));
}

TEST(SorryCards, OnlyOneTwoOrSorryLeaveStart) {
  for (const char* card : {"3", "4", "5", "7", "8", "10", "11", "12"}) {
    auto o = red_vs_yellow(R"(["start", "start", "start", "start"])",
                           R"(["track:20", "start", "start", "start"])", card);
    EXPECT_EQ(o.size(), 0u) << card;
  }
}

TEST(SorryCards, ForwardCardsCountEverySquareAndBump) {
  for (int n : {3, 5, 8, 12}) {
    auto o = red_vs_yellow(
        R"(["track:20", "start", "start", "start"])",
        R"(["track:)" + std::to_string(20 + n) + R"(", "track:21", "start", "start"])",
        std::to_string(n));
    ASSERT_EQ(o.size(), 1u) << n;
    EXPECT_TRUE(o.has(
        R"({"red": ["track:)" + std::to_string(20 + n) +
        R"(", "start", "start", "start"], "yellow": ["start", "track:21", "start", "start"]})"))
        << n;
  }
}

TEST(SorryCards, EndingOnOwnPawnIsNotAMove) {
  auto o = red_vs_yellow(R"(["track:20", "track:25", "start", "start"])", kYellowHome, "5");
  ASSERT_EQ(o.size(), 1u);
  EXPECT_TRUE(o.has(
      R"({"red": ["track:20", "track:30", "start", "start"], "yellow": ["start", "start", "start", "start"]})"));
}

TEST(SorryCards, HomeNeedsTheExactCount) {
  EXPECT_EQ(red_vs_yellow(R"(["safety:4", "safety:3", "home", "home"])", kYellowHome, "3").size(),
            0u);
  auto two = red_vs_yellow(R"(["safety:4", "safety:3", "home", "home"])", kYellowHome, "2");
  ASSERT_EQ(two.size(), 1u);
  EXPECT_TRUE(two.has(
      R"({"red": ["safety:4", "home", "home", "home"], "yellow": ["start", "start", "start", "start"]})"));
  // safety:3 + 1 would land on its own pawn at safety:4.
  auto one = red_vs_yellow(R"(["safety:4", "safety:3", "home", "home"])", kYellowHome, "1");
  ASSERT_EQ(one.size(), 1u);
  EXPECT_TRUE(one.has(
      R"({"red": ["home", "safety:3", "home", "home"], "yellow": ["start", "start", "start", "start"]})"));
  // From the safety entry (track:2) six steps is HOME, seven is past it.
  EXPECT_EQ(red_vs_yellow(R"(["track:2", "home", "home", "home"])", kYellowHome, "7").size(), 0u);
  EXPECT_EQ(red_vs_yellow(R"(["track:1", "home", "home", "home"])", kYellowHome, "7").size(), 1u);
}

TEST(SorryCards, ReachingTheSafetyEntryTurnsIntoTheSafetyZone) {
  auto o = red_vs_yellow(R"(["track:58", "start", "start", "start"])", kYellowHome, "5");
  EXPECT_TRUE(o.has(
      R"({"red": ["safety:0", "start", "start", "start"], "yellow": ["start", "start", "start", "start"]})"));
  // Yellow passes over Red's safety entry.
  auto y = run_query(
      R"({"players": ["red", "yellow"], "pawns": {"red": ["start", "start", "start", "start"],
      "yellow": ["track:58", "start", "start", "start"]}, "turn": "yellow", "card": "5"})");
  EXPECT_TRUE(y.has(
      R"({"red": ["start", "start", "start", "start"], "yellow": ["track:3", "start", "start", "start"]})"));
}

TEST(SorryCards, FourMovesBackwardAndSlides) {
  auto o = red_vs_yellow(R"(["track:10", "track:20", "start", "start"])",
                         R"(["track:18", "start", "start", "start"])", "4");
  EXPECT_EQ(o.size(), 2u);
  EXPECT_TRUE(o.has(
      R"({"red": ["track:6", "track:20", "start", "start"], "yellow": ["track:18", "start", "start", "start"]})"));
  // Back 4 from 20 lands on Blue's slide head (16): slide to 19, bumping Yellow on 18.
  EXPECT_TRUE(o.has(
      R"({"red": ["track:10", "track:19", "start", "start"], "yellow": ["start", "start", "start", "start"]})"));
}

TEST(SorryCards, BackwardOutOfTheSafetyZone) {
  auto o = red_vs_yellow(R"(["safety:1", "home", "home", "home"])", kYellowHome, "4");
  ASSERT_EQ(o.size(), 1u);
  EXPECT_TRUE(o.has(
      R"({"red": ["track:0", "home", "home", "home"], "yellow": ["start", "start", "start", "start"]})"));
  auto ten = red_vs_yellow(R"(["safety:0", "home", "home", "home"])", kYellowHome, "10");
  ASSERT_EQ(ten.size(), 1u);  // forward 10 is past HOME; back 1 is the entry square
  EXPECT_TRUE(ten.has(
      R"({"red": ["track:2", "home", "home", "home"], "yellow": ["start", "start", "start", "start"]})"));
}

TEST(SorryCards, BackwardNeverEntersTheSafetyZone) {
  // Blue at 21 goes back 4 past its own safety entry (17) onto the track, never into the zone.
  auto o = run_query(
      R"({"players": ["red", "blue"], "pawns": {"red": ["start", "start", "start", "start"],
      "blue": ["track:21", "start", "start", "start"]}, "turn": "blue", "card": "4"})");
  ASSERT_EQ(o.size(), 1u);
  EXPECT_TRUE(o.has(
      R"({"red": ["start", "start", "start", "start"], "blue": ["track:17", "start", "start", "start"]})"));
}

TEST(SorryCards, FourFromTheStartCircleThenIntoTheSafetyZone) {
  auto back = red_vs_yellow(R"(["track:4", "start", "start", "start"])", kYellowHome, "4");
  ASSERT_EQ(back.size(), 1u);
  EXPECT_TRUE(back.has(
      R"({"red": ["track:0", "start", "start", "start"], "yellow": ["start", "start", "start", "start"]})"));
  auto five = red_vs_yellow(R"(["track:0", "start", "start", "start"])", kYellowHome, "5");
  EXPECT_TRUE(five.has(
      R"({"red": ["safety:2", "start", "start", "start"], "yellow": ["start", "start", "start", "start"]})"));
  auto eight = red_vs_yellow(R"(["track:0", "start", "start", "start"])", kYellowHome, "8");
  EXPECT_TRUE(eight.has(
      R"({"red": ["home", "start", "start", "start"], "yellow": ["start", "start", "start", "start"]})"));
  // Back 1 from the start circle (+3) is not past the entry: a 5 goes along the track.
  auto long_way = red_vs_yellow(R"(["track:3", "start", "start", "start"])", kYellowHome, "5");
  EXPECT_TRUE(long_way.has(
      R"({"red": ["track:8", "start", "start", "start"], "yellow": ["start", "start", "start", "start"]})"));
}

TEST(SorryCards, SevenWholeOrSplitUsingAllSeven) {
  auto o = red_vs_yellow(R"(["track:10", "track:30", "start", "start"])", kYellowHome, "7");
  // Two whole moves and six splits (the orders give the same positions, listed once).
  EXPECT_EQ(o.size(), 8u);
  EXPECT_TRUE(o.has(
      R"({"red": ["track:17", "track:30", "start", "start"], "yellow": ["start", "start", "start", "start"]})"));
  EXPECT_TRUE(o.has(
      R"({"red": ["track:13", "track:34", "start", "start"], "yellow": ["start", "start", "start", "start"]})"));
  // Red#0 + 6 lands on Blue's head (16) and slides to 19; red#1 + 1 on Yellow's (31) slides to 34.
  EXPECT_TRUE(o.has(
      R"({"red": ["track:19", "track:34", "start", "start"], "yellow": ["start", "start", "start", "start"]})"));
  // A 7 never starts a pawn.
  EXPECT_EQ(red_vs_yellow(R"(["start", "track:10", "start", "start"])", kYellowHome, "7").size(),
            1u);
}

TEST(SorryCards, SevenSplitInBothOrders) {
  // Red#0 moves 4 off track:10 so that red#1 can land there with the 3: legal only in that order.
  auto o = red_vs_yellow(R"(["track:10", "track:7", "start", "start"])", kYellowHome, "7");
  MoveList moves;
  generate_card_moves(o.query.position, o.query.options, kRed, k7, moves);
  EXPECT_TRUE(moves.contains(Action::split(0, 4, 1, 3)));
  EXPECT_FALSE(moves.contains(Action::split(1, 3, 0, 4)));
  EXPECT_NE(check_card_move(o.query.position, o.query.options, kRed, k7, Action::split(1, 3, 0, 4)),
            "");
  // Independent parts: one order is listed, and the other is accepted too.
  EXPECT_TRUE(moves.contains(Action::split(0, 1, 1, 6)));
  EXPECT_FALSE(moves.contains(Action::split(1, 6, 0, 1)));
  EXPECT_EQ(check_card_move(o.query.position, o.query.options, kRed, k7, Action::split(1, 6, 0, 1)),
            "");
  // Red#0 + 3 onto Blue's head slides over red#1 (17), bumping it: red#1 must move first.
  auto slide = red_vs_yellow(R"(["track:13", "track:17", "start", "start"])", kYellowHome, "7");
  EXPECT_TRUE(slide.has(
      R"({"red": ["track:19", "track:21", "start", "start"], "yellow": ["start", "start", "start", "start"]})"));
  for (const auto& m : slide.moves) EXPECT_FALSE(m.action == Action::split(0, 3, 1, 4));
  bool found = false;
  for (const auto& m : slide.moves) found |= m.action == Action::split(1, 4, 0, 3);
  EXPECT_TRUE(found);
}

TEST(SorryCards, SevenSplitNeverPutsTwoOwnPawnsOnOneSquare) {
  // Red#0 + 3 and red#1 + 4 would both end on 13.
  auto o = red_vs_yellow(R"(["track:10", "track:9", "start", "start"])", kYellowHome, "7");
  for (const auto& m : o.moves) EXPECT_NE(m.after.place(0), m.after.place(1));
  MoveList moves;
  generate_card_moves(o.query.position, o.query.options, kRed, k7, moves);
  EXPECT_FALSE(moves.contains(Action::split(0, 3, 1, 4)));
  EXPECT_FALSE(moves.contains(Action::split(1, 4, 0, 3)));
  EXPECT_EQ(moves.size(), 2 + 5);
  // Distinct positions: {11,15}, {12,14}, {17,9} and {10,19} (red#1 + 7 slides; equal to the
  // 6+1 split).
  EXPECT_EQ(o.size(), 4u);
}

TEST(SorryCards, SevenWithOnePartReachingHome) {
  auto o = red_vs_yellow(R"(["safety:3", "track:10", "start", "start"])", kYellowHome, "7");
  EXPECT_TRUE(o.has(
      R"({"red": ["home", "track:15", "start", "start"], "yellow": ["start", "start", "start", "start"]})"));
  // If the other pawn cannot move the rest, taking one pawn HOME is not a move.
  EXPECT_EQ(red_vs_yellow(R"(["safety:3", "safety:1", "start", "start"])", kYellowHome, "7").size(),
            0u);
  // Both parts may end HOME.
  auto both = red_vs_yellow(R"(["safety:3", "safety:0", "start", "start"])", kYellowHome, "7");
  EXPECT_TRUE(both.has(
      R"({"red": ["home", "home", "start", "start"], "yellow": ["start", "start", "start", "start"]})"));
}

TEST(SorryCards, TenForwardTenOrBackOne) {
  auto o = red_vs_yellow(R"(["track:10", "start", "start", "start"])", kYellowHome, "10");
  ASSERT_EQ(o.size(), 2u);
  EXPECT_TRUE(o.has(
      R"({"red": ["track:20", "start", "start", "start"], "yellow": ["start", "start", "start", "start"]})"));
  EXPECT_TRUE(o.has(
      R"({"red": ["track:9", "start", "start", "start"], "yellow": ["start", "start", "start", "start"]})"));
}

TEST(SorryCards, ElevenForwardOrSwap) {
  auto o = red_vs_yellow(R"(["track:10", "start", "start", "start"])",
                         R"(["track:40", "safety:1", "start", "start"])", "11");
  ASSERT_EQ(o.size(), 2u);
  EXPECT_EQ(o.passes, 0);
  EXPECT_TRUE(o.has(
      R"({"red": ["track:21", "start", "start", "start"], "yellow": ["track:40", "safety:1", "start", "start"]})"));
  EXPECT_TRUE(o.has(
      R"({"red": ["track:40", "start", "start", "start"], "yellow": ["track:10", "safety:1", "start", "start"]})"));
}

TEST(SorryCards, ElevenPassWhenNoPawnCanGoForwardEleven) {
  // Red on 58 is 11 steps from... past HOME: no forward 11, but a swap exists.
  auto o = red_vs_yellow(R"(["track:58", "home", "home", "home"])",
                         R"(["track:40", "start", "start", "start"])", "11");
  ASSERT_EQ(o.size(), 2u);
  EXPECT_EQ(o.passes, 1);
  EXPECT_TRUE(o.has(
      R"({"red": ["track:40", "home", "home", "home"], "yellow": ["track:58", "start", "start", "start"]})"));
  auto json = moves_json(o.query, o.moves);
  bool pass_entry = false;
  for (const auto& e : json["moves"])
    if (e.value("pass", false)) pass_entry = e["move"] == "pass";
  EXPECT_TRUE(pass_entry);
  auto forced = red_vs_yellow(R"(["track:58", "home", "home", "home"])",
                              R"(["track:40", "start", "start", "start"])", "11",
                              R"({"eleven_optional": false})");
  EXPECT_EQ(forced.size(), 1u);
  EXPECT_EQ(forced.passes, 0);
  // Neither a forward 11 nor a swap: the card cannot be used.
  EXPECT_EQ(red_vs_yellow(R"(["track:58", "home", "home", "home"])",
                          R"(["safety:0", "start", "start", "start"])", "11")
                .size(),
            0u);
}

TEST(SorryCards, SwapOntoASlideHeadSlidesTheMoverOnly) {
  // Red swaps onto Yellow's own short slide head (31): Red slides to 34; Yellow goes to 58 and does
  // not slide.
  auto o = red_vs_yellow(R"(["track:58", "home", "home", "home"])",
                         R"(["track:31", "track:33", "start", "start"])", "11");
  EXPECT_TRUE(o.has(
      R"({"red": ["track:34", "home", "home", "home"], "yellow": ["track:58", "start", "start", "start"]})"));
  // Yellow moved onto Green's long slide head (54) slides only with swapped_opponent_slides.
  auto plain = red_vs_yellow(R"(["track:54", "home", "home", "home"])",
                             R"(["track:20", "start", "start", "start"])", "11");
  EXPECT_TRUE(plain.has(
      R"({"red": ["track:20", "home", "home", "home"], "yellow": ["track:54", "start", "start", "start"]})"));
  auto slides = red_vs_yellow(R"(["track:54", "home", "home", "home"])",
                              R"(["track:20", "start", "start", "start"])", "11",
                              R"({"swapped_opponent_slides": true})");
  EXPECT_TRUE(slides.has(
      R"({"red": ["track:20", "home", "home", "home"], "yellow": ["track:58", "start", "start", "start"]})"));
}

TEST(SorryCards, SorryTakesAnOpponentsPlace) {
  auto o = red_vs_yellow(R"(["start", "track:10", "start", "start"])",
                         R"(["track:20", "safety:2", "home", "start"])", "sorry");
  ASSERT_EQ(o.size(), 1u);  // not onto SAFETY, START or HOME
  EXPECT_TRUE(o.has(
      R"({"red": ["track:20", "track:10", "start", "start"], "yellow": ["start", "safety:2", "home", "start"]})"));
  // No pawn in START, or no opponent on the track: the card cannot be used.
  EXPECT_EQ(red_vs_yellow(R"(["track:5", "track:10", "home", "home"])",
                          R"(["track:20", "start", "start", "start"])", "sorry")
                .size(),
            0u);
  EXPECT_EQ(red_vs_yellow(R"(["start", "track:10", "home", "home"])",
                          R"(["safety:0", "start", "start", "start"])", "sorry")
                .size(),
            0u);
}

TEST(SorryCards, SorryOntoASlideHead) {
  // Yellow on Blue's short slide head (16): Red takes it and slides to 19, bumping Yellow on 18.
  auto o = red_vs_yellow(R"(["start", "start", "start", "start"])",
                         R"(["track:16", "track:18", "start", "start"])", "sorry");
  EXPECT_TRUE(o.has(
      R"({"red": ["track:19", "start", "start", "start"], "yellow": ["start", "start", "start", "start"]})"));
}

TEST(SorryCards, SorryForwardFourOption) {
  auto o = red_vs_yellow(R"(["start", "track:10", "start", "start"])",
                         R"(["track:20", "start", "start", "start"])", "sorry",
                         R"({"sorry_forward_4": true})");
  EXPECT_EQ(o.size(), 2u);
  EXPECT_TRUE(o.has(
      R"({"red": ["start", "track:14", "start", "start"], "yellow": ["track:20", "start", "start", "start"]})"));
}

TEST(SorryCards, SlideBumpsEveryPawnOnItOwnIncluded) {
  // Red + 3 from 13 lands on Blue's head 16 and slides to 19: Yellow on 18 and red#1 on 17 go home.
  auto o = red_vs_yellow(R"(["track:13", "track:17", "start", "start"])",
                         R"(["track:18", "start", "start", "start"])", "3");
  EXPECT_TRUE(o.has(
      R"({"red": ["track:19", "start", "start", "start"], "yellow": ["start", "start", "start", "start"]})"));
  // With own_pawns_bumped_on_slide off, red#1 stays.
  auto kept = red_vs_yellow(R"(["track:13", "track:17", "start", "start"])",
                            R"(["track:18", "start", "start", "start"])", "3",
                            R"({"own_pawns_bumped_on_slide": false})");
  EXPECT_TRUE(kept.has(
      R"({"red": ["track:19", "track:17", "start", "start"], "yellow": ["start", "start", "start", "start"]})"));
}

TEST(SorryCards, OwnPawnOnTheSlideHeadBlocks) {
  auto o = red_vs_yellow(R"(["track:13", "track:16", "start", "start"])", kYellowHome, "3");
  ASSERT_EQ(o.size(), 1u);  // only red#1 16 -> 19 (a pawn starting on a head does not slide)
  EXPECT_TRUE(o.has(
      R"({"red": ["track:13", "track:19", "start", "start"], "yellow": ["start", "start", "start", "start"]})"));
}

TEST(SorryCards, PassingOverAHeadOrOwnSlideDoesNotSlide) {
  auto over = red_vs_yellow(R"(["track:15", "start", "start", "start"])", kYellowHome, "3");
  EXPECT_TRUE(over.has(
      R"({"red": ["track:18", "start", "start", "start"], "yellow": ["start", "start", "start", "start"]})"));
  auto own = red_vs_yellow(R"(["track:5", "start", "start", "start"])", kYellowHome, "4");
  EXPECT_TRUE(own.has(
      R"({"red": ["track:1", "start", "start", "start"], "yellow": ["start", "start", "start", "start"]})"));
}

TEST(SorryCards, DistinctPositionsOnlyOnce) {
  // Two pawns in START give one start move; the 7's independent split orders are listed once.
  auto o = red_vs_yellow(R"(["start", "start", "track:20", "track:40"])", kYellowHome, "7");
  std::set<std::string> seen;
  for (const auto& m : o.moves)
    EXPECT_TRUE(seen.insert(pawns_json(m.after, o.query.options).dump()).second);
}

}  // namespace
}  // namespace tabletop::sorry
