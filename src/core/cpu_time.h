// CPU time of the calling thread. Benchmarks report it beside wall time: on a shared machine the
// wall clock also counts time spent waiting for a core.
#pragma once

#include <ctime>

namespace tabletop {

inline double thread_cpu_seconds() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) * 1e-9;
}

}  // namespace tabletop
