#include "cli/ontour_render.h"

#include <algorithm>
#include <vector>

#include <fmt/format.h>

#include "ontour/sheet_io.h"

namespace tabletop::cli {

using namespace ontour;

namespace {

// "WA 21", "WA(21)", "WA .."
std::string labelled(const Map& map, const Sheet& sheet, int s) {
  std::string v = sheet.is_empty(s) ? ".." : cell_text(sheet, s);
  if (sheet.is_circled(s)) v = "(" + v + ")";
  return map.space(s).id + (sheet.is_circled(s) ? "" : " ") + v;
}

std::string cell(const Map& map, const Sheet& sheet, int s, bool on_route) {
  const std::string text = labelled(map, sheet, s);
  return on_route ? "[" + text + "]" : " " + text + " ";
}

}  // namespace

std::string describe_space(const Map& map, const Sheet& sheet, int space) {
  const Space& sp = map.space(space);
  std::string lines;
  for_each_bit(map.neighbours(space),
               [&](int n) { lines += (lines.empty() ? "" : ", ") + labelled(map, sheet, n); });
  return fmt::format("{} ({}; {}, {}) has lines to {}", labelled(map, sheet, space), sp.name,
                     region_name(sp.ns), region_name(sp.wce), lines.empty() ? "no space" : lines);
}

std::string map_legend() {
  return "The map: each space as its id and what it holds: .. empty, 21 a number, (21) circled,\n"
         "* a star, X a cross; [ ] marks the route at the end. The drawing puts spaces roughly\n"
         "where they lie, but only the map's lines join them: `lines ID` lists a space's lines\n"
         "and its regions (every space is north or south, and west, central or east).\n"
         "A route runs along lines through rising numbers (equal ones too); a star stands for any\n"
         "number; a circled space counts twice. The best such route is the score.\n";
}

std::string render_map(const Map& map, const Sheet& sheet, const Route* route) {
  SpaceSet on_route = 0;
  if (route)
    for (int s : route->path) on_route |= bit(s);
  // Widths fixed by the ids, a blank wider than the widest a cell can be ("[NENG(37)]"), so that
  // the drawing keeps its shape as the map fills: a column of the layout as wide as its longest id
  // needs, a map without a layout (and an empty column) as the map's longest id.
  auto widest = [&](int s) { return map.space(s).id.size() + 7; };
  std::vector<std::string> cells(map.num_spaces());
  size_t width = 0;
  for (int s = 0; s < map.num_spaces(); ++s) {
    cells[s] = cell(map, sheet, s, has(on_route, s));
    width = std::max(width, widest(s));
  }
  std::string out;
  if (map.has_layout()) {
    int rows = 0, cols = 0;
    for (const auto& sp : map.spaces()) {
      rows = std::max(rows, sp.row + 1);
      cols = std::max(cols, sp.col + 1);
    }
    std::vector<std::vector<int>> grid(rows, std::vector<int>(cols, -1));
    std::vector<size_t> col_width(cols, 0);
    for (int s = 0; s < map.num_spaces(); ++s) {
      grid[map.space(s).row][map.space(s).col] = s;
      col_width[map.space(s).col] = std::max(col_width[map.space(s).col], widest(s));
    }
    for (size_t& w : col_width)  // a column of the layout that no space uses: a space's width
      if (w == 0) w = width;
    for (const auto& row : grid) {
      std::string line;
      for (int c = 0; c < cols; ++c)
        line += fmt::format("{:<{}}", row[c] < 0 ? "" : cells[row[c]], col_width[c]);
      while (!line.empty() && line.back() == ' ') line.pop_back();
      out += line + "\n";
    }
  } else {
    for (int s = 0; s < map.num_spaces(); ++s) {
      out += fmt::format("{:<{}}", cells[s], width);
      if (s % 8 == 7 || s + 1 == map.num_spaces()) {
        while (!out.empty() && out.back() == ' ') out.pop_back();
        out += "\n";
      }
    }
  }
  return out;
}

std::string describe_route(const Map& map, const Route& route) {
  if (route.path.empty()) return "no route yet (score 0)";
  std::string ids;
  for (int s : route.path) ids += (ids.empty() ? "" : " ") + map.space(s).id;
  return fmt::format("{} ({} = {})", ids, route_sum(route), route.score);
}

std::string route_sum(const ontour::Route& route) {
  return fmt::format("{} space{} + {} circle{}", route.spaces(), route.spaces() == 1 ? "" : "s",
                     route.circles, route.circles == 1 ? "" : "s");
}

}  // namespace tabletop::cli
