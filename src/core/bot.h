// The bot interface shared by every game, and a registry that makes bots by name.
//
// A bot is a player that chooses an action from one player's view of the game. The view type is
// the game's own (On Tour: the public table; Sorry!: the board, your own hand and what has been
// played), so a bot can only use what that player is allowed to see: it never gets the game's
// random generator, the deck order or another player's hand. Each bot owns a seeded Rng, so a
// bot's choices depend only on its seed and on the views it has been shown: a replay or a
// simulation on any number of threads gives the same games.
//
// A bot is named by a spec string, "name" or "name:key=value:key=value" (e.g.
// "strong:rollouts=64"), so that `tabletop sim` can compare variants of one bot without new names.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <functional>
#include <map>
#include <memory>
#include <sstream>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/error.h"
#include "core/text.h"

namespace tabletop {

// A parsed bot spec: the registry name and its parameters.
struct BotSpec {
  std::string name;
  std::map<std::string, std::string> params;

  // "strong:rollouts=64:depth=2" -> {strong, {rollouts: 64, depth: 2}}; raises InvalidInput for a
  // malformed spec.
  static BotSpec parse(std::string_view text) {
    // A spec is one field of a CSV row and one line of a table: no line breaks or tabs in it.
    auto control = [](char c) { return static_cast<unsigned char>(c) < 0x20 || c == 0x7f; };
    if (std::any_of(text.begin(), text.end(), control)) {
      std::string shown(text);
      std::replace_if(shown.begin(), shown.end(), control, '?');
      throw InvalidInput("bot \"" + shown +
                         "\": a bot spec cannot hold a control character (a line break, a tab)");
    }
    BotSpec spec;
    size_t colon = text.find(':');
    spec.name = lower_trimmed(text.substr(0, colon));  // "Strong" is strong
    if (spec.name.empty()) throw InvalidInput("a bot needs a name (e.g. greedy)");
    while (colon != std::string_view::npos) {
      text = text.substr(colon + 1);
      colon = text.find(':');
      std::string_view kv = text.substr(0, colon);
      size_t eq = kv.find('=');
      if (eq == std::string_view::npos || eq == 0 || eq + 1 == kv.size())
        throw InvalidInput("bot " + spec.name + ": parameter \"" + std::string(kv) +
                           "\" is not key=value");
      if (!spec.params.emplace(std::string(kv.substr(0, eq)), std::string(kv.substr(eq + 1)))
               .second)
        throw InvalidInput("bot " + spec.name + ": parameter \"" + std::string(kv.substr(0, eq)) +
                           "\" is given twice");
    }
    return spec;
  }

  std::string to_string() const {
    std::string s = name;
    for (const auto& [k, v] : params) s += ":" + k + "=" + v;
    return s;
  }

  // Raises InvalidInput for a parameter the bot does not know, listing the ones it does.
  void check_known(const std::vector<std::string>& known) const {
    for (const auto& [k, v] : params) {
      bool ok = false;
      for (const auto& n : known) ok |= n == k;
      if (ok) continue;
      std::string list;
      for (const auto& n : known) list += (list.empty() ? "" : ", ") + n;
      throw InvalidInput(
          "bot " + name + " has no parameter \"" + k + "\"" +
          (list.empty() ? std::string(" (it takes none)") : " (known: " + list + ")"));
    }
  }

  // A numeric parameter, or `fallback` when absent; raises InvalidInput when it is not a number in
  // [lo, hi].
  double number(const std::string& key, double fallback, double lo, double hi) const {
    auto it = params.find(key);
    if (it == params.end()) return fallback;
    double v = 0;
    if (!parse_real(it->second, v) || !(v >= lo && v <= hi))
      throw InvalidInput("bot " + name + ": " + key + " must be a number from " + shortest(lo) +
                         " to " + shortest(hi));
    return v;
  }
  static std::string shortest(double x) {
    std::ostringstream out;
    out << x;
    return out.str();
  }
  int integer(const std::string& key, int fallback, int lo, int hi) const {
    double v = number(key, fallback, lo, hi);
    if (v != static_cast<int>(v)) throw InvalidInput("bot " + name + ": " + key + " must be whole");
    return static_cast<int>(v);
  }
};

// "strong, greedy:danger=0.5" -> {"strong", "greedy:danger=0.5"} (blanks around a name dropped,
// names in lower case: "Greedy" and "Yellow=Strong" are greedy and yellow=strong, parameters as
// typed); raises InvalidInput for an empty name ("greedy,,random", a comma at the end).
inline std::vector<std::string> split_bot_list(std::string_view list) {
  std::vector<std::string> bots = split_list(list);
  for (auto& bot : bots) {
    const std::string_view item = trimmed(bot);
    const size_t colon = std::min(item.find(':'), item.size());
    bot = lower_trimmed(item.substr(0, colon)) + std::string(item.substr(colon));
    if (bot.empty())
      throw InvalidInput("--bots: an empty item in \"" + std::string(list) +
                         "\" (two commas in a row, or one at an end)");
  }
  return bots;
}

// One player of a game with views of type View and decisions of type Action.
template <typename ViewT, typename ActionT>
class Bot {
 public:
  using View = ViewT;
  using Action = ActionT;

  virtual ~Bot() = default;

  // A legal action for the player whose view this is. Deterministic given the bot's seed and the
  // views shown so far.
  virtual Action choose(const View& view) = 0;

  // The spec that made this bot, e.g. "strong:rollouts=64".
  virtual std::string name() const = 0;

  // A copy of the bot as it stands, its generator included: shown the same views from here on,
  // the copy makes the very choices this bot would (so a game taken back to an earlier turn can
  // go on with the copy made there instead of playing the game again for its bots).
  virtual std::unique_ptr<Bot> clone() const = 0;
};

// Bots of one game, by name. Each game has one registry (e.g. ontour::bot_registry()).
template <typename BotT>
class BotRegistry {
 public:
  using Factory = std::function<std::unique_ptr<BotT>(const BotSpec& spec, uint64_t seed)>;

  struct Entry {
    std::string name;
    std::string help;
    Factory make;
  };

  void add(std::string name, std::string help, Factory make) {
    entries_.push_back({std::move(name), std::move(help), std::move(make)});
  }

  bool contains(std::string_view name) const { return find(name) != nullptr; }

  // A bot from a spec string; raises InvalidInput for an unknown name or a bad parameter.
  std::unique_ptr<BotT> make(std::string_view spec_text, uint64_t seed) const {
    BotSpec spec = BotSpec::parse(spec_text);
    const Entry* e = find(spec.name);
    if (!e) {
      std::vector<std::string> known;
      for (const auto& entry : entries_) known.push_back(entry.name);
      throw InvalidInput("unknown bot \"" + spec.name + "\" (known: " + names() +
                         did_you_mean(spec.name, known) + ")");
    }
    return e->make(spec, seed);
  }

  // Checks a spec without keeping the bot (for command-line validation before long runs).
  void validate(std::string_view spec_text) const { make(spec_text, 0); }

  const std::vector<Entry>& entries() const { return entries_; }

  // "random, greedy, strong".
  std::string names() const {
    std::string s;
    for (const auto& e : entries_) s += (s.empty() ? "" : ", ") + e.name;
    return s;
  }

 private:
  const Entry* find(std::string_view name) const {
    for (const auto& e : entries_)
      if (e.name == name) return &e;
    return nullptr;
  }

  std::vector<Entry> entries_;
};

}  // namespace tabletop
