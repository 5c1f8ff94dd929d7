#include "core/json_util.h"

#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <thread>

#include <gtest/gtest.h>

namespace tabletop {
namespace {

namespace fs = std::filesystem;

std::string contents(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

// A fresh directory of its own for each test.
fs::path fresh_dir(const std::string& name) {
  const fs::path dir =
      fs::path(::testing::TempDir()) / ("tabletop_write_" + name + "_" + std::to_string(getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}

TEST(ParseJson, RefusesAKeyGivenTwiceInOneObject) {
  auto message = [](const std::string& text) {
    try {
      parse_json(text, "f.json");
    } catch (const InvalidInput& e) {
      return std::string(e.what());
    }
    return std::string();
  };
  EXPECT_EQ(message(R"({"WA": 21, "WA": 3})"),
            "f.json: the key \"WA\" is given twice in one object");
  EXPECT_EQ(message(R"({"a": {"b": 1, "c": [{"d": 1, "d": 2}]}})"),
            "f.json: the key \"d\" is given twice in one object");
  // The same key in different objects is no repeat, nor is a value equal to a key.
  EXPECT_EQ(message(R"({"a": {"a": 1}, "b": [{"a": 1}, {"a": 2}], "c": "a"})"), "");
  EXPECT_EQ(parse_json(R"({"a": {"a": 1}})", "f")["a"]["a"], 1);
  EXPECT_NE(message(R"({"a": )").find("f.json: malformed JSON"), std::string::npos);
  // A number beyond a double's range is malformed input too, not an internal error.
  EXPECT_NE(message(R"({"x": 1e400})").find("f.json: malformed JSON: number overflow"),
            std::string::npos)
      << message(R"({"x": 1e400})");
  EXPECT_NE(message(R"([-1e999])").find("f.json: malformed JSON"), std::string::npos);
}

// A typed option reads as the JSON value it names; the blanks of "seats=red, yellow" do not count,
// as they do not in --bots.
TEST(OptionValue, ReadsBooleansNumbersListsAndTextWithoutTheBlanksAround) {
  EXPECT_EQ(option_value("true"), Json(true));
  EXPECT_EQ(option_value(" false "), Json(false));
  EXPECT_EQ(option_value("44"), Json(44));
  EXPECT_EQ(option_value("red,yellow"), Json({"red", "yellow"}));
  EXPECT_EQ(option_value(" red , yellow,green "), Json({"red", "yellow", "green"}));
  EXPECT_EQ(option_value("anywhere"), Json("anywhere"));
  EXPECT_EQ(option_value("a b"), Json("a b"));
  EXPECT_EQ(options_object({"seats=red, yellow", "deck= 44"}),
            Json({{"seats", {"red", "yellow"}}, {"deck", 44}}));
  EXPECT_THROW(options_object({"=3"}), InvalidOption);
  EXPECT_THROW(options_object({"deck=1", "deck=2"}), InvalidOption);
}

TEST(WriteTextFile, ReplacesTheFileWholeAndLeavesNothingBeside) {
  const fs::path dir = fresh_dir("whole");
  const fs::path file = dir / "out.csv";
  write_text_file(file.string(), "first\n");
  write_text_file(file.string(), "second\n");
  EXPECT_EQ(contents(file), "second\n");
  int entries = 0;
  for ([[maybe_unused]] const auto& e : fs::directory_iterator(dir)) ++entries;
  EXPECT_EQ(entries, 1);  // no temporary left behind
  fs::remove_all(dir);
}

TEST(WriteTextFile, NeverTouchesAFileOfTheUsersNamedLikeATemporary) {
  const fs::path dir = fresh_dir("tmp");
  const fs::path file = dir / "out.csv";
  std::ofstream(file.string() + ".tmp") << "my notes\n";
  check_writable(file.string(), "--csv");
  write_text_file(file.string(), "rows\n");
  EXPECT_EQ(contents(file.string() + ".tmp"), "my notes\n");
  EXPECT_EQ(contents(file), "rows\n");
  fs::remove_all(dir);
}

TEST(WriteTextFile, KeepsTheReplacedFilesPermissionsAndLinks) {
  const fs::path dir = fresh_dir("perms");
  const fs::path file = dir / "record.json";
  write_text_file(file.string(), "{}\n");
  fs::permissions(file, fs::perms::owner_read | fs::perms::owner_write);
  write_text_file(file.string(), "{\"a\": 1}\n");
  EXPECT_EQ(fs::status(file).permissions() & fs::perms::all,
            fs::perms::owner_read | fs::perms::owner_write);
  // A symbolic link stays a link, and the file it names gets the text.
  const fs::path link = dir / "link.json";
  fs::create_symlink("record.json", link);
  write_text_file(link.string(), "{\"b\": 2}\n");
  EXPECT_TRUE(fs::is_symlink(link));
  EXPECT_EQ(contents(file), "{\"b\": 2}\n");
  fs::remove_all(dir);
}

TEST(WriteTextFile, WritesIntoAFifoWithoutReplacingIt) {
  const fs::path dir = fresh_dir("fifo");
  const fs::path fifo = dir / "pipe";
  ASSERT_EQ(mkfifo(fifo.c_str(), 0600), 0);
  std::string read_back;
  std::thread reader([&] { read_back = contents(fifo); });
  write_text_file(fifo.string(), "through the pipe\n");
  reader.join();
  EXPECT_EQ(read_back, "through the pipe\n");
  EXPECT_TRUE(fs::is_fifo(fifo));  // still a FIFO, not a file made in its place
  EXPECT_NO_THROW(check_writable(fifo.string(), "--csv"));
  fs::remove_all(dir);
}

// A name typed in another encoding than UTF-8 is written with U+FFFD for its bad byte.
TEST(JsonText, WritesTextThatIsNotUtf8) {
  const Json j = {{"file", "caf\xe9.csv"}};
  EXPECT_EQ(json_text(j), "{\"file\":\"caf\xef\xbf\xbd.csv\"}");
  EXPECT_EQ(json_text(Json{{"a", 1}}, 1), "{\n \"a\": 1\n}");
}

// A name within a few bytes of the system's limit is written: the new file beside it gets a short
// name of its own.
TEST(WriteTextFile, WritesANameNearTheLengthLimit) {
  const fs::path dir = fresh_dir("long");
  const fs::path file = dir / (std::string(250, 'n') + ".json");
  EXPECT_NO_THROW(check_writable(file.string(), "--json"));
  write_text_file(file.string(), "long\n");
  EXPECT_EQ(read_text_file(file.string()), "long\n");
  EXPECT_EQ(std::distance(fs::directory_iterator(dir), fs::directory_iterator()), 1);
  fs::remove_all(dir);
}

// An input that never ends (/dev/zero) is refused once past the limit, not read until memory
// runs out; a file of exactly the limit is read.
TEST(ReadTextFile, RefusesMoreThanItsLimit) {
  const fs::path dir = fresh_dir("limit");
  const fs::path file = dir / "big.json";
  write_text_file(file.string(), std::string(100000, 'x'));
  EXPECT_EQ(read_text_file(file.string(), 100000).size(), 100000u);
  try {
    read_text_file(file.string(), 99999);
    ADD_FAILURE() << "read past its limit";
  } catch (const InvalidInput& e) {
    EXPECT_NE(std::string(e.what()).find("more than 99999 bytes"), std::string::npos) << e.what();
  }
  EXPECT_THROW(read_text_file("/dev/zero", size_t{1} << 20), InvalidInput);
  fs::remove_all(dir);
}

// A file that cannot be read is named, the empty name too (quoted, so that it shows).
TEST(ReadTextFile, NamesWhatItCannotRead) {
  auto why = [](const std::string& path) {
    try {
      read_text_file(path);
    } catch (const InvalidInput& e) {
      return std::string(e.what());
    }
    return std::string("(read)");
  };
  EXPECT_EQ(why(""), "cannot open \"\": the file name is empty");
  EXPECT_EQ(why("/no/such/file.json"), "cannot open /no/such/file.json: No such file or directory");
  const fs::path dir = fresh_dir("unreadable");
  EXPECT_EQ(why(dir.string()), "cannot open " + dir.string() + ": it is a directory");
  fs::remove_all(dir);
}

TEST(WriteTextFile, RefusesWhatItCannotWrite) {
  const fs::path dir = fresh_dir("bad");
  EXPECT_THROW(write_text_file("", "x"), InvalidInput);
  EXPECT_THROW(check_writable("", "--csv"), InvalidInput);
  EXPECT_THROW(write_text_file(dir.string(), "x"), InvalidInput);  // a directory
  EXPECT_THROW(check_writable((dir / "no/such/dir.csv").string(), "--csv"), InvalidInput);
  if (fs::exists("/dev/full")) {  // a device that is full: said, and still a device
    EXPECT_THROW(write_text_file("/dev/full", "x"), InvalidInput);
    EXPECT_TRUE(fs::is_character_file("/dev/full"));
  }
  fs::remove_all(dir);
}

}  // namespace
}  // namespace tabletop
