// Scenarios for the game as a whole: turns, the 2's extra draw, must-move and refusals with a
// reason, seating, fast start, teams, playing for points (hands, discards, scores, matches).
#include <fmt/format.h>
#include <gtest/gtest.h>

#include "core/error.h"
#include "sorry/state_io.h"
#include "sorry/test_helpers.h"

namespace tabletop::sorry {
namespace {

using testing::run_query;

State state(const std::string& json) { return state_from_json(Json::parse(json)); }

std::string error_of(State& s, const Action& a) {
  try {
    s.apply(a);
  } catch (const IllegalAction& e) {
    return e.what();
  }
  return "";
}

TEST(SorryRules, DefaultSeatsAndClockwiseTurns) {
  Options two;
  two.colours = default_colours(2);
  State s2(two);
  EXPECT_EQ(s2.num_players(), 2);
  EXPECT_EQ(s2.colour_of(0), kRed);
  EXPECT_EQ(s2.colour_of(1), kYellow);  // opposite
  Options three;
  three.colours = default_colours(3);
  State s(three);
  std::vector<Colour> order;
  for (int i = 0; i < 4; ++i) {
    order.push_back(s.colour_of(s.turn()));
    s.apply(Action::draw(k3));  // everyone is in START: the 3 cannot be used
    MoveList moves;
    s.legal_actions(moves);
    ASSERT_EQ(moves.size(), 1);
    EXPECT_EQ(moves[0], Action::pass(k3));
    s.apply(moves[0]);
  }
  EXPECT_EQ(order, (std::vector<Colour>{kRed, kBlue, kYellow, kRed}));
  Options seats = options_from_json(Json::parse(R"({"seats": ["green", "blue"]})"));
  State g(seats);
  EXPECT_EQ(g.colour_of(g.turn()), kBlue);
  EXPECT_EQ(g.colour_of(1), kGreen);
  // The number of players with seats: theirs, or refused rather than one of the two dropped.
  EXPECT_EQ(options_from_json(Json::parse(R"({"players": 2, "seats": ["green", "blue"]})")).colours,
            seats.colours);
  EXPECT_THROW(options_from_json(Json::parse(R"({"players": 4, "seats": ["red", "yellow"]})")),
               InvalidOption);
}

TEST(SorryRules, FastStartPutsOnePawnOnEachStartCircle) {
  Options o;
  o.fast_start = true;
  State s(o);
  for (int c = 0; c < kNumColours; ++c) {
    EXPECT_EQ(s.position().count_at(static_cast<Colour>(c), kAtStart), 3);
    EXPECT_EQ(s.position().pawn_at(start_circle(static_cast<Colour>(c))),
              first_pawn(static_cast<Colour>(c)));
  }
}

TEST(SorryRules, TwoDrawsAgainEvenWhenForfeited) {
  const char* used = R"({"options": {"seats": ["red", "yellow"]}, "phase": "move", "card": "2",
      "turn": "red", "pawns": {"red": ["track:10", "start", "start", "start"],
      "yellow": ["start", "start", "start", "start"]}})";
  State s = state(used);
  s.apply(Action::forward(k2, 0, 2));
  EXPECT_EQ(s.phase(), Phase::kDraw);
  EXPECT_EQ(s.colour_of(s.turn()), kRed);
  // Chains: another 2.
  s.apply(Action::draw(k2));
  s.apply(Action::start(k2, 1));
  EXPECT_EQ(s.colour_of(s.turn()), kRed);
  s.apply(Action::draw(k3));
  s.apply(Action::forward(k3, 0, 3));
  EXPECT_EQ(s.colour_of(s.turn()), kYellow);

  const char* dead = R"({"options": {"seats": ["red", "yellow"]%s}, "phase": "move", "card": "2",
      "turn": "red", "pawns": {"red": ["home", "home", "home", "safety:4"],
      "yellow": ["start", "start", "start", "start"]}})";
  std::string with_default = dead;
  with_default.replace(with_default.find("%s"), 2, "");
  State f = state(with_default);
  f.apply(Action::pass(k2));
  EXPECT_EQ(f.colour_of(f.turn()), kRed);
  std::string without = dead;
  without.replace(without.find("%s"), 2, R"(, "two_draws_again_after_forfeit": false)");
  State g = state(without);
  g.apply(Action::pass(k2));
  EXPECT_EQ(g.colour_of(g.turn()), kYellow);
}

TEST(SorryRules, MustMoveAndIllegalMovesAreRefusedWithAReason) {
  State s = state(R"({"options": {"seats": ["red", "yellow"]}, "phase": "move", "card": "3",
      "turn": "red", "pawns": {"red": ["start", "track:10", "track:13", "home"],
      "yellow": ["track:30", "start", "start", "start"]}})");
  State before = s;
  EXPECT_NE(error_of(s, Action::pass(k3)).find("must move"), std::string::npos);
  EXPECT_NE(error_of(s, Action::forward(k3, 0, 3)).find("START"), std::string::npos);
  EXPECT_NE(error_of(s, Action::forward(k3, 1, 3)).find("own colour"), std::string::npos);
  EXPECT_NE(error_of(s, Action::forward(k3, 3, 3)).find("HOME"), std::string::npos);
  EXPECT_NE(error_of(s, Action::forward(k3, 8, 3)).find("may move"), std::string::npos);
  EXPECT_NE(error_of(s, Action::forward(k3, 2, 4)).find("forward 3"), std::string::npos);
  EXPECT_NE(error_of(s, Action::forward(k5, 2, 5)).find("card to play is 3"), std::string::npos);
  EXPECT_NE(error_of(s, Action::draw(k3)).find("already drawn"), std::string::npos);
  EXPECT_NE(error_of(s, Action::swap(2, 8)).find("11"), std::string::npos);
  EXPECT_EQ(s, before);  // nothing was applied
  s.apply(Action::forward(k3, 2, 3));
  EXPECT_EQ(s.position().place(2), 16 + 3);  // Blue's head 16 slides to 19
  State done = state(R"({"options": {"seats": ["red", "yellow"]}, "phase": "over", "turn": "red",
      "winner": "red", "last_game_winner": "red", "pawns": {"red": ["home", "home", "home", "home"],
      "yellow": ["start", "start", "start", "start"]}})");
  EXPECT_NE(error_of(done, Action::draw(k1)).find("over"), std::string::npos);
}

// An 11 is declined only with eleven_optional, no forward 11 and a swap to decline; a refusal says
// which of them is missing.
TEST(SorryRules, ElevenDeclinedOnlyAsTheOptionAllowsAndTheRefusalSaysWhy) {
  const auto eleven = [](const char* red, const char* optional) {
    return state(fmt::format(R"({{"options": {{"seats": ["red", "yellow"], "eleven_optional": {}}},
        "phase": "move", "card": "11", "turn": "red",
        "pawns": {{"red": ["track:0", "{}", "start", "start"],
                  "yellow": ["track:37", "start", "start", "start"]}}}})",
                             optional, red));
  };
  State declinable = eleven("start", "true");  // red#0 on 0 is too near HOME to go 11 forward
  EXPECT_EQ(error_of(declinable, Action::pass(k11)), "");
  State option_off = eleven("start", "false");
  EXPECT_EQ(
      error_of(option_off, Action::pass(k11)),
      "pass (11): the 11 cannot be declined: the rule option eleven_optional=false forbids it");
  State forward = eleven("track:10", "true");
  EXPECT_EQ(error_of(forward, Action::pass(k11)),
            "pass (11): the 11 may be declined only when no pawn can move 11 forward and a swap "
            "exists");
}

const char* kTeams = R"({"players": ["red", "blue", "yellow", "green"],
    "pawns": {"red": ["track:10", "start", "start", "start"], "yellow": ["track:20", "start", "start", "start"],
              "blue": ["track:25", "start", "start", "start"], "green": ["track:40", "start", "start", "start"]},
    "turn": "red", "card": "%s", "options": {"teams": true}})";

testing::Outcomes team_query(const std::string& card) {
  std::string j = kTeams;
  j.replace(j.find("%s"), 2, card);
  return run_query(j);
}

TEST(SorryRules, TeamsMoveAndBumpPartnerPawns) {
  auto five = team_query("5");
  EXPECT_EQ(five.size(), 2u);
  EXPECT_TRUE(five.has(
      R"({"red": ["track:10", "start", "start", "start"], "yellow": ["track:25", "start", "start", "start"],
      "blue": ["start", "start", "start", "start"], "green": ["track:40", "start", "start", "start"]})"));
  auto ten = team_query("10");
  EXPECT_EQ(ten.size(), 4u);
  // Landing on the partner's pawn bumps it.
  EXPECT_TRUE(ten.has(
      R"({"red": ["track:20", "start", "start", "start"], "yellow": ["start", "start", "start", "start"],
      "blue": ["track:25", "start", "start", "start"], "green": ["track:40", "start", "start", "start"]})"));
  // The 7 splits between the partners' pawns: yellow + 4 onto Blue's long head (24) slides to 28.
  auto seven = team_query("7");
  EXPECT_TRUE(seven.has(
      R"({"red": ["track:13", "start", "start", "start"], "yellow": ["track:28", "start", "start", "start"],
      "blue": ["start", "start", "start", "start"], "green": ["track:40", "start", "start", "start"]})"));
}

TEST(SorryRules, TeamsSwapOnlyWithTheOtherTeamAndSorryAnyOtherColour) {
  auto eleven = team_query("11");
  EXPECT_EQ(eleven.size(), 2u + 4u);
  for (const auto& m : eleven.moves)
    if (m.action.kind == MoveKind::kSwap) {
      EXPECT_TRUE(colour_of_pawn(m.action.pawn2) == kBlue ||
                  colour_of_pawn(m.action.pawn2) == kGreen);
    }
  auto sorry = team_query("sorry");
  EXPECT_EQ(sorry.size(), 6u);  // red onto yellow, blue, green; yellow onto red, blue, green
  EXPECT_TRUE(sorry.has(
      R"({"red": ["track:10", "track:20", "start", "start"], "yellow": ["start", "start", "start", "start"],
      "blue": ["track:25", "start", "start", "start"], "green": ["track:40", "start", "start", "start"]})"));
  EXPECT_TRUE(sorry.has(
      R"({"red": ["start", "start", "start", "start"], "yellow": ["track:20", "track:10", "start", "start"],
      "blue": ["track:25", "start", "start", "start"], "green": ["track:40", "start", "start", "start"]})"));
}

TEST(SorryRules, TeamWinNeedsAllEightPawns) {
  const char* j = R"({"options": {"teams": true}, "phase": "move", "card": "1", "turn": "red",
      "pawns": {"red": ["home", "home", "home", "home"], "yellow": ["home", "home", "home", "safety:4"],
                "blue": ["start", "start", "start", "start"], "green": ["track:40", "start", "start", "start"]}})";
  State s = state(j);
  EXPECT_FALSE(s.is_terminal());  // Red is HOME, but the team is not
  s.apply(Action::forward(k1, 11, 1));
  ASSERT_TRUE(s.is_terminal());
  EXPECT_EQ(s.winner(), 0);
  EXPECT_EQ(s.winning_team(), 0);
  auto r = s.returns();
  EXPECT_EQ(r[0], 1);
  EXPECT_EQ(r[2], 1);
  EXPECT_EQ(r[1], -1);
  EXPECT_EQ(r[3], -1);
  EXPECT_THROW(
      run_query(
          R"({"players": ["red", "yellow"], "pawns": {"red": ["start", "start", "start", "start"],
      "yellow": ["start", "start", "start", "start"]}, "turn": "red", "card": "1", "options": {"teams": true}})"),
      InvalidOption);
}

TEST(SorryRules, HandPlayListsEveryCardAndDiscardsWhenStuck) {
  auto o = run_query(
      R"({"players": ["red", "yellow"], "pawns": {"red": ["track:4", "start", "start", "start"],
      "yellow": ["track:30", "start", "start", "start"]}, "turn": "red", "hand": ["3", "sorry", "11", "3"]})");
  // 3: one move; Sorry!: one; 11: forward 4 -> 15 and one swap; no pass when playing for points.
  EXPECT_EQ(o.size(), 4u);
  EXPECT_EQ(o.passes, 0);
  Json j = moves_json(o.query, o.moves);
  for (const auto& e : j["moves"]) EXPECT_TRUE(e.contains("card"));
  auto stuck = run_query(
      R"({"players": ["red", "yellow"], "pawns": {"red": ["start", "start", "start", "home"],
      "yellow": ["track:30", "start", "start", "start"]}, "turn": "red", "hand": ["3", "4", "5", "7", "8"]})");
  ASSERT_EQ(stuck.size(), 5u);
  Json d = moves_json(stuck.query, stuck.moves);
  EXPECT_EQ(d["moves"][0]["discard"], "3");
}

const char* kPointsEnd = R"({"options": {"seats": ["red", "yellow"], "points": true %s},
    "phase": "play", "turn": "red",
    "pawns": {"red": ["home", "home", "home", "safety:4"], "yellow": [%s]},
    "hands": {"red": ["1", "3", "4", "5", "7"], "yellow": ["2", "3", "4", "5", "8"]}})";

std::array<int32_t, 4> finish(const std::string& options, const std::string& yellow) {
  std::string j = kPointsEnd;
  j.replace(j.find("%s"), 2, options);
  j.replace(j.find("%s"), 2, yellow);
  State s = state(j);
  s.apply(Action::forward(k1, 3, 1));
  EXPECT_EQ(s.last_game_winner(), 0);
  return s.last_game_scores();
}

TEST(SorryRules, PointsScoringAndShutOutBonus) {
  const std::string none = R"("start", "start", "track:20", "safety:1")";
  const std::string one = R"("home", "start", "start", "track:20")";
  const std::string two = R"("home", "home", "start", "track:20")";
  const std::string three = R"("home", "home", "home", "track:20")";
  // Red: 4 HOME (20) + 5 per Yellow pawn not HOME + bonus; Yellow: 5 per pawn HOME.
  EXPECT_EQ(finish("", none)[0], 20 + 20 + 100);
  EXPECT_EQ(finish("", one)[0], 20 + 15 + 50);
  EXPECT_EQ(finish("", one)[1], 5);
  EXPECT_EQ(finish("", two)[0], 20 + 10 + 25);
  EXPECT_EQ(finish("", three)[0], 20 + 5);
  EXPECT_EQ(finish("", three)[1], 15);
  EXPECT_EQ(finish(R"(, "bonus": "cumulative")", none)[0], 20 + 20 + 175);
  EXPECT_EQ(finish(R"(, "bonus": "cumulative")", one)[0], 20 + 15 + 75);
  EXPECT_EQ(finish(R"(, "bonus": "cumulative")", two)[0], 20 + 10 + 25);
}

TEST(SorryRules, MatchesAddUpAndTheWinnerStartsTheNextGame) {
  std::string j = kPointsEnd;
  j.replace(j.find("%s"), 2, R"(, "match_target": 150, "first_player": "yellow")");
  j.replace(j.find("%s"), 2, R"("home", "start", "start", "track:20")");
  State s = state(j);
  s.apply(Action::forward(k1, 3, 1));
  EXPECT_FALSE(s.is_terminal());
  EXPECT_EQ(s.games_played(), 1);
  EXPECT_EQ(s.scores()[0], 85);
  EXPECT_EQ(s.scores()[1], 5);
  EXPECT_EQ(s.phase(), Phase::kDeal);
  EXPECT_EQ(s.first_player(), 0);  // red won, red starts
  EXPECT_EQ(s.position().place(0), start_circle(kRed));
  Rng rng(3);
  MoveList moves;
  while (!s.is_terminal()) {
    if (s.is_chance()) {
      s.apply(s.sample_chance(rng));
    } else {
      s.legal_actions(moves);
      s.apply(moves[static_cast<int>(rng.uniform(moves.size()))]);
    }
  }
  EXPECT_GE(s.games_played(), 2);
  EXPECT_GE(std::max(s.scores()[0], s.scores()[1]), 150);
  EXPECT_EQ(s.scores()[s.winner()], std::max(s.scores()[0], s.scores()[1]));
}

TEST(SorryRules, PointsTwoPlaysAgainAndDiscardEndsTheTurn) {
  State s = state(
      R"({"options": {"seats": ["red", "yellow"], "points": true}, "phase": "play", "turn": "red",
      "pawns": {"red": ["track:4", "start", "start", "start"], "yellow": ["track:34", "start", "start", "start"]},
      "hands": {"red": ["2", "3", "4", "5", "7"], "yellow": ["2", "3", "4", "5", "8"]}})");
  MoveList moves;
  s.legal_actions(moves);
  EXPECT_FALSE(moves.contains(Action::pass(k11)));
  EXPECT_NE(error_of(s, Action::discard(k3)).find("can"), std::string::npos);
  EXPECT_NE(error_of(s, Action::forward(k8, 0, 8)).find("no 8 in the hand"), std::string::npos);
  s.apply(Action::forward(k2, 0, 2));
  EXPECT_EQ(s.phase(), Phase::kDeal);
  EXPECT_EQ(s.deal_to(), 0);
  EXPECT_EQ(s.hand(0).total(), 4);
  s.apply(Action::draw(k12));
  EXPECT_EQ(s.phase(), Phase::kPlay);
  EXPECT_EQ(s.turn(), 0);  // the 2: red plays again
  EXPECT_EQ(s.hand(0).count(k12), 1);

  State stuck = state(
      R"({"options": {"seats": ["red", "yellow"], "points": true}, "phase": "play", "turn": "red",
      "pawns": {"red": ["start", "start", "start", "home"], "yellow": ["track:34", "start", "start", "start"]},
      "hands": {"red": ["2", "3", "4", "5", "7"], "yellow": ["2", "3", "4", "5", "8"]}})");
  // The 2 can start a pawn, so no discard yet; after it, the hand cannot move.
  stuck.apply(Action::start(k2, 0));
  stuck.apply(Action::draw(k3));
  stuck.legal_actions(moves);
  EXPECT_FALSE(moves.empty());
  State dead = state(
      R"({"options": {"seats": ["red", "yellow"], "points": true}, "phase": "play", "turn": "red",
      "pawns": {"red": ["start", "start", "start", "home"], "yellow": ["track:34", "start", "start", "start"]},
      "hands": {"red": ["3", "4", "5", "7", "8"], "yellow": ["2", "3", "4", "5", "8"]}})");
  dead.legal_actions(moves);
  ASSERT_EQ(moves.size(), 5);
  for (const Action& a : moves) EXPECT_EQ(a.kind, MoveKind::kDiscard);
  dead.apply(Action::discard(k7));
  EXPECT_EQ(dead.phase(), Phase::kDeal);
  dead.apply(Action::draw(k1));
  EXPECT_EQ(dead.phase(), Phase::kPlay);
  EXPECT_EQ(dead.turn(), 1);  // turn over
  EXPECT_EQ(dead.discards().count(k7), 1);
}

TEST(SorryRules, ViewHidesOtherHandsAndDeterminizeKeepsWhatIsSeen) {
  Options o;
  o.points = true;
  State s(o);
  Rng rng(7);
  while (s.is_chance()) s.apply(s.sample_chance(rng));
  Json v = view_json(s, 1);
  EXPECT_TRUE(v["hands"].contains("blue"));
  EXPECT_FALSE(v["hands"].contains("red"));
  EXPECT_FALSE(v.contains("draw_pile"));
  EXPECT_EQ(v["hand_sizes"]["red"], 5);
  EXPECT_EQ(v["unseen"].size(), kAllCards.size());
  MoveList legal, with_hand;
  s.legal_actions(legal);
  s.moves_for_hand(s.hand(s.turn()), with_hand);
  ASSERT_EQ(legal.size(), with_hand.size());
  for (const Action& a : legal) EXPECT_TRUE(with_hand.contains(a));
  State d = s.determinize(1, rng);
  EXPECT_EQ(d.hand(1), s.hand(1));
  EXPECT_EQ(d.position(), s.position());
  EXPECT_EQ(d.hand(0).total(), 5);
  EXPECT_EQ(d.unseen_cards(1), s.unseen_cards(1));
  std::array<ChanceOutcome, kAllCards.size()> outcomes;
  Options plain;
  State c(plain);
  int n = c.chance_outcomes(outcomes);
  EXPECT_EQ(n, 11);
  double total = 0;
  for (int i = 0; i < n; ++i) total += outcomes[i].probability;
  EXPECT_NEAR(total, 1.0, 1e-12);
  EXPECT_NEAR(outcomes[0].probability, 5.0 / 45, 1e-12);
}

TEST(SorryRules, BadStatesAndOptionsAreRefused) {
  EXPECT_THROW(state(R"({"pawns": {"red": ["start"]}})"), InvalidInput);
  EXPECT_THROW(state(R"({"options": {"colour": 1}, "pawns": {}})"), InvalidOption);
  EXPECT_THROW(
      state(
          R"({"options": {"seats": ["red", "yellow"]}, "phase": "move", "card": "2", "turn": "red",
      "pawns": {"red": ["track:4", "track:4", "start", "start"], "yellow": ["start", "start", "start", "start"]}})"),
      InvalidInput);
  EXPECT_THROW(state(R"({"options": {"seats": ["red", "yellow"]}, "phase": "draw", "turn": "red",
      "draw_pile": {"1": 5}, "pawns": {"red": ["start", "start", "start", "start"],
      "yellow": ["start", "start", "start", "start"]}})"),
               InvalidInput);
  Options o;
  EXPECT_THROW(set_option(o, "deck", "43"), InvalidOption);
  EXPECT_THROW(set_option(o, "nonsense", "1"), InvalidOption);
  o.teams = true;
  o.points = true;
  EXPECT_THROW(State{o}, InvalidOption);
}

// The shut-out bonus is an option of playing for points: typed for a race it is refused, read
// from a saved race record it plays no part and reads as the default.
TEST(SorryRules, ARaceTakesNoBonusButASavedOneStillReads) {
  const Json race = Json::parse(R"({"bonus": "cumulative", "deck": 44})");
  EXPECT_THROW(options_from_json(race), InvalidOption);
  const Options saved = options_from_saved_json(race);
  EXPECT_EQ(saved.bonus, Bonus::kHighest);
  EXPECT_EQ(saved.deck, 44);
  const Record r = record_from_json(Json{{"options", race}, {"actions", Json::array()}});
  EXPECT_EQ(r.options.bonus, Bonus::kHighest);
  EXPECT_THROW(options_from_saved_json(Json::parse(R"({"bonus": "nonsense"})")), InvalidOption);
  const Json points = Json::parse(R"({"bonus": "cumulative", "points": true})");
  EXPECT_EQ(options_from_saved_json(points).bonus, Bonus::kCumulative);
}

}  // namespace
}  // namespace tabletop::sorry
