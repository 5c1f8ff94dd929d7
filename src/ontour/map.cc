#include "ontour/map.h"

#include <deque>
#include <filesystem>
#include <map>
#include <set>

#include <fmt/format.h>

#include "core/error.h"
#include "core/text.h"
#include "ontour/embedded_maps.h"

namespace tabletop::ontour {

namespace {

constexpr std::array<std::string_view, kNumRegions> kRegionNames = {"north", "south", "west",
                                                                    "central", "east"};

[[noreturn]] void fail(const std::string& msg) { throw InvalidInput("map: " + msg); }

std::string get_string(const Json& j, std::string_view key, std::string_view where) {
  auto it = j.find(key);
  // `where` "": the map itself ("map: missing \"id\"").
  const std::string at = where.empty() ? "" : std::string(where) + ": ";
  if (it == j.end()) fail(fmt::format("{}missing \"{}\"", at, key));
  if (!it->is_string() || it->get<std::string>().empty())
    fail(fmt::format("{}\"{}\" must be a non-empty string", at, key));
  return it->get<std::string>();
}

}  // namespace

std::string_view region_name(Region r) { return kRegionNames[static_cast<int>(r)]; }

std::optional<Region> parse_region(std::string_view s) {
  for (int i = 0; i < kNumRegions; ++i)
    if (kRegionNames[i] == s) return static_cast<Region>(i);
  return std::nullopt;
}

Map Map::from_json(const Json& j) {
  if (!j.is_object()) fail("expected a JSON object");
  Map m;
  m.id_ = get_string(j, "id", "");
  m.name_ = j.contains("name") ? get_string(j, "name", "") : m.id_;

  auto sp = j.find("spaces");
  if (sp == j.end() || !sp->is_array()) fail("\"spaces\" must be a list");
  if (sp->size() < 4) fail("a map needs at least 4 spaces");
  if (sp->size() > kMaxSpaces) fail(fmt::format("at most {} spaces are supported", kMaxSpaces));
  std::map<std::string, int> index;
  std::map<std::string, std::string> folded;  // each id in upper case, to the id
  int layout_count = 0;
  for (size_t i = 0; i < sp->size(); ++i) {
    const Json& s = (*sp)[i];
    std::string where = fmt::format("space {}", i + 1);
    if (!s.is_object()) fail(where + ": expected an object");
    Space space;
    space.id = get_string(s, "id", where);
    // An id is typed as one word of a placement ("NY TX", "NY/2", "X:FL").
    for (const char c : space.id)
      if (static_cast<unsigned char>(c) <= ' ' || c == 0x7f || c == '/' || c == ':')
        fail(fmt::format("{}: the id {} is typed as one word: no blank, '/' or ':' in it", where,
                         Json(space.id).dump()));
    where = fmt::format("space {}", space.id);
    space.name = s.contains("name") ? get_string(s, "name", where) : space.id;
    auto ns = parse_region(get_string(s, "ns", where));
    if (!ns || (*ns != Region::kNorth && *ns != Region::kSouth))
      fail(where + ": \"ns\" must be \"north\" or \"south\"");
    auto wce = parse_region(get_string(s, "wce", where));
    if (!wce || *wce == Region::kNorth || *wce == Region::kSouth)
      fail(where + ": \"wce\" must be \"west\", \"central\" or \"east\"");
    space.ns = *ns;
    space.wce = *wce;
    if (auto at = s.find("at"); at != s.end()) {
      auto small = [](const Json& v) {
        return v.is_number_integer() && v.get<long long>() >= 0 && v.get<long long>() <= 100;
      };
      if (!at->is_array() || at->size() != 2 || !small((*at)[0]) || !small((*at)[1]))
        fail(where + ": \"at\" must be [row, column] with small non-negative integers");
      space.row = (*at)[0].get<int>();
      space.col = (*at)[1].get<int>();
      ++layout_count;
    }
    if (!index.emplace(space.id, static_cast<int>(i)).second)
      fail(fmt::format("duplicate space id \"{}\"", space.id));
    // An id is typed in any case ("wa" is WA): two that differ only in case could not be told
    // apart.
    if (auto [at, fresh] = folded.emplace(upper(space.id), space.id); !fresh)
      fail(
          fmt::format("space ids \"{}\" and \"{}\" differ only in case: an id may be typed in "
                      "any case, so they could not be told apart",
                      at->second, space.id));
    int idx = static_cast<int>(i);
    m.region_[static_cast<int>(space.ns)] |= bit(idx);
    m.region_[static_cast<int>(space.wce)] |= bit(idx);
    m.all_ |= bit(idx);
    m.spaces_.push_back(std::move(space));
  }
  m.has_layout_ = layout_count == static_cast<int>(m.spaces_.size());
  for (size_t a = 0; a < m.spaces_.size(); ++a)
    for (size_t b = a + 1; b < m.spaces_.size(); ++b)
      if (m.spaces_[a].row >= 0 && m.spaces_[a].row == m.spaces_[b].row &&
          m.spaces_[a].col == m.spaces_[b].col)
        fail(fmt::format("spaces {} and {} have the same \"at\" position", m.spaces_[a].id,
                         m.spaces_[b].id));

  auto lookup = [&](const Json& v, const std::string& where) {
    if (!v.is_string()) fail(where + ": space ids must be strings");
    auto it = index.find(v.get<std::string>());
    if (it == index.end())
      fail(fmt::format("{}: unknown space id \"{}\"", where, v.get<std::string>()));
    return it->second;
  };

  auto ln = j.find("lines");
  if (ln == j.end() || !ln->is_array()) fail("\"lines\" must be a list");
  std::set<std::pair<int, int>> seen_lines;
  for (size_t i = 0; i < ln->size(); ++i) {
    const Json& l = (*ln)[i];
    std::string where = fmt::format("line {}", i + 1);
    if (!l.is_array() || l.size() != 2) fail(where + ": expected a pair of space ids");
    int a = lookup(l[0], where), b = lookup(l[1], where);
    if (a == b) fail(fmt::format("{}: \"{}\" is joined to itself", where, m.spaces_[a].id));
    auto key = std::minmax(a, b);
    if (!seen_lines.insert(key).second)
      fail(fmt::format("{}: duplicate line {}-{}", where, m.spaces_[a].id, m.spaces_[b].id));
    m.lines_.emplace_back(a, b);
    m.adj_[a] |= bit(b);
    m.adj_[b] |= bit(a);
  }

  auto cd = j.find("cards");
  if (cd == j.end() || !cd->is_array()) fail("\"cards\" must be a list");
  std::vector<bool> has_card(m.spaces_.size(), false);
  for (size_t i = 0; i < cd->size(); ++i) {
    const Json& c = (*cd)[i];
    std::string where = fmt::format("card {}", i + 1);
    if (!c.is_object()) fail(where + ": expected an object");
    auto it = c.find("space");
    if (it == c.end()) fail(where + ": missing \"space\"");
    int s = lookup(*it, where);
    auto region = parse_region(get_string(c, "region", where));
    if (!region) fail(where + ": unknown region");
    if (!m.spaces_[s].in(*region))
      fail(fmt::format("{}: region \"{}\" is not one of {}'s regions", where, region_name(*region),
                       m.spaces_[s].id));
    if (has_card[s]) fail(fmt::format("{}: duplicate card for \"{}\"", where, m.spaces_[s].id));
    has_card[s] = true;
    m.cards_.push_back(Card{s, *region});
  }
  for (size_t s = 0; s < m.spaces_.size(); ++s)
    if (!has_card[s]) fail(fmt::format("space \"{}\" has no card", m.spaces_[s].id));
  return m;
}

namespace {

// "europe, usa": the ids of the shipped maps, for messages.
std::string shipped_ids() {
  std::string ids;
  for (const auto& id : Map::builtin_ids()) ids += (ids.empty() ? "" : ", ") + id;
  return ids;
}

}  // namespace

const Map& Map::builtin(std::string_view id) {
  static const std::vector<Map> maps = [] {
    std::vector<Map> v;
    for (const auto& e : embedded_maps())
      v.push_back(from_json(parse_json(e.json, std::string(e.id) + ".json")));
    return v;
  }();
  for (const auto& m : maps)  // in any case: "USA" is usa
    if (same_ignoring_case(m.id(), id)) return m;
  throw InvalidInput(fmt::format("unknown map \"{}\" (shipped maps: {})", id, shipped_ids()));
}

std::vector<std::string> Map::builtin_ids() {
  std::vector<std::string> ids;
  for (const auto& e : embedded_maps()) ids.emplace_back(e.id);
  return ids;
}

namespace {

// Whether two maps play the same game: the same spaces (ids and regions) and cards in the same
// order, and the same lines in any order and either direction; names and drawing places aside.
bool same_game(const Map& a, const Map& b) {
  if (a.num_spaces() != b.num_spaces() || a.num_cards() != b.num_cards()) return false;
  for (int i = 0; i < a.num_spaces(); ++i)
    if (a.space(i).id != b.space(i).id || a.space(i).ns != b.space(i).ns ||
        a.space(i).wce != b.space(i).wce)
      return false;
  for (int c = 0; c < a.num_cards(); ++c)
    if (a.cards()[c].space != b.cards()[c].space || a.cards()[c].region != b.cards()[c].region)
      return false;
  for (int i = 0; i < a.num_spaces(); ++i)
    if (a.neighbours(i) != b.neighbours(i)) return false;
  return true;
}

// A map file by path; a name that is neither a shipped map nor a file says both.
Json read_map_file(const std::string& path) {
  if (!std::filesystem::exists(path)) {
    throw InvalidInput(
        fmt::format("no map \"{}\": not a shipped map ({}) and no such file", path, shipped_ids()));
  }
  return read_json_file(path);
}

}  // namespace

Map Map::load(const std::string& id_or_path) { return *load_shared(id_or_path); }

std::shared_ptr<const Map> Map::unowned(const Map& builtin_map) {
  return std::shared_ptr<const Map>(&builtin_map, [](const Map*) {});
}

std::shared_ptr<const Map> Map::load_shared(const std::string& id_or_path) {
  // A shipped map's id, or the id in another case ("USA") unless a file goes by that name.
  std::error_code ec;
  const bool file = std::filesystem::exists(id_or_path, ec);
  for (const auto& e : embedded_maps())
    if (e.id == id_or_path || (!file && same_ignoring_case(e.id, id_or_path)))
      return unowned(builtin(e.id));
  std::optional<Map> map;
  try {
    map = from_json(read_map_file(id_or_path));
  } catch (const InvalidInput& e) {  // "map: ..." of from_json names the file
    const std::string why = e.what();
    if (why.rfind("map: ", 0) != 0) throw;
    throw InvalidInput(fmt::format("map file {}: {}", id_or_path, why.substr(5)));
  }
  return adopt(std::move(*map), "map file " + id_or_path);
}

std::shared_ptr<const Map> Map::adopt(Map map, const std::string& where) {
  // A map under a shipped map's id is that map (its file, or a copy), or it would pass for it (in
  // sheets, records and the games `tabletop sim --baseline` compares).
  for (const auto& e : embedded_maps()) {
    if (!same_ignoring_case(e.id, map.id())) continue;  // "USA" is usa's id too
    const Map& shipped = builtin(e.id);
    if (same_game(shipped, map)) return unowned(shipped);
    throw InvalidInput(
        fmt::format("{}: its id \"{}\" is that of a shipped map, and its spaces, lines or cards "
                    "differ from that map's; give the map an id of its own",
                    where, map.id()));
  }
  return std::make_shared<const Map>(std::move(map));
}

int Map::find(std::string_view id) const {
  // In any case ("wa", or "W1" on a map of "w1"): the loader refuses ids that differ only in case.
  for (int i = 0; i < num_spaces(); ++i)
    if (same_ignoring_case(spaces_[i].id, id)) return i;
  return -1;
}

Json Map::to_json() const {
  Json j;
  j["id"] = id_;
  j["name"] = name_;
  Json spaces = Json::array();
  for (const auto& s : spaces_) {
    Json o{{"id", s.id}, {"name", s.name}, {"ns", region_name(s.ns)}, {"wce", region_name(s.wce)}};
    if (s.row >= 0) o["at"] = {s.row, s.col};
    spaces.push_back(o);
  }
  j["spaces"] = spaces;
  Json lines = Json::array();
  for (auto [a, b] : lines_) lines.push_back({spaces_[a].id, spaces_[b].id});
  j["lines"] = lines;
  Json cards = Json::array();
  for (const auto& c : cards_)
    cards.push_back({{"space", spaces_[c.space].id}, {"region", region_name(c.region)}});
  j["cards"] = cards;
  return j;
}

std::vector<std::vector<int>> Map::distances() const {
  int n = num_spaces();
  std::vector<std::vector<int>> d(n, std::vector<int>(n, -1));
  for (int s = 0; s < n; ++s) {
    std::deque<int> q{s};
    d[s][s] = 0;
    while (!q.empty()) {
      int u = q.front();
      q.pop_front();
      for_each_bit(adj_[u], [&](int v) {
        if (d[s][v] < 0) {
          d[s][v] = d[s][u] + 1;
          q.push_back(v);
        }
      });
    }
  }
  return d;
}

}  // namespace tabletop::ontour
