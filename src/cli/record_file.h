// A game record kept on disk while a terminal game is played (`--record`): saved whole after every
// step, so that a stop leaves the last complete record to resume from.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>
#include <utility>

#include <fmt/format.h>

#include "core/error.h"
#include "core/json_util.h"
#include "core/text.h"

namespace tabletop::cli {

// A terminal game reads its moves from standard input, so neither its --record nor its --resume
// file may be "-" (standard input elsewhere): refused before anything is read or written.
inline void check_not_standard_input(const std::string& record, const std::string& resume) {
  for (const auto& [path, option] : {std::pair{&record, "--record"}, {&resume, "--resume"}})
    if (*path == "-")
      throw InvalidInput(
          fmt::format("{} -: the game reads its moves from standard input, so {} takes a file",
                      option, option));
}

// Checks the --record file (`record`, "" for none) before the game is shown: it must be writable,
// and a new record (any but the `resume` file going on) is refused over a file already there, so
// that a saved game `--resume` would go on with is never overwritten by a --record typed for it.
inline void check_record_path(const std::string& record, const std::string& resume,
                              std::string_view game) {
  if (record.empty()) return;
  std::error_code ec;
  // The resume file under another spelling (./game.json, a link to it) is the same file.
  const bool going_on =
      !resume.empty() && (record == resume || written_file(record) == written_file(resume));
  if (!going_on && std::filesystem::exists(record, ec) &&
      !std::filesystem::is_directory(record, ec))  // check_writable names a directory
    throw InvalidInput(fmt::format(
        "--record {0}: the file is already there (to go on with a saved game: tabletop {1} play "
        "--resume {2}); give another name, or remove it to record a new game",
        record, game, shell_quoted(record)));
  check_writable(record, "--record");
}

// What reading the record `file` raises names the file: `read` (which reads the record's game)
// as it is, its errors with "FILE: " before them when they do not name it already.
template <typename Read>
auto read_naming_file(const std::string& file, Read&& read) {
  try {
    return read();
  } catch (const Error& e) {
    const std::string what = e.what();
    const std::string name = input_name(file);
    if (what.rfind(name + ":", 0) == 0 || what.rfind(name + " ", 0) == 0) throw;
    throw InvalidInput(name + ": " + what);
  }
}

// What a record's "seed" field must be, for the message of one that is not.
inline std::string seed_field_error(const std::string& file) {
  return fmt::format("{}: \"seed\" must be a seed (a whole number from 0 to {})", input_name(file),
                     UINT64_MAX);
}

class RecordFile {
 public:
  explicit RecordFile(std::string path) : path_(std::move(path)) {}

  // The first save (before play) raises InvalidInput when the file cannot be written, so a bad
  // path stops the command at once; a later failure is said once and the game goes on (each step
  // tries again, so the record is whole again once the file can be written).
  void save(const Json& record) {
    if (path_.empty()) return;
    try {
      write_text_file(path_, json_text(record, 1) + "\n");
    } catch (const Error& e) {
      if (!saved_) throw;
      if (!told_) fmt::print("(the record is not saved: {})\n", e.what());
      told_ = true;
      behind_ = true;
      return;
    }
    saved_ = true;
    behind_ = false;
  }

  // What the player is told when the game stops before its end: how to go on with the record,
  // unless the last save failed (the file, if any, does not hold the game as it stands).
  std::string stopped_text(std::string_view game) const {
    if (path_.empty())
      return "Game stopped. It was not saved (--record FILE saves a game to go on with later).\n";
    if (behind_)
      return fmt::format(
          "Game stopped. The record could not be saved to {}: the game as it "
          "stands is not kept.\n",
          path_);
    return fmt::format("Game stopped. Go on with: tabletop {} play --resume {}\n", game,
                       shell_quoted(path_));
  }

 private:
  std::string path_;
  bool saved_ = false, told_ = false;
  bool behind_ = false;  // the last save failed
};

}  // namespace tabletop::cli
