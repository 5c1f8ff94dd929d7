// tabletop: On Tour and Sorry! on the command line.
#include <cstdio>
#include <exception>
#include <iostream>
#include <string>

#include <CLI/CLI.hpp>

#include "cli/commands.h"
#include "core/error.h"

int main(int argc, char** argv) {
  CLI::App app{"tabletop: play and study On Tour and Sorry!"};
  app.require_subcommand(1);
  app.set_help_all_flag("--help-all", "Show help for every command");
  tabletop::cli::add_ontour_commands(app);
  tabletop::cli::add_sorry_commands(app);
  tabletop::cli::add_bench_command(app);
  tabletop::cli::add_sim_command(app);
  // A mistyped command gets its name back, not CLI11's "A subcommand is required".
  if (argc > 1 && argv[1][0] != '-') {
    std::string names;
    bool known = false;
    for (const CLI::App* sub : app.get_subcommands([](CLI::App*) { return true; })) {
      names += (names.empty() ? "" : ", ") + sub->get_name();
      known |= sub->get_name() == argv[1];
    }
    if (!known) {
      std::cerr << "tabletop: unknown command \"" << argv[1] << "\" (commands: " << names
                << "; tabletop --help)\n";
      return tabletop::cli::kExitBadInput;
    }
  }
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    app.exit(e);
    return tabletop::cli::kExitBadInput;
  } catch (const tabletop::cli::Interrupted& e) {
    return e.status;
  } catch (const tabletop::Error& e) {
    std::cerr << "tabletop: " << e.what() << "\n";
    return tabletop::cli::kExitBadInput;
  } catch (const std::exception& e) {
    std::cerr << "tabletop: internal error: " << e.what() << "\n";
    return 1;
  }
  return 0;
}
