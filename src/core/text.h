// Small text helpers shared by the command line and the option parsers.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace tabletop {

// "a,b,,c" -> {"a", "b", "", "c"}: every piece between separators, empty ones included (the
// caller says what an empty piece means); "" -> {""}.
inline std::vector<std::string> split_list(std::string_view text, char separator = ',') {
  std::vector<std::string> pieces;
  for (size_t pos = 0;;) {
    const size_t end = text.find(separator, pos);
    pieces.emplace_back(text.substr(pos, end == std::string_view::npos ? end : end - pos));
    if (end == std::string_view::npos) return pieces;
    pos = end + 1;
  }
}

}  // namespace tabletop
