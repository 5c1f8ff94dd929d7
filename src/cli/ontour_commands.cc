// `tabletop ontour score` and the registration of `tabletop ontour play` and `replay`.
#include <iostream>
#include <memory>
#include <string>

#include <fmt/format.h>

#include "cli/commands.h"
#include "cli/ontour_play.h"
#include "cli/ontour_render.h"
#include "cli/rules_command.h"
#include "core/json_util.h"
#include "ontour/scorer.h"
#include "ontour/sheet_io.h"

namespace tabletop::cli {

void add_ontour_replay_command(CLI::App& ontour);

using namespace ontour;

namespace {

void run_score(const std::string& file, const std::string& map_file, bool map_given, bool json) {
  std::unique_ptr<Map> custom;
  if (map_given) custom = std::make_unique<Map>(Map::load(map_file));  // "" is no map: said
  LoadedSheet loaded = sheet_from_json(read_json_file(file), custom.get());
  Route r = best_route(loaded.map, loaded.sheet);
  if (json) {
    // Keys in the documented order: score, spaces, circles, route.
    nlohmann::ordered_json route = nlohmann::ordered_json::array();
    for (int s : r.path) route.push_back(loaded.map.space(s).id);
    nlohmann::ordered_json out{
        {"score", r.score}, {"spaces", r.spaces()}, {"circles", r.circles}, {"route", route}};
    std::cout << json_text(out) << "\n";
    return;
  }
  std::cout << render_map(loaded.map, loaded.sheet, &r) << "\n";
  std::cout << "Best route: " << describe_route(loaded.map, r) << "\n";
  std::cout << fmt::format("Score: {}\n", r.score);
  // Numbers no roll makes (two equal digits: doubles make a star) are scored as written, and
  // named, as a paper map holding one was most likely misread.
  std::string odd;
  for (int space = 0; space < loaded.map.num_spaces(); ++space) {
    const int v = loaded.sheet.is_number(space) ? loaded.sheet.cell(space) : -1;
    if (v >= 0 && v / 10 == v % 10)
      odd += fmt::format("{}{:02d} in {}", odd.empty() ? "" : ", ", v, loaded.map.space(space).id);
  }
  if (!odd.empty())
    std::cout << fmt::format(
        "Note: {} cannot be rolled (doubles make no numbers); scored as written.\n", odd);
}

}  // namespace

void add_ontour_commands(CLI::App& app) {
  auto* ontour = app.add_subcommand(
      "ontour", "On Tour: score a map, play in the terminal, replay a record, the rules");
  ontour->require_subcommand(1);

  auto* score = ontour->add_subcommand(
      "score",
      "Find the best route of a filled (or half-filled) map.\n"
      "Sheet format: {\"map\": \"usa\", \"spaces\": {\"WA\": 21, \"SD\": \"*\", \"WI\": \"X\"}, "
      "\"circled\": [\"WA\"]}\n"
      "Numbers 0..99, \"*\" a star, \"X\" a cross; a space not listed is empty.");
  static std::string file, map_file;
  static bool json = false;
  score->add_option("FILE", file, "Sheet file, or - for standard input")->required();
  auto* map = score->add_option("--map", map_file,
                                "The map to score on (a shipped map: usa, europe; or a map "
                                "file), for a sheet that names none; a sheet that names its "
                                "map must name this one");
  score->add_flag("--json", json,
                  "Print {\"score\": S, \"spaces\": N, \"circles\": C, \"route\": [...]}");
  score->callback([map] { run_score(file, map_file, map->count() > 0, json); });

  add_ontour_play_command(*ontour);
  add_ontour_replay_command(*ontour);
  add_rules_command(*ontour, "ontour", "On Tour");
}

}  // namespace tabletop::cli
