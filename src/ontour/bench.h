// Fixed-seed On Tour games for `tabletop bench`.
#pragma once

#include "core/bench_report.h"

namespace tabletop::ontour {

// Plays `games` fixed-seed one-player games with random placements (final scoring included);
// games <= 0 means the default count.
std::vector<BenchReport> run_bench(long games);

}  // namespace tabletop::ontour
