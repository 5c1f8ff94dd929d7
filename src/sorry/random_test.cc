// Randomized games (the shared RandomSimTest idea): thousands of seeded 2-, 3- and 4-player games,
// teams, points and random option mixes. At every step: the legal actions are valid and agree with
// the legality check, copies / JSON / replay give equal states, no two pawns share a square, the
// cards add up; every game ends.
#include <cstring>
#include <unordered_set>

#include <gtest/gtest.h>

#include "core/error.h"
#include "sorry/playout.h"
#include "sorry/state_io.h"
#include "sorry/test_helpers.h"

namespace tabletop::sorry {
namespace {

#if defined(__SANITIZE_ADDRESS__)
constexpr int kScale = 8;  // the sanitizer build is about 10x slower; same checks, fewer games
#else
constexpr int kScale = 1;
#endif

constexpr long kMaxActions = 50000;

void expect_cards_add_up(const State& s) {
  CardCounts all = s.draw_pile();
  all.add_all(s.discards());
  for (int p = 0; p < s.num_players(); ++p) all.add_all(s.hand(p));
  if (s.card() != kNoCard) all.add(s.card());
  EXPECT_EQ(all, full_deck(s.options().deck));
  if (s.is_chance()) {
    EXPECT_FALSE(s.draw_pile().empty());
  }
  for (int p = 0; p < s.num_players(); ++p) EXPECT_LE(s.hand(p).total(), kHandSize);
}

uint64_t key(const Action& a) {
  uint64_t k = 0;
  static_assert(sizeof(Action) <= sizeof(k));
  std::memcpy(&k, &a, sizeof(Action));
  return k;
}

// Every candidate action of the card(s) in play: the generator lists it exactly when the checker
// accepts it, except a 7 split whose other order (listed) ends in the same position.
void expect_generator_matches_checker(const State& s, const MoveList& legal) {
  std::vector<Card> cards;
  if (s.phase() == Phase::kMove) cards.push_back(s.card());
  if (s.phase() == Phase::kPlay)
    for (Card c : kAllCards)
      if (s.hand(s.turn()).count(c) > 0) cards.push_back(c);
  std::vector<Action> candidates;
  for (Card c : cards) {
    candidates.push_back(Action::pass(c));
    candidates.push_back(Action::discard(c));
    for (int p = 0; p < kNumPawns; ++p) {
      candidates.push_back(Action::start(c, p));
      for (int n = 1; n <= 12; ++n) candidates.push_back(Action::forward(c, p, n));
      candidates.push_back(Action::backward(c, p, 1));
      candidates.push_back(Action::backward(c, p, 4));
      for (int q = 0; q < kNumPawns; ++q) {
        if (c == k11) candidates.push_back(Action::swap(p, q));
        if (c == kSorry) candidates.push_back(Action::sorry(p, q));
        if (c == k7)
          for (int n = 1; n <= 6; ++n) candidates.push_back(Action::split(p, n, q, 7 - n));
      }
    }
  }
  std::unordered_set<uint64_t> listed_keys;
  for (const Action& a : legal) listed_keys.insert(key(a));
  for (const Action& a : candidates) {
    bool listed = listed_keys.count(key(a)) > 0;
    bool accepted = s.why_illegal(a).empty();
    if (listed) {
      EXPECT_TRUE(accepted) << action_text(a) << ": " << s.why_illegal(a);
    } else if (accepted) {
      ASSERT_EQ(a.kind, MoveKind::kSplit) << action_text(a) << " accepted but not listed";
      Action other = Action::split(a.pawn2, a.steps2, a.pawn, a.steps);
      ASSERT_TRUE(legal.contains(other)) << action_text(a);
      Position x = s.position(), y = s.position();
      apply_card_move(x, s.options(), a);
      apply_card_move(y, s.options(), other);
      EXPECT_EQ(x, y) << action_text(a);
    }
  }
}

struct Config {
  const char* name;
  Options options;
  int games;
};

Options random_options(Rng& rng) {
  Options o;
  int players = 2 + static_cast<int>(rng.uniform(3));
  o.colours = default_colours(players);
  if (players == 3 && rng.uniform(2)) o.colours = 0b1110;  // blue, yellow, green
  o.teams = players == 4 && rng.uniform(3) == 0;
  o.points = !o.teams && rng.uniform(3) == 0;
  o.first_player = static_cast<Colour>(std::countr_zero(o.colours));
  o.deck = rng.uniform(2) ? 45 : 44;
  o.fast_start = rng.uniform(2);
  o.sorry_forward_4 = rng.uniform(2);
  o.swapped_opponent_slides = rng.uniform(2);
  o.two_draws_again_after_forfeit = rng.uniform(2);
  o.eleven_optional = rng.uniform(2);
  o.own_pawns_bumped_on_slide = rng.uniform(2);
  const Bonus bonus = rng.uniform(2) ? Bonus::kHighest : Bonus::kCumulative;
  if (o.points) o.bonus = bonus;  // a bonus of playing for points only
  if (o.points && rng.uniform(2)) o.match_target = 100 + static_cast<int>(rng.uniform(200));
  o.validate();
  return o;
}

void play_games(const Config& cfg, bool random_opts, uint64_t seed) {
  int games = cfg.games / kScale;
  long total_actions = 0;
  for (int g = 0; g < games; ++g) {
    Rng rng(mix_seed(seed, static_cast<uint64_t>(g)));
    Options o = random_opts ? random_options(rng) : cfg.options;
    State s(o);
    Record record{o, {}};
    MoveList legal;
    bool deep = g < (o.points ? 4 : 10);  // the expensive checks on the first games of each kind
    long n = 0;
    while (!s.is_terminal() && n < kMaxActions) {
      s.legal_actions(legal);
      ASSERT_FALSE(legal.empty());
      Action a;
      if (s.is_chance()) {
        a = s.sample_chance(rng);
        ASSERT_TRUE(legal.contains(a));
      } else {
        for (const Action& m : legal) ASSERT_EQ(s.why_illegal(m), "") << action_text(m);
        if (deep) expect_generator_matches_checker(s, legal);
        a = legal[static_cast<int>(rng.uniform(static_cast<uint32_t>(legal.size())))];
      }
      if (deep || n % 37 == 0) {
        State back = state_from_json(state_to_json(s));
        ASSERT_EQ(back, s) << state_to_json(s).dump();
        if (!s.is_chance()) (void)view_json(s, s.current_player());
      }
      State copy = s;
      s.apply(a);
      copy.apply_unchecked(a);
      ASSERT_EQ(copy, s);
      record.actions.push_back(a);
      testing::expect_no_shared_squares(s.position());
      expect_cards_add_up(s);
      ++n;
    }
    ASSERT_TRUE(s.is_terminal()) << cfg.name << " game " << g << " did not end";
    total_actions += n;
    int w = s.winner();
    ASSERT_GE(w, 0);
    if (!o.points) {
      EXPECT_TRUE(s.position().all_home(s.colour_of(w)));
    }
    if (o.teams) {
      EXPECT_TRUE(s.position().all_home(s.colour_of(s.partner_of(w))));
    }
    if (o.points) {
      for (int p = 0; p < s.num_players(); ++p) {
        EXPECT_GE(s.last_game_scores()[p], 0);
        EXPECT_LE(s.last_game_scores()[p], 20 + 15 * 5 + 175);
      }
      if (o.match_target > 0) {
        EXPECT_GE(s.scores()[w], o.match_target);
      }
    }
    State replayed = replay(record);
    ASSERT_EQ(replayed, s);
    if (g < 3) {
      ASSERT_EQ(replay(record_from_json(record_to_json(record))), s);
    }
  }
  EXPECT_GT(total_actions, 0);
}

TEST(SorryRandom, TwoPlayers) {
  Options o;
  o.colours = default_colours(2);
  play_games({"2 players", o, 800}, false, 1);
}

TEST(SorryRandom, ThreePlayers) {
  Options o;
  o.colours = default_colours(3);
  play_games({"3 players", o, 600}, false, 2);
}

TEST(SorryRandom, FourPlayers) { play_games({"4 players", Options{}, 600}, false, 3); }

TEST(SorryRandom, Teams) {
  Options o;
  o.teams = true;
  play_games({"teams", o, 600}, false, 4);
}

TEST(SorryRandom, Points) {
  Options o;
  o.points = true;
  play_games({"points", o, 250}, false, 5);
  Options m;
  m.points = true;
  m.colours = default_colours(2);
  m.match_target = 250;
  play_games({"points match", m, 60}, false, 6);
}

TEST(SorryRandom, RandomOptionMixes) { play_games({"mixed options", Options{}, 800}, true, 7); }

TEST(SorryRandom, ReplayRefusesATamperedLog) {
  Options o;
  State s(o);
  Rng rng(11);
  Record r{o, {}};
  MoveList moves;
  for (int i = 0; i < 40 && !s.is_terminal(); ++i) {
    Action a = random_action(s, rng, moves);
    s.apply(a);
    r.actions.push_back(a);
  }
  EXPECT_EQ(replay(r), s);
  r.actions.insert(r.actions.begin() + 1, Action::draw(k5));  // a second draw in a row
  EXPECT_THROW(replay(r), IllegalAction);
  EXPECT_THROW(record_from_json(Json::parse(R"({"options": {}, "actions": [{"kind": "fly"}]})")),
               InvalidInput);
}

}  // namespace
}  // namespace tabletop::sorry
