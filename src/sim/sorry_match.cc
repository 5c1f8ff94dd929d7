#include "sim/sorry_match.h"

#include "core/error.h"

namespace tabletop::sim {

std::shared_ptr<SorryMatch> make_sorry_match(const std::string&, const Json&,
                                             const std::vector<std::string>&, bool) {
  throw InvalidInput("Sorry! bots are not ready yet");
}

Json sorry_settings(const SorryMatch& match) { return {{"variant", match.variant}}; }

GameRecord play_sorry_game(const SorryMatch&, int, uint64_t) { return {}; }

}  // namespace tabletop::sim
