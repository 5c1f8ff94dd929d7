// The question `tabletop sorry moves` answers: every legal move of a position and a card (or a
// hand, playing for points), each with the position it leads to.
//
// Input JSON:
//   {"players": ["red", "yellow"],                        2 to 4 distinct colours
//    "pawns": {"red": ["start", "track:4", "safety:2", "home"], "yellow": [...]},
//    "turn": "red",
//    "card": "7",                                          1, 2, 3, 4, 5, 7, 8, 10, 11, 12 or
//                                                          "sorry"; or instead
//    "hand": ["2", "7", "11"],                             a hand (implies playing for points)
//    "options": {"teams": false, ...}}                      any option of options.h by name
// Output JSON: {"moves": [{"move": "<text>", "action": {...}, "pawns": {...after...}}, ...]}; each
// distinct resulting position appears once (with a hand: once per card); declining an 11 adds
// {"move": "pass", "pass": true, ...}; with a hand each entry names its "card", and when no card
// can move the entries are the discards {"discard": "<card>", ...}. No entries: the card cannot be
// used.
#pragma once

#include <string>
#include <vector>

#include "core/json_util.h"
#include "sorry/action.h"
#include "sorry/options.h"
#include "sorry/position.h"

namespace tabletop::sorry {

struct MovesQuery {
  Options options;
  Position position;
  Colour turn = kRed;
  Card card = kNoCard;  // kNoCard when a hand is given
  CardCounts hand;
};

struct MoveOutcome {
  Action action;
  Position after;
};

// Raises InvalidInput / InvalidOption naming the problem.
MovesQuery parse_moves_query(const Json& j);
// Every legal move with its outcome; one entry per distinct resulting position (per card).
std::vector<MoveOutcome> list_moves(const MovesQuery& q);
Json pawns_json(const Position& pos, const Options& o);
Json moves_json(const MovesQuery& q, const std::vector<MoveOutcome>& moves);
// The drawn board, the card or hand, and the numbered moves.
std::string moves_text(const MovesQuery& q, const std::vector<MoveOutcome>& moves);

}  // namespace tabletop::sorry
