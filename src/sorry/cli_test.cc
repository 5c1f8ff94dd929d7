// `tabletop sorry moves`, `play`, `replay` and `train` as a user runs them: the binary, its output
// and its exit status (2 with a message for bad input).
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <gtest/gtest.h>

#include "core/json_util.h"
#include "core/testing/run_command.h"
#include "sorry/render.h"
#include "sorry/value_net.h"

namespace tabletop::sorry {
namespace {

using CliRun = tabletop::testing::CommandRun;

CliRun run(const std::string& args, const std::string& input = "") {
  return tabletop::testing::run_command(TABLETOP_BINARY, args, input);
}

const char* kIssueExample = R"({"players": ["red", "yellow"],
 "pawns": {"red": ["start", "track:4", "safety:2", "home"], "yellow": ["start", "start", "start", "start"]},
 "turn": "red", "card": "7", "options": {"teams": false}})";

TEST(SorryCli, MovesJsonListsEveryResultingPosition) {
  ASSERT_TRUE(std::ifstream(TABLETOP_BINARY).good()) << "build the tabletop target first";
  CliRun r = run("sorry moves --json -", kIssueExample);
  ASSERT_EQ(r.status, 0) << r.out;
  Json j = Json::parse(r.out);
  ASSERT_EQ(j["moves"].size(), 4u);  // the whole 7 and three splits
  for (const auto& m : j["moves"]) {
    EXPECT_TRUE(m["move"].is_string());
    EXPECT_EQ(m["pawns"]["yellow"], Json::parse(R"(["start", "start", "start", "start"])"));
  }
  EXPECT_EQ(j["moves"][0]["pawns"]["red"],
            Json::parse(R"(["start", "track:11", "safety:2", "home"])"));
}

// The move texts `sorry moves --json` lists for a position.
std::vector<std::string> move_texts(const std::string& position) {
  CliRun r = run("sorry moves --json -", position);
  EXPECT_EQ(r.status, 0) << r.out;
  std::vector<std::string> texts;
  if (r.status != 0) return texts;
  const Json listing = Json::parse(r.out);  // kept: a range-for over a temporary's member dangles
  for (const auto& m : listing["moves"]) texts.push_back(m["move"]);
  return texts;
}

// A 7 split's parts as they were moved: each from where its pawn stood, its slide named, so that
// the steps shown add up to 7; the first pawn where its part took it, when the second part then
// bumps it (in teams, a partner's pawn: the moving pawn's colour decides landings).
TEST(SorryCli, MovesTellASplitPartByPart) {
  auto lists = [](const std::vector<std::string>& texts, const std::string& text) {
    return std::find(texts.begin(), texts.end(), text) != texts.end();
  };
  auto teams = [](const char* red, const char* yellow) {
    return fmt::format(R"({{"players": ["red", "blue", "yellow", "green"],
      "pawns": {{"red": ["{}", "start", "start", "start"],
                "blue": ["start", "start", "start", "start"],
                "yellow": ["{}", "start", "start", "start"],
                "green": ["start", "start", "start", "start"]}},
      "turn": "red", "card": "7", "options": {{"teams": true}}}})",
                       red, yellow);
  };
  std::vector<std::string> m = move_texts(teams("track:20", "track:19"));
  EXPECT_TRUE(lists(m,
                    "7 as 3 + 4: red#0 track:20 -> track:23, then yellow#0 track:19 -> track:23 "
                    "(bumps red#0)"));
  EXPECT_TRUE(lists(m,
                    "7 as 4 + 3: yellow#0 track:19 -> track:23, then red#0 track:20 -> track:23 "
                    "(bumps yellow#0)"));
  // Red from 23 onto blue's slide head (24) ends at its end (28), where yellow's 6 bumps it.
  m = move_texts(teams("track:23", "track:22"));
  EXPECT_TRUE(lists(m,
                    "7 as 1 + 6: red#0 track:23 -> track:28 (slides from track:24), then yellow#0 "
                    "track:22 -> track:28 (bumps red#0)"));
  m = move_texts(R"({"players": ["red", "blue"],
    "pawns": {"red": ["track:10", "track:40", "start", "start"],
              "blue": ["track:18", "start", "start", "start"]},
    "turn": "red", "card": "7"})");
  EXPECT_TRUE(lists(m,
                    "7 as 1 + 6: red#0 track:10 -> track:11, then red#1 track:40 -> track:49 "
                    "(slides from track:46)"));
  // Blue on 18, swept by the first part's slide, is that part's bump, not the second's.
  EXPECT_TRUE(lists(m,
                    "7 as 6 + 1: red#0 track:10 -> track:19 (slides from track:16) (bumps blue#0), "
                    "then red#1 track:40 -> track:41"));
  // Red#1 on red#0's slide: the slide bumps it only with own_pawns_bumped_on_slide; without, it
  // stays there for yellow's landing to bump.
  const auto own_on_slide = [](const char* bumped_on_slide) {
    return fmt::format(R"({{"players": ["red", "blue", "yellow", "green"],
      "pawns": {{"red": ["track:12", "track:17", "home", "home"],
                "blue": ["start", "start", "start", "start"],
                "yellow": ["track:14", "home", "home", "home"],
                "green": ["start", "start", "start", "start"]}},
      "turn": "red", "card": "7",
      "options": {{"teams": true, "own_pawns_bumped_on_slide": {}}}}})",
                       bumped_on_slide);
  };
  m = move_texts(own_on_slide("false"));
  EXPECT_TRUE(lists(m,
                    "7 as 4 + 3: red#0 track:12 -> track:19 (slides from track:16), then yellow#0 "
                    "track:14 -> track:17 (bumps red#1)"))
      << fmt::format("{}", fmt::join(m, "\n"));
  m = move_texts(own_on_slide("true"));
  EXPECT_TRUE(lists(m,
                    "7 as 4 + 3: red#0 track:12 -> track:19 (slides from track:16) (bumps red#1), "
                    "then yellow#0 track:14 -> track:17"))
      << fmt::format("{}", fmt::join(m, "\n"));
  // A backward move says so.
  m = move_texts(R"({"players": ["red", "yellow"],
    "pawns": {"red": ["track:10", "start", "start", "start"],
              "yellow": ["start", "start", "start", "start"]},
    "turn": "red", "card": "4"})");
  EXPECT_TRUE(lists(m, "4: red#0 track:10 -> track:6 (back 4)"));
  // Yellow on 12 is bumped by the first part (10 -> 12), not by the second.
  m = move_texts(R"({"players": ["red", "yellow"],
    "pawns": {"red": ["track:10", "track:20", "track:25", "track:40"],
              "yellow": ["track:12", "track:22", "start", "start"]},
    "turn": "red", "card": "7"})");
  EXPECT_TRUE(lists(m,
                    "7 as 2 + 5: red#0 track:10 -> track:12 (bumps yellow#0), then red#2 "
                    "track:25 -> track:30"));
}

TEST(SorryCli, MovesTextShowsTheBoardAndTheList) {
  CliRun r = run("sorry moves -", kIssueExample);
  ASSERT_EQ(r.status, 0) << r.out;
  EXPECT_NE(r.out.find("4 legal moves"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("red: start, track:4, safety:2, home"), std::string::npos);
  EXPECT_NE(r.out.find("R1"), std::string::npos);
  // Red's pawn on track:4 is drawn under the ruler's 0-5 stretch, in the column of square 4: the
  // ruler puts "0" over square 0's mark and "5" over square 5's, three characters a square.
  const size_t ruler = r.out.find("     0              5              10             15\n");
  ASSERT_NE(ruler, std::string::npos) << r.out;
  const size_t row = r.out.find('\n', ruler) + 1;
  EXPECT_EQ(r.out.substr(row + 4 + 3 * 4, 2), "R1") << r.out.substr(ruler, 200);
  EXPECT_NE(r.out.find("     45             40             35             30\n"), std::string::npos)
      << r.out;
}

TEST(SorryCli, BadPositionsExitWithStatusTwoAndSayWhy) {
  struct Case {
    std::string input, message;
  };
  const std::string pawns =
      R"("pawns": {"red": ["start", "start", "start", "start"], "yellow": ["start", "start", "start", "start"]})";
  std::vector<Case> cases = {
      {R"({"players": ["red", "purple"], )" + pawns + R"(, "turn": "red", "card": "1"})",
       "unknown colour"},
      {R"({"players": ["red", "yellow"], )" + pawns + R"(, "turn": "red", "card": "6"})",
       "unknown card"},
      {R"({"players": ["red", "yellow"], "pawns": {"red": ["start", "start", "start"], "yellow": ["start", "start", "start", "start"]}, "turn": "red", "card": "1"})",
       "exactly 4"},
      {R"({"players": ["red", "yellow"], "pawns": {"red": ["track:4", "start", "start", "start"], "yellow": ["track:4", "start", "start", "start"]}, "turn": "red", "card": "1"})",
       "two pawns on track:4"},
      {R"({"players": ["red", "yellow"], )" + pawns +
           R"(, "turn": "red", "card": "1", "options": {"teams": true}})",
       "four players"},
      {R"({"players": ["red", "yellow"], )" + pawns + R"(, "turn": "red", "card": )",
       "malformed JSON"},
      {R"({"players": ["red", "yellow"], )" + pawns + R"(, "turn": "green", "card": "1"})",
       "not among the players"},
      {R"({"players": ["red", "yellow"], )" + pawns +
           R"(, "turn": "red", "hand": ["1", "2"], "options": {"points": false}})",
       "a hand is played for points"},
      {R"({"players": ["red", "yellow"], )" + pawns +
           R"(, "turn": "red", "card": "1", "options": {"speed": 3}})",
       "unknown Sorry! option \"speed\" (options: players, seats,"},
      {R"({"players": ["red", "yellow"], )" + pawns +
           R"(, "turn": "red", "card": "1", "options": {"bonus": "cumulative"}})",
       "option bonus applies only when playing for points"},
      {R"({"players": ["red", "yellow"], "pawns": {"red": ["track:60", "start", "start", "start"], "yellow": ["start", "start", "start", "start"]}, "turn": "red", "card": "1"})",
       "bad position"},
      {R"({"players": ["red", "blue", "yellow", "green"], "pawns": {"red": ["home", "home", "home", "home"], "yellow": ["home", "home", "home", "home"], "blue": ["start", "start", "start", "start"], "green": ["start", "start", "start", "start"]}, "turn": "blue", "card": "1", "options": {"teams": true}})",
       "pawns: red and yellow (a team) have already won"},
  };
  for (const auto& c : cases) {
    CliRun r = run("sorry moves -", c.input);
    EXPECT_EQ(r.status, 2) << c.input << "\n" << r.out;
    EXPECT_NE(r.out.find(c.message), std::string::npos) << r.out;
  }
  CliRun missing = run("sorry moves /nonexistent/position.json");
  EXPECT_EQ(missing.status, 2);
  EXPECT_NE(missing.out.find("cannot open"), std::string::npos);
}

TEST(SorryCli, PlayAgainstBotsToTheEnd) {
  CliRun r = run("sorry play --seed 5 --players 4 --bots all=random");
  EXPECT_EQ(r.status, 0) << r.out;
  EXPECT_NE(r.out.find(" wins after "), std::string::npos) << r.out.substr(0, 2000);
  EXPECT_NE(r.out.find("green (random): "), std::string::npos) << r.out.substr(0, 2000);
  CliRun same = run("sorry play --seed 5 --players 4 --bots all=random");
  EXPECT_EQ(same.out, r.out);  // seeded
  CliRun teams = run("sorry play --seed 2 --teams --bots all=greedy");
  EXPECT_EQ(teams.status, 0);
  EXPECT_NE(teams.out.find(" win after "), std::string::npos);
  CliRun points =
      run("sorry play --seed 3 --players 3 --points --match-target 120 --bots all=greedy");
  EXPECT_EQ(points.status, 0);
  EXPECT_NE(points.out.find("game 1 won by"), std::string::npos);
  EXPECT_NE(points.out.find(" wins the match after "), std::string::npos) << points.out;
}

TEST(SorryCli, PlayBotsByColourFromTheRegistry) {
  // A colour alone is played by strong; colour=bot picks any registered bot with its parameters.
  CliRun r = run("sorry play --seed 7 --bots red,yellow=greedy");
  EXPECT_EQ(r.status, 0) << r.out;
  EXPECT_NE(r.out.find("red (strong): "), std::string::npos) << r.out.substr(0, 2000);
  EXPECT_NE(r.out.find("yellow (greedy): "), std::string::npos) << r.out.substr(0, 2000);
  EXPECT_NE(r.out.find(" wins after "), std::string::npos);
  EXPECT_EQ(run("sorry play --seed 7 --bots red,yellow=greedy").out, r.out);  // seeded
  // Colours and bot names in any case are the same names (as typed answers are).
  EXPECT_EQ(run("sorry play --seed 7 --bots Red,YELLOW=Greedy").out, r.out);
  CliRun tuned = run("sorry play --seed 7 --bots red=strong:rollouts=16,yellow=random");
  EXPECT_EQ(tuned.status, 0) << tuned.out;
  EXPECT_NE(tuned.out.find("red (strong:rollouts=16): "), std::string::npos);
  // Playing for points the bot sees only its own hand: the game still runs to its end.
  CliRun points = run("sorry play --seed 8 --points --bots all=strong:iterations=50");
  EXPECT_EQ(points.status, 0) << points.out;
  EXPECT_NE(points.out.find(" wins after "), std::string::npos);
  // Every seat named is in the game, and named once.
  EXPECT_NE(run("sorry play --bots green").out.find("green is not in this game"),
            std::string::npos);
  EXPECT_NE(run("sorry play --players 3 --bots all=random").out.find(" wins after "),
            std::string::npos);
  for (const char* bad : {"yellow=wizard", "yellow=strong:foo=1", "purple=greedy", "all=",
                          "yellow=greedy:rollouts=8", "green", "yellow=random,yellow=greedy"}) {
    CliRun e = run(std::string("sorry play --bots ") + bad);
    EXPECT_EQ(e.status, 2) << bad;
    EXPECT_EQ(e.out.find("choose 1-"), std::string::npos) << bad;  // refused before any play
  }
}

TEST(SorryCli, PlayHotSeatReadsMovesAndEndsCleanlyAtEndOfInput) {
  CliRun r = run("sorry play --seed 1 --option fast_start=true", "x\n1\n1\n1\n");
  EXPECT_EQ(r.status, 0) << r.out;
  EXPECT_NE(r.out.find("choose 1-"), std::string::npos);
  EXPECT_NE(r.out.find("please type a number"), std::string::npos);
  EXPECT_NE(r.out.find("end of input"), std::string::npos);
  CliRun quit = run("sorry play --seed 1 --bots yellow --option fast_start=true", "q\n");
  EXPECT_EQ(quit.status, 0);
}

// Playing for points, a player at the terminal is told the card drawn after playing; with two
// or more at the terminal, each hand is hidden before the next player's turn. The board's legend
// comes with the first board and on request, not with every board.
TEST(SorryCli, PointsAtOneTerminalTellsDrawsAndHidesHands) {
  auto count = [](const std::string& text, const std::string& what) {
    size_t n = 0;
    for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
    return n;
  };
  const std::string legend = "S = START, H = HOME";
  CliRun seat = run("sorry play --points --bots yellow=greedy --seed 3", "1\n1\n?\nq\n");
  ASSERT_EQ(seat.status, 0) << seat.out;
  EXPECT_NE(seat.out.find("red to play, hand: 5 10 10 11 11\n"), std::string::npos) << seat.out;
  EXPECT_NE(seat.out.find("red draws 10\n"), std::string::npos) << seat.out;
  EXPECT_NE(seat.out.find("red to play, hand: 10 10 10 11 11\n"), std::string::npos) << seat.out;
  EXPECT_EQ(count(seat.out, "yellow draws"), 0u) << seat.out;  // a bot's hand stays hidden
  EXPECT_EQ(count(seat.out, "press Enter"), 0u) << seat.out;   // one player at the terminal
  EXPECT_EQ(count(seat.out, legend), 2u) << seat.out;  // the first board, and asked for with ?

  // Two at the terminal: each turn starts when its player asks to see the hand, and ends with the
  // hand hidden before anyone else moves.
  CliRun two = run("sorry play --points --seed 3", "\n1\n\n\n1\nq\n");
  ASSERT_EQ(two.status, 0) << two.out;
  std::vector<size_t> order;
  for (const char* step :
       {"red: press Enter to see your hand", "red to play, hand: 5 10 10 11 11", "red draws 10\n",
        "red: press Enter to hide your hand and hand over", "yellow: press Enter to see your hand",
        // red's move, cleared from the screen with red's hand, is told to yellow
        "moves since your last turn:\n  red: ", "yellow to play, hand:",
        "yellow: press Enter to hide your hand"}) {
    order.push_back(two.out.find(step));
    ASSERT_NE(order.back(), std::string::npos) << step << "\n" << two.out;
  }
  EXPECT_TRUE(std::is_sorted(order.begin(), order.end())) << two.out;
  EXPECT_NE(two.out.find("Game stopped."), std::string::npos) << two.out;  // q at the hand-over
  // Stopped at the hand-over, just after playing: resumed, the next screen is yellow's, so red's
  // draw is not told (red sees it in the hand).
  const std::string file = ::testing::TempDir() + "/sorry_points_handover.json";
  std::filesystem::remove(file);
  CliRun stop = run("sorry play --points --seed 3 --record " + file, "\n1\nq\n");
  ASSERT_EQ(stop.status, 0) << stop.out;
  ASSERT_NE(stop.out.find("red draws 10\n"), std::string::npos) << stop.out;
  CliRun resumed = run("sorry play --resume " + file, "\nq\n");
  EXPECT_EQ(resumed.out.find("red draws"), std::string::npos) << resumed.out;
  EXPECT_NE(resumed.out.find("yellow: press Enter to see your hand"), std::string::npos)
      << resumed.out;
  // ... and yellow is told red's move, played before the stop, as if the game had not stopped.
  const size_t red_move = two.out.find("moves since your last turn:\n  red: ");
  const std::string told = two.out.substr(red_move, two.out.find('\n', red_move + 35) - red_move);
  EXPECT_NE(resumed.out.find(told), std::string::npos) << told << "\n" << resumed.out;
  std::filesystem::remove(file);

  // A match: the hands dealt for the next game are not told as draws.
  std::string ones;
  for (int i = 0; i < 3000; ++i) ones += "1\n";
  CliRun match = run("sorry play --points --match-target 100 --bots yellow=random --seed 4", ones);
  ASSERT_NE(match.out.find("game 1 won by red"), std::string::npos) << match.out;
  const size_t end = match.out.find("game 1 won by");
  ASSERT_NE(end, std::string::npos) << match.out;
  const size_t next = match.out.find('\n', end) + 1;
  EXPECT_EQ(match.out.find(" draws ", next),
            match.out.find(" draws ", match.out.find("red:", next)))
      << match.out.substr(end, 2000);
  // The race games hide nothing: no hand-over.
  CliRun race = run("sorry play --seed 3 --option fast_start=true", "1\n1\nq\n");
  EXPECT_EQ(count(race.out, "press Enter"), 0u) << race.out;
}

TEST(SorryCli, HintShowsStrongsMoveAndChangesNothingElse) {
  const std::string game = "sorry play --seed 1 --option fast_start=true --bots yellow=greedy";
  CliRun plain = run(game, "1\n1\n1\nq\n");
  CliRun hinted = run(game, "h\n1\nhint\n1\nh\n1\nq\n");
  ASSERT_EQ(hinted.status, 0) << hinted.out;
  // Each hint is a move of the list it was asked at, number and text; one had a choice of two.
  EXPECT_NE(hinted.out.find("choose 1-2 (h hint, u undo, ? help, q quits): strong would play "),
            std::string::npos)
      << hinted.out;
  // Each hint line, "strong would play N. TEXT", right after the prompt it answers.
  const std::string said = "strong would play ";
  std::string rest = hinted.out;  // the output without the hints
  int hints = 0;
  for (size_t at = rest.find(said); at != std::string::npos; at = rest.find(said), ++hints) {
    const size_t end = rest.find('\n', at);
    const std::string hint = rest.substr(at + said.size(), end - at - said.size());
    const std::string number = hint.substr(0, hint.find('.'));
    const std::string listed = std::string(number.size() == 1 ? "  " : " ") + hint + "\n";
    const size_t prompt = rest.rfind("red, choose 1-", at);
    const size_t list = rest.rfind(" to play ", prompt);
    ASSERT_NE(list, std::string::npos) << rest.substr(0, at);
    EXPECT_NE(rest.substr(list, prompt - list).find(listed), std::string::npos) << hint;
    // Asked again after the hint, the prompt repeats: drop the hint and the repeat.
    const std::string asked = rest.substr(prompt, at - prompt);
    ASSERT_EQ(rest.compare(end + 1, asked.size(), asked), 0) << rest.substr(prompt, 200);
    rest.erase(at, end + 1 - at + asked.size());
  }
  EXPECT_EQ(hints, 3);
  // Without its hint lines the game is the same game.
  EXPECT_EQ(rest, plain.out);
  // A decision with one move is played without asking, and said.
  EXPECT_NE(plain.out.find("(the only move)"), std::string::npos) << plain.out;
  // Asked twice at the same decision, or in the game resumed there, the same hint: it comes from
  // the seed and the decision, not from how often it was asked.
  const std::string four = "sorry play --seed 5 --players 4 --option fast_start=true";
  CliRun asked = run(four, "h\nH\n ? \nq\n");
  ASSERT_EQ(asked.status, 0) << asked.out;
  const size_t first = asked.out.find(said), second = asked.out.find(said, first + 1);
  ASSERT_NE(second, std::string::npos) << asked.out;
  EXPECT_EQ(asked.out.substr(first, asked.out.find('\n', first) - first),
            asked.out.substr(second, asked.out.find('\n', second) - second));
  EXPECT_NE(asked.out.find("type the number of a move"), std::string::npos) << asked.out;
}

// Text other than a number or a command lists the moves that mention it, numbered as in the
// full list (a 7 in a teams game can offer over a hundred); the game goes on as if not asked.
TEST(SorryCli, TypedTextPicksOutTheMovesThatMentionIt) {
  const std::string game =
      "sorry play --seed 1 --players 4 --option teams=true --option fast_start=true";
  CliRun r = run(game, "Bumps Green\nzzz\n99\n2\nq\n");
  ASSERT_EQ(r.status, 0) << r.out;
  const std::string first = "  1. 12: red#0 track:4 -> track:19";
  const std::string second =
      "  2. 12: yellow#0 track:34 -> track:49 (slides from track:46) (bumps green#0)\n";
  const size_t list = r.out.find(first), prompt = r.out.find("red, choose 1-2");
  ASSERT_NE(list, std::string::npos) << r.out;
  ASSERT_NE(prompt, std::string::npos) << r.out;
  // After the prompt: move 2 alone (case does not matter), then nothing for "zzz", and a number
  // out of range is not read as text.
  const std::string asked = r.out.substr(prompt);
  EXPECT_EQ(asked.find(first), std::string::npos) << asked;
  EXPECT_EQ(asked.find("red, choose 1-2 (h hint, u undo, ? help, q quits): " + second), 0u)
      << asked;
  EXPECT_NE(asked.find("no move mentions \"zzz\"\nplease type a number"), std::string::npos)
      << asked;
  EXPECT_EQ(asked.find("no move mentions \"99\""), std::string::npos) << asked;
  EXPECT_NE(asked.find("red: 12: yellow#0 track:34 -> track:49"), std::string::npos) << asked;
  // The same game as move 2 typed straight.
  CliRun straight = run(game, "2\nq\n");
  const auto tail = [](const std::string& out) { return out.substr(out.find("red: 12: ")); };
  EXPECT_EQ(tail(r.out), tail(straight.out));
  // A square is matched whole: track:4 is not the start of track:49.
  CliRun square = run(game, "track:4\nq\n");
  const std::string picked = square.out.substr(square.out.find("red, choose 1-2"));
  EXPECT_NE(picked.find(first), std::string::npos) << picked;
  EXPECT_EQ(picked.find("  2. 12: yellow#0"), std::string::npos) << picked;
}

// Ctrl-C at a prompt stops the game as q does: the record kept is offered to resume, and the
// status is that of the signal (128 + 2).
TEST(SorryCli, CtrlCStopsAsQuitDoes) {
  const std::string file = ::testing::TempDir() + "/sorry_ctrl_c.json";
  std::filesystem::remove(file);
  CliRun r = testing::run_interrupted(TABLETOP_BINARY, "sorry play --seed 5 --record " + file);
  EXPECT_NE(r.out.find("Game stopped. Go on with: tabletop sorry play --resume " + file),
            std::string::npos)
      << r.out;
  EXPECT_EQ(r.status, 130) << r.out;
  std::filesystem::remove(file);
}

// The game starts by naming who plays each colour, and a resumed game its record.
TEST(SorryCli, TheFirstLinesNameTheSeats) {
  const std::string file = ::testing::TempDir() + "/sorry_seats_named.json";
  std::filesystem::remove(file);
  CliRun r =
      run("sorry play --players 4 --bots yellow=greedy,green --seed 3 --record " + file, "q\n");
  ASSERT_EQ(r.status, 0) << r.out;
  EXPECT_EQ(r.out.rfind("Sorry! with 4 players, seed 3\nred here, blue here, yellow (greedy), "
                        "green (strong)\n",
                        0),
            0u)
      << r.out;
  CliRun resumed = run("sorry play --resume " + file, "q\n");
  EXPECT_NE(resumed.out.find("seed 3, resumed from " + file + "\n"), std::string::npos)
      << resumed.out;
  std::filesystem::remove(file);
}

// A learnt seat in a game without a built-in learnt value plays as greedy, and the game says so
// under its seats, as sim does (once for the bot of every seat); with the default rules it plays
// as itself and nothing is said.
TEST(SorryCli, ASeatThatPlaysOtherwiseIsSaidSo) {
  CliRun other = run("sorry play --bots all=learnt --option fast_start=true --seed 1");
  ASSERT_EQ(other.status, 0) << other.out;
  EXPECT_NE(other.out.find("\nNote: the learnt value is built in for the default rules and seats "
                           "only: here learnt plays as greedy (docs/bots.md)"),
            std::string::npos)
      << other.out.substr(0, 600);
  CliRun points = run("sorry play --bots all=learnt --points --seed 1");
  ASSERT_EQ(points.status, 0) << points.out;
  EXPECT_NE(points.out.find("\nNote: playing for points there is no learnt value"),
            std::string::npos)
      << points.out.substr(0, 600);
  CliRun own = run("sorry play --bots all=learnt --seed 1");
  ASSERT_EQ(own.status, 0) << own.out;
  EXPECT_EQ(own.out.find("Note:"), std::string::npos) << own.out.substr(0, 600);
}

// The lines a game tells about its steps, without the bots' names: "red (greedy): ..." -> "red:
// ...", after its `header` lines (a live game's names the seats on its second).
std::string steps(const std::string& out, int header) {
  size_t start = 0;
  for (int i = 0; i < header; ++i) start = out.find('\n', start) + 1;
  std::istringstream in(out.substr(start));
  std::string told;
  for (std::string line; std::getline(in, line);) {
    const size_t open = line.find(" ("), close = line.find("): ");
    const bool named = open != std::string::npos && close != std::string::npos && open < close &&
                       line.find(' ') == open;
    told += (named ? line.substr(0, open) + line.substr(close + 1) : line) + "\n";
  }
  return told;
}

TEST(SorryCli, ReplayTellsARecordedGameAsItWasPlayed) {
  const std::string dir = ::testing::TempDir();
  const std::string file = dir + "/sorry_replay_record.json";
  for (const char* game : {"--seed 4 --players 3 --points --match-target 100 --bots all=greedy",
                           "--seed 6 --teams --bots all=random"}) {
    std::filesystem::remove(file);
    CliRun live = run(std::string("sorry play ") + game + " --record " + file);
    ASSERT_EQ(live.status, 0) << live.out;
    CliRun replay = run("sorry replay " + file);
    ASSERT_EQ(replay.status, 0) << replay.out;
    EXPECT_EQ(steps(replay.out, 1), steps(live.out, 2)) << game;
    // The record's --bots names the bots in the replay as in the live game.
    EXPECT_NE(
        replay.out.find(std::string(game).find("greedy") != std::string::npos ? " (greedy): "
                                                                              : " (random): "),
        std::string::npos)
        << game;
    EXPECT_NE(replay.out.find(" actions\n"), std::string::npos);
    EXPECT_NE(replay.out.find(" after "), std::string::npos);
    // The first line names the variant as the live game's does.
    const std::string variant = std::string(game).find("--teams") != std::string::npos
                                    ? ", teams Red+Yellow vs Blue+Green, "
                                    : ", playing for points (a match to 100), ";
    EXPECT_NE(replay.out.substr(0, replay.out.find('\n')).find(variant), std::string::npos)
        << replay.out.substr(0, 200);
  }

  // A record cut short ends with the board as it stands; --board draws it before every move.
  Json record = read_json_file(file);
  Json cut = record;
  cut["actions"] =
      Json(std::vector<Json>(record["actions"].begin(), record["actions"].begin() + 30));
  CliRun part = run("sorry replay --board -", cut.dump());
  ASSERT_EQ(part.status, 0) << part.out;
  EXPECT_NE(part.out.find("The record ends before the game does"), std::string::npos) << part.out;
  EXPECT_GT(part.out.size(), 10 * run("sorry replay -", cut.dump()).out.size() / 4);

  // An illegal action, a malformed record, no file: status 2 and a message, nothing told.
  Json bad = record;
  size_t changed = 0;  // counted from 1, as the message counts
  for (auto& a : bad["actions"]) {
    ++changed;
    if (a["kind"] == "forward") {  // one step more than its card
      a["steps"] = a["steps"].get<int>() + 1;
      break;
    }
  }
  CliRun illegal = run("sorry replay -", bad.dump());
  EXPECT_EQ(illegal.status, 2) << illegal.out;
  EXPECT_NE(
      illegal.out.find("tabletop: standard input: record action " + std::to_string(changed) + ": "),
      std::string::npos)
      << illegal.out;
  EXPECT_EQ(illegal.out.find(" draws "), std::string::npos);
  // A declined 11 the rules forbid says which rule forbids it.
  CliRun declined = run("sorry replay -", R"({"options": {"players": 2, "eleven_optional": false,
      "fast_start": true}, "actions": [{"kind": "draw", "card": "4"},
      {"kind": "backward", "card": "4", "pawn": "red#0", "steps": 4},
      {"kind": "draw", "card": "3"}, {"kind": "forward", "card": "3", "pawn": "yellow#0", "steps": 3},
      {"kind": "draw", "card": "11"}, {"kind": "pass", "card": "11"}]})");
  EXPECT_EQ(declined.status, 2) << declined.out;
  EXPECT_NE(declined.out.find("record action 6: pass (11): the 11 cannot be declined: the rule "
                              "option eleven_optional=false forbids it"),
            std::string::npos)
      << declined.out;
  EXPECT_EQ(run("sorry replay -", R"({"options": {}, "actions": [)").status, 2);
  EXPECT_EQ(run("sorry replay -", R"({"actions": []})").status, 2);
  EXPECT_EQ(run("sorry replay /nonexistent/record.json").status, 2);
  CliRun directory = run("sorry replay " + dir);
  EXPECT_EQ(directory.status, 2);
  EXPECT_NE(directory.out.find("is a directory"), std::string::npos) << directory.out;
  EXPECT_EQ(run("sorry replay --help").status, 0);
  std::filesystem::remove(file);
}

// A race with a cumulative shut-out bonus, as docs/sorry.md tells it: refused where it is typed,
// read where it was saved (the bonus then taken as highest).
TEST(SorryCli, ACumulativeBonusInARaceIsRefusedTypedAndReadSaved) {
  const std::string refusal = "option bonus applies only when playing for points";
  CliRun typed = run("sorry play --seed 1 --option bonus=cumulative");
  EXPECT_EQ(typed.status, 2) << typed.out;
  EXPECT_NE(typed.out.find(refusal), std::string::npos) << typed.out;
  const std::string pawns = R"("pawns": {"red": ["start", "start", "start", "start"],
      "yellow": ["start", "start", "start", "start"]}, "turn": "red")";
  CliRun card = run("sorry moves -", R"({"players": ["red", "yellow"], )" + pawns +
                                         R"(, "card": "1", "options": {"bonus": "cumulative"}})");
  EXPECT_EQ(card.status, 2) << card.out;
  EXPECT_NE(card.out.find(refusal), std::string::npos) << card.out;
  CliRun hand = run("sorry moves -", R"({"players": ["red", "yellow"], )" + pawns +
                                         R"(, "hand": ["1"], "options": {"bonus": "cumulative"}})");
  EXPECT_EQ(hand.status, 0) << hand.out;
  const std::string file = ::testing::TempDir() + "/sorry_cumulative_race.json";
  std::filesystem::remove(file);
  ASSERT_EQ(run("sorry play --seed 1 --record " + file, "q\n").status, 0);
  Json record = read_json_file(file);
  record["options"]["bonus"] = "cumulative";
  std::ofstream(file) << record.dump();
  CliRun replay = run("sorry replay " + file);
  EXPECT_EQ(replay.status, 0) << replay.out;
  CliRun resume = run("sorry play --resume " + file, "q\n");
  EXPECT_EQ(resume.status, 0) << resume.out;
  EXPECT_EQ(read_json_file(file)["options"]["bonus"], "highest");
  std::filesystem::remove(file);
}

TEST(SorryCli, AGameStoppedAndResumedGoesOnExactlyAsIfNeverStopped) {
  const std::string dir = ::testing::TempDir();
  const std::string full = dir + "/sorry_full_record.json", cut = dir + "/sorry_cut_record.json";
  const std::string mine = dir + "/sorry_my_record.json";
  for (const auto& f : {full, cut, mine}) std::filesystem::remove(f);
  CliRun whole =
      run("sorry play --seed 12 --players 3 --points --match-target 60 --bots "
          "red=strong:iterations=30,blue=greedy,yellow=random --record " +
          full);
  ASSERT_EQ(whole.status, 0) << whole.out;
  const Json record = read_json_file(full);
  EXPECT_EQ(record["seed"], 12);
  ASSERT_GT(record["actions"].size(), 200u);
  Json stopped = record;
  stopped["actions"] =
      Json(std::vector<Json>(record["actions"].begin(), record["actions"].begin() + 150));
  std::ofstream(cut) << stopped.dump();
  CliRun resumed = run("sorry play --resume " + cut);
  ASSERT_EQ(resumed.status, 0) << resumed.out;
  EXPECT_NE(resumed.out.find("Resumed after "), std::string::npos);
  // The same cards and the same bot moves from there on: the same end and the same record.
  const auto end = [](const std::string& out) { return out.substr(out.rfind("game ")); };
  EXPECT_EQ(end(resumed.out), end(whole.out));
  EXPECT_EQ(read_json_file(cut), record);
  // `sorry replay` reads the same record.
  EXPECT_EQ(run("sorry replay " + full).status, 0);

  // A player who quits: the record goes on with the very card the next turn would have drawn.
  const std::string game = "sorry play --seed 1 --option fast_start=true --bots yellow";
  CliRun longer = run(game + " --record " + mine, "1\n1\n1\nq\n");
  ASSERT_EQ(longer.status, 0) << longer.out;
  EXPECT_NE(longer.out.find("Game stopped. Go on with: tabletop sorry play --resume " + mine),
            std::string::npos)
      << longer.out;
  // A new game is not recorded over a saved one (--record typed for --resume): refused, the file
  // as it was.
  const Json saved = read_json_file(mine);
  CliRun over = run(game + " --record " + mine, "1\nq\n");
  EXPECT_EQ(over.status, 2) << over.out;
  EXPECT_NE(over.out.find("the file is already there"), std::string::npos) << over.out;
  EXPECT_EQ(read_json_file(mine), saved);
  std::filesystem::remove(mine);
  CliRun shorter = run(game + " --record " + mine, "1\nq\n");
  ASSERT_EQ(shorter.status, 0) << shorter.out;
  CliRun go_on = run("sorry play --resume " + mine, "1\n1\nq\n");
  ASSERT_EQ(go_on.status, 0) << go_on.out;
  const size_t from = go_on.out.find('\n', go_on.out.find("Resumed after ")) + 1;
  // The same from there on, but for the board's legend, which comes with the first board shown.
  std::string rest = go_on.out.substr(from);
  const std::string legend = board_legend();
  ASSERT_NE(rest.find(legend), std::string::npos) << rest;
  rest.erase(rest.find(legend), legend.size());
  ASSERT_GT(rest.size(), 1000u) << go_on.out;
  ASSERT_GE(longer.out.size(), rest.size());
  EXPECT_EQ(longer.out.substr(longer.out.size() - rest.size()), rest);

  // Bad records and options: status 2, nothing played.
  Json no_seed = record;
  no_seed.erase("seed");
  std::ofstream(dir + "/no_seed.json") << no_seed.dump();
  Json illegal = record;
  for (auto& a : illegal["actions"])
    if (a["kind"] == "forward") {
      a["steps"] = a["steps"].get<int>() + 1;
      break;
    }
  std::ofstream(dir + "/illegal.json") << illegal.dump();
  Json reseeded = record;
  reseeded["seed"] = 13;  // the recorded cards are not what this seed draws
  std::ofstream(dir + "/reseeded.json") << reseeded.dump();
  Json recarded = record;  // a card other than the one the seed draws
  for (auto& a : recarded["actions"])
    if (a["kind"] == "draw") {
      a["card"] = a["card"] == "5" ? "4" : "5";
      break;
    }
  std::ofstream(dir + "/recarded.json") << recarded.dump();
  CliRun changed = run("sorry play --resume " + dir + "/recarded.json", "1\nq\n");
  EXPECT_EQ(changed.status, 2) << changed.out;
  // The record's error alone: no header, no seats.
  EXPECT_EQ(changed.out.rfind("tabletop: " + dir +
                                  "/recarded.json: record action 1 is not what its seed draws: "
                                  "the record was changed",
                              0),
            0u)
      << changed.out;
  for (const std::string& bad : std::vector<std::string>{
           "--resume /nonexistent/record.json", "--resume " + dir + "/no_seed.json",
           "--resume " + dir + "/illegal.json", "--resume " + dir + "/reseeded.json",
           "--resume " + dir, "--record " + dir, "--resume " + mine + " --seed 3",
           "--resume " + mine + " --bots all", "--record /nonexistent/dir/record.json"}) {
    CliRun e = run("sorry play " + bad, "1\nq\n");
    EXPECT_EQ(e.status, 2) << bad << "\n" << e.out;
    EXPECT_EQ(e.out.find("choose 1-"), std::string::npos) << bad;
    EXPECT_EQ(e.out.find("Sorry! with"), std::string::npos) << bad << "\n" << e.out;
  }
  for (const auto& f : {full, cut, mine}) std::filesystem::remove(f);
}

// u at a move prompt takes back the move chosen before at this terminal and the moves after it:
// the bots and the cards go on as they would have, so the game typed straight and the game mended
// are one and the same.
TEST(SorryCli, UndoTakesBackTheLastMoveChosen) {
  const std::string dir = ::testing::TempDir() + "/sorry_undo";
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  std::string ones;
  for (int i = 0; i < 400; ++i) ones += "1\n";
  const std::string game = "sorry play --bots yellow=strong:rollouts=8 --seed 3 --record ";
  CliRun straight = run(game + dir + "/straight.json", ones);
  ASSERT_EQ(straight.status, 0) << straight.out;
  CliRun mended = run(game + dir + "/mended.json", "u\n1\n2\nu\nu\n1\n" + ones);
  ASSERT_EQ(mended.status, 0) << mended.out;
  EXPECT_NE(mended.out.find("nothing to undo: this is the first move chosen at this terminal"),
            std::string::npos)
      << mended.out;
  size_t undos = 0;
  for (size_t at = mended.out.find("undone: back to red's move before"); at != std::string::npos;
       at = mended.out.find("undone: back to red's move before", at + 1))
    ++undos;
  EXPECT_EQ(undos, 2u) << mended.out;
  EXPECT_EQ(read_json_file(dir + "/mended.json"), read_json_file(dir + "/straight.json"));
  // Stopped just after an undo and resumed: the same game again.
  CliRun stopped = run(game + dir + "/stopped.json", "1\n2\nu\nq\n");
  ASSERT_EQ(stopped.status, 0) << stopped.out;
  CliRun resumed = run("sorry play --resume " + dir + "/stopped.json", ones);
  ASSERT_EQ(resumed.status, 0) << resumed.out;
  EXPECT_EQ(read_json_file(dir + "/stopped.json"), read_json_file(dir + "/straight.json"));
  // Resumed, undo reaches the moves chosen before the stop as well.
  CliRun before = run(game + dir + "/before.json", "1\n2\nq\n");
  ASSERT_EQ(before.status, 0) << before.out;
  CliRun back = run("sorry play --resume " + dir + "/before.json", "u\nu\n" + ones);
  ASSERT_EQ(back.status, 0) << back.out;
  EXPECT_EQ(back.out.find("nothing to undo"), std::string::npos) << back.out;
  EXPECT_EQ(read_json_file(dir + "/before.json"), read_json_file(dir + "/straight.json"));
  // With hands hidden (two at the terminal playing for points) undo would show another hand.
  // (A hand-over takes Enter or q: anything else is asked again.)
  CliRun hidden = run("sorry play --points --seed 3", "x\n\nu\nq\n");
  EXPECT_NE(hidden.out.find("press Enter, or q to stop\nred: press Enter to see your hand"),
            std::string::npos)
      << hidden.out;
  EXPECT_NE(hidden.out.find("undo is not offered while hands are hidden"), std::string::npos)
      << hidden.out;
  std::filesystem::remove_all(dir);
}

TEST(SorryCli, BadPlayOptionsAndHelp) {
  EXPECT_EQ(run("sorry play --bots purple").status, 2);
  EXPECT_EQ(run("sorry play --players 5").status, 2);
  // A colour named by `all` and by name, in either order, is refused, and in the same words.
  for (const char* bots : {"all,yellow=greedy", "yellow=greedy,all", "all=greedy,all=random"}) {
    CliRun twice = run(std::string("sorry play --bots ") + bots);
    EXPECT_EQ(twice.status, 2) << bots << "\n" << twice.out;
    if (std::string(bots).find("yellow") != std::string::npos) {
      EXPECT_NE(twice.out.find("all takes every colour, and yellow is named as well"),
                std::string::npos)
          << bots << "\n"
          << twice.out;
    } else {
      EXPECT_NE(twice.out.find("--bots: all is named twice"), std::string::npos) << twice.out;
    }
  }
  // `all`, as a colour, in any case.
  const CliRun all_cased = run("sorry play --bots ALL=random --seed 2", "q\n");
  EXPECT_EQ(all_cased.out.find("unknown colour"), std::string::npos) << all_cased.out;
  // A mistyped option, colour or bot is told its likely name with the names it may take.
  struct Slip {
    const char* args;
    const char* said;
  };
  for (const Slip& slip : {
           Slip{"--option fastt_start=true", "bonus, match_target; did you mean fast_start?)"},
           Slip{"--bots yelow",
                "unknown colour \"yelow\" (colours: red, yellow, or all; did you "
                "mean yellow?)"},
           Slip{"--bots yellow=strnog",
                "unknown bot \"strnog\" (known: random, greedy, learnt, strong; did you mean "
                "strong?)"},
           Slip{"--option first_player=gren",
                "expected a colour (red, blue, yellow, green), got \"gren\"; did you mean "
                "green?"},
           Slip{"--option seats=red,blu", "got \"blu\"; did you mean blue?"},
       }) {
    CliRun r = run(std::string("sorry play ") + slip.args);
    EXPECT_EQ(r.status, 2) << slip.args << "\n" << r.out;
    EXPECT_NE(r.out.find(slip.said), std::string::npos) << slip.args << "\n" << r.out;
  }
  EXPECT_EQ(run("sorry play --bots yellow=wizard").out.find("did you mean"), std::string::npos);
  EXPECT_EQ(run("sorry play --option first_player=purple").out.find("did you mean"),
            std::string::npos);
  // `none` as --help lists it, in any case and with blanks around it.
  const CliRun none = run("sorry play --seed 1 --bots none");
  EXPECT_EQ(none.status, 0) << none.out;
  for (const char* bots : {"None", "' none '", "NONE"}) {
    CliRun r = run(std::string("sorry play --seed 1 --bots ") + bots);
    EXPECT_EQ(r.status, 0) << bots << "\n" << r.out;
    EXPECT_EQ(r.out, none.out) << bots;
  }
  // Seeds and counts out of range are refused by name, not wrapped or clamped.
  for (const char* args :
       {"sorry play --seed -1", "sorry play --seed 99999999999999999999999",
        "sorry play --points --match-target -5", "sorry train --seed -1", "ontour play --seed -1",
        "bench --games 0", "sorry play --points --match-target 10001",
        "sorry train --rate nan --out x", "sorry train --lambda nan --out x",
        "sorry train --greedy-share inf --out x", "sim sorry --games ''"}) {
    CliRun r = run(args);
    EXPECT_EQ(r.status, 2) << args << "\n" << r.out;
    EXPECT_NE(r.out.find("is not a"), std::string::npos) << args << "\n" << r.out;
  }
  // Options that say two things, or nothing: named, not one of them dropped.
  for (const char* args : {"sorry play --option players=4 --option seats=red,yellow",
                           "sim sorry --bots greedy,random --games 2 --option players=4 --option "
                           "seats=red,yellow",
                           "sorry play --option deck=44 fast_start=true",
                           "sorry train --players 2 --games 10 --out -"}) {
    CliRun r = run(args);
    EXPECT_EQ(r.status, 2) << args << "\n" << r.out;
  }
  EXPECT_FALSE(std::filesystem::exists("-"));
  CliRun no_map = run("ontour score --map '' -", R"({"map": "usa", "spaces": {"WA": 21}})");
  EXPECT_EQ(no_map.status, 2) << no_map.out;
  EXPECT_NE(no_map.out.find("no map \"\""), std::string::npos) << no_map.out;
  // Nets for another number of players are refused before the game starts, not at the bot's
  // first move.
  const std::string net = ::testing::TempDir() + "/play_net_2p.txt";
  ASSERT_EQ(run("sorry train --players 2 --games 20 --hidden 4 --quiet --out " + net).status, 0);
  CliRun wrong_net = run("sorry play --players 3 --bots yellow=learnt:net=" + net, "1\n1\n1\n");
  EXPECT_EQ(wrong_net.status, 2) << wrong_net.out;
  EXPECT_NE(wrong_net.out.find("for a race of 2 players"), std::string::npos) << wrong_net.out;
  EXPECT_EQ(wrong_net.out.find("draws"), std::string::npos) << wrong_net.out;
  CliRun unknown = run("bogus");
  EXPECT_EQ(unknown.status, 2);
  EXPECT_NE(unknown.out.find("unknown command \"bogus\" (commands: ontour, sorry, bench, sim"),
            std::string::npos)
      << unknown.out;
  // An --option that undoes a flag is named, not settled in silence.
  for (const char* args :
       {"sorry play --players 2 --option players=3", "sorry play --points --option points=false",
        "sorry play --players 2 --option seats=red,blue,green,yellow"}) {
    CliRun r = run(args);
    EXPECT_EQ(r.status, 2) << args << "\n" << r.out;
    EXPECT_EQ(r.out.find("draws"), std::string::npos) << args << "\n" << r.out;
  }
  // Playing for points every colour starts a pawn on its circle: fast_start=false would be
  // ignored, so it is refused (in sim too).
  for (const char* args : {"sorry play --points --option fast_start=false",
                           "sim sorry --bots greedy,random --games 2 --variant points --option "
                           "fast_start=false"}) {
    CliRun r = run(args);
    EXPECT_EQ(r.status, 2) << args << "\n" << r.out;
    EXPECT_NE(r.out.find("option fast_start=false: playing for points"), std::string::npos)
        << args << "\n"
        << r.out;
  }
  // The moves are typed on standard input, so neither record file may be "-".
  for (const char* args : {"sorry play --record -", "sorry play --resume -",
                           "ontour play --record -", "ontour play --resume -"}) {
    CliRun r = run(args, "q\n");
    EXPECT_EQ(r.status, 2) << args << "\n" << r.out;
    EXPECT_NE(r.out.find("-: the game reads its moves from standard input"), std::string::npos)
        << args << "\n"
        << r.out;
  }
  EXPECT_FALSE(std::filesystem::exists("-"));
  // A record file name that a shell would split is offered quoted.
  const std::string spaced = ::testing::TempDir() + "/sorry game.json";
  std::filesystem::remove(spaced);
  CliRun quoted = run("sorry play --seed 1 --record '" + spaced + "'", "q\n");
  EXPECT_NE(quoted.out.find("Go on with: tabletop sorry play --resume '" + spaced + "'"),
            std::string::npos)
      << quoted.out;
  std::filesystem::remove(spaced);
  // A record of the other game is named as such; a record that cannot be written stops the
  // command before the game is shown.
  const std::string ontour_record = ::testing::TempDir() + "/sorry_cli_ontour_record.json";
  std::filesystem::remove(ontour_record);
  ASSERT_EQ(run("ontour play --players 0 --bots random --seed 2 --record " + ontour_record).status,
            0);
  CliRun wrong_game = run("sorry replay " + ontour_record);
  EXPECT_EQ(wrong_game.status, 2);
  EXPECT_NE(wrong_game.out.find("a record of an On Tour game"), std::string::npos)
      << wrong_game.out;
  std::filesystem::remove(ontour_record);
  CliRun nowhere = run("sorry play --record /nonexistent/dir/record.json");
  EXPECT_EQ(nowhere.status, 2);
  EXPECT_EQ(nowhere.out.find("Sorry! with"), std::string::npos) << nowhere.out;
  CliRun unknown_sub = run("sorry mvoes");
  EXPECT_EQ(unknown_sub.status, 2);
  EXPECT_NE(unknown_sub.out.find("tabletop sorry: unknown command \"mvoes\""), std::string::npos)
      << unknown_sub.out;
  // --variant as tabletop sim takes it, the same as the flags (and not with them).
  EXPECT_NE(run("sorry play --variant points --seed 3", "q\n").out.find(", playing for points"),
            std::string::npos);
  EXPECT_NE(run("sorry play --variant teams --seed 3", "q\n").out.find("teams Red+Yellow"),
            std::string::npos);
  EXPECT_EQ(run("sorry play --variant points --points").status, 2);
  EXPECT_EQ(run("sorry play --variant race").status, 2);
  EXPECT_EQ(run("sorry play --variant classic --option points=true").status, 2);
  CliRun twice = run("sorry play --option deck=44 --option deck=45");
  EXPECT_EQ(twice.status, 2);
  EXPECT_NE(twice.out.find("--option deck is given more than once"), std::string::npos)
      << twice.out;
  // A record whose bots are not the --bots text says so.
  const std::string odd = ::testing::TempDir() + "/sorry_odd_bots.json";
  std::ofstream(odd) << R"({"record": "tabletop sorry play", "seed": 1, "bots": {"purple": "g"},
                           "options": {}, "actions": []})";
  CliRun odd_bots = run("sorry play --resume " + odd);
  EXPECT_EQ(odd_bots.status, 2) << odd_bots.out;
  EXPECT_NE(odd_bots.out.find("\"bots\" must be the --bots text"), std::string::npos)
      << odd_bots.out;
  // A record's unknown bot or bad seed is named with the file and the field, in replay too.
  std::ofstream(odd) << R"({"record": "tabletop sorry play", "seed": 1, "bots": "yellow=foo",
                           "options": {}, "actions": []})";
  for (const std::string& command : {"sorry play --resume " + odd, "sorry replay " + odd}) {
    CliRun foo = run(command);
    EXPECT_EQ(foo.status, 2) << command << "\n" << foo.out;
    EXPECT_NE(foo.out.find(odd + ": \"bots\": unknown bot \"foo\""), std::string::npos)
        << command << "\n"
        << foo.out;
  }
  std::ofstream(odd) << R"({"record": "tabletop sorry play", "seed": -3, "bots": "none",
                           "options": {}, "actions": []})";
  EXPECT_NE(
      run("sorry play --resume " + odd)
          .out.find("\"seed\" must be a seed (a whole number from 0 to 18446744073709551615)"),
      std::string::npos);
  std::filesystem::remove(odd);
  CliRun bad = run("sorry play --option deck=43");
  EXPECT_EQ(bad.status, 2);
  EXPECT_NE(bad.out.find("deck"), std::string::npos);
  CliRun help = run("sorry moves --help");
  EXPECT_EQ(help.status, 0);
  EXPECT_NE(help.out.find("players"), std::string::npos);
  EXPECT_NE(help.out.find("card: 1, 2, 3, 4, 5, 7, 8, 10, 11, 12 or sorry (no 6 or 9)"),
            std::string::npos)
      << help.out;
  CliRun play_help = run("sorry play --help");
  EXPECT_EQ(play_help.status, 0);
  EXPECT_NE(play_help.out.find("Bots: random, greedy, learnt, strong"), std::string::npos)
      << play_help.out;
  CliRun bench = run("bench sorry --games 100");
  EXPECT_EQ(bench.status, 0);
  EXPECT_NE(bench.out.find("card plays per second"), std::string::npos);
}

// `sorry train` writes the weights a ValueNet reads, the same for the same options; a place it
// cannot write is refused before any training.
TEST(SorryCli, TrainWritesTheSameNetForTheSameOptions) {
  const auto dir = std::filesystem::temp_directory_path() / "tabletop_sorry_train_test";
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  const std::string a = (dir / "a.txt").string(), b = (dir / "b.txt").string();
  const std::string args = " --players 3 --games 40 --hidden 6 --seed 3 --quiet --out ";
  ASSERT_EQ(run("sorry train" + args + a).status, 0);
  ASSERT_EQ(run("sorry train" + args + b).status, 0);
  const std::string text = read_text_file(a);
  EXPECT_EQ(text, read_text_file(b));
  EXPECT_EQ(text.substr(0, 4), "3 6\n");  // players and hidden units, then the weights
  EXPECT_NE(text, read_text_file((run("sorry train --players 3 --games 40 --hidden 6 --seed 4 "
                                      "--quiet --out " +
                                      b),
                                  b)));
  // Several nets: the same file on one thread and on two, net k trained as a single net of
  // --seed + k and --init-seed + k would be.
  const std::string c = (dir / "c.txt").string(), d = (dir / "d.txt").string();
  ASSERT_EQ(run("sorry train" + args + c + " --nets 2 --threads 1").status, 0);
  ASSERT_EQ(run("sorry train" + args + d + " --nets 2 --threads 2").status, 0);
  EXPECT_EQ(read_text_file(c), read_text_file(d));
  ASSERT_EQ(run("sorry train --players 3 --games 40 --hidden 6 --seed 4 --init-seed 2 --quiet "
                "--out " +
                b)
                .status,
            0);
  EXPECT_EQ(read_text_file(c), text + read_text_file(b));
  EXPECT_EQ(LearntValue::from_text(read_text_file(c)).nets().size(), 2u);
  // One learner against greedy: another net; not with a greedy share as well.
  ASSERT_EQ(run("sorry train" + args + d + " --against-greedy").status, 0);
  EXPECT_NE(read_text_file(d), text);
  EXPECT_EQ(read_text_file(d).substr(0, 4), "3 6\n");
  EXPECT_EQ(run("sorry train --against-greedy --greedy-share 0.5 --out " + d).status, 2);
  // The cards left as inputs: the header says so, the net is the library's trained in-process,
  // and the bots play by it.
  ASSERT_EQ(run("sorry train" + args + d + " --deck").status, 0);
  ValueNet deck(3, 6, 1, {.deck = true});
  TdTraining t;
  t.games = 40;
  t.seed = 3;
  Options three;
  three.colours = default_colours(3);
  train_td(deck, three, t);
  EXPECT_EQ(read_text_file(d), deck.to_text());
  EXPECT_EQ(read_text_file(d).substr(0, 9), "3 6 deck\n");
  EXPECT_EQ(run("sim sorry --bots learnt:net=" + d + ",greedy,strong:rollouts=8:net=" + d +
                " --games 2 --seed 2")
                .status,
            0);
  EXPECT_EQ(run("sorry train --players 3 --deck --from " + a + " --out " + c).status, 2);
  // A second hidden layer: the header ends with its size, and the bots play by it.
  ASSERT_EQ(run("sorry train" + args + d + " --deep 5").status, 0);
  EXPECT_EQ(read_text_file(d).substr(0, 11), "3 6 deep 5\n");
  EXPECT_EQ(ValueNet::from_text(read_text_file(d)).deep(), 5);
  EXPECT_EQ(run("sim sorry --bots learnt:net=" + d + ",greedy,strong:rollouts=8:net=" + d +
                " --games 2 --seed 2")
                .status,
            0);
  EXPECT_EQ(run("sorry train --players 3 --deep 5 --from " + a + " --out " + c).status, 2);
  EXPECT_EQ(run("sorry train --nets 0 --out " + c).status, 2);
  EXPECT_EQ(run("sorry train --games 10 --out ''").status, 2);  // refused before training
  // --threads 0 is every core, as in sim: the same net.
  ASSERT_EQ(run("sorry train" + args + c + " --threads 0").status, 0);
  EXPECT_EQ(read_text_file(c), text);
  CliRun nowhere = run("sorry train --games 100000000 --out " + (dir / "none" / "x.txt").string());
  EXPECT_EQ(nowhere.status, 2);
  EXPECT_NE(nowhere.out.find("no directory"), std::string::npos);
  EXPECT_EQ(run("sorry train --games 10 --out " + dir.string()).status, 2);
  EXPECT_EQ(run("sorry train --players 5 --out " + a).status, 2);
  EXPECT_EQ(run("sorry train --out").status, 2);
  EXPECT_EQ(run("sorry train --help").status, 0);
  std::filesystem::remove_all(dir);
}

// --from goes on training the nets of a file: the weights written are those of the library's
// training started from the file's nets (not from random ones), and a file that does not suit the
// run is refused before any game.
// Nets that cannot be written once trained (a disk filled during the run) are output lost, status
// 1 and said, as sim's outputs are; not bad input.
TEST(SorryCli, TrainNetsThatCannotBeWrittenAreSaidWithStatusOne) {
  if (!std::filesystem::exists("/dev/full")) GTEST_SKIP() << "no /dev/full on this system";
  CliRun r = run("sorry train --players 2 --games 20 --hidden 4 --seed 1 --quiet --out /dev/full");
  EXPECT_EQ(r.status, 1) << r.out;
  EXPECT_NE(r.out.find("--out: cannot write /dev/full"), std::string::npos) << r.out;
}

TEST(SorryCli, TrainFromAFileGoesOnFromItsNets) {
  const auto dir = std::filesystem::temp_directory_path() / "tabletop_sorry_train_from";
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  const std::string first = (dir / "first.txt").string(), more = (dir / "more.txt").string();
  ASSERT_EQ(
      run("sorry train --players 3 --games 30 --hidden 6 --seed 3 --quiet --out " + first).status,
      0);
  ASSERT_EQ(run("sorry train --players 3 --games 20 --rate 0.01 --seed 9 --quiet --from " + first +
                " --out " + more)
                .status,
            0);
  ValueNet expected = LearntValue::from_text(read_text_file(first)).nets().front();
  Options options;
  options.colours = default_colours(3);
  TdTraining t;
  t.games = 20;
  t.rate = t.final_rate = 0.01;
  t.seed = 9;
  ASSERT_EQ(train_td(expected, options, t), 20);
  const std::string text = read_text_file(more);
  EXPECT_EQ(text, expected.to_text());
  EXPECT_NE(text, read_text_file(first));
  EXPECT_EQ(text.substr(0, 4), "3 6\n");  // the file's hidden units, not --hidden's default
  // One net in the file starts every one of --nets; the nets then learn from other games.
  const std::string two = (dir / "two.txt").string();
  ASSERT_EQ(run("sorry train --players 3 --games 20 --rate 0.01 --seed 9 --nets 2 --quiet --from " +
                first + " --out " + two)
                .status,
            0);
  const LearntValue both = LearntValue::from_text(read_text_file(two));
  ASSERT_EQ(both.nets().size(), 2u);
  EXPECT_EQ(both.nets()[0].to_text(), text);
  EXPECT_NE(both.nets()[1].to_text(), text);
  // A file of two nets goes with --nets 2, not 3; nets for three players not with --players 2.
  CliRun three = run("sorry train --players 3 --games 5 --nets 3 --from " + two + " --out " + more);
  EXPECT_EQ(three.status, 2);
  EXPECT_NE(three.out.find("holds 2 nets; --nets 3 needs one or 3"), std::string::npos)
      << three.out;
  CliRun players = run("sorry train --players 2 --games 5 --from " + first + " --out " + more);
  EXPECT_EQ(players.status, 2);
  EXPECT_NE(players.out.find("are for 3 players, not 2"), std::string::npos) << players.out;
  EXPECT_EQ(
      run("sorry train --games 5 --from " + (dir / "none.txt").string() + " --out " + more).status,
      2);
  std::filesystem::remove_all(dir);
}

// Ctrl-C during a long training keeps what was learnt: the nets so far go to --out with .partial
// added, a file the bots read, and --out itself is left alone. With two nets on one thread the
// second has not started: it is left out.
TEST(SorryCli, TrainStoppedByCtrlCWritesThePartialNets) {
  const auto dir = std::filesystem::temp_directory_path() / "tabletop_sorry_train_cut";
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  const std::string out = (dir / "net.txt").string(), partial = out + ".partial";
  // Long enough not to end by itself in 3 s, short enough to end the test if the signal is lost.
  CliRun r = tabletop::testing::run_command(
      "sh", "-c '" TABLETOP_BINARY
            " sorry train --players 2 --games 200000 --nets 2 --threads 1 --hidden 6 "
            "--quiet --out " +
                out + " & p=$!; sleep 3; kill -INT $p; wait $p; echo status=$?'");
  ASSERT_NE(r.out.find("status=130"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("stopping after the games in progress"), std::string::npos) << r.out;
  EXPECT_FALSE(std::filesystem::exists(out)) << r.out;
  if (r.out.find("before the first game") != std::string::npos) {  // a very slow machine
    EXPECT_FALSE(std::filesystem::exists(partial));
    return;
  }
  EXPECT_NE(r.out.find(", 0 per net): 1 net written to " + partial +
                       " (the nets that had not started are left out); " + out + " is not written"),
            std::string::npos)
      << r.out;
  const LearntValue nets = LearntValue::from_text(read_text_file(partial));
  EXPECT_EQ(nets.nets().size(), 1u);
  EXPECT_EQ(nets.players(), 2);
  EXPECT_EQ(run("sim sorry --bots learnt:net=" + partial + ",greedy --games 4 --quiet").status, 0);
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace tabletop::sorry
