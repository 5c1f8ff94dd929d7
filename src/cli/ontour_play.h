// `tabletop ontour play`: On Tour in the terminal (solo, hot-seat, or companion to a paper game).
#pragma once

#include <CLI/CLI.hpp>

namespace tabletop::cli {

void add_ontour_play_command(CLI::App& ontour);

}  // namespace tabletop::cli
