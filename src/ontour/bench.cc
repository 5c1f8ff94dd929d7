#include "ontour/bench.h"

#include <chrono>

#include <fmt/format.h>

#include "core/cpu_time.h"
#include "core/hash.h"
#include "ontour/playout.h"

namespace tabletop::ontour {

namespace {

// One-player games with uniformly random placements on one map; the signature hashes every
// game's final sheet and score, so it moves only when the rules (or the random policy) change.
BenchReport bench_map(const Map& map, long games) {
  Fnv1a hash;
  RouteScorer scorer(map);
  long total_score = 0;
  auto start = std::chrono::steady_clock::now();
  double cpu_start = thread_cpu_seconds();
  for (long g = 0; g < games; ++g) {
    Rng rng(mix_seed(20261129, static_cast<uint64_t>(g)));
    State s(map, Options{}, 1);
    play_random(s, rng);
    Route r = scorer.best(s.sheet(0));
    total_score += r.score;
    const Sheet& sheet = s.sheet(0);
    for (int i = 0; i < map.num_spaces(); ++i) hash.add_byte(static_cast<uint8_t>(sheet.cell(i)));
    hash.add(sheet.circled());
    hash.add(static_cast<uint64_t>(r.score * 64 + r.circles));
  }
  double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  double cpu = thread_cpu_seconds() - cpu_start;
  BenchReport rep;
  rep.cpu_seconds = cpu;
  rep.game = "ontour";
  rep.what = fmt::format("1-player games on {}, random placements, best route scored", map.name());
  rep.signature = hash.value();
  rep.games = games;
  rep.seconds = seconds;
  rep.figures.emplace_back("mean score",
                           fmt::format("{:.2f}", games ? double(total_score) / games : 0.0));
  return rep;
}

}  // namespace

std::vector<BenchReport> run_bench(long games) {
  if (games <= 0) games = 20000;
  return {bench_map(Map::builtin("usa"), games), bench_map(Map::builtin("europe"), games)};
}

}  // namespace tabletop::ontour
