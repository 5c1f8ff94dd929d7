// Fast one-sheet playouts for the On Tour bots: the rest of a game for one player, with chance
// sampled from what the player knows and placements by plan costs (bot_plan.h).
//
// Why not the State: a rollout only needs one sheet and the card piles, and the strong bot plays
// thousands of them per decision; this loop keeps everything on the stack and never checks or logs.
// It follows the rules of state.h (reveal 3 with the reshuffle, doubles or one region make a star
// turn, forced Xs, the last turns) closely enough for estimating a final score; it is never used to
// decide what is legal in a real game.
#pragma once

#include <cstdint>

#include "core/rng.h"
#include "ontour/bot_plan.h"
#include "ontour/options.h"
#include "ontour/state.h"

namespace tabletop::ontour {

// The card piles as the player knows them: every card's fate is public (setup cards leave the
// game, revealed cards go to the discards), so the draw pile is known as a set, never as an order.
struct CardKnowledge {
  uint64_t pile = 0;      // cards that may still be drawn before the next reshuffle
  uint64_t discards = 0;  // cards that come back at the next reshuffle
};

// What the table shows about the piles now, rebuilt from the public log. The current turn's
// revealed cards are in neither set (they are discarded when the turn ends).
CardKnowledge card_knowledge(const State& state);

// Plays `sheet` to the end of the game. `k` must already include the current turn's cards in its
// discards when the sheet already holds this turn's placement.
void rollout(const Map& map, const Options& options, const RoutePlan& plan, Sheet& sheet,
             CardKnowledge k, Rng& rng, const PlanWeights& weights = {});

}  // namespace tabletop::ontour
