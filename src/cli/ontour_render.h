// Drawing an On Tour map in the terminal.
#pragma once

#include <string>

#include "ontour/map.h"
#include "ontour/scorer.h"
#include "ontour/sheet.h"

namespace tabletop::cli {

// The map as a grid of cells "WA 21", circled numbers in parentheses "WA(21)", stars "*", X "X",
// empty "..". Spaces of `route` are bracketed: "[WA 21]". Maps without a layout are listed in rows.
std::string render_map(const ontour::Map& map, const ontour::Sheet& sheet,
                       const ontour::Route* route = nullptr);

// One space and the lines from it, as the sheet holds them, for the player who cannot see the
// lines on the drawing (the drawing is a grid: spaces side by side there need not be joined):
// "WA (Washington; north, west) has lines to OR 21, ID .., MT (40)".
std::string describe_space(const ontour::Map& map, const ontour::Sheet& sheet, int space);

// What the drawing and the prompts mean: the cells, the regions, how to find a space's lines.
std::string map_legend();

// "8 spaces + 1 circle": what a route scores, in words.
std::string route_sum(const ontour::Route& route);

// "SD MN ND ... (23 spaces + 7 circles = 30)".
std::string describe_route(const ontour::Map& map, const ontour::Route& route);

}  // namespace tabletop::cli
