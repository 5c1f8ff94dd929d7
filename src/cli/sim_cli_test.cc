// `tabletop sim` as a user runs it: reports, seed-only results, and bad input exiting with 2.
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "core/json_util.h"
#include "core/testing/run_command.h"
#include "sim/stats.h"

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

// The JSON summary without its wall-clock figures, which differ from run to run.
Json without_timing(Json j) {
  j.erase("timing");
  const Json timing_keys = sim::player_timing_json({});
  for (auto& p : j["players"])
    for (const auto& [key, value] : timing_keys.items()) p.erase(key);
  return j;
}

TEST(SimCli, HelpNamesTheOptions) {
  SimRun r = sim("--help");
  EXPECT_EQ(r.status, 0);
  for (const char* o :
       {"--bots", "--games", "--seed", "--first-game", "--threads", "--json", "--csv", "--plot"})
    EXPECT_NE(r.out.find(o), std::string::npos) << o;
  // The bots are listed from the registries, so a new bot cannot be missing from the help.
  EXPECT_NE(r.out.find("On Tour bots: random, target, greedy, strong;"), std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("Sorry! bots: random, greedy, learnt, strong"), std::string::npos) << r.out;
}

// A shipped map's id in another case is that map.
TEST(SimCli, MapIdsInAnotherCaseAreTheShippedMaps) {
  const std::string dir = ::testing::TempDir();
  const std::string base = "ontour --bots random --games 3 --seed 1 --quiet --csv " + dir;
  ASSERT_EQ(sim(base + "sim_case_a.csv --map Europe").status, 0);
  ASSERT_EQ(sim(base + "sim_case_b.csv --map europe").status, 0);
  EXPECT_NE(slurp(dir + "sim_case_a.csv").find("ontour/europe/"), std::string::npos);
  EXPECT_EQ(slurp(dir + "sim_case_a.csv"), slurp(dir + "sim_case_b.csv"));
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
  EXPECT_EQ(without_timing(ja), without_timing(jb));
  EXPECT_EQ(slurp(dir + "sim_a.csv"), slurp(dir + "sim_b.csv"));
  EXPECT_EQ(slurp(dir + "sim_a.svg").rfind("<svg", 0), 0u);
  EXPECT_NE(a.out.find("greedy"), std::string::npos);
}

TEST(SimCli, SorryRuns) {
  SimRun r = sim("sorry --bots greedy,random,random --games 6 --seed 2 --variant points");
  EXPECT_EQ(r.status, 0) << r.out;
  EXPECT_NE(r.out.find("wins by seat"), std::string::npos) << r.out;
  // A list option, as `sorry play` takes it: the seats of a 2-player race.
  const std::string json = ::testing::TempDir() + "/sim_seats.json";
  SimRun seats =
      sim("sorry --bots greedy,random --games 2 --option seats=red,yellow --json " + json);
  ASSERT_EQ(seats.status, 0) << seats.out;
  EXPECT_EQ(read_json_file(json)["settings"]["options"]["seats"],
            Json::parse(R"(["red", "yellow"])"));
}

// --first-game K: games K.. of the seed, row for row the rows of a run from game 0 that holds
// them, named in the table and the JSON settings, and comparable with that run's CSV.
TEST(SimCli, FirstGamePlaysTheLaterGamesOfTheSeed) {
  const std::string dir = ::testing::TempDir();
  const std::string all = dir + "/sim_first_all.csv", later = dir + "/sim_first_later.csv";
  const std::string base = "ontour --bots greedy,target --seed 8 --quiet --csv ";
  ASSERT_EQ(sim(base + all + " --games 6").status, 0);
  SimRun r = sim(base + later + " --games 2 --first-game 4 --json " + dir + "/sim_first.json");
  ASSERT_EQ(r.status, 0) << r.out;
  EXPECT_NE(r.out.find("2 games of ontour, seed 8 (games 4 to 5)"), std::string::npos) << r.out;
  EXPECT_EQ(read_json_file(dir + "/sim_first.json")["settings"]["first_game"], 4);
  std::vector<std::string> rows_all, rows_later;
  std::istringstream a(slurp(all)), b(slurp(later));
  for (std::string line; std::getline(a, line);) rows_all.push_back(line);
  for (std::string line; std::getline(b, line);) rows_later.push_back(line);
  ASSERT_EQ(rows_all.size(), 7u);  // the header and six games
  EXPECT_EQ(rows_later, (std::vector<std::string>{rows_all[0], rows_all[5], rows_all[6]}));
  SimRun one = sim(base + "- --games 1 --first-game 5 --baseline " + all);
  ASSERT_EQ(one.status, 0) << one.out;
  EXPECT_NE(one.out.find(rows_all[6]), std::string::npos) << one.out;
  EXPECT_NE(one.out.find("over the 1 game of both"), std::string::npos) << one.out;
  EXPECT_EQ(sim(base + "- --games 2 --first-game 6 --baseline " + all).status, 2);  // none shared
  EXPECT_EQ(sim("ontour --bots greedy --first-game -1").status, 2);
}

// --baseline: a run compared game by game with an earlier run's CSV. The same bots differ by
// nothing (the same seed plays the same games); another bot by the difference of the two runs'
// own figures; a CSV of other games is refused before the first game.
TEST(SimCli, BaselineComparesWithAnEarlierRunGameByGame) {
  const std::string dir = ::testing::TempDir();
  const std::string csv = dir + "/sim_baseline.csv", json = dir + "/sim_baseline.json";
  ASSERT_EQ(sim("sorry --bots greedy,random --games 40 --seed 3 --quiet --csv " + csv).status, 0);
  SimRun same = sim("sorry --bots greedy,random --games 40 --seed 3 --quiet --baseline " + csv +
                    " --json " + json);
  ASSERT_EQ(same.status, 0) << same.out;
  EXPECT_NE(same.out.find("this run less the baseline"), std::string::npos) << same.out;
  Json j = read_json_file(json)["baseline"];
  EXPECT_EQ(j["games"], 40);
  for (const auto& p : j["players"]) {
    EXPECT_EQ(p["score_diff"], 0);
    EXPECT_EQ(p["win_diff"], 0);
  }
  SimRun other = sim("sorry --bots learnt,random --games 40 --seed 3 --quiet --baseline " + csv +
                     " --json " + json);
  ASSERT_EQ(other.status, 0) << other.out;
  const Json all = read_json_file(json);
  j = all["baseline"];
  EXPECT_EQ(j["players"][0]["bot"], "learnt");
  EXPECT_EQ(j["players"][0]["baseline_bot"], "greedy");
  EXPECT_NEAR(j["players"][0]["win_diff"].get<double>(),
              all["players"][0]["win_rate"].get<double>() -
                  j["players"][0]["baseline_win_rate"].get<double>(),
              1e-12);
  // Other games: another seed, seating, number of players, variant, rule options or game.
  for (const std::string bad :
       {"sorry --bots greedy,random --seed 4", "sorry --bots greedy,random --seed 3 --no-rotate",
        "sorry --bots greedy,random,random --seed 3",
        "sorry --bots greedy,random --seed 3 --variant points",
        "sorry --bots greedy,random --seed 3 --option deck=44",
        "ontour --bots greedy,random --seed 3"}) {
    SimRun r = sim(bad + " --games 40 --quiet --baseline " + csv);
    EXPECT_EQ(r.status, 2) << bad;
    EXPECT_NE(r.out.find("--baseline"), std::string::npos) << r.out;
    EXPECT_EQ(r.out.find("games of"), std::string::npos) << r.out;  // before any game
  }
  EXPECT_EQ(sim("sorry --bots greedy,random --baseline " + dir + "/none.csv").status, 2);
  // The CSV says what games it holds, in a last column.
  const std::string text = slurp(csv);
  const std::string head = text.substr(0, text.find('\n'));
  ASSERT_GT(head.size(), 6u);
  EXPECT_EQ(head.substr(head.size() - 6), ",match") << head;
  EXPECT_NE(text.find(",sorry/classic/"), std::string::npos);
}

// --teams and --points, as sorry play takes them, play the very games of --variant teams and
// --variant points (a baseline of one is a baseline of the other, every game the same).
TEST(SimCli, TeamsAndPointsFlagsAreTheVariants) {
  const std::string dir = ::testing::TempDir();
  for (const std::string variant : {"teams", "points"}) {
    const std::string bots = variant == "teams" ? "greedy,random,greedy,random" : "greedy,random";
    const std::string csv = dir + "/sim_flag_" + variant + ".csv",
                      json = dir + "/sim_flag_" + variant + ".json";
    const std::string base = "sorry --bots " + bots + " --games 20 --seed 5 --quiet ";
    ASSERT_EQ(sim(base + "--variant " + variant + " --csv " + csv).status, 0);
    SimRun flag = sim(base + "--" + variant + " --baseline " + csv + " --json " + json);
    ASSERT_EQ(flag.status, 0) << flag.out;
    const Json j = read_json_file(json);
    EXPECT_EQ(j["settings"]["variant"], variant);
    for (const auto& p : j["baseline"]["players"]) {
      EXPECT_EQ(p["score_diff"], 0) << variant;
      EXPECT_EQ(p["win_diff"], 0) << variant;
    }
  }
  // The game and the variant are names in any case, as the bots are.
  const std::string cased = dir + "/sim_cased_variant.json";
  SimRun any_case =
      sim("Sorry --bots greedy,random --variant Points --games 2 --quiet --json " + cased);
  ASSERT_EQ(any_case.status, 0) << any_case.out;
  EXPECT_EQ(read_json_file(cased)["settings"]["variant"], "points");
  // Two variants at once, one undone by an --option, or a flag of Sorry! for On Tour: refused.
  for (const std::string bad : {"sorry --bots greedy,random --teams --points",
                                "sorry --bots greedy,random --points "
                                "--variant points",
                                "sorry --bots greedy,random --points --option points=false",
                                "ontour --bots greedy --points"}) {
    SimRun r = sim(bad + " --games 2 --quiet");
    EXPECT_EQ(r.status, 2) << bad << "\n" << r.out;
    EXPECT_NE(r.out.find("--"), std::string::npos) << r.out;
  }
  EXPECT_NE(sim("sorry --bots greedy,random --points --option points=false --games 2")
                .out.find("--points contradicts the --option settings"),
            std::string::npos);
}

// What --baseline rests on: a Sorry! race of one seed draws the same cards whatever the bots do
// (until the shorter game ends), so the same seats get the same cards in both runs.
TEST(SimCli, SorryDrawsTheSameCardsWhateverTheBotsDo) {
  const std::string dir = ::testing::TempDir() + "/sim_same_cards";
  std::filesystem::remove_all(dir);
  auto draws = [&](const std::string& bots) {
    const std::string out = dir + "/" + bots;
    EXPECT_EQ(sim("sorry --bots " + bots + " --games 3 --seed 5 --quiet --records " + out).status,
              0);
    std::vector<std::vector<Json>> games;
    for (int g = 0; g < 3; ++g) {
      games.emplace_back();
      const Json record = read_json_file(out + "/game-00000" + std::to_string(g) + ".json");
      for (const Json& a : record["actions"])
        if (a.contains("kind") && a["kind"] == "draw") games.back().push_back(a);
    }
    return games;
  };
  const auto greedy = draws("greedy,greedy,greedy,greedy"),
             random = draws("random,random,random,random");
  for (int g = 0; g < 3; ++g) {
    const size_t n = std::min(greedy[g].size(), random[g].size());
    ASSERT_GT(n, 100u);
    EXPECT_NE(greedy[g], random[g]);  // the games themselves differ in length
    for (size_t i = 0; i < n; ++i)
      ASSERT_EQ(greedy[g][i], random[g][i]) << "game " << g << " draw " << i;
  }
  std::filesystem::remove_all(dir);
}

// The CSV rows of a run: one vector of fields per game.
std::vector<std::vector<std::string>> csv_rows(const std::string& text) {
  std::vector<std::vector<std::string>> rows;
  std::istringstream in(text);
  std::string line;
  std::getline(in, line);  // header
  while (std::getline(in, line)) {
    std::vector<std::string> fields;
    std::istringstream f(line);
    for (std::string x; std::getline(f, x, ',');) fields.push_back(x);
    rows.push_back(fields);
  }
  return rows;
}

// A run refused for its input leaves no --records directory behind.
TEST(SimCli, ARefusedRunMakesNoRecordsDirectory) {
  const std::string dir = ::testing::TempDir() + "/sim_refused_records";
  std::filesystem::remove_all(dir);
  SimRun r = sim("ontour --bots greedy,foo --games 2 --records " + dir);
  EXPECT_EQ(r.status, 2) << r.out;
  EXPECT_FALSE(std::filesystem::exists(dir)) << r.out;
}

TEST(SimCli, RecordsReplayAsTheGamesWerePlayed) {
  const std::string dir = ::testing::TempDir() + "/sim_records";
  std::filesystem::remove_all(dir);
  // Sorry!: the record of each game ends the way its CSV row says, and --records changes nothing.
  const std::string base = "sorry --bots strong:rollouts=8,greedy --games 4 --seed 3 --quiet";
  SimRun plain = sim(base + " --csv " + dir + "_plain.csv");
  SimRun with = sim(base + " --csv " + dir + "_with.csv --records " + dir + "/sorry");
  ASSERT_EQ(with.status, 0) << with.out;
  EXPECT_EQ(slurp(dir + "_with.csv"), slurp(dir + "_plain.csv"));
  const auto rows = csv_rows(slurp(dir + "_with.csv"));
  ASSERT_EQ(rows.size(), 4u);
  for (const auto& row : rows) {
    // game,seed,length,bot1,seat1,score1,win1,... : the winner's bot and seat colour.
    const std::string path = dir + "/sorry/game-00000" + row[0] + ".json";
    const Json record = read_json_file(path);
    EXPECT_EQ(record["seed"].get<uint64_t>(), std::stoull(row[1]));
    SimRun told = testing::run_command(TABLETOP_BINARY, "sorry replay " + path);
    ASSERT_EQ(told.status, 0) << told.out;
    const int winner = row[6] == "1" ? 1 : 2;  // the player (bot1 or bot2) who won
    const std::string bot = row[winner == 1 ? 3 : 8], seat = row[winner == 1 ? 4 : 9];
    const std::string colour = seat == "1" ? "red" : "yellow";
    EXPECT_NE(told.out.find(colour + " wins after " + row[2] + " cards"), std::string::npos)
        << told.out.substr(told.out.size() - 200);
    EXPECT_NE(told.out.find(colour + " (" + bot + "): "), std::string::npos);
  }

  // On Tour: the replay ends with the scores of the CSV.
  SimRun ontour = sim("ontour --bots greedy,random --games 2 --seed 5 --quiet --csv " + dir +
                      "_ontour.csv --records " + dir + "/ontour");
  ASSERT_EQ(ontour.status, 0) << ontour.out;
  for (const auto& row : csv_rows(slurp(dir + "_ontour.csv"))) {
    SimRun told = testing::run_command(
        TABLETOP_BINARY, "ontour replay " + dir + "/ontour/game-00000" + row[0] + ".json");
    ASSERT_EQ(told.status, 0) << told.out;
    for (int b : {0, 1}) {
      const std::string score = row[5 + 5 * b], seat = row[4 + 5 * b];
      EXPECT_NE(told.out.find("Player " + seat + " (" + row[3 + 5 * b] + "):\n"),
                std::string::npos);
      EXPECT_NE(told.out.find(" = " + score + ")\n"), std::string::npos) << score;
    }
  }
  std::ofstream(dir + "_file") << "not a directory";
  SimRun file = sim("ontour --bots greedy --games 1 --records " + dir + "_file");
  EXPECT_EQ(file.status, 2);
  EXPECT_NE(file.out.find("_file is a file, not a directory"), std::string::npos) << file.out;
  // A directory with the records of a run already is refused, its records kept as they were.
  const std::string kept = slurp(dir + "/ontour/game-000000.json");
  SimRun again =
      sim("ontour --bots greedy --games 1 --seed 9 --quiet --records " + dir + "/ontour");
  EXPECT_EQ(again.status, 2) << again.out;
  EXPECT_NE(again.out.find("holds game records already"), std::string::npos) << again.out;
  EXPECT_EQ(slurp(dir + "/ontour/game-000000.json"), kept);
  std::filesystem::remove_all(dir);
}

// What would mix up or lose results is refused before a game is played: two outputs to one file,
// a map file that passes for a shipped map; and a match is named by the rules it plays.
TEST(SimCli, OutputsAndMatchesAreWhatTheySay) {
  const std::string dir = ::testing::TempDir() + "/sim_outputs";
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  SimRun same =
      sim("sorry --bots greedy,greedy --games 2 --csv " + dir + "/x --plot " + dir + "/x");
  EXPECT_EQ(same.status, 2) << same.out;
  EXPECT_NE(same.out.find("--csv and --plot name the same file"), std::string::npos) << same.out;
  EXPECT_FALSE(std::filesystem::exists(dir + "/x"));
  SimRun spelt = sim("sorry --bots greedy,greedy --games 2 --csv " + dir + "/x --json " + dir +
                     "/./x");  // the same file by another spelling
  EXPECT_EQ(spelt.status, 2) << spelt.out;
  EXPECT_FALSE(std::filesystem::exists(dir + "/x"));
  // Relative spellings of a file not there yet, and a file in (or as) the --records directory.
  const std::string here = "cd " + dir + " && " + TABLETOP_BINARY;
  for (const std::string outputs :
       {"--csv n.csv --plot ./n.csv", "--csv g.csv --json sub/../g.csv",
        "--records r --csv r/game-000001.json", "--records r --json r"}) {
    SimRun r = testing::run_command(here, "sim sorry --bots greedy,greedy --games 2 " + outputs);
    EXPECT_EQ(r.status, 2) << outputs << "\n" << r.out;
    EXPECT_TRUE(std::filesystem::is_empty(dir)) << outputs;  // nothing made, nothing written
  }
  // A rule option given twice, or one that undoes --variant, is named.
  for (const std::string options :
       {"--option deck=44 --option deck=45", "--variant points --option points=false",
        "--variant classic --option points=true"}) {
    SimRun r = sim("sorry --bots greedy,greedy --games 2 " + options);
    EXPECT_EQ(r.status, 2) << options << "\n" << r.out;
    EXPECT_NE(r.out.find("--"), std::string::npos) << r.out;
  }

  // The shipped map's file is that map; changed under its id, it is refused.
  const std::string shipped = std::string(TABLETOP_SOURCE_DIR) + "/data/maps/usa.json";
  ASSERT_EQ(
      sim("ontour --bots greedy --games 2 --quiet --map usa --csv " + dir + "/usa.csv").status, 0);
  EXPECT_EQ(sim("ontour --bots greedy --games 2 --quiet --map " + shipped + " --baseline " + dir +
                "/usa.csv")
                .status,
            0);
  Json usa = read_json_file(shipped);
  // A copy named otherwise, its lines in another order and direction, plays the same games.
  Json relined = usa;
  relined["name"] = "My USA";
  std::reverse(relined["lines"].begin(), relined["lines"].end());
  for (auto& line : relined["lines"]) std::swap(line[0], line[1]);
  write_text_file(dir + "/usa-same.json", relined.dump());
  EXPECT_EQ(sim("ontour --bots greedy --games 2 --quiet --map " + dir + "/usa-same.json " +
                "--baseline " + dir + "/usa.csv")
                .status,
            0);
  usa["lines"].erase(usa["lines"].begin());
  write_text_file(dir + "/usa-changed.json", usa.dump());
  SimRun copy = sim("ontour --bots greedy --games 1 --map " + dir + "/usa-changed.json");
  EXPECT_EQ(copy.status, 2) << copy.out;
  EXPECT_NE(copy.out.find("is that of a shipped map"), std::string::npos) << copy.out;
  // Under an id of its own it plays, and its games are not taken for those of another file with
  // the same id (--baseline compares the match column).
  usa["id"] = "mine";
  write_text_file(dir + "/mine.json", usa.dump());
  ASSERT_EQ(sim("ontour --bots greedy --games 2 --quiet --map " + dir + "/mine.json --csv " + dir +
                "/mine.csv")
                .status,
            0);
  usa["lines"].erase(usa["lines"].begin() + 1);
  write_text_file(dir + "/other.json", usa.dump());
  SimRun other = sim("ontour --bots greedy --games 2 --quiet --map " + dir +
                     "/other.json --baseline " + dir + "/mine.csv");
  EXPECT_EQ(other.status, 2) << other.out;
  EXPECT_NE(other.out.find("another game, map"), std::string::npos) << other.out;

  // --option points=true plays for points, and says so.
  ASSERT_EQ(sim("sorry --bots greedy,greedy --games 2 --quiet --option points=true --json " + dir +
                "/points.json --csv " + dir + "/points.csv")
                .status,
            0);
  EXPECT_EQ(read_json_file(dir + "/points.json")["settings"]["variant"], "points");
  EXPECT_NE(slurp(dir + "/points.csv").find(",sorry/points/"), std::string::npos);
  std::filesystem::remove_all(dir);
}

TEST(SimCli, CtrlCReportsTheGamesFinished) {
  const std::string dir = ::testing::TempDir();
  const std::string json = dir + "sim_cut.json", csv = dir + "sim_cut.csv";
  std::remove(json.c_str());
  const std::string base = "sim ontour --bots greedy,random --seed 3 --quiet";
  // A run far too long to end by itself, stopped by SIGINT as Ctrl-C stops it.
  SimRun r = testing::run_command(
      "sh", "-c '" TABLETOP_BINARY " " + base + " --games 20000 --json " + json + " --csv " + csv +
                " & p=$!; sleep 3; kill -INT $p; wait $p; echo status=$?'");
  ASSERT_NE(r.out.find("status=130"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("stopping after the games in progress"), std::string::npos) << r.out;
  const std::string said = "interrupted: the report covers the first ";
  const size_t at = r.out.find(said);
  if (at == std::string::npos) {  // a machine too slow to finish one game in 3 s
    EXPECT_NE(r.out.find("nothing to report"), std::string::npos) << r.out;
    EXPECT_FALSE(std::filesystem::exists(json));
    return;
  }
  const int k = std::stoi(r.out.substr(at + said.size()));
  ASSERT_GE(k, 1) << r.out;
  EXPECT_NE(r.out.find(std::to_string(k) + (k == 1 ? " game of ontour" : " games of ontour")),
            std::string::npos)
      << r.out;
  Json cut = read_json_file(json);
  EXPECT_EQ(cut["games"], k);
  EXPECT_EQ(cut["interrupted"]["games_asked"], 20000);
  EXPECT_EQ(cut["interrupted"]["signal"], 2);
  // The report is the one of a run of k games.
  const std::string json_k = dir + "sim_k.json", csv_k = dir + "sim_k.csv";
  SimRun whole = testing::run_command(TABLETOP_BINARY, base + " --games " + std::to_string(k) +
                                                           " --json " + json_k + " --csv " + csv_k);
  ASSERT_EQ(whole.status, 0) << whole.out;
  EXPECT_EQ(slurp(csv), slurp(csv_k));
  cut.erase("interrupted");
  EXPECT_EQ(without_timing(cut), without_timing(read_json_file(json_k)));
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

// Numbers are read in decimal, leading zeros and all (CLI11 alone would read 010 as octal 8).
TEST(SimCli, NumbersWithLeadingZerosAreDecimal) {
  SimRun r = sim("sorry --bots greedy,random --games 010 --seed 010 --threads 02 --quiet");
  ASSERT_EQ(r.status, 0) << r.out;
  EXPECT_EQ(r.out.rfind("10 games of sorry, seed 10,", 0), 0u) << r.out;
  EXPECT_NE(r.out.find("on 2 threads"), std::string::npos) << r.out;
  SimRun nine = sim("sorry --bots greedy,random --games 09 --seed 08 --quiet");
  ASSERT_EQ(nine.status, 0) << nine.out;
  EXPECT_EQ(nine.out.rfind("9 games of sorry, seed 8,", 0), 0u) << nine.out;
}

TEST(SimCli, BadInputExitsWithTwo) {
  for (const char* args : {"ontour --bots greedy,wizard --games 2",
                           "sorry --bots greedy --games 2",
                           "sorry --bots greedy,random --games 2 --variant teams",
                           "ontour --bots greedy --games 0",
                           "ontour --bots greedy --games -3",
                           "ontour --bots greedy, --games 2",
                           "ontour --bots greedy --games 2 --json /nonexistent/dir/out.json",
                           "ontour --bots greedy --games 2 --option bogus=1",
                           "chess --bots greedy",
                           "ontour --bots strong:rollouts=lots --games 1",
                           "ontour --games 2",
                           "ontour --bots greedy --games 2 --map atlantis",
                           "ontour --bots greedy --games 2 --threads -1",
                           "ontour --bots greedy --games 2 --threads 5000",
                           "ontour --bots greedy --games ''",
                           "ontour --bots greedy --games 2 --csv ''",
                           "ontour --bots greedy --games 2 --json ''",
                           "ontour --bots greedy --games 2 --variant teams",
                           "sorry --bots greedy,random --games 2 --map europe",
                           "sorry --bots greedy:danger=1:danger=2,random --games 2",
                           "sorry --bots 'greedy:dan\tger=1,random' --games 2",
                           "sorry --bots 'learnt:net=a\nb.txt,random' --games 2"}) {
    SimRun r = sim(args);
    EXPECT_EQ(r.status, 2) << args << "\n" << r.out;
    EXPECT_FALSE(r.out.empty()) << args;
  }
}

// Standard output named as the CSV file, redirected to a file by the shell: the table and the rows
// both reach it, in the order printed (the rows are not a new file renamed over the shell's).
TEST(SimCli, StandardOutputAsAnOutputFileKeepsItToItself) {
  const std::string out = ::testing::TempDir() + "/sim_stdout_csv.txt";
  SimRun r = testing::run_command(
      "sh", std::string("-c '" TABLETOP_BINARY
                        " sim sorry --bots greedy,random --games 3 --quiet --csv /dev/stdout > ") +
                out + "; echo status=$?'");
  EXPECT_NE(r.out.find("status=0"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("3 games of sorry"), std::string::npos) << r.out;  // the table: stderr
  const std::string text = slurp(out);
  EXPECT_EQ(text.rfind("game,seed,length", 0), 0u) << text;
  EXPECT_EQ(text.find("games of sorry"), std::string::npos) << text;
  std::filesystem::remove(out);
}

// Any other name of the file standard output goes to (a link to /dev/stdout, or the very file the
// shell redirects it to) is standard output too: the table goes to standard error rather than
// being cut short by the JSON written over it.
TEST(SimCli, AnotherNameOfStandardOutputIsStandardOutput) {
  const std::string dir = ::testing::TempDir();
  const std::string link = dir + "/sim_stdout_link.json", out = dir + "/sim_stdout_same.txt";
  std::filesystem::remove(link);
  std::filesystem::create_symlink("/dev/stdout", link);
  for (const std::string& json : {link, out}) {
    SimRun r = testing::run_command(
        "sh", std::string("-c '" TABLETOP_BINARY
                          " sim sorry --bots greedy,random --games 3 --quiet --json ") +
                  json + " > " + out + "; echo status=$?'");
    EXPECT_NE(r.out.find("status=0"), std::string::npos) << json << "\n" << r.out;
    EXPECT_NE(r.out.find("3 games of sorry"), std::string::npos) << json << "\n" << r.out;
    const std::string text = slurp(out);
    EXPECT_EQ(Json::parse(text)["games"], 3) << json << "\n" << text;
  }
  std::filesystem::remove(link);
  std::filesystem::remove(out);
}

// "-" is standard output for --json, --csv or --plot; the tables then go to standard error.
TEST(SimCli, DashWritesAnOutputToStandardOutput) {
  const std::string out = ::testing::TempDir() + "/sim_dash_json.txt";
  SimRun r = testing::run_command(
      "sh", std::string("-c '" TABLETOP_BINARY
                        " sim sorry --bots greedy,random --games 3 --quiet --json - > ") +
                out + "; echo status=$?'");
  EXPECT_NE(r.out.find("status=0"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("3 games of sorry"), std::string::npos) << r.out;  // on standard error
  EXPECT_EQ(read_json_file(out)["games"], 3);
  EXPECT_FALSE(std::filesystem::exists("-"));
  std::filesystem::remove(out);
  SimRun twice = sim("sorry --bots greedy,random --games 3 --json - --csv -");
  EXPECT_EQ(twice.status, 2) << twice.out;
  EXPECT_NE(twice.out.find("--json and --csv both go to standard output"), std::string::npos)
      << twice.out;
}

// The file --baseline reads is never written over by the run, also through a link, and a link to
// a file not made yet is the file it leads to.
TEST(SimCli, OutputsKeepApartFromTheBaselineAndThroughLinks) {
  const std::string dir = ::testing::TempDir() + "/sim_apart";
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  ASSERT_EQ(sim("sorry --bots greedy,random --games 3 --quiet --csv " + dir + "/base.csv").status,
            0);
  const std::string base = slurp(dir + "/base.csv");
  std::filesystem::create_symlink("base.csv", dir + "/base-link.csv");
  for (const std::string& out : {"--csv " + dir + "/base.csv", "--json " + dir + "/./base.csv",
                                 "--plot " + dir + "/base-link.csv"}) {
    SimRun r = sim("sorry --bots greedy,random --games 3 --baseline " + dir + "/base.csv " + out);
    EXPECT_EQ(r.status, 2) << out << "\n" << r.out;
    EXPECT_NE(r.out.find("is the --baseline file"), std::string::npos) << r.out;
    EXPECT_EQ(slurp(dir + "/base.csv"), base);
  }
  std::filesystem::create_symlink("a.json", dir + "/link.json");  // a.json is not there yet
  SimRun linked = sim("sorry --bots greedy,random --games 3 --json " + dir + "/a.json --csv " +
                      dir + "/link.json");
  EXPECT_EQ(linked.status, 2) << linked.out;
  EXPECT_NE(linked.out.find("--json and --csv name the same file"), std::string::npos)
      << linked.out;
  EXPECT_FALSE(std::filesystem::exists(dir + "/a.json"));
  std::filesystem::remove_all(dir);
}

// An output that cannot be written at the end (here a full disk) costs only itself: the others
// are written, and the failure is said with status 1, as for the table on a full standard output
// (the games were played: it is output lost, not bad input).
TEST(SimCli, AnOutputThatFailsAtTheEndKeepsTheOthers) {
  if (!std::filesystem::exists("/dev/full")) GTEST_SKIP() << "no /dev/full on this system";
  const std::string dir = ::testing::TempDir();
  const std::string json = dir + "/sim_kept_beside_full.json", csv = dir + "/sim_kept.csv";
  std::filesystem::remove(json);
  std::filesystem::remove(csv);
  // --json is written first: the others come after its failure.
  SimRun r = sim("sorry --bots greedy,random --games 3 --quiet --json /dev/full --csv " + csv +
                 " --plot -");
  EXPECT_EQ(r.status, 1) << r.out;
  EXPECT_NE(r.out.find("--json: cannot write /dev/full"), std::string::npos) << r.out;
  EXPECT_NE(slurp(csv).find("game,seed,length"), std::string::npos);
  EXPECT_NE(r.out.find("</svg>"), std::string::npos) << r.out;  // --plot -, last
  SimRun later = sim("sorry --bots greedy,random --games 3 --quiet --csv /dev/full --json " + json);
  EXPECT_EQ(later.status, 1) << later.out;
  EXPECT_EQ(read_json_file(json)["games"], 3);
  // On a full standard output, the table and --json - alike.
  for (const std::string out : {"", " --json -"}) {
    SimRun full = testing::run_command("sh", "-c '" TABLETOP_BINARY
                                             " sim sorry --bots greedy,random --games 3 --quiet" +
                                                 out + " >/dev/full; echo status=$? >&2'");
    EXPECT_NE(full.out.find("status=1"), std::string::npos) << out << "\n" << full.out;
  }
  std::filesystem::remove(json);
  std::filesystem::remove(csv);
}

// Standard output closed before the table is printed (a pager quit early): the files are written
// all the same, and the failure is said with status 1 rather than the program killed by SIGPIPE.
TEST(SimCli, AClosedPipeOnStandardOutputLosesNoFile) {
  const std::string dir = ::testing::TempDir();
  const std::string json = dir + "/sim_closed_pipe.json", csv = dir + "/sim_closed_pipe.csv";
  std::filesystem::remove(json);
  std::filesystem::remove(csv);
  // `true` has ended, and its end of the pipe is closed, before the run starts.
  SimRun r =
      testing::run_command("sh", "-c '(sleep 1; " TABLETOP_BINARY
                                 " sim sorry --bots greedy,random --games 5 --quiet "
                                 "--json " +
                                     json + " --csv " + csv + "; echo status=$? >&2) | true'");
  EXPECT_NE(r.out.find("status=1"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("cannot write to standard output"), std::string::npos) << r.out;
  EXPECT_EQ(read_json_file(json)["games"], 5);
  EXPECT_NE(slurp(csv).find("game,seed,length"), std::string::npos);
  std::filesystem::remove(json);
  std::filesystem::remove(csv);
}

// A file name that is not UTF-8 goes into the JSON summary (as the baseline's name) with its bad
// bytes replaced, rather than costing the outputs.
TEST(SimCli, AFileNameThatIsNotUtf8CostsNoOutput) {
  const std::string dir = ::testing::TempDir();
  const std::string csv = dir + "/sim_latin_\xe9.csv", json = dir + "/sim_latin.json";
  ASSERT_EQ(sim("sorry --bots greedy,random --games 6 --quiet --csv '" + csv + "'").status, 0);
  SimRun r =
      sim("sorry --bots greedy,random --games 6 --quiet --baseline '" + csv + "' --json " + json);
  ASSERT_EQ(r.status, 0) << r.out;
  const std::string file = read_json_file(json)["baseline"]["file"];
  EXPECT_NE(file.find("sim_latin_\xef\xbf\xbd.csv"), std::string::npos) << file;
  std::filesystem::remove(csv);
  std::filesystem::remove(json);
}

// A --records directory that takes no file fails before the first game (/proc: not even a root
// user can make a file there).
TEST(SimCli, ARecordsDirectoryThatTakesNoFileFailsFirst) {
  if (!std::filesystem::is_directory("/proc")) GTEST_SKIP() << "no /proc on this system";
  SimRun r = sim("sorry --bots greedy,random --games 3 --records /proc");
  EXPECT_EQ(r.status, 2) << r.out;
  EXPECT_NE(r.out.find("--records /proc/game-000000.json: cannot write"), std::string::npos)
      << r.out;
  EXPECT_EQ(r.out.find("games of sorry"), std::string::npos) << r.out;
}

// learnt and strong lean on the learnt value built in for the default rules and seats; under
// other rules the run says what they do instead.
TEST(SimCli, SaysWhenTheLearntValueIsNotThere) {
  SimRun plain = sim("sorry --bots learnt,strong,greedy --games 2 --quiet");
  ASSERT_EQ(plain.status, 0) << plain.out;
  EXPECT_EQ(plain.out.find("note:"), std::string::npos) << plain.out;
  SimRun fast = sim("sorry --bots learnt,strong,greedy --games 2 --quiet --option fast_start=true");
  ASSERT_EQ(fast.status, 0) << fast.out;
  EXPECT_NE(fast.out.find("here learnt plays as greedy; strong scores its continuations by the "
                          "evaluation"),
            std::string::npos)
      << fast.out;
  SimRun points = sim("sorry --bots strong,greedy --games 2 --quiet --variant points");
  EXPECT_EQ(points.out.find("note:"), std::string::npos) << points.out;
  SimRun learnt = sim("sorry --bots learnt,greedy --games 2 --quiet --variant points");
  ASSERT_EQ(learnt.status, 0) << learnt.out;
  EXPECT_NE(learnt.out.find("playing for points there is no learnt value: here learnt plays as "
                            "greedy"),
            std::string::npos)
      << learnt.out;
}

// A run whose records cannot fit in the memory is refused before its first game: 64 bots for
// 10^8 games would keep some 300 GB.
TEST(SimCli, ARunTooLargeForTheMemoryFailsFirst) {
  std::string bots = "random";
  for (int i = 1; i < 64; ++i) bots += ",random";
  SimRun r = sim("ontour --bots " + bots + " --games 100000000 --seed 1");
  EXPECT_EQ(r.status, 2) << r.out;
  EXPECT_NE(r.out.find("GB of results in memory"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("games of ontour"), std::string::npos) << r.out;
}

// An output no file can be made at fails before the games, not after them: here /proc, where
// even a root user (whom the permission bits let through) cannot make a file.
TEST(SimCli, AnOutputThatCannotBeMadeFailsFirst) {
  if (!std::filesystem::is_directory("/proc")) GTEST_SKIP() << "no /proc on this system";
  SimRun r = sim("ontour --bots greedy --games 2 --seed 1 --plot /proc/tabletop-plot.svg");
  EXPECT_EQ(r.status, 2) << r.out;
  EXPECT_NE(r.out.find("--plot /proc/tabletop-plot.svg: cannot write"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("games of ontour"), std::string::npos) << r.out;  // no game was played
}

// A run that stops on an error leaves the files of an earlier run as they were: the reports are
// written whole at the end. Here a 2-player net in a 3-player race is refused before the first
// game (the runner's own test stops a run part-way).
TEST(SimCli, AFailedRunKeepsTheReportsOfBefore) {
  const std::string dir = ::testing::TempDir();
  const std::string net = dir + "sim_net_2p.txt", json = dir + "sim_kept.json";
  SimRun trained = testing::run_command(
      TABLETOP_BINARY, "sorry train --players 2 --games 20 --hidden 4 --quiet --out " + net);
  ASSERT_EQ(trained.status, 0) << trained.out;
  write_text_file(json, "{\"kept\": true}\n");
  SimRun r = sim("sorry --bots learnt:net=" + net + ",greedy,greedy --games 4 --json " + json +
                 " --csv " + json + ".csv");
  EXPECT_EQ(r.status, 2) << r.out;
  EXPECT_NE(r.out.find("for a race of 2 players"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("games of sorry"), std::string::npos) << r.out;  // no game was played
  EXPECT_EQ(slurp(json), "{\"kept\": true}\n");
  EXPECT_FALSE(std::filesystem::exists(json + ".csv"));
}

}  // namespace
}  // namespace tabletop
