// `tabletop sorry play`: a Sorry! game in the terminal, hot-seat or against the registry's bots
// (random, greedy, strong). Moves are read from standard input, one number per prompt, so a game
// can also be scripted; end of input ends the game cleanly.
#include <array>
#include <cstdint>
#include <iostream>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "cli/commands.h"
#include "cli/interrupt.h"
#include "cli/record_file.h"
#include "cli/screen.h"
#include "cli/sorry_narrate.h"
#include "cli/sorry_seats.h"
#include "cli/validators.h"
#include "core/error.h"
#include "core/json_util.h"
#include "core/text.h"
#include "sorry/bot_registry.h"
#include "sorry/bot_search.h"
#include "sorry/playout.h"
#include "sorry/render.h"
#include "sorry/state_io.h"

namespace tabletop::cli {

namespace {

struct PlayArgs {
  uint64_t seed = 0;
  bool seed_given = false;  // else a random seed
  int players = 0;          // 0: not given (2, or 4 with --teams)
  std::string bots = "none";
  bool teams = false;
  bool points = false;
  std::string variant;  // --variant, as tabletop sim takes it: classic, teams or points
  int match_target = 0;
  std::vector<std::string> options;
  std::string record;  // written after every move, so that a game stopped can be resumed
  std::string resume;  // a record to go on from
};

// The game record of `sorry play`: the options and every action (sorry::Record, which `sorry
// replay` reads) plus what it takes to go on with the game: the seed and the bots.
Json play_record_json(const sorry::Record& record, uint64_t seed, const std::string& bots) {
  Json j = sorry::record_to_json(record);
  j["seed"] = seed;
  j["bots"] = bots;
  return j;
}

sorry::Options play_options(const PlayArgs& a) {
  sorry::Options o;
  if (a.teams && a.players != 0 && a.players != 4)
    throw InvalidOption("the teams variant needs four players");
  o.colours = sorry::default_colours(a.teams ? 4 : (a.players ? a.players : 2));
  o.teams = a.teams;
  o.points = a.points;
  o.match_target = a.match_target;
  o = sorry::typed_options_from_json(options_object(a.options), o);
  // An --option that undoes what a flag asked for is a mistake to name, not to settle in silence.
  if (a.players != 0 && o.num_players() != a.players)
    throw InvalidOption(fmt::format("--players {} and the --option settings, which seat {} players",
                                    a.players, o.num_players()));
  if (a.variant == "classic" && (o.teams || o.points))
    throw InvalidOption("--variant classic and an --option that plays teams or for points");
  if ((a.teams && !o.teams) || (a.points && !o.points) ||
      (a.match_target != 0 && o.match_target != a.match_target))
    throw InvalidOption("an --option undoes --teams, --points or --match-target");
  o.validate();
  return o;
}

int run_play(PlayArgs args) {
  sorry::Record resumed;
  uint64_t resumed_seed = 0;
  check_not_standard_input(args.record, args.resume);
  if (!args.resume.empty()) {
    const Json j = read_json_file(args.resume);
    const std::string name = input_name(args.resume);  // in messages
    if (j.is_object() && !j.contains("actions") && j.contains("game"))
      throw InvalidInput(fmt::format(
          "{}: a record of an On Tour game, not of Sorry! (tabletop ontour play --resume {})", name,
          args.resume));
    resumed = read_naming_file(args.resume, [&] { return sorry::record_from_json(j); });
    if (!j.contains("seed") || !j.contains("bots"))
      throw InvalidInput(name + ": not a record of tabletop sorry play (no seed or bots)");
    if (!j["seed"].is_number_unsigned()) throw InvalidInput(seed_field_error(args.resume));
    if (!j["bots"].is_string())
      throw InvalidInput(name +
                         ": \"bots\" must be the --bots text, e.g. \"yellow=greedy\" or \"none\"");
    resumed_seed = j["seed"].get<uint64_t>();
    args.bots = j["bots"].get<std::string>();
    if (args.record.empty()) args.record = args.resume;
  }
  check_record_path(args.record, args.resume, "sorry");
  const sorry::Options o = args.resume.empty() ? play_options(args) : resumed.options;
  // A record's bots are named with the record: "game.json: \"bots\": unknown bot ...".
  const std::array<std::string, 4> specs =
      args.resume.empty() ? bot_specs(args.bots, o)
                          : read_naming_file(args.resume, [&] { return bots_field(args.bots, o); });
  const uint64_t seed = !args.resume.empty() ? resumed_seed
                        : args.seed_given    ? args.seed
                                             : std::random_device{}();
  Rng deck(seed);
  Rng dealer = sorry::view_dealer(seed);  // deals the hidden hands of a bot's view (points)
  std::array<std::unique_ptr<sorry::Bot>, 4> bots;
  for (int c = 0; c < 4; ++c)
    if (!specs[c].empty()) bots[c] = sorry::make_bot(specs[c], mix_seed(seed, 1 + c));
  sorry::State s(o);
  sorry::Record record{o, {}};
  sorry::MoveList moves;
  int games_seen = 0;
  // Who moved last, and the games played before that move: playing for points, the cards drawn
  // next into that player's hand are told to them if they play at this terminal (the hands dealt
  // for a new game are not).
  int last_mover = -1, games_at_last_move = 0;
  // Playing for points with two or more players at this terminal, each hand is for its player's
  // eyes: a player's turn starts when they press Enter to see their hand, and the hand is hidden
  // (the screen cleared) before anyone else moves. The player whose hand is on the screen, or -1.
  int humans = 0;
  for (int p = 0; p < s.num_players(); ++p) humans += bots[s.colour_of(p)] ? 0 : 1;
  const bool hidden_hands = o.points && humans >= 2;
  int hand_on_screen = -1;
  // Undo (at a move prompt, hands not hidden): the game as it stood at each decision asked at this
  // terminal, the bots and the generators included, so that an undo goes back to the decision
  // before and the game goes on from there exactly as it would have (the same cards to come).
  struct Asked {
    sorry::State state;
    size_t actions;
    Rng deck, dealer;
    std::array<std::unique_ptr<sorry::Bot>, 4> bots;
    int last_mover, games_at_last_move, games_seen;
  };
  std::vector<Asked> asked;
  auto copy_bots = [](const std::array<std::unique_ptr<sorry::Bot>, 4>& from) {
    std::array<std::unique_ptr<sorry::Bot>, 4> to;
    for (int c = 0; c < 4; ++c)
      if (from[c]) to[c] = from[c]->clone();
    return to;
  };
  // Keeps the game as it stands at a decision asked at the terminal.
  auto keep_asked = [&] {
    asked.push_back({s, record.actions.size(), deck, dealer, copy_bots(bots), last_mover,
                     games_at_last_move, games_seen});
  };
  // With hands hidden, a hand-over clears the screen and with it the moves played before: each
  // player is told the moves since their last turn when their hand shows (the cards played are
  // public; only the hands are hidden), those of a resumed record's last round included.
  std::vector<std::string> moves_told;  // every move line of the game, in order
  std::array<size_t, 4> told_upto{};    // by player: the lines of moves_told they have seen
  auto tell_move = [&](const std::string& text) {
    fmt::print("{}", text);
    if (hidden_hands) moves_told.push_back(text);
  };
  // The line a move `a` of the player to move in `g` is told by, among `choices` legal actions:
  // "yellow (greedy): ...", "red: ... (the only move)", "red: ...".
  auto move_text = [&](const sorry::State& g, const sorry::Action& a, int choices) {
    const sorry::Colour c = g.colour_of(g.current_player());
    if (bots[c])
      return fmt::format("{} ({}): {}\n", sorry::colour_name(c), specs[c], action_line(g, a));
    return fmt::format("{}: {}{}\n", sorry::colour_name(c), action_line(g, a),
                       choices == 1 && a.kind != sorry::MoveKind::kPass ? " (the only move)" : "");
  };
  // Going on from a record: the game as it was played, with the deck's generator drawing each
  // recorded card again and each bot shown the views it was shown, so that the game goes on
  // exactly as if it had never stopped.
  for (size_t i = 0; i < resumed.actions.size(); ++i) {
    const sorry::Action& a = resumed.actions[i];
    if (s.is_chance()) {
      if (!(s.sample_chance(deck) == a))
        throw InvalidInput(
            fmt::format("{}: record action {} is not what its seed draws: the record was changed",
                        args.resume, i + 1));
    } else {
      const int player = s.current_player();
      s.legal_actions(moves);
      if (bots[s.colour_of(player)]) {
        const sorry::State view = sorry::make_view(s, player, dealer);
        bots[s.colour_of(player)]->choose(sorry::PlayerView{view, player});
      } else if (!hidden_hands && moves.size() > 1) {
        // A decision that was asked at the terminal: undo goes back past the resume too.
        keep_asked();
      }
      last_mover = player, games_at_last_move = s.games_played();
      if (hidden_hands) {  // told to the others when their hands next show, as if not stopped
        moves_told.push_back(move_text(s, a, moves.size()));
        told_upto[player] = moves_told.size();  // their own move, on their own screen
      }
    }
    try {
      s.apply(a);
    } catch (const IllegalAction& e) {
      throw IllegalAction(fmt::format("{}: record action {}: {}", args.resume, i + 1, e.what()));
    }
    record.actions.push_back(a);
    if (const std::string ended = points_line(s, games_seen); !ended.empty() && hidden_hands)
      moves_told.push_back(ended);
  }
  // The game's first lines, printed once a resumed record is found to be its seed's game (a changed
  // record gets its error alone): who plays which colour, the bots by their specs, the rest at
  // this terminal.
  std::vector<std::string> seats;
  for (int p = 0; p < s.num_players(); ++p) {
    const sorry::Colour c = s.colour_of(p);
    seats.push_back(fmt::format("{} {}", sorry::colour_name(c),
                                specs[c].empty() ? std::string("here") : "(" + specs[c] + ")"));
  }
  fmt::print("Sorry! with {} players, seed {}{}{}\n{}\n", s.num_players(), seed, variant_text(o),
             args.resume.empty() ? "" : fmt::format(", resumed from {}", args.resume),
             fmt::join(seats, ", "));
  // A seat named learnt (or strong's race search) that plays otherwise here is said so.
  if (const std::string note = sorry::learnt_value_note(specs, o); !note.empty())
    fmt::print("Note: {}\n", note);
  if (!args.resume.empty() && s.is_terminal())
    fmt::print("The recorded game is over.\n");
  else if (!args.resume.empty())
    fmt::print("Resumed after {} card{}{}{}\n", s.cards_drawn(), s.cards_drawn() == 1 ? "" : "s",
               o.match_target > 0 ? fmt::format(" (game {} of the match)", games_seen + 1) : "",
               games_seen > 0 ? "; points so far:" + totals_text(s) : "");
  RecordFile file(args.record);
  file.save(play_record_json(record, seed, args.bots));
  bool quit = false;
  // The board's legend: with the first board, then on request; with hidden hands, with each
  // player's first board, as the screens before are cleared.
  std::array<bool, 4> legend_shown{};
  // Asks `text` and reads the answer into `line` (blanks dropped, lower case); false, the game
  // stopped and said so, at q or at the end of input (with `hide`, on a cleared screen).
  // Ctrl-C (or SIGTERM) stops the game as q does, at the prompt it interrupts or at the next one
  // (a bot thinking finishes first); the status is then 128 + the signal.
  StopOnSignal stop("\n(stopping the game)\n", false);
  auto ask = [&](const std::string& text, std::string& line, bool hide = false) {
    const bool before = stop.requested();
    if (!before) {
      fmt::print("{}", text);
      std::fflush(stdout);
    }
    if (before || !std::getline(std::cin, line) || stop.requested()) {
      if (hide) clear_screen();
      if (stop.requested())
        fmt::print("\n{}", file.stopped_text("sorry"));
      else
        fmt::print("\nend of input: the game is left unfinished\n{}", file.stopped_text("sorry"));
      return false;
    }
    line = lower_trimmed(line);
    if (line == "q" || line == "quit") {
      if (hide) clear_screen();
      fmt::print("{}", file.stopped_text("sorry"));
      return false;
    }
    return true;
  };
  std::string line;
  // A hand-over: Enter goes on, q stops, anything else is asked again.
  auto press_enter = [&](const std::string& text, bool hide) {
    while (ask(text, line, hide)) {
      if (line.empty()) return true;
      fmt::print("press Enter, or q to stop\n");
    }
    return false;
  };
  while (!s.is_terminal() && !quit) {
    // Ctrl-C while the bots play (no prompt to interrupt): stopped here, between two steps.
    if (stop.requested()) {
      if (hand_on_screen >= 0) clear_screen();
      fmt::print("{}", file.stopped_text("sorry"));
      break;
    }
    if (s.is_chance()) {
      sorry::Action a = s.sample_chance(deck);
      fmt::print("{}", chance_line(s, a));
      // With hands hidden, only while the drawer's hand is on the screen (a game resumed after
      // a move goes on with the next player's screen: the drawer sees the card in their hand).
      if (s.phase() == sorry::Phase::kDeal && s.deal_to() == last_mover &&
          s.games_played() == games_at_last_move && !bots[s.colour_of(last_mover)] &&
          (!hidden_hands || hand_on_screen == last_mover))
        fmt::print("{}", draw_line(s, last_mover, a));
      s.apply(a);
      record.actions.push_back(a);
      continue;
    }
    int player = s.current_player();
    sorry::Colour colour = s.colour_of(player);
    if (hidden_hands && hand_on_screen != player) {
      if (hand_on_screen >= 0) {
        if (!press_enter(fmt::format("{}: press Enter to hide your hand and hand over (q quits) ",
                                     sorry::colour_name(s.colour_of(hand_on_screen))),
                         /*hide=*/true))
          break;
        clear_screen();
        hand_on_screen = -1;
      }
      if (!bots[colour]) {
        if (!press_enter(fmt::format("{}: press Enter to see your hand (q quits) ",
                                     sorry::colour_name(colour)),
                         /*hide=*/false))
          break;
        hand_on_screen = player;
        if (told_upto[player] < moves_told.size()) {
          fmt::print("moves since your last turn:\n");
          for (size_t i = told_upto[player]; i < moves_told.size(); ++i)
            fmt::print("  {}", moves_told[i]);
        }
      }
    }
    s.legal_actions(moves);
    sorry::Action chosen;
    if (bots[colour]) {
      const sorry::State view = sorry::make_view(s, player, dealer);
      chosen = bots[colour]->choose(sorry::PlayerView{view, player});
      tell_move(move_text(s, chosen, moves.size()));
    } else if (moves.size() == 1) {  // nothing to choose: played, and said as a bot's move is
      chosen = moves[0];
      tell_move(move_text(s, chosen, 1));
    } else {
      bool& legend = legend_shown[hidden_hands ? colour : 0];
      fmt::print("\n{}", sorry::render_board(s.position(), o, !legend));
      legend = true;
      if (s.phase() == sorry::Phase::kMove)
        fmt::print("{} to play {}\n", sorry::colour_name(colour),
                   sorry::card_with_article(s.card()));
      else
        fmt::print("{} to play, hand:{}\n", sorry::colour_name(colour), hand_text(s.hand(player)));
      for (int i = 0; i < moves.size(); ++i)
        fmt::print("{:3}. {}\n", i + 1, action_line(s, moves[i]));
      if (!hidden_hands) keep_asked();
      bool undone = false;
      while (true) {
        if (!ask(fmt::format(
                     "{}, choose 1-{} (h hint, {}? help, q quits): ", sorry::colour_name(colour),
                     moves.size(), hidden_hands ? "" : "u undo, "),
                 line)) {
          quit = true;
          break;
        }
        if (line == "u" || line == "undo") {
          if (hidden_hands) {
            fmt::print("undo is not offered while hands are hidden (it would show another hand)\n");
            continue;
          }
          if (asked.size() < 2) {
            fmt::print("nothing to undo: this is the first move chosen at this terminal\n");
            continue;
          }
          // This decision goes (it is asked again when the game comes back to it), and so does
          // the one before, restored here and kept again at its prompt.
          asked.pop_back();
          const Asked back = std::move(asked.back());
          asked.pop_back();
          s = back.state;
          record.actions.resize(back.actions);
          deck = back.deck, dealer = back.dealer;
          bots = copy_bots(back.bots);
          last_mover = back.last_mover, games_at_last_move = back.games_at_last_move;
          games_seen = back.games_seen;
          file.save(play_record_json(record, seed, args.bots));
          fmt::print("undone: back to {}'s move before (the cards to come stay the same)\n",
                     sorry::colour_name(s.colour_of(s.current_player())));
          undone = true;
          break;
        }
        if (line == "?" || line == "help") {
          fmt::print(
              "{}type the number of a move (1 to {}), part of a move's text to list only the "
              "moves that mention it (a pawn such as red#1, a square such as track:12, or "
              "bumps), h for the move strong would play, {}q to stop the game\n",
              sorry::board_legend(), moves.size(),
              hidden_hands ? ""
                           : "u to take back the last move chosen here (and the moves after it), ");
          continue;
        }
        if (line == "h" || line == "hint") {
          // A bot and a deal of its own for this decision, from the seed and the decision's place
          // in the record: asked again, or in the game resumed, the same hint.
          const uint64_t at = mix_seed(seed, 0x48494e54ULL + record.actions.size());
          Rng hint_dealer(at, 0x48494e54ULL);
          const sorry::State view = sorry::make_view(s, player, hint_dealer);
          const sorry::Action a =
              sorry::make_bot("strong", at)->choose(sorry::PlayerView{view, player});
          int n = 0;
          for (int i = 0; i < moves.size(); ++i)
            if (moves[i] == a) n = i + 1;
          fmt::print("strong would play {}. {}\n", n, action_line(s, a));
          continue;
        }
        int n = 0;
        if (!parse_whole(line, n)) n = 0;
        if (n >= 1 && n <= moves.size()) {
          chosen = moves[n - 1];
          tell_move(move_text(s, chosen, moves.size()));
          break;
        }
        // Any other text picks out the moves that mention it (a 7 of a teams game can offer a
        // hundred and more): "yellow#2", "track:50", "bumps".
        int shown = 0;
        const bool digits = line.find_first_not_of("0123456789") == std::string::npos;
        if (!digits)
          for (int i = 0; i < moves.size(); ++i) {
            const std::string text = action_line(s, moves[i]);
            if (!mentions(lower_trimmed(text), line)) continue;
            fmt::print("{:3}. {}\n", i + 1, text);
            ++shown;
          }
        if (shown > 0) continue;
        if (!digits) fmt::print("no move mentions \"{}\"\n", line);
        fmt::print(
            "please type a number from 1 to {}, part of a move's text to list the moves that "
            "mention it, h for a hint, {}? for help or q to stop\n",
            moves.size(), hidden_hands ? "" : "u to undo, ");
      }
      if (quit) break;
      if (undone) continue;
    }
    last_mover = player, games_at_last_move = s.games_played();
    told_upto[player] = moves_told.size();  // their own move, on their own screen
    s.apply(chosen);
    record.actions.push_back(chosen);
    file.save(play_record_json(record, seed, args.bots));
    // A game of a match ended: told to every player, as the moves are.
    if (const std::string ended = points_line(s, games_seen); !ended.empty()) tell_move(ended);
  }
  if (s.is_terminal()) fmt::print("{}", result_text(s));
  // A signal after the last move cuts nothing short.
  if (stop.signal() && !s.is_terminal()) throw ExitStatus{128 + stop.signal()};
  return 0;
}

}  // namespace

void add_sorry_play_command(CLI::App& sorry) {
  auto* play = sorry.add_subcommand(
      "play", "Play Sorry! in the terminal: hot-seat, or against bots (--bots)");
  static PlayArgs args;
  play->add_option("--seed", args.seed, "Seed for the card draws and the bots (default: random)")
      ->transform(seed_number())
      ->each([](const std::string&) { args.seed_given = true; });
  play->add_option("--players", args.players, "Number of players, 2 to 4 (default 2)")
      ->transform(whole_number(2, 4));
  play->add_option("--bots", args.bots,
                   "Colours played by bots: a list like yellow,green (each played by strong) or "
                   "yellow=greedy,green=random, all or all=BOT, none (default: every seat at "
                   "this terminal). Bots: " +
                       sorry::bot_registry().names() +
                       ", with parameters as in `tabletop sim` (e.g. yellow=strong:rollouts=256)");
  play->add_flag("--teams", args.teams, "Teams variant (four players, Red+Yellow vs Blue+Green)");
  play->add_flag("--points", args.points, "Play for points with five-card hands");
  auto* variant = play->add_option("--variant", args.variant,
                                   "classic, teams or points, as tabletop sim takes it (the same "
                                   "as no flag, --teams or --points)");
  variant->transform(CLI::IsMember({"classic", "teams", "points"}, CLI::ignore_case));
  variant->excludes("--teams");
  variant->excludes("--points");
  play->add_option("--match-target", args.match_target,
                   "Playing for points: play games until someone has this many points")
      ->transform(whole_number(0, sorry::Options::kMaxMatchTarget));
  play->add_option("--option", args.options,
                   "Any rule option as name=value, e.g. deck=44, fast_start=true (repeatable)")
      ->allow_extra_args(false);  // one name=value a flag: the words after it are not options
  play->add_option("--record", args.record,
                   "Write the game record (options, actions, seed, bots) here after every move: "
                   "`sorry replay` tells it, --resume goes on with it")
      ->check(file_name());
  auto* resume = play->add_option(
      "--resume", args.resume,
      "Go on with a recorded game exactly where it stopped (same cards, same bots); it goes on "
      "recording to that file unless --record says otherwise");
  resume->check(file_name());
  for (const char* o : {"--seed", "--players", "--bots", "--teams", "--points", "--variant",
                        "--match-target", "--option"})
    resume->excludes(o);
  play->footer(
      "Each turn shows the board and a numbered list of moves; type a number (h: what strong "
      "would play, u: take back the move chosen before, with the moves after it; other text, "
      "e.g. red#1: the moves that mention it; ?: help and the board's signs, q quits). Playing for "
      "points with two or more "
      "players at the terminal, a hand shows when its player presses Enter and is hidden before "
      "the next turn. End of input ends the game. Bad options exit with status 2.");
  play->callback([play] {
    if (play->count("--bots") > 0 && trimmed(args.bots).empty())
      throw InvalidInput("--bots: no colour named (none: every seat at this terminal)");
    args.teams = args.teams || args.variant == "teams";
    args.points = args.points || args.variant == "points";
    run_play(args);
  });
}

}  // namespace tabletop::cli
