// One finished game of a simulation, as the statistics need it.
//
// "Players" are the entries of the --bots list, in that order; `seat` says where each sat in this
// game (seats rotate from game to game so that no bot keeps the first-move advantage).
#pragma once

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "core/cpu_time.h"
#include "core/json_util.h"

namespace tabletop::sim {

struct GameRecord {
  int index = 0;               // game number within the simulation
  uint64_t seed = 0;           // mix_seed(simulation seed, index)
  int length = 0;              // On Tour: turns; Sorry!: cards drawn (over the whole match, if any)
  std::vector<int> seat;       // per player
  std::vector<double> score;   // per player
  std::vector<double> win;     // per player: 1, 1/k when k share the win, else 0
  std::vector<int> rank;       // per player: 1 is best; tied players share a rank
  std::vector<int> decisions;  // per player: decisions the bot took
  std::vector<double> think_seconds;  // per player: time spent choosing (varies run to run)
  std::vector<double> longest_think;  // per player: the longest single decision, in seconds
  // Per player: the most CPU time one decision took on its thread, in seconds. Unlike the wall
  // clock it leaves out the time the thread waited for a core, so on a shared machine it is the
  // measure of "seconds per decision on one core". Reading the thread's CPU clock costs a system
  // call (microseconds, more than a quick bot's whole decision), so a bot that has been quick so
  // far (under kClockedDecision a decision on average) is not clocked and its decision counts with
  // its wall time, which is never less: the figure is then an upper bound.
  std::vector<double> longest_cpu;
  // On Tour, per player: the circled spaces on the scored route (its spaces are score - circles);
  // empty for Sorry!.
  std::vector<double> circles;
};

// The scores a game can give a player, lowest and highest (infinite where it has no bound): a
// mean's interval is cut to them, as the true mean lies within them whatever the games say.
// `wins` is what the players' wins of one game add up to (0: not known) and `whole` says that
// every score is a whole number, so that a --baseline file can be refused for games no run gives.
struct ScoreRange {
  double lo = -HUGE_VAL, hi = HUGE_VAL;
  double wins = 0;
  bool whole = false;
};

// Starts the record of game `index` for `players` players: where each sits (rotated from game to
// game when `rotate`), no decisions yet. Returns who sits at each seat.
inline std::vector<int> seat_players(GameRecord& rec, int players, bool rotate, int index) {
  rec.seat.resize(players);
  std::vector<int> player_at(players);
  for (int p = 0; p < players; ++p) {
    rec.seat[p] = rotate ? (p + index) % players : p;
    player_at[rec.seat[p]] = p;
  }
  rec.decisions.assign(players, 0);
  rec.think_seconds.assign(players, 0.0);
  rec.longest_think.assign(players, 0.0);
  rec.longest_cpu.assign(players, 0.0);
  return player_at;
}

// The mean decision time from which a bot's decisions are clocked on the CPU
// (GameRecord::longest_cpu).
inline constexpr double kClockedDecision = 50e-6;

// One decision of player `p`: returns choose()'s answer and counts the decision and its time.
template <typename Choose>
auto timed_decision(GameRecord& rec, int p, Choose&& choose) {
  const bool clocked =
      rec.decisions[p] == 0 || rec.think_seconds[p] >= kClockedDecision * rec.decisions[p];
  const auto t0 = std::chrono::steady_clock::now();
  const double cpu0 = clocked ? thread_cpu_seconds() : 0;
  auto chosen = choose();
  const double cpu1 = clocked ? thread_cpu_seconds() : 0;
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  const double cpu = clocked ? cpu1 - cpu0 : seconds;
  rec.think_seconds[p] += seconds;
  rec.longest_think[p] = std::max(rec.longest_think[p], seconds);
  rec.longest_cpu[p] = std::max(rec.longest_cpu[p], cpu);
  ++rec.decisions[p];
  return chosen;
}

// `tabletop sim --records DIR`: writes `game` (the game's own replayable form, a JSON object) to
// DIR/game-NNNNNN.json with what names it: the game number, its seed and the bot at each seat.
// `player_at` is seat_players' answer.
inline void write_game_record(const std::string& dir, int index, uint64_t seed,
                              const std::vector<std::string>& bots,
                              const std::vector<int>& player_at, Json game) {
  std::vector<std::string> seats;
  for (int p : player_at) seats.push_back(bots[p]);
  game["record"] = "tabletop sim";
  game["game_index"] = index;
  game["seed"] = seed;
  game["seats"] = seats;
  std::string number = std::to_string(index);
  if (number.size() < 6) number.insert(0, 6 - number.size(), '0');
  write_text_file(dir + "/game-" + number + ".json", json_text(game, 1) + "\n");
}

// True when every record carries the routes' circles of its `players` players (On Tour's do,
// Sorry!'s do not; a run plays one game, so it is all of them or none) and there is a record.
inline bool records_have_routes(const std::vector<GameRecord>& records, size_t players) {
  return !records.empty() && std::all_of(records.begin(), records.end(), [&](const GameRecord& r) {
    return r.circles.size() == players;
  });
}

// Ranks (1 = best) from keys where higher is better; equal keys share the better rank.
inline std::vector<int> ranks_from_keys(const std::vector<double>& keys) {
  std::vector<int> r(keys.size(), 1);
  for (size_t i = 0; i < keys.size(); ++i)
    for (size_t j = 0; j < keys.size(); ++j)
      if (keys[j] > keys[i]) ++r[i];
  return r;
}

}  // namespace tabletop::sim
