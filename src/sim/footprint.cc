#include "sim/footprint.h"

#include <unistd.h>

#include <fstream>
#include <sstream>
#include <string>

#include <fmt/format.h>

#include "core/error.h"
#include "sim/record.h"

namespace tabletop::sim {

namespace {

// A heap block of `n` bytes as malloc hands it out: a header, 16-byte steps, at least 32.
uint64_t heap_block(uint64_t n) {
  const uint64_t block = (n + 8 + 15) / 16 * 16;
  return block < 32 ? 32 : block;
}

double gigabytes(uint64_t bytes) { return static_cast<double>(bytes) / 1e9; }

}  // namespace

uint64_t run_footprint_bytes(long games, int players, bool csv, uint64_t csv_names) {
  const uint64_t p = static_cast<uint64_t>(players);
  // GameRecord: three vectors of int (seat, rank, decisions), six of double (score, circles,
  // win, think_seconds, longest_think, longest_cpu; circles in On Tour only).
  uint64_t per_game =
      sizeof(GameRecord) + 3 * heap_block(p * sizeof(int)) + 6 * heap_block(p * sizeof(double));
  per_game += 2 * p * sizeof(double);  // the scores and differences the summary gathers per player
  // A CSV row: game, seed, length, then bot, seat, score, win, rank for each player (and On
  // Tour's circles), the match (about 40 bytes); twice that, as the text grows by doubling its
  // room while it is made.
  if (csv) per_game += 2 * (80 + 44 * p + csv_names);
  return static_cast<uint64_t>(games) * per_game;
}

uint64_t available_memory_bytes() {
  std::ifstream meminfo("/proc/meminfo");
  std::string line;
  while (std::getline(meminfo, line)) {
    if (line.rfind("MemAvailable:", 0) != 0) continue;
    std::istringstream in(line.substr(13));
    uint64_t kb = 0;
    if (in >> kb) return kb * 1024;
  }
  const long pages = sysconf(_SC_AVPHYS_PAGES), size = sysconf(_SC_PAGESIZE);
  return pages > 0 && size > 0 ? static_cast<uint64_t>(pages) * static_cast<uint64_t>(size) : 0;
}

void check_footprint(uint64_t footprint, uint64_t available, long games) {
  if (available == 0 || footprint <= available) return;
  throw InvalidInput(fmt::format(
      "--games {}: the run would keep about {:.1f} GB of results in memory until its end, and this "
      "machine has {:.1f} GB available; play fewer games (game i of a seed is the same game "
      "whatever --games is)",
      games, gigabytes(footprint), gigabytes(available)));
}

}  // namespace tabletop::sim
