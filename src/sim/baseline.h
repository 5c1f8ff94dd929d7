// `tabletop sim --baseline FILE.csv`: a run compared game by game with an earlier run of the same
// games, read from that run's --csv file.
//
// Why game by game: two runs with the same --seed and the same number of players meet the same
// chance in each game. On Tour deals the same dice and cards whoever plays; a Sorry! race draws the
// same card at each draw whatever the moves (the draw pile is a count of cards and the n-th draw of
// game i comes from the game's own generator), so every seat gets the same cards until the game
// ends. The luck the two runs share cancels in the difference: over 8,000 four-player Sorry!
// races the interval of a win-rate difference is about 0.6 times the one two independent runs
// would give (docs/sim.md). Only the bots' choices differ, so a variant is measured against the
// default with fewer games.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "core/json_util.h"
#include "sim/record.h"
#include "sim/stats.h"

namespace tabletop::sim {

// One row of a --csv file (records_csv): the game, its seed, and per player its bot, seat, score
// and win.
struct CsvGame {
  int index = 0;
  uint64_t seed = 0;
  std::vector<std::string> bot;
  std::vector<int> seat;
  std::vector<double> score, win;
  std::string match;  // the file's match column (match_id), or "" in a file written without one
};

// What games a run plays, for the match column of --csv: the game, its map (On Tour) or variant
// (Sorry!) and a hash of all its settings (rule options included), e.g. "sorry/classic/1f0c33a2".
// `settings` is the run's summary settings before the bots are added.
std::string match_id(const std::string& game, const Json& settings);

// The most of a --baseline file that is read: a row per game of a run of millions.
inline constexpr size_t kMaxCsvBytes = size_t{1} << 30;

// Reads a file written by `tabletop sim --csv`; InvalidInput naming the line for anything else.
// `source` names the file in messages.
std::vector<CsvGame> read_records_csv(const std::string& text, const std::string& source);

struct BaselineDiff {
  std::string bot, baseline_bot;
  double mean_score = 0, baseline_mean_score = 0;
  double win_rate = 0, baseline_win_rate = 0;
  // Means over the games of (this run - the baseline), with 95% intervals (Student t on the
  // differences).
  double score_diff = 0, win_diff = 0;
  Interval score_diff_ci, win_diff_ci;
};

struct BaselineComparison {
  std::string source;  // the baseline file
  int games = 0;       // games both runs played
  std::vector<BaselineDiff> players;
};

// InvalidInput unless every game of `baseline` is the game of that number of a run of `players`
// with seed `run_seed` (game i: mix_seed(run_seed, i)) seated as `rotate` seats them, of the same
// `match` (when the file has the column), and one of them at least is among the `games` of the
// run, games `first` to first + games - 1, and its scores are in `range` (the scores the run's
// game can give): checked before a run, so that a baseline of other games fails at once rather
// than after the run.
void check_baseline(const std::vector<CsvGame>& baseline, uint64_t run_seed, int players,
                    bool rotate, int games, const std::string& source,
                    const std::string& match = "", int first = 0, const ScoreRange& range = {});

// Compares `records` (a run of `bots`) with the baseline's games of the same numbers, a baseline
// that check_baseline has found to hold this run's games; the differences' intervals are cut to
// what scores in `range` and wins can differ by. InvalidInput when they have no game in common.
BaselineComparison compare_with_baseline(const std::vector<std::string>& bots,
                                         const std::vector<GameRecord>& records,
                                         const std::vector<CsvGame>& baseline,
                                         const std::string& source, const ScoreRange& range = {});

std::string baseline_table(const BaselineComparison& c);
Json baseline_json(const BaselineComparison& c);

}  // namespace tabletop::sim
