// The position evaluation of the Sorry! bots: how good a position is for one player (or team).
//
// A pawn is worth the steps it has made towards HOME (START 0, the start circle 6, HOME 70) plus a
// bonus in its safety zone and at HOME, where it can no longer be sent back. Each pawn on the track
// loses what the next opponents' cards could take from it: the chance that an opponent pawn is an
// exact card's distance behind it (4 and 10 counted backwards), that a Sorry! can land on it, or
// that it stands on an opponent's start circle; times the pawn's worth. The value of a position
// is the player's (team's) pawns minus the opponents' (times `rivals`): in a race of more than two,
// the strongest opponent counts most, since only the winner matters.
#pragma once

#include "sorry/state.h"

namespace tabletop::sorry {

struct EvalWeights {
  double safe = 4;      // a pawn in its safety zone
  double home = 8;      // a pawn at HOME (beyond its 70 steps)
  double danger = 1;    // scale of the expected loss to bumps
  double leader = 0.6;  // more than two sides: weight of the strongest opponent (the rest: mean)
  double threat = 1;    // the opponents' expected loss to bumps, relative to `danger`
  double out = 0;       // a pawn out of START (beyond its steps)
  double stuck = 0;     // a pawn in its safety zone or on the track that needs a 1 or 2 to reach
                        // HOME exactly (distance 1 or 2 to go), a penalty
  double slides = 0;    // 1: a pawn also risks the squares an opponent's slide sweeps
  double swap = 0;      // scale of the expected loss to an opponent's 11 swap
  // Weight of the opponents' side in the value. 0: a mover that plays for its own pawns alone,
  // bumping only where that is its best own move (the rules page's "greedy movers", whose 4-player
  // games last about 180 cards).
  double rivals = 1;
};

constexpr double kWinValue = 1e5;

// Steps a pawn of colour c at `place` still needs to reach HOME (START counts 70).
int distance_home(Colour c, Place place);

// Higher is better for `player`. A finished game is worth +-kWinValue (playing for points, the
// points difference is added).
double evaluate(const State& s, int player, const EvalWeights& w = {});

// Playing for points: how much a card in hand is worth keeping (the starters and the big moves
// most), for choosing the card to discard when none can move.
double keep_value(Card c);

// A finished game for the searches: +-`win` for the player's side, playing for points plus
// `points` times the points difference to the best opponent (so that a shut-out is worth playing
// for).
double outcome_value(const State& s, int player, double win, double points);

}  // namespace tabletop::sorry
