// A tiny incremental 64-bit hash (FNV-1a) for bench signatures and state fingerprints. Stable
// across platforms and runs, so a signature changes only when the hashed games change.
#pragma once

#include <cstdint>
#include <string_view>

namespace tabletop {

class Fnv1a {
 public:
  void add_byte(uint8_t b) {
    h_ ^= b;
    h_ *= 0x100000001b3ULL;
  }
  void add(uint64_t v) {
    for (int i = 0; i < 8; ++i) add_byte(static_cast<uint8_t>(v >> (8 * i)));
  }
  void add(std::string_view s) {
    for (char c : s) add_byte(static_cast<uint8_t>(c));
    add_byte(0xff);
  }
  uint64_t value() const { return h_; }

 private:
  uint64_t h_ = 0xcbf29ce484222325ULL;
};

}  // namespace tabletop
