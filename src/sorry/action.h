// Sorry! actions: one small struct for every decision and chance outcome, and a fixed-capacity list
// that the move generator fills without touching the heap.
//
// Encoding (pawns are numbered 0..15, pawn p has colour p / 4; "red#2" is pawn 2 of Red):
//   kDraw      chance: `card` is drawn from the draw pile (to play it, or into a hand when playing
//              for points: the hand is the one the state is dealing to)
//   kStart     `pawn` leaves START onto its start circle (1, 2)
//   kForward   `pawn` moves `steps` forward (1, 2, 3, 5, 7, 8, 10, 11, 12; Sorry! with the
//              sorry_forward_4 option)
//   kBackward  `pawn` moves `steps` backward (4: 4 steps, 10: 1 step)
//   kSplit     7 split: `pawn` moves `steps` forward first, then `pawn2` moves `steps2` (sum 7)
//   kSwap      11: own `pawn` and opponent `pawn2` (both on the track) trade squares
//   kSorry     Sorry!: `pawn` leaves START onto the square of opponent `pawn2`, which goes to START
//   kPass      the card is discarded without moving: the only action when the card cannot be used,
//              or declining an 11 that has no forward move (the eleven_optional option)
//   kDiscard   playing for points, when no card in hand can move: discard `card`
// `card` is always the card played (or discarded, or drawn).
#pragma once

#include <array>
#include <cstdint>
#include <string>

#include "core/json_util.h"
#include "sorry/board.h"
#include "sorry/cards.h"

namespace tabletop::sorry {

enum class MoveKind : uint8_t {
  kDraw,
  kStart,
  kForward,
  kBackward,
  kSplit,
  kSwap,
  kSorry,
  kPass,
  kDiscard,
};

struct Action {
  MoveKind kind = MoveKind::kPass;
  Card card = kNoCard;
  int8_t pawn = -1;
  int8_t steps = 0;
  int8_t pawn2 = -1;
  int8_t steps2 = 0;

  static Action draw(Card c) { return {MoveKind::kDraw, c}; }
  static Action start(Card c, int pawn) { return {MoveKind::kStart, c, int8_t(pawn)}; }
  static Action forward(Card c, int pawn, int steps) {
    return {MoveKind::kForward, c, int8_t(pawn), int8_t(steps)};
  }
  static Action backward(Card c, int pawn, int steps) {
    return {MoveKind::kBackward, c, int8_t(pawn), int8_t(steps)};
  }
  static Action split(int pawn, int steps, int pawn2, int steps2) {
    return {MoveKind::kSplit, k7, int8_t(pawn), int8_t(steps), int8_t(pawn2), int8_t(steps2)};
  }
  static Action swap(int pawn, int other) {
    return {MoveKind::kSwap, k11, int8_t(pawn), 0, int8_t(other)};
  }
  static Action sorry(int pawn, int other) {
    return {MoveKind::kSorry, kSorry, int8_t(pawn), 0, int8_t(other)};
  }
  static Action pass(Card c) { return {MoveKind::kPass, c}; }
  static Action discard(Card c) { return {MoveKind::kDiscard, c}; }

  bool is_chance() const { return kind == MoveKind::kDraw; }
  bool operator==(const Action&) const = default;
};

// Enough for the largest case: a team 7 (8 pawns: 56 ordered pairs x 6 splits + 8) and a
// five-card hand in the points game.
constexpr int kMaxMoves = 512;

class MoveList {
 public:
  void push(const Action& a) { moves_[size_++] = a; }
  int size() const { return size_; }
  bool empty() const { return size_ == 0; }
  void clear() { size_ = 0; }
  const Action& operator[](int i) const { return moves_[i]; }
  const Action* begin() const { return moves_.data(); }
  const Action* end() const { return moves_.data() + size_; }
  bool contains(const Action& a) const {
    for (int i = 0; i < size_; ++i)
      if (moves_[i] == a) return true;
    return false;
  }

 private:
  std::array<Action, kMaxMoves> moves_;
  int size_ = 0;
};

// Short words: "draw", "start", "forward", ...
std::string_view kind_name(MoveKind k);

// Without the board: "7: red#0 forward 3, red#2 forward 4", "11: swap red#1 with blue#0".
std::string action_text(const Action& a);

// {"kind": "split", "card": "7", "pawn": "red#0", "steps": 3, "pawn2": "red#2", "steps2": 4}; the
// swap and Sorry! name the opponent as "other". Malformed input raises InvalidInput.
Json action_to_json(const Action& a);
Action action_from_json(const Json& j);

}  // namespace tabletop::sorry
