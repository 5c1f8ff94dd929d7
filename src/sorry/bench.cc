#include "sorry/bench.h"

#include <chrono>
#include <ctime>

#include <fmt/format.h>

#include "core/cpu_time.h"
#include "core/hash.h"
#include "sorry/playout.h"

namespace tabletop::sorry {

namespace {

constexpr uint64_t kBenchSeed = 20260101;

BenchReport bench_variant(const char* what, const Options& o, long games, bool points) {
  BenchReport r;
  r.game = "sorry";
  r.what = what;
  r.games = games;
  Fnv1a hash;
  long cards = 0;
  std::array<long, 4> wins{};
  auto t0 = std::chrono::steady_clock::now();
  double cpu0 = thread_cpu_seconds();
  for (long g = 0; g < games; ++g) {
    Rng rng(mix_seed(kBenchSeed, static_cast<uint64_t>(g)));
    State s(o);
    play_random(s, rng);
    cards += s.cards_drawn();
    int w = s.winner();
    if (w >= 0 && w < 4) ++wins[w];
    hash.add(static_cast<uint64_t>(w));
    hash.add(static_cast<uint64_t>(s.cards_drawn()));
    for (int p = 0; p < kNumPawns; ++p) hash.add_byte(static_cast<uint8_t>(s.position().place(p)));
    if (points)
      for (int p = 0; p < s.num_players(); ++p) hash.add(static_cast<uint64_t>(s.scores()[p]));
  }
  r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  double cpu = thread_cpu_seconds() - cpu0;
  r.cpu_seconds = cpu;
  r.signature = hash.value();
  r.figures.emplace_back("card plays per second",
                         fmt::format("{:.2f} million", cards / r.seconds / 1e6));
  // On a shared machine the wall clock also counts time spent waiting for a core.
  r.figures.emplace_back("card plays per CPU second",
                         fmt::format("{:.2f} million", cpu > 0 ? cards / cpu / 1e6 : 0.0));
  r.figures.emplace_back("mean cards drawn per game",
                         fmt::format("{:.1f}", static_cast<double>(cards) / games));
  std::string shares;
  State probe(o);
  for (int p = 0; p < probe.num_players(); ++p)
    shares += fmt::format("{}{} {:.2f}%", p ? ", " : "", colour_name(probe.colour_of(p)),
                          100.0 * wins[p] / games);
  r.figures.emplace_back("win share by seat", shares);
  return r;
}

}  // namespace

std::vector<BenchReport> run_bench(long games) {
  if (games <= 0) games = kDefaultBenchGames;
  std::vector<BenchReport> out;
  out.push_back(bench_variant("random 4-player games, random movers, default options", Options{},
                              games, false));
  Options points;
  points.points = true;
  out.push_back(bench_variant("random 4-player games playing for points (one game each)", points,
                              games / 4 > 0 ? games / 4 : 1, true));
  return out;
}

}  // namespace tabletop::sorry
