// The match runner: plays N seeded games on several threads.
//
// Game i always gets the seed mix_seed(seed, i) and its record is stored at index i - first, so the
// results depend only on the seed, never on the number of threads or on which thread ran which
// game. Threads take the next game number from an atomic counter. An exception in any game stops
// the run and is rethrown to the caller once every thread has finished. A run can also be asked to
// stop (Ctrl-C in `tabletop sim`): no game starts after that, the games in progress finish, and
// the run returns the games 0..k-1 that had all finished, exactly what `--games k` would give. A
// run may start at another game than 0 (`--first-game`): its games are those of a longer run.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <vector>

#include "sim/record.h"

namespace tabletop::sim {

struct RunConfig {
  int games = 1;
  int first = 0;  // the number of the first game: the run plays games first .. first + games - 1
  uint64_t seed = 1;
  int threads = 1;        // <= 0: every core
  bool progress = false;  // draw a progress bar on stderr (only shown when stderr is a terminal)
  // With `progress`, when stderr is not a terminal (a log, a pipe): a progress line now and then
  // instead of nothing.
  bool progress_lines = false;
  // Set (by a signal handler, say) to stop the run early; nullptr: the run always plays every game.
  const std::atomic<bool>* stop = nullptr;
};

// Runs task(0), ..., task(n - 1), each once, on `threads` threads (<= 0: every core; never more
// than n), which take the next index from a shared counter. While they run, the calling thread
// calls `tick` about every 250 ms and once at the end; without a tick it runs tasks as well. The
// first exception stops the run (no further task starts) and is rethrown once every thread has
// finished. Once `*stop` is true no further task starts; the tasks under way finish.
void run_parallel(int n, int threads, const std::function<void(int index)>& task,
                  const std::function<void()>& tick = {}, const std::atomic<bool>* stop = nullptr);

using PlayGame = std::function<GameRecord(int index, uint64_t game_seed)>;

// The records of games first..first+n-1 in order. A run stopped early (config.stop) returns those
// of the games it started, which are always the first k: the result of a shorter run of the same
// seed.
std::vector<GameRecord> run_games(const RunConfig& config, const PlayGame& play);

// Threads actually used for `requested` (<= 0: hardware concurrency), never more than games.
int effective_threads(int requested, int games);

}  // namespace tabletop::sim
