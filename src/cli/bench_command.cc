// `tabletop bench`: fixed-seed games of each game, a signature of them and the speed.
#include <string>

#include <fmt/format.h>

#include "cli/commands.h"
#include "cli/validators.h"
#include "ontour/bench.h"
#include "sorry/bench.h"

namespace tabletop::cli {

namespace {

void print(const BenchReport& r) {
  fmt::print("{}: {}\n", r.game, r.what);
  fmt::print("  signature: {:016x}\n", r.signature);
  fmt::print("  games: {} in {:.3f} s = {:.0f} games/s ({:.0f} per CPU second)\n", r.games,
             r.seconds, r.seconds > 0 ? r.games / r.seconds : 0.0,
             r.cpu_seconds > 0 ? r.games / r.cpu_seconds : 0.0);
  for (const auto& [name, value] : r.figures) fmt::print("  {}: {}\n", name, value);
}

}  // namespace

void add_bench_command(CLI::App& app) {
  auto* bench = app.add_subcommand(
      "bench",
      "Fixed-seed games of each game: a signature (changes only with the rules) and speed");
  static std::string game = "all";
  static long games = 0;
  bench->add_option("game", game, "ontour, sorry or all")
      ->transform(CLI::IsMember({"all", "ontour", "sorry"}, CLI::ignore_case));
  bench
      ->add_option("--games", games,
                   "Games per benchmark, N/4 for the slower playing-for-points one (default: "
                   "each benchmark's own)")
      ->transform(whole_number(1, 100000000));
  bench->callback([] {
    if (game == "all" || game == "ontour")
      for (const auto& r : ontour::run_bench(games)) print(r);
    if (game == "all" || game == "sorry")
      for (const auto& r : sorry::run_bench(games)) print(r);
  });
}

}  // namespace tabletop::cli
