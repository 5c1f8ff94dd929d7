// Bit-set helpers over uint64_t: the maps have at most 64 spaces, so a set of spaces is one word.
#pragma once

#include <bit>
#include <cstdint>

namespace tabletop {

using SpaceSet = uint64_t;

constexpr SpaceSet bit(int i) { return SpaceSet{1} << i; }
constexpr bool has(SpaceSet s, int i) { return (s >> i) & 1u; }
constexpr int count(SpaceSet s) { return std::popcount(s); }
constexpr int lowest(SpaceSet s) { return std::countr_zero(s); }

// Index of the n-th (0-based) set bit of s; s must have more than n bits set.
inline int nth_bit(SpaceSet s, int n) {
  for (; n > 0; --n) s &= s - 1;
  return std::countr_zero(s);
}

// Calls f(i) for every set bit i, lowest first.
template <typename F>
inline void for_each_bit(SpaceSet s, F&& f) {
  while (s) {
    f(std::countr_zero(s));
    s &= s - 1;
  }
}

}  // namespace tabletop
