// `tabletop sorry replay`: a recorded game (`tabletop sorry play --record`, `tabletop sim
// --records`), told step by step in the words of the live game.
#include <string>
#include <vector>

#include <fmt/format.h>

#include "cli/commands.h"
#include "cli/record_file.h"
#include "cli/sorry_narrate.h"
#include "cli/sorry_seats.h"
#include "cli/validators.h"
#include "core/error.h"
#include "core/json_util.h"
#include "sorry/render.h"
#include "sorry/state_io.h"

namespace tabletop::cli {

namespace {

struct ReplayArgs {
  std::string file;
  bool board = false;
};

void run_replay(const ReplayArgs& args) {
  const Json j = read_json_file(args.file);
  const std::string name = input_name(args.file);  // in messages
  // A record of the other game is named as such rather than found wanting.
  if (j.is_object() && !j.contains("actions") && (j.contains("game") || j.contains("log")))
    throw InvalidInput(
        fmt::format("{}: a record of an On Tour game, not of Sorry! (tabletop ontour replay {})",
                    name, args.file));
  const sorry::Record record = read_naming_file(args.file, [&] {
    sorry::Record r = sorry::record_from_json(j);
    sorry::replay(r);  // the whole record is checked before anything is told
    return r;
  });
  sorry::State s(record.options);
  // A record of `tabletop sim` names the bot at each seat, one of `sorry play` its --bots list:
  // "red (strong)".
  std::vector<std::string> labels;
  for (int p = 0; p < s.num_players(); ++p)
    labels.push_back(std::string(sorry::colour_name(s.colour_of(p))));
  if (j.contains("bots") && j["bots"].is_string() && !j.contains("seats")) {
    const std::array<std::string, 4> specs = read_naming_file(
        args.file, [&] { return bots_field(j["bots"].get<std::string>(), s.options()); });
    for (int p = 0; p < s.num_players(); ++p)
      if (!specs[s.colour_of(p)].empty()) labels[p] += " (" + specs[s.colour_of(p)] + ")";
  }
  if (j.contains("seats")) {
    const Json& seats = j["seats"];
    if (!seats.is_array() || static_cast<int>(seats.size()) != s.num_players())
      throw InvalidInput(name + ": \"seats\" must list one bot per player");
    for (int p = 0; p < s.num_players(); ++p) {
      if (!seats[p].is_string()) throw InvalidInput(name + ": a seat's bot is not text");
      labels[p] += " (" + seats[p].get<std::string>() + ")";
    }
  }
  const sorry::Options& o = record.options;
  fmt::print("Sorry! record: {} players{}, {} actions\n", s.num_players(), variant_text(o),
             record.actions.size());
  int games_seen = 0;
  bool legend_shown = false;  // with the first board only
  for (const sorry::Action& a : record.actions) {
    if (s.is_chance()) {
      fmt::print("{}", chance_line(s, a));
    } else {
      const int player = s.current_player();
      if (args.board) {
        fmt::print("\n{}", sorry::render_board(s.position(), o, !legend_shown));
        legend_shown = true;
        if (o.points) fmt::print("hand:{}\n", hand_text(s.hand(player)));
      }
      fmt::print("{}: {}\n", labels[player], action_line(s, a));
    }
    s.apply(a);
    fmt::print("{}", points_line(s, games_seen));
  }
  if (s.is_terminal()) {
    fmt::print("{}", result_text(s));
  } else {
    fmt::print("\n{}The record ends before the game does ({} card{} drawn).\n",
               sorry::render_board(s.position(), o, !legend_shown), s.cards_drawn(),
               s.cards_drawn() == 1 ? "" : "s");
  }
}

}  // namespace

void add_sorry_replay_command(CLI::App& sorry) {
  auto* replay = sorry.add_subcommand(
      "replay",
      "Tell a recorded Sorry! game step by step (a record of `sorry play --record` or `sim "
      "--records`)");
  static ReplayArgs args;
  replay->add_option("FILE", args.file, "Record JSON file, or - for standard input")
      ->required()
      ->check(file_name());
  replay->add_flag("--board", args.board, "Draw the board before every move");
  replay->footer(
      "A record is {\"options\": {...}, \"actions\": [...]}: the rule options and every card draw "
      "and move in order. The whole record is checked first: a malformed or illegal one exits "
      "with status 2, naming the action.");
  replay->callback([] { run_replay(args); });
}

}  // namespace tabletop::cli
