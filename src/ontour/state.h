// On Tour: the game as a state machine (rules: ../shared/rules/ontour.md).
//
// Rules implemented:
//   Setup: `setup_rolls` times, roll until the dice differ, draw a card (every player writes the
//   low number there, circled), draw a second (the high number, circled); those cards leave the
//   game. A turn with 3+ empty spaces: reveal 3 cards (an empty pile takes the shuffled discards),
//   roll. Doubles or three cards of one region: a star turn (one star in a shown region; circled on
//   a named space). Otherwise both numbers, each with a different card, into that card's region;
//   circled on the card's own space. A number or star that cannot be placed becomes an X (the
//   player must place as many as the rules allow). With 1 or 2 empty spaces: no cards; doubles give
//   an uncircled star, else the numbers fill the empty spaces. When no space is empty, every
//   player's best route is scored: spaces + circles, ties broken by circles, else shared. Options:
//   see options.h.
//
// Who decides: chance (a roll or a draw, phase kSetupRoll/kSetupDraw/kDraw/kRoll) or all players
// at once (phase kPlace): each player submits one Placement for the turn, in any order; the turn
// ends when all have. Every action is checked; an illegal one raises IllegalAction with the reason.
// The log (chance actions and placements in order) replays the game exactly.
//
// Driving a game:
//   State s(Map::builtin("usa"), Options{}, 1);
//   while (!s.is_terminal()) {
//     if (s.is_chance()) s.apply_chance(s.sample_chance(rng));
//     else for (int p = 0; p < s.num_players(); ++p)
//       if (s.awaiting(p)) s.apply(p, s.random_placement(p, rng));
//   }
//   auto results = s.results();
#pragma once

#include <array>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/json_util.h"
#include "core/rng.h"
#include "ontour/actions.h"
#include "ontour/map.h"
#include "ontour/options.h"
#include "ontour/scorer.h"
#include "ontour/sheet.h"

namespace tabletop::ontour {

enum class Phase : uint8_t { kSetupRoll, kSetupDraw, kDraw, kRoll, kPlace, kGameOver };

enum class TurnKind : uint8_t {
  kNone,         // not in a turn (setup, game over)
  kNumbers,      // both numbers, with cards
  kStar,         // a star in a shown region (doubles or three cards of one region)
  kLastNumbers,  // 1 or 2 empty spaces, no doubles: numbers into the empty spaces
  kLastStar,     // 1 or 2 empty spaces, doubles: an uncircled star
};

struct LogEntry {
  bool chance = true;
  ChanceAction chance_action;
  int player = -1;
  Placement placement;
  bool operator==(const LogEntry&) const = default;
};

struct PlayerResult {
  Route route;
  bool winner = false;
};

// Who wins: the highest score, then the most circles; players still tied share the win.
std::vector<bool> winners(const std::vector<Route>& routes);

// The most players one game seats: every player writes on a sheet of their own, so the game has
// no limit of its own, but a game (and a record read back) seats at most this many.
inline constexpr int kMaxPlayers = 64;

class State {
 public:
  State(std::shared_ptr<const Map> map, Options options, int num_players);
  // For the shipped maps, which live for the whole program.
  State(const Map& builtin_map, Options options, int num_players);

  const Map& map() const { return *map_; }
  std::shared_ptr<const Map> map_ptr() const { return map_; }
  const Options& options() const { return options_; }
  int num_players() const { return static_cast<int>(sheets_.size()); }
  Phase phase() const { return phase_; }
  bool is_chance() const { return phase_ != Phase::kPlace && phase_ != Phase::kGameOver; }
  bool is_terminal() const { return phase_ == Phase::kGameOver; }

  // --- chance ---
  // Every possible outcome of the pending chance step; all are equally likely.
  std::vector<ChanceAction> chance_outcomes() const;
  ChanceAction sample_chance(Rng& rng) const;
  // Why `a` is not a possible outcome now, or nullopt.
  std::optional<std::string> check_chance(const ChanceAction& a) const;
  void apply_chance(const ChanceAction& a);

  // --- decisions ---
  // True while `player` has not yet submitted this turn's placement.
  bool awaiting(int player) const;
  std::vector<Placement> legal_placements(int player) const;
  // Why the placement is illegal for `player` now, or nullopt when legal.
  std::optional<std::string> check(int player, const Placement& p) const;
  void apply(int player, const Placement& p);
  // The player's sheet with `p` written as apply writes it (circles included), the state left as
  // it is; `p` is not checked.
  Sheet sheet_after(int player, const Placement& p) const;
  // A legal placement drawn uniformly over (number-to-card, space) choices; fast, no allocation.
  Placement random_placement(int player, Rng& rng) const;

  // --- what the table shows ---
  const Sheet& sheet(int player) const { return sheets_[player]; }
  TurnKind turn_kind() const { return turn_kind_; }
  int turn() const { return turn_; }  // 1-based once play starts; 0 during setup
  Dice dice() const { return dice_; }
  int revealed_count() const { return revealed_count_; }
  int revealed(int slot) const { return revealed_[slot]; }  // card index
  int empty_count() const { return empty_count_; }
  int draw_pile_size() const;
  int discard_size() const;
  // Spaces a card slot allows this turn (its region), and the union over the revealed cards.
  SpaceSet card_region(int slot) const;
  SpaceSet shown_regions() const;
  // How many of this turn's numbers the player can place (0..2); stars count as one.
  int max_placeable(int player) const;

  // --- end ---
  // Best route of each player and the winners (highest score, then circles; ties share).
  std::vector<PlayerResult> results() const;

  const std::vector<LogEntry>& log() const { return log_; }
  Json to_json() const;
  // Rebuilds a state by replaying a log; raises InvalidInput / IllegalAction naming the bad entry.
  static State from_json(const Json& j);

  bool operator==(const State& o) const;

 private:
  void start_turn();
  void end_turn();
  void apply_setup_draw(int card);
  // Writes `p` onto `sheet` as the current turn circles it (apply and sheet_after).
  void write_onto(Sheet& sheet, const Placement& p) const;
  SpaceSet x_room(int player, SpaceSet used) const;

  std::shared_ptr<const Map> map_;
  Options options_;
  std::vector<Sheet> sheets_;
  Phase phase_ = Phase::kSetupRoll;
  TurnKind turn_kind_ = TurnKind::kNone;
  int turn_ = 0;
  int setup_rolls_done_ = 0;
  int setup_draws_ = 0;  // draws after the current setup roll
  Dice dice_;
  uint64_t draw_pile_ = 0;  // card indices
  uint64_t discards_ = 0;
  std::array<int, 3> revealed_{-1, -1, -1};
  int revealed_count_ = 0;
  int empty_count_ = 0;
  std::vector<uint8_t> awaiting_;  // per player: still to place this turn
  int awaiting_count_ = 0;
  std::vector<LogEntry> log_;
};

}  // namespace tabletop::ontour
