// Google Benchmark programs for the Sorry! hot paths: whole random games, move generation of a
// busy 7, and state copies. `tabletop bench sorry` gives the headline figure; these split it up.
#include <benchmark/benchmark.h>

#include "sorry/moves_query.h"
#include "sorry/playout.h"

namespace tabletop::sorry {
namespace {

void BM_RandomFourPlayerGame(benchmark::State& st) {
  uint64_t g = 0;
  long cards = 0;
  for (auto _ : st) {
    Rng rng(mix_seed(1, g++));
    State s{Options{}};
    play_random(s, rng);
    cards += s.cards_drawn();
    benchmark::DoNotOptimize(s);
  }
  st.counters["card_plays/s"] =
      benchmark::Counter(static_cast<double>(cards), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_RandomFourPlayerGame);

void BM_SevenMoveGeneration(benchmark::State& st) {
  MovesQuery q = parse_moves_query(Json::parse(R"({"players": ["red", "blue", "yellow", "green"],
      "pawns": {"red": ["track:10", "track:20", "track:35", "safety:1"],
                "blue": ["track:12", "track:22", "start", "start"],
                "yellow": ["track:40", "start", "start", "home"],
                "green": ["track:50", "track:5", "start", "start"]},
      "turn": "red", "card": "7"})"));
  MoveList moves;
  for (auto _ : st) {
    moves.clear();
    generate_card_moves(q.position, q.options, kRed, k7, moves);
    benchmark::DoNotOptimize(moves);
  }
  st.counters["moves"] = moves.size();
}
BENCHMARK(BM_SevenMoveGeneration);

void BM_StateCopy(benchmark::State& st) {
  State s{Options{}};
  for (auto _ : st) {
    State c = s;
    benchmark::DoNotOptimize(c);
  }
}
BENCHMARK(BM_StateCopy);

}  // namespace
}  // namespace tabletop::sorry

BENCHMARK_MAIN();
