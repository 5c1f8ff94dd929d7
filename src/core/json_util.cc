#include "core/json_util.h"

#include <atomic>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <optional>
#include <set>
#include <vector>

#include <fcntl.h>
#include <fmt/format.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/error.h"
#include "core/rng.h"
#include "core/text.h"

namespace tabletop {

namespace {

// Reads parsed JSON for a key given twice in one object (JSON readers differ on which one
// counts, and keeping either would drop the other without a word): the first such key, or none.
class RepeatedKey : public nlohmann::json_sax<Json> {
 public:
  std::optional<std::string> found;

  bool null() override { return true; }
  bool boolean(bool) override { return true; }
  bool number_integer(number_integer_t) override { return true; }
  bool number_unsigned(number_unsigned_t) override { return true; }
  bool number_float(number_float_t, const string_t&) override { return true; }
  bool string(string_t&) override { return true; }
  bool binary(binary_t&) override { return true; }
  bool start_object(std::size_t) override {
    open_.emplace_back();
    return true;
  }
  bool key(string_t& k) override {
    if (open_.back().insert(k).second) return true;
    found = k;
    return false;  // stops the reading
  }
  bool end_object() override {
    open_.pop_back();
    return true;
  }
  bool start_array(std::size_t) override { return true; }
  bool end_array() override { return true; }
  bool parse_error(std::size_t, const std::string&, const nlohmann::detail::exception&) override {
    return false;
  }

 private:
  std::vector<std::set<std::string>> open_;  // the keys of each object open, innermost last
};

}  // namespace

Json parse_json(std::string_view text, std::string_view what) {
  Json j;
  try {
    j = Json::parse(text.begin(), text.end());
  } catch (const Json::exception& e) {  // a syntax error, or a number too large (1e400)
    std::string msg = e.what();
    // nlohmann prefixes "[json.exception.parse_error.101] "; keep the readable part.
    auto pos = msg.find("] ");
    if (pos != std::string::npos) msg = msg.substr(pos + 2);
    throw InvalidInput(fmt::format("{}: malformed JSON: {}", what, msg));
  }
  RepeatedKey repeated;
  Json::sax_parse(text.begin(), text.end(), &repeated);
  if (repeated.found)
    throw InvalidInput(
        fmt::format("{}: the key \"{}\" is given twice in one object", what, *repeated.found));
  return j;
}

namespace {

std::string size_text(size_t bytes) {
  if (bytes >= (size_t{1} << 20)) return fmt::format("{} MiB", bytes >> 20);
  return fmt::format("{} bytes", bytes);
}

// The whole of `in`, InvalidInput (naming `name`) past `max_bytes`.
std::string read_bounded(std::istream& in, const std::string& name, size_t max_bytes) {
  std::string text;
  char chunk[1 << 16];
  while (in) {
    in.read(chunk, sizeof chunk);
    const auto got = static_cast<size_t>(in.gcount());
    if (text.size() + got > max_bytes)
      throw InvalidInput(fmt::format("{}: more than {}, the most tabletop reads of such a file",
                                     name, size_text(max_bytes)));
    text.append(chunk, got);
  }
  if (in.bad()) throw InvalidInput(fmt::format("cannot read {}", name));
  return text;
}

}  // namespace

std::string read_text_file(const std::string& path, size_t max_bytes) {
  if (path == "-") return read_bounded(std::cin, "standard input", max_bytes);
  // Named as such: "cannot open : No such file or directory" would not say what was wrong.
  if (path.empty()) throw InvalidInput("cannot open \"\": the file name is empty");
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec))
    throw InvalidInput(fmt::format("cannot open {}: it is a directory", path));
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InvalidInput(fmt::format("cannot open {}: {}", path, std::strerror(errno)));
  try {
    return read_bounded(in, path, max_bytes);
  } catch (const InvalidInput&) {
    throw;
  } catch (const std::exception& e) {
    throw InvalidInput(fmt::format("cannot read {}: {}", path, e.what()));
  }
}

namespace {

namespace fs = std::filesystem;

// A path that exists and is neither a regular file nor a directory (a device, a FIFO, a socket), or
// any path under /dev or /proc (/dev/stdout redirected to a file is the shell's open file, which
// a new file renamed over it would cut off): written where it is, never replaced by a new file.
bool is_special(const std::string& path) {
  std::error_code ec;
  const fs::file_status st = fs::status(path, ec);
  if (ec || !fs::exists(st) || fs::is_directory(st)) return false;
  return !fs::is_regular_file(st) || path.rfind("/dev/", 0) == 0 || path.rfind("/proc/", 0) == 0;
}

// The file write_text_file replaces: `path`, or the file its symbolic links lead to (a link stays
// one), also when the last link points to a file not made yet.
fs::path write_target(const std::string& path) {
  std::error_code ec;
  if (fs::exists(path, ec)) {
    fs::path real = fs::canonical(path, ec);
    if (!ec) return real;
  }
  fs::path p = path;
  for (int depth = 0; depth < 40 && fs::is_symlink(p, ec); ++depth) {
    const fs::path link = fs::read_symlink(p, ec);
    if (ec) break;
    p = link.is_absolute() ? link : p.parent_path() / link;
  }
  return p;
}

// A new file beside `target` under a name no file had (opened with O_EXCL, so a file of the user's
// is never overwritten), with the permissions a new file gets or those of the target it replaces.
// Returns the descriptor, or -1 with errno set.
int open_temporary(const fs::path& target, fs::path& tmp) {
  static std::atomic<uint64_t> counter{0};
  for (int attempt = 0; attempt < 100; ++attempt) {
    const std::string suffix = fmt::format(".{}-{}.tmp", static_cast<long>(getpid()), counter++);
    tmp = target;
    tmp += suffix;
    int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
    if (fd < 0 && errno == ENAMETOOLONG) {  // a name near the limit: a short one beside it
      tmp = target.parent_path() / (".tabletop" + suffix);
      fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
    }
    if (fd >= 0) {
      struct stat st {};
      if (::stat(target.c_str(), &st) == 0) ::fchmod(fd, st.st_mode & 07777);
      return fd;
    }
    if (errno != EEXIST) return -1;
  }
  errno = EEXIST;
  return -1;
}

// Writes all of `text`; false with errno set on an error.
bool write_all(int fd, std::string_view text) {
  while (!text.empty()) {
    const ssize_t n = ::write(fd, text.data(), text.size());
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    text.remove_prefix(static_cast<size_t>(n));
  }
  return true;
}

// stdout for a path that names standard output, stderr for standard error, else nullptr.
std::FILE* standard_stream(const std::string& path) {
  if (names_standard_output(path)) return stdout;
  if (path == "/dev/stderr" || path == "/proc/self/fd/2" || path == "/dev/fd/2") return stderr;
  return nullptr;
}

std::string cannot_write(const std::string& path) {
  return fmt::format("cannot write {}: {}", path, std::strerror(errno));
}

}  // namespace

void write_text_file(const std::string& path, const std::string& text) {
  std::error_code ec;
  if (path.empty()) throw InvalidInput("cannot write a file without a name");
  if (fs::is_directory(path, ec))
    throw InvalidInput(fmt::format("cannot write {}: it is a directory", path));
  // Standard output or error named as a file: written through the program's own stream, in its
  // place among what the program prints there.
  if (std::FILE* stream = standard_stream(path)) {
    std::cout.flush();
    if (std::fwrite(text.data(), 1, text.size(), stream) != text.size() || std::fflush(stream) != 0)
      throw InvalidInput(cannot_write(path));
    return;
  }
  if (is_special(path)) {
    const int fd = ::open(path.c_str(), O_WRONLY | O_TRUNC | O_CLOEXEC);
    if (fd < 0) throw InvalidInput(cannot_write(path));
    const bool ok = write_all(fd, text);
    const std::string why = ok ? "" : cannot_write(path);
    ::close(fd);
    if (!ok) throw InvalidInput(why);
    return;
  }
  const fs::path target = write_target(path);
  fs::path tmp;
  const int fd = open_temporary(target, tmp);
  if (fd < 0) throw InvalidInput(cannot_write(path));
  bool ok = write_all(fd, text);
  std::string why = ok ? "" : cannot_write(path);
  if (::close(fd) != 0 && ok) {
    ok = false;
    why = cannot_write(path);
  }
  if (ok) {
    fs::rename(tmp, target, ec);
    if (ec) {
      ok = false;
      why = fmt::format("cannot write {}: {}", path, ec.message());
    }
  }
  if (!ok) {
    fs::remove(tmp, ec);
    throw InvalidInput(why);
  }
}

Json read_json_file(const std::string& path) {
  return parse_json(read_text_file(path), input_name(path));
}

bool names_standard_output(const std::string& path) {
  if (path == "/dev/stdout" || path == "/proc/self/fd/1" || path == "/dev/fd/1") return true;
  // Any other name of the file standard output goes to: a link to /dev/stdout, or the file it
  // is redirected to (`--json out.json > out.json`), which writing it apart would cut short.
  struct stat out {
  }, named{};
  return !path.empty() && path != "-" && fstat(STDOUT_FILENO, &out) == 0 &&
         stat(path.c_str(), &named) == 0 && out.st_dev == named.st_dev &&
         out.st_ino == named.st_ino;
}

fs::path written_file(const std::string& path) {
  std::error_code ec;
  const fs::path target = fs::absolute(write_target(path), ec);
  if (ec) return fs::path(path).lexically_normal();
  const fs::path full = fs::weakly_canonical(target, ec);
  return ec ? target.lexically_normal() : full;
}

void check_writable(const std::string& path, std::string_view what) {
  if (path.empty()) throw InvalidInput(fmt::format("{}: the file name is empty", what));
  if (is_special(path)) {
    if (access(path.c_str(), W_OK) != 0)
      throw InvalidInput(fmt::format("{} {}: cannot write: {}", what, path, std::strerror(errno)));
    return;
  }
  std::error_code ec;
  if (fs::is_directory(path, ec))
    throw InvalidInput(fmt::format("{} {}: it is a directory", what, path));
  // The directory the new file goes to: the one of the file the path's links lead to.
  const fs::path out = write_target(path);
  const fs::path dir = out.has_parent_path() ? out.parent_path() : fs::path(".");
  if (!fs::is_directory(dir, ec))
    throw InvalidInput(fmt::format("{} {}: no directory {}", what, path, dir.string()));
  if (access(dir.c_str(), W_OK) != 0)
    throw InvalidInput(fmt::format("{} {}: cannot write in {}", what, path, dir.string()));
  // The permission bits do not tell everything (a root user on a read-only or special file
  // system): make a file where write_text_file makes its new one, and take it away again.
  fs::path tmp;
  const int fd = open_temporary(out, tmp);
  if (fd < 0)
    throw InvalidInput(fmt::format("{} {}: cannot write: {}", what, path, std::strerror(errno)));
  ::close(fd);
  fs::remove(tmp, ec);
}

Json option_value(std::string_view text) {
  text = trimmed(text);
  if (text == "true" || text == "false") return text == "true";
  if (long long n = 0; parse_whole(text, n)) return n;
  if (text.find(',') != std::string_view::npos) {
    std::vector<std::string> items = split_list(text);
    for (auto& item : items) item = std::string(trimmed(item));
    return items;
  }
  return std::string(text);
}

Json options_object(const std::vector<std::string>& items) {
  Json j = Json::object();
  for (const auto& item : items) {
    const size_t eq = item.find('=');
    if (eq == std::string::npos || eq == 0)
      throw InvalidOption("--option " + item + ": expected name=value");
    const std::string name = item.substr(0, eq);
    if (j.contains(name)) throw InvalidOption("--option " + name + " is given more than once");
    j[name] = option_value(std::string_view(item).substr(eq + 1));
  }
  return j;
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
