// The reference side of the route scorer: the plain exhaustive search and the route checker.
//
// Both follow the rules text literally (no memo, no bounds, no precomputed sets beyond the map's
// neighbours) so that they can be trusted as the yardstick for the fast scorer in scorer.cc.
#include <fmt/format.h>

#include "ontour/scorer.h"

namespace tabletop::ontour {

namespace {

bool enterable(const Sheet& sheet, int space) {
  return !sheet.is_empty(space) && !sheet.is_cross(space);
}

class Exhaustive {
 public:
  Exhaustive(const Map& map, const Sheet& sheet) : map_(map), sheet_(sheet) {}

  Route run() {
    for (int s = 0; s < map_.num_spaces(); ++s) {
      if (!enterable(sheet_, s)) continue;
      // Starting on a star leaves the running value unset: the lowest number can still follow.
      int running = sheet_.is_star(s) ? -1 : sheet_.cell(s);
      visit(s, running, 0);
    }
    return best_;
  }

 private:
  void visit(int space, int running, SpaceSet used) {
    used |= bit(space);
    path_.push_back(space);
    current_.score += sheet_.is_circled(space) ? 2 : 1;
    current_.circles += sheet_.is_circled(space) ? 1 : 0;
    if (better(current_, best_)) {
      best_ = current_;
      best_.path = path_;
    }
    for_each_bit(map_.neighbours(space), [&](int next) {
      if (has(used, next) || !enterable(sheet_, next)) return;
      if (sheet_.is_star(next)) {
        visit(next, running, used);  // wild: keeps the running value
      } else if (sheet_.cell(next) >= running) {
        visit(next, sheet_.cell(next), used);
      }
    });
    current_.score -= sheet_.is_circled(space) ? 2 : 1;
    current_.circles -= sheet_.is_circled(space) ? 1 : 0;
    path_.pop_back();
  }

  const Map& map_;
  const Sheet& sheet_;
  Route best_, current_;
  std::vector<int> path_;
};

}  // namespace

Route best_route_exhaustive(const Map& map, const Sheet& sheet) {
  return Exhaustive(map, sheet).run();
}

bool is_legal_route(const Map& map, const Sheet& sheet, const std::vector<int>& path,
                    std::string* why) {
  auto fail = [&](std::string msg) {
    if (why) *why = std::move(msg);
    return false;
  };
  SpaceSet used = 0;
  int running = -1;
  for (size_t i = 0; i < path.size(); ++i) {
    int s = path[i];
    if (s < 0 || s >= map.num_spaces())
      return fail(fmt::format("step {}: {} is not a space of map {}", i + 1, s, map.id()));
    const std::string& id = map.space(s).id;
    if (sheet.is_empty(s)) return fail(fmt::format("step {}: {} is empty", i + 1, id));
    if (sheet.is_cross(s)) return fail(fmt::format("step {}: {} holds an X", i + 1, id));
    if (has(used, s)) return fail(fmt::format("step {}: {} is already on the route", i + 1, id));
    if (i > 0 && !has(map.neighbours(path[i - 1]), s))
      return fail(
          fmt::format("step {}: no line from {} to {}", i + 1, map.space(path[i - 1]).id, id));
    if (!sheet.is_star(s)) {
      if (sheet.cell(s) < running)
        return fail(fmt::format("step {}: {} holds {}, lower than {} before it", i + 1, id,
                                sheet.cell(s), running));
      running = sheet.cell(s);
    }
    used |= bit(s);
  }
  if (why) why->clear();
  return true;
}

}  // namespace tabletop::ontour
