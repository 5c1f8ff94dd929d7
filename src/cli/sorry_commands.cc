// `tabletop sorry ...`: `moves` (every legal move of a position and a card or hand), `play` (a
// game in the terminal, in sorry_play.cc), `replay` (a recorded game, in sorry_replay.cc) and
// `train` (the learnt value of the bots, in sorry_train.cc).
#include <string>

#include <fmt/format.h>

#include "cli/commands.h"
#include "cli/rules_command.h"
#include "core/json_util.h"
#include "sorry/moves_query.h"

namespace tabletop::cli {

void add_sorry_play_command(CLI::App& sorry);
void add_sorry_replay_command(CLI::App& sorry);
void add_sorry_train_command(CLI::App& sorry);

namespace {

void add_sorry_moves_command(CLI::App& sorry) {
  auto* moves = sorry.add_subcommand(
      "moves", "Print every legal move of a Sorry! position and a card (or a hand)");
  static std::string file;
  static bool json = false;
  moves->add_option("FILE", file, "Position JSON file, or - for standard input")->required();
  moves->add_flag("--json", json, "Print {\"moves\": [...]} instead of a board and a list");
  moves->footer(R"(Input:
  {"players": ["red", "yellow"],
   "pawns": {"red": ["start", "track:4", "safety:2", "home"],
             "yellow": ["start", "start", "start", "start"]},
   "turn": "red", "card": "7", "options": {"teams": false}}
players: 2 to 4 distinct colours (red, blue, yellow, green); pawns: exactly 4 positions per
colour in play: start, home, track:N (0..59) or safety:K (0..4, the pawn's own zone);
card: )" + sorry::card_names_text() +
                R"( (no 6 or 9); or instead of card a hand (list of
cards, playing for points); options: any rule option by name (see docs/sorry.md).
Output with --json: {"moves": [{"move": "<text>", "action": {...}, "pawns": {...}}, ...]}, one
entry per distinct resulting position; "pass": true when an 11 may be declined; with a hand each
entry names its "card", and when no card can move the entries are {"discard": "<card>", ...}.
An empty list means the card cannot be used. Bad input exits with status 2.)");
  moves->callback([] {
    sorry::MovesQuery q = sorry::parse_moves_query(read_json_file(file));
    auto list = sorry::list_moves(q);
    if (json) {
      fmt::print("{}\n", json_text(sorry::moves_json(q, list), 2));
    } else {
      fmt::print("{}", sorry::moves_text(q, list));
    }
  });
}

}  // namespace

void add_sorry_commands(CLI::App& app) {
  auto* sorry = app.add_subcommand("sorry",
                                   "Sorry!: list moves of a position, play in the terminal, replay "
                                   "a record, train the learnt value, the rules");
  sorry->require_subcommand(1);
  add_sorry_moves_command(*sorry);
  add_sorry_play_command(*sorry);
  add_sorry_replay_command(*sorry);
  add_sorry_train_command(*sorry);
  add_rules_command(*sorry, "sorry", "Sorry!");
}

}  // namespace tabletop::cli
