// Small text helpers shared by the command line and the option parsers.
#pragma once

#include <charconv>
#include <cstdlib>
#include <string>
#include <string_view>
#include <system_error>
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

// `text` without the blanks around it (spaces, tabs, CR, LF): " greedy\r" -> "greedy".
inline std::string_view trimmed(std::string_view text) {
  const auto blank = [](char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; };
  while (!text.empty() && blank(text.front())) text.remove_prefix(1);
  while (!text.empty() && blank(text.back())) text.remove_suffix(1);
  return text;
}

// trimmed(text) in lower case (ASCII): how a typed command is compared ("  Quit\r" -> "quit").
inline std::string lower_trimmed(std::string_view text) {
  std::string out(trimmed(text));
  for (char& c : out)
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  return out;
}

// Whether `a` and `b` are the same in any case (ASCII): how names are compared ("USA" is usa).
inline bool same_ignoring_case(std::string_view a, std::string_view b) {
  auto lower = [](char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; };
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i)
    if (lower(a[i]) != lower(b[i])) return false;
  return true;
}

// `text` in upper case (ASCII): how space ids and typed words are compared ("wa" -> "WA").
inline std::string upper(std::string_view text) {
  std::string out(text);
  for (char& c : out)
    if (c >= 'a' && c <= 'z') c = static_cast<char>(c - 'a' + 'A');
  return out;
}

// True when the whole of `text` is an integer of type Int in decimal digits (a leading '-' for a
// signed Int), stored in `out`; "", "12x" and out-of-range text are false.
template <typename Int>
bool parse_whole(std::string_view text, Int& out) {
  const char* end = text.data() + text.size();
  auto [at, ec] = std::from_chars(text.data(), end, out);
  return !text.empty() && ec == std::errc() && at == end;
}

// True when the whole of `text` is a number as strtod reads it, stored in `out`.
inline bool parse_real(const std::string& text, double& out) {
  char* end = nullptr;
  out = std::strtod(text.c_str(), &end);
  return end != text.c_str() && *end == '\0';
}

}  // namespace tabletop
