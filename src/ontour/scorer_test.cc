// The route scorer: the photographed board, hand-made rule cases, and agreement between the fast
// scorer and the plain exhaustive search on many random sheets of both shipped maps.
#include "ontour/scorer.h"

#include <gtest/gtest.h>

#include <array>
#include <limits>
#include <string>
#include <utility>
#include <vector>

#include "core/rng.h"
#include "ontour/scorer_search.h"
#include "ontour/test_maps.h"

namespace tabletop::ontour {
namespace {

// A cell as a player writes it: "21", "*" or "X".
struct Cell {
  std::string space;
  std::string text;
};

Sheet make_sheet(const Map& map, const std::vector<Cell>& cells,
                 const std::vector<std::string>& circled = {}) {
  auto is_circled = [&](const std::string& id) {
    for (const auto& c : circled)
      if (c == id) return true;
    return false;
  };
  Sheet sheet;
  for (const Cell& c : cells) {
    int s = map.find(c.space);
    EXPECT_GE(s, 0) << c.space;
    if (c.text == "*")
      sheet.write_star(s, is_circled(c.space));
    else if (c.text == "X")
      sheet.write_cross(s);
    else
      sheet.write_number(s, std::stoi(c.text), is_circled(c.space));
  }
  return sheet;
}

std::vector<int> path_of(const Map& map, const std::vector<std::string>& ids) {
  std::vector<int> path;
  for (const auto& id : ids) path.push_back(map.find(id));
  return path;
}

std::vector<std::string> ids_of(const Map& map, const std::vector<int>& path) {
  std::vector<std::string> ids;
  for (int s : path) ids.push_back(map.space(s).id);
  return ids;
}

// Score and circles of a path, counted directly from the rules.
std::pair<int, int> rescore(const Sheet& sheet, const std::vector<int>& path) {
  int score = 0, circles = 0;
  for (int s : path) {
    score += sheet.is_circled(s) ? 2 : 1;
    circles += sheet.is_circled(s) ? 1 : 0;
  }
  return {score, circles};
}

// Checks one scorer answer: legal, and worth what it claims.
void expect_sound(const Map& map, const Sheet& sheet, const Route& r) {
  std::string why;
  EXPECT_TRUE(is_legal_route(map, sheet, r.path, &why)) << why;
  auto [score, circles] = rescore(sheet, r.path);
  EXPECT_EQ(r.score, score);
  EXPECT_EQ(r.circles, circles);
}

// A small map for hand-made cases: spaces A.. joined by the given lines.
Map small_map(int spaces, const std::vector<std::pair<int, int>>& lines) {
  Json j;
  j["id"] = "small";
  j["name"] = "Small";
  Json sp = Json::array(), cards = Json::array();
  for (int i = 0; i < spaces; ++i) {
    std::string id(1, static_cast<char>('A' + i));
    sp.push_back({{"id", id}, {"name", id}, {"ns", "north"}, {"wce", "west"}});
    cards.push_back({{"space", id}, {"region", "north"}});
  }
  Json ln = Json::array();
  for (auto [a, b] : lines)
    ln.push_back(
        {std::string(1, static_cast<char>('A' + a)), std::string(1, static_cast<char>('A' + b))});
  j["spaces"] = sp;
  j["lines"] = ln;
  j["cards"] = cards;
  return Map::from_json(j);
}

// A-B-C-...: a chain of n spaces.
Map chain(int n) {
  std::vector<std::pair<int, int>> lines;
  for (int i = 0; i + 1 < n; ++i) lines.push_back({i, i + 1});
  return small_map(n, lines);
}

Route fast(const Map& map, const Sheet& sheet) {
  Route r = best_route(map, sheet);
  expect_sound(map, sheet, r);
  Route slow = best_route_exhaustive(map, sheet);
  EXPECT_EQ(r.score, slow.score);
  EXPECT_EQ(r.circles, slow.circles);
  return r;
}

// --- The photographed board (rules page, "Test cases from real play") ---

Sheet photographed_board(const Map& usa) {
  return make_sheet(
      usa, {{"WA", "21"}, {"MT", "14"}, {"ND", "13"}, {"MN", "12"}, {"NENG", "96"}, {"OR", "27"},
            {"ID", "19"}, {"WY", "18"}, {"SD", "*"},  {"MI", "02"}, {"NY", "18"},   {"NE", "39"},
            {"IA", "41"}, {"IL", "63"}, {"IN", "20"}, {"OH", "01"}, {"PA", "93"},   {"MC", "10"},
            {"NV", "31"}, {"UT", "36"}, {"CO", "36"}, {"KS", "52"}, {"MO", "41"},   {"KY", "72"},
            {"WV", "69"}, {"VA", "14"}, {"CA", "29"}, {"AZ", "50"}, {"NM", "25"},   {"OK", "81"},
            {"AR", "48"}, {"TN", "75"}, {"NC", "97"}, {"TX", "91"}, {"LA", "57"},   {"MS", "63"},
            {"AL", "79"}, {"GA", "81"}, {"SC", "84"}, {"FL", "92"}, {"WI", "X"}},
      {"WA", "ID", "SD", "MI", "NY", "IN", "CO", "MO", "CA", "GA"});
}

TEST(ScorerPhotographed, ScoresThirty) {
  const Map& usa = Map::builtin("usa");
  Sheet sheet = photographed_board(usa);
  Route r = best_route(usa, sheet);
  EXPECT_EQ(r.score, 30);
  EXPECT_EQ(r.circles, 7);
  EXPECT_EQ(r.spaces(), 23);
  expect_sound(usa, sheet, r);
  for (int s : r.path) EXPECT_NE(usa.space(s).id, "WI");
}

TEST(ScorerPhotographed, ListedRouteIsLegalAndScoresThirty) {
  const Map& usa = Map::builtin("usa");
  Sheet sheet = photographed_board(usa);
  auto path = path_of(usa, {"SD", "MN", "ND", "MT", "WY", "ID", "WA", "OR", "CA", "NV", "UT", "CO",
                            "NE", "IA", "MO", "AR", "LA", "MS", "TN", "AL", "GA", "SC", "NC"});
  std::string why;
  EXPECT_TRUE(is_legal_route(usa, sheet, path, &why)) << why;
  EXPECT_EQ(rescore(sheet, path), std::make_pair(30, 7));
}

TEST(ScorerPhotographed, ExhaustiveAgrees) {
  const Map& usa = Map::builtin("usa");
  Sheet sheet = photographed_board(usa);
  Route slow = best_route_exhaustive(usa, sheet);
  Route quick = best_route(usa, sheet);
  EXPECT_EQ(slow.score, 30);
  EXPECT_EQ(slow.circles, 7);
  expect_sound(usa, sheet, slow);
  EXPECT_EQ(quick.path, slow.path);
}

// --- Hand-made rule cases ---

TEST(ScorerRules, EmptySheetScoresZero) {
  const Map& usa = Map::builtin("usa");
  Route r = fast(usa, Sheet{});
  EXPECT_EQ(r.score, 0);
  EXPECT_EQ(r.circles, 0);
  EXPECT_TRUE(r.path.empty());
}

TEST(ScorerRules, OnlyCrossesScoresZero) {
  const Map& usa = Map::builtin("usa");
  Route r = fast(usa, make_sheet(usa, {{"WA", "X"}, {"OR", "X"}}));
  EXPECT_EQ(r.score, 0);
  EXPECT_TRUE(r.path.empty());
}

TEST(ScorerRules, SingleNumber) {
  const Map& usa = Map::builtin("usa");
  Route r = fast(usa, make_sheet(usa, {{"TX", "42"}}));
  EXPECT_EQ(r.score, 1);
  EXPECT_EQ(ids_of(usa, r.path), std::vector<std::string>{"TX"});
  Route c = fast(usa, make_sheet(usa, {{"TX", "42"}}, {"TX"}));
  EXPECT_EQ(c.score, 2);
  EXPECT_EQ(c.circles, 1);
}

TEST(ScorerRules, SingleStar) {
  const Map& usa = Map::builtin("usa");
  Route r = fast(usa, make_sheet(usa, {{"NENG", "*"}}, {"NENG"}));
  EXPECT_EQ(r.score, 2);
  EXPECT_EQ(ids_of(usa, r.path), std::vector<std::string>{"NENG"});
}

TEST(ScorerRules, NumbersNeverDecrease) {
  Map m = chain(4);
  Sheet sheet = make_sheet(m, {{"A", "10"}, {"B", "20"}, {"C", "15"}, {"D", "30"}});
  Route r = fast(m, sheet);
  EXPECT_EQ(r.score, 2);
  EXPECT_FALSE(is_legal_route(m, sheet, path_of(m, {"A", "B", "C"})));
  std::string why;
  EXPECT_FALSE(is_legal_route(m, sheet, path_of(m, {"D", "C"}), &why));
  EXPECT_NE(why.find("lower"), std::string::npos) << why;
}

TEST(ScorerRules, EqualValuesMayFollow) {
  Map m = chain(5);
  Route r =
      fast(m, make_sheet(m, {{"A", "07"}, {"B", "07"}, {"C", "07"}, {"D", "08"}, {"E", "08"}}));
  EXPECT_EQ(r.score, 5);
  EXPECT_EQ(ids_of(m, r.path), (std::vector<std::string>{"A", "B", "C", "D", "E"}));
}

TEST(ScorerRules, EqualValuesAreNotRevisited) {
  // A triangle of equal values hanging off B: B-C-D-B. A route may walk the triangle once.
  Map m = small_map(5, {{0, 1}, {1, 2}, {2, 3}, {3, 1}, {3, 4}});
  Sheet sheet = make_sheet(m, {{"A", "01"}, {"B", "05"}, {"C", "05"}, {"D", "05"}, {"E", "09"}});
  Route r = fast(m, sheet);
  EXPECT_EQ(r.score, 5);
  EXPECT_EQ(ids_of(m, r.path), (std::vector<std::string>{"A", "B", "C", "D", "E"}));
  std::string why;
  EXPECT_FALSE(is_legal_route(m, sheet, path_of(m, {"B", "C", "D", "B"}), &why));
  EXPECT_NE(why.find("already"), std::string::npos) << why;
}

TEST(ScorerRules, StarAtTheStart) {
  Map m = chain(4);
  Route r = fast(m, make_sheet(m, {{"A", "*"}, {"B", "02"}, {"C", "03"}, {"D", "01"}}));
  EXPECT_EQ(r.score, 3);
  EXPECT_EQ(ids_of(m, r.path), (std::vector<std::string>{"A", "B", "C"}));
}

TEST(ScorerRules, StarAtTheEnd) {
  // The star may follow 30 (it stands for 30 or more) but 05 may not follow the star.
  Map m = chain(5);
  Route r =
      fast(m, make_sheet(m, {{"A", "10"}, {"B", "20"}, {"C", "30"}, {"D", "*"}, {"E", "05"}}));
  EXPECT_EQ(r.score, 4);
  EXPECT_EQ(ids_of(m, r.path), (std::vector<std::string>{"A", "B", "C", "D"}));
}

TEST(ScorerRules, StarInTheMiddleKeepsTheRunningValue) {
  // 05 10 * 20: the star may stand for anything from 10 to 20. In 05 30 * 20 it cannot lower the
  // running value, so 20 may not follow it (and 30 may not follow 20 the other way round).
  Map m = chain(4);
  Route up = fast(m, make_sheet(m, {{"A", "05"}, {"B", "10"}, {"C", "*"}, {"D", "20"}}));
  EXPECT_EQ(up.score, 4);
  Sheet down = make_sheet(m, {{"A", "05"}, {"B", "30"}, {"C", "*"}, {"D", "20"}});
  EXPECT_EQ(fast(m, down).score, 3);
  std::string why;
  EXPECT_FALSE(is_legal_route(m, down, path_of(m, {"A", "B", "C", "D"}), &why));
  EXPECT_NE(why.find("lower than 30"), std::string::npos) << why;
  EXPECT_TRUE(is_legal_route(m, down, path_of(m, {"D", "C", "B"})));
}

TEST(ScorerRules, StarsNeverBlockAndMayChain) {
  Map m = chain(6);
  Route r = fast(
      m, make_sheet(m, {{"A", "*"}, {"B", "*"}, {"C", "60"}, {"D", "*"}, {"E", "*"}, {"F", "60"}}));
  EXPECT_EQ(r.score, 6);
}

TEST(ScorerRules, StarCannotBeRevisited) {
  // A star S joined to A, B and C: the route may pass through S once, so it takes only two of the
  // three arms plus the star.
  Map m = small_map(4, {{0, 3}, {1, 3}, {2, 3}});
  Sheet sheet = make_sheet(m, {{"A", "01"}, {"B", "02"}, {"C", "03"}, {"D", "*"}});
  Route r = fast(m, sheet);
  EXPECT_EQ(r.score, 3);
  EXPECT_FALSE(is_legal_route(m, sheet, path_of(m, {"A", "D", "B", "D", "C"})));
}

TEST(ScorerRules, CrossIsNeverEntered) {
  Map m = chain(5);
  Sheet sheet = make_sheet(m, {{"A", "01"}, {"B", "02"}, {"C", "X"}, {"D", "04"}, {"E", "05"}});
  Route r = fast(m, sheet);
  EXPECT_EQ(r.score, 2);
  std::string why;
  EXPECT_FALSE(is_legal_route(m, sheet, path_of(m, {"A", "B", "C", "D"}), &why));
  EXPECT_NE(why.find("X"), std::string::npos) << why;
}

TEST(ScorerRules, EmptySpacesAreSkipped) {
  // A half-filled map gets a preview: empty spaces are never entered.
  const Map& usa = Map::builtin("usa");
  Sheet sheet = make_sheet(
      usa, {{"WA", "05"}, {"OR", "10"}, {"CA", "20"}, {"AZ", "30"}, {"ID", "40"}, {"UT", "50"}});
  Route r = fast(usa, sheet);
  // NV (empty) would join CA to UT the short way; the route goes round through AZ instead.
  EXPECT_EQ(ids_of(usa, r.path), (std::vector<std::string>{"WA", "OR", "CA", "AZ", "UT"}));
  std::string why;
  EXPECT_FALSE(is_legal_route(usa, sheet, path_of(usa, {"CA", "NV"}), &why));
  EXPECT_NE(why.find("empty"), std::string::npos) << why;
}

TEST(ScorerRules, StepsFollowLines) {
  const Map& usa = Map::builtin("usa");
  Sheet sheet = make_sheet(usa, {{"WA", "05"}, {"CA", "10"}});
  std::string why;
  EXPECT_FALSE(is_legal_route(usa, sheet, path_of(usa, {"WA", "CA"}), &why));
  EXPECT_NE(why.find("no line"), std::string::npos) << why;
  EXPECT_FALSE(is_legal_route(usa, sheet, {99}, &why));
  EXPECT_TRUE(is_legal_route(usa, sheet, {}, &why));
}

TEST(ScorerRules, TieOnScoreGoesToMoreCircles) {
  // E D C B A (07 * 07 08 09) scores 5 with no circle; C D E F (07 * 07 08, F circled) scores 5
  // with one circle and wins the tie.
  Map m = chain(6);
  Sheet sheet = make_sheet(
      m, {{"A", "09"}, {"B", "08"}, {"C", "07"}, {"D", "*"}, {"E", "07"}, {"F", "08"}}, {"F"});
  Route r = fast(m, sheet);
  EXPECT_EQ(r.score, 5);
  EXPECT_EQ(r.circles, 1);
  EXPECT_EQ(ids_of(m, r.path), (std::vector<std::string>{"C", "D", "E", "F"}));

  // Lines A-B, B-C, A-D, D-E. A B C (01 02 03) scores 3 with no circle; A D and E D (D circled)
  // score 3 with one; of those two the first in space order is returned.
  Map m2 = small_map(5, {{0, 1}, {1, 2}, {0, 3}, {3, 4}});
  Sheet tie =
      make_sheet(m2, {{"A", "01"}, {"B", "02"}, {"C", "03"}, {"D", "05"}, {"E", "04"}}, {"D"});
  Route t = fast(m2, tie);
  EXPECT_EQ(t.score, 3);
  EXPECT_EQ(t.circles, 1);
  EXPECT_EQ(ids_of(m2, t.path), (std::vector<std::string>{"A", "D"}));
}

TEST(ScorerRules, ReusedScorerForgetsThePreviousSheet) {
  const Map& usa = Map::builtin("usa");
  RouteScorer scorer(usa);
  Sheet full = photographed_board(usa);
  EXPECT_EQ(scorer.best(full).score, 30);
  EXPECT_EQ(scorer.best(Sheet{}).score, 0);
  EXPECT_EQ(scorer.best(make_sheet(usa, {{"TX", "01"}, {"OK", "02"}})).score, 2);
  EXPECT_EQ(scorer.best(full).score, 30);
  RouteScorer moved(std::move(scorer));
  EXPECT_EQ(moved.best(full).score, 30);
}

TEST(ScorerRules, AllStarsIsExactAndQuickEnoughOnTheShippedMaps) {
  // The adversarial case: every space a star (or every space the same number) makes the best
  // route a longest path. The USA map has a path through all 41 spaces; Europe's three spaces of
  // degree one (IE, PT, MT) leave at most two of them on any route.
  for (const char* id : {"usa", "europe"}) {
    const Map& map = Map::builtin(id);
    Sheet stars, same;
    for (int s = 0; s < map.num_spaces(); ++s) {
      stars.write_star(s, false);
      same.write_number(s, 50, false);
    }
    Route r = best_route(map, stars);
    expect_sound(map, stars, r);
    Route q = best_route(map, same);
    expect_sound(map, same, q);
    EXPECT_EQ(r.score, q.score);
    if (std::string(id) == "usa")
      EXPECT_EQ(r.score, 41);
    else
      EXPECT_LE(r.score, 39);
  }
}

// --- Agreement with the exhaustive search on random sheets ---

// A random sheet: values from a narrow or wide range (narrow ranges make equal values common),
// some stars (at most max_stars), Xs, empty spaces and circles.
Sheet random_sheet(const Map& map, Rng& rng, int max_stars) {
  static constexpr int kRanges[] = {2, 4, 8, 16, 40, 99};
  int range = kRanges[rng.uniform(6)];
  int low = static_cast<int>(rng.uniform(static_cast<uint32_t>(100 - range)));
  // Narrow ranges make long runs of equal values, whose routes the exhaustive search counts one by
  // one: thin those maps out with more empty spaces so that the reference stays quick.
  double p_empty = range <= 4    ? 0.3 + 0.3 * rng.uniform_real()
                   : range <= 16 ? 0.1 + 0.25 * rng.uniform_real()
                                 : 0.2 * rng.uniform_real();
  double p_cross = 0.1 * rng.uniform_real();
  double p_circle = 0.35 * rng.uniform_real();
  int stars = static_cast<int>(rng.uniform(static_cast<uint32_t>(max_stars + 1)));
  Sheet sheet;
  for (int i = 0; i < stars; ++i) {
    int s = static_cast<int>(rng.uniform(static_cast<uint32_t>(map.num_spaces())));
    if (sheet.is_empty(s)) sheet.write_star(s, rng.uniform_real() < p_circle);
  }
  for (int s = 0; s < map.num_spaces(); ++s) {
    if (!sheet.is_empty(s)) continue;
    double u = rng.uniform_real();
    if (u < p_empty) continue;
    if (u < p_empty + p_cross) {
      sheet.write_cross(s);
      continue;
    }
    sheet.write_number(s, low + static_cast<int>(rng.uniform(static_cast<uint32_t>(range))),
                       rng.uniform_real() < p_circle);
  }
  return sheet;
}

#if defined(__SANITIZE_ADDRESS__)
constexpr int kRandomSheetsPerMap = 2500;
#else
constexpr int kRandomSheetsPerMap = 6000;
#endif

// Every stage against the exhaustive search: the default scorer, each stage of RouteSearch on its
// own, and tiny budgets so that sheets move from stage to stage part-way.
void check_agreement(const Map& map, uint64_t seed, int sheets, int max_stars,
                     bool expect_every_stage = true) {
  constexpr long kUnlimited = std::numeric_limits<long>::max();
  RouteScorer scorer(map);
  RouteSearch reference(map);
  std::vector<RouteSearch> searches(4, RouteSearch(map));
  searches[0].set_budgets(kUnlimited, 0);  // stage 0 only
  searches[1].set_budgets(0, kUnlimited);  // stage 1 only
  searches[2].set_budgets(0, 0);           // stage 2 only
  searches[3].set_budgets(40, 150);        // all three in turn
  Rng rng(seed);
  int with_stars = 0;
  std::array<int, RouteSearch::kStages> answered{};
  for (int i = 0; i < sheets; ++i) {
    Sheet sheet = random_sheet(map, rng, max_stars);
    Route slow = best_route_exhaustive(map, sheet);
    with_stars += sheet.stars() != 0;
    for (int k = 0; k <= 4; ++k) {
      Route quick = k == 4 ? scorer.best(sheet) : searches[k].best(sheet);
      ASSERT_EQ(quick.score, slow.score) << map.id() << " sheet " << i << " search " << k;
      ASSERT_EQ(quick.circles, slow.circles) << map.id() << " sheet " << i << " search " << k;
      // Every stage returns the first best route in space-index order, as the exhaustive does.
      ASSERT_EQ(quick.path, slow.path) << map.id() << " sheet " << i << " search " << k;
      std::string why;
      ASSERT_TRUE(is_legal_route(map, sheet, quick.path, &why))
          << map.id() << " sheet " << i << " search " << k << ": " << why;
      ASSERT_EQ(rescore(sheet, quick.path), std::make_pair(quick.score, quick.circles));
      // The value alone (no route walked back) is the best route's, by the same stage.
      const int stage = k == 4 ? -1 : searches[k].stats().stage;
      const RouteValue v = k == 4 ? scorer.value(sheet) : searches[k].value(sheet);
      ASSERT_EQ(std::make_pair(v.score, v.circles), std::make_pair(slow.score, slow.circles))
          << map.id() << " sheet " << i << " search " << k << " (value)";
      if (k < 4) {
        ASSERT_EQ(searches[k].stats().stage, stage) << map.id() << " sheet " << i;
      }
    }
    // The scorer reports the states of the search it runs (the default budgets).
    scorer.value(sheet);
    reference.value(sheet);
    ASSERT_EQ(scorer.last_states(), reference.stats().states) << map.id() << " sheet " << i;
    ++answered[searches[3].stats().stage];
  }
  EXPECT_GT(with_stars, sheets / 2);
  // The hand-over between stages was exercised.
  if (!expect_every_stage) return;
  for (int stage = 0; stage < RouteSearch::kStages; ++stage)
    EXPECT_GT(answered[stage], sheets / 50) << "stage " << stage << ": " << answered[stage];
}

TEST(ScorerAgreement, RandomSheetsUsa) {
  check_agreement(Map::builtin("usa"), 20240601, kRandomSheetsPerMap, 6);
}
TEST(ScorerAgreement, RandomSheetsEurope) {
  check_agreement(Map::builtin("europe"), 20240602, kRandomSheetsPerMap, 6);
}

// A 64-space map (an 8 x 8 grid) uses every bit of a space set.
TEST(ScorerAgreement, RandomSheetsFullWidthGrid) {
  const Map grid = testing::grid_map();
  ASSERT_EQ(grid.num_spaces(), kMaxSpaces);
  check_agreement(grid, 20240603, kRandomSheetsPerMap / 10, 4, false);
}

}  // namespace
}  // namespace tabletop::ontour
