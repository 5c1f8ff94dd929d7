// The On Tour strong bot: Monte Carlo rollouts scored by the exact route scorer.
//
// For a turn it ranks the legal placements by plan cost (bot_greedy.h) and keeps the best
// `candidates` (by default in effect all of them: a numbers turn has at most ~1,400 placements
// that differ in effect). Each candidate is played to the end of the game many times: the future
// cards are drawn from the pile as the player knows it (card_knowledge: a set, never the real
// order), the dice are rolled with the bot's own generator, and the placements follow the
// plan-cost policy (bot_rollout.h) along the plan that best fits the candidate's own sheet. Every
// finished sheet is scored with RouteScorer. All candidates see the same sampled futures (common
// random numbers), so their difference is measured, not their luck, and the budget is spent by
// successive halving: every candidate gets `rollouts` rollouts, the best third twice as many more,
// and so on for `rounds` rounds. The last turns are decided exactly (best_last_placement).
// `budget` (36,000) caps the plan rollouts of a decision (a rollout played along k plans counts
// k): the first turns, with a thousand placements and more, get fewer rollouts each in the first
// round, so that no decision takes much longer than the others (0: no cap). `work` (22,000
// thousand steps, below) caps what the rollouts cost, their scoring included: a rare decision
// whose end sheets are hard to score stops its successive halving there (0: no cap).
//
// Parameters: rollouts (first round, default 16), candidates (default 2000), rounds (default 5),
// replan (default 1: each candidate's rollouts follow the plan that best fits its own sheet,
// chosen among the `shortlist` (64) plans that fit the sheet before the turn best; 0: the plan of
// the sheet before the turn), plans (default 3: each rollout of a candidate is played along each
// of the k plans of the shortlist that fit its sheet best, on the same sampled future, and the
// best of the k scores counts, as a player who follows whichever plan the dice favour would get;
// a decision takes about k times as long as with one plan, and the budget counts k rollouts),
// length (plan length), and the cost weights of bot_plan.h for the ranking and the rollouts:
// greedy's (off, doomed, circle, misfit) and the gap model (reach 0.8: plans fit by the expected
// route along them; fill 0.8 with dev 2: a write costs what it takes from the expected fill of its
// gap; reach=0:fill=0:dev=0.45 gives the fit and costs of before the gap model). Greedy takes the
// same weights. Why breadth: the placement the rollouts prefer is often far down the plan-cost
// ranking (a different plan, a circle): over 150 paired USA games, 96 rollouts x 64 candidates
// scored 32.6, 32 x 24 31.8, 32 x 160 33.0 and 33.6 at ~100 ms per decision; more rollouts per
// candidate (96 x 24, 32 x 3000 over six rounds) gained nothing more. The gap model made the
// rollout policy 26 points on its own instead of 23 and the bot 0.7 points better (docs/bots.md).
#pragma once

#include <array>
#include <memory>

#include "ontour/bot_registry.h"

namespace tabletop::ontour {

std::unique_ptr<Bot> make_strong_bot(const BotSpec& spec, uint64_t seed);

// A decision's work, counted in steps that take about the same time each (some 25 ns here): a
// rollout's play is kEmptySpaceWork steps for each empty space of the sheet it starts from (the
// writes it plays), and the scoring of its end sheet one step per state of the scorer's first
// stage and kReachStateWork per state of the later two (RouteScorer::last_states). Fitted on the
// decisions of the slowest games of 1,000-game USA sims. The rollouts stop once a decision's work
// passes `work` thousand steps (default 22,000: about 0.6 s here), amid the successive halving;
// only the futures every alive candidate has played count. Few decisions need so much: those whose
// end sheets are hard to score.
inline constexpr long kEmptySpaceWork = 9;
inline constexpr long kReachStateWork = 4;
inline constexpr long kWorkPerUnit = 1000;
inline constexpr int kDefaultWork = 22000;
// The work of one rollout from a sheet with `empty` empty spaces whose end sheet took the scorer
// `states`.
long rollout_work(int empty, const std::array<long, 3>& states);

// Rollouts of the whole schedule for `n` candidates with `first` rollouts each in the first round
// (each round doubles the rollouts and keeps the best third, at least two, for the next).
long schedule_rollouts(long n, int first, int rounds);
// The first round's rollouts for `n` candidates: `rollouts`, or fewer (at least 1) as the whole
// schedule, each of its rollouts played along `plans` plans, needs to stay within `budget` plan
// rollouts (0: no budget).
int first_round_rollouts(long n, int rollouts, int rounds, long budget, int plans = 1);

}  // namespace tabletop::ontour
