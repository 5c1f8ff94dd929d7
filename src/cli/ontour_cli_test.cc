// The tabletop binary as a user runs it: `ontour score` output and errors, `ontour play` input.
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "core/json_util.h"
#include "core/testing/run_command.h"

namespace tabletop {
namespace {

using CliRun = testing::CommandRun;

// Runs the tabletop binary with `args`, feeding `input` on stdin; stdout and stderr together.
CliRun run(const std::string& args, const std::string& input = "") {
  return testing::run_command(TABLETOP_BINARY, args, input);
}

const char* kPhotographed = R"({"map":"usa","spaces":{"WA":21,"MT":14,"ND":13,"MN":12,
  "NENG":96,"OR":27,"ID":19,"WY":18,"SD":"*","MI":2,"NY":18,"NE":39,"IA":41,"IL":63,"IN":20,
  "OH":1,"PA":93,"MC":10,"NV":31,"UT":36,"CO":36,"KS":52,"MO":41,"KY":72,"WV":69,"VA":14,"CA":29,
  "AZ":50,"NM":25,"OK":81,"AR":48,"TN":75,"NC":97,"TX":91,"LA":57,"MS":63,"AL":79,"GA":81,
  "SC":84,"FL":92,"WI":"X"},
  "circled":["WA","ID","SD","MI","NY","IN","CO","MO","CA","GA"]})";

TEST(OnTourScoreCli, PhotographedBoardAsJson) {
  CliRun r = run("ontour score --json -", kPhotographed);
  ASSERT_EQ(r.status, 0) << r.out;
  Json j = Json::parse(r.out);
  EXPECT_EQ(j["score"], 30);
  EXPECT_EQ(j["spaces"], 23);
  EXPECT_EQ(j["circles"], 7);
  EXPECT_EQ(j["route"].size(), 23u);
  // Keys appear in the documented order.
  EXPECT_EQ(r.out.rfind("{\"score\":30,\"spaces\":23,\"circles\":7,\"route\":[", 0), 0u) << r.out;
}

// A shipped map's id in another case is that map (as --map too: SimCli).
TEST(OnTourScoreCli, MapIdsInAnotherCaseAreTheShippedMaps) {
  std::string upper_case = kPhotographed;
  upper_case.replace(upper_case.find("\"usa\""), 5, "\"USA\"");
  ASSERT_NE(upper_case, kPhotographed);
  EXPECT_EQ(run("ontour score --json -", upper_case).out,
            run("ontour score --json -", kPhotographed).out);
  // The sheet's map and --map are the same map in any case.
  for (const std::string map : {"usa", "USA", "Usa"})
    EXPECT_EQ(run("ontour score --json --map " + map + " -", upper_case).out,
              run("ontour score --json -", kPhotographed).out)
        << map;
  CliRun other = run("ontour score --map Europe -", upper_case);
  EXPECT_EQ(other.status, 2) << other.out;
  EXPECT_NE(other.out.find("the sheet is for map \"USA\" but map \"europe\" was given"),
            std::string::npos)
      << other.out;
}

TEST(OnTourScoreCli, DrawsTheMapWithTheRoute) {
  CliRun r = run("ontour score -", kPhotographed);
  ASSERT_EQ(r.status, 0) << r.out;
  EXPECT_NE(r.out.find("[SD(*)]"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("WI X"), std::string::npos);
  EXPECT_NE(r.out.find("(23 spaces + 7 circles = 30)"), std::string::npos);
  EXPECT_EQ(r.out.find("Note:"), std::string::npos) << r.out;  // every number could be rolled
  // A number no roll makes is scored as written, and named.
  CliRun odd = run("ontour score -", R"({"map":"usa","spaces":{"WA":11,"OR":0,"CA":35}})");
  ASSERT_EQ(odd.status, 0) << odd.out;
  EXPECT_NE(odd.out.find("Score: 2\nNote: 11 in WA, 00 in OR cannot be rolled"), std::string::npos)
      << odd.out;
}

TEST(OnTourScoreCli, HalfFilledMapPreview) {
  CliRun r = run("ontour score --json -", R"({"map":"europe","spaces":{"FR":10,"DE":20,"PL":30}})");
  ASSERT_EQ(r.status, 0) << r.out;
  EXPECT_EQ(Json::parse(r.out)["score"], 3);
  // Space ids in lower case, as the play prompt takes them.
  CliRun lower = run("ontour score --json -",
                     R"({"map":"europe","spaces":{"fr":10,"de":20,"PL":30},"circled":["de"]})");
  ASSERT_EQ(lower.status, 0) << lower.out;
  EXPECT_EQ(Json::parse(lower.out)["score"], 4);
}

TEST(OnTourScoreCli, BadInputExitsTwoNamingTheProblem) {
  struct Case {
    const char* input;
    const char* message;
  } cases[] = {
      {R"({"map":"mars","spaces":{}})", "unknown map \"mars\""},
      {R"({"map":"usa","spaces":{"ZZ":3}})", "unknown space id \"ZZ\""},
      {R"({"map":"usa","spaces":{"WA":100}})", "WA: 100 is not a number from 0 to 99"},
      {R"({"map":"usa","spaces":{"WA":-1}})", "WA: -1 is not a number from 0 to 99"},
      {R"({"map":"usa","spaces":{"WA":"Y"}})", "WA: \"Y\" is not a number from 0 to 99"},
      {R"({"map":"usa","spaces":{"WA":2.5}})", "WA: 2.5 is not a whole number from 0 to 99"},
      {R"({"map":"usa","spaces":{"WA":10.5}})", "WA: 10.5 is not a whole number from 0 to 99"},
      {R"({"map":"usa","spaces":{"WA":1e1}})", "WA: 10.0 must be written as a whole number (10)"},
      {R"({"map":"usa","spaces":{"WA":10.0}})", "WA: 10.0 must be written as a whole number (10)"},
      {R"({"map":"usa","spaces":{"WA":100.0}})", "WA: 100.0 is not a number from 0 to 99"},
      {R"({"map":"usa","spaces":{"WA":-1.0}})", "WA: -1.0 is not a number from 0 to 99"},
      {R"({"map":"usa","spaces":{"WI":"X"},"circled":["WI"]})", "WI holds an X"},
      {R"({"map":"usa","spaces":{"WA":21},"circled":["WA","WA"]})", "WA is listed twice"},
      {R"({"map":"usa","spaces":{"WA":21,"WA":3}})", "the key \"WA\" is given twice"},
      {R"({"map":"usa","spaces":{"WA":21,"wa":3}})", "WA is given twice"},
      {R"({"map":"usa","spaces":{"WA":1)", "malformed JSON"},
      {R"([1,2])", "expected a JSON object"},
      {R"({"map":"usa"})", "missing \"spaces\""},
      {R"({"map":"usa","spaces":{"WA":21},"circles":["WA"]})", "unknown key \"circles\""},
      {R"({"map":"usa","spaces":{"WA":18446744073709551615}})",
       "WA: 18446744073709551615 is not a number from 0 to 99"},
  };
  for (const auto& c : cases) {
    CliRun r = run("ontour score -", c.input);
    EXPECT_EQ(r.status, 2) << c.input << "\n" << r.out;
    EXPECT_NE(r.out.find(c.message), std::string::npos) << c.input << "\n" << r.out;
  }
  CliRun missing = run("ontour score /no/such/sheet.json");
  EXPECT_EQ(missing.status, 2);
  EXPECT_NE(missing.out.find("cannot open /no/such/sheet.json"), std::string::npos);
  CliRun unnamed = run("ontour score ''");
  EXPECT_EQ(unnamed.status, 2) << unnamed.out;
  EXPECT_EQ(unnamed.out, "tabletop: cannot open \"\": the file name is empty\n");
  CliRun bad_map = run("ontour score --map /no/such/map.json -", kPhotographed);
  EXPECT_EQ(bad_map.status, 2);
  // A map file's mistakes name the file, once.
  const std::string no_id = ::testing::TempDir() + "/ontour_map_no_id.json";
  std::ofstream(no_id) << R"({"spaces": []})";
  CliRun named = run("ontour score --map " + no_id + " -", "{\"spaces\": {}}");
  EXPECT_EQ(named.status, 2);
  EXPECT_NE(named.out.find("tabletop: map file " + no_id + ": missing \"id\"\n"), std::string::npos)
      << named.out;
  std::filesystem::remove(no_id);
}

// Each card is shown with the empty spaces of its region (the drawing does not show regions), and
// the example typed under it is a placement the sheet takes: typed turn after turn, as the map
// fills up (and cards name spaces already written), it is always taken.
TEST(OnTourPlayCli, CardsListTheirRoomAndTheExampleIsLegal) {
  CliRun first = run("ontour play --no-highscores --seed 5", "q\n");
  ASSERT_EQ(first.status, 0) << first.out;
  EXPECT_NE(first.out.find("  card 2: IN (central): ND SD NE IA WI IL IN MI OK TX MO LA\n"),
            std::string::npos)
      << first.out;
  for (const std::string options : {"--seed 7", "--seed 5 --voluntary-x"}) {
    std::string typed;
    int examples = 0;
    for (int turn = 1; turn <= 16; ++turn) {
      CliRun r = run("ontour play --no-highscores " + options, typed + "q\n");
      ASSERT_EQ(r.out.find("Not allowed"), std::string::npos) << typed << "\n" << r.out;
      const std::string now = r.out.substr(r.out.rfind("=== Turn"));
      if (now.find("(last turns") != std::string::npos) break;
      const size_t eg = now.find("(e.g. ");
      if (eg != std::string::npos) {  // a numbers turn: its example
        typed += now.substr(eg + 6, now.find(')', eg) - eg - 6) + "\n";
        ++examples;
      } else {  // a star turn: the first space its first card lists
        const size_t room = now.find("): ", now.find("  card 1: ")) + 3;
        typed += now.substr(room, now.find_first_of(" \n", room) - room) + "\n";
      }
    }
    EXPECT_GE(examples, 10) << options;
  }
}

// A record of the other game is named as such at --resume; a game quit without --record says it
// was not saved.
TEST(OnTourPlayCli, ResumeNamesTheOtherGamesRecordAndQuitSaysWhatIsKept) {
  const std::string sorry = ::testing::TempDir() + "/resume_sorry_record.json";
  std::ofstream(sorry) << R"({"options": {}, "actions": []})";
  CliRun on_tour = run("ontour play --resume " + sorry);
  EXPECT_EQ(on_tour.status, 2) << on_tour.out;
  EXPECT_NE(on_tour.out.find("a record of a Sorry! game, not of On Tour (tabletop sorry play "
                             "--resume"),
            std::string::npos)
      << on_tour.out;
  // Standard input is named as such, not "-".
  CliRun piped = run("ontour replay -", R"({"options": {}, "actions": []})");
  EXPECT_EQ(piped.out.rfind("tabletop: standard input: a record of a Sorry! game", 0), 0u)
      << piped.out;
  const std::string ontour = ::testing::TempDir() + "/resume_ontour_record.json";
  std::ofstream(ontour) << R"({"record": "tabletop ontour play", "game": {}})";
  CliRun in_sorry = run("sorry play --resume " + ontour);
  EXPECT_EQ(in_sorry.status, 2) << in_sorry.out;
  EXPECT_NE(in_sorry.out.find("a record of an On Tour game, not of Sorry! (tabletop ontour play "
                              "--resume"),
            std::string::npos)
      << in_sorry.out;
  std::filesystem::remove(sorry);
  std::filesystem::remove(ontour);
  CliRun quit = run("ontour play --no-highscores --seed 5", "q\n");
  EXPECT_NE(quit.out.find("Game stopped. It was not saved (--record FILE"), std::string::npos)
      << quit.out;
  // A record whose dice are not what its seed rolls is refused with that alone: no game header.
  const std::string changed = ::testing::TempDir() + "/resume_changed_record.json";
  std::filesystem::remove(changed);
  ASSERT_EQ(run("ontour play --players 0 --bots random --seed 2 --record " + changed).status, 0);
  Json record = read_json_file(changed);
  Json& roll = record["game"]["log"][0]["roll"];
  roll[0] = (roll[0].get<int>() + 1) % 10 == roll[1].get<int>() ? (roll[0].get<int>() + 2) % 10
                                                                : (roll[0].get<int>() + 1) % 10;
  std::ofstream(changed) << record.dump();
  CliRun refused = run("ontour play --resume " + changed);
  EXPECT_EQ(refused.status, 2) << refused.out;
  EXPECT_EQ(refused.out.rfind("tabletop: " + changed +
                                  ": game log entry 1 is not what its seed draws: the record was "
                                  "changed",
                              0),
            0u)
      << refused.out;
  std::filesystem::remove(changed);
}

// A map of its own may name spaces Q and H: typed alone where a card or a star's space is asked,
// they are those spaces, not quit and hint.
TEST(OnTourPlayCli, SpacesNamedLikeCommandsAreSpaces) {
  const std::string map = ::testing::TempDir() + "/ontour_map_qh.json";
  std::ofstream(map) << R"({"id": "qh", "name": "QH", "spaces": [
      {"id": "A", "name": "A", "ns": "north", "wce": "west"},
      {"id": "B", "name": "B", "ns": "north", "wce": "central"},
      {"id": "C", "name": "C", "ns": "north", "wce": "east"},
      {"id": "D", "name": "D", "ns": "south", "wce": "west"},
      {"id": "E", "name": "E", "ns": "south", "wce": "central"},
      {"id": "F", "name": "F", "ns": "south", "wce": "east"},
      {"id": "Q", "name": "Q", "ns": "north", "wce": "west"},
      {"id": "H", "name": "H", "ns": "south", "wce": "east"}],
    "lines": [["A","B"],["B","C"],["C","D"],["D","E"],["E","F"],["F","Q"],["Q","H"]],
    "cards": [{"space": "A", "region": "west"}, {"space": "B", "region": "north"},
      {"space": "C", "region": "east"}, {"space": "D", "region": "south"},
      {"space": "E", "region": "central"}, {"space": "F", "region": "east"},
      {"space": "Q", "region": "north"}, {"space": "H", "region": "south"}]})";
  CliRun r = run("ontour play --companion --no-highscores --map " + map,
                 "1 2\nQ\nA\n3 4\nB\nC\nD\nE\nH\n4 4\nH\nq\n");
  EXPECT_EQ(r.status, 0) << r.out;
  EXPECT_NE(r.out.find("Card Q: 12 is written in Q"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("star in H"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("=== Turn 2 ==="), std::string::npos) << r.out;
  std::filesystem::remove(map);
}

// A map of its own in lower case: its cards are typed as its ids are, in any case, as at the
// placement prompt.
TEST(OnTourPlayCli, CompanionCardsAreTypedInAnyCase) {
  const std::string map = ::testing::TempDir() + "/ontour_map_lower.json";
  std::ofstream(map) << R"({"id": "lower", "name": "Lower", "spaces": [
      {"id": "ax", "name": "Aa", "ns": "north", "wce": "west"},
      {"id": "bx", "name": "Bb", "ns": "north", "wce": "central"},
      {"id": "cx", "name": "Cc", "ns": "south", "wce": "central"},
      {"id": "dx", "name": "Dd", "ns": "south", "wce": "east"}],
    "lines": [["ax","bx"],["bx","cx"],["cx","dx"]],
    "cards": [{"space": "ax", "region": "west"}, {"space": "bx", "region": "north"},
      {"space": "cx", "region": "south"}, {"space": "dx", "region": "east"}]})";
  CliRun r = run("ontour play --companion --no-highscores --setup-rolls 1 --map " + map,
                 "1 2\nax\nBX\nq\n");
  EXPECT_EQ(r.status, 0) << r.out;
  EXPECT_EQ(r.out.find("No card names"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("Card ax: 12 is written in ax"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("Card bx: 21 is written in bx"), std::string::npos) << r.out;
  std::filesystem::remove(map);
}

// Output that does not reach standard output (a full disk) is a failure said on stderr, not a
// success.
TEST(OnTourScoreCli, OutputThatCannotBeWrittenIsAFailure) {
  if (!std::filesystem::exists("/dev/full")) GTEST_SKIP() << "no /dev/full on this system";
  const std::string sheet = ::testing::TempDir() + "/ontour_full_sheet.json";
  std::ofstream(sheet) << kPhotographed;
  CliRun r = testing::run_command(
      "sh", "-c '" TABLETOP_BINARY " ontour score " + sheet + " > /dev/full; echo status=$?'");
  EXPECT_NE(r.out.find("status=1"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("cannot write to standard output"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("internal error"), std::string::npos) << r.out;
  std::filesystem::remove(sheet);
}

// The drawing keeps its columns where they are as the map fills: a value and a circle in the
// widest space (NENG) move nothing.
TEST(OnTourScoreCli, DrawingKeepsItsShapeAsTheMapFills) {
  CliRun empty = run("ontour score -", R"({"map": "usa", "spaces": {}})");
  CliRun filled = run("ontour score -",
                      R"({"map": "usa", "spaces": {"NENG": 37, "NY": 12}, "circled": ["NENG"]})");
  ASSERT_EQ(empty.status, 0) << empty.out;
  ASSERT_EQ(filled.status, 0) << filled.out;
  // The line and the column where a space's id is drawn.
  auto at = [](const std::string& printed, const std::string& id) {
    const std::string out = printed.substr(0, printed.find("\n\n"));  // the drawing alone
    const size_t pos = out.find(" " + id + " ") != std::string::npos ? out.find(" " + id + " ") + 1
                                                                     : out.find("[" + id) + 1;
    const size_t line_start = out.rfind('\n', pos) == std::string::npos ? 0 : out.rfind('\n', pos);
    return std::pair(std::count(out.begin(), out.begin() + pos, '\n'), pos - line_start);
  };
  for (const char* id : {"MT", "MI", "NY", "NENG", "FL", "SC"})
    EXPECT_EQ(at(empty.out, id), at(filled.out, id)) << id << "\n" << empty.out << filled.out;
}

TEST(OnTourScoreCli, CustomMapFile) {
  std::string path = std::string(TABLETOP_SOURCE_DIR) + "/data/maps/europe.json";
  CliRun r = run("ontour score --json --map " + path + " -",
                 R"({"spaces":{"FR":10,"DE":20},"circled":["DE"]})");
  ASSERT_EQ(r.status, 0) << r.out;
  EXPECT_EQ(Json::parse(r.out)["score"], 3);
}

TEST(OnTourPlayCli, RefusesIllegalPlacementsWithTheReason) {
  CliRun r = run("ontour play --seed 5 --no-highscores", "NY TX\nWA ID\nquit\n");
  EXPECT_EQ(r.status, 0) << r.out;
  EXPECT_NE(r.out.find("Not allowed: NY is not in a region of this turn's cards"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("15 in WA (card 3, circled), 51 in ID (card 1, circled)"), std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("Game stopped."), std::string::npos);
}

// Ctrl-C at a prompt stops the game as quit does: the record kept is offered to resume, and the
// status is that of the signal (128 + 2).
TEST(OnTourPlayCli, CtrlCStopsAsQuitDoes) {
  const std::string file = ::testing::TempDir() + "/ontour_ctrl_c.json";
  std::filesystem::remove(file);
  CliRun r = testing::run_interrupted(TABLETOP_BINARY,
                                      "ontour play --seed 5 --no-highscores --record " + file);
  EXPECT_NE(r.out.find("Game stopped. Go on with: tabletop ontour play --resume " + file),
            std::string::npos)
      << r.out;
  EXPECT_EQ(r.status, 130) << r.out;
  EXPECT_TRUE(std::filesystem::exists(file));
  std::filesystem::remove(file);
}

// A command is one word, and an X without its space says how to type it.
TEST(OnTourPlayCli, SlipsAtThePromptAreNamed) {
  CliRun r = run("ontour play --seed 5 --no-highscores", "quit now\nX: WA\nq\n");
  EXPECT_EQ(r.status, 0) << r.out;
  EXPECT_NE(r.out.find("quit takes nothing after it: type quit alone."), std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("Not allowed: an X names its space right after the colon, e.g. X:"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("Game stopped."), std::string::npos) << r.out;
}

TEST(OnTourPlayCli, CompanionModeTakesTheRealDiceAndCards) {
  // A card typed is echoed with its space's name, so that a card read wrongly shows at once.
  CliRun typed = run("ontour play --companion --no-highscores",
                     "3 7\nNE\nNENG\n2 5\nFL\nWA\nTX\nOR\nNY\nquit\n");
  EXPECT_NE(typed.out.find("Card 1: TX (south) - Texas\n"), std::string::npos) << typed.out;
  CliRun r = run("ontour play --companion --no-highscores",
                 "4 4\n3 7\nWA\nWA\nOR\n05\nID\nMT\nNY\nTX\nCA\n1 2\nNY NM\nquit\n");
  EXPECT_EQ(r.status, 0) << r.out;
  EXPECT_NE(r.out.find("Setup dice must differ: roll again."), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("The card WA is not in the draw pile."), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("12 in NY (card 1, circled), 21 in NM (card"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("Game stopped."), std::string::npos) << r.out;
}

TEST(OnTourPlayCli, CompanionUndoTakesBackWhatWasTyped) {
  const std::string dir = ::testing::TempDir() + "/ontour_companion_undo";
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  const std::string setup = "3 7\nWA\nTX\n2 5\nFL\nNY\n";
  const std::string turn = "OR\nCA\nNV\n1 2\n";
  // Straight through, and with a wrong card, a wrong roll and a wrong placement each taken back:
  // the same game, bot included (it places again as it did).
  CliRun straight = run(
      "ontour play --companion --no-highscores --bots greedy --record " + dir + "/straight.json",
      setup + turn + "CA NV\nquit\n");
  ASSERT_EQ(straight.status, 0) << straight.out;
  CliRun mended =
      run("ontour play --companion --no-highscores --bots greedy --record " + dir + "/mended.json",
          "undo\n3 7\nWA\nundo\nWA\nTX\n2 5\nFL\nNY\nOR\nCA\nNV\n1 3\nundo\n1 2\nOR NV\n"
          "undo\nCA NV\nquit\n");
  ASSERT_EQ(mended.status, 0) << mended.out;
  EXPECT_NE(mended.out.find("Nothing typed yet to undo."), std::string::npos) << mended.out;
  EXPECT_NE(mended.out.find("Undone: the card WA.\n"
                            "Setup so far: dice 3 and 7 -> 37 and 73, the next card takes 37\n"),
            std::string::npos)
      << mended.out;
  EXPECT_NE(mended.out.find("Undone: the dice 1 and 3.\n"
                            "Turn 1 so far: card 1: OR (north), card 2: CA (west), card 3: NV "
                            "(south)\n"),
            std::string::npos)
      << mended.out;
  EXPECT_NE(
      mended.out.find(
          "Undone: Player 1's 12 in OR (card 1, circled), 21 in NV (card 3, circled) (with the "
          "bots' placements after it: they place again)."),
      std::string::npos)
      << mended.out;
  EXPECT_EQ(read_json_file(dir + "/mended.json")["game"],
            read_json_file(dir + "/straight.json")["game"]);

  // A game stopped in the middle of a turn says, when resumed, what the turn has shown so far.
  CliRun part = run("ontour play --companion --no-highscores --record " + dir + "/part.json",
                    setup + "OR\nCA\nquit\n");
  ASSERT_EQ(part.status, 0) << part.out;
  CliRun resumed = run("ontour play --resume " + dir + "/part.json", "quit\n");
  EXPECT_NE(resumed.out.find("Resumed at turn 1.\n\n=== Turn 1 ===\nCard 1: OR (north) - "
                             "Oregon\nCard 2: CA (west) - California\n"),
            std::string::npos)
      << resumed.out;
  // So does a hot-seat game stopped among a turn's placements, once the cards and dice are out.
  CliRun seats =
      run("ontour play --seed 1 --players 2 --record " + dir + "/seats.json", "\nMC MI\n\nq\n");
  ASSERT_EQ(seats.status, 0) << seats.out;
  const size_t began = seats.out.find("\n=== Turn 1 ===\n");
  ASSERT_NE(began, std::string::npos) << seats.out;
  const std::string told = seats.out.substr(began, seats.out.find("Player 1: press") - began);
  CliRun seats_resumed = run("ontour play --resume " + dir + "/seats.json", "q\n");
  EXPECT_NE(seats_resumed.out.find("Resumed at turn 1.\n" + told), std::string::npos)
      << told << "\n"
      << seats_resumed.out;

  // Outside companion mode one player at the terminal takes back placements (the dice and cards
  // drawn after it come again as they came); with two or more, each writes unseen: no undo.
  CliRun solo = run("ontour play --seed 5 --no-highscores --record " + dir + "/solo.json",
                    "undo\nWA ID\nundo\nOR MT\nquit\n");
  EXPECT_NE(solo.out.find("Nothing typed yet to undo."), std::string::npos) << solo.out;
  EXPECT_NE(solo.out.find("Undone: 15 in WA (card 3, circled), 51 in ID (card 1, circled).\n"
                          "\n=== Back to turn 1 ===\n"),
            std::string::npos)
      << solo.out;
  CliRun solo_straight =
      run("ontour play --seed 5 --no-highscores --record " + dir + "/solo_straight.json",
          "OR MT\nquit\n");
  EXPECT_EQ(read_json_file(dir + "/solo.json")["game"],
            read_json_file(dir + "/solo_straight.json")["game"]);
  CliRun two = run("ontour play --seed 5 --no-highscores --players 2", "\nundo\nquit\n");
  EXPECT_NE(two.out.find("Undo is for one player at the terminal"), std::string::npos) << two.out;
  std::filesystem::remove_all(dir);
}

// Two at the terminal with a bot that draws on its generator: a placement typed is kept when the
// next player stops the game, and a game resumed, or mended by undo, part-way through a turn's
// placements goes on as the game that was never stopped (the bot chooses once a turn, as there).
TEST(OnTourPlayCli, HotSeatTurnsStoppedOrUndoneHalfWayGoOnAsIfNot) {
  const std::string dir = ::testing::TempDir() + "/ontour_half_turn";
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  const std::string game =
      "ontour play --companion --no-highscores --seed 9 --players 2 --bots strong:rollouts=2 "
      "--record ";
  const std::string setup = "3 7\nWA\nTX\n2 5\nFL\nNY\n";
  const std::string turns = "OR\nCA\nNV\n1 2\nOR NV\nCA NV\nMT\nID\nUT\n3 4\nMT ID\nID UT\n";
  CliRun straight = run(game + dir + "/straight.json", setup + turns + "quit\n");
  ASSERT_EQ(straight.status, 0) << straight.out;

  CliRun half = run(game + dir + "/half.json", setup + "OR\nCA\nNV\n1 2\nOR NV\nquit\n");
  ASSERT_EQ(half.status, 0) << half.out;
  const Json kept = read_json_file(dir + "/half.json")["game"]["log"];
  ASSERT_FALSE(kept.empty());
  EXPECT_EQ(kept.back()["player"], 0) << kept.dump();  // Player 1's placement is in the record
  CliRun rest = run("ontour play --resume " + dir + "/half.json",
                    "CA NV\nMT\nID\nUT\n3 4\nMT ID\nID UT\nquit\n");
  ASSERT_EQ(rest.status, 0) << rest.out;
  EXPECT_EQ(rest.out.find("Player 1>"), rest.out.find("Player 1>", rest.out.find("=== Turn 2")))
      << rest.out;  // nobody is asked again for turn 1 but Player 2
  EXPECT_EQ(read_json_file(dir + "/half.json")["game"],
            read_json_file(dir + "/straight.json")["game"]);

  // Undo at the next card takes back Player 2's placement only: Player 1's stays, the bot's
  // is made again.
  CliRun mended =
      run(game + dir + "/mended.json", setup + "OR\nCA\nNV\n1 2\nOR NV\nCA UT\nundo\nCA NV\n" +
                                           turns.substr(turns.find("MT\n")) + "quit\n");
  ASSERT_EQ(mended.status, 0) << mended.out;
  EXPECT_NE(mended.out.find("Undone: Player 2's"), std::string::npos) << mended.out;
  EXPECT_NE(mended.out.find("=== Back to turn 1 ==="), std::string::npos) << mended.out;
  EXPECT_EQ(read_json_file(dir + "/mended.json")["game"],
            read_json_file(dir + "/straight.json")["game"]);

  // Undone step by step back past the turn's placements to its dice and a card: the bots go on
  // from the copies kept as each turn began (Bot::clone), never asked to play a turn again.
  CliRun back = run(game + dir + "/back.json", setup + "OR\nCA\nNV\n1 2\nOR NV\nCA NV\nMT\nID\n" +
                                                   "undo\nundo\nundo\nundo\nundo\nundo\nNV\n" +
                                                   turns.substr(9) + "quit\n");
  ASSERT_EQ(back.status, 0) << back.out;
  EXPECT_NE(back.out.find("  Undone: the dice 1 and 2.\n"), std::string::npos) << back.out;
  EXPECT_EQ(read_json_file(dir + "/back.json")["game"],
            read_json_file(dir + "/straight.json")["game"]);

  // From turn 2's placements back to its first card: the bot goes on from its copy kept after
  // it chose for turn 1, and chooses turn 2 again as it did.
  CliRun second =
      run(game + dir + "/second.json", setup + turns.substr(0, turns.find("MT ID\n")) +
                                           "MT ID\nundo\nundo\nundo\nundo\n" +
                                           turns.substr(turns.find("ID\nUT\n")) + "quit\n");
  ASSERT_EQ(second.status, 0) << second.out;
  EXPECT_NE(second.out.find("  Undone: the card ID.\n"), std::string::npos) << second.out;
  EXPECT_EQ(read_json_file(dir + "/second.json")["game"],
            read_json_file(dir + "/straight.json")["game"]);
  std::filesystem::remove_all(dir);
}

// Companion mode, the map full: the last placement can still be taken back before scoring.
TEST(OnTourPlayCli, CompanionLastPlacementCanBeUndoneBeforeScoring) {
  const std::string dir = ::testing::TempDir() + "/ontour_tiny_map";
  std::filesystem::create_directories(dir);
  // Six spaces in a row: the setup fills four, the last turn the other two.
  std::ofstream(dir + "/tiny.json") << R"({"id": "tiny", "name": "Tiny",
    "spaces": [{"id": "A", "name": "A", "ns": "north", "wce": "west"},
               {"id": "B", "name": "B", "ns": "north", "wce": "west"},
               {"id": "C", "name": "C", "ns": "north", "wce": "central"},
               {"id": "D", "name": "D", "ns": "south", "wce": "central"},
               {"id": "E", "name": "E", "ns": "south", "wce": "east"},
               {"id": "F", "name": "F", "ns": "south", "wce": "east"}],
    "lines": [["A", "B"], ["B", "C"], ["C", "D"], ["D", "E"], ["E", "F"]],
    "cards": [{"space": "A", "region": "west"}, {"space": "B", "region": "north"},
              {"space": "C", "region": "central"}, {"space": "D", "region": "south"},
              {"space": "E", "region": "east"}, {"space": "F", "region": "south"}]})";
  CliRun r = run("ontour play --companion --no-highscores --map " + dir + "/tiny.json",
                 "1 2\nA\nB\n3 4\nC\nD\n5 6\nF E\nhm\nundo\nE F\n\n");
  ASSERT_EQ(r.status, 0) << r.out;
  EXPECT_NE(r.out.find("The map is full: press Enter to score it"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("Press Enter to score the map, or type undo or quit."), std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("Undone: 56 in F, 65 in E."), std::string::npos) << r.out;
  // 12 21 34 43 56 65 along the row, rising all the way (65 then 56 would have ended it at E).
  EXPECT_NE(r.out.find("Best route: A B C D E F (6 spaces + 4 circles = 10)"), std::string::npos)
      << r.out;
  // Stopped at that question (quit, or the end of input), the game is not scored yet: resumed, it
  // asks again, and the last placement can still be undone.
  for (const std::string stop : {"quit\n", ""}) {
    const std::string file = dir + "/full.json";
    std::filesystem::remove(file);
    CliRun first = run(
        "ontour play --companion --no-highscores --record " + file + " --map " + dir + "/tiny.json",
        "1 2\nA\nB\n3 4\nC\nD\n5 6\nF E\n" + stop);
    ASSERT_EQ(first.status, 0) << first.out;
    EXPECT_EQ(first.out.find("=== Game over"), std::string::npos) << first.out;
    EXPECT_NE(first.out.find("Game stopped."), std::string::npos) << first.out;
    CliRun then = run("ontour play --resume " + file, "undo\nE F\n\n");
    ASSERT_EQ(then.status, 0) << then.out;
    EXPECT_NE(then.out.find("The map is full.\n"), std::string::npos) << then.out;
    EXPECT_NE(then.out.find("Best route: A B C D E F (6 spaces + 4 circles = 10)"),
              std::string::npos)
        << then.out;
    // Scored, the record is a finished game: shown again, not asked again.
    CliRun shown = run("ontour play --resume " + file, "undo\n");
    EXPECT_NE(shown.out.find("The recorded game is over."), std::string::npos) << shown.out;
    EXPECT_EQ(shown.out.find("Undone"), std::string::npos) << shown.out;
  }
  std::filesystem::remove_all(dir);
}

TEST(OnTourPlayCli, BotsPlayTheirSeatsFromTheSameTable) {
  // Nobody at the terminal: the bots play a whole seeded game.
  CliRun r = run("ontour play --players 0 --bots greedy,random --seed 3 --map europe");
  ASSERT_EQ(r.status, 0) << r.out;
  EXPECT_NE(r.out.find("2 players (bots: greedy, random)"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("Player 1 (greedy): "), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("Player 2 (random): "), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("=== Game over ==="), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("Winner: Player "), std::string::npos) << r.out;
  EXPECT_EQ(run("ontour play --players 0 --bots greedy,random --seed 3 --map europe").out, r.out);

  // A player at the terminal and a bot: the bot's placement is written after the player's.
  CliRun mixed = run("ontour play --seed 5 --bots strong:rollouts=2", "WA ID\nquit\n");
  EXPECT_EQ(mixed.status, 0) << mixed.out;
  const size_t mine = mixed.out.find("15 in WA (card 3, circled), 51 in ID (card 1, circled)");
  const size_t bot = mixed.out.find("Player 2 (strong:rollouts=2): ");
  ASSERT_NE(mine, std::string::npos) << mixed.out;
  ASSERT_NE(bot, std::string::npos) << mixed.out;
  EXPECT_LT(mine, bot);
  EXPECT_NE(mixed.out.find("--- Player 1 ---"), std::string::npos) << mixed.out;
  // `maps` shows the others' maps: the bot's, after its first turn.
  CliRun maps = run("ontour play --seed 5 --bots greedy", "WA ID\nmaps\nquit\n");
  EXPECT_NE(maps.out.find("(help, route, maps, lines ID, hint, undo, quit)"), std::string::npos)
      << maps.out;
  const size_t shown = maps.out.find("\nPlayer 2 (greedy):\n");
  ASSERT_NE(shown, std::string::npos) << maps.out;
  EXPECT_NE(maps.out.find("Best route so far: ", shown), std::string::npos) << maps.out;
  EXPECT_NE(mixed.out.find("Game stopped."), std::string::npos) << mixed.out;

  for (const char* bad : {"--players 0", "--bots wizard", "--bots greedy:foo=1", "--bots ,",
                          "--players 64 --bots greedy"}) {
    CliRun e = run(std::string("ontour play --no-highscores ") + bad);
    EXPECT_EQ(e.status, 2) << bad << "\n" << e.out;
    EXPECT_EQ(e.out.find("=== Turn"), std::string::npos) << bad;  // refused before any play
  }
}

TEST(OnTourPlayCli, HintSaysWhatStrongWouldWriteAndChangesNothing) {
  CliRun r = run("ontour play --seed 5 --no-highscores", "hint\nWA ID\nquit\n");
  EXPECT_EQ(r.status, 0) << r.out;
  // "strong would write: 15 in IN (card 2), 51 in ID (card 1) (type IN ID)"
  const std::string said = "strong would write: ";
  const size_t at = r.out.find(said);
  ASSERT_NE(at, std::string::npos) << r.out;
  const std::string line = r.out.substr(at + said.size(), r.out.find('\n', at) - at - said.size());
  const size_t type_at = line.find(" (type ");
  ASSERT_NE(type_at, std::string::npos) << line;
  const std::string hint = line.substr(0, type_at);
  std::string bare = hint;  // without what the circles add
  for (const std::string circled : {", circled", " (circled)"})
    for (size_t c = bare.find(circled); c != std::string::npos; c = bare.find(circled))
      bare.erase(c, circled.size());
  std::istringstream words(bare);
  std::string low, in1, first, card1, n1, high, in2, second;
  words >> low >> in1 >> first >> card1 >> n1 >> high >> in2 >> second;
  EXPECT_EQ(low.size(), 2u) << hint;
  EXPECT_EQ(high.size(), 2u) << hint;
  EXPECT_EQ(in1 + in2 + card1, "inin(card") << hint;
  // The hint is a legal placement: typed as it says, it is taken.
  const std::string typed = line.substr(type_at + 7, line.size() - type_at - 8);
  EXPECT_EQ(typed, first + " " + second) << line;
  CliRun follow = run("ontour play --seed 5 --no-highscores", typed + "\nquit\n");
  EXPECT_NE(follow.out.find(">   " + hint + "\n"), std::string::npos) << typed << "\n"
                                                                      << follow.out;
  // Asking changes nothing else: without the hint line, the same game.
  CliRun plain = run("ontour play --seed 5 --no-highscores", "WA ID\nquit\n");
  std::string without = r.out;
  without.erase(at - 4, said.size() + line.size() + 5);  // ">   strong would write: ...\n"
  EXPECT_EQ(without, plain.out);
  // `lines ID`: a space's lines and regions, which the grid drawing cannot show (WA and MT sit
  // side by side there but have no line).
  CliRun lines = run("ontour play --seed 5 --no-highscores", "lines wa\nhelp\nquit\n");
  EXPECT_NE(lines.out.find("WA .. (Washington; north, west) has lines to OR .., ID .."),
            std::string::npos)
      << lines.out;
  EXPECT_NE(lines.out.find("only the map's lines join them"), std::string::npos) << lines.out;
  // Asked again (here by its short form), the same hint: it comes from the seed, the turn and
  // the player, not from how often it was asked.
  CliRun again = run("ontour play --seed 5 --no-highscores", "hint\nh\nq\n");
  const size_t once = again.out.find(said), twice = again.out.find(said, once + 1);
  ASSERT_NE(twice, std::string::npos) << again.out;
  EXPECT_EQ(again.out.substr(twice, said.size() + line.size()), said + line) << again.out;
  EXPECT_NE(again.out.find("Game stopped."), std::string::npos) << again.out;  // q quits
}

// The end of a game as printed: every map with its route, and the winner.
std::string game_over(const std::string& out) { return out.substr(out.find("=== Game over")); }

TEST(OnTourPlayCli, AGameStoppedAndResumedGoesOnExactlyAsIfNeverStopped) {
  const std::string dir = ::testing::TempDir();
  const std::string full = dir + "/ontour_full_record.json", cut = dir + "/ontour_cut_record.json";
  const std::string mine = dir + "/ontour_my_record.json";
  for (const auto& f : {full, cut, mine}) std::filesystem::remove(f);
  CliRun whole =
      run("ontour play --players 0 --bots greedy,strong:rollouts=2 --map europe --seed "
          "11 --record " +
          full);
  ASSERT_EQ(whole.status, 0) << whole.out;
  const Json record = read_json_file(full);
  EXPECT_EQ(record["bots"], Json::parse(R"(["greedy", "strong:rollouts=2"])"));
  const Json& log = record["game"]["log"];
  ASSERT_GT(log.size(), 60u);
  // Cut the game after its 8th turn of placements (the record as a stop would leave it).
  size_t end = 0;
  for (size_t i = 0, turns = 0; i + 1 < log.size() && turns < 8; ++i)
    if (log[i].contains("player") && !log[i + 1].contains("player")) end = i + 1, ++turns;
  Json stopped = record;
  stopped["game"]["log"] = Json(std::vector<Json>(log.begin(), log.begin() + end));
  std::ofstream(cut) << stopped.dump();
  CliRun resumed = run("ontour play --resume " + cut);
  ASSERT_EQ(resumed.status, 0) << resumed.out;
  EXPECT_NE(resumed.out.find("Resumed at turn "), std::string::npos);
  EXPECT_EQ(resumed.out.rfind("On Tour on Europe (real borders) - 2 players (bots: greedy, "
                              "strong:rollouts=2), "
                              "seed 11, resumed from " +
                                  cut + "\n",
                              0),
            0u)
      << resumed.out.substr(0, 200);
  EXPECT_NE(whole.out.find("Setup: four numbers are written into every map (two a roll)"),
            std::string::npos);
  // Same dice, cards and bot placements from there on: the same end, and the same record.
  EXPECT_EQ(game_over(resumed.out), game_over(whole.out));
  EXPECT_EQ(read_json_file(cut), record);

  // A player at the terminal who quits: the record holds the turns played, and the game resumes
  // with the very dice and cards the next turn would have had.
  CliRun two_turns =
      run("ontour play --seed 5 --no-highscores --record " + mine, "WA ID\nIN NM\nquit\n");
  ASSERT_EQ(two_turns.status, 0) << two_turns.out;
  EXPECT_NE(two_turns.out.find("Game stopped. Go on with: tabletop ontour play --resume " + mine),
            std::string::npos)
      << two_turns.out;
  // A new game is not recorded over a saved one (--record typed for --resume): refused, the file
  // as it was.
  const Json saved = read_json_file(mine);
  CliRun over = run("ontour play --seed 6 --no-highscores --record " + mine, "quit\n");
  EXPECT_EQ(over.status, 2) << over.out;
  EXPECT_NE(over.out.find("the file is already there"), std::string::npos) << over.out;
  EXPECT_EQ(read_json_file(mine), saved);
  // The saved game going on, recorded to the same file spelt another way, is no new game.
  CliRun same = run("ontour play --no-highscores --resume " + mine + " --record " + dir +
                        "/./ontour_my_record.json",
                    "quit\n");
  EXPECT_EQ(same.status, 0) << same.out;
  EXPECT_EQ(read_json_file(mine), saved);
  std::filesystem::remove(mine);
  CliRun one_turn = run("ontour play --seed 5 --no-highscores --record " + mine, "WA ID\nquit\n");
  ASSERT_EQ(one_turn.status, 0) << one_turn.out;
  CliRun go_on = run("ontour play --no-highscores --resume " + mine, "IN NM\nquit\n");
  ASSERT_EQ(go_on.status, 0) << go_on.out;
  const auto turn2 = [](const std::string& out) {
    const size_t at = out.find("=== Turn 2 ===");
    return at == std::string::npos ? std::string() : out.substr(at, out.find("=== Turn 3") - at);
  };
  EXPECT_NE(turn2(go_on.out), "");
  EXPECT_EQ(turn2(go_on.out), turn2(two_turns.out));

  // Bad records and options: status 2, nothing played.
  std::ofstream(dir + "/not_a_record.json") << R"({"map": "usa"})";
  Json illegal = record;
  illegal["game"]["log"][10]["player"] = 7;
  std::ofstream(dir + "/illegal_record.json") << illegal.dump();
  Json reseeded = record;
  reseeded["seed"] = 12;  // the recorded dice are not what this seed rolls
  std::ofstream(dir + "/reseeded_record.json") << reseeded.dump();
  for (const std::string& bad : std::vector<std::string>{
           "--resume /nonexistent/record.json", "--resume " + dir + "/not_a_record.json",
           "--resume " + dir + "/illegal_record.json", "--resume " + dir + "/reseeded_record.json",
           "--resume " + dir, "--record " + dir, "--resume " + mine + " --players 2",
           "--resume " + mine + " --bots greedy", "--record /nonexistent/dir/record.json"}) {
    CliRun e = run("ontour play --no-highscores " + bad, "WA ID\nquit\n");
    EXPECT_EQ(e.status, 2) << bad << "\n" << e.out;
  }
  for (const auto& f : {full, cut, mine}) std::filesystem::remove(f);
}

TEST(OnTourPlayCli, RecordsKeepWhatWasTypedAndScoresOnce) {
  const std::string dir = ::testing::TempDir() + "/ontour_records_scores";
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  const std::string file = dir + "/companion.json";
  // Companion mode: the dice and cards typed before a stop are in the record.
  CliRun typed =
      run("ontour play --companion --no-highscores --record " + file, "3 7\nWA\nTX\nquit\n");
  ASSERT_EQ(typed.status, 0) << typed.out;
  EXPECT_EQ(read_json_file(file)["game"]["log"].size(), 3u);
  CliRun go_on = run("ontour play --resume " + file, "quit\n");
  EXPECT_NE(go_on.out.find("Dice rolled"), std::string::npos) << go_on.out;  // the second roll
  EXPECT_EQ(go_on.out.find("Card drawn"), std::string::npos) << go_on.out;

  // A finished solo game adds its score to the high scores once, not again when resumed.
  const std::string env = "XDG_DATA_HOME=" + dir + " " + TABLETOP_BINARY;
  const std::string solo = dir + "/solo.json";
  CliRun bots =
      testing::run_command(env, "ontour play --players 0 --bots random --seed 2 --record " + solo);
  ASSERT_EQ(bots.status, 0) << bots.out;
  Json finished = read_json_file(solo);
  finished["players"] = 1;  // the same game as if typed at the terminal
  finished["bots"] = Json::array();
  std::ofstream(solo) << finished.dump();
  CliRun again = testing::run_command(env, "ontour play --resume " + solo);
  ASSERT_EQ(again.status, 0) << again.out;
  EXPECT_NE(again.out.find("The recorded game is over."), std::string::npos) << again.out;
  EXPECT_NE(again.out.find("=== Game over ==="), std::string::npos);
  EXPECT_FALSE(std::filesystem::exists(dir + "/tabletop/ontour-highscores.json"));
  std::filesystem::remove_all(dir);
}

// A record that can no longer be written (here: a file size limit, once the game outgrows it) is
// said once, and a stop then does not offer to resume from a file that misses the game's end.
TEST(OnTourPlayCli, ARecordNoLongerSavedIsNotOfferedToResume) {
  const std::string file = ::testing::TempDir() + "/ontour_record_limit.json";
  std::filesystem::remove(file);
  const std::string limited = "trap '' XFSZ; ulimit -f 2; " + std::string(TABLETOP_BINARY);
  CliRun r = testing::run_command(limited, "ontour play --seed 5 --no-highscores --record " + file,
                                  "WA ID\nOR MT\nq\n");
  ASSERT_EQ(r.status, 0) << r.out;
  EXPECT_NE(r.out.find("(the record is not saved: cannot write " + file), std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("Game stopped. The record could not be saved to " + file +
                       ": the game as it stands is not kept."),
            std::string::npos)
      << r.out;
  EXPECT_EQ(r.out.find("--resume"), std::string::npos) << r.out;
  // Without the limit the same game is offered to resume.
  std::filesystem::remove(file);
  CliRun free = run("ontour play --seed 5 --no-highscores --record " + file, "WA ID\nOR MT\nq\n");
  EXPECT_NE(free.out.find("Go on with: tabletop ontour play --resume " + file), std::string::npos)
      << free.out;
  std::filesystem::remove(file);
}

// A solo game typed to its end adds its score to the high scores; a high-score file that cannot
// be read is kept aside, never written over.
TEST(OnTourPlayCli, HighScoresAreKeptAndAnUnreadableFileIsKeptAside) {
  const std::string dir = ::testing::TempDir() + "/ontour_highscores";
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  // A whole game played by a bot, cut before its last placement and handed to the terminal.
  const std::string whole = dir + "/whole.json";
  ASSERT_EQ(run("ontour play --players 0 --bots greedy --seed 4 --record " + whole).status, 0);
  Json record = read_json_file(whole);
  Json& log = record["game"]["log"];
  const Json last = log.back();
  ASSERT_TRUE(last.contains("player"));
  log.erase(log.size() - 1);
  record["players"] = 1;
  record["bots"] = Json::array();
  // The last turns: one number kept, a star, or two spaces low number first.
  std::string typed;
  const Json& writes = last["writes"];
  if (writes.size() == 1 && writes[0]["write"].is_number()) {
    typed = std::to_string(writes[0]["write"].get<int>());
  } else if (writes.size() == 1) {
    typed = writes[0]["space"];
  } else {
    const bool low_first = writes[0]["write"].get<int>() <= writes[1]["write"].get<int>();
    typed = writes[low_first ? 0 : 1]["space"].get<std::string>() + " " +
            writes[low_first ? 1 : 0]["space"].get<std::string>();
  }
  const std::string cut = dir + "/cut.json", env = "XDG_DATA_HOME=" + dir + " " + TABLETOP_BINARY;
  const std::string scores = dir + "/tabletop/ontour-highscores.json";
  auto finish = [&] {
    std::ofstream(cut) << record.dump();
    return testing::run_command(env, "ontour play --resume " + cut, typed + "\n");
  };
  CliRun first = finish();
  ASSERT_EQ(first.status, 0) << first.out;
  ASSERT_NE(first.out.find(" is number 1 of the ten best. High scores on USA: "), std::string::npos)
      << first.out;
  ASSERT_TRUE(read_json_file(scores)["usa"].is_array());
  EXPECT_EQ(read_json_file(scores)["usa"].size(), 1u);

  // A placement taken back shows the dice and cards to come before they come again: that game,
  // played to the end, is not listed (nor once resumed from its record).
  const Json& before_last = log[log.size() - 2];  // the placement before the last turn's roll
  ASSERT_TRUE(before_last.contains("writes")) << before_last.dump();
  std::vector<std::pair<int, std::string>> writes_typed;
  for (const Json& w : before_last["writes"]) {
    ASSERT_TRUE(w["write"].is_number() && w.contains("card")) << before_last.dump();
    writes_typed.emplace_back(w["write"].get<int>(), w["space"].get<std::string>() + "/" +
                                                         std::to_string(w["card"].get<int>() + 1));
  }
  std::sort(writes_typed.begin(), writes_typed.end());
  std::string again_typed;
  for (const auto& [value, text] : writes_typed) again_typed += text + " ";
  std::ofstream(cut) << record.dump();
  CliRun undone = testing::run_command(env, "ontour play --resume " + cut, "undo\nquit\n");
  ASSERT_EQ(undone.status, 0) << undone.out;
  EXPECT_NE(undone.out.find("this game no longer counts for the high scores"), std::string::npos)
      << undone.out;
  EXPECT_TRUE(read_json_file(cut)["no_highscores"].get<bool>());
  CliRun ended =
      testing::run_command(env, "ontour play --resume " + cut, again_typed + "\n" + typed + "\n");
  ASSERT_EQ(ended.status, 0) << ended.out;
  ASSERT_NE(ended.out.find("=== Game over ==="), std::string::npos) << ended.out;
  EXPECT_EQ(ended.out.find("ten best"), std::string::npos) << ended.out;
  EXPECT_EQ(read_json_file(scores)["usa"].size(), 1u);
  // The same game as the bot's (the last entry lists its two writes in another order).
  Json mended = read_json_file(cut)["game"]["log"], played = read_json_file(whole)["game"]["log"];
  ASSERT_EQ(mended.size(), played.size());
  mended.erase(mended.size() - 1), played.erase(played.size() - 1);
  EXPECT_EQ(mended, played);

  std::ofstream(scores) << "{not json";
  CliRun second = finish();
  ASSERT_EQ(second.status, 0) << second.out;
  EXPECT_NE(second.out.find("kept as " + scores + ".unreadable"), std::string::npos) << second.out;
  std::ifstream kept(scores + ".unreadable");
  EXPECT_EQ(std::string(std::istreambuf_iterator<char>(kept), {}), "{not json");
  EXPECT_EQ(read_json_file(scores)["usa"].size(), 1u);  // a new file with this game's score

  // A file that parses but holds what no game scores (a number past any int, a word) is not read
  // in part: it is kept aside as well.
  for (const char* odd : {R"({"usa": [99999999999, 30]})", R"({"usa": "x", "europe": [20]})",
                          R"({"usa": [30], "usa": [20]})"}) {
    std::filesystem::remove(scores + ".unreadable");
    std::ofstream(scores) << odd;
    CliRun again = finish();
    ASSERT_EQ(again.status, 0) << again.out;
    EXPECT_NE(again.out.find("kept as " + scores + ".unreadable"), std::string::npos) << again.out;
    EXPECT_EQ(read_text_file(scores + ".unreadable"), odd);
    EXPECT_EQ(read_json_file(scores).size(), 1u);
    EXPECT_EQ(read_json_file(scores)["usa"].size(), 1u);
  }
  // A file kept aside before is not written over by the next one kept aside.
  const std::string before = read_text_file(scores + ".unreadable");
  std::ofstream(scores) << "{again";
  CliRun twice = finish();
  EXPECT_NE(twice.out.find("kept as " + scores + ".unreadable.2"), std::string::npos) << twice.out;
  EXPECT_EQ(read_text_file(scores + ".unreadable"), before);
  EXPECT_EQ(read_text_file(scores + ".unreadable.2"), "{again");

  // An empty or relative XDG_DATA_HOME counts as unset: the scores go under HOME, never into the
  // directory the game was started in.
  std::filesystem::create_directories(dir + "/cwd");
  for (const std::string xdg : {"", "relative"}) {
    std::ofstream(cut) << record.dump();
    CliRun r = testing::run_command(
        "cd " + dir + "/cwd && HOME=" + dir + "/home XDG_DATA_HOME=" + xdg + " " + TABLETOP_BINARY,
        "ontour play --resume " + cut, typed + "\n");
    ASSERT_EQ(r.status, 0) << r.out;
    EXPECT_TRUE(std::filesystem::exists(dir + "/home/.local/share/tabletop/ontour-highscores.json"))
        << xdg;
    EXPECT_TRUE(std::filesystem::is_empty(dir + "/cwd")) << xdg;
  }

  // Games under other rule options are listed apart; a companion game (its dice typed) is not
  // listed.
  const size_t usa = read_json_file(scores)["usa"].size();
  Json starred = record;
  starred["game"]["options"]["star_always_circled"] = true;
  std::ofstream(cut) << starred.dump();
  CliRun other = testing::run_command(env, "ontour play --resume " + cut, typed + "\n");
  ASSERT_EQ(other.status, 0) << other.out;
  EXPECT_NE(other.out.find("High scores on USA (star_always_circled=true): "), std::string::npos)
      << other.out;
  EXPECT_EQ(read_json_file(scores)["usa (star_always_circled=true)"].size(), 1u);
  EXPECT_EQ(read_json_file(scores)["usa"].size(), usa);
  Json typed_dice = record;
  typed_dice["companion"] = true;
  std::ofstream(cut) << typed_dice.dump();
  CliRun companion = testing::run_command(env, "ontour play --resume " + cut, typed + "\n\n");
  ASSERT_EQ(companion.status, 0) << companion.out;
  EXPECT_NE(companion.out.find("=== Game over ==="), std::string::npos) << companion.out;
  EXPECT_EQ(companion.out.find("High scores"), std::string::npos) << companion.out;
  EXPECT_EQ(read_json_file(scores)["usa"].size(), usa);
  std::filesystem::remove_all(dir);
}

// Two at the terminal: each player's map and placement are on the screen only between "see
// your map" and "hide your map"; a quit at the hand-over keeps the placement just typed.
TEST(OnTourPlayCli, HotSeatPlayersWriteUnseen) {
  const std::string file = ::testing::TempDir() + "/ontour_hot_seat.json";
  std::filesystem::remove(file);
  CliRun r =
      run("ontour play --seed 5 --players 2 --no-highscores --record " + file, "\nWA ID\nq\n");
  ASSERT_EQ(r.status, 0) << r.out;
  const size_t see = r.out.find("Player 1: press Enter to see your map (q quits)");
  const size_t map = r.out.find("--- Player 1 ---");
  const size_t echo = r.out.find(">   15 in WA (card 3, circled), 51 in ID");
  const size_t hide = r.out.find("Player 1: press Enter to hide your map and hand over");
  ASSERT_NE(see, std::string::npos) << r.out;
  EXPECT_LT(see, map) << r.out;
  EXPECT_LT(map, echo) << r.out;
  EXPECT_LT(echo, hide) << r.out;
  EXPECT_EQ(r.out.find("Player 2: press Enter"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("Game stopped."), std::string::npos) << r.out;
  const Json log = read_json_file(file)["game"]["log"];
  ASSERT_FALSE(log.empty());
  EXPECT_EQ(log.back()["player"], 0) << log.dump();

  // Resumed, Player 2 is next; anything but Enter or quit at a hand-over is asked again.
  CliRun on = run("ontour play --resume " + file, "x\n\nq\n");
  ASSERT_EQ(on.status, 0) << on.out;
  EXPECT_NE(on.out.find("  Press Enter, or type quit.\nPlayer 2: press Enter to see your map"),
            std::string::npos)
      << on.out;
  EXPECT_NE(on.out.find("--- Player 2 ---"), std::string::npos) << on.out;
  EXPECT_EQ(on.out.find("--- Player 1 ---"), std::string::npos) << on.out;

  // A game at one terminal alone, or a companion game (maps on paper), has no hand-over.
  for (const std::string args : {"--seed 5", "--seed 5 --bots greedy", "--companion --players 2"})
    EXPECT_EQ(run("ontour play --no-highscores " + args, "q\n").out.find("press Enter to see"),
              std::string::npos)
        << args;
  std::filesystem::remove(file);
}

TEST(OnTourPlayCli, MapsShowsOthersAsTheTurnBegan) {
  // Hot-seat: player 2 does not see what player 1 wrote this turn.
  CliRun r = run("ontour play --seed 5 --players 2 --no-highscores", "\nWA ID\n\n\nmaps\nquit\n");
  const size_t shown = r.out.find("\nPlayer 1:\n");
  ASSERT_NE(shown, std::string::npos) << r.out;
  const std::string map1 = r.out.substr(shown, r.out.find("Best route so far", shown) - shown);
  EXPECT_NE(map1.find("WA .."), std::string::npos) << map1;
  EXPECT_EQ(map1.find("WA(15)"), std::string::npos) << map1;
}

TEST(OnTourReplayCli, TellsARecordAsItWasPlayed) {
  const std::string dir = ::testing::TempDir();
  const std::string file = dir + "/ontour_replay_record.json";
  CliRun live =
      run("ontour play --players 0 --bots greedy,random --seed 3 --map europe --record " + file);
  ASSERT_EQ(live.status, 0) << live.out;
  CliRun told = run("ontour replay " + file);
  ASSERT_EQ(told.status, 0) << told.out;
  const auto after_header = [](const std::string& out) { return out.substr(out.find('\n')); };
  EXPECT_EQ(after_header(told.out), after_header(live.out));

  // Cut short: the maps as they stand; --maps draws them after every turn.
  Json cut = read_json_file(file);
  Json& log = cut["game"]["log"];
  log = Json(std::vector<Json>(log.begin(), log.begin() + 40));
  CliRun part = run("ontour replay -", cut.dump());
  ASSERT_EQ(part.status, 0) << part.out;
  EXPECT_NE(part.out.find("The record ends before the game does"), std::string::npos);
  EXPECT_NE(part.out.find("Player 2 (random):\n"), std::string::npos) << part.out;
  CliRun maps = run("ontour replay --maps -", cut.dump());
  const auto shown = [](const std::string& out) {
    int n = 0;
    for (size_t at = out.find("Best route so far"); at != std::string::npos;
         at = out.find("Best route so far", at + 1))
      ++n;
    return n;
  };
  EXPECT_EQ(shown(part.out), 2);
  // One per player after each turn of placements before the cut, and at the cut.
  int turns = 0;
  for (size_t i = 0; i + 1 < log.size(); ++i)
    turns += log[i].contains("player") && !log[i + 1].contains("player");
  EXPECT_GT(turns, 2);
  EXPECT_EQ(shown(maps.out), 2 * turns + 2) << maps.out;
  // A bare game log (State JSON) is told with plain player names.
  CliRun bare = run("ontour replay -", cut["game"].dump());
  ASSERT_EQ(bare.status, 0) << bare.out;
  EXPECT_NE(bare.out.find("Player 2:\n"), std::string::npos) << bare.out;

  Json bad = read_json_file(file);
  bad["game"]["log"][12]["player"] = 5;
  for (const std::string& input : {bad.dump(), std::string(R"({"game": 3})"), std::string("{")}) {
    CliRun e = run("ontour replay -", input);
    EXPECT_EQ(e.status, 2) << e.out;
    EXPECT_EQ(e.out.find("=== Turn"), std::string::npos);
  }
  // Who played, of the wrong type: the message names the member, not the JSON library's type.
  Json numbers = read_json_file(file);
  numbers["bots"] = Json::array({5, 7});
  CliRun typed = run("ontour replay -", numbers.dump());
  EXPECT_EQ(typed.status, 2) << typed.out;
  EXPECT_NE(typed.out.find("\"bots\" must be a list of bot names"), std::string::npos) << typed.out;
  EXPECT_EQ(typed.out.find("json.exception"), std::string::npos) << typed.out;
  // A player count changed by hand: the log stops where a turn waits for a player it never had.
  Json more = read_json_file(file);
  more["game"]["players"] = more["game"]["players"].get<int>() + 1;
  more.erase("bots"), more.erase("players");
  CliRun waiting = run("ontour replay -", more.dump());
  EXPECT_EQ(waiting.status, 2) << waiting.out;
  const std::string last = std::to_string(more["game"]["players"].get<int>());
  EXPECT_NE(waiting.out.find("(Player " + last + " of " + last + " has not yet)"),
            std::string::npos)
      << waiting.out;
  EXPECT_EQ(run("ontour replay " + dir).status, 2);
  EXPECT_EQ(run("ontour replay --help").status, 0);
  std::filesystem::remove(file);
}

// --option names a rule option as sim does: the same game as its flag; one that undoes a flag
// typed, an unknown one or a bad value is refused before the game, and a resumed game keeps its
// own.
TEST(OnTourPlayCli, OptionsAreTheFlagsRuleOptions) {
  const std::string game = "ontour play --players 0 --bots greedy --seed 3 --no-highscores ";
  CliRun flag = run(game + "--x-in-card-region --setup-rolls 1");
  ASSERT_EQ(flag.status, 0) << flag.out;
  CliRun option = run(game + "--option x_anywhere=false --option setup_rolls=1");
  ASSERT_EQ(option.status, 0) << option.out;
  EXPECT_EQ(option.out, flag.out);
  EXPECT_NE(option.out, run(game).out);  // the options change the game
  for (const std::string bad :
       {"--x-in-card-region --option x_anywhere=true", "--setup-rolls 1 --option setup_rolls=2",
        "--option colour=1", "--option setup_rolls=3", "--option x_anywhere",
        "--option voluntary_x=true --option voluntary_x=false",
        "--resume r.json --option "
        "voluntary_x=true"}) {
    CliRun r = run(game + bad, "quit\n");
    EXPECT_EQ(r.status, 2) << bad << "\n" << r.out;
    EXPECT_EQ(r.out.find("Turn 1"), std::string::npos) << bad << "\n" << r.out;
  }
  EXPECT_NE(run(game + "--x-in-card-region --option x_anywhere=true")
                .out.find("--option x_anywhere=true undoes --x-in-card-region"),
            std::string::npos);
}

TEST(OnTourPlayCli, HelpAndBadOptions) {
  CliRun help = run("ontour play --help");
  EXPECT_EQ(help.status, 0);
  EXPECT_NE(help.out.find("--companion"), std::string::npos);
  EXPECT_NE(help.out.find("--bots"), std::string::npos);
  CliRun bad = run("ontour play --players 0");
  EXPECT_EQ(bad.status, 2) << bad.out;
  CliRun no_map = run("ontour play --map /no/such/map.json");
  EXPECT_EQ(no_map.status, 2) << no_map.out;
  for (const char* args : {"ontour play --bots greedy,,random", "ontour play --bots greedy,",
                           "ontour play --record ''", "ontour play --resume ''"}) {
    CliRun r = run(args, "quit\n");
    EXPECT_EQ(r.status, 2) << args << "\n" << r.out;
    EXPECT_EQ(r.out.find("Turn 1"), std::string::npos) << args << "\n" << r.out;
  }
  // Blanks after the commas of a bot list are not part of the names.
  CliRun spaced = run("ontour play --players 0 --bots 'greedy, random' --seed 2 --no-highscores");
  EXPECT_EQ(spaced.status, 0) << spaced.out;
  EXPECT_NE(spaced.out.find("(bots: greedy, random)"), std::string::npos) << spaced.out;
  CliRun unknown = run("ontour plya");
  EXPECT_EQ(unknown.status, 2);
  EXPECT_NE(unknown.out.find("tabletop ontour: unknown command \"plya\" (commands: score, play"),
            std::string::npos)
      << unknown.out;
}

}  // namespace
}  // namespace tabletop
