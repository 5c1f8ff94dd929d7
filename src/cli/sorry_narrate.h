// What a Sorry! game in the terminal prints about each step: the lines `tabletop sorry play`
// shows as the game goes and `tabletop sorry replay` shows for a recorded game, so both read alike.
#pragma once

#include <string>

#include "sorry/state.h"

namespace tabletop::cli {

// What a game's first line says of its variant: ", teams Red+Yellow vs Blue+Green", ", playing
// for points (a match to 200)", ", playing for points", or "" for a race of each for themselves.
std::string variant_text(const sorry::Options& o);

// The cards of a hand, e.g. " 1 4 11".
std::string hand_text(const sorry::CardCounts& h);

// The action as a line: "7: red#0 track:4 -> track:11", "no legal move, the 12 is discarded",
// "pass: the 11 is discarded without moving" (declining an 11), ...
std::string action_line(const sorry::State& before, const sorry::Action& a);

// "red draws 12\n" for a turn's draw; "" for a card dealt into a hand (playing for points).
std::string chance_line(const sorry::State& before, const sorry::Action& a);

// "red draws 10": a card drawn by `player`, for that player's eyes (playing for points, the card
// drawn into the hand after playing).
std::string draw_line(const sorry::State& s, int player, const sorry::Action& draw);

// After an action: "game 2 won by red; scores: ...\n" when it ended a game of a points match
// (`games_seen` counts the games already reported), else "".
std::string points_line(const sorry::State& after, int& games_seen);

// Playing for points, every player's total so far: " red 25, yellow 15".
std::string totals_text(const sorry::State& s);

// The final board and who won, for a finished game.
std::string result_text(const sorry::State& s);

}  // namespace tabletop::cli
