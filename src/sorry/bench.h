// Fixed-seed Sorry! games for `tabletop bench`: random 4-player games (a random mover choosing
// uniformly among the legal moves), their signature, the speed in card plays (cards drawn and
// resolved, forfeited ones included) per second, the mean number of cards drawn and each seat's
// win share.
#pragma once

#include "core/bench_report.h"

namespace tabletop::sorry {

constexpr long kDefaultBenchGames = 20000;

// Plays `games` fixed-seed random 4-player games; games <= 0 means the default count.
std::vector<BenchReport> run_bench(long games);

}  // namespace tabletop::sorry
