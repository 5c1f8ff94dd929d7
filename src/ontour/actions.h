// On Tour actions: the chance steps and a player's decision for one turn.
//
// Chance is explicit so that a game replays exactly from its log and a server never has to reveal a
// seed: a draw names the card drawn (any card left in the draw pile, all equally likely; the pile
// has no order), a roll names both dice.
//
// A player's decision for a turn is one Placement of up to two Writes:
//   - a number: {kNumber, space, value, card} where card is the slot (0..2) of the turn's revealed
//     card it uses (messages for people number the cards 1..3); in the last turns (no cards) card
//     is -1;
//   - a star:   {kStar, space, -, -1};
//   - an X:     {kCross, space, -, -1}.
// Numbers turn: exactly two writes (each number placed, or an X for a number that cannot be).
// Star turn and the last turns with one empty space or doubles: one write. Last turn with two empty
// spaces and no doubles: two writes.
#pragma once

#include <array>
#include <cstdint>
#include <string>

#include "core/json_util.h"
#include "ontour/map.h"
#include "ontour/sheet.h"

namespace tabletop::ontour {

struct Dice {
  uint8_t a = 0, b = 0;
  bool doubles() const { return a == b; }
  int low() const { return a < b ? 10 * a + b : 10 * b + a; }
  int high() const { return a < b ? 10 * b + a : 10 * a + b; }
  bool operator==(const Dice&) const = default;
};

struct ChanceAction {
  enum class Kind : uint8_t { kRoll, kDraw };
  Kind kind = Kind::kRoll;
  Dice dice;      // kRoll
  int card = -1;  // kDraw: index into Map::cards()
  static ChanceAction roll(int a, int b) {
    return {Kind::kRoll, Dice{static_cast<uint8_t>(a), static_cast<uint8_t>(b)}, -1};
  }
  static ChanceAction draw(int card) { return {Kind::kDraw, Dice{}, card}; }
  bool operator==(const ChanceAction&) const = default;
};

enum class WriteKind : uint8_t { kNumber, kStar, kCross };

struct Write {
  WriteKind kind = WriteKind::kCross;
  int8_t space = -1;
  int8_t value = -1;  // kNumber only
  int8_t card = -1;   // kNumber in a turn with cards: slot 0..2 of the revealed card used
  static Write number(int space, int value, int card) {
    return {WriteKind::kNumber, static_cast<int8_t>(space), static_cast<int8_t>(value),
            static_cast<int8_t>(card)};
  }
  static Write star(int space) { return {WriteKind::kStar, static_cast<int8_t>(space), -1, -1}; }
  static Write cross(int space) { return {WriteKind::kCross, static_cast<int8_t>(space), -1, -1}; }
  bool operator==(const Write&) const = default;
};

struct Placement {
  std::array<Write, 2> writes{};
  uint8_t count = 0;
  void add(const Write& w) { writes[count++] = w; }
  bool operator==(const Placement& o) const {
    if (count != o.count) return false;
    for (int i = 0; i < count; ++i)
      if (!(writes[i] == o.writes[i])) return false;
    return true;
  }
};

// JSON forms:
//   {"roll": [3, 7]}   {"draw": "WA"}
//   {"player": 0, "writes": [{"space": "WA", "write": 37, "card": 0}, {"space": "OR", "write":
//   "X"}]}
Json chance_to_json(const Map& map, const ChanceAction& a);
ChanceAction chance_from_json(const Map& map, const Json& j);
Json placement_to_json(const Map& map, const Placement& p);
Placement placement_from_json(const Map& map, const Json& j);

// Human-readable, e.g. "37 in WA (card 1), X in OR"; two numbers low first, as a player types
// them. Given the sheet after it, a write that came out circled says so: "37 in WA (card 1,
// circled)".
std::string describe(const Map& map, const Placement& p, const Sheet* after = nullptr);

}  // namespace tabletop::ontour
