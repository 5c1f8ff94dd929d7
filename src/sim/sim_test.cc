// The simulator: results depend on the seed only (never on the thread count), the statistics are
// right on known values, and the reports have the documented shape.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <stdexcept>
#include <thread>

#include <fmt/format.h>

#include "core/error.h"
#include "core/rng.h"
#include "ontour/map.h"
#include "sim/baseline.h"
#include "sim/footprint.h"
#include "sim/ontour_match.h"
#include "sim/plot.h"
#include "sim/progress.h"
#include "sim/runner.h"
#include "sim/sorry_match.h"
#include "sim/stats.h"

namespace tabletop::sim {
namespace {

// Game `index` with the players seated in list order.
GameRecord game_of(int index, std::vector<double> score, std::vector<double> win,
                   std::vector<int> rank) {
  GameRecord r;
  r.index = index;
  for (size_t p = 0; p < score.size(); ++p) r.seat.push_back(static_cast<int>(p));
  r.score = std::move(score);
  r.win = std::move(win);
  r.rank = std::move(rank);
  return r;
}

#if defined(__SANITIZE_ADDRESS__)
constexpr int kScale = 4;
#else
constexpr int kScale = 1;
#endif

std::vector<GameRecord> run(const PlayGame& play, int games, uint64_t seed, int threads) {
  RunConfig c;
  c.games = games;
  c.seed = seed;
  c.threads = threads;
  return run_games(c, play);
}

TEST(Sim, OnTourSameSummaryWithOneOrSeveralThreads) {
  auto match = std::make_shared<OntourMatch>();
  match->map = std::make_shared<const ontour::Map>(ontour::Map::builtin("usa"));
  match->bots = {"greedy", "random", "strong:rollouts=2:candidates=3:rounds=1"};
  PlayGame play = [match](int i, uint64_t s) { return play_ontour_game(*match, i, s); };
  const int games = 24 / kScale;
  auto one = run(play, games, 5, 1);
  auto three = run(play, games, 5, 3);
  EXPECT_EQ(summary_json(summarize("ontour", match->bots, one), false),
            summary_json(summarize("ontour", match->bots, three), false));
  EXPECT_EQ(records_csv(match->bots, one), records_csv(match->bots, three));
  // Another seed gives other games.
  auto other = run(play, games, 6, 2);
  EXPECT_NE(records_csv(match->bots, one), records_csv(match->bots, other));
  // All bots of a game share its dice and cards, so the game length is the same for all of them,
  // and the seats rotate.
  EXPECT_EQ(one[0].seat, (std::vector<int>{0, 1, 2}));
  EXPECT_EQ(one[1].seat, (std::vector<int>{1, 2, 0}));
}

TEST(Sim, OnTourSummarySaysWhereThePointsComeFrom) {
  auto match = std::make_shared<OntourMatch>();
  match->map = std::make_shared<const ontour::Map>(ontour::Map::builtin("usa"));
  match->bots = {"greedy", "random"};
  PlayGame play = [match](int i, uint64_t s) { return play_ontour_game(*match, i, s); };
  const auto games = run(play, 20 / kScale, 3, 1);
  double circles[2] = {0, 0};
  for (const GameRecord& g : games) {
    ASSERT_EQ(g.circles.size(), 2u);
    for (int p = 0; p < 2; ++p) {
      // A route's circled spaces are some of its spaces: at most half of its score.
      EXPECT_GE(g.circles[p], 0);
      EXPECT_LE(2 * g.circles[p], g.score[p]);
      circles[p] += g.circles[p];
    }
  }
  const Summary s = summarize("ontour", match->bots, games);
  const Json j = summary_json(s, false);
  for (int p = 0; p < 2; ++p) {
    ASSERT_TRUE(s.players[p].has_route);
    EXPECT_DOUBLE_EQ(s.players[p].route_circles, circles[p] / games.size());
    EXPECT_DOUBLE_EQ(s.players[p].route_spaces + s.players[p].route_circles,
                     s.players[p].mean_score);
    EXPECT_DOUBLE_EQ(j["players"][p]["route_circles"].get<double>(), circles[p] / games.size());
  }
  // Greedy's routes are longer than random play's.
  EXPECT_GT(s.players[0].route_spaces, s.players[1].route_spaces);
  EXPECT_NE(summary_table(s).find("route: spaces + circled spaces on it"), std::string::npos);
  // The CSV ends with each player's circles, game by game, and reads back as a baseline with or
  // without the match column.
  for (const std::string& id : {std::string(), std::string("ontour/usa/00000000")}) {
    const std::string csv = records_csv(match->bots, games, id);
    const std::string head = csv.substr(0, csv.find('\n'));
    EXPECT_TRUE(
        head.ends_with(",rank2" + std::string(id.empty() ? "" : ",match") + ",circles1,circles2"))
        << head;
    const std::string row =
        csv.substr(head.size() + 1, csv.find('\n', head.size() + 1) - head.size() - 1);
    EXPECT_TRUE(row.ends_with(fmt::format(",{},{}", games[0].circles[0], games[0].circles[1])))
        << row;
    const std::vector<CsvGame> read = read_records_csv(csv, "routes.csv");
    ASSERT_EQ(read.size(), games.size());
    EXPECT_EQ(read[1].score, games[1].score);
    EXPECT_EQ(read[1].match, id);
  }
  // Sorry! has no routes: neither the JSON nor the table speaks of them.
  GameRecord r;
  seat_players(r, 2, true, 0);
  r.score = {1, 0}, r.win = {1, 0}, r.rank = {1, 2};
  const Summary sorry = summarize("sorry", {"a", "b"}, {r});
  EXPECT_FALSE(sorry.players[0].has_route);
  EXPECT_FALSE(summary_json(sorry, false)["players"][0].contains("route_spaces"));
  EXPECT_EQ(summary_table(sorry).find("route:"), std::string::npos);
  EXPECT_EQ(records_csv({"a", "b"}, {r}).find("circles"), std::string::npos);
}

TEST(Sim, SorrySameSummaryWithOneOrSeveralThreads) {
  for (const char* variant : {"classic", "teams", "points"}) {
    std::vector<std::string> bots = {"greedy", "random"};
    if (std::string(variant) == "teams") bots = {"greedy", "random", "strong:depth=1", "random"};
    auto match = make_sorry_match(variant, Json::object(), bots, true);
    PlayGame play = [match](int i, uint64_t s) { return play_sorry_game(*match, i, s); };
    const int games = 40 / kScale;
    auto one = run(play, games, 9, 1);
    auto four = run(play, games, 9, 4);
    Summary a = summarize("sorry", bots, one), b = summarize("sorry", bots, four);
    EXPECT_EQ(summary_json(a, false), summary_json(b, false)) << variant;
    EXPECT_EQ(records_csv(bots, one), records_csv(bots, four)) << variant;
    double seats = 0;
    for (double w : a.seat_win_share) seats += w;
    EXPECT_NEAR(seats, 1.0, 1e-9) << variant;
  }
}

TEST(Sim, SorryMatchChecksBotsAndVariant) {
  EXPECT_THROW(make_sorry_match("classic", Json::object(), {"greedy"}, true), InvalidInput);
  EXPECT_THROW(make_sorry_match("teams", Json::object(), {"greedy", "random"}, true), InvalidInput);
  EXPECT_THROW(make_sorry_match("classic", Json::object(), {"greedy", "nobody"}, true),
               InvalidInput);
  EXPECT_THROW(make_sorry_match("classic", Json{{"deck", 12}}, {"greedy", "random"}, true),
               InvalidOption);
}

TEST(Sim, AnExceptionInAGameStopsTheRun) {
  PlayGame play = [](int i, uint64_t) -> GameRecord {
    if (i == 7) throw std::runtime_error("game 7 broke");
    return GameRecord{0, 0, 1, {0}, {1}, {1}, {1}, {1}, {0}, {0}, {0}, {}};
  };
  EXPECT_THROW(run(play, 50, 1, 3), std::runtime_error);
}

TEST(Sim, AStoppedRunKeepsTheGamesFinishedFromTheFirst) {
  auto match = make_sorry_match("classic", Json::object(), {"greedy", "random"}, true);
  std::atomic<bool> stop{false};
  // The stop comes while game 10 is played, as a Ctrl-C would between two games.
  PlayGame play = [&](int i, uint64_t s) {
    if (i == 10) stop = true;
    return play_sorry_game(*match, i, s);
  };
  for (int threads : {1, 3}) {
    stop = false;
    RunConfig c;
    c.games = 500;
    c.seed = 4;
    c.threads = threads;
    c.stop = &stop;
    const std::vector<GameRecord> cut = run_games(c, play);
    // Game 10 and those already under way on the other threads finish; none starts after.
    ASSERT_GE(cut.size(), 11u) << threads;
    EXPECT_LE(cut.size(), static_cast<size_t>(10 + threads)) << threads;
    for (size_t i = 0; i < cut.size(); ++i) EXPECT_EQ(cut[i].index, static_cast<int>(i));
    // Exactly what a run of that many games gives.
    const std::vector<std::string> bots = {"greedy", "random"};
    PlayGame plain = [&](int i, uint64_t s) { return play_sorry_game(*match, i, s); };
    EXPECT_EQ(records_csv(bots, cut),
              records_csv(bots, run(plain, static_cast<int>(cut.size()), 4, 2)));
  }
  // A stop asked before the run starts plays nothing.
  stop = true;
  RunConfig c;
  c.games = 5;
  c.stop = &stop;
  EXPECT_TRUE(run_games(c, play).empty());
}

// A run from game K plays games K.. of the seed: the same games, seats and bots' seeds as the
// longer run from game 0 holds.
TEST(Sim, ARunFromALaterGamePlaysThoseGamesOfTheSeed) {
  auto match = std::make_shared<OntourMatch>();
  match->map = std::make_shared<const ontour::Map>(ontour::Map::builtin("europe"));
  match->bots = {"greedy", "random", "target"};
  PlayGame play = [match](int i, uint64_t s) { return play_ontour_game(*match, i, s); };
  const std::vector<GameRecord> all = run(play, 9, 6, 2);
  RunConfig c;
  c.games = 4;
  c.first = 5;
  c.seed = 6;
  c.threads = 3;
  const std::vector<GameRecord> later = run_games(c, play);
  ASSERT_EQ(later.size(), 4u);
  const std::vector<GameRecord> tail(all.begin() + 5, all.end());
  EXPECT_EQ(later.front().index, 5);
  EXPECT_EQ(records_csv(match->bots, later), records_csv(match->bots, tail));
  // Game 5 alone, as the run of nine played it (its seats rotated by its number).
  c.games = 1;
  EXPECT_EQ(records_csv(match->bots, run_games(c, play)),
            records_csv(match->bots, {all.begin() + 5, all.begin() + 6}));
  EXPECT_NE(records_csv(match->bots, run(play, 1, 6, 1)), records_csv(match->bots, later));
  // A baseline of games 5 to 8 shares games with a run from game 7, not with one of games 0 to 4.
  const std::vector<CsvGame> base = read_records_csv(records_csv(match->bots, later), "b.csv");
  EXPECT_NO_THROW(check_baseline(base, 6, 3, true, 3, "b.csv", "", 7));
  EXPECT_THROW(check_baseline(base, 6, 3, true, 5, "b.csv", "", 0), InvalidInput);
  EXPECT_THROW(check_baseline(base, 6, 3, true, 2, "b.csv", "", 9), InvalidInput);
}

TEST(SimFootprint, ARunTooLargeForTheMemoryIsRefusedFirst) {
  const uint64_t two = run_footprint_bytes(1000, 2, false);
  EXPECT_EQ(run_footprint_bytes(2000, 2, false), 2 * two);  // every game keeps its record
  EXPECT_GT(two, 1000 * sizeof(GameRecord));
  EXPECT_GT(run_footprint_bytes(1000, 4, false), two);
  EXPECT_GT(run_footprint_bytes(1000, 2, true), two);  // and its CSV row
  EXPECT_GT(run_footprint_bytes(1000, 2, true, 300), run_footprint_bytes(1000, 2, true, 10));
  EXPECT_NO_THROW(check_footprint(two, two, 1000));
  EXPECT_NO_THROW(check_footprint(two, 0, 1000));  // unknown: not refused
  try {
    check_footprint(41'600'000'000, 22'900'000'000, 100'000'000);
    ADD_FAILURE() << "not refused";
  } catch (const InvalidInput& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find("--games 100000000"), std::string::npos) << what;
    EXPECT_NE(what.find("about 41.6 GB"), std::string::npos) << what;
    EXPECT_NE(what.find("has 22.9 GB available"), std::string::npos) << what;
  }
  EXPECT_GT(available_memory_bytes(), 0u);
}

// A decision that waits 30 ms without working takes 30 ms of wall clock and next to no CPU; a
// bot quick so far is not clocked, and its decision counts with its wall time.
TEST(SimRecord, ClocksTheCpuOfBotsThatTakeTheirTime) {
  GameRecord rec;
  seat_players(rec, 2, false, 0);
  auto wait = [] {
    std::this_thread::sleep_for(std::chrono::milliseconds(30));
    return 0;
  };
  timed_decision(rec, 0, wait);  // a first decision is always clocked
  EXPECT_GE(rec.longest_think[0], 0.030);
  EXPECT_LT(rec.longest_cpu[0], 0.015);
  for (int i = 0; i < 1000; ++i) timed_decision(rec, 1, [] { return 0; });
  ASSERT_LT(rec.think_seconds[1], kClockedDecision * rec.decisions[1]);
  timed_decision(rec, 1, wait);
  EXPECT_EQ(rec.longest_cpu[1], rec.longest_think[1]);
  EXPECT_GE(rec.longest_cpu[1], 0.030);
  EXPECT_EQ(rec.decisions[1], 1001);
}

TEST(SimStats, KnownValues) {
  EXPECT_NEAR(t975(1), 12.706, 1e-3);
  EXPECT_NEAR(t975(10), 2.228, 1e-3);
  EXPECT_NEAR(t975(30), 2.042, 2e-3);
  EXPECT_NEAR(t975(1000), 1.962, 1e-3);
  Interval w = wilson95(50, 100);
  EXPECT_NEAR(w.lo, 0.4038, 1e-4);
  EXPECT_NEAR(w.hi, 0.5962, 1e-4);
  Interval none = wilson95(0, 20);
  EXPECT_EQ(none.lo, 0);
  EXPECT_NEAR(none.hi, 0.1611, 1e-4);
  double mean = 0, sd = 0;
  Interval m = mean_ci95({1, 2, 3, 4, 5}, &mean, &sd);
  EXPECT_DOUBLE_EQ(mean, 3);
  EXPECT_NEAR(sd, 1.5811, 1e-4);
  EXPECT_NEAR(m.lo, 3 - 2.776 * 1.5811 / std::sqrt(5.0), 1e-3);
  EXPECT_EQ(ranks_from_keys({5, 9, 5, 1}), (std::vector<int>{2, 1, 2, 4}));
}

TEST(SimStats, SummaryJsonCsvAndPlot) {
  std::vector<GameRecord> recs;
  for (int i = 0; i < 4; ++i) {
    GameRecord r;
    r.index = i;
    r.length = 10 + i;
    r.seat = {i % 2, 1 - i % 2};
    r.score = {20.0 + i, 10.0};
    r.win = {1, 0};
    r.rank = {1, 2};
    r.decisions = {10, 10};
    r.think_seconds = {0.01, 0.0};
    r.longest_think = {0.002 * i, 0.0};
    r.longest_cpu = {i == 1 ? 0.004 : 0.001, 0.0};
    recs.push_back(r);
  }
  Summary s = summarize("ontour", {"a", "b<&>"}, recs);
  Json j = summary_json(s);
  EXPECT_EQ(j["games"], 4);
  ASSERT_EQ(j["players"].size(), 2u);
  EXPECT_EQ(j["players"][0]["bot"], "a");
  EXPECT_DOUBLE_EQ(j["players"][0]["mean_score"].get<double>(), 21.5);
  EXPECT_EQ(j["players"][0]["win_rate"], 1.0);
  EXPECT_EQ(j["players"][0]["score_ci95"].size(), 2u);
  EXPECT_EQ(j["players"][1]["win_ci95"].size(), 2u);
  EXPECT_DOUBLE_EQ(j["seats"][0]["win_share"].get<double>(), 0.5);
  // Time: 10 decisions in 0.01 s a game, the longest 6 ms (in the last game).
  EXPECT_DOUBLE_EQ(j["players"][0]["ms_per_decision"].get<double>(), 1.0);
  EXPECT_DOUBLE_EQ(j["players"][0]["ms_longest_decision"].get<double>(), 6.0);
  EXPECT_EQ(j["players"][0]["longest_decision_game"], 3);
  // On the CPU the longest was 4 ms, in game 1 (a wait for a core made game 3's longer).
  EXPECT_DOUBLE_EQ(j["players"][0]["ms_longest_decision_cpu"].get<double>(), 4.0);
  EXPECT_EQ(j["players"][0]["longest_decision_cpu_game"], 1);
  EXPECT_EQ(j["players"][1]["longest_decision_game"], -1);  // no decision took any time
  EXPECT_FALSE(summary_json(s, false)["players"][0].contains("ms_longest_decision"));
  EXPECT_FALSE(summary_json(s, false)["players"][0].contains("ms_longest_decision_cpu"));
  // Paired against the first: differences 10 - (20 + i) = -10, -11, -12, -13.
  EXPECT_DOUBLE_EQ(s.players[0].diff_vs_first, 0);
  EXPECT_DOUBLE_EQ(j["players"][1]["score_diff_vs_first"].get<double>(), -11.5);
  double mean = 0;
  Interval d = mean_ci95({-10, -11, -12, -13}, &mean);
  EXPECT_DOUBLE_EQ(j["players"][1]["score_diff_ci95"][0].get<double>(), d.lo);
  EXPECT_DOUBLE_EQ(j["players"][1]["score_diff_ci95"][1].get<double>(), d.hi);
  EXPECT_NE(summary_table(s).find("score against #1 a, game by game (paired):"), std::string::npos);
  std::string csv = records_csv({"a", "b"}, recs);
  EXPECT_EQ(std::count(csv.begin(), csv.end(), '\n'), 5);
  EXPECT_EQ(csv.rfind("game,seed,length,bot1,seat1,score1,win1,rank1,bot2", 0), 0u);
  std::string svg = plot_svg(s, recs);
  EXPECT_EQ(svg.rfind("<svg", 0), 0u);
  EXPECT_NE(svg.find("b&lt;&amp;&gt;"), std::string::npos);
  EXPECT_EQ(svg.find("b<&>"), std::string::npos);
  EXPECT_NE(svg.find("</svg>"), std::string::npos);
  // The win-rate rows are numbered by seat as the other panels are, so that two seats of the
  // same bot can be told apart.
  EXPECT_NE(svg.find(">1. a</text>"), std::string::npos);
  // The paired panel: b against a, -11.5 with its interval, and none for a single bot.
  EXPECT_NE(svg.find("score against 1. a, game by game"), std::string::npos);
  EXPECT_NE(svg.find("<title>-11.50 ["), std::string::npos);
  std::vector<GameRecord> solo = recs;
  for (auto& r : solo) {
    r.seat = {0};
    r.score.resize(1), r.win.resize(1), r.rank.resize(1);
    r.decisions.resize(1), r.think_seconds.resize(1), r.longest_think.resize(1);
    r.longest_cpu.resize(1);
  }
  EXPECT_EQ(plot_svg(summarize("ontour", {"a"}, solo), solo).find("score against"),
            std::string::npos);
}

// Two Sorry! races, one won with 4 pawns HOME and one lost with none: Student's t on two values
// reaches far past 0 and 4, the scores a race can give; the interval stops at them.
TEST(SimStats, IntervalsStopAtTheScoresAGameCanGive) {
  std::vector<GameRecord> recs = {game_of(0, {4, 0}, {1, 0}, {1, 2}),
                                  game_of(1, {0, 4}, {0, 1}, {2, 1})};
  const Summary open = summarize("sorry", {"a", "b"}, recs);
  ASSERT_LT(open.players[0].score_ci.lo, -20);  // 2 +- 12.7 * 2.83
  EXPECT_LT(open.players[1].diff_ci.lo, -4);
  auto match = make_sorry_match("classic", Json::object(), {"greedy", "random"}, true);
  const Summary cut = summarize("sorry", {"a", "b"}, recs, sorry_score_range(*match));
  EXPECT_DOUBLE_EQ(cut.players[0].mean_score, 2);
  EXPECT_DOUBLE_EQ(cut.players[0].score_ci.lo, 0);
  EXPECT_DOUBLE_EQ(cut.players[0].score_ci.hi, 4);
  EXPECT_DOUBLE_EQ(cut.players[1].diff_ci.lo, -4);  // b - a lies within -4 .. 4
  EXPECT_DOUBLE_EQ(cut.players[1].diff_ci.hi, 4);
  // An interval inside the range is left as it is; playing for points has no highest score.
  EXPECT_EQ(
      sorry_score_range(*make_sorry_match("points", Json::object(), {"greedy", "random"}, true)).hi,
      HUGE_VAL);
  std::vector<GameRecord> close;
  for (int i = 0; i < 50; ++i) close.push_back(game_of(i, {1.0 + i % 3, 2}, {0, 1}, {2, 1}));
  const Summary wide = summarize("sorry", {"a", "b"}, close),
                inside = summarize("sorry", {"a", "b"}, close, sorry_score_range(*match));
  EXPECT_EQ(summary_json(wide, false), summary_json(inside, false));
  // On Tour: 0 to twice the map's spaces.
  OntourMatch tour;
  tour.map = std::make_shared<const ontour::Map>(ontour::Map::builtin("usa"));
  EXPECT_EQ(ontour_score_range(tour).hi, 82);
}

// Two bots whose scores move together game by game (as On Tour bots do on the same dice and
// cards): the paired difference is exact where each mean's own interval is wide.
TEST(SimStats, PairedDifferenceSeesWhatTheScoresApartCannot) {
  std::vector<GameRecord> recs;
  for (int i = 0; i < 6; ++i) {
    GameRecord r;
    r.index = i;
    r.seat = {0, 1};
    r.score = {10.0 * i, 10.0 * i + 1};
    r.win = {0, 1};
    r.rank = {2, 1};
    recs.push_back(r);
  }
  Summary s = summarize("ontour", {"a", "b"}, recs);
  EXPECT_DOUBLE_EQ(s.players[1].diff_vs_first, 1);
  EXPECT_DOUBLE_EQ(s.players[1].diff_ci.lo, 1);
  EXPECT_DOUBLE_EQ(s.players[1].diff_ci.hi, 1);
  EXPECT_LT(s.players[1].score_ci.lo, s.players[0].score_ci.hi);  // apart, they overlap
}

// One game has no interval: JSON null, "n/a" in the table, no whisker or bracket in the plot.
TEST(SimStats, OneGameHasNoInterval) {
  GameRecord r = game_of(0, {21, 18}, {1, 0}, {1, 2});
  r.length = 20;
  Summary s = summarize("ontour", {"a", "b"}, {r});
  EXPECT_FALSE(s.players[0].score_ci.known);
  EXPECT_FALSE(s.players[1].diff_ci.known);
  EXPECT_TRUE(s.players[0].win_ci.known);  // Wilson's interval exists for one game
  Json j = summary_json(s);
  EXPECT_TRUE(j["players"][0]["score_ci95"].is_null());
  EXPECT_TRUE(j["players"][1]["score_diff_ci95"].is_null());
  EXPECT_TRUE(j["length"]["ci95"].is_null());
  EXPECT_EQ(j["players"][0]["win_ci95"].size(), 2u);
  const std::string table = summary_table(s);
  EXPECT_NE(table.find("game length: 20.00 n/a turns"), std::string::npos) << table;
  EXPECT_EQ(table.find("[21.00, 21.00]"), std::string::npos) << table;
  const std::string svg = plot_svg(s, {r});
  EXPECT_NE(svg.find("mean 21.00</text>"), std::string::npos);
  EXPECT_NE(svg.find("<title>-3.00</title>"), std::string::npos);
  EXPECT_EQ(svg.find("nan"), std::string::npos);
}

// In teams both partners win: a seat's share of the wins is its win rate over two, and so is its
// interval (here every seat wins 10 of 20 games: half of Wilson's interval for 10 of 20).
TEST(SimStats, SeatIntervalsWhenAGameHasTwoWinners) {
  std::vector<GameRecord> recs;
  for (int i = 0; i < 20; ++i) {
    GameRecord r;
    r.index = i;
    r.seat = {i % 4, (i + 1) % 4, (i + 2) % 4, (i + 3) % 4};
    r.score = {1, 0, 1, 0};
    r.win = i % 4 < 2 ? std::vector<double>{1, 0, 1, 0} : std::vector<double>{0, 1, 0, 1};
    r.rank = {1, 3, 1, 3};
    recs.push_back(r);
  }
  Summary s = summarize("sorry", {"a", "b", "c", "d"}, recs);
  const Interval w = wilson95(10, 20);
  for (int seat = 0; seat < 4; ++seat) {
    EXPECT_DOUBLE_EQ(s.seat_win_share[seat], 0.25);
    EXPECT_NEAR(s.seat_win_ci[seat].lo, w.lo / 2, 1e-12);
    EXPECT_NEAR(s.seat_win_ci[seat].hi, w.hi / 2, 1e-12);
  }
}

// The histogram's bars sit over their ticks: bins of several values are titled by their first and
// last value, and a tick's value lies inside its bar.
TEST(SimPlot, BarsSitOverTheirTicks) {
  std::vector<GameRecord> recs;
  for (int v : {0, 105, 107, 160, 161}) recs.push_back(game_of(0, {double(v)}, {1}, {1}));
  const std::string svg = plot_svg(summarize("sorry", {"a"}, recs), recs);
  EXPECT_NE(svg.find("<title>160 to 164: 2 games</title>"), std::string::npos) << svg;
  EXPECT_NE(svg.find("<title>105 to 109: 2 games</title>"), std::string::npos);
  auto number_after = [&](const std::string& key, size_t from) {
    size_t at = svg.find(key, from);
    EXPECT_NE(at, std::string::npos) << key;
    return std::stod(svg.substr(at + key.size()));
  };
  // The bar titled "160 to 164" and the tick labelled 160.
  size_t title = svg.find("<title>160 to 164");
  size_t rect = svg.rfind("<rect x=\"", title);
  const double bar_x = number_after("<rect x=\"", rect);
  const double bar_w = number_after("width=\"", rect);
  size_t label = svg.find("font-size=\"10\">160<");
  ASSERT_NE(label, std::string::npos) << svg;
  const double tick_x = number_after("<text x=\"", svg.rfind("<text x=\"", label));
  EXPECT_GE(tick_x, bar_x);
  EXPECT_LE(tick_x, bar_x + bar_w);
}

// Every game alike: whole-number ticks, and a paired axis of one point either side of 0.
TEST(SimPlot, EqualScoresGiveWholeTicks) {
  std::vector<GameRecord> recs;
  for (int i = 0; i < 3; ++i) recs.push_back(game_of(i, {21, 21}, {0.5, 0.5}, {1, 1}));
  const std::string svg = plot_svg(summarize("ontour", {"a", "b"}, recs), recs);
  EXPECT_NE(svg.find("font-size=\"10\">21<"), std::string::npos) << svg;
  EXPECT_EQ(svg.find("21.2"), std::string::npos) << svg;
  EXPECT_EQ(svg.find("e-0"), std::string::npos) << svg;  // no 1e-09
  EXPECT_NE(svg.find("font-size=\"10\">+1<"), std::string::npos) << svg;
}

// A text of an SVG plot and the box it takes: 0.6 em a character (the plot's own estimate, wide
// enough for digits and signs), from 0.9 em above its baseline to 0.25 em below.
struct SvgText {
  std::string text;
  double x = 0, y = 0, size = 12, left = 0, right = 0, top = 0, bottom = 0;
};

// The svg element's width and height, and every <text> with its box.
std::vector<SvgText> svg_texts(const std::string& svg, double* width, double* height) {
  auto attr = [](const std::string& tag, const std::string& name, const std::string& absent) {
    const size_t at = tag.find(" " + name + "=\"");
    if (at == std::string::npos) return absent;
    const size_t from = at + name.size() + 3;
    return tag.substr(from, tag.find('"', from) - from);
  };
  const std::string root = svg.substr(0, svg.find('>'));
  *width = std::stod(attr(root, "width", "0"));
  *height = std::stod(attr(root, "height", "0"));
  std::vector<SvgText> out;
  for (size_t at = svg.find("<text "); at != std::string::npos; at = svg.find("<text ", at + 1)) {
    const size_t close = svg.find('>', at), end = svg.find("</text>", close);
    const std::string tag = svg.substr(at, close - at);
    SvgText t;
    t.text = svg.substr(close + 1, end - close - 1);
    t.x = std::stod(attr(tag, "x", "nan"));
    t.y = std::stod(attr(tag, "y", "nan"));
    t.size = std::stod(attr(tag, "font-size", "12"));
    size_t chars = 0;  // an entity (&amp;) is one character
    for (size_t i = 0; i < t.text.size(); ++i, ++chars)
      if (t.text[i] == '&') i = t.text.find(';', i);
    const double w = 0.6 * t.size * static_cast<double>(chars);
    const std::string anchor = attr(tag, "text-anchor", "start");
    t.left = anchor == "end" ? t.x - w : anchor == "middle" ? t.x - w / 2 : t.x;
    t.right = t.left + w;
    t.top = t.y - 0.9 * t.size;
    t.bottom = t.y + 0.25 * t.size;
    out.push_back(t);
  }
  return out;
}

// Every text of the plot lies inside the canvas, and no two overlap.
void expect_texts_inside_and_apart(const std::string& svg) {
  double width = 0, height = 0;
  const std::vector<SvgText> texts = svg_texts(svg, &width, &height);
  ASSERT_GT(width, 0);
  ASSERT_GT(texts.size(), 5u);
  for (const SvgText& t : texts) {
    EXPECT_GE(t.left, 0) << t.text << " at x=" << t.x;
    EXPECT_LE(t.right, width) << t.text << " at x=" << t.x;
    EXPECT_GE(t.top, 0) << t.text << " at y=" << t.y;
    EXPECT_LE(t.bottom, height) << t.text << " at y=" << t.y;
  }
  for (size_t i = 0; i < texts.size(); ++i)
    for (size_t j = i + 1; j < texts.size(); ++j) {
      const SvgText &a = texts[i], &b = texts[j];
      const bool apart =
          a.right <= b.left || b.right <= a.left || a.bottom <= b.top || b.bottom <= a.top;
      EXPECT_TRUE(apart) << '"' << a.text << "\" at (" << a.x << ", " << a.y << ") and \"" << b.text
                         << "\" at (" << b.x << ", " << b.y << ")";
    }
}

// Labels stay on the canvas where their mark reaches the axis' end: a win rate whose interval
// reaches 100% (one game; a bot that wins all), a paired difference at the widest of its axis.
TEST(SimPlot, LabelsStayInsideTheCanvas) {
  const GameRecord one = game_of(0, {21, 18}, {1, 0}, {1, 2});
  expect_texts_inside_and_apart(plot_svg(summarize("ontour", {"a", "b"}, {one}), {one}));
  // b is exactly 1 ahead of a every game: the interval [+1, +1] ends at the axis' end; c wins
  // every game, its interval reaching 100%.
  std::vector<GameRecord> recs;
  for (int i = 0; i < 20; ++i)
    recs.push_back(game_of(i, {2.0 * i, 2.0 * i + 1, 2.0 * i + 2}, {0, 0, 1}, {3, 2, 1}));
  const Summary s = summarize("ontour", {"a", "b", "c"}, recs);
  ASSERT_DOUBLE_EQ(s.players[1].diff_ci.hi, 1);
  ASSERT_DOUBLE_EQ(s.players[2].win_ci.hi, 1);
  expect_texts_inside_and_apart(plot_svg(s, recs));
  // A difference of several digits, at the right end.
  for (auto& r : recs) r.score[1] += 1000;
  expect_texts_inside_and_apart(plot_svg(summarize("ontour", {"a", "b", "c"}, recs), recs));
  // Bot specs of 40 characters and more are cut short beside the bars (which start 150 px right
  // of the labels) and in the titles.
  const std::vector<std::string> specs = {"strong:iterations=100:opponents=1:tree=0",
                                          "greedy:dev=0.45:off=0.9:doomed=0.3:circle=1.3",
                                          "strong:rollouts=96:candidates=64:rounds=5"};
  const std::string svg = plot_svg(summarize("ontour", specs, recs), recs);
  expect_texts_inside_and_apart(svg);
  double width = 0, height = 0;
  for (const SvgText& t : svg_texts(svg, &width, &height)) {
    if (t.x == 70 && t.size == 12 && t.text.find("mean") == std::string::npos) {
      EXPECT_LE(t.right, 70 + 150 - 4) << t.text;
    }
  }
  // Cut in the middle: specs that differ at their end stay apart.
  EXPECT_NE(svg.find(">1. strong:...:tree=0<"), std::string::npos) << svg;
  EXPECT_NE(svg.find(">3. strong:...ounds=5<"), std::string::npos) << svg;
}

// The histograms are apart: a panel's tick labels (under its axis, across its width) clear the
// next panel's title.
TEST(SimPlot, PanelsLeaveRoomForTheirTickLabels) {
  std::vector<GameRecord> recs;
  for (int i = 0; i < 40; ++i)
    recs.push_back(game_of(i, {double(i), double(40 - i)}, {1, 0}, {1, 2}));
  const std::string svg = plot_svg(summarize("ontour", {"a", "b"}, recs), recs);
  ASSERT_NE(svg.find("font-size=\"10\">0<"), std::string::npos) << svg;  // a tick at the left
  expect_texts_inside_and_apart(svg);
}

// One game is "1 game", in the title and in a bar's tooltip.
TEST(SimPlot, OneGameIsSingular) {
  const GameRecord one = game_of(0, {21, 18}, {1, 0}, {1, 2});
  const std::string svg = plot_svg(summarize("ontour", {"a", "b"}, {one}), {one});
  EXPECT_NE(svg.find(">ontour: 1 game, seed"), std::string::npos) << svg;
  EXPECT_NE(svg.find("<title>21: 1 game</title>"), std::string::npos) << svg;
  EXPECT_EQ(svg.find(": 1 games"), std::string::npos) << svg;
  std::vector<GameRecord> two = {one, one};
  EXPECT_NE(plot_svg(summarize("ontour", {"a", "b"}, two), two).find("<title>21: 2 games</title>"),
            std::string::npos);
}

// In lines mode (a log) the closing line does not repeat a count the last line already gave.
TEST(SimProgress, ALogEndsWithTheLastCountOnce) {
  ::testing::internal::CaptureStderr();
  ProgressBar bar(8, /*lines=*/true, /*line_seconds=*/0);
  bar.update(5);
  bar.update(8);
  bar.finish(8);
  const std::string log = ::testing::internal::GetCapturedStderr();
  EXPECT_NE(log.find("5/8 games"), std::string::npos) << log;
  EXPECT_NE(log.find("8/8 games"), std::string::npos) << log;
  EXPECT_EQ(log.find("8/8 games"), log.rfind("8/8 games")) << log;
}

// A run of more games than an int's width times the bar's: the bar is drawn, not overflowed.
TEST(SimProgress, AVeryLongRunDrawsItsBar) {
  ::testing::internal::CaptureStderr();
  ProgressBar bar(100'000'000, /*lines=*/true, /*line_seconds=*/0);
  bar.update(80'000'000);
  const std::string log = ::testing::internal::GetCapturedStderr();
  EXPECT_NE(log.find("[########################......] 80000000/100000000 games"),
            std::string::npos)
      << log;
}

// Many seats: four a line, the next lines under the first seat.
TEST(SimStats, WinsBySeatFourALine) {
  const GameRecord r = game_of(0, {1, 2, 3, 4, 5, 6}, {0, 0, 0, 0, 0, 1}, {6, 5, 4, 3, 2, 1});
  const std::string table = summary_table(summarize("ontour", {"a", "b", "c", "d", "e", "f"}, {r}));
  const size_t first = table.find("wins by seat:  seat 1 ");
  ASSERT_NE(first, std::string::npos) << table;
  const size_t fifth = table.find("\n               seat 5 ", first);
  ASSERT_NE(fifth, std::string::npos) << table;
  EXPECT_EQ(table.find('\n', first), fifth) << table;  // seats 1-4 on the first line
}

// A bot spec longer than the bot column widens it: the figures stay under their headings.
TEST(SimStats, LongBotNamesKeepTheColumns) {
  const std::string longest = "strong:iterations=100:opponents=1:tree=0";
  const std::vector<GameRecord> games = {game_of(0, {1, 2}, {0, 1}, {2, 1}),
                                         game_of(1, {3, 1}, {1, 0}, {1, 2})};
  const std::string table = summary_table(summarize("sorry", {longest, "greedy"}, games));
  std::vector<std::string> lines;
  for (size_t at = 0, next; at < table.size(); at = next + 1) {
    next = table.find('\n', at);
    lines.push_back(table.substr(at, next - at));
  }
  // The heading and both rows: "score" and each mean end in the same column.
  const auto heading = std::find_if(lines.begin(), lines.end(),
                                    [](const std::string& l) { return l.rfind("#", 0) == 0; });
  ASSERT_NE(heading, lines.end()) << table;
  const size_t score_end = heading->find("score") + 5;
  EXPECT_EQ(heading[1].find(longest + " "), 5u) << table;
  EXPECT_EQ(heading[1].substr(score_end - 4, 4), "2.00") << table;
  EXPECT_EQ(heading[2].substr(score_end - 4, 4), "1.50") << table;
}

// A record that does not seat every bot in range is refused, not read out of bounds.
TEST(SimStats, RefusesARecordThatDoesNotSeatTheBots) {
  GameRecord r = game_of(7, {1, 2}, {0, 1}, {2, 1});
  r.seat = {0, 2};
  try {
    summarize("sorry", {"a", "b"}, {r});
    FAIL() << "a seat beyond two players was read";
  } catch (const InvalidInput& e) {
    EXPECT_EQ(std::string(e.what()), "game 7: the record does not seat the 2 bots");
  }
  r.seat = {1, 0};
  EXPECT_NO_THROW(summarize("sorry", {"a", "b"}, {r}));
  r.score = {1};
  EXPECT_THROW(summarize("sorry", {"a", "b"}, {r}), InvalidInput);
}

// A run's --csv read back gives its games; a run compared with itself differs by nothing, and a
// run that differs in one game by known amounts shows exactly those amounts.
TEST(SimBaseline, ReadsTheCsvAndComparesGameByGame) {
  const std::vector<std::string> bots = {"strong", "greedy"};
  std::vector<GameRecord> base;
  for (int i = 0; i < 4; ++i) {
    GameRecord r = game_of(i, {double(i), 1.5}, {i % 2 ? 1.0 : 0.0, i % 2 ? 0.0 : 1.0}, {1, 2});
    r.seed = mix_seed(9, i);
    base.push_back(r);
  }
  const std::vector<CsvGame> read = read_records_csv(records_csv(bots, base), "base.csv");
  ASSERT_EQ(read.size(), 4u);
  // A copy saved with Windows line ends reads the same.
  std::string crlf;
  for (char c : records_csv(bots, base))
    crlf += c == '\n' ? std::string("\r\n") : std::string(1, c);
  const std::vector<CsvGame> windows = read_records_csv(crlf, "base.csv");
  ASSERT_EQ(windows.size(), 4u);
  EXPECT_EQ(windows[3].seed, read[3].seed);
  EXPECT_EQ(windows[3].bot, read[3].bot);
  // A spec with a quote is a quoted field, read back as typed.
  const std::vector<std::string> quoted = {"learnt:net=a\"b.txt", "greedy"};
  const std::string quoted_csv = records_csv(quoted, base);
  EXPECT_NE(quoted_csv.find(",\"learnt:net=a\"\"b.txt\","), std::string::npos) << quoted_csv;
  EXPECT_EQ(read_records_csv(quoted_csv, "q.csv")[0].bot, quoted);
  EXPECT_EQ(read[3].index, 3);
  EXPECT_EQ(read[3].seed, mix_seed(9, 3));
  EXPECT_EQ(read[3].bot, bots);
  EXPECT_EQ(read[3].score, (std::vector<double>{3, 1.5}));
  EXPECT_EQ(read[3].win, (std::vector<double>{1, 0}));
  EXPECT_NO_THROW(check_baseline(read, 9, 2, false, 4, "base.csv"));

  BaselineComparison same = compare_with_baseline(bots, base, read, "base.csv");
  EXPECT_EQ(same.games, 4);
  ASSERT_EQ(same.players.size(), 2u);
  for (const BaselineDiff& d : same.players) {
    EXPECT_EQ(d.score_diff, 0);
    EXPECT_EQ(d.win_diff, 0);
    EXPECT_EQ(d.win_rate, d.baseline_win_rate);
  }
  EXPECT_EQ(same.players[0].baseline_bot, "strong");

  // The variant wins game 0 from greedy and scores 2 more there; it has played only
  // games 0..2, which are compared.
  std::vector<GameRecord> variant(base.begin(), base.begin() + 3);
  variant[0].score = {2, 1.5};
  variant[0].win = {1, 0};
  const std::vector<std::string> other = {"strong:horizon=4", "greedy"};
  BaselineComparison c = compare_with_baseline(other, variant, read, "base.csv");
  EXPECT_EQ(c.games, 3);
  EXPECT_DOUBLE_EQ(c.players[0].score_diff, 2.0 / 3);
  EXPECT_DOUBLE_EQ(c.players[0].win_diff, 1.0 / 3);
  EXPECT_DOUBLE_EQ(c.players[1].win_diff, -1.0 / 3);  // it lost the game the variant won
  EXPECT_EQ(c.players[0].bot, "strong:horizon=4");
  EXPECT_EQ(c.players[0].baseline_bot, "strong");
  EXPECT_LT(c.players[0].win_diff_ci.lo, 1.0 / 3);
  EXPECT_GT(c.players[0].win_diff_ci.hi, 1.0 / 3);
  // Three games give intervals wider than what can happen: wins differ by at most 1, and scores
  // by at most the width of their range.
  EXPECT_EQ(c.players[0].win_diff_ci.lo, -1);
  EXPECT_EQ(c.players[0].win_diff_ci.hi, 1);
  EXPECT_GT(c.players[0].score_diff_ci.hi, 3);
  const BaselineComparison cut = compare_with_baseline(other, variant, read, "base.csv", {0, 3});
  EXPECT_EQ(cut.players[0].score_diff_ci.hi, 3);
  EXPECT_EQ(cut.players[0].score_diff_ci.lo, c.players[0].score_diff_ci.lo);
  const Json j = baseline_json(c);
  EXPECT_EQ(j["games"], 3);
  EXPECT_DOUBLE_EQ(j["players"][0]["win_diff"].get<double>(), 1.0 / 3);
  EXPECT_NE(baseline_table(c).find("strong:horizon=4"), std::string::npos);
}

TEST(SimBaseline, RefusesOtherGames) {
  const std::vector<std::string> bots = {"a", "b"};
  std::vector<GameRecord> base;
  for (int i = 0; i < 3; ++i) {
    GameRecord r = game_of(i, {1, 2}, {0, 1}, {2, 1});
    r.seat = {i % 2, 1 - i % 2};  // rotated
    r.seed = mix_seed(5, i);
    base.push_back(r);
  }
  const std::vector<CsvGame> read = read_records_csv(records_csv(bots, base), "b.csv");
  EXPECT_NO_THROW(check_baseline(read, 5, 2, true, 1, "b.csv"));
  EXPECT_THROW(check_baseline(read, 6, 2, true, 3, "b.csv"), InvalidInput);   // another --seed
  EXPECT_THROW(check_baseline(read, 5, 2, false, 3, "b.csv"), InvalidInput);  // --no-rotate
  EXPECT_THROW(check_baseline(read, 5, 3, true, 3, "b.csv"), InvalidInput);   // other players
  // The match column: games of another game, map, variant or options are refused; a file written
  // without the column is read without that check.
  const Json classic = {{"variant", "classic"}, {"options", {{"deck", 45}}}};
  const Json short_deck = {{"variant", "classic"}, {"options", {{"deck", 44}}}};
  const std::string id = match_id("sorry", classic);
  EXPECT_EQ(id.substr(0, 14), "sorry/classic/");
  EXPECT_NE(match_id("sorry", short_deck), id);
  EXPECT_NE(match_id("ontour", classic), id);
  EXPECT_EQ(match_id("sorry", classic), id);
  const std::vector<CsvGame> marked = read_records_csv(records_csv(bots, base, id), "m.csv");
  EXPECT_EQ(marked[0].match, id);
  EXPECT_NO_THROW(check_baseline(marked, 5, 2, true, 3, "m.csv", id));
  EXPECT_THROW(check_baseline(marked, 5, 2, true, 3, "m.csv", match_id("sorry", short_deck)),
               InvalidInput);
  EXPECT_NO_THROW(check_baseline(read, 5, 2, true, 3, "b.csv", id));
  std::vector<CsvGame> later = read;
  for (auto& g : later) g.index += 10, g.seed = mix_seed(5, g.index);
  EXPECT_THROW(check_baseline(later, 5, 2, true, 10, "b.csv"), InvalidInput);  // games 0..9
  EXPECT_NO_THROW(check_baseline(later, 5, 2, true, 11, "b.csv"));
  std::vector<GameRecord> others = base;
  for (auto& r : others) r.index += 10;
  EXPECT_THROW(compare_with_baseline(bots, others, read, "b.csv"), InvalidInput);  // none shared
  // A score the game cannot give (b's 2 where scores run from 0 to 1) is refused before the run.
  try {
    check_baseline(read, 5, 2, true, 3, "b.csv", "", 0, {0, 1, 0, true});
    ADD_FAILURE() << "a score past the game's range was compared";
  } catch (const InvalidInput& e) {
    EXPECT_NE(std::string(e.what()).find(
                  "game 0: score2 2 is not a score of this game (a whole number from 0 to 1)"),
              std::string::npos)
        << e.what();
  }
  // Every game scores whole numbers, and its wins add up to what the game gives in all (one
  // winner, a shared win split, the two of a team).
  EXPECT_NO_THROW(check_baseline(read, 5, 2, true, 3, "b.csv", "", 0, {0, 4, 1, true}));
  std::vector<CsvGame> half = read, two_winners = read;
  half[1].score[0] = 1.5;
  two_winners[2].win = {1, 1};
  EXPECT_THROW(check_baseline(half, 5, 2, true, 3, "b.csv", "", 0, {0, 4, 1, true}), InvalidInput);
  try {
    check_baseline(two_winners, 5, 2, true, 3, "b.csv", "", 0, {0, 4, 1, true});
    ADD_FAILURE() << "a game of two winners was compared";
  } catch (const InvalidInput& e) {
    EXPECT_NE(std::string(e.what()).find("game 2: its wins add up to 2, where a game of this "
                                         "run's gives 1 in all"),
              std::string::npos)
        << e.what();
  }
  for (const char* text : {"", "game,seed,length,bot1,seat1,score1,win1,rank1\n", "game,seed\n",
                           "game,seed,length,bot1,seat1,score1,win1,rank1\n1",
                           "game,seed,length,bot1,seat1,score1,win1,rank1\nx,1,2,a,1,1,0,1\n",
                           "game,seed,length,bot1,seat1,score1,win1,rank1\n0,1,2,a,2,1,0,1\n",
                           "game,seed,length,bot1,seat1,score1,win1,rank1\n0,1,2,a,1,1,2,1\n",
                           "game,seed,length,bot1,seat1,score1,win1,rank1\n0,1,2,a,1,1,nan,1\n",
                           "game,seed,length,bot1,seat1,score1,win1,rank1\n0,1,2,a,1,nan,1,1\n",
                           "game,seed,length,bot1,seat1,score1,win1,rank1\n0,1,2,a,1,inf,1,1\n",
                           "game,seed,length,bot1,seat1,score1,win1,rank1\n0,1,2,a,1,1e20,1,1\n",
                           "game,seed,length,bot1,seat1,score1,win1,rank1,match\n0,1,2,a,1,1,1\n",
                           // circles for another number of players, or out of their order
                           "game,seed,length,bot1,seat1,score1,win1,rank1,circles1,circles2\n"
                           "0,1,2,a,1,1,1,1,0,0\n",
                           "game,seed,length,bot1,seat1,score1,win1,rank1,bot2,seat2,score2,win2,"
                           "rank2,circles2,circles1\n0,1,2,a,1,1,1,1,b,2,1,0,2,0,0\n",
                           "game,seed,length,bot1,seat1,score1,win1,rank1,circles1,match\n"
                           "0,1,2,a,1,1,1,1,0,x\n",
                           // one game twice: which row counts would be a guess
                           "game,seed,length,bot1,seat1,score1,win1,rank1\n0,1,2,a,1,1,1,1\n"
                           "1,1,2,a,1,1,1,1\n0,1,2,a,1,1,0,1\n"})
    EXPECT_THROW(read_records_csv(text, "x.csv"), InvalidInput) << text;
}

}  // namespace
}  // namespace tabletop::sim
