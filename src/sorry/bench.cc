#include "sorry/bench.h"

namespace tabletop::sorry {

std::vector<BenchReport> run_bench(long) { return {}; }

}  // namespace tabletop::sorry
