// Map facts from the rules page, and the loader's answers to bad map files.
#include "ontour/map.h"

#include <algorithm>
#include <map>

#include <gtest/gtest.h>

#include "core/error.h"

namespace tabletop::ontour {
namespace {

int diameter(const Map& m) {
  int d = 0;
  for (const auto& row : m.distances())
    for (int x : row) {
      EXPECT_GE(x, 0) << "map is not connected";
      d = std::max(d, x);
    }
  return d;
}

std::map<Region, int> cards_by_region(const Map& m) {
  std::map<Region, int> c;
  for (const auto& card : m.cards()) ++c[card.region];
  return c;
}

int degree(const Map& m, const char* id) { return count(m.neighbours(m.find(id))); }

TEST(MapFacts, Usa) {
  const Map& m = Map::builtin("usa");
  EXPECT_EQ(m.num_spaces(), 41);
  EXPECT_EQ(m.lines().size(), 90u);
  EXPECT_EQ(m.num_cards(), 41);
  EXPECT_EQ(diameter(m), 9);
  auto d = m.distances();
  for (const char* far : {"WA", "OR", "NV", "CA"}) EXPECT_EQ(d[m.find("NENG")][m.find(far)], 9);
  int max_degree = 0;
  for (int s = 0; s < m.num_spaces(); ++s)
    max_degree = std::max(max_degree, count(m.neighbours(s)));
  EXPECT_EQ(max_degree, 8);
  EXPECT_EQ(degree(m, "MO"), 8);
  EXPECT_EQ(degree(m, "TN"), 8);
  EXPECT_EQ(degree(m, "NENG"), 1);
  EXPECT_FALSE(has(m.neighbours(m.find("GA")), m.find("NC")));
  EXPECT_FALSE(has(m.neighbours(m.find("MC")), m.find("WV")));
  EXPECT_TRUE(has(m.neighbours(m.find("WI")), m.find("MI")));
  auto c = cards_by_region(m);
  EXPECT_EQ(c[Region::kNorth], 10);
  EXPECT_EQ(c[Region::kSouth], 10);
  EXPECT_EQ(c[Region::kEast], 8);
  EXPECT_EQ(c[Region::kCentral], 7);
  EXPECT_EQ(c[Region::kWest], 6);
}

TEST(MapFacts, Europe) {
  const Map& m = Map::builtin("europe");
  EXPECT_EQ(m.num_spaces(), 40);
  EXPECT_EQ(m.lines().size(), 86u);
  EXPECT_EQ(m.num_cards(), 40);
  EXPECT_EQ(diameter(m), 6);
  for (const char* id : {"IE", "PT", "MT"}) EXPECT_EQ(degree(m, id), 1) << id;
  auto c = cards_by_region(m);
  EXPECT_EQ(c[Region::kNorth], 10);
  EXPECT_EQ(c[Region::kSouth], 10);
  EXPECT_EQ(c[Region::kWest], 7);
  EXPECT_EQ(c[Region::kEast], 7);
  EXPECT_EQ(c[Region::kCentral], 6);
  EXPECT_EQ(m.name(), "Europe (real borders)");
  // Twenty spaces are North.
  EXPECT_EQ(count(m.region_spaces(Region::kNorth)), 20);
}

TEST(MapFacts, EverySpaceHasTwoRegionsAndLinesAreSymmetric) {
  for (const char* id : {"usa", "europe"}) {
    const Map& m = Map::builtin(id);
    SpaceSet ns = m.region_spaces(Region::kNorth) | m.region_spaces(Region::kSouth);
    SpaceSet wce = m.region_spaces(Region::kWest) | m.region_spaces(Region::kCentral) |
                   m.region_spaces(Region::kEast);
    EXPECT_EQ(ns, m.all_spaces());
    EXPECT_EQ(wce, m.all_spaces());
    EXPECT_EQ(m.region_spaces(Region::kNorth) & m.region_spaces(Region::kSouth), 0u);
    for (int a = 0; a < m.num_spaces(); ++a)
      for_each_bit(m.neighbours(a), [&](int b) { EXPECT_TRUE(has(m.neighbours(b), a)); });
    for (const auto& card : m.cards()) EXPECT_TRUE(m.space(card.space).in(card.region));
    EXPECT_TRUE(m.has_layout());
  }
}

TEST(MapFacts, ThreeCardsOfOneRegionProbability) {
  // P(three cards of one region) from a full USA deck = 351/10660.
  const Map& m = Map::builtin("usa");
  long same = 0, all = 0;
  int n = m.num_cards();
  for (int a = 0; a < n; ++a)
    for (int b = a + 1; b < n; ++b)
      for (int c = b + 1; c < n; ++c) {
        ++all;
        same += m.cards()[a].region == m.cards()[b].region &&
                m.cards()[b].region == m.cards()[c].region;
      }
  EXPECT_EQ(all, 10660);
  EXPECT_EQ(same, 351);
}

TEST(MapFacts, RoundTripsThroughJson) {
  const Map& m = Map::builtin("europe");
  Map back = Map::from_json(m.to_json());
  EXPECT_EQ(back.to_json(), m.to_json());
}

// A small valid map that each bad-input test breaks in one way.
Json small_map() {
  return Json::parse(R"({
    "id": "tiny", "name": "Tiny",
    "spaces": [
      {"id": "A", "name": "Alpha", "ns": "north", "wce": "west"},
      {"id": "B", "name": "Beta", "ns": "north", "wce": "east"},
      {"id": "C", "name": "Gamma", "ns": "south", "wce": "west"},
      {"id": "D", "name": "Delta", "ns": "south", "wce": "central"},
      {"id": "E", "name": "Eps", "ns": "south", "wce": "east"},
      {"id": "F", "name": "Phi", "ns": "north", "wce": "central"},
      {"id": "G", "name": "Gam", "ns": "north", "wce": "central"}],
    "lines": [["A", "B"], ["B", "C"], ["C", "D"], ["D", "E"], ["E", "F"], ["F", "G"]],
    "cards": [{"space": "A", "region": "north"}, {"space": "B", "region": "east"},
              {"space": "C", "region": "west"}, {"space": "D", "region": "south"},
              {"space": "E", "region": "east"}, {"space": "F", "region": "central"},
              {"space": "G", "region": "north"}]})");
}

std::string load_error(const Json& j) {
  try {
    Map::from_json(j);
  } catch (const InvalidInput& e) {
    return e.what();
  }
  return "(no error)";
}

TEST(MapLoader, AcceptsAValidMap) {
  Map m = Map::from_json(small_map());
  EXPECT_EQ(m.num_spaces(), 7);
  EXPECT_FALSE(m.has_layout());
}

// An id typed in another case finds its space.
TEST(MapLoader, FindsAnIdInAnyCase) {
  const Map& usa = Map::builtin("usa");
  EXPECT_EQ(usa.find("wa"), usa.find("WA"));
  EXPECT_EQ(usa.find("Neng"), usa.find("NENG"));
  EXPECT_EQ(usa.find("zz"), -1);
  // A map of its own in lower case (its lines and cards naming the ids as the map has them).
  auto renamed = [](const std::string& a, const std::string& b) {
    Json j = small_map();
    j["spaces"][0]["id"] = a;
    j["spaces"][1]["id"] = b;
    j["lines"][0] = Json::array({a, b});
    j["lines"][1][0] = b;
    j["cards"][0]["space"] = a;
    j["cards"][1]["space"] = b;
    return j;
  };
  const Map m = Map::from_json(renamed("a", "ab"));
  EXPECT_EQ(m.find("A"), 0);
  EXPECT_EQ(m.find("AB"), 1);
  // "a" and "A" both could not be told apart as typed: the map is refused, naming both.
  EXPECT_EQ(load_error(renamed("a", "A")),
            "map: space ids \"a\" and \"A\" differ only in case: an id may be typed in any "
            "case, so they could not be told apart");
}

TEST(MapLoader, NamesTheFirstProblem) {
  Json j = small_map();
  j["lines"].push_back({"A", "Z"});
  EXPECT_EQ(load_error(j), "map: line 7: unknown space id \"Z\"");

  j = small_map();
  j["cards"][0]["space"] = "Q";
  EXPECT_EQ(load_error(j), "map: card 1: unknown space id \"Q\"");

  j = small_map();
  j["cards"].erase(6);
  EXPECT_EQ(load_error(j), "map: space \"G\" has no card");

  j = small_map();
  j["cards"][0]["region"] = "south";
  EXPECT_EQ(load_error(j), "map: card 1: region \"south\" is not one of A's regions");

  j = small_map();
  j["lines"].push_back({"C", "C"});
  EXPECT_EQ(load_error(j), "map: line 7: \"C\" is joined to itself");

  j = small_map();
  j["spaces"][1]["id"] = "A";
  EXPECT_EQ(load_error(j), "map: duplicate space id \"A\"");

  j = small_map();
  j["cards"].push_back({{"space", "A"}, {"region", "west"}});
  EXPECT_EQ(load_error(j), "map: card 8: duplicate card for \"A\"");

  j = small_map();
  j["lines"].push_back({"B", "A"});
  EXPECT_EQ(load_error(j), "map: line 7: duplicate line B-A");

  for (const char* id : {"A B", "A/2", "X:B", "A\tB"}) {
    j = small_map();
    j["spaces"][0]["id"] = id;
    EXPECT_EQ(load_error(j), "map: space 1: the id " + Json(id).dump() +
                                 " is typed as one word: no blank, '/' or ':' in it");
  }

  j = small_map();
  j["spaces"][0]["ns"] = "east";
  EXPECT_EQ(load_error(j), "map: space A: \"ns\" must be \"north\" or \"south\"");

  EXPECT_EQ(load_error(Json::array()), "map: expected a JSON object");
  j = small_map();
  j.erase("lines");
  EXPECT_EQ(load_error(j), "map: \"lines\" must be a list");
}

TEST(MapLoader, UnknownBuiltinAndMissingFile) {
  EXPECT_THROW(Map::builtin("mars"), InvalidInput);
  EXPECT_THROW(Map::load("/no/such/map.json"), InvalidInput);
  EXPECT_EQ(Map::load("usa").num_spaces(), 41);
  EXPECT_EQ(Map::load_shared("europe").get(), &Map::builtin("europe"));  // not copied
  // A mistyped map name says what it could have been.
  try {
    Map::load_shared("mars");
    FAIL() << "mars loaded";
  } catch (const InvalidInput& e) {
    EXPECT_EQ(std::string(e.what()),
              "no map \"mars\": not a shipped map (europe, usa) and no such file");
  }
}

}  // namespace
}  // namespace tabletop::ontour
