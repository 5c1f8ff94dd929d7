// Conveniences for front ends that let a player name only spaces: choosing the cards for them.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "ontour/state.h"

namespace tabletop::ontour {

// Fills in the card slot of every number write that has none (card == -1) in a turn with cards,
// choosing distinct cards whose regions hold the spaces and, among those, the most circles. Returns
// the completed placement, or nullopt when no choice of cards makes it legal.
std::optional<Placement> assign_cards(const State& state, int player, const Placement& p);

// A placement as a player types it, for the turn due in `state`: the space of the low number,
// then of the high one ("NY TX"), a card named by its slot ("NY/2"), "X:ID" for a number (or
// star) written as an X; one space id in a star turn; the number kept ("40", or "X") when one
// space is left. Space ids in any case. Cards not named are chosen by assign_cards. Returns "" and
// sets `out`, or what is wrong; `out` still has to pass State::check.
std::string read_placement(const State& state, int player, const std::vector<std::string>& tokens,
                           Placement& out);

// The tokens read_placement reads as `q` (a placement of `player`, legal in `state`), naming a
// card only where the space alone would not do the same.
std::vector<std::string> placement_tokens(const State& state, int player, const Placement& q);

}  // namespace tabletop::ontour
