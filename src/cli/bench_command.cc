// `tabletop bench`: fixed-seed games of each game, a signature of them and the speed.
#include <fmt/format.h>

#include "cli/commands.h"

namespace tabletop::cli {

void add_bench_command(CLI::App& app) {
  auto* bench = app.add_subcommand("bench", "Fixed-seed games: a rules signature and the speed");
  bench->callback([] { fmt::print("bench: no games yet\n"); });
}

}  // namespace tabletop::cli
