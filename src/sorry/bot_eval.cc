#include "sorry/bot_eval.h"

#include <algorithm>

namespace tabletop::sorry {

namespace {

// Chance that the next card lets a pawn move exactly d forward (d = 1..12): the card itself (there
// are no 6 and 9 cards), or a 7 split for d < 7. A full deck's shares; close enough for a risk
// estimate.
constexpr double kForwardHit[13] = {0,        5.0 / 45, 4.0 / 45, 4.0 / 45, 4.0 / 45, 4.0 / 45, 0,
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

// The worth of one side's pawns, less what they risk before its next turn.
double side_value(const State& s, Colour c, const EvalWeights& w) {
  const Position& pos = s.position();
  const Options& o = s.options();
  double v = 0;
  for (int p = first_pawn(c); p < first_pawn(c) + kPawnsPerColour; ++p) {
    Place at = pos.place(p);
    double worth = 70 - distance_home(c, at);
    if (at == kAtHome) worth += w.home;
    if (in_safety(at)) worth += w.safe;
    if (on_track(at)) {
      double risk = 0;
      for (int oc = 0; oc < kNumColours; ++oc) {
        if (oc == c || !o.in_play(static_cast<Colour>(oc))) continue;
        if (o.teams && (oc ^ 2) == c) continue;  // partners do not aim at each other
        const Colour col = static_cast<Colour>(oc);
        bool has_start = pos.count_at(col, kAtStart) > 0;
        double r = has_start ? kCard : 0;  // a Sorry!
        if (has_start && at == start_circle(col)) r += 9.0 / 45;
        for (int q = first_pawn(col); q < first_pawn(col) + kPawnsPerColour; ++q) {
          Place from = pos.place(q);
          if (!on_track(from)) continue;
          int d = (at - from + kTrackSize) % kTrackSize;
          if (d >= 1 && d <= 12 && forward_place(col, from, d) == at)
            r += kForwardHit[d] + (d < 7 ? kSplitHit : 0);
          int back = (from - at + kTrackSize) % kTrackSize;
          if (back == 4 || back == 1) r += kCard;
        }
        risk += std::min(r, 0.9);
      }
      worth -= w.danger * std::min(risk, 0.95) * worth;
    }
    v += worth;
  }
  return v;
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
  double mine = 0, total = 0, best = -1e300;
  int sides = 0;
  if (o.teams) {
    double team[2] = {0, 0};
    for (int q = 0; q < n; ++q) team[q % 2] += side_value(s, s.colour_of(q), w);
    return team[player % 2] - team[1 - player % 2];
  }
  for (int q = 0; q < n; ++q) {
    double v = side_value(s, s.colour_of(q), w);
    if (q == player) {
      mine = v;
    } else {
      total += v, ++sides;
      best = std::max(best, v);
    }
  }
  if (sides <= 1) return mine - total;
  return mine - (w.leader * best + (1 - w.leader) * total / sides);
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
