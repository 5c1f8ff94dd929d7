// Sorry! JSON: whole states (to save a game and load it back equal), per-player views that hide
// what a player may not see, and game records (options + action log) that replay exactly.
//
// State JSON (every field written; on reading, all but "options" and "pawns" may be left out of a
// fresh game's description only if they hold their start-of-game values):
//   {"options": {...options.h names...},
//    "phase": "draw" | "move" | "deal" | "play" | "over",
//    "turn": "red",                      whose turn it is
//    "card": "7" | null,                 the drawn card being played (phase "move")
//    "deal_to": "blue" | null,           who receives the next card (phase "deal")
//    "pawns": {"red": ["start", "track:4", "safety:2", "home"], ...},   colours in play
//    "draw_pile": {"1": 5, "2": 4, ...}, "discards": {...},
//    "hands": {"red": ["2", "7", ...], ...},   playing for points
//    "first_player": "red", "initial_deal": false, "again": false,
//    "scores": {"red": 0, ...}, "last_game_scores": {...}, "last_game_winner": "red" | null,
//    "winner": "red" | null, "cards_drawn": 0, "games_played": 0}
// A view (view_json) has the same shape, but other players' hands are only counts
// ("hand_sizes") and, playing for points, the draw pile is only a size with "unseen" counts.
//
// Record JSON: {"options": {...}, "actions": [action, ...]} (action.h for the action format).
#pragma once

#include <vector>

#include "core/json_util.h"
#include "sorry/state.h"

namespace tabletop::sorry {

Json state_to_json(const State& s);
// Raises InvalidInput (or InvalidOption) naming the problem; the result is a consistent state.
State state_from_json(const Json& j);

// What `player` may see.
Json view_json(const State& s, int player);

struct Record {
  Options options;
  std::vector<Action> actions;
};
Json record_to_json(const Record& r);
Record record_from_json(const Json& j);
// Replays a record from the start, checking every action; an illegal one raises IllegalAction
// naming its index and the reason.
State replay(const Record& r);

}  // namespace tabletop::sorry
