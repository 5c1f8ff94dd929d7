#include "core/json_util.h"

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <sstream>

#include <fmt/format.h>
#include <unistd.h>

#include "core/error.h"
#include "core/rng.h"
#include "core/text.h"

namespace tabletop {

Json parse_json(std::string_view text, std::string_view what) {
  try {
    return Json::parse(text.begin(), text.end());
  } catch (const Json::parse_error& e) {
    std::string msg = e.what();
    // nlohmann prefixes "[json.exception.parse_error.101] "; keep the readable part.
    auto pos = msg.find("] ");
    if (pos != std::string::npos) msg = msg.substr(pos + 2);
    throw InvalidInput(fmt::format("{}: malformed JSON: {}", what, msg));
  }
}

std::string read_text_file(const std::string& path) {
  if (path == "-") {
    std::ostringstream ss;
    ss << std::cin.rdbuf();
    return ss.str();
  }
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec))
    throw InvalidInput(fmt::format("cannot open {}: it is a directory", path));
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InvalidInput(fmt::format("cannot open {}", path));
  try {
    return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  } catch (const std::exception& e) {
    throw InvalidInput(fmt::format("cannot read {}: {}", path, e.what()));
  }
}

namespace {

// The file write_text_file replaces: `path`, or the file a symbolic link there points to (a link
// stays one).
std::filesystem::path write_target(const std::string& path) {
  namespace fs = std::filesystem;
  std::error_code ec;
  if (fs::is_symlink(path, ec)) {
    const fs::path link = fs::read_symlink(path, ec);
    if (!ec) return link.is_absolute() ? link : fs::path(path).parent_path() / link;
  }
  return path;
}

// The new file beside the target that write_text_file writes first and then renames over it.
std::filesystem::path write_temporary(const std::filesystem::path& target) {
  return target.string() + ".tmp";
}

}  // namespace

void write_text_file(const std::string& path, const std::string& text) {
  namespace fs = std::filesystem;
  std::error_code ec;
  if (fs::is_directory(path, ec))
    throw InvalidInput(fmt::format("cannot write {}: it is a directory", path));
  const fs::path target = write_target(path);
  const fs::path tmp = write_temporary(target);
  {
    std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
    if (!out) throw InvalidInput(fmt::format("cannot write {}: {}", path, std::strerror(errno)));
    out << text;
    out.flush();
    if (!out) {
      fs::remove(tmp, ec);
      throw InvalidInput(fmt::format("cannot write {}: the disk may be full", path));
    }
  }
  fs::rename(tmp, target, ec);
  if (ec) {
    const std::string why = ec.message();
    fs::remove(tmp, ec);
    throw InvalidInput(fmt::format("cannot write {}: {}", path, why));
  }
}

Json read_json_file(const std::string& path) {
  return parse_json(read_text_file(path), path == "-" ? "standard input" : path);
}

void check_writable(const std::string& path, std::string_view what) {
  namespace fs = std::filesystem;
  const fs::path out(path);
  const fs::path dir = out.has_parent_path() ? out.parent_path() : fs::path(".");
  std::error_code ec;
  if (!fs::is_directory(dir, ec))
    throw InvalidInput(fmt::format("{} {}: no directory {}", what, path, dir.string()));
  if (fs::is_directory(out, ec))
    throw InvalidInput(fmt::format("{} {}: it is a directory", what, path));
  if (access(dir.c_str(), W_OK) != 0)
    throw InvalidInput(fmt::format("{} {}: cannot write in {}", what, path, dir.string()));
  // The permission bits do not tell everything (a root user on a read-only or special file
  // system): make the file write_text_file writes first, and take it away again.
  const fs::path tmp = write_temporary(write_target(path));
  const bool existed = fs::exists(tmp, ec);
  {
    std::ofstream probe(tmp, std::ios::binary | std::ios::app);
    if (!probe)
      throw InvalidInput(fmt::format("{} {}: cannot write: {}", what, path, std::strerror(errno)));
  }
  if (!existed) fs::remove(tmp, ec);
}

Json option_value(std::string_view text) {
  if (text == "true" || text == "false") return text == "true";
  if (long long n = 0; parse_whole(text, n)) return n;
  if (text.find(',') != std::string_view::npos) return split_list(text);
  return std::string(text);
}

const Json& require(const Json& j, std::string_view key, std::string_view where) {
  expect_object(j, where);
  auto it = j.find(key);
  if (it == j.end()) throw InvalidInput(fmt::format("{}: missing \"{}\"", where, key));
  return *it;
}

void expect_object(const Json& j, std::string_view where) {
  if (!j.is_object()) throw InvalidInput(fmt::format("{}: expected an object", where));
}

void expect_array(const Json& j, std::string_view where) {
  if (!j.is_array()) throw InvalidInput(fmt::format("{}: expected a list", where));
}

std::string expect_string(const Json& j, std::string_view where) {
  if (!j.is_string()) throw InvalidInput(fmt::format("{}: expected a string", where));
  return j.get<std::string>();
}

long long expect_integer(const Json& j, std::string_view where) {
  if (!j.is_number_integer()) throw InvalidInput(fmt::format("{}: expected an integer", where));
  return j.get<long long>();
}

bool expect_bool(const Json& j, std::string_view where) {
  if (!j.is_boolean()) throw InvalidInput(fmt::format("{}: expected true or false", where));
  return j.get<bool>();
}

void to_json(Json& j, const RngState& s) {
  j = Json{{"state", std::to_string(s.state)}, {"inc", std::to_string(s.inc)}};
}

void from_json(const Json& j, RngState& s) {
  try {
    s.state = std::stoull(require(j, "state", "rng").get<std::string>());
    s.inc = std::stoull(require(j, "inc", "rng").get<std::string>());
  } catch (const std::logic_error&) {
    throw InvalidInput("rng: state and inc must be decimal strings");
  }
}

}  // namespace tabletop
