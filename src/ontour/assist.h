// Conveniences for front ends that let a player name only spaces: choosing the cards for them.
#pragma once

#include <optional>
#include <string>

#include "ontour/state.h"

namespace tabletop::ontour {

// Fills in the card slot of every number write that has none (card == -1) in a turn with cards,
// choosing distinct cards whose regions hold the spaces and, among those, the most circles. Returns
// the completed placement, or nullopt when no choice of cards makes it legal.
std::optional<Placement> assign_cards(const State& state, int player, const Placement& p);

}  // namespace tabletop::ontour
