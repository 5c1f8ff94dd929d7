// `tabletop sorry train`: trains the learnt value of Sorry! race positions (sorry/value_net.h) by
// self-play and writes its weights, the file the strong and learnt bots are built with.
#include <unistd.h>

#include <atomic>
#include <filesystem>
#include <functional>
#include <limits>
#include <memory>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "cli/commands.h"
#include "cli/interrupt.h"
#include "cli/validators.h"
#include "core/error.h"
#include "core/json_util.h"
#include "sim/progress.h"
#include "sim/runner.h"
#include "sorry/bot_search.h"
#include "sorry/options.h"
#include "sorry/value_net.h"

namespace tabletop::cli {

namespace {

struct TrainArgs {
  int players = 2;
  int hidden = 40;
  int deep = 0;
  long games = 300000;
  double rate = 0.03;
  double final_rate = -1;  // -1: the same as rate
  double greedy_share = 0;
  bool against_greedy = false;
  double lambda = 0;
  unsigned long long seed = 7;
  unsigned long long init_seed = 1;
  std::string out;
  bool quiet = false;
  bool progress = false;
  bool threats = false;
  bool deck = false;
  int nets = 1;
  int threads = 0;   // 0: every core
  std::string from;  // nets to go on training instead of random first weights
};

// The nets training starts from: random weights of init_seed + k, or those of the --from file
// (InvalidInput for a file of other players or another count of nets).
std::vector<sorry::ValueNet> first_nets(const TrainArgs& a) {
  std::vector<sorry::ValueNet> nets;
  if (a.from.empty()) {
    for (int k = 0; k < a.nets; ++k)
      nets.emplace_back(a.players, a.hidden, a.init_seed + k,
                        sorry::NetInputs{.threats = a.threats, .deck = a.deck, .deep = a.deep});
    return nets;
  }
  const auto start = sorry::load_learnt_value(a.from);
  const auto& have = start->nets();
  if (start->players() != a.players)
    throw InvalidInput(fmt::format("--from {}: its nets are for {} players, not {}", a.from,
                                   start->players(), a.players));
  if (have.size() != 1 && static_cast<int>(have.size()) != a.nets)
    throw InvalidInput(fmt::format("--from {}: it holds {} nets; --nets {} needs one or {}", a.from,
                                   have.size(), a.nets, a.nets));
  for (int k = 0; k < a.nets; ++k) nets.push_back(have[have.size() == 1 ? 0 : k]);
  return nets;
}

// Trains net k of `nets` (first_nets) on the games of seed + k, on up to `threads` threads;
// `progress` is told the games done by all of them, from this thread only. `played[k]`: the games
// net k learnt from (fewer than --games when base.stop ended it early).
void train_nets(const TrainArgs& a, const sorry::TdTraining& base,
                const std::function<void(long)>& progress, std::vector<sorry::ValueNet>& nets,
                std::vector<int>& played) {
  sorry::Options options;
  options.colours = sorry::default_colours(a.players);
  std::vector<std::atomic<int>> done(a.nets);
  played.assign(a.nets, 0);
  std::function<void()> tick;
  if (progress)
    tick = [&] {
      long sum = 0;
      for (const auto& d : done) sum += d.load();
      progress(sum);
    };
  sim::run_parallel(
      a.nets, a.threads,
      [&](int k) {
        sorry::TdTraining t = base;
        t.seed = base.seed + k;
        played[k] = sorry::train_td(nets[k], options, t, [&](int games) { done[k] = games; });
      },
      tick);
}

void run_train(const TrainArgs& a) {
  // "-" is standard output elsewhere; the nets go to a file (and a stopped run beside it).
  if (a.out == "-")
    throw InvalidInput("--out -: the nets are written to a file, not standard output; name one");
  check_writable(a.out, "--out");  // a long run must not end in a file it cannot write
  // A --from file that does not suit the run fails here too, before the progress bar.
  std::vector<sorry::ValueNet> nets = first_nets(a);
  sorry::TdTraining t;
  t.games = static_cast<int>(a.games);
  t.rate = a.rate;
  t.final_rate = a.final_rate < 0 ? a.rate : a.final_rate;
  t.seed = a.seed;
  t.opponent_share = a.greedy_share;
  t.one_learner = a.against_greedy;
  t.lambda = a.lambda;
  t.opponent = [](const sorry::State& s) { return sorry::greedy_action(s); };
  const long total = a.games * a.nets;
  if (total > std::numeric_limits<int>::max())
    throw InvalidInput(fmt::format("--games times --nets is {}: at most {} games in all", total,
                                   std::numeric_limits<int>::max()));
  std::unique_ptr<sim::ProgressBar> bar;
  const bool terminal = isatty(2);
  if (!a.quiet && (terminal || a.progress))
    bar = std::make_unique<sim::ProgressBar>(static_cast<int>(total), !terminal);
  // Ctrl-C keeps what is done: every net finishes the game it is playing and the nets so far are
  // written beside --out, not over it (a net stopped part-way through its learning-rate schedule
  // is not the net of a smaller --games). A second Ctrl-C quits.
  const std::string partial = a.out + ".partial";
  check_writable(partial, "--out (.partial, for a stopped run)");
  std::vector<int> played;
  const int stopped_by = run_until_signal(
      "tabletop sorry train: stopping after the games in progress; the nets so far will be "
      "written to the --out file with .partial added (press Ctrl-C again to quit at once)\n",
      bar != nullptr, [&](const std::atomic<bool>& stop) {
        t.stop = &stop;
        train_nets(
            a, t,
            [&](long done) {
              if (bar) bar->update(static_cast<int>(done));
            },
            nets, played);
      });
  // The nets that learnt from at least one game (with more nets than threads, a stopped run may
  // not have started some): a net that never played is only its random first weights.
  long games_played = 0;
  std::string text, counts;
  int kept = 0;
  for (int k = 0; k < a.nets; ++k) {
    games_played += played[k];
    counts += (k ? ", " : "") + std::to_string(played[k]);
    if (played[k] == 0) continue;
    text += nets[k].to_text();
    ++kept;
  }
  if (bar) bar->finish(static_cast<int>(games_played));
  if (games_played == total) {  // finished, even if a signal came after the last game
    try {
      write_text_file(a.out, text);
    } catch (const InvalidInput& e) {  // checked writable at the start: lost since (a full disk)
      fmt::print(stderr, "tabletop: --out: {}\n", e.what());
      throw ExitStatus{kExitOutputLost};
    }
    if (!a.quiet || stopped_by)
      fmt::print(stderr, "wrote {}{}\n", a.out,
                 stopped_by ? " (every game had been played when the signal came)" : "");
    return;
  }
  if (kept == 0) {
    fmt::print(stderr,
               "tabletop sorry train: interrupted before the first game: nothing written\n");
    throw ExitStatus{128 + stopped_by};
  }
  std::error_code ec;
  const bool out_there = std::filesystem::exists(a.out, ec);
  write_text_file(partial, text);
  fmt::print(stderr,
             "tabletop sorry train: interrupted after {} of {} games ({} per net): {} net{} "
             "written to {}{}; {} {}\n",
             games_played, total, counts, kept, kept == 1 ? "" : "s", partial,
             kept < a.nets ? " (the nets that had not started are left out)" : "", a.out,
             out_there ? "is unchanged" : "is not written");
  throw ExitStatus{128 + stopped_by};
}

}  // namespace

void add_sorry_train_command(CLI::App& sorry) {
  auto* train = sorry.add_subcommand(
      "train", "Train the learnt value of race positions by self-play and write its weights");
  static TrainArgs args;
  train->add_option("--players", args.players, "Players in the race (default seats)")
      ->transform(whole_number(2, 4))
      ->capture_default_str();
  train->add_option("--games", args.games, "Games of self-play")
      ->transform(whole_number(1, 100000000))
      ->capture_default_str();
  train->add_option("--hidden", args.hidden, "Hidden units")
      ->transform(whole_number(1, sorry::ValueNet::kMaxHidden))
      ->capture_default_str();
  train->add_option("--deep", args.deep, "Units of a second hidden layer (0: one layer)")
      ->transform(whole_number(0, sorry::ValueNet::kMaxHidden))
      ->capture_default_str();
  train->add_option("--rate", args.rate, "Learning rate")
      ->check(real_number(1e-6, 1.0))
      ->capture_default_str();
  train
      ->add_option("--final-rate", args.final_rate,
                   "Learning rate of the last game, reached in a straight line (default: --rate)")
      ->check(real_number(1e-6, 1.0));
  train
      ->add_option("--lambda", args.lambda,
                   "TD(lambda): 0 learns each position from the next one as the game goes; above 0 "
                   "from its lambda-return at the end of each game, 1 from the result alone")
      ->check(real_number(0.0, 1.0))
      ->capture_default_str();
  train->add_flag("--threats", args.threats,
                  "Also read which pawns each player's next card could send back to START");
  train->add_flag("--deck", args.deck,
                  "Also read the cards left in the draw pile (how many of each kind, and in all)");
  train
      ->add_option("--greedy-share", args.greedy_share,
                   "Chance that a seat of a training game is played by greedy (0: self-play only)")
      ->check(real_number(0.0, 1.0))
      ->capture_default_str();
  train
      ->add_flag("--against-greedy", args.against_greedy,
                 "One seat (the next each game) plays by the net against greedy in every other "
                 "seat, and only its value is learnt")
      ->excludes("--greedy-share");
  train->add_option("--seed", args.seed, "Seed of the self-play games")
      ->transform(seed_number())
      ->capture_default_str();
  train->add_option("--init-seed", args.init_seed, "Seed of the first (random) weights")
      ->transform(seed_number())
      ->capture_default_str();
  train
      ->add_option("--from", args.from,
                   "Go on training the nets of this file (one for every net, or one per --nets) "
                   "instead of random first weights: their size and inputs are the file's")
      ->check(existing_file())
      ->excludes("--hidden")
      ->excludes("--deep")
      ->excludes("--threats")
      ->excludes("--deck")
      ->excludes("--init-seed");
  train
      ->add_option("--nets", args.nets,
                   "Nets to train apart (net k: --seed + k, --init-seed + k), written one after "
                   "another; the bots play by the mean of their values")
      ->transform(whole_number(1, 64))
      ->capture_default_str();
  train->add_option("--threads", args.threads, "Nets trained at once (default 0: every core)")
      ->transform(whole_number(0, 1024));
  train->add_option("--out", args.out, "File to write the weights to")
      ->required()
      ->check(file_name());
  auto* quiet = train->add_flag("--quiet", args.quiet, "No progress bar or message");
  train
      ->add_flag("--progress", args.progress,
                 "Progress on stderr even when it is not a terminal: a line every 10 s (for logs)")
      ->excludes(quiet);
  train->footer(
      "The same options give the same weights, whatever the thread count. The nets the bots use "
      "were made with the commands in docs/bots.md. Ctrl-C stops after the games in progress and "
      "writes the nets so far to the --out file with .partial added (--out stays as it was); a "
      "second Ctrl-C quits at once.");
  train->callback([] { run_train(args); });
}

}  // namespace tabletop::cli
