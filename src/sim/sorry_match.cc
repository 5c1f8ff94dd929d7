#include "sim/sorry_match.h"

#include <chrono>

#include <fmt/format.h>

#include "core/error.h"
#include "sorry/bot_registry.h"
#include "sorry/state.h"
#include "sorry/state_io.h"

namespace tabletop::sim {

std::shared_ptr<SorryMatch> make_sorry_match(const std::string& variant, const Json& options,
                                             const std::vector<std::string>& bots, bool rotate) {
  const int n = static_cast<int>(bots.size());
  if (variant == "teams" && n != 4)
    throw InvalidInput(fmt::format("Sorry! teams needs 4 bots, got {}", n));
  if (n < 2 || n > 4) throw InvalidInput(fmt::format("Sorry! needs 2 to 4 bots, got {}", n));
  for (const auto& b : bots) sorry::bot_registry().validate(b);
  auto m = std::make_shared<SorryMatch>();
  sorry::Options base;
  base.colours = sorry::default_colours(n);
  base.teams = variant == "teams";
  base.points = variant == "points";
  m->options = sorry::typed_options_from_json(options, base);
  if (m->options.num_players() != n)
    throw InvalidInput(fmt::format("the options seat {} players, and --bots names {}",
                                   m->options.num_players(), n));
  for (const auto& b : bots) sorry::check_bot_for_game(b, m->options);
  // Named by the rules the options make (--option points=true plays for points as --variant
  // points does), so that the summary and the match column say what was played.
  m->variant = m->options.teams ? "teams" : m->options.points ? "points" : "classic";
  m->bots = bots;
  m->rotate = rotate;
  return m;
}

Json sorry_settings(const SorryMatch& match) {
  return {{"variant", match.variant}, {"options", sorry::options_to_json(match.options)}};
}

GameRecord play_sorry_game(const SorryMatch& match, int index, uint64_t game_seed) {
  const int np = static_cast<int>(match.bots.size());
  GameRecord rec;
  const std::vector<int> player_at = seat_players(rec, np, match.rotate, index);
  std::vector<std::unique_ptr<sorry::Bot>> bots;
  for (int p = 0; p < np; ++p)
    bots.push_back(sorry::make_bot(match.bots[p], mix_seed(game_seed, 1 + p)));

  Rng chance(game_seed);
  Rng dealer = sorry::view_dealer(game_seed);  // deals the hidden hands of the views
  sorry::State s(match.options);
  sorry::Record log{match.options, {}};  // kept for --records
  const bool keep = !match.records_dir.empty();
  long steps = 0;
  while (!s.is_terminal()) {
    if (++steps > 1'000'000) throw Error("a Sorry! game did not end after a million steps");
    if (s.is_chance()) {
      const sorry::Action a = s.sample_chance(chance);
      if (keep) log.actions.push_back(a);
      s.apply_unchecked(a);
      continue;
    }
    const int seat = s.current_player();
    const int p = player_at[seat];
    sorry::State view = sorry::make_view(s, seat, dealer);
    const sorry::Action a = timed_decision(rec, p, [&] {
      return bots[p]->choose(sorry::PlayerView{view, seat});
    });
    s.apply(a);  // checked: a bot's illegal action is an error, never played
    if (keep) log.actions.push_back(a);
  }
  if (keep)  // the record `tabletop sorry replay` tells
    write_game_record(match.records_dir, index, game_seed, match.bots, player_at,
                      sorry::record_to_json(log));
  rec.length = s.cards_drawn();
  rec.score.resize(np);
  rec.win.resize(np);
  std::vector<double> keys(np);
  const int winner = s.winner();
  for (int p = 0; p < np; ++p) {
    const int seat = rec.seat[p];
    const bool won = match.options.teams ? seat % 2 == winner % 2 : seat == winner;
    rec.win[p] = won ? 1.0 : 0.0;
    if (match.options.points) {
      rec.score[p] = s.scores()[seat];
    } else {
      rec.score[p] = s.position().count_home(s.colour_of(seat));
    }
    keys[p] = (won ? 1e6 : 0) + rec.score[p];
  }
  rec.rank = ranks_from_keys(keys);
  return rec;
}

ScoreRange sorry_score_range(const SorryMatch& match) {
  // One winner, or in teams the two of the winning side.
  const double wins = match.options.teams ? match.options.num_players() / 2 : 1;
  if (match.options.points) return {0, HUGE_VAL, wins, true};
  return {0, static_cast<double>(sorry::kPawnsPerColour), wins, true};
}

}  // namespace tabletop::sim
