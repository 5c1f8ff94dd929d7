// On Tour games between bots for the simulator.
//
// Every player sees the same dice and cards (that is the game), so an N-bot game is N paired solo
// games: the bots are compared on exactly the same chance. Chance comes from the game seed alone
// (its own generator), so what the bots do never changes the dice or cards of a game, and the same
// seed gives the same chance to every bot in every run. All players choose from the same view of
// the turn before any placement is applied, as the turn is simultaneous.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "ontour/map.h"
#include "ontour/options.h"
#include "sim/record.h"

namespace tabletop::sim {

struct OntourMatch {
  std::shared_ptr<const ontour::Map> map;
  ontour::Options options;
  std::vector<std::string> bots;  // specs, one per player
  bool rotate = true;             // player p sits at seat (p + game) % players
  std::string records_dir;        // when set, each game's record goes to DIR/game-NNNNNN.json
};

GameRecord play_ontour_game(const OntourMatch& match, int index, uint64_t game_seed);

// 0 to twice the spaces of the map (every space on the route, every one circled).
ScoreRange ontour_score_range(const OntourMatch& match);

}  // namespace tabletop::sim
