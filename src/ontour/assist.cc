#include "ontour/assist.h"

#include <algorithm>
#include <cctype>
#include <utility>

#include <fmt/format.h>

#include "core/text.h"

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

std::string read_placement(const State& state, int player, const std::vector<std::string>& t,
                           Placement& out) {
  const Map& map = state.map();
  const Dice d = state.dice();
  Placement q;
  auto space_of = [&](std::string tok, int& card) {
    card = -1;
    auto slash = tok.find('/');
    if (slash != std::string::npos) {
      std::string c = tok.substr(slash + 1);
      if (c.size() != 1 || c[0] < '1' || c[0] > '3') return -2;
      card = c[0] - '1';
      tok = tok.substr(0, slash);
    }
    return map.find(upper(tok));
  };
  if (state.turn_kind() == TurnKind::kLastNumbers && state.empty_count() == 1) {
    if (t.size() != 1) return "type one number";
    const int last = lowest(state.sheet(player).empty(map));
    if (upper(t[0]) == "X") {
      q.add(Write::cross(last));
    } else {
      const std::string& n = t[0];
      bool digits = !n.empty() && n.size() <= 2 &&
                    std::all_of(n.begin(), n.end(), [](char c) { return std::isdigit(c); });
      if (!digits)
        return fmt::format(
            "type the number you keep, {:02d} or {:02d} (it goes in {}, the one "
            "space left)",
            d.low(), d.high(), map.space(last).id);
      q.add(Write::number(last, std::stoi(n), -1));
    }
    out = q;
    return "";
  }
  int numbers[2] = {d.low(), d.high()};
  for (size_t i = 0; i < t.size() && i < 2; ++i) {
    std::string tok = upper(t[i]);
    if (tok.rfind("X:", 0) == 0) {
      int s = map.find(tok.substr(2));
      if (tok.size() == 2)
        return "an X names its space right after the colon, e.g. X:" + map.space(0).id;
      if (s < 0) return fmt::format("unknown space \"{}\"", tok.substr(2));
      q.add(Write::cross(s));
      continue;
    }
    int card;
    int s = space_of(tok, card);
    if (s == -2) return "a card is named /1, /2 or /3";
    if (s < 0) return fmt::format("unknown space \"{}\"", t[i]);
    if (state.turn_kind() == TurnKind::kStar || state.turn_kind() == TurnKind::kLastStar)
      q.add(Write::star(s));
    else
      q.add(Write::number(s, numbers[i], card));
  }
  if (t.size() > 2) return "too many entries";
  const int needed = state.turn_kind() == TurnKind::kNumbers       ? 2
                     : state.turn_kind() == TurnKind::kLastNumbers ? state.empty_count()
                                                                   : 1;
  if (static_cast<int>(t.size()) != needed)
    return needed == 2 ? "type two space ids, one per number (X:ID for a number that cannot "
                         "be placed)"
                       : "type one space id";
  if (auto completed = assign_cards(state, player, q)) {
    out = *completed;
    return "";
  }
  // No choice of cards works: find the reason to show.
  for (int i = 0; i < q.count; ++i) {
    Write& w = q.writes[i];
    if (w.kind != WriteKind::kNumber || w.card != -1 || state.revealed_count() == 0) continue;
    for (int c = 2; c >= 0; --c)
      if (has(state.card_region(c), w.space)) w.card = static_cast<int8_t>(c);
    if (w.card < 0)
      return fmt::format("{} is not in a region of this turn's cards", map.space(w.space).id);
  }
  out = q;
  return "";
}

namespace {

// `q` with its writes in the order the prompt reads them: with two numbers to place, the low
// number's write first (an X standing for a number unplaced).
Placement in_typed_order(const State& state, const Placement& q) {
  Placement typed = q;
  const Write& a = q.writes[0];
  const Write& b = q.writes[1];
  if (q.count == 2 && ((a.kind == WriteKind::kNumber && a.value == state.dice().high()) ||
                       (b.kind == WriteKind::kNumber && b.value == state.dice().low())))
    std::swap(typed.writes[0], typed.writes[1]);
  return typed;
}

}  // namespace

std::vector<std::string> placement_tokens(const State& state, int player, const Placement& q) {
  const Placement typed = in_typed_order(state, q);
  const Write* w[2] = {&typed.writes[0], typed.count > 1 ? &typed.writes[1] : nullptr};
  if (state.turn_kind() == TurnKind::kLastNumbers && state.empty_count() == 1)
    return {w[0]->kind == WriteKind::kCross ? "X" : fmt::format("{:02d}", w[0]->value)};
  auto sheet_after = [&](const Placement& x) {
    State after = state;
    after.apply(player, x);
    return after.sheet(player);
  };
  const Sheet wanted = sheet_after(q);
  std::vector<std::string> tokens;
  for (bool cards : {false, true}) {
    tokens.clear();
    for (const Write* x : w) {
      if (!x) continue;
      std::string t = (x->kind == WriteKind::kCross ? "X:" : "") + state.map().space(x->space).id;
      if (cards && x->kind == WriteKind::kNumber && x->card >= 0)
        t += fmt::format("/{}", x->card + 1);
      tokens.push_back(t);
    }
    Placement read;
    if (read_placement(state, player, tokens, read).empty() && !state.check(player, read) &&
        sheet_after(read) == wanted)
      break;
  }
  return tokens;
}

}  // namespace tabletop::ontour
