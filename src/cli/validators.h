// Command-line validators shared by the subcommands, with messages a user can act on.
//
// Why not CLI11's own: its numeric conversion wraps "-1" into 2^64 - 1 for an unsigned seed and
// clamps a number too large for the type, and its Range check prints the bounds of a double in
// full (hundreds of digits). These check the text before it is converted.
#pragma once

#include <cmath>
#include <cstdint>
#include <filesystem>
#include <string>
#include <utility>

#include <fmt/format.h>
#include <CLI/CLI.hpp>

#include "core/text.h"

namespace tabletop::cli {

// Text that is an Int from lo to hi in decimal digits (a leading '-' only for a negative lo);
// otherwise "<text> is not <what>". Given to an option by `transform`, not `check`: the text is
// then written again as the number it is, so that CLI11 converts "010" as ten and not as an octal
// eight.
template <typename Int>
CLI::Validator integer_text(Int lo, Int hi, std::string what, std::string name) {
  return CLI::Validator(
      [lo, hi, what](std::string& text) -> std::string {
        Int v{};
        if (!parse_whole(text, v) || v < lo || v > hi)
          return fmt::format("{} is not {}", text.empty() ? "\"\"" : text, what);
        text = fmt::format("{}", v);
        return {};
      },
      std::move(name));
}

// A whole number from lo to hi.
inline CLI::Validator whole_number(long long lo, long long hi) {
  return integer_text(lo, hi, fmt::format("a whole number from {} to {}", lo, hi),
                      fmt::format("INT in [{} - {}]", lo, hi));
}

// A seed: a whole number from 0 to 2^64 - 1.
inline CLI::Validator seed_number() {
  return integer_text<uint64_t>(
      0, UINT64_MAX, fmt::format("a seed (a whole number from 0 to {})", UINT64_MAX), "SEED");
}

// A number from lo to hi (a finite one: "nan" and "inf" are not numbers here).
inline CLI::Validator real_number(double lo, double hi) {
  return CLI::Validator(
      [lo, hi](std::string& text) -> std::string {
        double v = 0;
        if (!parse_real(text, v) || !std::isfinite(v) || v < lo || v > hi)
          return fmt::format("{} is not a number from {} to {}", text, lo, hi);
        return {};
      },
      fmt::format("NUMBER in [{} - {}]", lo, hi));
}

// A file name: any text but the empty one, which would write or read nothing without a word.
inline CLI::Validator file_name() {
  return CLI::Validator(
      [](std::string& text) -> std::string {
        return text.empty() ? "the file name is empty" : std::string();
      },
      "FILE");
}

// A file to read: there, and not a directory ("cannot open F: no such file").
inline CLI::Validator existing_file() {
  return CLI::Validator(
      [](std::string& text) -> std::string {
        if (text.empty()) return "the file name is empty";
        std::error_code ec;
        const auto status = std::filesystem::status(text, ec);
        if (ec && ec != std::errc::no_such_file_or_directory)  // e.g. a directory not to be read
          return fmt::format("cannot open {}: {}", text, ec.message());
        if (!std::filesystem::exists(status))
          return fmt::format("cannot open {}: no such file", text);
        if (std::filesystem::is_directory(status))
          return fmt::format("cannot open {}: it is a directory", text);
        return {};
      },
      "FILE");
}

}  // namespace tabletop::cli
