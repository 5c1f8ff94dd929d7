// Summary statistics of a simulation: per player (bot entry) mean score with a 95% confidence
// interval (Student t), its paired difference to the first player, win rate with a Wilson 95%
// interval, ranks, game length, and per-seat win shares (does moving first matter?).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/json_util.h"
#include "sim/record.h"

namespace tabletop::sim {

struct Interval {
  double lo = 0, hi = 0;
  // False when there are too few values for an interval (a mean of one game): JSON null, "n/a" in
  // the table, no whisker in the plot. lo and hi then hold the mean.
  bool known = true;
};

// Mean of x and its 95% interval mean +- t(0.975, n-1) * sd / sqrt(n); sd is the sample standard
// deviation. With fewer than two values there is no interval (known = false).
Interval mean_ci95(const std::vector<double>& x, double* mean, double* sd = nullptr);

// `ci` with both bounds cut to [lo, hi]: a mean of values that all lie there lies there too.
Interval clamp(Interval ci, double lo, double hi);

// Wilson score interval at 95% for `successes` out of n (successes may be fractional: shared wins).
Interval wilson95(double successes, int n);

// The 0.975 quantile of Student's t with `df` degrees of freedom.
double t975(int df);

// [lo, hi], or null where there is no interval.
Json interval_json(const Interval& i);
// "[lo, hi]" with each bound in `spec` (a fmt spec such as "{:.2f}") times `scale`, then `unit`
// (e.g. "%"); "n/a" alone where there is no interval.
std::string interval_text(const Interval& i, const std::string& spec, double scale = 1,
                          const std::string& unit = "");

struct PlayerSummary {
  std::string bot;
  double mean_score = 0, sd_score = 0;
  Interval score_ci;
  double min_score = 0, max_score = 0;
  double wins = 0, win_rate = 0;
  Interval win_ci;
  double mean_rank = 0;
  std::vector<int> rank_counts;  // rank_counts[r-1]: games finished at rank r
  double decisions_per_game = 0;
  double ms_per_decision = 0;      // wall clock: varies from run to run
  double ms_longest_decision = 0;  // the longest single decision of the run (wall clock)
  // The most thread CPU time a single decision of the run took: the wall clock less the waits for
  // a core, what "per decision on one core" means on a shared machine. 0 where the records hold
  // no CPU times.
  double ms_longest_decision_cpu = 0;
  // The games (GameRecord::index) of those two decisions, -1 where there is none: the game to
  // play again to see the decision.
  int longest_decision_game = -1, longest_cpu_game = -1;
  // Against the first player of the list, game by game: the mean of (this score - the first's)
  // and its 95% interval (Student t on the differences). In On Tour every bot of a game plays the
  // same dice and cards, so the luck they share cancels: this is the interval of the difference
  // itself ("is bot B better than bot A"), narrower than the two scores' own intervals the more
  // alike the bots play. Zero for the first player.
  double diff_vs_first = 0;
  Interval diff_ci;
  // On Tour: where the points come from, the mean spaces of the scored route and the mean circled
  // spaces on it (they add up to mean_score). False for Sorry!, which has no routes.
  bool has_route = false;
  double route_spaces = 0, route_circles = 0;
};

struct Summary {
  std::string game;
  int games = 0;
  uint64_t seed = 0;
  int threads = 1;
  Json settings;  // game options, map, variant...
  std::vector<PlayerSummary> players;
  double mean_length = 0;
  Interval length_ci;
  std::vector<double> seat_win_share;  // per seat: share of all wins taken from that seat
  std::vector<Interval> seat_win_ci;
  double seconds = 0;  // wall clock of the whole run
};

// Raises InvalidInput for a record that does not hold one entry per bot, seated in range. The
// score intervals are cut to `range` (those of the differences to range.lo - range.hi ..
// range.hi - range.lo): a few games far apart would otherwise give an interval past any score.
Summary summarize(const std::string& game, const std::vector<std::string>& bots,
                  const std::vector<GameRecord>& records, const ScoreRange& range = {});

// The summary as JSON. Wall-clock figures (under "timing", and in each player's entry the keys of
// player_timing_json) are written only when `timing` is set, so that a summary without them depends
// on the seed alone.
Json summary_json(const Summary& s, bool timing = true);

// A player's wall-clock figures as summary_json writes them into its entry when `timing` is set:
// the keys to drop to compare two runs of the same seed.
Json player_timing_json(const PlayerSummary& p);

// A plain-text table for the terminal.
std::string summary_table(const Summary& s);

// One CSV row per game: game, seed, length, then per player bot, seat, score, win, rank, then
// `match` (match_id: which game, map or variant and rule options) when it is given, and last, in
// On Tour, per player the circled spaces on the scored route (circles1, circles2, ...).
std::string records_csv(const std::vector<std::string>& bots,
                        const std::vector<GameRecord>& records, const std::string& match = "");

}  // namespace tabletop::sim
