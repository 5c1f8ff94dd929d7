// An SVG picture of a simulation: the score distribution of each bot as a histogram (one panel per
// bot, shared axis), the win rates with their 95% intervals, and, with two bots or more, each
// bot's score against the first, game by game, with its 95% interval. Plain SVG, no scripts: it
// opens in any browser.
#pragma once

#include <string>
#include <vector>

#include "sim/record.h"
#include "sim/stats.h"

namespace tabletop::sim {

std::string plot_svg(const Summary& summary, const std::vector<GameRecord>& records);

}  // namespace tabletop::sim
