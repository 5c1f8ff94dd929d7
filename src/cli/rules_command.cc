#include "cli/rules_command.h"

#include <iostream>
#include <string>

#include "core/error.h"

namespace tabletop::cli {

void add_rules_command(CLI::App& game, const std::string& name, const std::string& title) {
  auto* rules = game.add_subcommand("rules", "How to play " + title + ": the rules tabletop plays");
  rules->callback([name] {
    for (const RulesPage& page : embedded_rules())
      if (page.name == name) {
        std::cout << page.text;
        return;
      }
    throw Error("no rules page " + name + " was built in");
  });
}

}  // namespace tabletop::cli
