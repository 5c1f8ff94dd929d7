// An SVG picture of a simulation: the score distribution of each bot as a histogram (one panel per
// bot, shared axis) and the win rates with their 95% intervals. Plain SVG, no scripts: it opens in
// any browser.
#pragma once

#include <string>
#include <vector>

#include "sim/record.h"
#include "sim/stats.h"

namespace tabletop::sim {

std::string plot_svg(const Summary& summary, const std::vector<GameRecord>& records);

}  // namespace tabletop::sim
