#include "ontour/target_policy.h"

#include <cmath>
#include <limits>

namespace tabletop::ontour {

Targets diameter_targets(const Map& map) {
  auto d = map.distances();
  int n = map.num_spaces(), u = 0, v = 0;
  for (int a = 0; a < n; ++a)
    for (int b = 0; b < n; ++b)
      if (d[a][b] > d[u][v]) u = a, v = b;
  Targets t{};
  for (int s = 0; s < n; ++s) {
    double du = d[u][s] < 0 ? 0 : d[u][s], dv = d[v][s] < 0 ? 0 : d[v][s];
    t[s] = du + dv > 0 ? 99.0 * du / (du + dv) : 50.0;
  }
  return t;
}

namespace {

// Lower is better. A circled number is worth a few points of distance.
double write_cost(const State& state, const Targets& targets, const Write& w) {
  const Map& map = state.map();
  switch (w.kind) {
    case WriteKind::kNumber: {
      double cost = std::abs(targets[w.space] - w.value);
      if (w.card >= 0 && map.cards()[state.revealed(w.card)].space == w.space) cost -= 6;
      return cost;
    }
    case WriteKind::kStar: {
      bool circled = false;
      for (int c = 0; c < state.revealed_count(); ++c)
        circled |= map.cards()[state.revealed(c)].space == w.space;
      return -count(map.neighbours(w.space)) - (circled ? 10 : 0);
    }
    case WriteKind::kCross:
      // Cross out the space the fewest routes would want: few lines.
      return 100 + count(map.neighbours(w.space));
  }
  return 0;
}

}  // namespace

Placement target_placement(const State& state, int player, const Targets& targets) {
  const Map& map = state.map();
  if (state.turn_kind() == TurnKind::kNumbers && state.max_placeable(player) == 2) {
    // Fast path: best space per (card, number) without enumerating every placement.
    const SpaceSet empty = state.sheet(player).empty(map);
    const int lo = state.dice().low(), hi = state.dice().high();
    Placement best;
    double best_cost = std::numeric_limits<double>::infinity();
    for (int i = 0; i < 3; ++i)
      for (int j = 0; j < 3; ++j) {
        if (i == j) continue;
        SpaceSet ri = state.card_region(i) & empty, rj = state.card_region(j) & empty;
        for_each_bit(ri, [&](int a) {
          double ca = write_cost(state, targets, Write::number(a, lo, i));
          if (ca - 6 >= best_cost) return;  // the second number may earn a circle
          for_each_bit(rj & ~bit(a), [&](int b) {
            double c = ca + write_cost(state, targets, Write::number(b, hi, j));
            if (c < best_cost) {
              best_cost = c;
              best = Placement{};
              best.add(Write::number(a, lo, i));
              best.add(Write::number(b, hi, j));
            }
          });
        });
      }
    return best;
  }
  Placement best;
  double best_cost = std::numeric_limits<double>::infinity();
  for (const Placement& p : state.legal_placements(player)) {
    double c = 0;
    for (int i = 0; i < p.count; ++i) c += write_cost(state, targets, p.writes[i]);
    if (c < best_cost) {
      best_cost = c;
      best = p;
    }
  }
  return best;
}

}  // namespace tabletop::ontour
