// The Sorry! information-set Monte Carlo tree search (single observer, after Cowling, Powley and
// Whitehouse), used by the strong bot when playing for points.
//
// Every iteration first deals the hidden cards anew from what the player has not seen
// (State::determinize from the player's view: the other hands and the pile), so the search uses
// only the player's information. It then descends one tree of action sequences as seen by the
// player: the player's own decisions, the opponents' decisions and the card draws the player
// observes (its own draws; in the race games every draw) are edges, while the cards dealt into
// hidden hands are sampled without branching. At the player's own decisions the children are the
// best `width` distinct moves by the one-ply evaluation, chosen by UCB1; at an opponent's decision
// the opponent plays as the greedy bot would in this deal (opponents=0, the default), or by UCB1
// over the actions legal in this deal with availability counts (opponents=1). One new node per
// iteration, then greedy continuations for every player until the player has made `horizon` own
// decisions since the root (0: to the end of the game); the position reached is scored by the
// evaluation (bot_eval.h), a finished game by outcome_value, or by the learnt value where the
// game has one (`value`). The most visited root move is played.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>

#include "sorry/bot_eval.h"
#include "sorry/bot_registry.h"
#include "sorry/value_net.h"

namespace tabletop::sorry {

struct IsmctsParams {
  int iterations = 1000;
  int horizon = 4;             // own decisions from the root before the evaluation (0: game end)
  int width = 8;               // own decisions: the best distinct moves by the one-ply evaluation
  int widen = 10;              // below the root: one more candidate admitted every `widen` visits
  double explore = 2;          // UCB1 constant, in standard deviations of the values seen
  double win = 300;            // a finished game, won or lost
  double points = 3;           // playing for points: weight of the points difference
  bool ucb_opponents = false;  // opponents by UCB1 in the tree instead of the greedy model
  EvalWeights w;               // the player's evaluation (opponents are modelled with the defaults)
  // The learnt value of a game, if any (null, or a null result: the evaluation). With one, the
  // player's own moves outside the tree are the learnt bot's and the position reached is worth
  // `win` times its learnt chance of winning (a finished game `win` or 0).
  std::function<const LearntValue*(const Options&)> value;
};

std::unique_ptr<Bot> make_ismcts_bot(std::string name, uint64_t seed, const IsmctsParams& p);

}  // namespace tabletop::sorry
