// `tabletop sim`: seeded games between bots on every core, with a summary table, JSON, CSV and an
// SVG plot. Game i uses the seed mix_seed(--seed, i) whatever the thread count, so a run is
// reproduced by its command line alone.
#include <algorithm>
#include <chrono>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <system_error>
#include <utility>
#include <vector>

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <unistd.h>

#include "cli/commands.h"
#include "cli/interrupt.h"
#include "cli/validators.h"
#include "core/bot.h"
#include "core/error.h"
#include "core/hash.h"
#include "core/json_util.h"
#include "core/text.h"
#include "ontour/bot_registry.h"
#include "ontour/map.h"
#include "ontour/state.h"
#include "sim/baseline.h"
#include "sim/footprint.h"
#include "sim/ontour_match.h"
#include "sim/plot.h"
#include "sim/runner.h"
#include "sim/sorry_match.h"
#include "sim/stats.h"
#include "sorry/bot_registry.h"
#include "sorry/bot_search.h"
#include "sorry/value_net.h"

namespace tabletop::cli {

namespace {

struct SimArgs {
  std::string game;
  std::string bots;
  long games = 100;
  long first_game = 0;  // the number of the first game played
  unsigned long long seed = 1;
  int threads = 0;
  std::string json_path, csv_path, plot_path, records_dir;
  std::string baseline_path;  // an earlier run's --csv, to compare with game by game
  bool no_rotate = false;
  bool quiet = false;
  bool progress = false;
  std::string map = "usa";
  std::string variant = "classic";
  bool teams = false;         // --teams: the same as --variant teams, as sorry play takes it
  bool points = false;        // --points: the same as --variant points
  std::string variant_typed;  // "--variant V", "--teams" or "--points" as typed, or "": the
                              // --option settings may not undo it
  std::vector<std::string> options;
};

// "-" for an output is standard output (the summary table then goes to standard error).
std::string output_path(const std::string& path) { return path == "-" ? "/dev/stdout" : path; }

// An output that goes to standard output, by "-" or by a name of the device.
bool to_stdout(const std::string& path) { return path == "-" || names_standard_output(path); }

// The outputs of a run each get a place of their own: --json, --csv and --plot name different
// files, none of them the --baseline read or in the --records directory (or that directory).
void check_outputs_apart(const SimArgs& a) {
  const std::pair<const std::string*, const char*> files[] = {
      {&a.json_path, "--json"}, {&a.csv_path, "--csv"}, {&a.plot_path, "--plot"}};
  for (size_t i = 0; i < std::size(files); ++i) {
    const auto& [path, what] = files[i];
    if (path->empty()) continue;
    const std::filesystem::path here = written_file(output_path(*path));
    for (size_t k = i + 1; k < std::size(files); ++k) {
      if (to_stdout(*path) && to_stdout(*files[k].first))
        throw InvalidInput(
            fmt::format("{} and {} both go to standard output: give one of them a file", what,
                        files[k].second));
      if (!files[k].first->empty() && written_file(output_path(*files[k].first)) == here)
        throw InvalidInput(fmt::format("{} and {} name the same file {}: give each its own", what,
                                       files[k].second, *path));
    }
    if (!a.baseline_path.empty() && written_file(a.baseline_path) == here)
      throw InvalidInput(fmt::format(
          "{} {} is the --baseline file: the run would write over what it compares with", what,
          *path));
    if (a.records_dir.empty()) continue;
    const std::filesystem::path inside = here.lexically_relative(written_file(a.records_dir));
    if (!inside.empty() && *inside.begin() != "..")
      throw InvalidInput(
          fmt::format("{} {} is in the --records directory {}: give it a place of its own", what,
                      *path, a.records_dir));
  }
}

// Makes the --records directory, unless it is a file or holds the records of another run. Done
// once every other input has been found good, so that a refused run leaves no directory behind.
void prepare_records_dir(const std::string& dir) {
  std::error_code ec;
  if (std::filesystem::exists(dir, ec) && !std::filesystem::is_directory(dir, ec))
    throw InvalidInput(fmt::format("--records: {} is a file, not a directory", dir));
  std::filesystem::create_directories(dir, ec);
  if (!std::filesystem::is_directory(dir, ec))
    throw InvalidInput(fmt::format("--records: cannot make the directory {}", dir));
  // A directory that takes no file fails now, not after the first game.
  check_writable(dir + "/game-000000.json", "--records");
  // The records of another run are never written over nor mixed with this run's.
  for (const auto& entry : std::filesystem::directory_iterator(dir, ec)) {
    const std::string name = entry.path().filename().string();
    if (name.rfind("game-", 0) == 0 && entry.path().extension() == ".json")
      throw InvalidInput(fmt::format(
          "--records {}: the directory holds game records already ({}); give a new or empty "
          "directory",
          dir, name));
  }
}

void run_sim(const SimArgs& a) {  // --games and --threads are in range (their validators)
  std::vector<std::string> bots = split_bot_list(a.bots);
  Json options = options_object(a.options);
  // A baseline that cannot be compared fails now, not after a long run.
  std::vector<sim::CsvGame> baseline;
  if (!a.baseline_path.empty()) {
    baseline =
        sim::read_records_csv(read_text_file(a.baseline_path, sim::kMaxCsvBytes), a.baseline_path);
  }
  check_outputs_apart(a);
  // Too many games for the memory fails now, not when the memory runs out.
  uint64_t spec_bytes = 0;
  for (const std::string& b : bots) spec_bytes += b.size();
  sim::check_footprint(sim::run_footprint_bytes(a.games, static_cast<int>(bots.size()),
                                                !a.csv_path.empty(), spec_bytes),
                       sim::available_memory_bytes(), a.games);

  sim::PlayGame play;
  sim::ScoreRange range;
  Json settings;
  if (a.game == "ontour") {
    if (bots.size() > ontour::kMaxPlayers)
      throw InvalidInput(fmt::format("On Tour: at most {} bots", ontour::kMaxPlayers));
    for (const auto& b : bots) ontour::bot_registry().validate(b);
    auto match = std::make_shared<sim::OntourMatch>();
    match->map = ontour::Map::load_shared(a.map);
    match->options = ontour::Options::from_json(options);
    match->bots = bots;
    match->rotate = !a.no_rotate;
    match->records_dir = a.records_dir;
    settings = {{"map", match->map->id()}, {"options", match->options.to_json()}};
    // A map file's games are told apart by its content, not only its id (for --baseline).
    const auto ids = ontour::Map::builtin_ids();
    if (std::find(ids.begin(), ids.end(), match->map->id()) == ids.end()) {
      Fnv1a content;
      content.add(json_text(match->map->to_json()));
      settings["map_content"] = fmt::format("{:016x}", content.value());
    }
    range = sim::ontour_score_range(*match);
    play = [match](int i, uint64_t seed) { return sim::play_ontour_game(*match, i, seed); };
  } else {
    auto match = sim::make_sorry_match(a.variant, options, bots, !a.no_rotate);
    if (!a.variant_typed.empty() && match->variant != a.variant)
      throw InvalidOption(fmt::format("{} contradicts the --option settings, which play {}",
                                      a.variant_typed, match->variant));
    match->records_dir = a.records_dir;
    // learnt and strong's race search lean on the learnt value built in for the default rules and
    // seats: elsewhere they play otherwise, which is said so that the table is not read as theirs.
    if (const std::string note = sorry::learnt_value_note(bots, match->options); !note.empty())
      fmt::print(stderr, "tabletop sim: note: {}\n", note);
    settings = sim::sorry_settings(*match);
    range = sim::sorry_score_range(*match);
    play = [match](int i, uint64_t seed) { return sim::play_sorry_game(*match, i, seed); };
  }
  const std::string match_id = sim::match_id(a.game, settings);
  if (!a.baseline_path.empty())
    sim::check_baseline(baseline, a.seed, static_cast<int>(bots.size()), !a.no_rotate,
                        static_cast<int>(a.games), a.baseline_path, match_id,
                        static_cast<int>(a.first_game), range);
  settings["bots"] = bots;
  settings["rotate"] = !a.no_rotate;
  if (a.first_game > 0) settings["first_game"] = a.first_game;

  // A bad path fails now, not after a long run; each file is written whole at the end or left
  // as it was.
  const std::pair<const std::string*, const char*> outputs[] = {
      {&a.json_path, "--json"}, {&a.csv_path, "--csv"}, {&a.plot_path, "--plot"}};
  for (const auto& [path, what] : outputs)
    if (!path->empty()) check_writable(output_path(*path), what);
  if (!a.records_dir.empty()) prepare_records_dir(a.records_dir);
  // An output on standard output keeps it to itself: the tables go to standard error then.
  std::FILE* table = stdout;
  for (const auto& [path, what] : outputs)
    if (to_stdout(*path)) table = stderr;

  sim::RunConfig config;
  config.games = static_cast<int>(a.games);
  config.first = static_cast<int>(a.first_game);
  config.seed = a.seed;
  config.threads = sim::effective_threads(a.threads, config.games);
  config.progress = !a.quiet;
  config.progress_lines = a.progress;
  auto t0 = std::chrono::steady_clock::now();
  std::vector<sim::GameRecord> records;
  // Ctrl-C keeps what is done: the games in progress finish and the report covers the first k
  // games (what --games k would give). A second Ctrl-C quits. The message starts on a line of its
  // own below a progress bar on the terminal, and without a blank line where there is none.
  const bool bar_drawn = config.progress && isatty(STDERR_FILENO);
  const int stopped_by = run_until_signal(
      "tabletop sim: stopping after the games in progress; the report will cover the games "
      "finished (press Ctrl-C again to quit at once)\n",
      bar_drawn, [&](const std::atomic<bool>& stop) {
        config.stop = &stop;
        records = sim::run_games(config, play);
      });
  double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  const bool interrupted = records.size() < static_cast<size_t>(config.games);
  if (interrupted && records.empty()) {
    fmt::print(stderr,
               "tabletop sim: interrupted before the first game finished: nothing to report\n");
    throw ExitStatus{128 + stopped_by};
  }
  if (interrupted)
    fmt::print(stderr,
               "tabletop sim: interrupted: the report covers the first {} of {} games (the same as "
               "--games {})\n",
               records.size(), config.games, records.size());

  sim::Summary summary = sim::summarize(a.game, bots, records, range);
  summary.seed = a.seed;
  summary.threads = config.threads;
  summary.seconds = seconds;
  summary.settings = settings;
  // A table that cannot be printed (a closed pipe) costs none of the files below; main says that
  // standard output failed, and the status is 1.
  auto print_table = [&](const std::string& text) {
    try {
      fmt::print(table, "{}", text);
    } catch (const std::system_error&) {
    }
  };
  print_table(sim::summary_table(summary));
  std::optional<sim::BaselineComparison> against;
  if (!a.baseline_path.empty()) {
    try {
      against = sim::compare_with_baseline(bots, records, baseline, a.baseline_path, range);
      print_table(sim::baseline_table(*against));
    } catch (const InvalidInput& e) {
      // Stopped before any game the baseline holds: the games played are reported all the same.
      if (!interrupted) throw;
      fmt::print(stderr, "tabletop sim: no comparison: {}\n", e.what());
    }
  }
  std::fflush(table);
  // Each output is written whole or left as it was, whatever becomes of the others: one that
  // cannot be written (its directory gone during the run, a full disk) does not cost the rest.
  // The one on standard output goes last, so that a closed pipe there loses nothing else.
  std::vector<std::string> failed;
  auto write = [&](const std::string& path, const char* what, auto&& text) {
    if (path.empty()) return;
    try {
      write_text_file(output_path(path), text());
    } catch (const InvalidInput& e) {
      std::string why = e.what();
      if (path == "-")
        if (const size_t at = why.find("/dev/stdout"); at != std::string::npos)
          why.replace(at, std::string_view("/dev/stdout").size(), "standard output");
      failed.push_back(fmt::format("{}: {}", what, why));
    }
  };
  auto json = [&] {
    Json j = sim::summary_json(summary);
    if (against) j["baseline"] = sim::baseline_json(*against);
    if (interrupted) j["interrupted"] = {{"games_asked", config.games}, {"signal", stopped_by}};
    return json_text(j, 2) + "\n";
  };
  auto csv = [&] { return sim::records_csv(bots, records, match_id); };
  auto plot = [&] { return sim::plot_svg(summary, records); };
  for (const bool last : {false, true}) {
    if (to_stdout(a.json_path) == last) write(a.json_path, "--json", json);
    if (to_stdout(a.csv_path) == last) write(a.csv_path, "--csv", csv);
    if (to_stdout(a.plot_path) == last) write(a.plot_path, "--plot", plot);
  }
  // An output that could not be written once the games were played is lost output, status 1 as
  // for standard output (a path refused before the first game is bad input, 2); interrupted, the
  // status says so, and what could not be written is said all the same.
  if (!failed.empty()) fmt::print(stderr, "tabletop: {}\n", fmt::join(failed, "; "));
  if (interrupted) throw ExitStatus{128 + stopped_by};
  if (!failed.empty()) throw ExitStatus{kExitOutputLost};
}

}  // namespace

void add_sim_command(CLI::App& app) {
  static SimArgs args;
  auto* sim = app.add_subcommand(
      "sim",
      "Seeded games between bots on every core: summary table, --json, --csv, --plot.\n"
      "Game i uses seed mix_seed(--seed, i): results never depend on --threads.\n"
      "Ctrl-C stops after the games in progress and reports the games finished (as a shorter\n"
      "--games would); a second Ctrl-C quits at once.\n"
      "Examples:\n"
      "  tabletop sim ontour --bots strong,greedy,random --games 1000 --seed 1 --map usa\n"
      "  tabletop sim sorry --bots strong,greedy --games 2000 --seed 1 --json out.json");
  sim->add_option("game", args.game, "ontour or sorry")
      ->required()
      ->transform(CLI::IsMember({"ontour", "sorry"}, CLI::ignore_case));
  sim->add_option("--bots", args.bots,
                  "Comma-separated bots, one per player (e.g. strong,greedy); a bot may take "
                  "parameters: strong:rollouts=48. On Tour bots: " +
                      ontour::bot_registry().names() +
                      "; Sorry! bots: " + sorry::bot_registry().names())
      ->required();
  sim->add_option("--games", args.games, "Number of games (default 100)")
      ->transform(whole_number(1, 100'000'000));
  sim->add_option("--first-game", args.first_game,
                  "Number of the first game (default 0): plays games K to K+N-1 of the seed, the "
                  "same games as in a longer run (to replay one game, with --games 1)")
      ->type_name("K")
      ->transform(whole_number(0, 1'000'000'000));
  sim->add_option("--seed", args.seed, "Simulation seed (default 1)")->transform(seed_number());
  sim->add_option("--threads", args.threads, "Worker threads (default 0: every core)")
      ->transform(whole_number(0, 1024));
  sim->add_option("--json", args.json_path,
                  "Write the summary as JSON to this file (- : standard output)")
      ->check(file_name());
  sim->add_option("--csv", args.csv_path,
                  "Write one CSV row per game to this file (- : standard output)")
      ->check(file_name());
  sim->add_option(
         "--plot", args.plot_path,
         "Write an SVG plot (score histograms, win rates) to this file (- : standard output)")
      ->check(file_name());
  sim->add_option("--records", args.records_dir,
                  "Write each game's record to DIR/game-NNNNNN.json (NNNNNN: the game column of "
                  "--csv), for `tabletop ontour replay` / `tabletop sorry replay`")
      ->type_name("DIR")
      ->check(file_name());
  sim->add_option("--baseline", args.baseline_path,
                  "An earlier run's --csv file: compare this run with it game by game (a run "
                  "of the same --seed meets the same chance in every game, so a difference "
                  "shows with fewer games)")
      ->check(existing_file());
  sim->add_flag("--no-rotate", args.no_rotate,
                "Keep every bot in the seat of its place in --bots (default: rotate each game)");
  auto* quiet = sim->add_flag("--quiet", args.quiet, "No progress bar");
  sim->add_flag("--progress", args.progress,
                "Progress on stderr even when it is not a terminal: a line every 10 s (for logs)")
      ->excludes(quiet);
  sim->add_option("--map", args.map, "On Tour: usa, europe or a map file (default usa)");
  auto* variant = sim->add_option("--variant", args.variant,
                                  "Sorry!: classic, teams or points (default classic)")
                      ->transform(CLI::IsMember({"classic", "teams", "points"}, CLI::ignore_case));
  // The flags of sorry play, for the same variants.
  auto* teams_flag = sim->add_flag("--teams", args.teams, "Sorry!: the same as --variant teams");
  auto* points_flag =
      sim->add_flag("--points", args.points, "Sorry!: the same as --variant points");
  variant->excludes(teams_flag)->excludes(points_flag);
  teams_flag->excludes(points_flag);
  sim->add_option("--option", args.options,
                  "A game option name=value, repeatable (On Tour: setup_rolls, "
                  "star_always_circled, x_anywhere, voluntary_x; Sorry!: deck, fast_start, "
                  "sorry_forward_4, bonus, seats=red,yellow, ... as in docs/sorry.md)")
      ->allow_extra_args(false);  // one name=value a flag: the words after it are not options
  sim->callback([sim] {
    // An option of the other game would be ignored: it is named instead.
    if (args.game == "ontour")
      for (const char* o : {"--variant", "--teams", "--points"})
        if (sim->count(o) > 0)
          throw InvalidInput(fmt::format("{} is an option of Sorry! (On Tour takes --map)", o));
    if (args.game == "sorry" && sim->count("--map") > 0)
      throw InvalidInput("--map is an option of On Tour (Sorry! takes --variant)");
    if (sim->count("--variant") > 0) args.variant_typed = "--variant " + args.variant;
    if (args.teams) args.variant = "teams", args.variant_typed = "--teams";
    if (args.points) args.variant = "points", args.variant_typed = "--points";
    run_sim(args);
  });
}

}  // namespace tabletop::cli
