// Whole On Tour games played by simple policies, for benchmarks, tests and sample data.
#pragma once

#include <cstdint>
#include <vector>

#include "core/rng.h"
#include "ontour/state.h"

namespace tabletop::ontour {

// Plays chance steps from `rng` until a placement is due or the game is over.
void advance_chance(State& state, Rng& rng);

// Plays the game to its end: chance from `rng`, every player a uniformly random legal placement.
void play_random(State& state, Rng& rng);

// End-of-game sheets of `count` seeded one-player games (default options) played by the target
// policy (target_policy.h): realistic filled maps. Game i uses seed mix_seed(seed, i).
std::vector<Sheet> end_of_game_sheets(const Map& map, int count, uint64_t seed);

}  // namespace tabletop::ontour
