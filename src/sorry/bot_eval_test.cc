// The Sorry! position evaluation: distances, the risk terms and the weights that switch them.
#include "sorry/bot_eval.h"

#include <gtest/gtest.h>

#include <cmath>

#include "sorry/playout.h"
#include "sorry/state_io.h"

namespace tabletop::sorry {
namespace {

State red_vs_yellow(const std::string& red, const std::string& yellow) {
  return state_from_json(Json::parse(R"({"options": {"seats": ["red", "yellow"]}, "turn": "red",
      "pawns": {"red": )" + red + R"(, "yellow": )" +
                                     yellow + "}}"));
}

// The default weights with one changed.
EvalWeights with(double EvalWeights::*weight, double value) {
  EvalWeights w;
  w.*weight = value;
  return w;
}

const EvalWeights kNoRisk = with(&EvalWeights::danger, 0);

TEST(SorryEval, DistanceHome) {
  EXPECT_EQ(distance_home(kRed, kAtStart), 70);
  EXPECT_EQ(distance_home(kRed, kAtHome), 0);
  EXPECT_EQ(distance_home(kRed, start_circle(kRed)), kStepsStartCircleToHome);
  EXPECT_EQ(distance_home(kRed, safety_entry(kRed)), 6);
  EXPECT_EQ(distance_home(kRed, safety(4)), 1);
}

TEST(SorryEval, APawnAnExactCardAheadOfAnOpponentIsAtRisk) {
  // Yellow has no pawn in START, so only its pawn on the track threatens.
  const std::string yellow = R"(["track:20", "home", "home", "home"])";
  const State near = red_vs_yellow(R"(["track:23", "home", "home", "home"])", yellow);
  const State clear = red_vs_yellow(R"(["track:19", "home", "home", "home"])", yellow);
  // Three ahead of yellow: a 3 or a 7 split sends it back, so it is worth less than its steps.
  EXPECT_LT(evaluate(near, 0) - evaluate(near, 0, kNoRisk), 0);
  // One behind yellow only a backward 1 (a 10) reaches it: a smaller risk.
  EXPECT_GT(evaluate(clear, 0) - evaluate(clear, 0, kNoRisk),
            evaluate(near, 0) - evaluate(near, 0, kNoRisk));
}

TEST(SorryEval, WithoutRivalsOnlyTheOwnPawnsCount) {
  const EvalWeights own = with(&EvalWeights::rivals, 0);
  const std::string red = R"(["track:40", "start", "start", "home"])";
  const State behind = red_vs_yellow(red, R"(["track:10", "start", "start", "start"])");
  const State ahead = red_vs_yellow(red, R"(["track:50", "safety:2", "home", "start"])");
  // Yellow's pawns change the default value, not the value of a mover for its own pawns (yellow
  // is far from threatening red's pawn on 40 in both).
  EXPECT_GT(evaluate(behind, 0), evaluate(ahead, 0) + 50);
  EXPECT_DOUBLE_EQ(evaluate(behind, 0, own), evaluate(ahead, 0, own));
}

// The value is linear in `rivals` (own side less rivals times the opponents'), so the value
// without rivals, whose opponents' sides are not computed, is 2 e(1) - e(2), in every kind of game.
TEST(SorryEval, WithoutRivalsIsTheOwnSideOfTheValue) {
  const EvalWeights none = with(&EvalWeights::rivals, 0), two = with(&EvalWeights::rivals, 2);
  int checked = 0;
  for (int players : {2, 4})
    for (bool teams : {false, true}) {
      if (teams && players != 4) continue;
      Options o;
      o.colours = default_colours(players);
      o.teams = teams;
      State s(o);
      Rng chance(players), pick(players + 10);
      MoveList moves;
      for (int step = 0; step < 400 && !s.is_terminal(); ++step) {
        if (s.is_chance()) {
          s.apply_unchecked(s.sample_chance(chance));
          continue;
        }
        for (int q = 0; q < players; ++q) {
          const double own = 2 * evaluate(s, q) - evaluate(s, q, two);
          EXPECT_NEAR(evaluate(s, q, none), own, 1e-9 * (1 + std::abs(own)));
          ++checked;
        }
        s.apply_unchecked(random_action(s, pick, moves));
      }
    }
  EXPECT_GT(checked, 500);
}

TEST(SorryEval, NoCardMovesFourForward) {
  // The 4 moves back, so a pawn four ahead of yellow is reached only by a 7 split, where three and
  // five ahead are reached by their card as well: half the chance, for a pawn worth a little more.
  // (Red's own threat to yellow, a backward 4 from four ahead, is left out.)
  const std::string yellow = R"(["track:20", "home", "home", "home"])";
  const EvalWeights own = with(&EvalWeights::threat, 0);
  auto risk = [&](int ahead) {
    const State s = red_vs_yellow(
        R"(["track:)" + std::to_string(20 + ahead) + R"(", "home", "home", "home"])", yellow);
    return evaluate(s, 0, kNoRisk) - evaluate(s, 0, own);
  };
  EXPECT_GT(risk(4), 0);
  EXPECT_LT(risk(4), 0.6 * risk(3));
  EXPECT_LT(risk(4), 0.6 * risk(5));
}

TEST(SorryEval, SlidesSweepTheSquaresTheyCross) {
  // A yellow 10 from track:59 lands on red's slide head at track:9 and slides to track:13,
  // sweeping track:12; no card reaches track:12 from track:59 by its count alone.
  const State s = red_vs_yellow(R"(["track:12", "home", "home", "home"])",
                                R"(["track:59", "home", "home", "home"])");
  EXPECT_DOUBLE_EQ(evaluate(s, 0), evaluate(s, 0, kNoRisk));
  EXPECT_LT(evaluate(s, 0, with(&EvalWeights::slides, 1)), evaluate(s, 0));
}

TEST(SorryEval, AnElevenSwapCostsThePawnItWouldTake) {
  // Red's pawn at track:0 is 8 steps from HOME; yellow's pawn at its start circle is far behind in
  // its own race, so yellow gains more from swapping than from moving 11.
  const State far = red_vs_yellow(R"(["track:0", "home", "home", "home"])",
                                  R"(["track:34", "home", "home", "home"])");
  const EvalWeights swap = with(&EvalWeights::swap, 1);
  EXPECT_LT(evaluate(far, 0, swap), evaluate(far, 0));
  // A yellow pawn a few steps behind in its own race gains less than a move of 11: no swap risk.
  const State close = red_vs_yellow(R"(["track:0", "home", "home", "home"])",
                                    R"(["track:55", "home", "home", "home"])");
  EXPECT_DOUBLE_EQ(evaluate(close, 0, swap), evaluate(close, 0));
}

TEST(SorryEval, ThreatScalesOnlyTheOpponentsRisk) {
  // Both sides have a pawn in START, so a Sorry! threatens each side's pawn on the track.
  const State s = red_vs_yellow(R"(["track:12", "start", "home", "home"])",
                                R"(["track:40", "start", "home", "home"])");
  const EvalWeights calm = with(&EvalWeights::threat, 0);
  // Red's own risk is counted either way; yellow's risk, counted in red's favour, only with threat.
  EXPECT_LT(evaluate(s, 0, calm), evaluate(s, 0));
  EvalWeights careless;
  careless.danger = 0;
  careless.threat = 0;
  EXPECT_LT(evaluate(s, 0, calm), evaluate(s, 0, careless));
}

}  // namespace
}  // namespace tabletop::sorry
