#include "sim/ontour_match.h"

#include <chrono>

#include "ontour/bot_registry.h"
#include "ontour/playout.h"
#include "ontour/state.h"

namespace tabletop::sim {

GameRecord play_ontour_game(const OntourMatch& match, int index, uint64_t game_seed) {
  const int np = static_cast<int>(match.bots.size());
  GameRecord rec;
  const std::vector<int> player_at = seat_players(rec, np, match.rotate, index);
  std::vector<std::unique_ptr<ontour::Bot>> bots;
  for (int p = 0; p < np; ++p)
    bots.push_back(ontour::make_bot(match.bots[p], mix_seed(game_seed, 1 + p)));

  Rng chance(game_seed);
  ontour::State state(match.map, match.options, np);
  std::vector<ontour::Placement> chosen(np);
  while (true) {
    ontour::advance_chance(state, chance);
    if (state.is_terminal()) break;
    for (int seat = 0; seat < np; ++seat) {
      const int p = player_at[seat];
      chosen[seat] = timed_decision(rec, p, [&] {
        return bots[p]->choose(ontour::PlayerView{state, seat});
      });
    }
    for (int seat = 0; seat < np; ++seat) state.apply(seat, chosen[seat]);
  }
  if (!match.records_dir.empty())  // the game's log, which `tabletop ontour replay` tells
    write_game_record(match.records_dir, index, game_seed, match.bots, player_at,
                      {{"game", state.to_json()}});
  auto results = state.results();
  rec.length = state.turn();
  int winners = 0;
  for (const auto& r : results) winners += r.winner;
  std::vector<double> keys(np);
  rec.score.resize(np);
  rec.win.resize(np);
  rec.circles.resize(np);
  for (int p = 0; p < np; ++p) {
    const auto& r = results[rec.seat[p]];
    rec.score[p] = r.route.score;
    rec.circles[p] = r.route.circles;
    rec.win[p] = r.winner ? 1.0 / winners : 0.0;
    keys[p] = r.route.score * 128.0 + r.route.circles;
  }
  rec.rank = ranks_from_keys(keys);
  return rec;
}

ScoreRange ontour_score_range(const OntourMatch& match) {
  return {0, 2.0 * match.map->num_spaces(), 1, true};  // a shared win is split
}

}  // namespace tabletop::sim
