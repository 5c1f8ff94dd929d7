// On Tour maps: spaces, lines and cards, as data.
//
// A map has at most 64 spaces so that a set of spaces is one 64-bit word (core/bits.h). Every space
// lies in exactly one of North/South and one of West/Central/East; each card names one space and
// shows one of that space's two regions. The shipped maps (data/maps/usa.json, europe.json) are
// compiled into the binary; a user may load their own file, which is validated on load.
//
// Map file format:
//   {"id": "usa", "name": "USA",
//    "spaces": [{"id": "WA", "name": "Washington", "ns": "north", "wce": "west", "at": [row, col]},
//    ...], "lines": [["WA", "OR"], ...], "cards": [{"space": "WA", "region": "west"}, ...]}
// "at" (optional) places the space on the terminal drawing of the map.
#pragma once

#include <array>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/bits.h"
#include "core/json_util.h"

namespace tabletop::ontour {

enum class Region : uint8_t { kNorth, kSouth, kWest, kCentral, kEast };
constexpr int kNumRegions = 5;
constexpr int kMaxSpaces = 64;

std::string_view region_name(Region r);  // "north", ...
std::optional<Region> parse_region(std::string_view s);

struct Space {
  std::string id;
  std::string name;
  Region ns = Region::kNorth;  // kNorth or kSouth
  Region wce = Region::kWest;  // kWest, kCentral or kEast
  int row = -1, col = -1;      // position in the terminal drawing, -1 when not given
  bool in(Region r) const { return ns == r || wce == r; }
};

struct Card {
  int space = 0;
  Region region = Region::kNorth;
  bool operator==(const Card&) const = default;
};

class Map {
 public:
  // Validates and builds a map; raises InvalidInput naming the first problem.
  static Map from_json(const Json& j);
  // A shipped map by id ("usa", "europe"); raises InvalidInput for an unknown id.
  static const Map& builtin(std::string_view id);
  static std::vector<std::string> builtin_ids();
  // A shipped map id, or else a path to a map file.
  static Map load(const std::string& id_or_path);
  // The same, shared: a shipped map is not copied (it lives for the whole program).
  static std::shared_ptr<const Map> load_shared(const std::string& id_or_path);
  // A shipped map (from builtin()) in a shared_ptr that does not own it.
  static std::shared_ptr<const Map> unowned(const Map& builtin_map);
  // A map read from `where` (a file, a record): the shipped map when it has a shipped map's id and
  // plays the same game (spaces, cards, lines in any order; names and drawing places aside),
  // InvalidInput when it has such an id and differs, else the map itself.
  static std::shared_ptr<const Map> adopt(Map map, const std::string& where);

  Json to_json() const;

  const std::string& id() const { return id_; }
  const std::string& name() const { return name_; }
  int num_spaces() const { return static_cast<int>(spaces_.size()); }
  const Space& space(int i) const { return spaces_[i]; }
  const std::vector<Space>& spaces() const { return spaces_; }
  // The space of an id in any case ("wa" is WA), -1 for none: no two ids of a map differ only in
  // case.
  int find(std::string_view id) const;
  SpaceSet neighbours(int i) const { return adj_[i]; }
  SpaceSet region_spaces(Region r) const { return region_[static_cast<int>(r)]; }
  SpaceSet all_spaces() const { return all_; }
  const std::vector<std::pair<int, int>>& lines() const { return lines_; }
  const std::vector<Card>& cards() const { return cards_; }
  int num_cards() const { return static_cast<int>(cards_.size()); }
  bool has_layout() const { return has_layout_; }

  // Shortest-path distances in lines between all pairs (-1 when unreachable).
  std::vector<std::vector<int>> distances() const;

 private:
  std::string id_, name_;
  std::vector<Space> spaces_;
  std::vector<std::pair<int, int>> lines_;
  std::vector<Card> cards_;
  std::array<SpaceSet, kMaxSpaces> adj_{};
  std::array<SpaceSet, kNumRegions> region_{};
  SpaceSet all_ = 0;
  bool has_layout_ = false;
};

}  // namespace tabletop::ontour
