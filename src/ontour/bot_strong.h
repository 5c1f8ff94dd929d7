// The On Tour strong bot: Monte Carlo rollouts scored by the exact route scorer.
//
// For a turn it ranks the legal placements by plan cost (bot_greedy.h) and keeps the best
// `candidates`. Each candidate is played to the end of the game many times: the future cards are
// drawn from the pile as the player knows it (card_knowledge: a set, never the real order), the
// dice are rolled with the bot's own generator, and the placements follow the plan-cost policy
// (bot_rollout.h). Every finished sheet is scored with RouteScorer. All candidates see the same
// sampled futures (common random numbers), so their difference is measured, not their luck, and a
// budget is spent by successive halving: every candidate gets a few rollouts, the better half gets
// more, and so on. The last turns are decided exactly (best_last_placement).
//
// Parameters: rollouts (per candidate in the first round, default 96), candidates
// (default 64), rounds (default 3), replan (default 1: each candidate's rollouts follow the plan
// that best fits its own sheet; 0: the plan of the sheet before the turn), length (plan length).
// Doubling 48 x 32 to 96 x 64 with replan gained 1.7 points on the USA map (200 paired games) for
// ~4x the time (~225 ms per decision); 96 x 160 and 192 x 64 were no better in a 30-game probe.
#pragma once

#include <memory>

#include "ontour/bot_registry.h"

namespace tabletop::ontour {

std::unique_ptr<Bot> make_strong_bot(const BotSpec& spec, uint64_t seed);

}  // namespace tabletop::ontour
