// What an On Tour game in the terminal prints about each step: the lines `tabletop ontour play`
// shows as the game goes and `tabletop ontour replay` shows for a recorded game, so both read
// alike.
#pragma once

#include <string>
#include <vector>

#include "ontour/state.h"

namespace tabletop::cli {

// "2: NY (north)": a card of this turn by its slot.
std::string card_text(const ontour::State& s, int slot);

// What comes before a chance step: "Setup: ...", "=== Turn 3 ===", "=== Turn 19 (last turns ...".
std::string chance_header(const ontour::State& before);

// What a chance step showed ("Dice: 3 and 7 -> 37 and 73", "Card 2: NY (north)"); `after` is the
// state once it is applied, `phase` the phase it was applied in.
std::string chance_result(const ontour::State& after, ontour::Phase phase,
                          const ontour::ChanceAction& a);

// What of the step under way has been rolled or drawn, for a game picked up in the middle of it
// (resumed, or a typed entry undone): "Turn 5 so far: card 1: TX (south), card 2: NY (north)",
// "Setup so far: 37 in WA, 73 in OR; dice 2 and 5 -> 25 and 52, the next card takes 25". Empty
// at the start of a turn or at a placement, where the prompt shows it all.
std::string turn_so_far(const ontour::State& s);

// "Player 1" for each player at the terminal, then "Player 3 (strong)" for each bot.
std::vector<std::string> player_labels(int humans, const std::vector<std::string>& bots);

// The end of a game: every map with its best route, then the winner (when several play).
// `labels` names each player ("Player 2 (strong)").
std::string game_over_text(const ontour::State& s, const std::vector<std::string>& labels);

}  // namespace tabletop::cli
