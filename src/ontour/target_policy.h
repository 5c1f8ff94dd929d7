// A simple On Tour placement policy: give every space a target value that rises from one end of the
// map to the other, and write each number where it lands closest to its target.
//
// Used to make realistic end-of-game sheets (scorer benchmark, tests) and as the baseline heuristic
// the bots are compared with.
#pragma once

#include <array>

#include "ontour/map.h"
#include "ontour/state.h"

namespace tabletop::ontour {

using Targets = std::array<double, kMaxSpaces>;

// Targets from 0 to 99 along the map's longest shortest path: a space's target is its share of the
// way from one end of a diameter to the other.
Targets diameter_targets(const Map& map);

// The legal placement for `player` that lands the numbers nearest their targets (circles preferred
// on ties; stars go to a circled space if they can, else the best-connected one).
Placement target_placement(const State& state, int player, const Targets& targets);

}  // namespace tabletop::ontour
