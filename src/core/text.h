// Small text helpers shared by the command line and the option parsers.
#pragma once

#include <algorithm>
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

// The edit distance between two words (insertions, deletions, substitutions; a swap of two
// neighbours counts one): "strnog" is 1 from "strong".
inline size_t edit_distance(std::string_view a, std::string_view b) {
  std::vector<std::vector<size_t>> d(a.size() + 1, std::vector<size_t>(b.size() + 1));
  for (size_t i = 0; i <= a.size(); ++i) d[i][0] = i;
  for (size_t j = 0; j <= b.size(); ++j) d[0][j] = j;
  for (size_t i = 1; i <= a.size(); ++i)
    for (size_t j = 1; j <= b.size(); ++j) {
      d[i][j] = std::min(
          {d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)});
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1])
        d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
    }
  return d[a.size()][b.size()];
}

// The one of `names` that `typed` most likely means: a slip or two from it (one for a word of up
// to four letters, two for a longer one; case and blanks around it not counted; the nearest, the
// first of equals), else "". "fastt_start" is fast_start, "yelow" yellow.
inline std::string likely_name(std::string_view typed, const std::vector<std::string>& names) {
  const std::string word = lower_trimmed(typed);
  std::string best;
  size_t best_distance = word.size() <= 4 ? 2 : 3;  // past the slips allowed
  for (const std::string& name : names)
    if (const size_t d = edit_distance(word, name); d < best_distance) {
      best = name;
      best_distance = d;
    }
  return best;
}

// What a message naming an unknown name adds: "; did you mean fast_start?" (likely_name), or "".
inline std::string did_you_mean(std::string_view typed, const std::vector<std::string>& names) {
  const std::string name = likely_name(typed, names);
  return name.empty() ? "" : "; did you mean " + name + "?";
}

// Whether `text` holds `word` where a number in it is not part of a longer one: "track:5" is in
// "track:5 -> home" but not in "track:55", "2" not in "12" (a word may still begin another:
// "bump" is in "bumps").
inline bool mentions(std::string_view text, std::string_view word) {
  if (word.empty()) return false;
  const auto digit = [](char c) { return c >= '0' && c <= '9'; };
  for (size_t at = text.find(word); at != std::string_view::npos; at = text.find(word, at + 1)) {
    const size_t end = at + word.size();
    const bool cut_before = digit(word.front()) && at > 0 && digit(text[at - 1]);
    const bool cut_after = digit(word.back()) && end < text.size() && digit(text[end]);
    if (!cut_before && !cut_after) return true;
  }
  return false;
}

// `text` as one word for a POSIX shell, to be pasted into a command: as it is when it has only
// letters, digits and _ . / : = @ % + , -, else in single quotes ("my game.json" ->
// "'my game.json'", "it's" -> "'it'\''s'").
inline std::string shell_quoted(std::string_view text) {
  const auto plain = [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
           std::string_view("_./:=@%+,-").find(c) != std::string_view::npos;
  };
  bool as_is = !text.empty();
  for (char c : text) as_is = as_is && plain(c);
  if (as_is) return std::string(text);
  std::string out = "'";
  for (char c : text) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
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
