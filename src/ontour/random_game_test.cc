// Thousands of seeded random On Tour games, checking at every step that the legal placements and
// the legality check agree, that copies, JSON round trips and replays give equal states, and that
// scores stay in bounds.
#include <algorithm>
#include <set>
#include <tuple>

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "ontour/playout.h"
#include "ontour/state.h"

namespace tabletop::ontour {
namespace {

#if defined(__SANITIZE_ADDRESS__)
constexpr int kGames = 200;
#else
constexpr int kGames = 2000;
#endif

using Key = std::vector<std::tuple<int, int, int, int>>;

// Writes in space order: the same decision written in either order is one key.
Key key_of(const Placement& p) {
  Key k;
  for (int i = 0; i < p.count; ++i)
    k.emplace_back(p.writes[i].space, static_cast<int>(p.writes[i].kind), p.writes[i].value,
                   p.writes[i].card);
  std::sort(k.begin(), k.end());
  return k;
}

// A legal placement with one field changed: often illegal, sometimes another legal one.
Placement mutate(const State& s, Placement p, Rng& rng) {
  int n = s.map().num_spaces();
  Write& w = p.writes[rng.uniform(p.count)];
  switch (rng.uniform(6)) {
    case 0:
      w.space = static_cast<int8_t>(rng.uniform(n));
      break;
    case 1:
      w.value = static_cast<int8_t>(rng.uniform(100));
      break;
    case 2:
      w.card = static_cast<int8_t>(static_cast<int>(rng.uniform(4)) - 1);
      break;
    case 3:
      w.kind = static_cast<WriteKind>(rng.uniform(3));
      break;
    case 4:
      std::swap(p.writes[0], p.writes[p.count - 1]);
      break;
    case 5:
      if (p.count == 2)
        p.count = 1;
      else
        p.add(Write::cross(static_cast<int>(rng.uniform(n))));
      break;
  }
  return p;
}

void check_placements(const State& s, int player, Rng& rng) {
  auto legal = s.legal_placements(player);
  ASSERT_FALSE(legal.empty());
  std::set<Key> keys;
  for (const auto& p : legal) {
    ASSERT_FALSE(s.check(player, p).has_value())
        << describe(s.map(), p) << ": " << *s.check(player, p);
    keys.insert(key_of(p));
  }
  ASSERT_EQ(keys.size(), legal.size()) << "a placement is listed twice";
  Placement r = s.random_placement(player, rng);
  ASSERT_TRUE(keys.count(key_of(r))) << "random placement not legal: " << describe(s.map(), r);
  for (int i = 0; i < 20; ++i) {
    Placement m = mutate(s, legal[rng.uniform(legal.size())], rng);
    bool ok = !s.check(player, m).has_value();
    ASSERT_EQ(ok, keys.count(key_of(m)) == 1) << describe(s.map(), m);
  }
}

void play_checked_game(uint64_t seed) {
  Rng rng(seed);
  const char* maps[] = {"usa", "europe"};
  const Map& map = Map::builtin(maps[rng.uniform(2)]);
  Options o;
  o.setup_rolls = rng.uniform(4) == 0 ? 1 : 2;
  o.star_always_circled = rng.uniform(4) == 0;
  o.x_anywhere = rng.uniform(3) != 0;
  o.voluntary_x = rng.uniform(5) == 0;
  int players = 1 + static_cast<int>(rng.uniform(4));
  State s(map, o, players);
  int steps = 0;
  while (!s.is_terminal()) {
    if (s.is_chance()) {
      auto outcomes = s.chance_outcomes();
      ChanceAction a = s.sample_chance(rng);
      ASSERT_NE(std::find(outcomes.begin(), outcomes.end(), a), outcomes.end());
      ASSERT_FALSE(s.check_chance(a).has_value());
      s.apply_chance(a);
    } else {
      for (int p = 0; p < players; ++p) {
        if (!s.awaiting(p)) continue;
        // Full cross-check on a sample of decisions (it enumerates every placement).
        if (rng.uniform(4) == 0) check_placements(s, p, rng);
        if (::testing::Test::HasFatalFailure()) return;
        auto legal = s.legal_placements(p);
        State copy = s;
        Placement choice =
            rng.uniform(2) ? legal[rng.uniform(legal.size())] : s.random_placement(p, rng);
        s.apply(p, choice);
        ASSERT_NE(copy, s);
        copy.apply(p, choice);
        ASSERT_EQ(copy, s);
      }
    }
    if (++steps % 17 == 0) {
      ASSERT_EQ(State::from_json(s.to_json()), s);
    }
    // Every map holds the same number of empty spaces.
    for (int p = 0; p < players; ++p) ASSERT_EQ(count(s.sheet(p).empty(map)), s.empty_count());
  }
  ASSERT_EQ(State::from_json(s.to_json()), s);
  auto results = s.results();
  bool any_winner = false;
  for (int p = 0; p < players; ++p) {
    const Route& r = results[p].route;
    ASSERT_GE(r.score, 1);
    ASSERT_LE(r.score, 2 * map.num_spaces());
    ASSERT_EQ(r.score, r.spaces() + r.circles);
    ASSERT_LE(r.circles, count(s.sheet(p).circled()));
    std::string why;
    ASSERT_TRUE(is_legal_route(map, s.sheet(p), r.path, &why)) << why;
    any_winner |= results[p].winner;
  }
  ASSERT_TRUE(any_winner);
}

TEST(OnTourRandomGames, EveryStepIsConsistent) {
  for (int g = 0; g < kGames; ++g) {
    SCOPED_TRACE(g);
    play_checked_game(mix_seed(2024, g));
    if (HasFatalFailure()) return;
  }
}

// A chain of 64 spaces (the most a map may have), so bit 63 is in play.
std::shared_ptr<const Map> chain64() {
  Json spaces = Json::array(), lines = Json::array(), cards = Json::array();
  const char* wce[] = {"west", "central", "east"};
  for (int i = 0; i < 64; ++i) {
    std::string id = fmt::format("S{}", i);
    spaces.push_back({{"id", id}, {"ns", i % 2 ? "south" : "north"}, {"wce", wce[i % 3]}});
    cards.push_back(
        {{"space", id}, {"region", i % 4 < 2 ? wce[i % 3] : (i % 2 ? "south" : "north")}});
    if (i) lines.push_back({fmt::format("S{}", i - 1), id});
  }
  return std::make_shared<const Map>(Map::from_json(
      Json{{"id", "chain64"}, {"spaces", spaces}, {"lines", lines}, {"cards", cards}}));
}

TEST(OnTourRandomGames, SixtyFourSpaces) {
  auto map = chain64();
  for (int g = 0; g < 20; ++g) {
    SCOPED_TRACE(g);
    Options o;
    o.voluntary_x = g % 2 == 0;
    o.x_anywhere = g % 3 != 0;
    State s(map, o, 1);
    Rng rng(mix_seed(64, g));
    while (!s.is_terminal()) {
      advance_chance(s, rng);
      if (s.is_terminal()) break;
      check_placements(s, 0, rng);
      if (HasFatalFailure()) return;
      s.apply(0, s.random_placement(0, rng));
    }
    ASSERT_EQ(State::from_json(s.to_json()), s);
  }
}

TEST(OnTourRandomGames, EightPlayersAndAReshuffle) {
  // Many players: every sheet stays consistent and the deck reshuffles mid-game on the USA map.
  State s(Map::builtin("usa"), Options{}, 8);
  Rng rng(99);
  bool reshuffled = false;
  while (!s.is_terminal()) {
    if (s.is_chance()) {
      reshuffled |= s.phase() == Phase::kDraw && s.draw_pile_size() == 0;
      s.apply_chance(s.sample_chance(rng));
    } else {
      for (int p = 0; p < 8; ++p) s.apply(p, s.random_placement(p, rng));
    }
  }
  EXPECT_EQ(s.results().size(), 8u);
  EXPECT_TRUE(reshuffled) << "37 cards cannot last ~18 turns of three";
  EXPECT_EQ(State::from_json(s.to_json()), s);
}

}  // namespace
}  // namespace tabletop::ontour
