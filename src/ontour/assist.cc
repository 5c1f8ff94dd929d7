#include "ontour/assist.h"

namespace tabletop::ontour {

std::optional<Placement> assign_cards(const State& state, int player, const Placement& p) {
  if (state.turn_kind() != TurnKind::kNumbers) return p;
  std::optional<Placement> best;
  int best_circles = -1;
  // At most two numbers and three cards: try every assignment of slots to the open writes.
  for (int c0 = 0; c0 < 3; ++c0)
    for (int c1 = 0; c1 < 3; ++c1) {
      Placement q = p;
      int open = 0;
      for (int i = 0; i < q.count; ++i) {
        Write& w = q.writes[i];
        if (w.kind != WriteKind::kNumber || w.card != -1) continue;
        w.card = static_cast<int8_t>(open++ == 0 ? c0 : c1);
      }
      if (state.check(player, q)) continue;
      int circles = 0;
      for (int i = 0; i < q.count; ++i) {
        const Write& w = q.writes[i];
        if (w.kind == WriteKind::kNumber &&
            state.map().cards()[state.revealed(w.card)].space == w.space)
          ++circles;
      }
      if (circles > best_circles) {
        best_circles = circles;
        best = q;
      }
    }
  return best;
}

}  // namespace tabletop::ontour
