#include "sim/stats.h"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "core/error.h"

namespace tabletop::sim {

double t975(int df) {
  // Exact table for small samples, then the Cornish-Fisher expansion around the normal quantile
  // (accurate to better than 1e-3 from df = 30 on).
  static constexpr double kSmall[] = {0,     12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365,
                                      2.306, 2.262,  2.228, 2.201, 2.179, 2.160, 2.145, 2.131,
                                      2.120, 2.110,  2.101, 2.093, 2.086, 2.080, 2.074, 2.069,
                                      2.064, 2.060,  2.056, 2.052, 2.048, 2.045};
  if (df < 1) return 0;
  if (df < 30) return kSmall[df];
  const double z = 1.959963984540054, n = df;
  return z + (z * z * z + z) / (4 * n) +
         (5 * std::pow(z, 5) + 16 * z * z * z + 3 * z) / (96 * n * n);
}

Interval mean_ci95(const std::vector<double>& x, double* mean, double* sd) {
  const size_t n = x.size();
  double m = 0;
  for (double v : x) m += v;
  m = n ? m / n : 0;
  double ss = 0;
  for (double v : x) ss += (v - m) * (v - m);
  double s = n > 1 ? std::sqrt(ss / (n - 1)) : 0;
  if (mean) *mean = m;
  if (sd) *sd = s;
  if (n < 2) return {m, m, false};
  double h = t975(static_cast<int>(n) - 1) * s / std::sqrt(static_cast<double>(n));
  return {m - h, m + h};
}

Interval wilson95(double successes, int n) {
  if (n <= 0) return {0, 1};
  const double z = 1.959963984540054, p = successes / n;
  const double denom = 1 + z * z / n;
  const double centre = (p + z * z / (2.0 * n)) / denom;
  const double half = z * std::sqrt(p * (1 - p) / n + z * z / (4.0 * n * n)) / denom;
  return {std::max(0.0, centre - half), std::min(1.0, centre + half)};
}

Interval clamp(Interval ci, double lo, double hi) {
  ci.lo = std::clamp(ci.lo, lo, hi);
  ci.hi = std::clamp(ci.hi, lo, hi);
  return ci;
}

Summary summarize(const std::string& game, const std::vector<std::string>& bots,
                  const std::vector<GameRecord>& records, const ScoreRange& range) {
  Summary s;
  s.game = game;
  s.games = static_cast<int>(records.size());
  const int np = static_cast<int>(bots.size());
  for (const auto& r : records) {
    const size_t n = bots.size();
    bool ok = r.seat.size() == n && r.score.size() == n && r.win.size() == n &&
              r.rank.size() == n && (r.decisions.empty() || r.decisions.size() == n) &&
              (r.think_seconds.empty() || r.think_seconds.size() == n) &&
              (r.longest_think.empty() || r.longest_think.size() == n) &&
              (r.longest_cpu.empty() || r.longest_cpu.size() == n) &&
              (r.circles.empty() || r.circles.size() == n);
    for (int seat : r.seat) ok = ok && seat >= 0 && seat < np;
    if (!ok)
      throw InvalidInput(fmt::format("game {}: the record does not seat the {} bots", r.index, np));
  }
  const bool routes = records_have_routes(records, bots.size());
  std::vector<double> lengths;
  for (const auto& r : records) lengths.push_back(r.length);
  // No game is shorter than the shortest played (an On Tour map whose setup fills it has games of
  // no turns): the interval of the mean is cut there, so that it always holds the mean.
  const double shortest = lengths.empty() ? 0 : *std::min_element(lengths.begin(), lengths.end());
  s.length_ci = clamp(mean_ci95(lengths, &s.mean_length), std::min(shortest, 1.0), HUGE_VAL);
  s.seat_win_share.assign(np, 0.0);
  double all_wins = 0;
  for (int p = 0; p < np; ++p) {
    PlayerSummary ps;
    ps.bot = bots[p];
    std::vector<double> scores, diffs;  // diffs: against the first player, game by game
    double rank_sum = 0, decisions = 0, think = 0, circles = 0;
    ps.rank_counts.assign(np, 0);
    for (const auto& r : records) {
      scores.push_back(r.score[p]);
      if (routes) circles += r.circles[p];
      diffs.push_back(r.score[p] - r.score[0]);
      ps.wins += r.win[p];
      rank_sum += r.rank[p];
      if (r.rank[p] >= 1 && r.rank[p] <= np) ++ps.rank_counts[r.rank[p] - 1];
      decisions += r.decisions.empty() ? 0 : r.decisions[p];
      think += r.think_seconds.empty() ? 0 : r.think_seconds[p];
      if (!r.longest_think.empty() && 1000.0 * r.longest_think[p] > ps.ms_longest_decision) {
        ps.ms_longest_decision = 1000.0 * r.longest_think[p];
        ps.longest_decision_game = r.index;
      }
      if (!r.longest_cpu.empty() && 1000.0 * r.longest_cpu[p] > ps.ms_longest_decision_cpu) {
        ps.ms_longest_decision_cpu = 1000.0 * r.longest_cpu[p];
        ps.longest_cpu_game = r.index;
      }
      s.seat_win_share[r.seat[p]] += r.win[p];
      all_wins += r.win[p];
    }
    ps.score_ci = clamp(mean_ci95(scores, &ps.mean_score, &ps.sd_score), range.lo, range.hi);
    if (p > 0)
      ps.diff_ci =
          clamp(mean_ci95(diffs, &ps.diff_vs_first), range.lo - range.hi, range.hi - range.lo);
    if (!scores.empty()) {
      ps.min_score = *std::min_element(scores.begin(), scores.end());
      ps.max_score = *std::max_element(scores.begin(), scores.end());
    }
    const int n = s.games;
    ps.win_rate = n ? ps.wins / n : 0;
    ps.win_ci = wilson95(ps.wins, n);
    ps.mean_rank = n ? rank_sum / n : 0;
    ps.decisions_per_game = n ? decisions / n : 0;
    ps.ms_per_decision = decisions > 0 ? 1000.0 * think / decisions : 0;
    ps.has_route = routes;
    if (routes) {
      ps.route_circles = circles / n;
      ps.route_spaces = ps.mean_score - ps.route_circles;
    }
    s.players.push_back(ps);
  }
  // A seat's share of all wins, with the interval of that share over the games. A seat wins at
  // most once a game, and every game hands out the same wins (1, or 2 in teams: both partners),
  // so the share is the seat's win rate divided by the wins a game hands out.
  const double per_game = s.games > 0 ? all_wins / s.games : 0;
  for (int seat = 0; seat < np; ++seat) {
    double w = s.seat_win_share[seat];
    s.seat_win_share[seat] = all_wins > 0 ? w / all_wins : 0;
    Interval ci = wilson95(w, s.games);
    if (per_game > 0) ci.lo /= per_game, ci.hi /= per_game;
    s.seat_win_ci.push_back(ci);
  }
  return s;
}

Json interval_json(const Interval& i) { return i.known ? Json{i.lo, i.hi} : Json(nullptr); }

std::string interval_text(const Interval& i, const std::string& spec, double scale,
                          const std::string& unit) {
  if (!i.known) return "n/a";
  const std::string both = "[" + spec + ", " + spec + "]" + unit;
  return fmt::format(fmt::runtime(both), scale * i.lo, scale * i.hi);
}

Json player_timing_json(const PlayerSummary& p) {
  return {{"ms_per_decision", p.ms_per_decision},
          {"ms_longest_decision", p.ms_longest_decision},
          {"ms_longest_decision_cpu", p.ms_longest_decision_cpu},
          {"longest_decision_game", p.longest_decision_game},
          {"longest_decision_cpu_game", p.longest_cpu_game}};
}

Json summary_json(const Summary& s, bool timing) {
  Json j;
  j["game"] = s.game;
  j["games"] = s.games;
  j["seed"] = s.seed;
  j["settings"] = s.settings;
  Json players = Json::array();
  for (const auto& p : s.players) {
    Json o;
    o["bot"] = p.bot;
    o["mean_score"] = p.mean_score;
    o["score_sd"] = p.sd_score;
    o["score_ci95"] = interval_json(p.score_ci);
    o["min_score"] = p.min_score;
    o["max_score"] = p.max_score;
    o["wins"] = p.wins;
    o["win_rate"] = p.win_rate;
    o["win_ci95"] = interval_json(p.win_ci);
    o["mean_rank"] = p.mean_rank;
    o["score_diff_vs_first"] = p.diff_vs_first;
    o["score_diff_ci95"] = interval_json(p.diff_ci);
    o["rank_counts"] = p.rank_counts;
    o["decisions_per_game"] = p.decisions_per_game;
    if (p.has_route) {
      o["route_spaces"] = p.route_spaces;
      o["route_circles"] = p.route_circles;
    }
    if (timing) o.update(player_timing_json(p));
    players.push_back(o);
  }
  j["players"] = players;
  j["length"] = {{"mean", s.mean_length}, {"ci95", interval_json(s.length_ci)}};
  Json seats = Json::array();
  for (size_t i = 0; i < s.seat_win_share.size(); ++i)
    seats.push_back({{"seat", i},
                     {"win_share", s.seat_win_share[i]},
                     {"ci95", interval_json(s.seat_win_ci[i])}});
  j["seats"] = seats;
  if (timing) j["timing"] = {{"seconds", s.seconds}, {"threads", s.threads}};
  return j;
}

std::string summary_table(const Summary& s) {
  std::string out =
      fmt::format("{} game{} of {}, seed {}", s.games, s.games == 1 ? "" : "s", s.game, s.seed);
  // A run from another first game names its games.
  if (const auto first = s.settings.find("first_game"); first != s.settings.end()) {
    const long k = first->get<long>();
    out += s.games == 1 ? fmt::format(" (game {})", k)
                        : fmt::format(" (games {} to {})", k, k + s.games - 1);
  }
  if (s.seconds > 0)
    out +=
        fmt::format(", {:.1f} s on {} thread{}", s.seconds, s.threads, s.threads == 1 ? "" : "s");
  out += "\n\n";
  size_t w = 28;  // the bot column, wider for a longer bot spec
  for (const auto& p : s.players) w = std::max(w, p.bot.size());
  out += fmt::format("{:<4} {:<{}} {:>7} {:>17} {:>7} {:>17} {:>6} {:>9} {:>9} {:>9}\n", "#", "bot",
                     w, "score", "95% CI", "win", "95% CI", "rank", "ms/move", "max ms", "max cpu");
  for (size_t i = 0; i < s.players.size(); ++i) {
    const auto& p = s.players[i];
    out += fmt::format(
        "{:<4} {:<{}} {:>7.2f} {:>17} {:>6.1f}% {:>17} {:>6.2f} {:>9.2f} {:>9.1f} {:>9.1f}\n",
        i + 1, p.bot, w, p.mean_score, interval_text(p.score_ci, "{:.2f}"), 100 * p.win_rate,
        interval_text(p.win_ci, "{:.1f}", 100, "%"), p.mean_rank, p.ms_per_decision,
        p.ms_longest_decision, p.ms_longest_decision_cpu);
  }
  if (s.players.size() > 1) {
    out += fmt::format("\nscore against #1 {}, game by game (paired):\n", s.players[0].bot);
    for (size_t i = 1; i < s.players.size(); ++i) {
      const auto& p = s.players[i];
      out += fmt::format("{:<4} {:<{}} {:>+7.2f} {:>17}\n", i + 1, p.bot, w, p.diff_vs_first,
                         interval_text(p.diff_ci, "{:+.2f}"));
    }
  }
  if (!s.players.empty() && s.players[0].has_route) {
    out += "\nroute: spaces + circled spaces on it (mean):\n";
    for (size_t i = 0; i < s.players.size(); ++i) {
      const auto& p = s.players[i];
      out += fmt::format("{:<4} {:<{}} {:>7.2f} + {:.2f}\n", i + 1, p.bot, w, p.route_spaces,
                         p.route_circles);
    }
  }
  out += fmt::format("\ngame length: {:.2f} {} {}\n", s.mean_length,
                     interval_text(s.length_ci, "{:.2f}"),
                     s.game == "ontour" ? "turns" : "cards drawn");
  if (s.players.size() > 1) {
    out += "wins by seat:";
    for (size_t i = 0; i < s.seat_win_share.size(); ++i) {
      if (i > 0 && i % 4 == 0) out += "\n             ";  // four seats a line
      out += fmt::format("  seat {} {:.1f}% {}", i + 1, 100 * s.seat_win_share[i],
                         interval_text(s.seat_win_ci[i], "{:.1f}", 100));
    }
    out += "\n";
  }
  return out;
}

namespace {

// A bot spec as a CSV field: quoted when it holds a quote (a spec holds no comma: --bots splits on
// them), so that other CSV readers take it whole.
std::string csv_field(const std::string& text) {
  if (text.find('"') == std::string::npos) return text;
  std::string out = "\"";
  for (char c : text) out += c == '"' ? std::string("\"\"") : std::string(1, c);
  return out + "\"";
}

}  // namespace

std::string records_csv(const std::vector<std::string>& bots,
                        const std::vector<GameRecord>& records, const std::string& match) {
  const bool routes = records_have_routes(records, bots.size());
  std::string out = "game,seed,length";
  for (size_t p = 0; p < bots.size(); ++p)
    out += fmt::format(",bot{0},seat{0},score{0},win{0},rank{0}", p + 1);
  if (!match.empty()) out += ",match";
  if (routes)
    for (size_t p = 0; p < bots.size(); ++p) out += fmt::format(",circles{}", p + 1);
  out += "\n";
  for (const auto& r : records) {
    out += fmt::format("{},{},{}", r.index, r.seed, r.length);
    for (size_t p = 0; p < bots.size(); ++p)
      out += fmt::format(",{},{},{},{},{}", csv_field(bots[p]), r.seat[p] + 1, r.score[p], r.win[p],
                         r.rank[p]);
    if (!match.empty()) out += "," + match;
    if (routes)
      for (size_t p = 0; p < bots.size(); ++p) out += fmt::format(",{}", r.circles[p]);
    out += "\n";
  }
  return out;
}

}  // namespace tabletop::sim
