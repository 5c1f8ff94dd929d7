// Maps made up for the On Tour tests (the shipped ones are Map::builtin).
#pragma once

#include <string>

#include "core/json_util.h"
#include "ontour/map.h"

namespace tabletop::ontour::testing {

// An 8 x 8 grid of 64 spaces, each joined to its neighbours in its row and column: a map that uses
// every bit of a space set (and has paths through all 64 spaces). One region; one card a space.
inline Map grid_map() {
  Json j;
  j["id"] = "grid";
  j["name"] = "Grid";
  Json sp = Json::array(), cards = Json::array(), ln = Json::array();
  auto id = [](int r, int c) {
    return std::string{'R', static_cast<char>('0' + r), 'C', static_cast<char>('0' + c)};
  };
  for (int r = 0; r < 8; ++r) {
    for (int c = 0; c < 8; ++c) {
      sp.push_back({{"id", id(r, c)}, {"name", id(r, c)}, {"ns", "north"}, {"wce", "west"}});
      cards.push_back({{"space", id(r, c)}, {"region", "west"}});
      if (c + 1 < 8) ln.push_back({id(r, c), id(r, c + 1)});
      if (r + 1 < 8) ln.push_back({id(r, c), id(r + 1, c)});
    }
  }
  j["spaces"] = sp;
  j["lines"] = ln;
  j["cards"] = cards;
  return Map::from_json(j);
}

}  // namespace tabletop::ontour::testing
