#include "cli/sorry_seats.h"

#include <vector>

#include <fmt/format.h>

#include "core/bot.h"
#include "core/error.h"
#include "core/text.h"
#include "sorry/bot_registry.h"

namespace tabletop::cli {

namespace {

// The bot a colour names without one (`--bots yellow`): the strongest.
constexpr const char* kDefaultBot = "strong";

}  // namespace

std::array<std::string, 4> bot_specs(const std::string& bots, const sorry::Options& o) {
  std::array<std::string, 4> specs{};
  const std::string whole = lower_trimmed(bots);  // " None " is none
  if (whole == "none" || whole.empty()) return specs;
  std::string in_play;
  std::vector<std::string> names = {"all"};  // what a mistyped colour may have meant
  for (sorry::Colour c : {sorry::kRed, sorry::kBlue, sorry::kYellow, sorry::kGreen}) {
    if (!o.in_play(c)) continue;
    in_play += (in_play.empty() ? "" : ", ") + std::string(sorry::colour_name(c));
    names.emplace_back(sorry::colour_name(c));
  }
  bool all_named = false;
  const auto all_and = [](sorry::Colour c) {
    return InvalidInput(fmt::format("--bots: all takes every colour, and {} is named as well",
                                    sorry::colour_name(c)));
  };
  for (const std::string& item : split_bot_list(bots)) {
    const size_t eq = item.find('=');
    const std::string name = item.substr(0, eq);
    const std::string spec = eq == std::string::npos ? kDefaultBot : item.substr(eq + 1);
    sorry::bot_registry().validate(spec);
    if (lower_trimmed(name) == "all") {
      if (all_named) throw InvalidInput("--bots: all is named twice");
      for (int c = 0; c < 4; ++c) {
        if (!o.in_play(static_cast<sorry::Colour>(c))) continue;
        if (!specs[c].empty()) throw all_and(static_cast<sorry::Colour>(c));
        specs[c] = spec;
      }
      all_named = true;
    } else {
      sorry::Colour c{};
      if (!sorry::parse_colour(name, &c))
        throw InvalidInput(fmt::format("--bots: unknown colour \"{}\" (colours: {}, or all{})",
                                       name, in_play, did_you_mean(name, names)));
      if (!o.in_play(c))
        throw InvalidInput(
            fmt::format("--bots: {} is not in this game (colours: {})", name, in_play));
      if (!specs[c].empty())
        throw all_named ? all_and(c) : InvalidInput(fmt::format("--bots: {} is named twice", name));
      specs[c] = spec;
    }
    sorry::check_bot_for_game(spec, o);
  }
  return specs;
}

std::array<std::string, 4> bots_field(const std::string& bots, const sorry::Options& o) {
  try {
    return bot_specs(bots, o);
  } catch (const InvalidInput& e) {
    std::string what = e.what();
    if (what.rfind("--bots: ", 0) == 0) what.erase(0, 8);
    throw InvalidInput("\"bots\": " + what);
  }
}

}  // namespace tabletop::cli
