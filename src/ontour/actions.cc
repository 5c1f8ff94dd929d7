#include "ontour/actions.h"

#include <fmt/format.h>

#include "core/error.h"

namespace tabletop::ontour {

namespace {

int space_of(const Map& map, const Json& j, std::string_view where) {
  std::string id = expect_string(j, where);
  int s = map.find(id);
  if (s < 0) throw InvalidInput(fmt::format("{}: unknown space id \"{}\"", where, id));
  return s;
}

}  // namespace

Json chance_to_json(const Map& map, const ChanceAction& a) {
  if (a.kind == ChanceAction::Kind::kRoll) return Json{{"roll", {a.dice.a, a.dice.b}}};
  return Json{{"draw", map.space(map.cards()[a.card].space).id}};
}

ChanceAction chance_from_json(const Map& map, const Json& j) {
  expect_object(j, "chance action");
  if (auto r = j.find("roll"); r != j.end()) {
    if (!r->is_array() || r->size() != 2 || !(*r)[0].is_number_integer() ||
        !(*r)[1].is_number_integer())
      throw InvalidInput("roll: expected two dice [a, b]");
    long long a = (*r)[0].get<long long>(), b = (*r)[1].get<long long>();
    if (a < 0 || a > 9 || b < 0 || b > 9) throw InvalidInput("roll: each die shows 0 to 9");
    return ChanceAction::roll(static_cast<int>(a), static_cast<int>(b));
  }
  if (auto d = j.find("draw"); d != j.end()) {
    int s = space_of(map, *d, "draw");
    for (int c = 0; c < map.num_cards(); ++c)
      if (map.cards()[c].space == s) return ChanceAction::draw(c);
    throw InvalidInput("draw: no card for that space");
  }
  throw InvalidInput("chance action: expected \"roll\" or \"draw\"");
}

Json placement_to_json(const Map& map, const Placement& p) {
  Json writes = Json::array();
  for (int i = 0; i < p.count; ++i) {
    const Write& w = p.writes[i];
    Json o{{"space", map.space(w.space).id}};
    switch (w.kind) {
      case WriteKind::kNumber:
        o["write"] = w.value;
        if (w.card >= 0) o["card"] = w.card;
        break;
      case WriteKind::kStar:
        o["write"] = "*";
        break;
      case WriteKind::kCross:
        o["write"] = "X";
        break;
    }
    writes.push_back(o);
  }
  return Json{{"writes", writes}};
}

Placement placement_from_json(const Map& map, const Json& j) {
  expect_object(j, "placement");
  const Json& ws = require(j, "writes", "placement");
  expect_array(ws, "placement writes");
  if (ws.empty() || ws.size() > 2) throw InvalidInput("placement: one or two writes");
  Placement p;
  for (const Json& w : ws) {
    expect_object(w, "write");
    int s = space_of(map, require(w, "space", "write"), "write");
    const Json& what = require(w, "write", "write");
    if (what.is_number_integer()) {
      long long v = what.get<long long>();
      if (v < 0 || v > 99) throw InvalidInput("write: a number is 0 to 99");
      int card = -1;
      if (auto c = w.find("card"); c != w.end()) {
        if (!c->is_number_integer() || c->get<long long>() < 0 || c->get<long long>() > 2)
          throw InvalidInput("write: card is the slot 0, 1 or 2 of the revealed cards");
        card = static_cast<int>(c->get<long long>());
      }
      p.add(Write::number(s, static_cast<int>(v), card));
    } else if (what == "*") {
      p.add(Write::star(s));
    } else if (what == "X" || what == "x") {
      p.add(Write::cross(s));
    } else {
      throw InvalidInput("write: expected a number, \"*\" or \"X\"");
    }
  }
  return p;
}

std::string describe(const Map& map, const Placement& p, const Sheet* after) {
  // Two numbers low first, the order in which a player types them.
  int order[2] = {0, 1};
  if (p.count == 2 && p.writes[0].kind == WriteKind::kNumber &&
      p.writes[1].kind == WriteKind::kNumber && p.writes[1].value < p.writes[0].value)
    order[0] = 1, order[1] = 0;
  std::string out;
  for (int i = 0; i < p.count; ++i) {
    const Write& w = p.writes[order[i]];
    if (i) out += ", ";
    const std::string& id = map.space(w.space).id;
    const bool circled = after && w.kind != WriteKind::kCross && after->is_circled(w.space);
    switch (w.kind) {
      case WriteKind::kNumber:
        out += fmt::format("{:02d} in {}", w.value, id);
        if (w.card >= 0 || circled)
          out += fmt::format(" ({}{}{})", w.card >= 0 ? fmt::format("card {}", w.card + 1) : "",
                             w.card >= 0 && circled ? ", " : "", circled ? "circled" : "");
        break;
      case WriteKind::kStar:
        out += fmt::format("star in {}{}", id, circled ? " (circled)" : "");
        break;
      case WriteKind::kCross:
        out += fmt::format("X in {}", id);
        break;
    }
  }
  return out;
}

}  // namespace tabletop::ontour
