// Small helpers for reading user-supplied JSON with errors that say what and where.
#pragma once

#include <filesystem>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "core/error.h"

namespace tabletop {

using Json = nlohmann::json;

// Parses text; malformed JSON raises InvalidInput naming the line and column.
Json parse_json(std::string_view text, std::string_view what);

// The text of j (`indent` as nlohmann's dump: -1 on one line). Strings that are not UTF-8 (a file
// name or bot spec typed in another encoding) are written with U+FFFD for each bad byte rather
// than failing, so that an output is never lost for a name in it.
// Json or nlohmann::ordered_json (whose keys keep their order).
template <typename AnyJson>
std::string json_text(const AnyJson& j, int indent = -1) {
  return j.dump(indent, ' ', false, AnyJson::error_handler_t::replace);
}

// The most read_text_file reads unless told otherwise: far more than any sheet, record or file
// of nets, so that an input that never ends (/dev/zero, `yes |`) is refused rather than read
// until memory runs out.
inline constexpr size_t kMaxTextBytes = size_t{64} << 20;

// Reads a whole file, or standard input when path is "-". InvalidInput for more than `max_bytes`,
// or a file that cannot be read (an empty name included).
std::string read_text_file(const std::string& path, size_t max_bytes = kMaxTextBytes);

// How messages name an input file: "standard input" for "-", else the path.
inline std::string input_name(const std::string& path) {
  return path == "-" ? "standard input" : path;
}

// Reads and parses a file (or "-" for stdin).
Json read_json_file(const std::string& path);

// Writes the whole file or leaves the old one as it was: the text goes to a new file beside it,
// under a name no file had, which is then renamed over it (a symbolic link stays a link to the file
// it names). A device or a FIFO (/dev/stdout, a named pipe) is written where it is. Raises
// InvalidInput when it cannot be written, an empty path included.
void write_text_file(const std::string& path, const std::string& text);

// The file write_text_file(path) writes, whether or not it is there yet: the path with its links
// followed (a link to a file not yet made included), absolute, "." and ".." resolved. Two paths
// that give the same one name the same file.
std::filesystem::path written_file(const std::string& path);

// True for a path that names standard output ("/dev/stdout", "/proc/self/fd/1", "/dev/fd/1", or
// any other name of the file or pipe it goes to, such as a link to /dev/stdout or the file it is
// redirected to): write_text_file writes it through the program's own stream.
bool names_standard_output(const std::string& path);

// Raises InvalidInput, the message starting with `what` and the path, when `path` names a place
// write_text_file could not write: an empty name, a missing directory, a directory, a directory
// without write permission, a file system that refuses a new file there (it makes one beside it
// and takes it away). For commands that work long before they write: a bad path fails at the
// start.
void check_writable(const std::string& path, std::string_view what);

// The member `key` of object `j`, which must exist; raises InvalidInput "<where>: missing \"key\"".
const Json& require(const Json& j, std::string_view key, std::string_view where);

// Raises InvalidInput unless j is an object / array / string / integer.
void expect_object(const Json& j, std::string_view where);
void expect_array(const Json& j, std::string_view where);
std::string expect_string(const Json& j, std::string_view where);
long long expect_integer(const Json& j, std::string_view where);
bool expect_bool(const Json& j, std::string_view where);

// The JSON value of an option typed as text (`--option name=value`): true/false a boolean, a whole
// number an integer, text with commas a list of strings (seats=red,yellow), anything else a string;
// blanks around the value and around each item of a list do not count ("seats=red, yellow").
Json option_value(std::string_view text);

// The options typed as `--option name=value` (each value read by option_value) as one object;
// raises InvalidOption for an item without a name and '=', or a name given twice.
Json options_object(const std::vector<std::string>& items);

// The member `key` of `j` as a T; raises InvalidInput "<where>: \"key\" must be <what>" when it is
// missing or of another type (rather than the JSON library's own words).
template <typename T>
T member_as(const Json& j, std::string_view key, std::string_view where, std::string_view what) {
  const auto it = j.is_object() ? j.find(key) : j.end();
  try {
    if (it != j.end()) return it->template get<T>();
  } catch (const Json::exception&) {
  }
  throw InvalidInput(std::string(where) + ": \"" + std::string(key) + "\" must be " +
                     std::string(what));
}

}  // namespace tabletop
