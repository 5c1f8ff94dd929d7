// The Sorry! greedy and strong bots.
//
// greedy: one ply. Every legal action is applied to a copy and the resulting position evaluated
// (bot_eval.h); the best is played. Playing for points with no card that can move, it discards the
// card it values least for the coming turns.
//
// strong: expectimax. From each legal action the search averages over the next card draws (each
// card weighted by its count in the pile the player knows) and follows the decisions that come:
// its own side maximises, an opponent plays as the greedy bot would (that is who it usually meets,
// and it keeps the tree small). Parameter depth (default 3) counts decisions: its move, the next
// player's, then its own next move in a two-player game. Playing for points it averages the search
// over `deals` samples (default 8) of the hidden hands dealt from the cards it has not seen
// (determinization), since the other hands decide what they can play.
#pragma once

#include <memory>

#include "core/bot.h"
#include "sorry/bot_eval.h"
#include "sorry/bot_registry.h"

namespace tabletop::sorry {

// The greedy choice for the player to move in `s` (a decision node).
Action greedy_action(const State& s, const EvalWeights& w = {});

std::unique_ptr<Bot> make_greedy_bot(const BotSpec& spec, uint64_t seed);
std::unique_ptr<Bot> make_strong_bot(const BotSpec& spec, uint64_t seed);

}  // namespace tabletop::sorry
