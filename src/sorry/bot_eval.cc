#include "sorry/bot_eval.h"

#include <algorithm>
#include <array>

namespace tabletop::sorry {

namespace {

// Chance that the next card lets a pawn move exactly d forward (d = 1..12): the card itself (there
// are no 6 and 9 cards, and the 4 moves back), or a 7 split for d < 7. A full deck's shares; close
// enough for a risk estimate.
constexpr double kForwardHit[13] = {0,        5.0 / 45, 4.0 / 45, 4.0 / 45, 0,        4.0 / 45, 0,
                                    4.0 / 45, 4.0 / 45, 0,        4.0 / 45, 4.0 / 45, 4.0 / 45};
constexpr double kSplitHit = 4.0 / 45;
constexpr double kCard = 4.0 / 45;

}  // namespace

int distance_home(Colour c, Place place) {
  if (place == kAtHome) return 0;
  if (place == kAtStart) return 70;
  if (in_safety(place)) return kSafetySize - (place - kSafety0);
  int to_entry = (safety_entry(c) - place + kTrackSize) % kTrackSize;
  return to_entry + kSafetySize + 1;
}

namespace {

// What each colour's next card threatens: per track square, the chance that it sends a pawn there
// back to START by a forward move of exactly the right count (or a 7 split), a backward 4 or 1
// (10), landing on the square or, with `slides`, sliding over it; and whether it can play a Sorry!
// (a pawn in START). Worked out once per position, for every side that it threatens.
struct Threats {
  std::array<std::array<double, kTrackSize>, kNumColours> hit{};
  std::array<bool, kNumColours> has_start{};
};

Threats threats(const State& s, bool slides) {
  Threats t;
  const Position& pos = s.position();
  const Geometry& g = geometry();
  for (int oc = 0; oc < kNumColours; ++oc) {
    const Colour col = static_cast<Colour>(oc);
    if (!s.options().in_play(col)) continue;
    t.has_start[oc] = pos.count_at(col, kAtStart) > 0;
    auto& hit = t.hit[oc];
    auto add = [&](Place to, double chance) {
      if (!on_track(to)) return;
      if (!slides) {
        hit[to] += chance;
        return;
      }
      for (uint64_t m = g.landing_squares[col][to]; m; m &= m - 1)
        hit[__builtin_ctzll(m)] += chance;
    };
    for (int q = first_pawn(col); q < first_pawn(col) + kPawnsPerColour; ++q) {
      Place from = pos.place(q);
      if (!on_track(from)) continue;
      for (int d = 1; d <= 12; ++d)
        add(g.forward[col][from][d], kForwardHit[d] + (d < 7 ? kSplitHit : 0));
      add(g.backward[col][from][4], kCard);
      add(g.backward[col][from][1], kCard);
    }
  }
  return t;
}

// The worth of one side's pawns, less what they risk before its next turn.
double side_value(const State& s, Colour c, const EvalWeights& w, double danger, const Threats& t) {
  const Position& pos = s.position();
  const Options& o = s.options();
  double v = 0, swap_loss = 0;
  for (int p = first_pawn(c); p < first_pawn(c) + kPawnsPerColour; ++p) {
    Place at = pos.place(p);
    double worth = 70 - distance_home(c, at);
    if (at == kAtHome) worth += w.home;
    if (in_safety(at)) worth += w.safe;
    if (at != kAtStart) worth += w.out;
    if (at != kAtHome && distance_home(c, at) <= 2) worth -= w.stuck;
    if (on_track(at)) {
      double risk = 0;
      for (int oc = 0; oc < kNumColours; ++oc) {
        const Colour col = static_cast<Colour>(oc);
        if (oc == c || !o.in_play(col)) continue;
        if (o.teams && (oc ^ 2) == c) continue;  // partners do not aim at each other
        double r = t.has_start[oc] ? kCard : 0;  // a Sorry!
        if (t.has_start[oc] && at == start_circle(col)) r += 9.0 / 45;
        r += t.hit[oc][at];
        risk += std::min(r, 0.9);
        if (w.swap > 0) {
          // An 11 swaps the opponent's pawn furthest behind (in its own race) with this one.
          const int their_here = distance_home(col, at);
          for (int q = first_pawn(col); q < first_pawn(col) + kPawnsPerColour; ++q) {
            Place from = pos.place(q);
            if (!on_track(from) || distance_home(col, from) - their_here <= 11) continue;
            swap_loss = std::max(swap_loss, double(distance_home(c, from) - distance_home(c, at)));
          }
        }
      }
      worth -= danger * std::min(risk, 0.95) * worth;
    }
    v += worth;
  }
  return v - danger * w.swap * kCard * swap_loss;
}

}  // namespace

double evaluate(const State& s, int player, const EvalWeights& w) {
  const int n = s.num_players();
  const Options& o = s.options();
  auto same_side = [&](int q) { return o.teams ? q % 2 == player % 2 : q == player; };
  if (s.is_terminal()) {
    double v = 0;
    if (o.points) {
      int best_other = -1 << 30;
      for (int q = 0; q < n; ++q)
        if (q != player) best_other = std::max<int>(best_other, s.last_game_scores()[q]);
      v = 100.0 * (s.last_game_scores()[player] - best_other);
    }
    int wq = s.last_game_winner();
    return v + (wq >= 0 && same_side(wq) ? kWinValue : -kWinValue);
  }
  const Threats t = threats(s, w.slides > 0);
  double mine = 0, total = 0, best = -1e300;
  int sides = 0;
  if (o.teams) {
    double team[2] = {0, 0};
    for (int q = 0; q < n; ++q) {
      if (w.rivals == 0 && !same_side(q)) continue;  // weighs nothing: not computed
      team[q % 2] +=
          side_value(s, s.colour_of(q), w, q % 2 == player % 2 ? w.danger : w.danger * w.threat, t);
    }
    return team[player % 2] - w.rivals * team[1 - player % 2];
  }
  for (int q = 0; q < n; ++q) {
    if (w.rivals == 0 && !same_side(q)) continue;  // the opponents weigh nothing: not computed
    double v = side_value(s, s.colour_of(q), w, q == player ? w.danger : w.danger * w.threat, t);
    if (q == player) {
      mine = v;
    } else {
      total += v, ++sides;
      best = std::max(best, v);
    }
  }
  if (sides <= 1) return mine - w.rivals * total;
  return mine - w.rivals * (w.leader * best + (1 - w.leader) * total / sides);
}

double keep_value(Card c) {
  switch (c) {
    case kSorry:
      return 6;
    case k1:
    case k2:
      return 5;
    case k11:
    case k12:
    case k10:
    case k7:
      return 4;
    case k4:
      return 3;
    default:
      return 2;
  }
}

double outcome_value(const State& s, int player, double win, double points) {
  const Options& o = s.options();
  const int wq = s.last_game_winner();
  const bool won = wq >= 0 && (o.teams ? wq % 2 == player % 2 : wq == player);
  double v = won ? win : -win;
  if (!o.points) return v;
  int best_other = -1 << 30;
  for (int q = 0; q < s.num_players(); ++q)
    if (q != player) best_other = std::max<int>(best_other, s.last_game_scores()[q]);
  return v + points * (s.last_game_scores()[player] - best_other);
}

}  // namespace tabletop::sorry
