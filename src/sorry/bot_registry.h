// Sorry! bots: what a bot sees, the bot type, and the registry of Sorry! bots by name.
//
// Registered bots (docs/bots.md has their strength and speed):
//   random   a uniformly random legal action;
//   greedy   one ply: the action whose position evaluates best (bot_eval.h: distance to HOME,
//            safety, bumps given and risked, slides through the moves themselves);
//   learnt   one ply: the action whose position a value learnt in self-play (value_net.h)
//            rates best; as greedy in a game the value was not trained for;
//   strong   races: Monte Carlo, each candidate move followed by continuations a few turns deep
//            on shared card sequences (opponents as greedy, the player as learnt), then valued
//            by the learnt value (bot_search.h); playing for points: information-set MCTS, each
//            iteration dealing the hidden hands from the cards the player has not seen
//            (bot_ismcts.h).
//
// What a bot sees: a State in which nothing hidden from its player is real. In the race games
// nothing is hidden (the draw pile has no order, only counts, which everyone can work out from the
// discards). Playing for points, the other hands are dealt at random from the cards the player
// cannot see (State::determinize, from a generator the bot does not control), so the view depends
// only on what the player has seen: make_view gives the same view for any two states that differ
// only in hidden cards.
#pragma once

#include <memory>

#include "core/bot.h"
#include "core/rng.h"
#include "sorry/state.h"

namespace tabletop::sorry {

struct PlayerView {
  const State& state;  // hidden cards re-dealt at random: see make_view
  int player = 0;
};

// The state as `player` may know it.
State make_view(const State& real, int player, Rng& rng);

// The generator that deals the views' hidden hands in a game whose cards are drawn by Rng(seed):
// the same seed on a stream of its own (docs/bots.md measures its guesses against the real hands).
inline Rng view_dealer(uint64_t seed) { return Rng(seed, 0x56494557ULL); }

using Bot = tabletop::Bot<PlayerView, Action>;

const BotRegistry<Bot>& bot_registry();

// A bot by spec ("greedy", "strong:depth=2", ...); raises InvalidInput for an unknown name.
std::unique_ptr<Bot> make_bot(std::string_view spec, uint64_t seed);

// Raises InvalidInput when a valid spec cannot play a game with these options: nets of a file
// (`net=FILE`) for another number of players, teams or playing for points. For commands, before
// the first game rather than at the bot's first decision.
void check_bot_for_game(std::string_view spec, const Options& o);

}  // namespace tabletop::sorry
