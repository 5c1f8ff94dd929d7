// `tabletop sim` as a user runs it: reports, seed-only results, and bad input exiting with 2.
#include <fstream>
#include <sstream>
#include <string>

#include <gtest/gtest.h>

#include "core/json_util.h"
#include "core/testing/run_command.h"

namespace tabletop {
namespace {

using SimRun = testing::CommandRun;

SimRun sim(const std::string& args) { return testing::run_command(TABLETOP_BINARY, "sim " + args); }

std::string slurp(const std::string& path) {
  std::ifstream f(path);
  std::stringstream ss;
  ss << f.rdbuf();
  return ss.str();
}

TEST(SimCli, HelpNamesTheOptions) {
  SimRun r = sim("--help");
  EXPECT_EQ(r.status, 0);
  for (const char* o : {"--bots", "--games", "--seed", "--threads", "--json", "--csv", "--plot"})
    EXPECT_NE(r.out.find(o), std::string::npos) << o;
}

TEST(SimCli, WritesJsonCsvAndPlotThatDependOnTheSeedOnly) {
  const std::string dir = ::testing::TempDir();
  std::string base = "ontour --bots greedy,random --games 12 --seed 4 --map europe";
  SimRun a = sim(base + " --threads 1 --json " + dir + "sim_a.json --csv " + dir +
                 "sim_a.csv --plot " + dir + "sim_a.svg");
  ASSERT_EQ(a.status, 0) << a.out;
  SimRun b = sim(base + " --threads 2 --json " + dir + "sim_b.json --csv " + dir + "sim_b.csv");
  ASSERT_EQ(b.status, 0) << b.out;
  Json ja = Json::parse(slurp(dir + "sim_a.json")), jb = Json::parse(slurp(dir + "sim_b.json"));
  EXPECT_EQ(ja["games"], 12);
  ASSERT_EQ(ja["players"].size(), 2u);
  for (const char* key : {"bot", "mean_score", "score_ci95", "win_rate", "win_ci95"})
    EXPECT_TRUE(ja["players"][0].contains(key)) << key;
  ja.erase("timing"), jb.erase("timing");
  for (auto* j : {&ja, &jb})
    for (auto& p : (*j)["players"]) p.erase("ms_per_decision");
  EXPECT_EQ(ja, jb);
  EXPECT_EQ(slurp(dir + "sim_a.csv"), slurp(dir + "sim_b.csv"));
  EXPECT_EQ(slurp(dir + "sim_a.svg").rfind("<svg", 0), 0u);
  EXPECT_NE(a.out.find("greedy"), std::string::npos);
}

TEST(SimCli, SorryRuns) {
  SimRun r = sim("sorry --bots greedy,random,random --games 6 --seed 2 --variant points");
  EXPECT_EQ(r.status, 0) << r.out;
  EXPECT_NE(r.out.find("wins by seat"), std::string::npos) << r.out;
}

// Progress goes to a log only when asked for: a pipe stays clean by default, and --progress
// writes whole lines (no carriage returns) ending with the last game.
TEST(SimCli, ProgressLinesOnlyWhenAskedFor) {
  const std::string base = "sorry --bots greedy,random --games 8 --seed 3";
  SimRun plain = sim(base);
  ASSERT_EQ(plain.status, 0) << plain.out;
  EXPECT_EQ(plain.out.find("games/s"), std::string::npos) << plain.out;
  SimRun lines = sim(base + " --progress");
  ASSERT_EQ(lines.status, 0) << lines.out;
  EXPECT_NE(lines.out.find("8/8 games"), std::string::npos) << lines.out;
  EXPECT_EQ(lines.out.find('\r'), std::string::npos) << lines.out;
  EXPECT_EQ(sim(base + " --progress --quiet").status, 2);
}

TEST(SimCli, BadInputExitsWithTwo) {
  for (const char* args :
       {"ontour --bots greedy,wizard --games 2", "sorry --bots greedy --games 2",
        "sorry --bots greedy,random --games 2 --variant teams", "ontour --bots greedy --games 0",
        "ontour --bots greedy --games -3", "ontour --bots greedy, --games 2",
        "ontour --bots greedy --games 2 --json /nonexistent/dir/out.json",
        "ontour --bots greedy --games 2 --option bogus=1", "chess --bots greedy",
        "ontour --bots strong:rollouts=lots --games 1", "ontour --games 2",
        "ontour --bots greedy --games 2 --map atlantis"}) {
    SimRun r = sim(args);
    EXPECT_EQ(r.status, 2) << args << "\n" << r.out;
    EXPECT_FALSE(r.out.empty()) << args;
  }
}

}  // namespace
}  // namespace tabletop
