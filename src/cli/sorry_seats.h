// Who plays which colour in a terminal game of Sorry!: the `--bots` list of `sorry play`, which its
// records keep and `sorry replay` reads again to name the bots.
#pragma once

#include <array>
#include <string>

#include "sorry/options.h"

namespace tabletop::cli {

// `--bots`: "none", or a comma-separated list of colours, each optionally with the bot that plays
// it ("yellow=greedy", "green=strong:rollouts=64"); "all" or "all=random" for every colour. By
// colour: the bot spec, or "" for a seat at this terminal. Raises InvalidInput for an unknown
// bot, a colour unknown or not in this game, or a colour named twice.
std::array<std::string, 4> bot_specs(const std::string& bots, const sorry::Options& o);

// bot_specs of a record's "bots" field (the --bots text it was played with): its errors name the
// field ("\"bots\": unknown bot ...") rather than the option.
std::array<std::string, 4> bots_field(const std::string& bots, const sorry::Options& o);

}  // namespace tabletop::cli
