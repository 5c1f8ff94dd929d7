// The program as a whole: --version, no command, and how a mistyped command line is answered.
#include <string>

#include <gtest/gtest.h>

#include "core/testing/run_command.h"

namespace tabletop {
namespace {

using CliRun = testing::CommandRun;

CliRun run(const std::string& args) { return testing::run_command(TABLETOP_BINARY, args, ""); }

TEST(MainCli, VersionAndNoCommand) {
  CliRun version = run("--version");
  EXPECT_EQ(version.status, 0);
  EXPECT_EQ(version.out.rfind("tabletop ", 0), 0u) << version.out;

  for (const char* args : {"--version extra", "--version --bogus", "sim --version"})
    EXPECT_EQ(run(args).status, 2) << args;

  CliRun none = run("");
  EXPECT_EQ(none.status, 2);
  EXPECT_NE(none.out.find("Subcommands:"), std::string::npos) << none.out;
  EXPECT_NE(none.out.find("tabletop: a command is required"), std::string::npos) << none.out;

  // The usage line names the program, whatever path started it (the tests start it by its full
  // path).
  for (const char* args : {"--help", "", "sim --help"}) {
    CliRun help = run(args);
    EXPECT_NE(help.out.find("Usage: tabletop "), std::string::npos) << args << ": " << help.out;
    EXPECT_EQ(help.out.find("Usage: /"), std::string::npos) << args << ": " << help.out;
  }
}

TEST(MainCli, CommandLineMistakesAreSaidInPlainWords) {
  CliRun twice = run("sim sorry --bots greedy,greedy --games 5 --games 6");
  EXPECT_EQ(twice.status, 2);
  EXPECT_NE(twice.out.find("tabletop: --games is given more than once\n"), std::string::npos)
      << twice.out;
  CliRun missing = run("sim sorry --games 5");
  EXPECT_EQ(missing.status, 2);
  EXPECT_EQ(missing.out.rfind("tabletop: --bots is required\n", 0), 0u) << missing.out;
  CliRun unknown = run("ontour score --bogus");
  EXPECT_EQ(unknown.status, 2);
  EXPECT_EQ(unknown.out.rfind("tabletop: unknown option --bogus (tabletop ontour score --help)", 0),
            0u)
      << unknown.out;
  // Named before a missing required option or command would be.
  for (const char* args : {"--bogus", "sim sorry --bogus", "sim --bogus=3 sorry"}) {
    CliRun r = run(args);
    EXPECT_EQ(r.status, 2) << args;
    EXPECT_NE(r.out.find("unknown option --bogus"), std::string::npos) << args << "\n" << r.out;
  }
  // An option a slip away from one the command takes is suggested.
  CliRun slip = run("ontour play --compaion");
  EXPECT_EQ(slip.status, 2);
  EXPECT_NE(slip.out.find("unknown option --compaion (tabletop ontour play --help; did you mean "
                          "--companion?)"),
            std::string::npos)
      << slip.out;
  EXPECT_NE(run("sim sorry --bots greedy --gmaes 3").out.find("did you mean --games?"),
            std::string::npos);
  EXPECT_EQ(run("ontour score --bogus").out.find("did you mean"), std::string::npos);
  // A command of commands given none lists them.
  for (const char* game : {"ontour", "sorry"}) {
    CliRun none = run(game);
    EXPECT_EQ(none.status, 2) << game;
    EXPECT_EQ(
        none.out.rfind(std::string("tabletop ") + game + ": a command is required (commands: ", 0),
        0u)
        << none.out;
    EXPECT_NE(none.out.find("play"), std::string::npos) << none.out;
    EXPECT_EQ(run(std::string(game) + " --help").status, 0) << game;
  }
  // Words the command does not take are named, in the order typed.
  CliRun extra = run("sim sorry --bots greedy,greedy extra more");
  EXPECT_EQ(extra.status, 2);
  EXPECT_EQ(extra.out, "tabletop: unexpected arguments extra more (tabletop sim --help)\n");
  // sorry play's seat option, which sim says otherwise, says how.
  CliRun players = run("sim sorry --bots greedy,greedy --players 2");
  EXPECT_EQ(players.status, 2);
  EXPECT_NE(players.out.find("in sim the players are the --bots"), std::string::npos)
      << players.out;
  // Values that start with a dash are values, and "-" is standard input.
  EXPECT_NE(run("sorry play --seed -1").out.find("-1 is not a seed"), std::string::npos);
}

}  // namespace
}  // namespace tabletop
