// What a game's fixed-seed benchmark reports to `tabletop bench`.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace tabletop {

struct BenchReport {
  std::string game;        // "ontour", "sorry"
  std::string what;        // what was played, e.g. "1-player games, random placements, USA"
  uint64_t signature = 0;  // hash of every game played; changes only when the rules change
  long games = 0;
  double seconds = 0;      // wall time of the timed part
  double cpu_seconds = 0;  // CPU time of the timed part (one thread)
  // Further figures, printed as "name: value" lines (e.g. card plays per second, mean cards drawn).
  std::vector<std::pair<std::string, std::string>> figures;
};

}  // namespace tabletop
