// Sorry! move generation and move application for one card: the rules of moving (rules page
// "Moving" and "The cards"), on a Position, for the colour whose turn it is.
//
// The generator writes into a caller-owned MoveList and never allocates. Pawns in START are
// interchangeable, so a move out of START always names the lowest-numbered pawn there. For a 7
// split whose two orders end in the same position, only one order is listed (the lower pawn first);
// check_card_move and apply_card_move accept either order.
#pragma once

#include <string>

#include "sorry/action.h"
#include "sorry/options.h"
#include "sorry/position.h"

namespace tabletop::sorry {

// Colours whose pawns `player` may move: its own, and its partner's in the teams variant.
inline uint8_t movable_colours(const Options& o, Colour player) {
  return o.teams ? static_cast<uint8_t>((1 << player) | (1 << (player ^ 2)))
                 : static_cast<uint8_t>(1 << player);
}

// Appends every legal move of `card` for `player` (kPass only for declining an 11, and only when
// `offer_pass`; a card with no move appends nothing). Returns the number appended.
int generate_card_moves(const Position& pos, const Options& o, Colour player, Card card,
                        MoveList& out, bool offer_pass = true);

// Whether `a` is a legal use of `card` by `player`: "" if legal, else the reason in words. kPass is
// judged too (legal when the card has no move, or to decline an 11 when `offer_pass`).
std::string check_card_move(const Position& pos, const Options& o, Colour player, Card card,
                            const Action& a, bool offer_pass = true);

// Plays a legal card move (start, forward, backward, split, swap, Sorry!; kPass does nothing):
// bumps and slides included.
void apply_card_move(Position& pos, const Options& o, const Action& a);

}  // namespace tabletop::sorry
