#include "sorry/movegen.h"

#include <fmt/format.h>

namespace tabletop::sorry {

namespace {

constexpr const Geometry& G = kGeometry;

constexpr uint64_t bit64(int i) { return uint64_t{1} << i; }

// Whether `pawn` may end a move on `to` (the pawn itself having left its square): never on a pawn
// of its own colour; with own_pawns_bumped_on_slide off, not onto a slide whose end holds one.
inline bool can_land(const Position& pos, const Options& o, int pawn, Place to) {
  Colour c = colour_of_pawn(pawn);
  if (to == kAtHome) return true;
  if (in_safety(to)) {
    int q = pos.pawn_in_safety(c, to - kSafety0);
    return q < 0 || q == pawn;
  }
  int occ = pos.pawn_at(to);
  if (occ >= 0 && occ != pawn && colour_of_pawn(occ) == c) return false;
  if (!o.own_pawns_bumped_on_slide) {
    Place end = G.slide_end[c][to];
    if (end >= 0) {
      int q = pos.pawn_at(end);
      if (q >= 0 && q != pawn && colour_of_pawn(q) == c) return false;
    }
  }
  return true;
}

// Ends a move of `pawn` on `to`: bumps what stands there, then slides (bumping the slide).
inline void land(Position& pos, const Options& o, int pawn, Place to) {
  pos.lift(pawn);
  if (!on_track(to)) {
    pos.set(pawn, to);
    return;
  }
  Colour c = colour_of_pawn(pawn);
  int occ = pos.pawn_at(to);
  if (occ >= 0) pos.send_to_start(occ);
  Place end = G.slide_end[c][to];
  if (end >= 0) {
    for (int x = to + 1; x <= end; ++x) {
      int q = pos.pawn_at(x);
      if (q >= 0 && (o.own_pawns_bumped_on_slide || colour_of_pawn(q) != c)) pos.send_to_start(q);
    }
    to = end;
  }
  pos.set(pawn, to);
}

inline Place forward_to(const Position& pos, int pawn, int steps) {
  return G.forward[colour_of_pawn(pawn)][pos.place(pawn)][steps];
}
inline Place backward_to(const Position& pos, int pawn, int steps) {
  return G.backward[colour_of_pawn(pawn)][pos.place(pawn)][steps];
}

inline bool forward_ok(const Position& pos, const Options& o, int pawn, int steps) {
  Place to = forward_to(pos, pawn, steps);
  return to != kNoPlace && can_land(pos, o, pawn, to);
}

void swap_pawns(Position& pos, const Options& o, int mine, int other) {
  Place p = pos.place(mine), q = pos.place(other);
  pos.lift(mine);
  pos.set(other, p);
  land(pos, o, mine, q);
  if (o.swapped_opponent_slides && pos.place(other) == p) {
    Colour oc = colour_of_pawn(other);
    Place end = G.slide_end[oc][p];
    if (end >= 0) {
      int q2 = pos.pawn_at(end);
      // With own_pawns_bumped_on_slide off, a pawn of its colour at the end keeps it from sliding.
      if (o.own_pawns_bumped_on_slide || q2 < 0 || colour_of_pawn(q2) != oc) land(pos, o, other, p);
    }
  }
}

// Runs a split in the given order on a copy; false if either part is illegal at its turn.
bool run_split(const Position& pos, const Options& o, int first, int s1, int second, int s2,
               Position& out) {
  out = pos;
  Place to = forward_to(out, first, s1);
  if (to == kNoPlace || !can_land(out, o, first, to)) return false;
  land(out, o, first, to);
  to = forward_to(out, second, s2);
  if (to == kNoPlace || !can_land(out, o, second, to)) return false;
  land(out, o, second, to);
  return true;
}

struct Gen {
  const Position& pos;
  const Options& o;
  uint8_t movable;
  MoveList& out;

  template <typename F>
  void for_movable(F&& f) const {
    for (int c = 0; c < kNumColours; ++c)
      if ((movable >> c) & 1)
        for (int p = first_pawn(static_cast<Colour>(c)); p < first_pawn(static_cast<Colour>(c)) + 4;
             ++p)
          f(p);
  }

  void starts(Card card) {
    for (int c = 0; c < kNumColours; ++c) {
      if (!((movable >> c) & 1)) continue;
      auto col = static_cast<Colour>(c);
      int p = pos.first_in_start(col);
      if (p >= 0 && can_land(pos, o, p, static_cast<Place>(start_circle(col))))
        out.push(Action::start(card, p));
    }
  }

  void forwards(Card card, int steps) {
    for_movable([&](int p) {
      if (forward_ok(pos, o, p, steps)) out.push(Action::forward(card, p, steps));
    });
  }

  void backwards(Card card, int steps) {
    for_movable([&](int p) {
      Place to = backward_to(pos, p, steps);
      if (to != kNoPlace && can_land(pos, o, p, to)) out.push(Action::backward(card, p, steps));
    });
  }

  void splits() {
    // The pawns that can take part, and each one's single part 1..6 judged on the unchanged board:
    // legal or not, and the track squares it touches (start, landing, slide).
    int pawns[8];
    int n = 0;
    for_movable([&](int p) {
      Place pl = pos.place(p);
      if (pl != kAtStart && pl != kAtHome) pawns[n++] = p;
    });
    if (n < 2) return;
    bool legal[8][7];
    uint64_t touched[8][7];
    bool safety_part[8][7];
    for (int i = 0; i < n; ++i) {
      int p = pawns[i];
      Colour c = colour_of_pawn(p);
      Place from = pos.place(p);
      for (int s = 1; s <= 6; ++s) {
        Place to = forward_to(pos, p, s);
        legal[i][s] = to != kNoPlace && can_land(pos, o, p, to);
        uint64_t t = on_track(from) ? bit64(from) : 0;
        if (on_track(to)) t |= G.landing_squares[c][to];
        touched[i][s] = t;
        safety_part[i][s] = in_safety(from) || in_safety(to);
      }
    }
    Position r1, r2;
    for (int i = 0; i < n; ++i) {
      for (int j = i + 1; j < n; ++j) {
        int a = pawns[i], b = pawns[j];
        bool same_colour = colour_of_pawn(a) == colour_of_pawn(b);
        for (int s = 1; s <= 6; ++s) {
          int t = 7 - s;
          bool la = legal[i][s], lb = legal[j][t];
          if (!la && !lb) continue;
          if (la && lb && (touched[i][s] & touched[j][t]) == 0 &&
              !(same_colour && (safety_part[i][s] || safety_part[j][t]))) {
            out.push(Action::split(a, s, b, t));  // independent parts: both orders are the same
            continue;
          }
          bool ok1 = la && run_split(pos, o, a, s, b, t, r1);
          bool ok2 = lb && run_split(pos, o, b, t, a, s, r2);
          if (ok1) out.push(Action::split(a, s, b, t));
          if (ok2 && !(ok1 && r1 == r2)) out.push(Action::split(b, t, a, s));
        }
      }
    }
  }

  int swaps() {
    // The opponents' pawns on the track, then every own track pawn with each of them. The opponent
    // leaves the square, so only a slide end held by an own pawn (own pawns not bumped) can forbid
    // it.
    int targets[kNumPawns];
    int n = 0;
    uint8_t others = static_cast<uint8_t>(o.colours & ~movable);
    for (int c = 0; c < kNumColours; ++c) {
      if (!((others >> c) & 1)) continue;
      for (int q = first_pawn(static_cast<Colour>(c)); q < first_pawn(static_cast<Colour>(c)) + 4;
           ++q)
        if (on_track(pos.place(q))) targets[n++] = q;
    }
    if (n == 0) return 0;
    int made = 0;
    for_movable([&](int p) {
      if (!on_track(pos.place(p))) return;
      for (int i = 0; i < n; ++i) {
        if (o.own_pawns_bumped_on_slide || can_land(pos, o, p, pos.place(targets[i]))) {
          out.push(Action::swap(p, targets[i]));
          ++made;
        }
      }
    });
    return made;
  }

  void sorries() {
    for (int c = 0; c < kNumColours; ++c) {
      if (!((movable >> c) & 1)) continue;
      int p = pos.first_in_start(static_cast<Colour>(c));
      if (p < 0) continue;
      for (int oc = 0; oc < kNumColours; ++oc) {
        if (oc == c || !o.in_play(static_cast<Colour>(oc))) continue;
        for (int q = first_pawn(static_cast<Colour>(oc));
             q < first_pawn(static_cast<Colour>(oc)) + 4; ++q)
          if (on_track(pos.place(q)) && can_land(pos, o, p, pos.place(q)))
            out.push(Action::sorry(p, q));
      }
    }
  }
};

}  // namespace

int generate_card_moves(const Position& pos, const Options& o, Colour player, Card card,
                        MoveList& out, bool offer_pass) {
  int before = out.size();
  Gen g{pos, o, movable_colours(o, player), out};
  switch (card) {
    case k1:
    case k2:
      g.starts(card);
      g.forwards(card, card);
      break;
    case k3:
    case k5:
    case k8:
    case k12:
      g.forwards(card, card);
      break;
    case k4:
      g.backwards(card, 4);
      break;
    case k7:
      g.forwards(card, 7);
      g.splits();
      break;
    case k10:
      g.forwards(card, 10);
      g.backwards(card, 1);
      break;
    case k11: {
      g.forwards(card, 11);
      bool any_forward = out.size() > before;
      int swaps = g.swaps();
      if (!any_forward && swaps > 0 && offer_pass && o.eleven_optional) out.push(Action::pass(k11));
      break;
    }
    case kSorry:
      g.sorries();
      if (o.sorry_forward_4) g.forwards(card, 4);
      break;
    default:
      break;
  }
  return out.size() - before;
}

void apply_card_move(Position& pos, const Options& o, const Action& a) {
  switch (a.kind) {
    case MoveKind::kStart:
      land(pos, o, a.pawn, static_cast<Place>(start_circle(colour_of_pawn(a.pawn))));
      break;
    case MoveKind::kForward:
      land(pos, o, a.pawn, forward_to(pos, a.pawn, a.steps));
      break;
    case MoveKind::kBackward:
      land(pos, o, a.pawn, backward_to(pos, a.pawn, a.steps));
      break;
    case MoveKind::kSplit:
      land(pos, o, a.pawn, forward_to(pos, a.pawn, a.steps));
      land(pos, o, a.pawn2, forward_to(pos, a.pawn2, a.steps2));
      break;
    case MoveKind::kSwap:
      swap_pawns(pos, o, a.pawn, a.pawn2);
      break;
    case MoveKind::kSorry:
      land(pos, o, a.pawn, pos.place(a.pawn2));
      break;
    default:
      break;
  }
}

namespace {

// Why `pawn` cannot end a move on `to`, or "".
std::string landing_problem(const Position& pos, const Options& o, int pawn, Place to) {
  if (can_land(pos, o, pawn, to)) return "";
  Colour c = colour_of_pawn(pawn);
  if (in_safety(to))
    return fmt::format("{} would end on {} in its safety zone", pawn_name(pawn),
                       pawn_name(pos.pawn_in_safety(c, to - kSafety0)));
  int occ = pos.pawn_at(to);
  if (occ >= 0 && colour_of_pawn(occ) == c)
    return fmt::format("{} would end on {} of its own colour", pawn_name(pawn), pawn_name(occ));
  return fmt::format("{} would slide onto {} of its own colour", pawn_name(pawn),
                     pawn_name(pos.pawn_at(G.slide_end[c][to])));
}

std::string step_problem(const Position& pos, const Options& o, int pawn, int steps,
                         bool backward) {
  Place from = pos.place(pawn);
  if (from == kAtStart)
    return fmt::format("{} is in START: only a 1, a 2 or a Sorry! takes a pawn out",
                       pawn_name(pawn));
  if (from == kAtHome) return fmt::format("{} is HOME and never moves again", pawn_name(pawn));
  Place to = backward ? backward_to(pos, pawn, steps) : forward_to(pos, pawn, steps);
  if (to == kNoPlace)
    return fmt::format("{} would go past HOME (HOME needs the exact count)", pawn_name(pawn));
  return landing_problem(pos, o, pawn, to);
}

// Why `pawn` is not the pawn that leaves START next (the first of its colour there), or "".
std::string leaving_start_problem(const Position& pos, int pawn) {
  if (pos.place(pawn) != kAtStart) return fmt::format("{} is not in START", pawn_name(pawn));
  const int first = pos.first_in_start(colour_of_pawn(pawn));
  if (first != pawn) return fmt::format("pawns leave START in order: name {}", pawn_name(first));
  return "";
}

bool valid_pawn(int p) { return p >= 0 && p < kNumPawns; }

}  // namespace

std::string check_card_move(const Position& pos, const Options& o, Colour player, Card card,
                            const Action& a, bool offer_pass) {
  uint8_t movable = movable_colours(o, player);
  auto mine = [&](int p) { return valid_pawn(p) && ((movable >> colour_of_pawn(p)) & 1); };
  auto not_mine = [&](int p, const char* role) -> std::string {
    if (!valid_pawn(p)) return fmt::format("the {} is not a pawn", role);
    return fmt::format("{} is not a pawn {} may move", pawn_name(p), colour_name(player));
  };
  if (a.kind == MoveKind::kDraw || a.kind == MoveKind::kDiscard)
    return fmt::format("a {} is not a move", kind_name(a.kind));
  if (a.card != card)
    return fmt::format("the card to play is {}, not {}", card_name(card), card_name(a.card));
  std::string cannot = fmt::format("{} cannot {}", card_with_article(card), kind_name(a.kind));
  switch (a.kind) {
    case MoveKind::kPass: {
      MoveList moves;
      generate_card_moves(pos, o, player, card, moves, offer_pass);
      if (moves.empty() || moves.contains(a)) return "";
      // Here the 11 has a move: a forward one, or only swaps and declining is not offered.
      if (card == k11 && !o.eleven_optional)
        return "the 11 cannot be declined: the rule option eleven_optional=false forbids it";
      if (card == k11 && !offer_pass) return "the 11 cannot be declined when playing for points";
      if (card == k11)
        return "the 11 may be declined only when no pawn can move 11 forward and a swap exists";
      return fmt::format("you must move if you can: the {} has a legal move", card_name(card));
    }
    case MoveKind::kStart: {
      if (card != k1 && card != k2) return "only a 1 or a 2 starts a pawn onto its start circle";
      if (!mine(a.pawn)) return not_mine(a.pawn, "pawn");
      if (std::string why = leaving_start_problem(pos, a.pawn); !why.empty()) return why;
      return landing_problem(pos, o, a.pawn,
                             static_cast<Place>(start_circle(colour_of_pawn(a.pawn))));
    }
    case MoveKind::kForward: {
      int want = card == kSorry ? (o.sorry_forward_4 ? 4 : 0) : static_cast<int>(card);
      if (card == k4 || want == 0) return cannot + " forward";
      if (a.steps != want)
        return fmt::format("{} moves forward {}, not {}", card_with_article(card), want, a.steps);
      if (!mine(a.pawn)) return not_mine(a.pawn, "pawn");
      return step_problem(pos, o, a.pawn, a.steps, false);
    }
    case MoveKind::kBackward: {
      int want = card == k4 ? 4 : card == k10 ? 1 : 0;
      if (want == 0) return cannot + " backward";
      if (a.steps != want)
        return fmt::format("{} moves backward {}, not {}", card_with_article(card), want, a.steps);
      if (!mine(a.pawn)) return not_mine(a.pawn, "pawn");
      return step_problem(pos, o, a.pawn, a.steps, true);
    }
    case MoveKind::kSplit: {
      if (card != k7) return "only a 7 is split";
      if (!mine(a.pawn)) return not_mine(a.pawn, "first pawn");
      if (!mine(a.pawn2)) return not_mine(a.pawn2, "second pawn");
      if (a.pawn == a.pawn2) return "a 7 is split between two different pawns";
      if (a.steps < 1 || a.steps2 < 1 || a.steps + a.steps2 != 7)
        return "the two parts of a 7 are each at least 1 and use all 7";
      std::string why = step_problem(pos, o, a.pawn, a.steps, false);
      if (!why.empty()) return "first part: " + why;
      Position after = pos;
      land(after, o, a.pawn, forward_to(after, a.pawn, a.steps));
      why = step_problem(after, o, a.pawn2, a.steps2, false);
      if (!why.empty()) return "after the first part: " + why;
      return "";
    }
    case MoveKind::kSwap: {
      if (card != k11) return "only an 11 swaps";
      if (!mine(a.pawn)) return not_mine(a.pawn, "pawn");
      if (!valid_pawn(a.pawn2) || !o.in_play(colour_of_pawn(a.pawn2)) ||
          ((movable >> colour_of_pawn(a.pawn2)) & 1))
        return "an 11 swaps with a pawn of an opponent";
      if (!on_track(pos.place(a.pawn)))
        return fmt::format("{} is not on the track", pawn_name(a.pawn));
      if (!on_track(pos.place(a.pawn2)))
        return fmt::format(
            "{} is not on the track (pawns in START, SAFETY or HOME cannot be "
            "swapped)",
            pawn_name(a.pawn2));
      return landing_problem(pos, o, a.pawn, pos.place(a.pawn2));
    }
    case MoveKind::kSorry: {
      if (card != kSorry) return "only a Sorry! card takes a pawn's place";
      if (!mine(a.pawn)) return not_mine(a.pawn, "pawn");
      if (std::string why = leaving_start_problem(pos, a.pawn); !why.empty()) return why;
      if (!valid_pawn(a.pawn2) || !o.in_play(colour_of_pawn(a.pawn2)) ||
          colour_of_pawn(a.pawn2) == colour_of_pawn(a.pawn))
        return "a Sorry! takes the place of a pawn of another colour";
      if (!on_track(pos.place(a.pawn2)))
        return fmt::format("{} is not on the track", pawn_name(a.pawn2));
      return landing_problem(pos, o, a.pawn, pos.place(a.pawn2));
    }
    default:
      break;
  }
  return "unknown move";
}

}  // namespace tabletop::sorry
