#include "sorry/board.h"

#include <charconv>

#include "core/text.h"

namespace tabletop::sorry {

namespace {

constexpr std::array<std::string_view, kNumColours> kColourNames = {"red", "blue", "yellow",
                                                                    "green"};

bool parse_int(std::string_view s, int* out) {
  if (s.empty()) return false;
  auto [ptr, ec] = std::from_chars(s.data(), s.data() + s.size(), *out);
  return ec == std::errc() && ptr == s.data() + s.size();
}

}  // namespace

std::string_view colour_name(Colour c) { return kColourNames[c]; }

bool parse_colour(std::string_view s, Colour* c) {
  s = trimmed(s);
  for (int i = 0; i < kNumColours; ++i) {
    if (same_ignoring_case(s, kColourNames[i])) {  // "Yellow" is yellow
      *c = static_cast<Colour>(i);
      return true;
    }
  }
  return false;
}

std::string place_name(Place p) {
  if (p == kAtStart) return "start";
  if (p == kAtHome) return "home";
  if (in_safety(p)) return "safety:" + std::to_string(p - kSafety0);
  return "track:" + std::to_string(p);
}

bool parse_place(std::string_view s, Place* p) {
  int n = 0;
  if (s == "start") {
    *p = kAtStart;
  } else if (s == "home") {
    *p = kAtHome;
  } else if (s.starts_with("track:") && parse_int(s.substr(6), &n) && n >= 0 && n < kTrackSize) {
    *p = static_cast<Place>(n);
  } else if (s.starts_with("safety:") && parse_int(s.substr(7), &n) && n >= 0 && n < kSafetySize) {
    *p = safety(n);
  } else {
    return false;
  }
  return true;
}

std::string pawn_name(int pawn) {
  return std::string(colour_name(colour_of_pawn(pawn))) + "#" +
         std::to_string(pawn % kPawnsPerColour);
}

bool parse_pawn(std::string_view s, int* pawn) {
  auto hash = s.find('#');
  Colour c{};
  int k = 0;
  if (hash == std::string_view::npos || !parse_colour(s.substr(0, hash), &c) ||
      !parse_int(s.substr(hash + 1), &k) || k < 0 || k >= kPawnsPerColour)
    return false;
  *pawn = first_pawn(c) + k;
  return true;
}

}  // namespace tabletop::sorry
