// On Tour bots: what a bot sees, the bot type, and the registry of On Tour bots by name.
//
// Registered bots (docs/bots.md has their strength and speed):
//   random   a uniformly random legal placement;
//   target   the target-value baseline (target_policy.h), for comparisons;
//   greedy   one step: numbers where they keep a planned long route rising (bot_plan.h);
//   strong   Monte Carlo: rolls the rest of the game out many times for the best candidates and
//            keeps the placement whose rollouts score best with the exact route scorer.
//
// What a bot sees: the public table (every sheet, the turn's dice and cards, which cards have been
// seen since the last reshuffle) and which player it is. The state holds no generator and the
// draw pile has no order (a draw is any card left, equally likely), so the table hides nothing the
// player could not know; bots sample the future from it with their own generator.
#pragma once

#include <memory>

#include "core/bot.h"
#include "ontour/actions.h"
#include "ontour/state.h"

namespace tabletop::ontour {

struct PlayerView {
  const State& state;
  int player = 0;
};

using Bot = tabletop::Bot<PlayerView, Placement>;

const BotRegistry<Bot>& bot_registry();

// A bot by spec ("greedy", "strong:rollouts=64", ...); raises InvalidInput for an unknown name.
std::unique_ptr<Bot> make_bot(std::string_view spec, uint64_t seed);

}  // namespace tabletop::ontour
