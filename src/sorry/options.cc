#include "sorry/options.h"

#include <string>
#include <vector>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "core/error.h"
#include "core/text.h"

namespace tabletop::sorry {

namespace {

// Every option's name, for an unknown one's message.
const std::vector<std::string> kOptionNames = {"players",
                                               "seats",
                                               "first_player",
                                               "deck",
                                               "fast_start",
                                               "teams",
                                               "points",
                                               "sorry_forward_4",
                                               "swapped_opponent_slides",
                                               "two_draws_again_after_forfeit",
                                               "eleven_optional",
                                               "own_pawns_bumped_on_slide",
                                               "bonus",
                                               "match_target"};

bool json_bool(const Json& v, std::string_view name) {
  if (!v.is_boolean()) throw InvalidOption(fmt::format("option {}: expected true or false", name));
  return v.get<bool>();
}

Colour json_colour(const Json& v, std::string_view name) {
  Colour c{};
  if (!v.is_string() || !parse_colour(v.get<std::string>(), &c))
    throw InvalidOption(fmt::format(
        "option {}: expected a colour (red, blue, yellow, green), got {}{}", name, v.dump(),
        v.is_string() ? did_you_mean(v.get<std::string>(), {"red", "blue", "yellow", "green"})
                      : ""));
  return c;
}

void set_from_json(Options& o, const std::string& name, const Json& v) {
  if (name == "players") {
    if (!v.is_number_integer() || v.get<int>() < 2 || v.get<int>() > 4)
      throw InvalidOption("option players: expected 2, 3 or 4");
    o.colours = default_colours(v.get<int>());
    if (!o.in_play(o.first_player))
      o.first_player = static_cast<Colour>(std::countr_zero(o.colours));
  } else if (name == "seats") {
    if (!v.is_array()) throw InvalidOption("option seats: expected a list of colours");
    uint8_t mask = 0;
    for (const auto& e : v) {
      Colour c = json_colour(e, name);
      if ((mask >> c) & 1)
        throw InvalidOption(fmt::format("option seats: {} appears twice", colour_name(c)));
      mask = static_cast<uint8_t>(mask | (1 << c));
    }
    if (std::popcount(mask) < 2 || std::popcount(mask) > 4)
      throw InvalidOption("option seats: expected 2 to 4 colours");
    o.colours = mask;
    if (!o.in_play(o.first_player)) o.first_player = static_cast<Colour>(std::countr_zero(mask));
  } else if (name == "first_player") {
    o.first_player = json_colour(v, name);
  } else if (name == "deck") {
    if (!v.is_number_integer() || (v.get<int>() != 45 && v.get<int>() != 44))
      throw InvalidOption("option deck: expected 45 or 44");
    o.deck = static_cast<int8_t>(v.get<int>());
  } else if (name == "fast_start") {
    o.fast_start = json_bool(v, name);
  } else if (name == "teams") {
    o.teams = json_bool(v, name);
  } else if (name == "points") {
    o.points = json_bool(v, name);
  } else if (name == "sorry_forward_4") {
    o.sorry_forward_4 = json_bool(v, name);
  } else if (name == "swapped_opponent_slides") {
    o.swapped_opponent_slides = json_bool(v, name);
  } else if (name == "two_draws_again_after_forfeit") {
    o.two_draws_again_after_forfeit = json_bool(v, name);
  } else if (name == "eleven_optional") {
    o.eleven_optional = json_bool(v, name);
  } else if (name == "own_pawns_bumped_on_slide") {
    o.own_pawns_bumped_on_slide = json_bool(v, name);
  } else if (name == "bonus") {
    if (v == "highest") {
      o.bonus = Bonus::kHighest;
    } else if (v == "cumulative") {
      o.bonus = Bonus::kCumulative;
    } else {
      throw InvalidOption("option bonus: expected \"highest\" or \"cumulative\"");
    }
  } else if (name == "match_target") {
    if (!v.is_number_integer() || v.get<long long>() < 0 ||
        v.get<long long>() > Options::kMaxMatchTarget)
      throw InvalidOption(
          fmt::format("option match_target: expected a number of points from 0 (one game) to {}",
                      Options::kMaxMatchTarget));
    o.match_target = v.get<int32_t>();
  } else {
    throw InvalidOption(fmt::format("unknown Sorry! option \"{}\" (options: {}{})", name,
                                    fmt::join(kOptionNames, ", "),
                                    did_you_mean(name, kOptionNames)));
  }
}

}  // namespace

uint8_t default_colours(int players) {
  switch (players) {
    case 2:
      return (1 << kRed) | (1 << kYellow);
    case 3:
      return (1 << kRed) | (1 << kBlue) | (1 << kYellow);
    default:
      return 0b1111;
  }
}

void Options::validate() const {
  if (num_players() < 2 || num_players() > 4) throw InvalidOption("Sorry! needs 2 to 4 players");
  if (!in_play(first_player))
    throw InvalidOption(
        fmt::format("option first_player: {} is not in play", colour_name(first_player)));
  if (deck != 45 && deck != 44) throw InvalidOption("option deck: expected 45 or 44");
  if (teams && num_players() != 4) throw InvalidOption("the teams variant needs four players");
  if (teams && points) throw InvalidOption("teams and points cannot be combined");
  if (match_target != 0 && !points)
    throw InvalidOption("option match_target applies only when playing for points");
  if (bonus != Bonus::kHighest && !points)
    throw InvalidOption("option bonus applies only when playing for points");
}

Options options_from_json(const Json& j, Options base) {
  if (!j.is_object()) throw InvalidOption("options: expected an object");
  // seats/players first so that first_player is checked against the final seats.
  for (const char* key : {"players", "seats"})
    if (j.contains(key)) set_from_json(base, key, j.at(key));
  // Both given: the seats say who plays, and the count of players must be theirs.
  if (j.contains("players") && j.contains("seats") && j.at("players") != base.num_players())
    throw InvalidOption(fmt::format("options players ({}) and seats ({} colours) disagree",
                                    j.at("players").dump(), base.num_players()));
  for (const auto& [name, value] : j.items())
    if (name != "players" && name != "seats") set_from_json(base, name, value);
  base.validate();
  return base;
}

Options typed_options_from_json(const Json& j, Options base) {
  Options o = options_from_json(j, base);
  if (o.points && j.contains("fast_start") && j.at("fast_start") == false)
    throw InvalidOption(
        "option fast_start=false: playing for points one pawn of each colour always starts on "
        "its start circle");
  return o;
}

Options options_from_saved_json(const Json& j) {
  // Only a bonus the option takes ("highest" or "cumulative"): any other is refused as ever.
  if (!j.is_object() || !j.contains("bonus") || (j.contains("points") && j["points"] == true) ||
      (j["bonus"] != "highest" && j["bonus"] != "cumulative"))
    return options_from_json(j);
  Json race = j;
  race.erase("bonus");
  return options_from_json(race);
}

Json options_to_json(const Options& o) {
  Json seats = Json::array();
  for (int c = 0; c < kNumColours; ++c)
    if (o.in_play(static_cast<Colour>(c))) seats.push_back(colour_name(static_cast<Colour>(c)));
  return Json{{"seats", seats},
              {"first_player", colour_name(o.first_player)},
              {"deck", o.deck},
              {"fast_start", o.fast_start},
              {"teams", o.teams},
              {"points", o.points},
              {"sorry_forward_4", o.sorry_forward_4},
              {"swapped_opponent_slides", o.swapped_opponent_slides},
              {"two_draws_again_after_forfeit", o.two_draws_again_after_forfeit},
              {"eleven_optional", o.eleven_optional},
              {"own_pawns_bumped_on_slide", o.own_pawns_bumped_on_slide},
              {"bonus", o.bonus == Bonus::kHighest ? "highest" : "cumulative"},
              {"match_target", o.match_target}};
}

void set_option(Options& o, std::string_view name, std::string_view value) {
  set_from_json(o, std::string(name), option_value(value));
}

}  // namespace tabletop::sorry
