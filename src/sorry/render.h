// Sorry! as text for people: a drawn board and move descriptions with their outcome (where each
// pawn goes, slides, bumps), used by `tabletop sorry moves` and `tabletop sorry play`.
#pragma once

#include <string>

#include "sorry/action.h"
#include "sorry/options.h"
#include "sorry/position.h"

namespace tabletop::sorry {

// A 16 x 16 square of cells: the track around the edge (square 0 top left, clockwise), each
// colour's safety zone and HOME running inward from its safety entry, its START beside its start
// circle; pawns as "R0".."G3", slide heads ">", slide squares "-". Followed by the legend of its
// signs (board_legend(), when `legend`) and every pawn's position in words.
std::string render_board(const Position& pos, const Options& o, bool legend = true);

// What the board's signs mean: a terminal game shows it with its first board and on request.
std::string board_legend();

// "red: start, track:4, safety:2, home"
std::string pawns_line(const Position& pos, Colour c);

// The move and what it does, from the positions before and after:
// "5: red#2 track:10 -> track:15 (bumps blue#3)"; a split part by part, each with whom it bumped:
// "7 as 1 + 6: red#1 track:4 -> track:5, then red#2 track:10 -> track:16 (bumps blue#3)". `o`
// are the rules `a` was played by (a split's bumps are told part by part as they played them).
std::string describe_move(const Position& before, const Position& after, const Action& a,
                          const Options& o);

// A card declined (an 11 passed while it could move): "pass: the 11 is discarded without moving".
std::string describe_pass(Card card);

}  // namespace tabletop::sorry
