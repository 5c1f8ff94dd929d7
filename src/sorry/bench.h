// Fixed-seed Sorry! games for `tabletop bench`.
#pragma once

#include "core/bench_report.h"

namespace tabletop::sorry {

// Plays `games` fixed-seed random 4-player games; games <= 0 means the default count.
std::vector<BenchReport> run_bench(long games);

}  // namespace tabletop::sorry
