// Sorry! board geometry: the 60-square track, the four sides and their slides, safety zones, START
// and HOME, and the precomputed forward/backward destination tables that the move generator uses.
//
// Numbering (rules page "Board"): track squares 0..59 clockwise; side s (Red 0, Blue 1, Yellow 2,
// Green 3) owns 15s..15s+14. Offsets from 15s: +1 short slide head (slide +1..+4), +2 safety entry,
// +4 start circle (end of the short slide), +9 long slide head (slide +9..+13).
//
// A pawn's place is one small code, read with the pawn's colour (a safety square is always the
// pawn's own zone): 0..59 track, 60..64 safety 0..4, 65 HOME, 66 START.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

namespace tabletop::sorry {

enum Colour : int8_t { kRed = 0, kBlue = 1, kYellow = 2, kGreen = 3 };
constexpr int kNumColours = 4;
constexpr int kPawnsPerColour = 4;
constexpr int kNumPawns = kNumColours * kPawnsPerColour;  // pawn p has colour p / 4

constexpr int kTrackSize = 60;
constexpr int kSideLength = 15;
constexpr int kSafetySize = 5;

using Place = int8_t;
constexpr Place kSafety0 = 60;
constexpr Place kAtHome = 65;
constexpr Place kAtStart = 66;
constexpr int kNumPlaces = 67;
constexpr Place kNoPlace = -1;  // "no such move" in the tables

constexpr bool on_track(Place p) { return p >= 0 && p < kTrackSize; }
constexpr bool in_safety(Place p) { return p >= kSafety0 && p < kAtHome; }
constexpr Place safety(int k) { return static_cast<Place>(kSafety0 + k); }

constexpr Colour colour_of_pawn(int pawn) { return static_cast<Colour>(pawn / kPawnsPerColour); }
constexpr int first_pawn(Colour c) { return c * kPawnsPerColour; }

constexpr int side_start(int side) { return kSideLength * side; }
constexpr int safety_entry(Colour c) { return side_start(c) + 2; }
constexpr int start_circle(Colour c) { return side_start(c) + 4; }

// Steps from the start circle to HOME (rules page "Board"; checked by a test).
constexpr int kStepsStartCircleToHome = 64;

// The geometry tables, built once at compile time.
struct Geometry {
  // forward[c][place][n]: where a pawn of colour c at `place` ends after n forward steps (before
  // any slide), or kNoPlace when it cannot (START, HOME, past HOME). n = 1..12.
  std::array<std::array<std::array<Place, 13>, kNumPlaces>, kNumColours> forward{};
  // backward[c][place][n]: n = 1..4 steps backward; never into a safety zone, but out of one.
  std::array<std::array<std::array<Place, 5>, kNumPlaces>, kNumColours> backward{};
  // slide_end[c][square]: the end of the slide whose head is `square` if a pawn of colour c slides
  // there (a slide of another colour), else kNoPlace.
  std::array<std::array<Place, kTrackSize>, kNumColours> slide_end{};
  // landing_squares[c][square]: the track squares a pawn of colour c ending a move on `square`
  // touches: the square and, on a slide of another colour, the rest of the slide (bit i = square
  // i).
  std::array<std::array<uint64_t, kTrackSize>, kNumColours> landing_squares{};
};

constexpr Place forward_place(Colour c, Place from, int steps) {
  if (from == kAtStart || from == kAtHome || from < 0) return kNoPlace;
  if (in_safety(from)) {
    int k = from - kSafety0 + steps;
    if (k < kSafetySize) return safety(k);
    return k == kSafetySize ? kAtHome : kNoPlace;
  }
  int to_entry = (safety_entry(c) - from + kTrackSize) % kTrackSize;
  if (steps <= to_entry) return static_cast<Place>((from + steps) % kTrackSize);
  int past = steps - to_entry;  // 1 = safety 0, ..., 5 = safety 4, 6 = HOME
  if (past <= kSafetySize) return safety(past - 1);
  return past == kSafetySize + 1 ? kAtHome : kNoPlace;
}

constexpr Place backward_place(Colour c, Place from, int steps) {
  if (from == kAtStart || from == kAtHome || from < 0) return kNoPlace;
  if (in_safety(from)) {
    int k = from - kSafety0;
    if (steps <= k) return safety(k - steps);
    int beyond = steps - k - 1;  // steps taken on the track after leaving safety 0 for the entry
    return static_cast<Place>((safety_entry(c) - beyond + kTrackSize) % kTrackSize);
  }
  return static_cast<Place>((from - steps + kTrackSize) % kTrackSize);
}

// The slide whose head is `square`, as its end square, or kNoPlace when `square` is no slide head.
// `side` receives the slide's colour.
constexpr Place slide_end_any(int square, int* side = nullptr) {
  int s = square / kSideLength, off = square % kSideLength;
  if (side) *side = s;
  if (off == 1) return static_cast<Place>(side_start(s) + 4);
  if (off == 9) return static_cast<Place>(side_start(s) + 13);
  return kNoPlace;
}

constexpr Geometry build_geometry() {
  Geometry g{};
  for (int c = 0; c < kNumColours; ++c) {
    auto col = static_cast<Colour>(c);
    for (int p = 0; p < kNumPlaces; ++p) {
      g.forward[c][p][0] = kNoPlace;
      for (int n = 1; n <= 12; ++n)
        g.forward[c][p][n] = forward_place(col, static_cast<Place>(p), n);
      g.backward[c][p][0] = kNoPlace;
      for (int n = 1; n <= 4; ++n)
        g.backward[c][p][n] = backward_place(col, static_cast<Place>(p), n);
    }
    for (int q = 0; q < kTrackSize; ++q) {
      int side = 0;
      Place end = slide_end_any(q, &side);
      g.slide_end[c][q] = side == c ? kNoPlace : end;
      uint64_t touched = uint64_t{1} << q;
      for (int x = q + 1; x <= g.slide_end[c][q]; ++x) touched |= uint64_t{1} << x;
      g.landing_squares[c][q] = touched;
    }
  }
  return g;
}

// Built at compile time; every table lookup of the move generator reads this.
inline constexpr Geometry kGeometry = build_geometry();
inline const Geometry& geometry() { return kGeometry; }

// Names: "red", ...; places "start", "home", "track:N", "safety:K".
std::string_view colour_name(Colour c);
bool parse_colour(std::string_view s, Colour* c);
std::string place_name(Place p);
bool parse_place(std::string_view s, Place* p);
// "red#2": pawn 2 of Red (pawns numbered 0..3 within a colour).
std::string pawn_name(int pawn);
bool parse_pawn(std::string_view s, int* pawn);

}  // namespace tabletop::sorry
