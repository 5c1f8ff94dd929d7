// Command-line validators shared by the subcommands, with messages a user can act on.
//
// Why not CLI11's own: its numeric conversion wraps "-1" into 2^64 - 1 for an unsigned seed and
// clamps a number too large for the type, and its Range check prints the bounds of a double in
// full (hundreds of digits). These check the text before it is converted.
#pragma once

#include <charconv>
#include <cstdint>
#include <string>

#include <fmt/format.h>
#include <CLI/CLI.hpp>

namespace tabletop::cli {

// A whole number from lo to hi, written in decimal digits (a leading '-' only for negative
// bounds).
inline CLI::Validator whole_number(long long lo, long long hi) {
  return CLI::Validator(
      [lo, hi](std::string& text) -> std::string {
        long long v = 0;
        const char* end = text.data() + text.size();
        auto [at, ec] = std::from_chars(text.data(), end, v);
        if (text.empty() || ec != std::errc() || at != end || v < lo || v > hi)
          return fmt::format("{} is not a whole number from {} to {}", text, lo, hi);
        return {};
      },
      fmt::format("INT in [{} - {}]", lo, hi));
}

// A seed: a whole number from 0 to 2^64 - 1.
inline CLI::Validator seed_number() {
  return CLI::Validator(
      [](std::string& text) -> std::string {
        uint64_t v = 0;
        const char* end = text.data() + text.size();
        auto [at, ec] = std::from_chars(text.data(), end, v);
        if (text.empty() || ec != std::errc() || at != end)
          return fmt::format("{} is not a seed (a whole number from 0 to {})", text, UINT64_MAX);
        return {};
      },
      "SEED");
}

}  // namespace tabletop::cli
