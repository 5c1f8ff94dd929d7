// Where every pawn is: the place of each of the 16 pawns and, for speed, which pawn stands on each
// track square. Pawns of colours not in play stay in START and never move. This class only stores;
// the rules of moving (bumps, slides) live in movegen.h.
#pragma once

#include <array>
#include <cstdint>

#include "sorry/board.h"

namespace tabletop::sorry {

class Position {
 public:
  Position() {
    place_.fill(kAtStart);
    at_.fill(-1);
  }

  Place place(int pawn) const { return place_[pawn]; }
  // The pawn on a track square, or -1.
  int pawn_at(int square) const { return at_[square]; }

  // Moves a pawn to a place without any rule: the caller makes sure a track square is free.
  void set(int pawn, Place to) {
    Place from = place_[pawn];
    if (on_track(from)) at_[from] = -1;
    place_[pawn] = to;
    if (on_track(to)) at_[to] = static_cast<int8_t>(pawn);
  }
  void send_to_start(int pawn) { set(pawn, kAtStart); }
  // Takes a pawn off the board for the middle of a move (its place is kNoPlace until set again).
  void lift(int pawn) { set(pawn, kNoPlace); }

  // The pawn of colour c on safety square k, or -1.
  int pawn_in_safety(Colour c, int k) const {
    for (int p = first_pawn(c); p < first_pawn(c) + kPawnsPerColour; ++p)
      if (place_[p] == safety(k)) return p;
    return -1;
  }
  // The lowest-numbered pawn of colour c in START, or -1: pawns in START are interchangeable, so
  // moves out of START always take this one.
  int first_in_start(Colour c) const {
    for (int p = first_pawn(c); p < first_pawn(c) + kPawnsPerColour; ++p)
      if (place_[p] == kAtStart) return p;
    return -1;
  }
  int count_at(Colour c, Place where) const {
    int n = 0;
    for (int p = first_pawn(c); p < first_pawn(c) + kPawnsPerColour; ++p) n += place_[p] == where;
    return n;
  }
  int count_home(Colour c) const { return count_at(c, kAtHome); }
  bool all_home(Colour c) const { return count_home(c) == kPawnsPerColour; }

  bool operator==(const Position&) const = default;

 private:
  std::array<Place, kNumPawns> place_;
  std::array<int8_t, kTrackSize> at_;
};

}  // namespace tabletop::sorry
