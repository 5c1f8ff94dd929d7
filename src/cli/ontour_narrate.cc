#include "cli/ontour_narrate.h"

#include <algorithm>

#include <fmt/format.h>

#include "cli/ontour_render.h"

namespace tabletop::cli {

using namespace ontour;

std::string card_text(const State& s, int slot) {
  const Card& c = s.map().cards()[s.revealed(slot)];
  return fmt::format("{}: {} ({})", slot + 1, s.map().space(c.space).id, region_name(c.region));
}

std::string chance_header(const State& before) {
  const Phase phase = before.phase();
  if (phase == Phase::kSetupRoll && before.log().empty())
    return before.options().setup_rolls == 1
               ? "Setup: two numbers are written into every map, circled.\n"
               : "Setup: four numbers are written into every map (two a roll), circled.\n";
  if (phase == Phase::kDraw && before.revealed_count() == 0)
    return fmt::format("\n=== Turn {} ===\n", before.turn());
  if (phase == Phase::kRoll && before.revealed_count() == 0)
    return fmt::format("\n=== Turn {} (last turns: {} empty, no cards) ===\n", before.turn(),
                       before.empty_count());
  return "";
}

std::string chance_result(const State& after, Phase phase, const ChanceAction& a) {
  const Map& map = after.map();
  if (a.kind == ChanceAction::Kind::kRoll) {
    const std::string dice = fmt::format("Dice: {} and {}", a.dice.a, a.dice.b);
    const std::string numbers = fmt::format(" -> {:02d} and {:02d}\n", a.dice.low(), a.dice.high());
    if (phase == Phase::kSetupRoll) return dice + numbers;
    if (a.dice.doubles()) return dice + " (doubles: a star turn)\n";
    if (after.turn_kind() == TurnKind::kStar)
      return dice + fmt::format(" - but all three cards show {}: a star turn\n",
                                region_name(map.cards()[after.revealed(0)].region));
    return dice + numbers;
  }
  if (phase == Phase::kSetupDraw) {
    const Card& c = map.cards()[a.card];
    return fmt::format("Card {}: {:02d} is written in {} ({})\n", map.space(c.space).id,
                       after.sheet(0).cell(c.space), map.space(c.space).id,
                       map.space(c.space).name);
  }
  // The card as it is drawn (or typed, in companion mode) also says the space's name, so that a
  // card read wrongly shows at once (NE is Nebraska; New England is NENG).
  const Card& drawn = map.cards()[after.revealed(after.revealed_count() - 1)];
  return "Card " + card_text(after, after.revealed_count() - 1) +
         fmt::format(" - {}\n", map.space(drawn.space).name);
}

std::string turn_so_far(const State& s) {
  if (s.turn() == 0 && !s.log().empty()) {
    // The setup: each roll's low number goes to the first card after it, the high one to the
    // second.
    const Map& map = s.map();
    std::string writes;
    Dice dice;
    int drawn = 0;
    for (const LogEntry& e : s.log()) {
      if (e.chance_action.kind == ChanceAction::Kind::kRoll) {
        dice = e.chance_action.dice, drawn = 0;
        continue;
      }
      writes += fmt::format("{}{:02d} in {}", writes.empty() ? "" : ", ",
                            drawn++ == 0 ? dice.low() : dice.high(),
                            map.space(map.cards()[e.chance_action.card].space).id);
    }
    std::string out = "Setup so far: " + writes;
    if (s.phase() == Phase::kSetupDraw)
      out += fmt::format("{}dice {} and {} -> {:02d} and {:02d}, the next card takes {:02d}",
                         writes.empty() ? "" : "; ", dice.a, dice.b, dice.low(), dice.high(),
                         drawn == 0 ? dice.low() : dice.high());
    return out + "\n";
  }
  if ((s.phase() != Phase::kDraw && s.phase() != Phase::kRoll) || s.revealed_count() == 0)
    return "";
  std::string out = fmt::format("Turn {} so far:", s.turn());
  for (int i = 0; i < s.revealed_count(); ++i)
    out += fmt::format("{} card {}", i ? "," : "", card_text(s, i));
  return out + "\n";
}

std::vector<std::string> player_labels(int humans, const std::vector<std::string>& bots) {
  std::vector<std::string> labels;
  for (int p = 0; p < humans; ++p) labels.push_back(fmt::format("Player {}", p + 1));
  for (size_t b = 0; b < bots.size(); ++b)
    labels.push_back(fmt::format("Player {} ({})", humans + b + 1, bots[b]));
  return labels;
}

std::string game_over_text(const State& s, const std::vector<std::string>& labels) {
  const auto results = s.results();
  const bool several = s.num_players() > 1;
  std::string out = "\n=== Game over ===\n";
  for (int p = 0; p < s.num_players(); ++p) {
    if (several) out += fmt::format("\n{}:\n", labels[p]);
    out += render_map(s.map(), s.sheet(p), &results[p].route);
    out += "Best route: " + describe_route(s.map(), results[p].route) + "\n";
  }
  if (several) {
    out += "\nScores:\n";
    int best = 0, best_circles = 0, winners = 0;
    std::string who;
    for (int p = 0; p < s.num_players(); ++p) {
      const Route& r = results[p].route;
      out += fmt::format("  {:<28} {:3} ({})\n", labels[p], r.score, route_sum(r));
      if (!results[p].winner) continue;
      best = r.score, best_circles = r.circles, ++winners;
      who += fmt::format("{}{}", who.empty() ? "" : " and ", labels[p]);
    }
    // Why the winner won where the score alone does not tell: the rules' tie-break on circles.
    int tied = 0, most_other_circles = -1;
    for (int p = 0; p < s.num_players(); ++p)
      if (results[p].route.score == best && !results[p].winner) {
        ++tied;
        most_other_circles = std::max(most_other_circles, results[p].route.circles);
      }
    std::string why;
    if (tied > 0)
      why = fmt::format(" (tied on {} points, more circles in the route: {} to {})", best,
                        best_circles, most_other_circles);
    else if (winners > 1)
      why = fmt::format(" (a shared win: {} points and {} circles each)", best, best_circles);
    out += "\nWinner: " + who + why + "\n";
  }
  return out;
}

}  // namespace tabletop::cli
