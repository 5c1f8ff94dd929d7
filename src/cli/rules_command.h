// `tabletop ontour rules` and `tabletop sorry rules`: the game's rules for players, the pages of
// docs/rules built into the program (by cmake/embed.cmake), so that they are at hand wherever the
// program is.
#pragma once

#include <string_view>
#include <vector>

#include <CLI/CLI.hpp>

namespace tabletop::cli {

struct RulesPage {
  std::string_view name;  // the file's name without .md: "ontour", "sorry"
  std::string_view text;
};

const std::vector<RulesPage>& embedded_rules();

// Adds `rules` to a game's command, printing the page `name` (a file of docs/rules).
void add_rules_command(CLI::App& game, const std::string& name, const std::string& title);

}  // namespace tabletop::cli
