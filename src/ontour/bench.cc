#include "ontour/bench.h"

namespace tabletop::ontour {

std::vector<BenchReport> run_bench(long) { return {}; }

}  // namespace tabletop::ontour
