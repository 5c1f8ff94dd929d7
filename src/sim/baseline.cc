#include "sim/baseline.h"

#include <algorithm>

#include <cmath>
#include <map>

#include <fmt/format.h>

#include "core/error.h"
#include "core/hash.h"
#include "core/rng.h"
#include "core/text.h"

namespace tabletop::sim {

namespace {

// Columns before the players', and per player (records_csv).
constexpr int kLead = 3;
constexpr int kPerPlayer = 5;

// A score or win of a file: a finite number of at most this size.
constexpr double kLargestScore = 1e9;

}  // namespace

std::string match_id(const std::string& game, const Json& settings) {
  Fnv1a h;
  h.add(game);
  h.add(json_text(settings));
  const std::string kind = settings.contains("map")       ? settings["map"].get<std::string>()
                           : settings.contains("variant") ? settings["variant"].get<std::string>()
                                                          : "";
  std::string id = fmt::format("{}/{}/{:08x}", game, kind, h.value() & 0xffffffffULL);
  for (char& c : id)
    if (c == ',' || c == '"' || c == '\n' || c == '\r') c = '_';  // one CSV field
  return id;
}

namespace {

// A field as records_csv writes it: quoted ("" a quote) when the text holds a quote.
std::string csv_text(const std::string& field) {
  if (field.size() < 2 || field.front() != '"' || field.back() != '"') return field;
  std::string out;
  for (size_t i = 1; i + 1 < field.size(); ++i) {
    out += field[i];
    if (field[i] == '"' && field[i + 1] == '"') ++i;
  }
  return out;
}

}  // namespace

std::vector<CsvGame> read_records_csv(const std::string& text, const std::string& source) {
  std::vector<std::string> lines = split_list(text, '\n');
  if (!lines.empty() && lines.back().empty()) lines.pop_back();
  // A copy saved with Windows line ends (a spreadsheet's) reads the same.
  for (std::string& line : lines)
    if (!line.empty() && line.back() == '\r') line.pop_back();
  auto bad = [&](size_t line, const std::string& why) {
    return InvalidInput(fmt::format("{} line {}: {} (expected a file of tabletop sim --csv)",
                                    source, line + 1, why));
  };
  if (lines.size() < 2)
    throw InvalidInput(source + ": no games (expected a file of tabletop sim --csv)");
  const std::vector<std::string> head = split_list(lines[0]);
  const int columns = static_cast<int>(head.size());
  // The players' columns end where `match` or On Tour's circles1, circles2, ... begin (files
  // written before those columns have neither).
  int player_end = kLead;
  while (player_end < columns && head[player_end] != "match" && head[player_end] != "circles1")
    ++player_end;
  const bool has_match = player_end < columns && head[player_end] == "match";
  const int circles_at = player_end + (has_match ? 1 : 0);
  const int player_columns = player_end - kLead;
  const int players = player_columns / kPerPlayer;
  bool header_ok = player_columns >= kPerPlayer && player_columns % kPerPlayer == 0 &&
                   head[0] == "game" && head[1] == "seed" && head[2] == "length" &&
                   head[3] == "bot1" && (circles_at == columns || circles_at + players == columns);
  for (int p = 0; header_ok && circles_at < columns && p < players; ++p)
    header_ok = head[circles_at + p] == fmt::format("circles{}", p + 1);
  if (!header_ok) throw bad(0, "not the header game,seed,length,bot1,seat1,score1,win1,rank1,...");
  const auto number = [](const std::string& cell_text, double& v) {
    return parse_real(cell_text, v) && std::isfinite(v) && std::fabs(v) <= kLargestScore;
  };
  std::vector<CsvGame> games;
  std::map<int, size_t> line_of;  // each game's line: a game twice in one file is refused
  for (size_t l = 1; l < lines.size(); ++l) {
    const std::vector<std::string> cell = split_list(lines[l]);
    if (static_cast<int>(cell.size()) != columns)
      throw bad(l, fmt::format("{} fields where the header has {}", cell.size(), columns));
    CsvGame g;
    if (!parse_whole(cell[0], g.index) || g.index < 0) throw bad(l, "the game is not a number");
    if (const auto [at, fresh] = line_of.emplace(g.index, l); !fresh)
      throw bad(l, fmt::format("game {} is on line {} already", g.index, at->second + 1));
    if (!parse_whole(cell[1], g.seed)) throw bad(l, "the seed is not a number");
    for (int p = 0; p < players; ++p) {
      const int c = kLead + kPerPlayer * p;
      int seat = 0;
      double score = 0, win = 0;
      if (cell[c].empty() || !parse_whole(cell[c + 1], seat) || seat < 1 || seat > players ||
          !number(cell[c + 2], score) || !number(cell[c + 3], win) || win < 0 || win > 1)
        throw bad(l, fmt::format("player {}: not a bot, seat, score and win", p + 1));
      g.bot.push_back(csv_text(cell[c]));
      g.seat.push_back(seat - 1);
      g.score.push_back(score);
      g.win.push_back(win);
    }
    if (has_match) g.match = cell[player_end];
    games.push_back(std::move(g));
  }
  return games;
}

void check_baseline(const std::vector<CsvGame>& baseline, uint64_t run_seed, int players,
                    bool rotate, int games, const std::string& source, const std::string& match,
                    int first, const ScoreRange& range) {
  bool shared = false;
  for (const CsvGame& b : baseline) shared |= b.index >= first && b.index - first < games;
  if (!shared)
    throw InvalidInput(
        fmt::format("--baseline {}: none of its games is among the {} of this run (games {} to {})",
                    source, games, first, first + games - 1));
  for (const CsvGame& b : baseline) {
    if (static_cast<int>(b.bot.size()) != players)
      throw InvalidInput(fmt::format("--baseline {}: its games have {} players, this run {}",
                                     source, b.bot.size(), players));
    if (!b.match.empty() && !match.empty() && b.match != match)
      throw InvalidInput(
          fmt::format("--baseline {}: its games are {} where this run's are {} (another game, map, "
                      "variant, seats or "
                      "rule options)",
                      source, b.match, match));
    const uint64_t seed = mix_seed(run_seed, b.index);
    if (b.seed != seed)
      throw InvalidInput(
          fmt::format("--baseline {}: game {} has another seed there ({} against {}): it was run "
                      "with another --seed, so its games are not these",
                      source, b.index, b.seed, seed));
    GameRecord seated;
    seat_players(seated, players, rotate, b.index);
    for (int p = 0; p < players; ++p)
      if (b.seat[p] != seated.seat[p])
        throw InvalidInput(fmt::format(
            "--baseline {}: game {} seats player {} at seat {} where this run seats it at {} "
            "(--no-rotate in one run only?)",
            source, b.index, p + 1, b.seat[p] + 1, seated.seat[p] + 1));
    double wins = 0;
    for (int p = 0; p < players; ++p) {
      // No game of the run can score so.
      if (b.score[p] < range.lo || b.score[p] > range.hi ||
          (range.whole && b.score[p] != std::floor(b.score[p])))
        throw InvalidInput(
            fmt::format("--baseline {}: game {}: score{} {} is not a score of this game ({}{})",
                        source, b.index, p + 1, b.score[p], range.whole ? "a whole number " : "",
                        std::isinf(range.hi) ? fmt::format("at least {}", range.lo)
                                             : fmt::format("from {} to {}", range.lo, range.hi)));
      wins += b.win[p];
    }
    // The CSV writes a third of a shared win with six digits.
    if (range.wins > 0 && std::abs(wins - range.wins) > 1e-3)
      throw InvalidInput(
          fmt::format("--baseline {}: game {}: its wins add up to {}, where a game of this run's "
                      "gives {} in all",
                      source, b.index, wins, range.wins));
  }
}

BaselineComparison compare_with_baseline(const std::vector<std::string>& bots,
                                         const std::vector<GameRecord>& records,
                                         const std::vector<CsvGame>& baseline,
                                         const std::string& source, const ScoreRange& range) {
  const size_t np = bots.size();
  std::map<int, const CsvGame*> by_index;
  for (const CsvGame& g : baseline) by_index[g.index] = &g;
  BaselineComparison c;
  c.source = source;
  std::vector<std::vector<double>> score_diffs(np), win_diffs(np);
  std::vector<double> base_score(np), base_win(np);
  for (const GameRecord& r : records) {
    auto it = by_index.find(r.index);
    if (it == by_index.end()) continue;
    const CsvGame& b = *it->second;
    for (size_t p = 0; p < np; ++p) {
      score_diffs[p].push_back(r.score[p] - b.score[p]);
      win_diffs[p].push_back(r.win[p] - b.win[p]);
      base_score[p] += b.score[p], base_win[p] += b.win[p];
    }
    ++c.games;
  }
  if (c.games == 0)
    throw InvalidInput(
        fmt::format("--baseline {}: no game of this run is in it (it holds games of other "
                    "numbers)",
                    source));
  const std::map<int, const CsvGame*>::const_iterator first = by_index.begin();
  for (size_t p = 0; p < np; ++p) {
    BaselineDiff d;
    d.bot = bots[p];
    d.baseline_bot = first->second->bot[p];
    d.baseline_mean_score = base_score[p] / c.games, d.baseline_win_rate = base_win[p] / c.games;
    d.score_diff_ci =
        clamp(mean_ci95(score_diffs[p], &d.score_diff), range.lo - range.hi, range.hi - range.lo);
    d.win_diff_ci = clamp(mean_ci95(win_diffs[p], &d.win_diff), -1, 1);
    d.mean_score = d.baseline_mean_score + d.score_diff;
    d.win_rate = d.baseline_win_rate + d.win_diff;
    c.players.push_back(d);
  }
  return c;
}

std::string baseline_table(const BaselineComparison& c) {
  std::string out = fmt::format(
      "\nthis run less the baseline {}, game by game over the {} game{} of both (the same "
      "chance):\n",
      c.source, c.games, c.games == 1 ? "" : "s");
  size_t w = 28;  // the bot columns, wider for a longer bot spec
  for (const BaselineDiff& d : c.players) w = std::max({w, d.bot.size(), d.baseline_bot.size()});
  out += fmt::format("{:<4} {:<{}} {:<{}} {:>7} {:>17} {:>7} {:>17}\n", "#", "bot", w, "baseline",
                     w, "score", "95% CI", "win", "95% CI");
  for (size_t i = 0; i < c.players.size(); ++i) {
    const BaselineDiff& d = c.players[i];
    out += fmt::format("{:<4} {:<{}} {:<{}} {:>+7.2f} {:>17} {:>+6.1f}% {:>17}\n", i + 1, d.bot, w,
                       d.baseline_bot, w, d.score_diff, interval_text(d.score_diff_ci, "{:+.2f}"),
                       100 * d.win_diff, interval_text(d.win_diff_ci, "{:+.1f}", 100, "%"));
  }
  return out;
}

Json baseline_json(const BaselineComparison& c) {
  Json players = Json::array();
  for (const BaselineDiff& d : c.players)
    players.push_back({{"bot", d.bot},
                       {"baseline_bot", d.baseline_bot},
                       {"mean_score", d.mean_score},
                       {"baseline_mean_score", d.baseline_mean_score},
                       {"score_diff", d.score_diff},
                       {"score_diff_ci95", interval_json(d.score_diff_ci)},
                       {"win_rate", d.win_rate},
                       {"baseline_win_rate", d.baseline_win_rate},
                       {"win_diff", d.win_diff},
                       {"win_diff_ci95", interval_json(d.win_diff_ci)}});
  return {{"file", c.source}, {"games", c.games}, {"players", players}};
}

}  // namespace tabletop::sim
