// Reading and writing a filled On Tour map ("sheet") as JSON, the format of `tabletop ontour
// score`:
//   {"map": "usa", "spaces": {"WA": 21, "SD": "*", "WI": "X", ...}, "circled": ["WA", ...]}
// Numbers are JSON integers 0..99, "*" is a star, "X" a cross; a space not listed is empty.
#pragma once

#include <string>

#include "core/json_util.h"
#include "ontour/map.h"
#include "ontour/sheet.h"

namespace tabletop::ontour {

struct LoadedSheet {
  Map map;
  Sheet sheet;
};

// Validates a sheet and returns it with its map. When `map_override` is given it is used, and the
// sheet's "map" field (if any) must name it. Raises InvalidInput naming the first problem.
LoadedSheet sheet_from_json(const Json& j, const Map* map_override = nullptr);

// Reads the cells of a sheet whose map is already known.
Sheet sheet_cells_from_json(const Json& j, const Map& map);

Json sheet_to_json(const Map& map, const Sheet& sheet);

// The text of one cell as a player writes it: "21", "05", "*", "X" or "" when empty.
std::string cell_text(const Sheet& sheet, int space);

}  // namespace tabletop::ontour
