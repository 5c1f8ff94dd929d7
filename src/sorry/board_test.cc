// Known facts of the board and the deck (rules page "Board", "Deck" and "Test facts").
#include "sorry/board.h"

#include <gtest/gtest.h>

#include "sorry/cards.h"

namespace tabletop::sorry {
namespace {

int steps_to_home(Colour c, Place from) {
  int steps = 0;
  while (from != kAtHome) {
    from = forward_place(c, from, 1);
    EXPECT_NE(from, kNoPlace);
    if (from == kNoPlace) return -1;
    ++steps;
  }
  return steps;
}

TEST(SorryFacts, DeckCounts) {
  CardCounts d = full_deck(45);
  EXPECT_EQ(d.total(), 45);
  EXPECT_EQ(d.count(k1), 5);
  for (Card c : {k2, k3, k4, k5, k7, k8, k10, k11, k12, kSorry}) EXPECT_EQ(d.count(c), 4) << c;
  EXPECT_FALSE(is_card(6));
  EXPECT_FALSE(is_card(9));
  CardCounts old = full_deck(44);
  EXPECT_EQ(old.total(), 44);
  EXPECT_EQ(old.count(k1), 4);
}

TEST(SorryFacts, SixtyFourStepsFromStartCircleToHome) {
  for (int c = 0; c < kNumColours; ++c) {
    auto col = static_cast<Colour>(c);
    EXPECT_EQ(steps_to_home(col, static_cast<Place>(start_circle(col))), kStepsStartCircleToHome);
    EXPECT_EQ(kStepsStartCircleToHome, 64);
  }
}

TEST(SorryFacts, SidesSlidesEntriesAndCircles) {
  EXPECT_EQ(safety_entry(kRed), 2);
  EXPECT_EQ(start_circle(kRed), 4);
  EXPECT_EQ(safety_entry(kBlue), 17);
  EXPECT_EQ(start_circle(kGreen), 49);
  const Geometry& g = geometry();
  // Blue's short slide 16..19 and long slide 24..28; nobody slides on their own colour.
  EXPECT_EQ(g.slide_end[kRed][16], 19);
  EXPECT_EQ(g.slide_end[kRed][24], 28);
  EXPECT_EQ(g.slide_end[kBlue][16], kNoPlace);
  EXPECT_EQ(g.slide_end[kBlue][24], kNoPlace);
  EXPECT_EQ(g.slide_end[kBlue][1], 4);
  EXPECT_EQ(g.slide_end[kBlue][9], 13);
  EXPECT_EQ(g.slide_end[kYellow][17], kNoPlace);  // not a head
  int heads = 0;
  for (int q = 0; q < kTrackSize; ++q) heads += g.slide_end[kRed][q] != kNoPlace;
  EXPECT_EQ(heads, 6);  // two per other side
}

TEST(SorryFacts, BackFourFromTheStartCircleIsEightFromHome) {
  for (int c = 0; c < kNumColours; ++c) {
    auto col = static_cast<Colour>(c);
    Place corner = backward_place(col, static_cast<Place>(start_circle(col)), 4);
    EXPECT_EQ(corner, side_start(c));
    EXPECT_EQ(steps_to_home(col, corner), 8);
    // Back 1 lands on +3, past the entry: no shortcut, the long way round.
    Place three = backward_place(col, static_cast<Place>(start_circle(col)), 1);
    EXPECT_EQ(three, side_start(c) + 3);
    EXPECT_EQ(steps_to_home(col, three), 65);
  }
}

TEST(SorryFacts, SafetyZoneAndExactCount) {
  EXPECT_EQ(forward_place(kRed, 2, 1), safety(0));
  EXPECT_EQ(forward_place(kRed, 2, 6), kAtHome);
  EXPECT_EQ(forward_place(kRed, 2, 7), kNoPlace);
  EXPECT_EQ(forward_place(kRed, safety(4), 1), kAtHome);
  EXPECT_EQ(forward_place(kRed, safety(4), 2), kNoPlace);
  EXPECT_EQ(forward_place(kBlue, 2, 1), 3);  // not Blue's entry
  EXPECT_EQ(forward_place(kRed, 58, 4), 2);
  EXPECT_EQ(forward_place(kRed, 58, 5), safety(0));
  EXPECT_EQ(forward_place(kRed, kAtStart, 1), kNoPlace);
  EXPECT_EQ(forward_place(kRed, kAtHome, 1), kNoPlace);
  // Backward out of the zone: safety 1 back 4 = safety 0, entry, then two more squares.
  EXPECT_EQ(backward_place(kRed, safety(1), 4), 0);
  EXPECT_EQ(backward_place(kRed, safety(0), 1), 2);
  EXPECT_EQ(backward_place(kRed, safety(3), 1), safety(2));
  EXPECT_EQ(backward_place(kRed, 1, 4), 57);
}

TEST(SorryFacts, NamesRoundTrip) {
  for (int p = 0; p < kNumPlaces; ++p) {
    Place back{};
    ASSERT_TRUE(parse_place(place_name(static_cast<Place>(p)), &back)) << p;
    EXPECT_EQ(back, p);
  }
  Place x{};
  EXPECT_FALSE(parse_place("track:60", &x));
  EXPECT_FALSE(parse_place("safety:5", &x));
  EXPECT_FALSE(parse_place("track:", &x));
  EXPECT_FALSE(parse_place("track:-1", &x));
  int pawn = 0;
  ASSERT_TRUE(parse_pawn("yellow#3", &pawn));
  EXPECT_EQ(pawn, 11);
  EXPECT_EQ(pawn_name(pawn), "yellow#3");
  EXPECT_FALSE(parse_pawn("purple#1", &pawn));
  Card c{};
  EXPECT_TRUE(parse_card("sorry", &c));
  EXPECT_EQ(c, kSorry);
  EXPECT_FALSE(parse_card("6", &c));
}

}  // namespace
}  // namespace tabletop::sorry
