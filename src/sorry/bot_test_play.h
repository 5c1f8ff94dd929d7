// Shared by the Sorry! bot tests: one whole game between bots, every action checked against the
// real state (each bot sees only make_view of it).
#pragma once

#include <array>
#include <memory>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "core/rng.h"
#include "sorry/bot_registry.h"

namespace tabletop::sorry::testing {

#if defined(__SANITIZE_ADDRESS__)
constexpr int kBotTestScale = 4;  // fewer games under the sanitizers; every assertion still runs
#else
constexpr int kBotTestScale = 1;
#endif

struct Played {
  std::vector<Action> actions;
  int winner = -1;
  std::array<int32_t, 4> scores{};  // playing for points: the match totals
  int cards_drawn = 0;
};

// Plays one game, player p by bots[p]; each action must be legal in the real state.
inline Played play(const Options& o, const std::vector<std::string>& bots, uint64_t seed) {
  std::vector<std::unique_ptr<Bot>> players;
  for (size_t p = 0; p < bots.size(); ++p) players.push_back(make_bot(bots[p], seed + p));
  Rng chance(seed), dealer(seed + 99);
  State s(o);
  Played out;
  for (int steps = 0; !s.is_terminal() && steps < 200000; ++steps) {
    if (s.is_chance()) {
      s.apply_unchecked(s.sample_chance(chance));
      continue;
    }
    const int q = s.current_player();
    State view = make_view(s, q, dealer);
    Action a = players[q]->choose({view, q});
    std::string why = s.why_illegal(a);
    EXPECT_EQ(why, "") << bots[q] << ": " << action_text(a);
    if (!why.empty()) return out;
    s.apply(a);
    out.actions.push_back(a);
  }
  EXPECT_TRUE(s.is_terminal());
  out.winner = s.winner();
  out.scores = s.scores();
  out.cards_drawn = s.cards_drawn();
  return out;
}

// Bot `a` against bot `b` over `games` games (game g seeded mix_seed(seed, g)), seats alternating
// so that neither always moves first: `a` takes the first seat in the even games.
struct HeadToHead {
  int a_wins = 0, b_wins = 0;
  long a_points = 0, b_points = 0;  // playing for points: the match totals
};
inline HeadToHead head_to_head(const Options& o, const std::string& a, const std::string& b,
                               int games, uint64_t seed) {
  HeadToHead h;
  for (int g = 0; g < games; ++g) {
    const int a_seat = g % 2;
    Played r =
        play(o, a_seat == 0 ? std::vector<std::string>{a, b} : std::vector<std::string>{b, a},
             mix_seed(seed, g));
    h.a_wins += r.winner == a_seat;
    h.b_wins += r.winner == 1 - a_seat;
    h.a_points += r.scores[a_seat];
    h.b_points += r.scores[1 - a_seat];
  }
  return h;
}

}  // namespace tabletop::sorry::testing
