// Subcommands of the tabletop command. Each add_* registers one subcommand (with its --help) on the
// app; its callback does the work and throws tabletop::Error for bad input, which main turns into a
// message and exit status 2.
#pragma once

#include <CLI/CLI.hpp>

namespace tabletop::cli {

void add_ontour_commands(CLI::App& app);
void add_sorry_commands(CLI::App& app);
void add_bench_command(CLI::App& app);
void add_sim_command(CLI::App& app);

// Exit status for bad input or usage, as documented in the README.
constexpr int kExitBadInput = 2;

// A run stopped by a signal, after it said so and reported what it had done: main exits with
// `status` (128 + the signal, as a shell reports a program the signal ended).
struct Interrupted {
  int status;
};

}  // namespace tabletop::cli
