#include "ontour/bot_rollout.h"

#include <array>

namespace tabletop::ontour {

CardKnowledge card_knowledge(const State& state) {
  const Map& map = state.map();
  const int n = map.num_cards();
  CardKnowledge k;
  k.pile = n == 64 ? ~uint64_t{0} : (uint64_t{1} << n) - 1;
  uint64_t revealed = 0;
  int setup_left = 2 * state.options().setup_rolls;
  for (const LogEntry& e : state.log()) {
    if (!e.chance) continue;
    const ChanceAction& a = e.chance_action;
    if (a.kind == ChanceAction::Kind::kRoll) continue;
    if (setup_left > 0) {
      --setup_left;
      k.pile &= ~bit(a.card);
      continue;
    }
    // A new turn's first draw: last turn's cards went to the discards.
    if (revealed && count(revealed) == 3) {
      k.discards |= revealed;
      revealed = 0;
    }
    if (!k.pile) std::swap(k.pile, k.discards);
    k.pile &= ~bit(a.card);
    revealed |= bit(a.card);
  }
  // Cards of a finished turn that are no longer on the table.
  uint64_t on_table = 0;
  for (int i = 0; i < state.revealed_count(); ++i) on_table |= bit(state.revealed(i));
  k.discards |= revealed & ~on_table;
  return k;
}

namespace {

template <typename Cost>
int cheapest(SpaceSet set, Cost&& cost) {
  int best = -1;
  double best_cost = 1e300;
  for_each_bit(set, [&](int s) {
    double c = cost(s);
    if (c < best_cost) best_cost = c, best = s;
  });
  return best;
}

}  // namespace

void rollout(const Map& map, const Options& options, const RoutePlan& plan, Sheet& sheet,
             CardKnowledge k, Rng& rng, const PlanWeights& weights) {
  PlanCosts costs(map, plan, weights);
  const auto& cards = map.cards();
  SpaceSet empty = sheet.empty(map);
  while (empty) {
    costs.update(sheet);
    if (count(empty) >= 3) {
      int c[3];
      SpaceSet region[3], named = 0;
      for (int i = 0; i < 3; ++i) {
        if (!k.pile) std::swap(k.pile, k.discards);
        c[i] = nth_bit(k.pile, static_cast<int>(rng.uniform(count(k.pile))));
        k.pile &= ~bit(c[i]);
        region[i] = map.region_spaces(cards[c[i]].region);
        named |= bit(cards[c[i]].space);
      }
      int da = static_cast<int>(rng.uniform(10)), db = static_cast<int>(rng.uniform(10));
      const SpaceSet shown = region[0] | region[1] | region[2];
      auto x_room = [&](SpaceSet used) {
        SpaceSet free = empty & ~used;
        if (options.x_anywhere) return free;
        return (free & shown) ? free & shown : free;
      };
      auto cross_at = [&](SpaceSet used) {
        int x = cheapest(x_room(used), [&](int s) { return costs.cross(s); });
        sheet.write_cross(x);
        return bit(x);
      };
      bool one_region =
          cards[c[0]].region == cards[c[1]].region && cards[c[1]].region == cards[c[2]].region;
      if (da == db || one_region) {
        SpaceSet room = shown & empty;
        if (room) {
          int s = cheapest(room, [&](int t) {
            return costs.star(t, options.star_always_circled || has(named, t));
          });
          sheet.write_star(s, options.star_always_circled || has(named, s));
          empty &= ~bit(s);
        } else {
          empty &= ~cross_at(0);
        }
      } else {
        const int lo = da < db ? 10 * da + db : 10 * db + da;
        const int hi = da < db ? 10 * db + da : 10 * da + db;
        // Each number's cost in each space the cards allow, once (the regions overlap); the
        // space a card names is priced with its circle for that card alone.
        std::array<std::array<double, kMaxSpaces>, 2> plain;
        for_each_bit(shown & empty, [&](int s) {
          plain[0][s] = costs.number(s, lo, false);
          plain[1][s] = costs.number(s, hi, false);
        });
        // Best and second-best space for each (card, number), then the best pair of different
        // cards and different spaces.
        double best[3][2][2];
        int at[3][2][2];
        for (int i = 0; i < 3; ++i)
          for (int v = 0; v < 2; ++v) {
            best[i][v][0] = best[i][v][1] = 1e300;
            at[i][v][0] = at[i][v][1] = -1;
            const int value = v ? hi : lo;
            const int own = cards[c[i]].space;
            for_each_bit(region[i] & empty, [&](int s) {
              double cost = s == own ? costs.number(s, value, true) : plain[v][s];
              if (cost < best[i][v][0]) {
                best[i][v][1] = best[i][v][0], at[i][v][1] = at[i][v][0];
                best[i][v][0] = cost, at[i][v][0] = s;
              } else if (cost < best[i][v][1]) {
                best[i][v][1] = cost, at[i][v][1] = s;
              }
            });
          }
        double pair_cost = 1e300;
        int pa = -1, pb = -1, pi = -1, pj = -1;
        for (int i = 0; i < 3; ++i)
          for (int j = 0; j < 3; ++j) {
            if (i == j || at[i][0][0] < 0 || at[j][1][0] < 0) continue;
            for (int x = 0; x < 2; ++x)
              for (int y = 0; y < 2; ++y) {
                int a = at[i][0][x], b = at[j][1][y];
                if (a < 0 || b < 0 || a == b) continue;
                double cost = best[i][0][x] + best[j][1][y];
                if (cost < pair_cost) pair_cost = cost, pa = a, pb = b, pi = i, pj = j;
              }
          }
        if (pa >= 0) {
          sheet.write_number(pa, lo, cards[c[pi]].space == pa);
          sheet.write_number(pb, hi, cards[c[pj]].space == pb);
          empty &= ~(bit(pa) | bit(pb));
        } else {
          // At most one number fits: the cheaper one, and an X for the other.
          double one_cost = 1e300;
          int oa = -1, ov = 0, oi = -1;
          for (int i = 0; i < 3; ++i)
            for (int v = 0; v < 2; ++v)
              if (at[i][v][0] >= 0 && best[i][v][0] < one_cost)
                one_cost = best[i][v][0], oa = at[i][v][0], ov = v ? hi : lo, oi = i;
          SpaceSet used = 0;
          if (oa >= 0) {
            sheet.write_number(oa, ov, cards[c[oi]].space == oa);
            used = bit(oa);
          } else {
            used = cross_at(0);
          }
          used |= cross_at(used);
          empty &= ~used;
        }
      }
      k.discards |= bit(c[0]) | bit(c[1]) | bit(c[2]);
    } else {
      int da = static_cast<int>(rng.uniform(10)), db = static_cast<int>(rng.uniform(10));
      if (da == db) {
        int s = cheapest(empty, [&](int t) { return costs.star(t, false); });
        sheet.write_star(s, false);
        empty &= ~bit(s);
        continue;
      }
      const int lo = da < db ? 10 * da + db : 10 * db + da;
      const int hi = da < db ? 10 * db + da : 10 * da + db;
      int a = lowest(empty);
      if (count(empty) == 1) {
        sheet.write_number(a, costs.number(a, lo, false) <= costs.number(a, hi, false) ? lo : hi,
                           false);
      } else {
        int b = lowest(empty & ~bit(a));
        bool straight = costs.number(a, lo, false) + costs.number(b, hi, false) <=
                        costs.number(a, hi, false) + costs.number(b, lo, false);
        sheet.write_number(a, straight ? lo : hi, false);
        sheet.write_number(b, straight ? hi : lo, false);
      }
      empty = 0;
    }
  }
}

}  // namespace tabletop::ontour
