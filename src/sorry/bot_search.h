// The Sorry! greedy and strong bots.
//
// greedy: one ply. Every legal action is applied to a copy and the resulting position evaluated
// (bot_eval.h); the best is played. Playing for points with no card that can move, it discards the
// card it values least for the coming turns.
//
// learnt: one ply by the learnt value of value_net.h (as greedy where the game has none).
//
// strong: in the race games, Monte Carlo with continuations; playing for points, the
// information-set tree search of bot_ismcts.h (`tree`=1 uses the tree in every variant, 0 the flat
// search below in every variant). The flat search: each distinct legal action (the best
// `candidates`, default 8, by the one-ply evaluation) is followed by `rollouts` (128) continuations
// in which the opponents play as the greedy bot would, for `horizon` more decisions of the
// player's own (0: to the end of the game). Where the game has a learnt value (value_net.h: the
// race games with the default rules and seats) and `value` is 1 (the default), the player plays its
// continuations as the learnt bot and the position reached is worth its learnt chance of winning (a
// finished game 1 or 0). The horizon is by default 8 / the number of players (4 in two players, 2
// in three or four), but in a race of four with the learnt value 4, and a continuation there is
// worth the mean of the values each time the turn passed on after one more decision of the
// player's (`average`=1; 0, the default in other games, scores the position at the horizon alone).
// Otherwise the player plays them as greedy (`policy`=2: its moves instead
// look ahead to the opponent's greedy reply, averaged over its card) and the position reached is
// evaluated (bot_eval.h), a finished game counting +-`win` (300) plus, playing for points,
// `points` (3) times the points difference. Continuation i of every candidate uses the same
// generator seed: in the race games the candidates meet the same cards in the same order (common
// random numbers), so the comparison measures the move rather than the luck. Playing for points
// each sample first deals the hidden hands anew from the cards the player has not seen
// (State::determinize), the same deal for every candidate: a flat information-set Monte Carlo
// search, using only what the player has seen. With rollouts=0 it is the earlier expectimax: the
// next draws averaged, opponents replying as greedy, `depth` (3) decisions deep, averaged over
// `deals` (8) sampled deals when playing for points; a spec giving depth or deals without rollouts
// ("strong:depth=2") also means the expectimax.
#pragma once

#include <memory>
#include <span>
#include <string>
#include <vector>

#include "core/bot.h"
#include "sorry/bot_eval.h"
#include "sorry/bot_registry.h"
#include "sorry/value_net.h"

namespace tabletop::sorry {

// The greedy choice for the player to move in `s` (a decision node).
Action greedy_action(const State& s, const EvalWeights& w = {});

// The searches' candidates among `moves` (the legal actions of `s`): the distinct ones (moves
// ending in the same position merged), the best `limit` by the one-ply evaluation for `player`
// (a discard: the position less the card's keep_value), best first, as indices into `moves`.
std::vector<int> best_distinct_moves(const State& s, const MoveList& moves, int player,
                                     const EvalWeights& w, int limit);

// A move of the searches' continuations: a player other than `me` as greedy plays it; `me` by
// the learnt value when there is one, else by the expectimax of `depth` decisions with `w`
// (1: greedy with `w`).
Action continuation_action(const State& s, int me, const LearntValue* net, const EvalWeights& w,
                           int depth = 1);

std::unique_ptr<Bot> make_greedy_bot(const BotSpec& spec, uint64_t seed);
std::unique_ptr<Bot> make_learnt_bot(const BotSpec& spec, uint64_t seed);
std::unique_ptr<Bot> make_strong_bot(const BotSpec& spec, uint64_t seed);

// What the bot of `spec` does instead in a race game without a built-in learnt value (race_value
// gives none): "plays as greedy" for learnt, "scores its continuations by the evaluation" for
// strong's search; "" for a bot that does not use that value (another bot, net=FILE, value=0,
// strong's expectimax). `spec` must be valid.
std::string without_learnt_value(const BotSpec& spec);

// What the bots of `specs` (valid specs; empty ones skipped) do otherwise in a game of `options`
// for want of a learnt value, as one sentence for the user ("" when every bot plays as itself): the
// learnt value is built in for the default rules and seats of the race games only, and playing for
// points there is none.
std::string learnt_value_note(std::span<const std::string> specs, const Options& options);

}  // namespace tabletop::sorry
