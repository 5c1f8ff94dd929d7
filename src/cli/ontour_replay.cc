// `tabletop ontour replay`: a recorded game (`ontour play --record`, `sim --records`, or a bare
// game log) told turn by turn in the words of the live game.
#include <iostream>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "cli/commands.h"
#include "cli/ontour_narrate.h"
#include "cli/ontour_render.h"
#include "cli/record_file.h"
#include "cli/validators.h"
#include "core/error.h"
#include "core/json_util.h"
#include "ontour/actions.h"
#include "ontour/scorer.h"
#include "ontour/state.h"

namespace tabletop::cli {

using namespace ontour;

namespace {

struct ReplayArgs {
  std::string file;
  bool maps = false;
};

// The players' names: from who played (a record of `ontour play` or `sim`), else "Player k".
std::vector<std::string> labels_of(const Json& j, int players, const std::string& file) {
  using Names = std::vector<std::string>;
  if (j.contains("seats")) {  // tabletop sim: the bot at each seat
    const auto seats = member_as<Names>(j, "seats", file, "a list of bot names");
    if (static_cast<int>(seats.size()) == players) return player_labels(0, seats);
  } else if (j.contains("bots")) {  // ontour play: players at the terminal, then bots
    const auto bots = member_as<Names>(j, "bots", file, "a list of bot names");
    const int humans = member_as<int>(j, "players", file, "a number of players");
    if (humans + static_cast<int>(bots.size()) == players) return player_labels(humans, bots);
  } else {
    return player_labels(players, {});
  }
  throw InvalidInput(file + ": the players do not match the game");
}

void show_maps(const State& s, const std::vector<std::string>& labels) {
  for (int p = 0; p < s.num_players(); ++p) {
    const Route r = best_route(s.map(), s.sheet(p));
    std::cout << "\n"
              << labels[p] << ":\n"
              << render_map(s.map(), s.sheet(p), &r)
              << "Best route so far: " << describe_route(s.map(), r) << "\n";
  }
}

void run_replay(const ReplayArgs& args) {
  const Json j = read_json_file(args.file);
  const std::string name = input_name(args.file);  // in messages
  if (!j.is_object()) throw InvalidInput(name + ": expected an object");
  // A record of the other game is named as such rather than found wanting.
  if (j.contains("options") && j.contains("actions") && !j.contains("game"))
    throw InvalidInput(
        fmt::format("{}: a record of a Sorry! game, not of On Tour (tabletop sorry replay {})",
                    name, args.file));
  const Json& game = j.contains("game") ? j["game"] : j;
  // The whole log is checked first.
  const State recorded = read_naming_file(args.file, [&] { return State::from_json(game); });
  const std::vector<std::string> labels = labels_of(j, recorded.num_players(), name);
  const std::vector<LogEntry>& log = recorded.log();
  State s(recorded.map_ptr(), recorded.options(), recorded.num_players());
  std::cout << fmt::format("On Tour record: {}, {} player{}, {} log entries\n", s.map().name(),
                           s.num_players(), s.num_players() == 1 ? "" : "s", log.size());
  for (size_t i = 0; i < log.size(); ++i) {
    const LogEntry& e = log[i];
    if (e.chance) {
      const Phase phase = s.phase();
      std::cout << chance_header(s);
      s.apply_chance(e.chance_action);
      std::cout << chance_result(s, phase, e.chance_action);
      continue;
    }
    s.apply(e.player, e.placement);
    std::cout << fmt::format("{}: {}\n", labels[e.player],
                             describe(s.map(), e.placement, &s.sheet(e.player)));
    // After each turn's placements (the end of the record shows them anyway).
    if (args.maps && i + 1 < log.size() && log[i + 1].chance) show_maps(s, labels);
  }
  if (s.is_terminal()) {
    std::cout << game_over_text(s, labels);
  } else {
    show_maps(s, labels);
    std::cout << fmt::format("\nThe record ends before the game does (turn {}).\n", s.turn());
  }
}

}  // namespace

void add_ontour_replay_command(CLI::App& ontour) {
  auto* replay = ontour.add_subcommand(
      "replay",
      "Tell a recorded On Tour game turn by turn (a record of `ontour play --record` or `sim "
      "--records`)");
  static ReplayArgs args;
  replay->add_option("FILE", args.file, "Record JSON file, or - for standard input")
      ->required()
      ->check(file_name());
  replay->add_flag("--maps", args.maps, "Draw every map after every turn");
  replay->footer(
      "The whole record is checked first: a malformed record or an illegal entry exits with "
      "status 2, naming the entry.");
  replay->callback([] { run_replay(args); });
}

}  // namespace tabletop::cli
