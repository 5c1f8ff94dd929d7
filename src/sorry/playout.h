// Random play: the simplest mover (uniform among the legal actions) and whole random games, used
// by the benchmark, the tests and `tabletop sorry play` as its bot.
#pragma once

#include "core/rng.h"
#include "sorry/state.h"

namespace tabletop::sorry {

// One legal action chosen uniformly (a chance outcome is sampled with its probability).
inline Action random_action(const State& s, Rng& rng, MoveList& scratch) {
  if (s.is_chance()) return s.sample_chance(rng);
  s.legal_actions(scratch);
  return scratch[static_cast<int>(rng.uniform(static_cast<uint32_t>(scratch.size())))];
}

// Plays random actions until the game is over or `max_actions` were applied; returns the number
// applied.
inline long play_random(State& s, Rng& rng, long max_actions = 1000000) {
  MoveList moves;
  long n = 0;
  while (!s.is_terminal() && n < max_actions) {
    s.apply_unchecked(random_action(s, rng, moves));
    ++n;
  }
  return n;
}

}  // namespace tabletop::sorry
