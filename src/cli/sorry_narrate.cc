#include "cli/sorry_narrate.h"

#include <fmt/format.h>

#include "sorry/render.h"

namespace tabletop::cli {

std::string hand_text(const sorry::CardCounts& h) {
  std::string s;
  for (sorry::Card c : sorry::kAllCards)
    for (int i = 0; i < h.count(c); ++i) s += fmt::format(" {}", sorry::card_title(c));
  return s;
}

std::string variant_text(const sorry::Options& o) {
  if (o.teams) return ", teams Red+Yellow vs Blue+Green";
  if (!o.points) return "";
  return o.match_target > 0 ? fmt::format(", playing for points (a match to {})", o.match_target)
                            : ", playing for points";
}

std::string action_line(const sorry::State& before, const sorry::Action& a) {
  if (a.kind == sorry::MoveKind::kPass) {
    // Declining an 11 is a choice; any other pass is a card that cannot be used.
    sorry::MoveList moves;
    before.legal_actions(moves);
    return moves.size() > 1
               ? sorry::describe_pass(a.card)
               : fmt::format("no legal move, the {} is discarded", sorry::card_title(a.card));
  }
  if (a.kind == sorry::MoveKind::kDiscard)
    return fmt::format("discard {}", sorry::card_title(a.card));
  sorry::Position after = before.position();
  sorry::apply_card_move(after, before.options(), a);
  return sorry::describe_move(before.position(), after, a, before.options());
}

std::string draw_line(const sorry::State& s, int player, const sorry::Action& draw) {
  return fmt::format("{} draws {}\n", sorry::colour_name(s.colour_of(player)),
                     sorry::card_title(draw.card));
}

std::string chance_line(const sorry::State& before, const sorry::Action& a) {
  if (before.phase() != sorry::Phase::kDraw) return "";
  return draw_line(before, before.turn(), a);
}

std::string points_line(const sorry::State& after, int& games_seen) {
  if (!after.options().points || after.games_played() <= games_seen) return "";
  games_seen = after.games_played();
  std::string line = fmt::format("game {} won by {}; scores:", games_seen,
                                 sorry::colour_name(after.colour_of(after.last_game_winner())));
  for (int p = 0; p < after.num_players(); ++p)
    line += fmt::format(" {} {} (total {})", sorry::colour_name(after.colour_of(p)),
                        after.last_game_scores()[p], after.scores()[p]);
  return line + "\n";
}

std::string totals_text(const sorry::State& s) {
  std::string totals;
  for (int p = 0; p < s.num_players(); ++p)
    totals +=
        fmt::format("{} {} {}", p ? "," : "", sorry::colour_name(s.colour_of(p)), s.scores()[p]);
  return totals;
}

std::string result_text(const sorry::State& s) {
  const std::string text = fmt::format("\n{}", sorry::render_board(s.position(), s.options()));
  const int w = s.winner();
  if (s.options().teams)
    return text + fmt::format("{} and {} win after {} cards\n", sorry::colour_name(s.colour_of(w)),
                              sorry::colour_name(s.colour_of(s.partner_of(w))), s.cards_drawn());
  if (!s.options().points)
    return text + fmt::format("{} wins after {} cards\n", sorry::colour_name(s.colour_of(w)),
                              s.cards_drawn());
  // Playing for points: the totals that decided it, and for a match of several games how many.
  const std::string totals = totals_text(s);
  if (s.games_played() > 1)
    return text + fmt::format("{} wins the match after {} games:{} points\n",
                              sorry::colour_name(s.colour_of(w)), s.games_played(), totals);
  return text + fmt::format("{} wins after {} cards:{} points\n",
                            sorry::colour_name(s.colour_of(w)), s.cards_drawn(), totals);
}

}  // namespace tabletop::cli
