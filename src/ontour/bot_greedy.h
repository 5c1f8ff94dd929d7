// The On Tour greedy bot and the ranking of a turn's placements that the strong bot shares.
//
// greedy: picks a route plan that fits the sheet (bot_plan.h) and the placement whose writes cost
// least against it; in the last turns (one or two empty spaces) it tries every placement with the
// exact route scorer, since nothing is left to plan for.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "ontour/bot_plan.h"
#include "ontour/bot_registry.h"
#include "ontour/scorer.h"

namespace tabletop::ontour {

struct ScoredPlacement {
  double cost = 0;
  Placement placement;
};

// The player's legal placements this turn, cheapest first under `costs` (which must be up to date
// for the player's sheet), at most `limit`, each with a different effect on the sheet.
std::vector<ScoredPlacement> ranked_placements(const State& state, int player,
                                               const PlanCosts& costs, int limit);

// In the last turns (one or two empty spaces): the placement whose sheet has the best route now.
Placement best_last_placement(const State& state, int player, RouteScorer& scorer);

// True for the last turns, where best_last_placement applies.
inline bool is_last_turn(const State& state) {
  return state.turn_kind() == TurnKind::kLastNumbers || state.turn_kind() == TurnKind::kLastStar;
}

// What a bot builds for a map at its first decision on it: the exact scorer and the route plans
// (the long paths of the map, cut into stretches of `length` spaces starting every `stride` spaces;
// length 0: the whole paths). A copy starts empty and builds its own when first prepared, so that
// a bot holding one stays copyable (Bot::clone).
class MapTools {
 public:
  MapTools() = default;
  MapTools(const MapTools&) {}
  MapTools& operator=(const MapTools&);
  // Builds the scorer and plans for `map` unless they are built for it already.
  void prepare(const Map& map, int length, int stride);
  RouteScorer& scorer() { return *scorer_; }
  const std::vector<RoutePlan>& plans() const { return plans_; }

 private:
  const Map* map_ = nullptr;
  std::unique_ptr<RouteScorer> scorer_;
  std::vector<RoutePlan> plans_;
};

// The plan cost weights a bot spec sets: dev, off, doomed, circle, misfit, fill, reach
// (PlanWeights; the defaults where the spec leaves one out).
PlanWeights plan_weights(const BotSpec& spec);
// Those parameters' names, for BotSpec::check_known.
std::vector<std::string> plan_weight_names();

std::unique_ptr<Bot> make_greedy_bot(const BotSpec& spec, uint64_t seed);

}  // namespace tabletop::ontour
