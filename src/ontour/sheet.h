// One player's On Tour map: what is written in each space, and which spaces are circled.
//
// A cell is empty, a number 0..99, a star or an X. Sets of spaces (filled, stars, crosses, circled)
// are kept as bit words beside the cells, so the hot paths (legal placements, the route scorer)
// work on whole sets at once.
#pragma once

#include <array>
#include <cstdint>

#include "core/bits.h"
#include "ontour/map.h"

namespace tabletop::ontour {

constexpr int8_t kEmptyCell = -1;
constexpr int8_t kStarCell = 100;
constexpr int8_t kCrossCell = 101;
constexpr int kMaxNumber = 99;

class Sheet {
 public:
  Sheet() { cells_.fill(kEmptyCell); }

  int8_t cell(int space) const { return cells_[space]; }
  bool is_empty(int space) const { return !has(filled_, space); }
  bool is_number(int space) const { return cells_[space] >= 0 && cells_[space] <= kMaxNumber; }
  bool is_star(int space) const { return has(stars_, space); }
  bool is_cross(int space) const { return has(crosses_, space); }
  bool is_circled(int space) const { return has(circled_, space); }

  SpaceSet filled() const { return filled_; }
  SpaceSet stars() const { return stars_; }
  SpaceSet crosses() const { return crosses_; }
  SpaceSet circled() const { return circled_; }
  // Spaces a route may enter: numbers and stars.
  SpaceSet enterable() const { return filled_ & ~crosses_; }
  SpaceSet empty(const Map& map) const { return map.all_spaces() & ~filled_; }

  // Writing never overwrites: the caller checks the space is empty first.
  void write_number(int space, int value, bool circle) {
    cells_[space] = static_cast<int8_t>(value);
    filled_ |= bit(space);
    if (circle) circled_ |= bit(space);
  }
  void write_star(int space, bool circle) {
    cells_[space] = kStarCell;
    filled_ |= bit(space);
    stars_ |= bit(space);
    if (circle) circled_ |= bit(space);
  }
  void write_cross(int space) {
    cells_[space] = kCrossCell;
    filled_ |= bit(space);
    crosses_ |= bit(space);
  }

  bool operator==(const Sheet&) const = default;

 private:
  std::array<int8_t, kMaxSpaces> cells_{};
  SpaceSet filled_ = 0, stars_ = 0, crosses_ = 0, circled_ = 0;
};

}  // namespace tabletop::ontour
