// A scenario test for every rule and option of ../shared/rules/ontour.md: positions are reached
// through the real state machine with chosen dice and cards (as in companion mode).
#include "ontour/state.h"

#include <gtest/gtest.h>

#include "core/error.h"

namespace tabletop::ontour {
namespace {

int card_of(const Map& m, const std::string& id) {
  for (int c = 0; c < m.num_cards(); ++c)
    if (m.space(m.cards()[c].space).id == id) return c;
  ADD_FAILURE() << "no card " << id;
  return -1;
}

void roll(State& s, int a, int b) { s.apply_chance(ChanceAction::roll(a, b)); }
void draw(State& s, const std::string& id) {
  s.apply_chance(ChanceAction::draw(card_of(s.map(), id)));
}
int sp(const State& s, const std::string& id) { return s.map().find(id); }

Placement place(std::initializer_list<Write> writes) {
  Placement p;
  for (const auto& w : writes) p.add(w);
  return p;
}

std::string why(const State& s, int player, const Placement& p) {
  auto r = s.check(player, p);
  return r ? *r : "legal";
}

// Eight spaces built so that regions fill up quickly:
//   west {W1 W2 W3}, north {W1 W2 N1 N2}, south {W3 S1 S2 S3}, central {N1 S1}, east {N2 S2 S3}.
std::shared_ptr<const Map> tiny_map() {
  return std::make_shared<const Map>(Map::from_json(Json::parse(R"({
    "id": "tiny", "spaces": [
      {"id": "W1", "ns": "north", "wce": "west"}, {"id": "W2", "ns": "north", "wce": "west"},
      {"id": "W3", "ns": "south", "wce": "west"}, {"id": "N1", "ns": "north", "wce": "central"},
      {"id": "N2", "ns": "north", "wce": "east"}, {"id": "S1", "ns": "south", "wce": "central"},
      {"id": "S2", "ns": "south", "wce": "east"}, {"id": "S3", "ns": "south", "wce": "east"}],
    "lines": [["W1","W2"],["W2","W3"],["W3","N1"],["N1","N2"],["N2","S1"],["S1","S2"],["S2","S3"]],
    "cards": [{"space": "W1", "region": "west"}, {"space": "W2", "region": "west"},
              {"space": "W3", "region": "west"}, {"space": "N1", "region": "north"},
              {"space": "N2", "region": "north"}, {"space": "S1", "region": "south"},
              {"space": "S2", "region": "east"}, {"space": "S3", "region": "south"}]})")));
}

// The tiny game up to the start of turn 3: setup (05 in S1, 50 in S2), turn 1 (12 in W1, 21 in W2),
// turn 2 (three west cards: a star turn; the star goes to W3, the last west space).
State tiny_to_turn3(Options o = {}) {
  o.setup_rolls = 1;
  State s(tiny_map(), o, 1);
  roll(s, 0, 5);
  draw(s, "S1");
  draw(s, "S2");
  draw(s, "N1");
  draw(s, "N2");
  draw(s, "S3");
  roll(s, 1, 2);
  EXPECT_EQ(s.turn_kind(), TurnKind::kNumbers);
  s.apply(0, place({Write::number(sp(s, "W1"), 12, 0), Write::number(sp(s, "W2"), 21, 1)}));
  draw(s, "W1");
  draw(s, "W2");
  draw(s, "W3");
  roll(s, 1, 2);
  EXPECT_EQ(s.turn_kind(), TurnKind::kStar) << "three west cards make a star turn";
  s.apply(0, place({Write::star(sp(s, "W3"))}));
  EXPECT_TRUE(s.sheet(0).is_circled(sp(s, "W3"))) << "W3 is named on a card";
  EXPECT_EQ(s.empty_count(), 3);
  EXPECT_EQ(s.draw_pile_size(), 0);
  EXPECT_EQ(s.discard_size(), 6);
  return s;
}

// A placement is told with its numbers low first, the order in which a player types them.
TEST(OnTourActions, DescribeTellsTheLowNumberFirst) {
  const Map& usa = Map::builtin("usa");
  Placement p;
  p.add(Write::number(usa.find("WA"), 61, -1));
  p.add(Write::number(usa.find("ND"), 16, -1));
  EXPECT_EQ(describe(usa, p), "16 in ND, 61 in WA");
  Placement q;
  q.add(Write::number(usa.find("NY"), 12, 0));
  q.add(Write::cross(usa.find("TX")));
  EXPECT_EQ(describe(usa, q), "12 in NY (card 1), X in TX");
}

TEST(OnTourSetup, TwoRollsFourCircledNumbersFourCardsGone) {
  State s(Map::builtin("usa"), Options{}, 2);
  EXPECT_EQ(s.phase(), Phase::kSetupRoll);
  EXPECT_THROW(roll(s, 4, 4), IllegalAction) << "setup dice must differ";
  EXPECT_EQ(*s.check_chance(ChanceAction::roll(4, 4)), "setup dice must differ: roll again");
  roll(s, 3, 7);
  draw(s, "WA");
  draw(s, "OR");
  roll(s, 5, 0);
  draw(s, "ID");
  draw(s, "MT");
  for (int p = 0; p < 2; ++p) {
    const Sheet& sh = s.sheet(p);
    EXPECT_EQ(sh.cell(sp(s, "WA")), 37);
    EXPECT_EQ(sh.cell(sp(s, "OR")), 73);
    EXPECT_EQ(sh.cell(sp(s, "ID")), 5);
    EXPECT_EQ(sh.cell(sp(s, "MT")), 50);
    EXPECT_EQ(count(sh.circled()), 4);
  }
  EXPECT_EQ(s.draw_pile_size(), 37);
  EXPECT_EQ(s.discard_size(), 0);
  EXPECT_EQ(s.empty_count(), 37);
  EXPECT_EQ(s.phase(), Phase::kDraw);
  EXPECT_EQ(s.turn(), 1);
  // The setup cards have left the game.
  EXPECT_TRUE(s.check_chance(ChanceAction::draw(card_of(s.map(), "WA"))).has_value());
  EXPECT_EQ(s.chance_outcomes().size(), 37u);
}

TEST(OnTourSetup, OneRollOption) {
  Options o;
  o.setup_rolls = 1;
  State s(Map::builtin("europe"), o, 1);
  roll(s, 2, 9);
  draw(s, "FR");
  draw(s, "DE");
  EXPECT_EQ(count(s.sheet(0).circled()), 2);
  EXPECT_EQ(s.phase(), Phase::kDraw);
  EXPECT_EQ(s.draw_pile_size(), 38);
}

// The tiny game at the start of its last turns: turn 3 writes 43 in N1 and an X in S3,
// leaving N2 the one empty space.
State tiny_one_empty(Options o = {}) {
  State s = tiny_to_turn3(o);
  draw(s, "W1");
  draw(s, "W2");
  draw(s, "N1");
  roll(s, 3, 4);
  s.apply(0, place({Write::number(sp(s, "N1"), 43, 2), Write::cross(sp(s, "S3"))}));
  return s;
}

State usa_after_setup(int players = 1, Options o = {}) {
  State s(Map::builtin("usa"), o, players);
  roll(s, 3, 7);
  draw(s, "WA");
  draw(s, "OR");
  roll(s, 5, 0);
  draw(s, "ID");
  draw(s, "MT");
  return s;
}

// Turn 1 of usa_after_setup with its three cards on the table: NY (north), TX (south), CA (west).
State usa_turn1_cards(int players = 1, Options o = {}) {
  State s = usa_after_setup(players, o);
  draw(s, "NY");
  draw(s, "TX");
  draw(s, "CA");
  return s;
}

TEST(OnTourTurn, NumbersUseDifferentCardsAndTheirRegions) {
  State s = usa_turn1_cards(2);
  EXPECT_EQ(s.phase(), Phase::kRoll);
  roll(s, 1, 2);
  EXPECT_EQ(s.turn_kind(), TurnKind::kNumbers);
  EXPECT_EQ(s.dice().low(), 12);
  EXPECT_EQ(s.dice().high(), 21);
  int NY = sp(s, "NY"), NM = sp(s, "NM"), TX = sp(s, "TX"), WA = sp(s, "WA");
  EXPECT_EQ(why(s, 0, place({Write::number(TX, 12, 0), Write::number(NM, 21, 2)})),
            "TX is not in the north region of card 1 (NY)");
  EXPECT_EQ(why(s, 0, place({Write::number(NY, 12, 0), Write::number(sp(s, "MN"), 21, 0)})),
            "the two numbers must use different cards");
  EXPECT_EQ(why(s, 0, place({Write::number(NY, 13, 0), Write::number(NM, 21, 2)})),
            "13 is not one of this turn's numbers (12 and 21)");
  EXPECT_EQ(why(s, 0, place({Write::number(NY, 12, 0), Write::number(NY, 21, 1)})),
            "NY is used twice");
  EXPECT_EQ(why(s, 0, place({Write::number(WA, 12, 0), Write::number(NM, 21, 2)})),
            "WA is not empty");
  EXPECT_EQ(why(s, 0, place({Write::number(NY, 12, 0), Write::number(NM, 12, 2)})),
            "12 is written twice");
  EXPECT_EQ(why(s, 0, place({Write::number(NY, 12, 0)})), "this turn needs 2 writes");
  EXPECT_EQ(why(s, 0, place({Write::number(NY, 12, 0), Write::cross(NM)})),
            "both numbers can be placed, so no X");
  EXPECT_EQ(why(s, 0, place({Write::star(NY), Write::number(NM, 21, 2)})),
            "a star is written only on a star turn");
  EXPECT_THROW(s.apply(0, place({Write::number(TX, 12, 0), Write::number(NM, 21, 2)})),
               IllegalAction);

  // NY is card 1's own space: circled. NM is only in card 3's region: not circled.
  s.apply(0, place({Write::number(NY, 12, 0), Write::number(NM, 21, 2)}));
  EXPECT_TRUE(s.sheet(0).is_circled(NY));
  EXPECT_FALSE(s.sheet(0).is_circled(NM));
  EXPECT_FALSE(s.awaiting(0));
  EXPECT_TRUE(s.awaiting(1));
  EXPECT_EQ(why(s, 0, place({Write::number(NY, 12, 0), Write::number(NM, 21, 2)})),
            "this player has already placed this turn");
  // Player 2 may also take the south card for the high number, into Texas.
  s.apply(1, place({Write::number(TX, 21, 1), Write::number(sp(s, "NE"), 12, 0)}));
  EXPECT_TRUE(s.sheet(1).is_circled(TX));
  // All have placed: the turn ends, its cards are discarded.
  EXPECT_EQ(s.phase(), Phase::kDraw);
  EXPECT_EQ(s.turn(), 2);
  EXPECT_EQ(s.discard_size(), 3);
  EXPECT_EQ(s.empty_count(), 35);
}

TEST(OnTourTurn, DoublesMakeAStarTurnCircledOnlyOnANamedSpace) {
  State s = usa_turn1_cards();
  roll(s, 4, 4);
  EXPECT_EQ(s.turn_kind(), TurnKind::kStar);
  int NY = sp(s, "NY"), MN = sp(s, "MN");
  EXPECT_EQ(why(s, 0, place({Write::number(NY, 44, 0), Write::number(MN, 44, 1)})),
            "this turn needs 1 write");
  EXPECT_EQ(why(s, 0, place({Write::number(NY, 44, 0)})), "this is a star turn: no numbers");
  EXPECT_EQ(why(s, 0, place({Write::cross(MN)})),
            "the star can be placed in a shown region, so no X");
  State other = s;
  s.apply(0, place({Write::star(MN)}));  // north, but not a named space
  EXPECT_TRUE(s.sheet(0).is_star(MN));
  EXPECT_FALSE(s.sheet(0).is_circled(MN));
  other.apply(0, place({Write::star(NY)}));
  EXPECT_TRUE(other.sheet(0).is_circled(NY));
}

TEST(OnTourTurn, StarAlwaysCircledOption) {
  Options o;
  o.star_always_circled = true;
  State s = usa_turn1_cards(1, o);
  roll(s, 0, 0);
  EXPECT_EQ(s.turn_kind(), TurnKind::kStar);
  s.apply(0, place({Write::star(sp(s, "MN"))}));
  EXPECT_TRUE(s.sheet(0).is_circled(sp(s, "MN")));
}

TEST(OnTourTurn, ThreeCardsOfOneRegionMakeAStarTurn) {
  State s = usa_after_setup();
  draw(s, "UT");  // west
  draw(s, "CA");  // west
  draw(s, "NM");  // west
  roll(s, 1, 8);
  EXPECT_EQ(s.turn_kind(), TurnKind::kStar);
  EXPECT_EQ(why(s, 0, place({Write::star(sp(s, "TX"))})),
            "TX is not in a region shown on this turn's cards");
  EXPECT_EQ(s.legal_placements(0).size(), 7u) << "the empty west spaces (WA, OR, ID, MT gone)";
}

TEST(OnTourX, OneNumberPlaceableMeansOneX) {
  State s = tiny_to_turn3();
  // The pile is empty: the discards are shuffled into a new pile.
  draw(s, "W1");
  EXPECT_EQ(s.draw_pile_size(), 5);
  EXPECT_EQ(s.discard_size(), 0);
  draw(s, "W2");
  draw(s, "N1");
  roll(s, 3, 4);
  // West is full; only the north card (slot 2) has room: N1 or N2.
  EXPECT_EQ(s.max_placeable(0), 1);
  int N1 = sp(s, "N1"), N2 = sp(s, "N2"), S3 = sp(s, "S3");
  EXPECT_EQ(why(s, 0, place({Write::cross(N1), Write::cross(N2)})),
            "one number can be placed: place it, and an X for the other");
  EXPECT_EQ(why(s, 0, place({Write::number(N1, 34, 2), Write::number(N2, 43, 2)})),
            "the two numbers must use different cards");
  EXPECT_EQ(why(s, 0, place({Write::number(N1, 43, 2), Write::cross(S3)})), "legal");
  // Every legal placement is one number on card 3 and one X.
  auto legal = s.legal_placements(0);
  EXPECT_EQ(legal.size(), 2u * 2u * 2u) << "2 numbers x 2 spaces x 2 spaces left for the X";
  s.apply(0, place({Write::number(N1, 43, 2), Write::cross(S3)}));
  EXPECT_TRUE(s.sheet(0).is_circled(N1));
  EXPECT_TRUE(s.sheet(0).is_cross(S3));
  EXPECT_EQ(s.empty_count(), 1);
}

TEST(OnTourX, XAnywhereFalseKeepsTheXInACardRegion) {
  Options o;
  o.x_anywhere = false;
  State s = tiny_to_turn3(o);
  draw(s, "W1");
  draw(s, "W2");
  draw(s, "N1");
  roll(s, 3, 4);
  int N1 = sp(s, "N1"), N2 = sp(s, "N2"), S3 = sp(s, "S3");
  EXPECT_EQ(why(s, 0, place({Write::number(N1, 43, 2), Write::cross(S3)})),
            "an X must go into a region of this turn's cards while one has room");
  EXPECT_EQ(why(s, 0, place({Write::number(N1, 43, 2), Write::cross(N2)})), "legal");
  EXPECT_EQ(s.legal_placements(0).size(), 4u);
}

TEST(OnTourX, VoluntaryXOption) {
  State plain = usa_turn1_cards();
  Options o;
  o.voluntary_x = true;
  State s = usa_turn1_cards(1, o);
  for (State* st : {&plain, &s}) roll(*st, 1, 2);
  Placement p = place({Write::number(sp(s, "NY"), 12, 0), Write::cross(sp(s, "FL"))});
  EXPECT_EQ(why(plain, 0, p), "both numbers can be placed, so no X");
  EXPECT_EQ(why(s, 0, p), "legal");
  EXPECT_GT(s.legal_placements(0).size(), plain.legal_placements(0).size());
}

TEST(OnTourX, VoluntaryXStandsForANumberNotAStar) {
  Options o;
  o.voluntary_x = true;
  State s = usa_turn1_cards(1, o);
  roll(s, 4, 4);
  ASSERT_EQ(s.turn_kind(), TurnKind::kStar);
  EXPECT_EQ(why(s, 0, place({Write::cross(sp(s, "FL"))})),
            "the star can be placed in a shown region, so no X");
  for (const Placement& p : s.legal_placements(0)) EXPECT_EQ(p.writes[0].kind, WriteKind::kStar);
}

TEST(OnTourX, VoluntaryXInTheLastTurnsStandsForANumberOnly) {
  Options o;
  o.voluntary_x = true;
  State s = tiny_one_empty(o);
  ASSERT_EQ(s.empty_count(), 1);
  State numbers = s;
  roll(s, 7, 7);
  ASSERT_EQ(s.turn_kind(), TurnKind::kLastStar);
  EXPECT_EQ(why(s, 0, place({Write::cross(sp(s, "N2"))})), "the star can be placed, so no X");
  EXPECT_EQ(s.legal_placements(0).size(), 1u);
  roll(numbers, 5, 6);
  EXPECT_EQ(why(numbers, 0, place({Write::cross(sp(s, "N2"))})), "legal");
  EXPECT_EQ(numbers.legal_placements(0).size(), 3u) << "56, 65 or an X";
}

// A record whose star was written as an X by choice is refused, saying why.
TEST(OnTourX, ARecordOfAnXForAStarSaysWhyItIsRefused) {
  Options o;
  o.voluntary_x = true;
  State s = usa_turn1_cards(1, o);
  roll(s, 4, 4);
  s.apply(0, place({Write::star(sp(s, "MN"))}));
  Json j = s.to_json();
  j["log"].back()["writes"][0]["write"] = "X";
  try {
    State::from_json(j);
    FAIL() << "an X for a star was replayed";
  } catch (const InvalidInput& e) {
    EXPECT_NE(std::string(e.what()).find("the star can be placed in a shown region, so no X "
                                         "(voluntary_x lets an X stand for a number only"),
              std::string::npos)
        << e.what();
  }
}

TEST(OnTourX, StarWithNoRoomBecomesAnX) {
  State s = tiny_to_turn3();
  draw(s, "W1");
  draw(s, "W2");
  draw(s, "W3");
  roll(s, 6, 2);
  EXPECT_EQ(s.turn_kind(), TurnKind::kStar);
  EXPECT_EQ(s.max_placeable(0), 0);
  EXPECT_EQ(why(s, 0, place({Write::star(sp(s, "N1"))})),
            "N1 is not in a region shown on this turn's cards");
  EXPECT_EQ(s.legal_placements(0).size(), 3u) << "an X in any of the 3 empty spaces";
  s.apply(0, place({Write::cross(sp(s, "S3"))}));
  EXPECT_EQ(s.empty_count(), 2);
  // Two empty spaces: the last turns, without cards.
  EXPECT_EQ(s.phase(), Phase::kRoll);
}

TEST(OnTourLastTurns, TwoEmptySpacesTakeOneNumberEach) {
  State s = tiny_to_turn3();
  draw(s, "W1");
  draw(s, "W2");
  draw(s, "W3");
  roll(s, 6, 2);
  s.apply(0, place({Write::cross(sp(s, "S3"))}));
  ASSERT_EQ(s.empty_count(), 2);
  EXPECT_EQ(s.revealed_count(), 0) << "no cards are revealed";
  roll(s, 1, 3);
  EXPECT_EQ(s.turn_kind(), TurnKind::kLastNumbers);
  int N1 = sp(s, "N1"), N2 = sp(s, "N2");
  EXPECT_EQ(why(s, 0, place({Write::number(N1, 13, -1)})), "this turn needs 2 writes");
  EXPECT_EQ(why(s, 0, place({Write::number(N1, 13, 0), Write::number(N2, 31, -1)})),
            "no cards are used in the last turns");
  EXPECT_EQ(s.legal_placements(0).size(), 2u) << "which number goes where";
  s.apply(0, place({Write::number(N2, 13, -1), Write::number(N1, 31, -1)}));
  EXPECT_FALSE(s.sheet(0).is_circled(N1));
  EXPECT_FALSE(s.sheet(0).is_circled(N2));
  EXPECT_TRUE(s.is_terminal());
}

TEST(OnTourLastTurns, OneEmptySpaceAndDoublesGiveAnUncircledStar) {
  State s = tiny_one_empty();
  ASSERT_EQ(s.empty_count(), 1);
  State numbers = s;
  roll(s, 7, 7);
  EXPECT_EQ(s.turn_kind(), TurnKind::kLastStar);
  s.apply(0, place({Write::star(sp(s, "N2"))}));
  EXPECT_TRUE(s.sheet(0).is_star(sp(s, "N2")));
  EXPECT_FALSE(s.sheet(0).is_circled(sp(s, "N2")));
  EXPECT_TRUE(s.is_terminal());

  roll(numbers, 5, 6);
  EXPECT_EQ(numbers.turn_kind(), TurnKind::kLastNumbers);
  auto legal = numbers.legal_placements(0);
  ASSERT_EQ(legal.size(), 2u) << "the player picks 56 or 65";
  numbers.apply(0, legal[1]);
  EXPECT_EQ(numbers.sheet(0).cell(sp(numbers, "N2")), 65);
  EXPECT_TRUE(numbers.is_terminal());
}

TEST(OnTourEnd, HighestScoreWinsThenMostCirclesElseShared) {
  auto route = [](int score, int circles) {
    Route r;
    r.score = score;
    r.circles = circles;
    return r;
  };
  EXPECT_EQ(winners({route(30, 7), route(30, 6), route(29, 9)}),
            (std::vector<bool>{true, false, false}));
  EXPECT_EQ(winners({route(25, 3), route(30, 6), route(30, 6)}),
            (std::vector<bool>{false, true, true}));
  EXPECT_EQ(winners({route(12, 0)}), (std::vector<bool>{true}));
}

TEST(OnTourEnd, PlayersWhoPlayAlikeShareTheWin) {
  State s(Map::builtin("usa"), Options{}, 3);
  Rng rng(11);
  while (!s.is_terminal()) {
    if (s.is_chance()) {
      s.apply_chance(s.sample_chance(rng));
      continue;
    }
    // Players 0 and 1 write the same; player 2 plays its own random game.
    Placement p = s.random_placement(0, rng);
    s.apply(0, p);
    s.apply(1, p);
    s.apply(2, s.random_placement(2, rng));
  }
  auto r = s.results();
  EXPECT_EQ(r[0].route.score, r[1].route.score);
  EXPECT_EQ(r[0].winner, r[1].winner);
  std::vector<Route> routes;
  for (const auto& x : r) routes.push_back(x.route);
  auto w = winners(routes);
  for (int p = 0; p < 3; ++p) {
    EXPECT_EQ(r[p].winner, w[p]);
    EXPECT_EQ(r[p].route.score, best_route(s.map(), s.sheet(p)).score);
  }
}

// A record seats as many players as a game may (ontour play and sim refuse more), no more.
TEST(OnTourLog, ARecordSeatsAtMostTheGamesPlayers) {
  Json j = State(Map::builtin("usa"), Options{}, kMaxPlayers).to_json();
  EXPECT_EQ(State::from_json(j).num_players(), kMaxPlayers);
  for (long long players : {0LL, static_cast<long long>(kMaxPlayers) + 1, 10000LL}) {
    j["players"] = players;
    try {
      State::from_json(j);
      ADD_FAILURE() << players << " players: expected the record to be refused";
    } catch (const InvalidInput& e) {
      EXPECT_STREQ(e.what(), "game: players must be 1 to 64");
    }
  }
}

TEST(OnTourLog, ReplaysAndRoundTripsThroughJson) {
  State s = tiny_to_turn3();
  State back = State::from_json(s.to_json());
  EXPECT_EQ(back, s);
  Json bad = s.to_json();
  bad["log"][1] = Json{{"draw", "S1"}};
  bad["log"][2] = Json{{"draw", "S1"}};
  try {
    State::from_json(bad);
    FAIL() << "expected the bad log to be refused";
  } catch (const InvalidInput& e) {
    EXPECT_STREQ(e.what(), "game log entry 3: the card S1 is not in the draw pile");
  }
  // A game's map object under a shipped map's id is that map, or refused when it differs.
  Json usa = State(Map::builtin("usa"), Options{}, 1).to_json();
  usa["map"] = Map::builtin("usa").to_json();
  usa["map"]["name"] = "Renamed";
  EXPECT_EQ(&State::from_json(usa).map(), &Map::builtin("usa"));
  usa["map"]["lines"].erase(usa["map"]["lines"].begin());
  try {
    State::from_json(usa);
    FAIL() << "expected a changed map under the id usa to be refused";
  } catch (const InvalidInput& e) {
    EXPECT_NE(std::string(e.what()).find("game map: its id \"usa\" is that of a shipped map"),
              std::string::npos)
        << e.what();
  }
  usa["map"]["id"] = "USA";  // the same id in another case
  EXPECT_THROW(State::from_json(usa), InvalidInput);
}

TEST(OnTourOptions, ReadByNameWithDefaults) {
  Options o = Options::from_json(Json::parse(R"({"setup_rolls": 1, "voluntary_x": true})"));
  EXPECT_EQ(o.setup_rolls, 1);
  EXPECT_TRUE(o.voluntary_x);
  EXPECT_TRUE(o.x_anywhere);
  EXPECT_FALSE(o.star_always_circled);
  EXPECT_THROW(Options::from_json(Json::parse(R"({"setup_rolls": 3})")), InvalidOption);
  EXPECT_THROW(Options::from_json(Json::parse(R"({"colour": 1})")), InvalidOption);
  // A mistyped name is told the one it likely means.
  try {
    Options::from_json(Json::parse(R"({"setup_roll": 1})"));
    ADD_FAILURE() << "setup_roll accepted";
  } catch (const InvalidOption& e) {
    EXPECT_NE(std::string(e.what()).find("; did you mean setup_rolls?"), std::string::npos)
        << e.what();
  }
  EXPECT_EQ(Options::from_json(o.to_json()), o);
}

}  // namespace
}  // namespace tabletop::ontour
