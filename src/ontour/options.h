// On Tour options: each decision of the rules page that a table might play differently.
//
//   setup_rolls          2 (default: the rulebook) | 1 (one setup roll, two circled numbers)
//   star_always_circled  false (default: a star is circled only on its card's own space) | true
//                        (every star of a star turn is circled, as on Board Game Arena)
//   x_anywhere           true (default: a forced X goes into any empty space) | false (into a space
//                        of one of the turn's card regions while one has room)
//   voluntary_x          false (default) | true (a player may write an X instead of a number; a
//                        star is always written when it has room)
#pragma once

#include "core/json_util.h"

namespace tabletop::ontour {

struct Options {
  int setup_rolls = 2;
  bool star_always_circled = false;
  bool x_anywhere = true;
  bool voluntary_x = false;

  // Reads options by name; an unknown name or bad value raises InvalidOption. Missing ones keep
  // their defaults.
  static Options from_json(const Json& j);
  Json to_json() const;
  bool operator==(const Options&) const = default;
};

}  // namespace tabletop::ontour
