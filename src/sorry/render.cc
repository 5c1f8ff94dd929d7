#include "sorry/render.h"

#include <array>

#include <fmt/format.h>

#include "sorry/movegen.h"

namespace tabletop::sorry {

namespace {

constexpr int kGrid = 16;
constexpr std::array<char, kNumColours> kLetters = {'R', 'B', 'Y', 'G'};

struct Cell {
  int r, c;
};

// Rotates a cell of Red's side (the top row) to side s.
Cell rotate(Cell x, int s) {
  for (int i = 0; i < s; ++i) x = {x.c, kGrid - 1 - x.r};
  return x;
}

Cell track_cell(int square) {
  int s = square / kSideLength, off = square % kSideLength;
  return rotate({0, off}, s);
}

std::string pawn_label(int pawn) {
  return fmt::format("{}{}", kLetters[colour_of_pawn(pawn)], pawn % kPawnsPerColour);
}

}  // namespace

std::string pawns_line(const Position& pos, Colour c) {
  std::string s = fmt::format("{}:", colour_name(c));
  for (int k = 0; k < kPawnsPerColour; ++k)
    s += fmt::format("{} {}", k ? "," : "", place_name(pos.place(first_pawn(c) + k)));
  return s;
}

std::string board_legend() {
  return "R0, Y2 ... = a pawn (red#0, yellow#2 in the moves), S = START, H = HOME (pawn counts),\n"
         "lower-case letters = safety zones, > v < ^ slide heads (pointing the way the slide "
         "runs)\nand - the slide; the numbers round the board are the track squares of the moves "
         "(track:N)\n";
}

std::string render_board(const Position& pos, const Options& o, bool legend) {
  std::array<std::array<std::string, kGrid>, kGrid> cells;
  for (auto& row : cells) row.fill("   ");
  for (int q = 0; q < kTrackSize; ++q) {
    Cell x = track_cell(q);
    int off = q % kSideLength;
    std::string mark = " . ";
    // A slide head points the way its slide runs round the board: right along the top, down the
    // right side, left along the bottom, up the left side.
    if (off == 1 || off == 9) mark = fmt::format(" {} ", ">v<^"[q / kSideLength]);
    if ((off >= 2 && off <= 4) || (off >= 10 && off <= 13)) mark = " - ";
    int p = pos.pawn_at(q);
    if (p >= 0) mark = pawn_label(p) + " ";
    cells[x.r][x.c] = mark;
  }
  for (int c = 0; c < kNumColours; ++c) {
    auto col = static_cast<Colour>(c);
    char lower = static_cast<char>(kLetters[c] - 'A' + 'a');
    for (int k = 0; k < kSafetySize; ++k) {
      Cell x = rotate({1 + k, 2}, c);
      int p = pos.pawn_in_safety(col, k);
      cells[x.r][x.c] = p >= 0 && o.in_play(col) ? pawn_label(p) + " " : fmt::format(" {} ", lower);
    }
    if (!o.in_play(col)) continue;
    Cell home = rotate({1 + kSafetySize, 2}, c);
    cells[home.r][home.c] = fmt::format("H{} ", pos.count_home(col));
    Cell start = rotate({1, 4}, c);
    cells[start.r][start.c] = fmt::format("S{} ", pos.count_at(col, kAtStart));
  }
  // A ruler of track numbers round the board, every fifth square beside its cell, so that the
  // moves' "track:N" can be found without counting: the rows and columns where the track turns
  // are labelled above and below the board, the others at the side.
  constexpr int kMargin = 4;  // the left labels' width
  const auto ruler = [&](const std::array<int, 4>& squares) {
    std::string line(kMargin + 3 * kGrid, ' ');
    for (int q : squares) {
      const Cell x = track_cell(q);
      const std::string label = std::to_string(q);
      line.replace(static_cast<size_t>(kMargin + 3 * x.c + 1), label.size(), label);
    }
    while (!line.empty() && line.back() == ' ') line.pop_back();
    return line + "\n";
  };
  std::string out = ruler({0, 5, 10, 15});
  for (int r = 0; r < kGrid; ++r) {
    std::string left(kMargin, ' '), right;
    const int west = kTrackSize - r, east = kSideLength + r;  // the squares at the row's ends
    if (r > 0 && r < kGrid - 1 && west % 5 == 0) left = fmt::format("{:>3} ", west);
    if (r > 0 && r < kGrid - 1 && east % 5 == 0) right = fmt::format(" {}", east);
    std::string line = left;
    for (const auto& cell : cells[r]) line += cell;
    if (right.empty())
      while (!line.empty() && line.back() == ' ') line.pop_back();
    out += line + right + "\n";
  }
  out += ruler({45, 40, 35, 30});
  if (legend) out += board_legend();
  for (int c = 0; c < kNumColours; ++c)
    if (o.in_play(static_cast<Colour>(c))) out += pawns_line(pos, static_cast<Colour>(c)) + "\n";
  return out;
}

std::string describe_pass(Card card) {
  return fmt::format("pass: the {} is discarded without moving", card_title(card));
}

std::string describe_move(const Position& before, const Position& after, const Action& a,
                          const Options& o) {
  // "red#0 track:10 -> track:19 (slides from track:16)": a pawn from where it stood to `end`, the
  // slide named when `end` is not the square it stepped to.
  auto moved = [&](int pawn, Place stepped, Place end) {
    std::string t = fmt::format("{} {} -> {}", pawn_name(pawn), place_name(before.place(pawn)),
                                place_name(end));
    if (end != stepped) t += fmt::format(" (slides from {})", place_name(stepped));
    return t;
  };
  std::string card(card_name(a.card));
  std::string s;
  switch (a.kind) {
    case MoveKind::kStart:
    case MoveKind::kForward:
    case MoveKind::kBackward: {
      Colour c = colour_of_pawn(a.pawn);
      Place plain = a.kind == MoveKind::kStart ? static_cast<Place>(start_circle(c))
                    : a.kind == MoveKind::kForward
                        ? geometry().forward[c][before.place(a.pawn)][a.steps]
                        : geometry().backward[c][before.place(a.pawn)][a.steps];
      s = fmt::format("{}: {}", card, moved(a.pawn, plain, after.place(a.pawn)));
      if (a.kind == MoveKind::kBackward) s += fmt::format(" (back {})", a.steps);
      break;
    }
    case MoveKind::kSplit: {
      // Each part with its steps, where it took its pawn (the first pawn shown where its part took
      // it, its slide included: the second part may then bump it back to START) and whom it bumped,
      // read from the position between the parts as the engine played them: whether a slide bumps
      // a pawn of the slider's colour depends on own_pawns_bumped_on_slide, and a pawn the first
      // part's slide left in place may be the second part's bump.
      const Colour c1 = colour_of_pawn(a.pawn), c2 = colour_of_pawn(a.pawn2);
      Position between = before;
      apply_card_move(between, o, Action::forward(a.card, a.pawn, a.steps));
      const Place stepped1 = geometry().forward[c1][before.place(a.pawn)][a.steps];
      const Place stepped2 = geometry().forward[c2][before.place(a.pawn2)][a.steps2];
      const auto part = [&](const Position& from, const Position& to, int pawn, Place stepped) {
        std::string t = moved(pawn, stepped, to.place(pawn)), bumped;
        for (int p = 0; p < kNumPawns; ++p)
          if (from.place(p) != kAtStart && to.place(p) == kAtStart)
            bumped += (bumped.empty() ? "" : ", ") + pawn_name(p);
        if (!bumped.empty()) t += " (bumps " + bumped + ")";
        return t;
      };
      return fmt::format("7 as {} + {}: {}, then {}", a.steps, a.steps2,
                         part(before, between, a.pawn, stepped1),
                         part(between, after, a.pawn2, stepped2));
    }
    case MoveKind::kSwap:
      s = fmt::format("11: swap {} ({}) with {} ({})", pawn_name(a.pawn),
                      place_name(before.place(a.pawn)), pawn_name(a.pawn2),
                      place_name(before.place(a.pawn2)));
      // Either pawn may slide (the opponent only with swapped_opponent_slides); a pawn that ends in
      // START was bumped by the other's slide and is listed with the bumps below.
      if (after.place(a.pawn) != before.place(a.pawn2) && after.place(a.pawn) != kAtStart)
        s += fmt::format(", {} slides to {}", pawn_name(a.pawn), place_name(after.place(a.pawn)));
      if (after.place(a.pawn2) != before.place(a.pawn) && after.place(a.pawn2) != kAtStart)
        s += fmt::format(", {} slides to {}", pawn_name(a.pawn2), place_name(after.place(a.pawn2)));
      break;
    case MoveKind::kSorry:
      s = fmt::format("sorry: {} start -> {} (Sorry! {})", pawn_name(a.pawn),
                      place_name(before.place(a.pawn2)), pawn_name(a.pawn2));
      if (after.place(a.pawn) != before.place(a.pawn2))
        s += fmt::format(", slides to {}", place_name(after.place(a.pawn)));
      break;
    default:
      return action_text(a);
  }
  std::string bumps;
  for (int p = 0; p < kNumPawns; ++p) {
    if (p == a.pawn || p == a.pawn2) continue;
    if (before.place(p) != kAtStart && after.place(p) == kAtStart)
      bumps += (bumps.empty() ? "" : ", ") + pawn_name(p);
  }
  // The swapped opponent may be bumped by the mover's slide, or the mover by the opponent's.
  if (a.kind == MoveKind::kSwap && after.place(a.pawn2) == kAtStart)
    bumps += (bumps.empty() ? "" : ", ") + pawn_name(a.pawn2);
  if (a.kind == MoveKind::kSwap && after.place(a.pawn) == kAtStart)
    bumps += (bumps.empty() ? "" : ", ") + pawn_name(a.pawn);
  if (!bumps.empty()) s += " (bumps " + bumps + ")";
  return s;
}

}  // namespace tabletop::sorry
