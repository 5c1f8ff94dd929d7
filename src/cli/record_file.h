// A game record kept on disk while a terminal game is played (`--record`): saved whole after every
// step, so that a stop leaves the last complete record to resume from.
#pragma once

#include <string>
#include <utility>

#include <fmt/format.h>

#include "core/error.h"
#include "core/json_util.h"

namespace tabletop::cli {

class RecordFile {
 public:
  explicit RecordFile(std::string path) : path_(std::move(path)) {}

  // The first save (before play) raises InvalidInput when the file cannot be written, so a bad
  // path stops the command at once; a later failure is said once and the game goes on.
  void save(const Json& record) {
    if (path_.empty()) return;
    try {
      write_text_file(path_, record.dump(1) + "\n");
    } catch (const Error& e) {
      if (!saved_) throw;
      if (!failed_) fmt::print("(the record is not saved: {})\n", e.what());
      failed_ = true;
      return;
    }
    saved_ = true;
  }

 private:
  std::string path_;
  bool saved_ = false, failed_ = false;
};

}  // namespace tabletop::cli
