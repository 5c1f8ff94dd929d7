#include "ontour/sheet_io.h"

#include <cmath>

#include <fmt/format.h>

#include "core/error.h"
#include "core/text.h"

namespace tabletop::ontour {

namespace {
[[noreturn]] void fail(const std::string& msg) { throw InvalidInput("sheet: " + msg); }
}  // namespace

Sheet sheet_cells_from_json(const Json& j, const Map& map) {
  if (!j.is_object()) fail("expected a JSON object");
  for (const auto& [key, value] : j.items())
    if (key != "map" && key != "spaces" && key != "circled")
      fail(
          fmt::format("unknown key \"{}\" (a sheet has \"map\", \"spaces\" and \"circled\")", key));
  Sheet sheet;
  auto sp = j.find("spaces");
  if (sp == j.end()) fail("missing \"spaces\"");
  if (!sp->is_object()) fail("\"spaces\" must be an object of space id to value");
  for (const auto& [id, v] : sp->items()) {
    int s = map.find(id);  // as the map has it, or in another case (as the play prompt takes it)
    if (s < 0) fail(fmt::format("unknown space id \"{}\" on map {}", id, map.id()));
    if (!sheet.is_empty(s)) fail(fmt::format("{} is given twice", map.space(s).id));
    if (v.is_number_integer()) {
      long long n = v.get<long long>();  // a huge unsigned value wraps negative: still refused
      if (n < 0 || n > kMaxNumber)
        fail(fmt::format("{}: {} is not a number from 0 to 99", id, v.dump()));
      sheet.write_number(s, static_cast<int>(n), false);
    } else if (v.is_string() && v.get<std::string>() == "*") {
      sheet.write_star(s, false);
    } else if (v.is_string() && (v.get<std::string>() == "X" || v.get<std::string>() == "x")) {
      sheet.write_cross(s);
    } else if (v.is_number()) {  // 10.0, 1e1, 2.5: a JSON number is finite
      const double x = v.get<double>();
      if (x != std::floor(x))
        fail(fmt::format("{}: {} is not a whole number from 0 to 99", id, v.dump()));
      if (x < 0 || x > kMaxNumber)
        fail(fmt::format("{}: {} is not a number from 0 to 99", id, v.dump()));
      // A whole number written with a point or an exponent: the sheet takes integers only.
      fail(fmt::format("{}: {} must be written as a whole number ({})", id, v.dump(),
                       static_cast<int>(x)));
    } else {
      fail(fmt::format("{}: {} is not a number from 0 to 99, \"*\" or \"X\"", id, v.dump()));
    }
  }
  Sheet result;
  if (auto c = j.find("circled"); c != j.end()) {
    if (!c->is_array()) fail("\"circled\" must be a list of space ids");
    SpaceSet circled = 0;
    for (const auto& v : *c) {
      if (!v.is_string()) fail("\"circled\" must be a list of space ids");
      int s = map.find(v.get<std::string>());
      if (s < 0)
        fail(fmt::format("circled: unknown space id \"{}\" on map {}", v.get<std::string>(),
                         map.id()));
      if (sheet.is_cross(s))
        fail(fmt::format("circled: {} holds an X, which is never circled", map.space(s).id));
      if (sheet.is_empty(s)) fail(fmt::format("circled: {} is empty", map.space(s).id));
      if (has(circled, s)) fail(fmt::format("circled: {} is listed twice", map.space(s).id));
      circled |= bit(s);
    }
    // Rebuild with circles so the sheet's own bookkeeping stays the only writer.
    for (int s = 0; s < map.num_spaces(); ++s) {
      if (sheet.is_empty(s)) continue;
      bool circ = has(circled, s);
      if (sheet.is_star(s))
        result.write_star(s, circ);
      else if (sheet.is_cross(s))
        result.write_cross(s);
      else
        result.write_number(s, sheet.cell(s), circ);
    }
    return result;
  }
  return sheet;
}

LoadedSheet sheet_from_json(const Json& j, const Map* map_override) {
  if (!j.is_object()) fail("expected a JSON object");
  std::string map_id;
  if (auto m = j.find("map"); m != j.end()) {
    if (!m->is_string()) fail("\"map\" must be a map id such as \"usa\"");
    map_id = m->get<std::string>();
  }
  if (map_override) {
    // In any case, as map names are typed ("Europe" is europe).
    if (!map_id.empty() && !same_ignoring_case(map_id, map_override->id()))
      fail(fmt::format("the sheet is for map \"{}\" but map \"{}\" was given", map_id,
                       map_override->id()));
    return LoadedSheet{*map_override, sheet_cells_from_json(j, *map_override)};
  }
  if (map_id.empty()) fail("missing \"map\" (\"usa\" or \"europe\")");
  const Map* map = nullptr;
  try {
    map = &Map::builtin(map_id);
  } catch (const InvalidInput&) {
    fail(fmt::format("unknown map \"{}\" (shipped maps: usa, europe; use --map FILE for your own)",
                     map_id));
  }
  return LoadedSheet{*map, sheet_cells_from_json(j, *map)};
}

std::string cell_text(const Sheet& sheet, int space) {
  if (sheet.is_empty(space)) return "";
  if (sheet.is_star(space)) return "*";
  if (sheet.is_cross(space)) return "X";
  return fmt::format("{:02d}", sheet.cell(space));
}

Json sheet_to_json(const Map& map, const Sheet& sheet) {
  Json spaces = Json::object();
  Json circled = Json::array();
  for (int s = 0; s < map.num_spaces(); ++s) {
    if (sheet.is_empty(s)) continue;
    const std::string& id = map.space(s).id;
    if (sheet.is_star(s))
      spaces[id] = "*";
    else if (sheet.is_cross(s))
      spaces[id] = "X";
    else
      spaces[id] = static_cast<int>(sheet.cell(s));
    if (sheet.is_circled(s)) circled.push_back(id);
  }
  return Json{{"map", map.id()}, {"spaces", spaces}, {"circled", circled}};
}

}  // namespace tabletop::ontour
