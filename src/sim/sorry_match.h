// Sorry! games between bots for the simulator.
//
// Seats rotate from game to game (player p of the --bots list sits at seat (p + game) % players),
// so that over many games every bot has every seat equally often. Chance comes from the game seed
// alone; each bot has its own seed; each bot is shown only its player's view
// (sorry/bot_registry.h).
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "core/json_util.h"
#include "sim/record.h"
#include "sorry/options.h"

namespace tabletop::sim {

struct SorryMatch {
  sorry::Options options;
  std::string variant;  // classic, teams or points
  std::vector<std::string> bots;
  bool rotate = true;
  std::string records_dir;  // when set, each game's record goes to DIR/game-NNNNNN.json
};

// Validates the bots and options for the variant; raises InvalidInput / InvalidOption.
std::shared_ptr<SorryMatch> make_sorry_match(const std::string& variant, const Json& options,
                                             const std::vector<std::string>& bots, bool rotate);
Json sorry_settings(const SorryMatch& match);

GameRecord play_sorry_game(const SorryMatch& match, int index, uint64_t game_seed);

// The race games score the pawns HOME (0 to 4); playing for points, 0 and up.
ScoreRange sorry_score_range(const SorryMatch& match);

}  // namespace tabletop::sim
