// Seeded random numbers for every game, bot and simulation in tabletop.
//
// A PCG32 generator (O'Neill's permuted congruential generator, XSH-RR output): small, fast,
// statistically sound, and its whole state is two 64-bit words, so it can be saved into a game
// record and restored exactly. Streams let one seed give independent generators (one per game of a
// simulation, one per bot) without them overlapping.
#pragma once

#include <cstdint>
#include <limits>

#include <nlohmann/json_fwd.hpp>

namespace tabletop {

struct RngState {
  uint64_t state = 0;
  uint64_t inc = 0;
  bool operator==(const RngState&) const = default;
};

class Rng {
 public:
  using result_type = uint32_t;

  Rng() : Rng(0) {}
  explicit Rng(uint64_t seed, uint64_t stream = 0) { reseed(seed, stream); }

  void reseed(uint64_t seed, uint64_t stream = 0) {
    s_.state = 0;
    s_.inc = (stream << 1u) | 1u;
    next_u32();
    s_.state += seed;
    next_u32();
  }

  uint32_t next_u32() {
    uint64_t old = s_.state;
    s_.state = old * 6364136223846793005ULL + s_.inc;
    auto xorshifted = static_cast<uint32_t>(((old >> 18u) ^ old) >> 27u);
    auto rot = static_cast<uint32_t>(old >> 59u);
    return (xorshifted >> rot) | (xorshifted << ((32 - rot) & 31));
  }

  // The high half first, in that order by statement (the operands of | have no order in C++).
  uint64_t next_u64() {
    const uint64_t hi = next_u32();
    return hi << 32 | next_u32();
  }

  // Uniform in [0, n), without modulo bias (Lemire's multiply-and-reject). n must be > 0.
  uint32_t uniform(uint32_t n) {
    uint64_t m = static_cast<uint64_t>(next_u32()) * n;
    auto low = static_cast<uint32_t>(m);
    if (low < n) {
      uint32_t threshold = (0u - n) % n;
      while (low < threshold) {
        m = static_cast<uint64_t>(next_u32()) * n;
        low = static_cast<uint32_t>(m);
      }
    }
    return static_cast<uint32_t>(m >> 32);
  }

  // Uniform in [0, 1).
  double uniform_real() { return (next_u64() >> 11) * 0x1.0p-53; }

  RngState state() const { return s_; }
  void restore(const RngState& s) { s_ = s; }

  // std::uniform_random_bit_generator, so std::shuffle and friends accept it.
  static constexpr uint32_t min() { return 0; }
  static constexpr uint32_t max() { return std::numeric_limits<uint32_t>::max(); }
  uint32_t operator()() { return next_u32(); }

  bool operator==(const Rng&) const = default;

 private:
  RngState s_;
};

// Mixes a seed and an index into a new well-spread seed (SplitMix64 finaliser); used to give game
// number i of a simulation its own seed so results never depend on how games are spread over
// threads.
inline uint64_t mix_seed(uint64_t seed, uint64_t index) {
  uint64_t z = seed + 0x9E3779B97F4A7C15ULL * (index + 1);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

void to_json(nlohmann::json& j, const RngState& s);
void from_json(const nlohmann::json& j, RngState& s);

}  // namespace tabletop
