// `tabletop ontour ...`.
#include "cli/commands.h"

namespace tabletop::cli {

void add_ontour_commands(CLI::App& app) {
  auto* ontour = app.add_subcommand("ontour", "On Tour: score a map, play in the terminal");
  ontour->require_subcommand(1);
}

}  // namespace tabletop::cli
