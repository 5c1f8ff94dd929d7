#include "cli/ontour_play.h"

#include <algorithm>
#include <atomic>
#include <cctype>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>
#include <optional>
#include <random>
#include <sstream>
#include <system_error>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "cli/commands.h"
#include "cli/interrupt.h"
#include "cli/ontour_narrate.h"
#include "cli/ontour_render.h"
#include "cli/record_file.h"
#include "cli/screen.h"
#include "cli/validators.h"
#include "core/error.h"
#include "core/json_util.h"
#include "core/text.h"
#include "ontour/assist.h"
#include "ontour/bot_registry.h"
#include "ontour/state.h"

namespace tabletop::cli {

using namespace ontour;

namespace {

struct PlaySettings {
  std::string map = "usa";
  int players = 1;                // at this terminal
  std::vector<std::string> bots;  // played by the program, after the players at the terminal
  bool companion = false;
  uint64_t seed = 0;
  bool seed_given = false;
  int setup_rolls = 2;
  bool star_always_circled = false;
  bool x_in_card_region = false;
  bool voluntary_x = false;
  std::vector<std::string> options;  // --option name=value, as sim takes them
  bool no_highscores = false;
  std::string record;   // written as the game goes, so that a game stopped can be resumed
  std::string resume;   // a record to go on from
  bool scored = false;  // the game is over and its end was told (and its solo score kept)
};

// ", seed 5", ", companion mode", or ", companion mode (bots' seed 5)": in companion mode the
// seed is the bots' (and the hints') only.
std::string seed_text(const PlaySettings& ps) {
  if (!ps.companion) return fmt::format(", seed {}", ps.seed);
  return ps.bots.empty() ? std::string(", companion mode")
                         : fmt::format(", companion mode (bots' seed {})", ps.seed);
}

// "On Tour on USA - 3 players (bots: strong, greedy), seed 5": who plays what.
std::string header(const PlaySettings& ps, const std::string& map_name, int total) {
  std::string bots;
  for (const auto& b : ps.bots) bots += (bots.empty() ? "" : ", ") + b;
  return fmt::format("On Tour on {} - {} player{}{}{}", map_name, total, total == 1 ? "" : "s",
                     bots.empty() ? "" : " (bots: " + bots + ")", seed_text(ps));
}

// A game record of `ontour play`: who plays, the seed, and the game so far (State::to_json).
Json record_json(const PlaySettings& ps, const State& state) {
  return {{"record", "tabletop ontour play"},
          {"seed", ps.seed},
          {"players", ps.players},
          {"bots", ps.bots},
          {"companion", ps.companion},
          {"no_highscores", ps.no_highscores},
          {"scored", ps.scored},
          {"game", state.to_json()}};
}

// Reads a record into `ps` (who plays, the seed); returns the game so far.
State read_record(const std::string& path, PlaySettings& ps) {
  const Json j = read_json_file(path);
  const std::string file = input_name(path);  // in messages
  if (j.is_object() && j.contains("options") && j.contains("actions") && !j.contains("game"))
    throw InvalidInput(fmt::format(
        "{}: a record of a Sorry! game, not of On Tour (tabletop sorry play --resume {})", file,
        path));
  if (!j.is_object() || !j.contains("record") || j["record"] != "tabletop ontour play")
    throw InvalidInput(file + ": not a record of tabletop ontour play");
  if (!j.contains("seed") || !j["seed"].is_number_unsigned())
    throw InvalidInput(seed_field_error(file));
  ps.seed = j["seed"].get<uint64_t>();
  ps.players = member_as<int>(j, "players", file, "a number of players");
  ps.bots = member_as<std::vector<std::string>>(j, "bots", file, "a list of bot names");
  ps.companion = member_as<bool>(j, "companion", file, "true or false");
  if (j.contains("no_highscores"))
    ps.no_highscores =
        ps.no_highscores || member_as<bool>(j, "no_highscores", file, "true or false");
  State game = read_naming_file(path, [&] { return State::from_json(require(j, "game", file)); });
  // A finished game is scored unless its record says it was not (companion mode asks before
  // scoring a full map, and a stop there leaves it unscored).
  ps.scored = j.contains("scored") ? member_as<bool>(j, "scored", file, "true or false")
                                   : game.is_terminal();
  if (ps.players < 0 || ps.players + static_cast<int>(ps.bots.size()) != game.num_players())
    throw InvalidInput(file + ": the players do not match the game");
  return game;
}

std::vector<std::string> split_tokens(const std::string& line) {
  std::string cleaned = line;
  for (char& c : cleaned)
    if (c == ',') c = ' ';
  std::istringstream in(cleaned);
  std::vector<std::string> out;
  for (std::string t; in >> t;) out.push_back(t);
  return out;
}

// QUIT, EXIT or Q (upper case): what stops the game at the dice, card and full-map prompts.
bool quit_word(const std::string& word) { return word == "QUIT" || word == "EXIT" || word == "Q"; }

// Set while a game runs: Ctrl-C (or SIGTERM) asks it to stop as quit does, at the prompt it
// interrupts, or between two steps of the bots (a bot thinking finishes first).
const std::atomic<bool>* g_stop = nullptr;

// Reads one line; false at end of input or once the game is asked to stop.
bool prompt(const std::string& text, std::string& line) {
  if (g_stop && *g_stop) return false;
  std::cout << text << std::flush;
  if (!std::getline(std::cin, line) || (g_stop && *g_stop)) {
    std::cout << "\n";
    return false;
  }
  return true;
}

class Game {
 public:
  Game(const PlaySettings& ps, std::shared_ptr<const Map> map, Options o)
      : ps_(ps),
        state_(std::move(map), o, ps.players + static_cast<int>(ps.bots.size())),
        rng_(ps.seed),
        record_(ps.record),
        labels_(player_labels(ps.players, ps.bots)) {
    make_bots();
  }

  // Plays to the end; false when the input ended first.
  bool run() {
    save();
    if (ps_.companion && !over_before_resume_)
      std::cout << "Type undo at any prompt to take back the last dice, card or placement typed.\n";
    while (true) {
      Step step = Step::kDone;
      // Ctrl-C while the bots play (no prompt to interrupt): stopped here, between two steps.
      if (g_stop && *g_stop && !state_.is_terminal()) return false;
      if (state_.is_terminal()) {
        // In companion mode the last placement typed can still be taken back.
        if (!ps_.companion || over_before_resume_ || (step = confirm_end()) == Step::kDone) break;
      } else if (state_.is_chance()) {
        step = chance();
        // Dice and cards typed are kept at once; drawn by the seed, they are drawn again on resume.
        if (step == Step::kDone && !ps_.companion) continue;
      } else {
        // The turn is simultaneous: every bot chooses from the table as it stands before anyone
        // writes (begin_round), the players at the terminal type theirs, then the bots' placements
        // are written.
        if (!round_open()) begin_round();
        for (int p = 0; p < ps_.players && step == Step::kDone; ++p) {
          if (!state_.awaiting(p)) continue;
          if (private_maps()) step = hand_over(p, "see your map");
          if (step == Step::kDone && (step = decide(p)) == Step::kDone) {
            save();                // a placement typed is kept, should a later player stop the game
            if (private_maps()) {  // hidden also when the game stops there
              step = hand_over(p, "hide your map and hand over");
              clear_screen();
            }
          }
        }
        if (step == Step::kDone) {
          for (const auto& [p, q] : rounds_.back().bot_writes) {
            state_.apply(p, q);
            std::cout << fmt::format("{}: {}\n", label(p), describe(map(), q, &state_.sheet(p)));
          }
        }
      }
      if (step == Step::kStop) return false;
      if (step == Step::kUndo) undo();
      save();
    }
    finish();
    return true;
  }

  std::string stopped_text() const { return record_.stopped_text("ontour"); }

  // Goes through a recorded game as it was played, so that the dice, the cards and the bots go on
  // exactly as they would have without the stop: the generator draws each recorded roll and card
  // again, and each bot is shown the views it was shown. `header` (the game's first line) is
  // printed once the record is found to be its seed's game: a changed record gets its error alone.
  void replay(const State& recorded, const std::string& header) {
    replay_log(recorded.log(), recorded.log().size(), /*bots_choose=*/true);
    std::cout << header;  // once the record has been found to be its seed's game
    over_before_resume_ = state_.is_terminal() && ps_.scored;
    if (state_.is_terminal() && !over_before_resume_) {
      std::cout << "The map is full.\n";
    } else if (over_before_resume_) {
      std::cout << "The recorded game is over.\n";
    } else {
      std::cout << (state_.turn() == 0 ? std::string("Resumed in the setup.\n")
                                       : fmt::format("Resumed at turn {}.\n", state_.turn()));
      // What the step under way has rolled and drawn, told as it was when it came (the record
      // may stop among the placements, where no card or roll is told again).
      if (state_.phase() == Phase::kPlace || !turn_so_far(state_).empty()) std::cout << told_;
    }
  }

 private:
  enum class Step { kDone, kStop, kUndo };

  const Map& map() const { return state_.map(); }

  void make_bots() {
    bots_.clear();
    for (size_t b = 0; b < ps_.bots.size(); ++b)
      bots_.push_back(make_bot(ps_.bots[b], mix_seed(ps_.seed, 1 + ps_.players + b)));
  }

  // A turn's placements begin: the sheets as they stand, and the bots' choices from them; kept
  // with copies of the bots as they are after choosing, for an undo back to this turn.
  void begin_round() {
    Round round{state_.log().size(), {}, bot_choices(), {}};
    for (int p = 0; p < state_.num_players(); ++p) round.sheets.push_back(state_.sheet(p));
    for (const auto& bot : bots_) round.bots.push_back(bot->clone());
    rounds_.push_back(std::move(round));
  }

  // Goes back to the turn of rounds_[r] (or, for r = -1, to before the first turn's placements,
  // with new bots): the bots as they were after choosing for it, the later turns forgotten.
  void back_to_round(int r) {
    rounds_.resize(r + 1);
    if (r < 0) return make_bots();
    for (size_t b = 0; b < bots_.size(); ++b) bots_[b] = rounds_[r].bots[b]->clone();
  }

  // Whether the placements due now are those of the turn begun last (begin_round), whose bots'
  // choices are made: the turn's placements start after the log's last chance entry.
  bool round_open() const {
    if (state_.is_chance() || state_.is_terminal()) return false;
    size_t start = state_.log().size();
    while (start > 0 && !state_.log()[start - 1].chance) --start;
    return !rounds_.empty() && start == rounds_.back().begun_at;
  }

  // Plays the first `count` entries of `log` on a new game, the dice and cards drawn again from the
  // seed (outside companion mode, each checked against the entry). With
  // `bots_choose` the bots (new ones) are shown every view they were shown when the entries were
  // played, each turn's choices made once (begin_round), also for a turn the log stops part-way
  // through; without, the bots are not asked: they have chosen for every turn the entries reach.
  void replay_log(const std::vector<LogEntry>& log, size_t count, bool bots_choose) {
    if (bots_choose) back_to_round(-1);  // new bots have chosen nothing yet
    state_ = State(state_.map_ptr(), state_.options(), state_.num_players());
    rng_ = Rng(ps_.seed);
    told_.clear();
    for (size_t i = 0; i < count; ++i) {
      if (log[i].chance) {
        if (!ps_.companion && !(state_.sample_chance(rng_) == log[i].chance_action))
          throw InvalidInput(fmt::format(
              "{}: game log entry {} is not what its seed draws: the record was changed",
              ps_.resume, i + 1));
        const std::string header = chance_header(state_);
        const Phase phase = state_.phase();
        if (!header.empty()) told_.clear();  // a new step: the setup, or a turn
        state_.apply_chance(log[i].chance_action);
        told_ += header + chance_result(state_, phase, log[i].chance_action);
        continue;
      }
      if (bots_choose && (i == 0 || log[i - 1].chance)) begin_round();
      state_.apply(log[i].player, log[i].placement);
    }
  }

  // Companion mode, the map full: score it, or take back the last entry typed.
  Step confirm_end() {
    std::string line;
    while (true) {
      if (!prompt("The map is full: press Enter to score it (undo takes back the last entry): ",
                  line))
        return Step::kStop;
      const std::string answer = upper(std::string(trimmed(line)));
      if (answer.empty()) return Step::kDone;
      if (answer == "UNDO") return Step::kUndo;
      if (quit_word(answer)) return Step::kStop;
      std::cout << "  Press Enter to score the map, or type undo or quit.\n";
    }
  }

  // Takes back the last entry typed at the terminal (in companion mode every dice roll and card
  // is typed), with the bots' placements that came after it: the game is written again from the
  // start up to it, and the bots are where they would have been (the copies kept as the turn
  // began whose placements come next, or new bots before the first).
  void undo() {
    const std::vector<LogEntry> log = state_.log();
    size_t k = log.size();
    while (k > 0 && !typed(log[k - 1])) --k;
    if (k == 0) {
      std::cout << "  Nothing typed yet to undo.\n";
      return;
    }
    if (!ps_.companion) {
      // The dice and cards drawn since come again as they came: a game whose player has seen
      // them is no longer a fair solo score.
      if (highscore_game())
        std::cout << "  (The dice and cards to come are those already seen: this game no longer "
                     "counts for the high scores.)\n";
      ps_.no_highscores = true;
    }
    const LogEntry& gone = log[k - 1];
    std::string what;
    if (gone.chance)
      what = gone.chance_action.kind == ChanceAction::Kind::kRoll
                 ? fmt::format("the dice {} and {}", gone.chance_action.dice.a,
                               gone.chance_action.dice.b)
                 : fmt::format("the card {}",
                               map().space(map().cards()[gone.chance_action.card].space).id);
    else
      // As the placement was told (circles too: the cells stand as they are in the sheet now),
      // with whose it was when others play.
      what = fmt::format("{}{}", state_.num_players() == 1 ? "" : label(gone.player) + "'s ",
                         describe(map(), gone.placement, &state_.sheet(gone.player)));
    const int turn_before = state_.turn();
    // The entries kept are log[0, k - 1): the turns whose placements begin among them are begun,
    // and so is a turn whose first placement was the entry undone (its bots' choices stand).
    int r = static_cast<int>(rounds_.size()) - 1;
    while (r >= 0 && rounds_[r].begun_at > k - 1) --r;
    back_to_round(r);
    replay_log(log, k - 1, /*bots_choose=*/false);
    if (std::any_of(log.begin() + k, log.end(), [&](const LogEntry& e) { return by_bot(e); }))
      what += " (with the bots' placements after it: they place again)";
    std::cout << fmt::format("  Undone: {}.\n", what);
    if (state_.turn() != turn_before)
      std::cout << (state_.turn() == 0 ? std::string("\n=== Back to the setup ===\n")
                                       : fmt::format("\n=== Back to turn {} ===\n", state_.turn()));
    std::cout << turn_so_far(state_);
  }

  std::vector<std::pair<int, Placement>> bot_choices() {
    std::vector<std::pair<int, Placement>> out;
    for (int p = ps_.players; p < state_.num_players(); ++p)
      if (state_.awaiting(p))
        out.emplace_back(p, bots_[p - ps_.players]->choose(PlayerView{state_, p}));
    return out;
  }

  void save() { record_.save(record_json(ps_, state_)); }

  bool several() const { return state_.num_players() > 1; }

  // Two or more players at the terminal: each writes without seeing what the others write this
  // turn, as at a table. A companion game's maps are on paper, so it has no hand-over.
  bool private_maps() const { return ps_.players >= 2 && !ps_.companion; }
  // Undo takes back what was typed at the terminal: every entry of a companion game, or the
  // placements of the one player at the terminal (with two or more, each writes unseen).
  bool can_undo() const { return ps_.companion || ps_.players == 1; }
  // An entry of the log typed at the terminal (the rest are the bots' placements and, outside
  // companion mode, the dice and cards drawn).
  bool typed(const LogEntry& e) const { return e.chance ? ps_.companion : e.player < ps_.players; }
  // A placement of a bot's.
  bool by_bot(const LogEntry& e) const { return !e.chance && e.player >= ps_.players; }
  // A solo game whose score goes to the high scores when it ends: one player at the terminal, no
  // bots, dice drawn (not typed in --companion), no --no-highscores and no undo.
  bool highscore_game() const {
    return !several() && ps_.players == 1 && !ps_.companion && !ps_.no_highscores;
  }

  // "Player 2: press Enter to see your map": kStop at quit or the end of input.
  Step hand_over(int p, std::string_view what) {
    std::string line;
    while (true) {
      if (!prompt(fmt::format("{}: press Enter to {} (q quits) ", label(p), what), line))
        return Step::kStop;
      const std::string answer = upper(std::string(trimmed(line)));
      if (answer.empty()) return Step::kDone;
      if (quit_word(answer)) return Step::kStop;
      std::cout << "  Press Enter, or type quit.\n";
    }
  }
  // "Player 2", or "Player 3 (strong)" for a bot.
  const std::string& label(int p) const { return labels_[p]; }

  Step chance() {
    const Phase phase = state_.phase();
    std::cout << chance_header(state_);
    ChanceAction a;
    if (!ps_.companion) {
      a = state_.sample_chance(rng_);
    } else {
      while (true) {
        std::string line;
        bool roll = phase == Phase::kSetupRoll || phase == Phase::kRoll;
        if (!prompt(roll ? "Dice rolled (two digits, e.g. 3 7): " : "Card drawn (space id): ",
                    line))
          return Step::kStop;
        auto t = split_tokens(line);
        // A map of its own may name a space Q or H: at the card prompt that is the card.
        const bool command = t.size() == 1 && (roll || map().find(upper(t[0])) < 0);
        if (command && quit_word(upper(t[0]))) return Step::kStop;
        if (command && upper(t[0]) == "UNDO") return Step::kUndo;
        if (command && (t[0] == "?" || upper(t[0]) == "HELP")) {
          std::cout << (roll ? "  Type the two dice as rolled (e.g. 3 7)"
                             : "  Type the space id the card names (e.g. TX)")
                    << "; undo takes back the last dice, card or placement typed; quit stops "
                       "(the game can be resumed with --record).\n";
          continue;
        }
        std::optional<ChanceAction> parsed;
        if (roll && t.size() == 1 && t[0].size() == 2 && std::isdigit(t[0][0]) &&
            std::isdigit(t[0][1]))
          parsed = ChanceAction::roll(t[0][0] - '0', t[0][1] - '0');
        else if (roll && t.size() == 2 && t[0].size() == 1 && t[1].size() == 1 &&
                 std::isdigit(t[0][0]) && std::isdigit(t[1][0]))
          parsed = ChanceAction::roll(t[0][0] - '0', t[1][0] - '0');
        else if (!roll && t.size() == 1) {
          // The card of the space typed, in any case as the placement prompt takes it ("ax" is ax).
          const int space = map().find(t[0]);
          for (int c = 0; c < map().num_cards(); ++c)
            if (space >= 0 && map().cards()[c].space == space) parsed = ChanceAction::draw(c);
        }
        if (!parsed) {
          const std::string& example = map().space(map().cards()[0].space).id;
          if (roll)
            std::cout << "  Type the two dice, e.g. 3 7.\n";
          else if (t.size() == 1)
            std::cout << fmt::format(
                "  No card names \"{}\" on this map: type the space id the "
                "card shows, e.g. {}.\n",
                t[0], example);
          else
            std::cout << fmt::format("  Type the space id the card shows, e.g. {}.\n", example);
          continue;
        }
        if (auto why = state_.check_chance(*parsed)) {
          std::string text = *why;
          if (!text.empty())
            text[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(text[0])));
          std::cout << "  " << text << ".\n";
          continue;
        }
        a = *parsed;
        break;
      }
    }
    state_.apply_chance(a);
    std::cout << chance_result(state_, phase, a);
    return Step::kDone;
  }

  void show_turn(int p) {
    if (several()) std::cout << fmt::format("\n--- {} ---\n", label(p));
    std::cout << "\n" << render_map(map(), state_.sheet(p)) << "\n";
    // Each card with the empty spaces of its region: the drawing does not show the regions.
    const SpaceSet empty = state_.sheet(p).empty(map());
    for (int i = 0; i < state_.revealed_count(); ++i) {
      const Card& c = map().cards()[state_.revealed(i)];
      const SpaceSet room = map().region_spaces(c.region) & empty;
      std::vector<std::string> ids;
      for_each_bit(room, [&](int sp) { ids.push_back(map().space(sp).id); });
      std::cout << fmt::format("  card {}: {}\n", card_text(state_, i),
                               ids.empty() ? std::string("no empty space there")
                                           : fmt::format("{}", fmt::join(ids, " ")));
    }
    const Dice d = state_.dice();
    switch (state_.turn_kind()) {
      case TurnKind::kNumbers: {
        // The examples name this turn's cards' spaces, so they are spaces of this map.
        auto card_space = [&](int i) {
          return map().space(map().cards()[state_.revealed(i)].space).id;
        };
        // The card example names card 2's own space, which is in card 2's region; the X line
        // only when the sheet cannot take both numbers (or the X may be chosen).
        const int fit = state_.max_placeable(p);
        // The examples are placements this sheet takes, typed as the prompt reads them.
        const std::vector<Placement> legal = state_.legal_placements(p);
        auto typed = [&](const Placement& q) {
          return fmt::format("{}", fmt::join(placement_tokens(state_, p, q), " "));
        };
        const std::string example =
            legal.empty() ? fmt::format("{} {}", card_space(0), card_space(1)) : typed(legal[0]);
        std::cout << fmt::format(
            "Write {:02d} and {:02d}, each into the region of a different card (the spaces listed "
            "with it).\n"
            "Type two space ids: first for {:02d}, then for {:02d} (e.g. {}); a space followed by "
            "/N uses card N.\n",
            d.low(), d.high(), d.low(), d.high(), example);
        if (fit < 2)
          std::cout << (fit == 1 ? "Only one number fits this map now: write it, and an X for the "
                                   "other (X:ID).\n"
                                 : "Neither number fits this map now: two Xs (X:ID X:ID).\n");
        else if (state_.options().voluntary_x)
          for (const Placement& q : legal)
            if (q.writes[0].kind == WriteKind::kCross || q.writes[1].kind == WriteKind::kCross) {
              std::cout << fmt::format("An X instead of a number: X:ID (e.g. {}).\n", typed(q));
              break;
            }
        break;
      }
      case TurnKind::kStar:
        std::cout << "Star turn: type one space id in a region of the cards for your star"
                     " (X:ID if none has room).\n";
        break;
      case TurnKind::kLastNumbers:
        if (state_.empty_count() == 2)
          std::cout << fmt::format("Type two space ids: first for {:02d}, then for {:02d}.\n",
                                   d.low(), d.high());
        else
          std::cout << fmt::format("Type the number you keep ({:02d} or {:02d}).\n", d.low(),
                                   d.high());
        break;
      case TurnKind::kLastStar:
        std::cout << "Doubles: type the space id for your star.\n";
        break;
      default:
        break;
    }
    std::cout << fmt::format("(help, route, {}lines ID, hint, {}quit)\n", several() ? "maps, " : "",
                             can_undo() ? "undo, " : "");
  }

  Step decide(int p) {
    show_turn(p);
    while (true) {
      std::string line;
      if (!prompt(several() ? fmt::format("Player {}> ", p + 1) : "> ", line)) return Step::kStop;
      auto t = split_tokens(line);
      if (t.empty()) continue;
      std::string cmd = upper(t[0]);
      // A map of its own may name a space Q or H: typed first, that is the space.
      if (map().find(cmd) >= 0) cmd.clear();
      if (cmd == "Q" || cmd == "H" || cmd == "?")
        cmd = cmd == "Q" ? "QUIT" : cmd == "H" ? "HINT" : "HELP";  // the short forms sorry takes
      // A command is one word: "quit now" or "hint me" may be a slip, not to be acted on.
      if (t.size() > 1 && (cmd == "QUIT" || cmd == "EXIT" || cmd == "HELP" || cmd == "HINT" ||
                           cmd == "ROUTE" || cmd == "MAPS")) {
        std::cout << fmt::format("  {} takes nothing after it: type {} alone.\n",
                                 lower_trimmed(cmd), lower_trimmed(cmd));
        continue;
      }
      if (cmd == "QUIT" || cmd == "EXIT") return Step::kStop;
      if (cmd == "UNDO" && t.size() == 1) {
        if (can_undo()) return Step::kUndo;
        std::cout << "  Undo is for one player at the terminal, or companion games "
                     "(--companion): with two or more, it would show another player's map.\n";
        continue;
      }
      if (cmd == "HELP") {
        std::cout << "\n" << map_legend();
        show_turn(p);
        continue;
      }
      if (cmd == "LINES" || cmd == "NEAR") {
        const int space = t.size() == 2 ? map().find(upper(t[1])) : -1;
        if (space < 0 && t.size() == 2)
          std::cout << fmt::format("  No space \"{}\" on this map (e.g. {} {}).\n", t[1],
                                   lower_trimmed(cmd), map().space(0).id);
        else if (space < 0)
          std::cout << fmt::format("  type {0} and a space id (e.g. {0} {1})\n", lower_trimmed(cmd),
                                   map().space(0).id);
        else
          std::cout << "  " << describe_space(map(), state_.sheet(p), space) << "\n";
        continue;
      }
      if (cmd == "HINT") {
        // What the strong bot would write here, from this player's view of the table: a bot of its
        // own for this turn and player, so that asking again (or in the game resumed) gives the
        // same hint.
        const uint64_t at = mix_seed(ps_.seed, 0x48494e54ULL + 64 * state_.turn() + p);
        // Told as the placement typed from it is (the same writes, in the order typed).
        const Placement q = make_bot("strong", at)->choose(PlayerView{state_, p});
        const std::vector<std::string> tokens = placement_tokens(state_, p, q);
        Placement told = q;
        read_placement(state_, p, tokens, told);
        const Sheet after = state_.sheet_after(p, told);  // with the circles it would get
        std::cout << fmt::format("  strong would write: {} (type {})\n",
                                 describe(map(), told, &after), fmt::join(tokens, " "));
        continue;
      }
      if (cmd == "MAPS") {
        // Every other player's map as the turn began (the turn is simultaneous: what others
        // write this turn is not seen), with its best route so far.
        if (!several()) std::cout << "  Nobody else is playing.\n";
        for (int o = 0; o < state_.num_players(); ++o) {
          if (o == p) continue;
          const Sheet& then = rounds_.back().sheets[o];
          Route r = best_route(map(), then);
          std::cout << "\n"
                    << label(o) << ":\n"
                    << render_map(map(), then, &r)
                    << "Best route so far: " << describe_route(map(), r) << "\n";
        }
        continue;
      }
      if (cmd == "ROUTE") {
        Route r = best_route(map(), state_.sheet(p));
        std::cout << render_map(map(), state_.sheet(p), &r)
                  << "Best route so far: " << describe_route(map(), r) << "\n";
        continue;
      }
      Placement q;
      std::string err = read_placement(state_, p, t, q);
      if (err.empty()) {
        if (auto why = state_.check(p, q)) err = *why;
      }
      if (!err.empty()) {
        std::cout << "  Not allowed: " << err << "\n";
        continue;
      }
      state_.apply(p, q);
      std::cout << "  " << describe(map(), q, &state_.sheet(p)) << "\n";
      return Step::kDone;
    }
  }

  void finish() {
    ps_.scored = true;
    save();
    std::cout << game_over_text(state_, labels_);
    if (highscore_game() && !over_before_resume_) record_highscore(state_.results()[0].route.score);
  }

  // A high scores file as record_highscore writes it: an object of lists of scores (whole numbers
  // a sheet can score). Anything else is kept aside rather than read in part.
  static bool highscores_readable(const Json& all) {
    if (!all.is_object()) return false;
    for (const auto& [key, list] : all.items()) {
      if (!list.is_array()) return false;
      for (const auto& v : list)
        if (!v.is_number_integer() || v.get<long long>() < 0 || v.get<long long>() > 100000)
          return false;
    }
    return true;
  }

  // The shipped maps' scores under their ids; a map file's under "file:" and its id, so that a
  // map file that names itself "usa" does not add to the USA list.
  // Games under other rule options are listed apart: "usa (setup_rolls=1)".
  std::string highscores_key() const {
    std::string key = "file:" + map().id();
    for (const std::string& id : Map::builtin_ids())
      if (&map() == &Map::builtin(id)) key = id;
    return key + options_label();
  }
  // The rule options that are not the defaults, as " (name=value, ...)", or "".
  std::string options_label() const {
    const Json given = state_.options().to_json(), plain = Options{}.to_json();
    std::vector<std::string> differ;
    for (const auto& [name, value] : given.items())
      if (!plain.contains(name) || plain[name] != value)
        differ.push_back(fmt::format("{}={}", name, value.dump()));
    return differ.empty() ? "" : fmt::format(" ({})", fmt::join(differ, ", "));
  }

  void record_highscore(int score) {
    namespace fs = std::filesystem;
    // XDG_DATA_HOME counts only as an absolute path (empty or relative: as if unset), as the
    // XDG base directory specification says; so does HOME.
    auto absolute_env = [](const char* name) -> std::optional<fs::path> {
      const char* v = std::getenv(name);
      if (!v || !fs::path(v).is_absolute()) return std::nullopt;
      return fs::path(v);
    };
    const auto xdg = absolute_env("XDG_DATA_HOME"), home = absolute_env("HOME");
    if (!xdg && !home) return;
    fs::path dir = xdg ? *xdg / "tabletop" : *home / ".local/share/tabletop";
    fs::path file = dir / "ontour-highscores.json";
    Json all = Json::object();
    bool readable = true;
    try {
      std::error_code absent;
      if (fs::exists(file, absent))  // read as any JSON the program takes: a key twice is refused
        all = parse_json(read_text_file(file.string()), file.string());
      readable = highscores_readable(all);
    } catch (const std::exception&) {
      readable = false;
    }
    if (!readable) {
      // Kept aside, never overwritten (nor is a file kept aside before): it may be mended by hand.
      fs::path aside = file.string() + ".unreadable";
      std::error_code exists, not_moved;
      for (int n = 2; fs::exists(aside, exists) || exists; ++n) {
        aside = file.string() + fmt::format(".unreadable.{}", n);
        if (n > 1000) {  // a place that cannot be looked at: keep the file where it is
          not_moved = std::make_error_code(std::errc::file_exists);
          break;
        }
      }
      if (!not_moved) fs::rename(file, aside, not_moved);
      std::cout << (not_moved ? fmt::format("(high scores file {} unreadable; not saving to it)\n",
                                            file.string())
                              : fmt::format("(high scores file unreadable: kept as {}; starting a "
                                            "new one)\n",
                                            aside.string()));
      if (not_moved) return;
      all = Json::object();
    }
    Json& list = all[highscores_key()];
    if (!list.is_array()) list = Json::array();
    list.push_back(score);
    std::vector<int> scores;
    for (const auto& v : list) scores.push_back(v.get<int>());
    std::sort(scores.rbegin(), scores.rend());
    if (scores.size() > 10) scores.resize(10);
    list = scores;
    std::error_code ec;
    fs::create_directories(dir, ec);
    try {
      write_text_file(file.string(), json_text(all, 2) + "\n");  // whole, or the old file as it was
    } catch (const Error&) {
      std::cout << "(could not save high scores to " << file.string() << ")\n";
      return;
    }
    std::string top;
    for (int s : scores) top += fmt::format(" {}", s);
    // Where this game stands: its score's place among the ten (ties share the higher place).
    const auto place = std::find(scores.begin(), scores.end(), score);
    std::cout << (place == scores.end() ? fmt::format("Your {} is not among the ten best. ", score)
                                        : fmt::format("Your {} is number {} of the ten best. ",
                                                      score, place - scores.begin() + 1))
              << fmt::format("High scores on {}{}:{}\n", map().name(), options_label(), top);
  }

  PlaySettings ps_;
  State state_;
  Rng rng_;
  std::vector<std::unique_ptr<ontour::Bot>> bots_;  // for the players from ps_.players on
  RecordFile record_;
  // Every turn begun (the last is the turn being played), kept for undo: where its placements
  // began in the log, every sheet then, the bots' choices and the bots as they were after making
  // them.
  struct Round {
    size_t begun_at;
    std::vector<Sheet> sheets;
    std::vector<std::pair<int, Placement>> bot_writes;
    std::vector<std::unique_ptr<ontour::Bot>> bots;
  };
  std::vector<Round> rounds_;
  std::string told_;  // the chance steps of the setup or turn replay_log ends in, as told live
  bool over_before_resume_ = false;  // a resumed record of a finished game: its score is kept
  std::vector<std::string> labels_;
};

// Plays the game; Ctrl-C or SIGTERM stops it as quit would (what the record keeps is offered to
// resume) and the status is then 128 + the signal.
void run_stoppable(Game& game) {
  StopOnSignal stop("\n(stopping the game)\n", false);
  g_stop = &stop.requested();
  const bool finished = game.run();
  g_stop = nullptr;
  if (finished) return;  // a signal after the last move cuts nothing short
  std::cout << game.stopped_text();
  if (stop.signal()) throw ExitStatus{128 + stop.signal()};
}

// `o` (the rule flags' options) with the --option settings `typed` over it; an --option that undoes
// a flag typed is a mistake to name, not to settle in silence.
Options with_typed_options(const Options& o, const std::vector<std::string>& typed,
                           const CLI::App& play) {
  const Json settings = options_object(typed);
  Json merged = o.to_json();
  for (const auto& [name, value] : settings.items()) {
    for (const auto& [option, flag] : {std::pair{"setup_rolls", "--setup-rolls"},
                                       {"star_always_circled", "--star-always-circled"},
                                       {"x_anywhere", "--x-in-card-region"},
                                       {"voluntary_x", "--voluntary-x"}})
      if (name == option && play.count(flag) > 0 && value != merged[name])
        throw InvalidOption(fmt::format("--option {}={} undoes {}", name, value.dump(), flag));
    merged[name] = value;
  }
  return Options::from_json(merged);
}

}  // namespace

void add_ontour_play_command(CLI::App& ontour) {
  static PlaySettings ps;
  auto* play = ontour.add_subcommand(
      "play",
      "Play On Tour in the terminal: solo, hot-seat (--players N), against bots (--bots), or\n"
      "alongside a paper game (--companion: you type the dice and cards really rolled and drawn).");
  play->add_option("--map", ps.map, "usa, europe, or a map file")->capture_default_str();
  play->add_option("--players", ps.players,
                   "Players taking turns at this terminal (0 with --bots: watch the bots play)")
      ->transform(whole_number(0, ontour::kMaxPlayers))
      ->capture_default_str();
  static std::string bot_list;
  play->add_option("--bots", bot_list,
                   "Players played by the program, after those at the terminal: a comma-separated "
                   "list of " +
                       bot_registry().names() +
                       ", with parameters as in `tabletop sim` (e.g. strong,greedy or "
                       "strong:rollouts=32)");
  play->add_flag("--companion", ps.companion, "Type the real dice and cards of a physical game");
  play->add_option("--seed", ps.seed, "Seed for the dice and cards (default: random)")
      ->transform(seed_number())
      ->each([](const std::string&) { ps.seed_given = true; });
  play->add_option("--setup-rolls", ps.setup_rolls, "Setup rolls: 2 (rulebook) or 1")
      ->transform(whole_number(1, 2))
      ->capture_default_str();
  play->add_flag("--star-always-circled", ps.star_always_circled,
                 "Every star of a star turn is circled");
  play->add_flag("--x-in-card-region", ps.x_in_card_region,
                 "A forced X goes into a region of the turn's cards while one has room");
  play->add_flag("--voluntary-x", ps.voluntary_x, "A player may write an X instead of a number");
  play->add_option("--option", ps.options,
                   "A rule option as name=value, as sim takes it (setup_rolls, "
                   "star_always_circled, x_anywhere, voluntary_x; repeatable)")
      ->allow_extra_args(false);  // one name=value a flag: the words after it are not options
  play->add_flag("--no-highscores", ps.no_highscores, "Do not record the solo score");
  auto* record = play->add_option("--record", ps.record,
                                  "Write the game to this file after every turn and every entry "
                                  "typed (to --resume from)");
  record->check(file_name());
  auto* resume =
      play->add_option("--resume", ps.resume,
                       "Go on with a recorded game exactly where it stopped (same dice, cards and "
                       "bots); it goes on recording to that file unless --record says otherwise");
  resume->check(file_name());
  for (const char* o : {"--map", "--players", "--bots", "--companion", "--seed", "--setup-rolls",
                        "--star-always-circled", "--x-in-card-region", "--voluntary-x", "--option"})
    resume->excludes(o);
  play->footer(
      "At the prompt: two space ids for the turn's numbers (NY TX; NY/2 names card 2; X:FL an X), "
      "route (the best route so far), maps (the others' maps), lines ID (a space's regions and "
      "lines), hint or h (what strong would write, and what to type for it), undo (take back the "
      "last placement typed, or with --companion the last dice, card or placement; a solo game "
      "undone no longer counts for the high scores), help or ?, quit or q. With two or more "
      "players at the terminal "
      "(not --companion) each writes unseen: a turn starts at \"Player 2: press Enter to see your "
      "map\" and ends at \"... hide your map and hand over\", which clears the screen. End of "
      "input stops the game; with --record it can be resumed. Bad options exit with status 2.");
  play->callback([play] {
    if (play->count("--bots") > 0) ps.bots = split_bot_list(bot_list);
    check_not_standard_input(ps.record, ps.resume);
    if (!ps.resume.empty()) {
      const State recorded = read_record(ps.resume, ps);
      if (ps.record.empty()) ps.record = ps.resume;
      check_record_path(ps.record, ps.resume, "ontour");
      for (const auto& b : ps.bots) bot_registry().validate(b);
      Game game(ps, recorded.map_ptr(), recorded.options());
      game.replay(recorded, header(ps, recorded.map().name(), recorded.num_players()) +
                                fmt::format(", resumed from {}\n", ps.resume));
      run_stoppable(game);
      return;
    }
    check_record_path(ps.record, ps.resume, "ontour");
    if (!ps.seed_given) ps.seed = (uint64_t{std::random_device{}()} << 32) | std::random_device{}();
    const int total = ps.players + static_cast<int>(ps.bots.size());
    if (total < 1) throw InvalidInput("--players 0 needs at least one bot (--bots)");
    if (total > ontour::kMaxPlayers)
      throw InvalidInput(
          fmt::format("{} players: at most {} in one game", total, ontour::kMaxPlayers));
    for (const auto& b : ps.bots) bot_registry().validate(b);
    std::shared_ptr<const Map> map = Map::load_shared(ps.map);
    Options o;
    o.setup_rolls = ps.setup_rolls;
    o.star_always_circled = ps.star_always_circled;
    o.x_anywhere = !ps.x_in_card_region;
    o.voluntary_x = ps.voluntary_x;
    o = with_typed_options(o, ps.options, *play);
    if (ps.companion && ps.seed_given && ps.bots.empty())
      std::cout << "(--seed is for the hints only; the dice and cards are typed)\n";
    std::cout << header(ps, map->name(), total) << "\n";
    Game game(ps, map, o);
    run_stoppable(game);
  });
}

}  // namespace tabletop::cli
