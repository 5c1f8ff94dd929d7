// The best route of an On Tour map, exactly.
//
// A route starts on any number or star, steps along lines to spaces not yet on it, never enters an
// X or an empty space, and its numbers never decrease; a star is wild (it takes the running value,
// so it never blocks and never raises it). Score = spaces on the route + circled spaces on it. The
// best route has the highest score and, among those, the most circles. Empty spaces are simply not
// entered, so a half-filled map gets a preview of its best route so far.
#pragma once

#include <array>
#include <string>
#include <vector>

#include "ontour/map.h"
#include "ontour/sheet.h"

namespace tabletop::ontour {

struct Route {
  int score = 0;
  int circles = 0;
  std::vector<int> path;  // space indices in route order; empty when no space can be entered
  int spaces() const { return static_cast<int>(path.size()); }
};

// The score and circles of a best route, without the route: what a bot valuing many sheets needs.
struct RouteValue {
  int score = 0;
  int circles = 0;
};

// True when a has the better (score, circles) than b.
inline bool better(const RouteValue& a, const RouteValue& b) {
  return a.score != b.score ? a.score > b.score : a.circles > b.circles;
}
inline bool better(const Route& a, const Route& b) {
  return better(RouteValue{a.score, a.circles}, RouteValue{b.score, b.circles});
}

// Finds best routes on one map; keeps its working memory between calls, so reuse one scorer for
// many sheets of the same map. Not thread-safe: one per thread.
class RouteScorer {
 public:
  explicit RouteScorer(const Map& map);
  ~RouteScorer();
  RouteScorer(RouteScorer&&) noexcept;
  RouteScorer& operator=(RouteScorer&&) noexcept;

  Route best(const Sheet& sheet);
  // best(sheet)'s score and circles, found without walking the route back (faster).
  RouteValue value(const Sheet& sheet);
  // The states each of the search's three stages went through in the last best() or value(): the
  // measure of its work (a hard sheet takes a thousand times the states of an easy one).
  std::array<long, 3> last_states() const;

 private:
  struct Impl;
  Impl* impl_;
};

// One-off convenience around RouteScorer.
Route best_route(const Map& map, const Sheet& sheet);

// The plain exhaustive search (every legal route from every start), kept as the reference the fast
// scorer is tested and benchmarked against.
Route best_route_exhaustive(const Map& map, const Sheet& sheet);

// Checks that `path` is a legal route on the sheet; on failure returns false and says why.
bool is_legal_route(const Map& map, const Sheet& sheet, const std::vector<int>& path,
                    std::string* why = nullptr);

}  // namespace tabletop::ontour
