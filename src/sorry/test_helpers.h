// Helpers shared by the Sorry! tests: run a position query written in the `sorry moves` JSON format
// and look at the resulting positions.
#pragma once

#include <set>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "sorry/movegen.h"
#include "sorry/moves_query.h"

namespace tabletop::sorry::testing {

struct Outcomes {
  MovesQuery query;
  std::vector<MoveOutcome> moves;
  std::set<std::string> positions;  // compact JSON of each resulting "pawns"
  int passes = 0;

  bool has(const std::string& pawns_json_text) const {
    return positions.count(Json::parse(pawns_json_text).dump()) > 0;
  }
  size_t size() const { return moves.size(); }
};

// No two pawns share a track square, nor two pawns of a colour a safety square.
inline void expect_no_shared_squares(const Position& pos) {
  for (int p = 0; p < kNumPawns; ++p) {
    for (int q = p + 1; q < kNumPawns; ++q) {
      Place a = pos.place(p), b = pos.place(q);
      if (a == kAtStart || a == kAtHome || a != b) continue;
      if (in_safety(a) && colour_of_pawn(p) != colour_of_pawn(q)) continue;
      ADD_FAILURE() << pawn_name(p) << " and " << pawn_name(q) << " share " << place_name(a);
    }
    if (on_track(pos.place(p))) {
      EXPECT_EQ(pos.pawn_at(pos.place(p)), p);
    }
  }
  for (int s = 0; s < kTrackSize; ++s)
    if (pos.pawn_at(s) >= 0) {
      EXPECT_EQ(pos.place(pos.pawn_at(s)), s);
    }
}

inline Outcomes run_query(const std::string& json) {
  Outcomes o;
  o.query = parse_moves_query(Json::parse(json));
  o.moves = list_moves(o.query);
  for (const auto& m : o.moves) {
    expect_no_shared_squares(m.after);
    if (m.action.kind == MoveKind::kPass) ++o.passes;
    o.positions.insert(pawns_json(m.after, o.query.options).dump());
  }
  return o;
}

// A two-player (red, yellow) query with red to play `card`.
inline Outcomes red_vs_yellow(const std::string& red, const std::string& yellow,
                              const std::string& card, const std::string& options = "{}") {
  return run_query(R"({"players": ["red", "yellow"], "pawns": {"red": )" + red + R"(, "yellow": )" +
                   yellow + R"(}, "turn": "red", "card": ")" + card + R"(", "options": )" +
                   options + "}");
}

}  // namespace tabletop::sorry::testing
