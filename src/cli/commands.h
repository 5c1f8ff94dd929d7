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

// Exit status for a run that went through but could not write all its output (a full disk, a
// closed pipe), as for standard output: what was lost is said on stderr.
constexpr int kExitOutputLost = 1;

// A run that ends with `status` once it has said why and reported what it had done: stopped by a
// signal, 128 + the signal (as a shell reports a program the signal ended); kExitOutputLost.
struct ExitStatus {
  int status;
};

}  // namespace tabletop::cli
