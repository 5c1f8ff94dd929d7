// `tabletop sorry ...`: registered here; the Sorry! commands are added as the engine lands.
#include "cli/commands.h"

namespace tabletop::cli {

void add_sorry_commands(CLI::App& app) {
  auto* sorry = app.add_subcommand("sorry", "Sorry!: list moves of a position, play in the terminal");
  sorry->require_subcommand(1);
}

}  // namespace tabletop::cli
