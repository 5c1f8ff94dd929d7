#include "ontour/options.h"

#include <string>
#include <vector>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "core/error.h"
#include "core/text.h"

namespace tabletop::ontour {

namespace {
// Every option's name, for an unknown one's message.
const std::vector<std::string> kOptionNames = {"setup_rolls", "star_always_circled", "x_anywhere",
                                               "voluntary_x"};
}  // namespace

Options Options::from_json(const Json& j) {
  Options o;
  if (j.is_null()) return o;
  if (!j.is_object()) throw InvalidOption("options: expected an object of option name to value");
  for (const auto& [name, v] : j.items()) {
    auto need_bool = [&](bool& field) {
      if (!v.is_boolean())
        throw InvalidOption(fmt::format("option {}: expected true or false", name));
      field = v.get<bool>();
    };
    if (name == "setup_rolls") {
      // Read as 64 bits: a huge value must not wrap into 1 or 2.
      if (!v.is_number_integer() || (v.get<long long>() != 1 && v.get<long long>() != 2))
        throw InvalidOption("option setup_rolls: expected 1 or 2");
      o.setup_rolls = static_cast<int>(v.get<long long>());
    } else if (name == "star_always_circled") {
      need_bool(o.star_always_circled);
    } else if (name == "x_anywhere") {
      need_bool(o.x_anywhere);
    } else if (name == "voluntary_x") {
      need_bool(o.voluntary_x);
    } else {
      throw InvalidOption(fmt::format("unknown On Tour option \"{}\" (options: {}){}", name,
                                      fmt::join(kOptionNames, ", "),
                                      did_you_mean(name, kOptionNames)));
    }
  }
  return o;
}

Json Options::to_json() const {
  return Json{{"setup_rolls", setup_rolls},
              {"star_always_circled", star_always_circled},
              {"x_anywhere", x_anywhere},
              {"voluntary_x", voluntary_x}};
}

}  // namespace tabletop::ontour
