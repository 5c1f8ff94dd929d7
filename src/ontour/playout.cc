#include "ontour/playout.h"

#include "ontour/target_policy.h"

namespace tabletop::ontour {

void advance_chance(State& state, Rng& rng) {
  while (state.is_chance()) state.apply_chance(state.sample_chance(rng));
}

void play_random(State& state, Rng& rng) {
  while (true) {
    advance_chance(state, rng);
    if (state.is_terminal()) return;
    for (int p = 0; p < state.num_players(); ++p)
      if (state.awaiting(p)) state.apply(p, state.random_placement(p, rng));
  }
}

std::vector<Sheet> end_of_game_sheets(const Map& map, int count, uint64_t seed) {
  std::vector<Sheet> sheets;
  sheets.reserve(count);
  auto shared = std::make_shared<const Map>(map);
  Targets targets = diameter_targets(map);
  for (int i = 0; i < count; ++i) {
    Rng rng(mix_seed(seed, i));
    State s(shared, Options{}, 1);
    while (true) {
      advance_chance(s, rng);
      if (s.is_terminal()) break;
      s.apply(0, target_placement(s, 0, targets));
    }
    sheets.push_back(s.sheet(0));
  }
  return sheets;
}

}  // namespace tabletop::ontour
