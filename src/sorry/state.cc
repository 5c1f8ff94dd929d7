#include "sorry/state.h"

#include <algorithm>

#include <fmt/format.h>

#include "core/error.h"

namespace tabletop::sorry {

State::State(const Options& options, bool) : options_(options) {
  options_.validate();
  for (int c = 0; c < kNumColours; ++c)
    if (options_.in_play(static_cast<Colour>(c)))
      seat_colour_[num_players_++] = static_cast<Colour>(c);
  first_ = static_cast<int8_t>(player_of(options_.first_player));
  current_ = first_;
}

State::State(const Options& options) : State(options, true) { start_game(); }

int State::player_of(Colour c) const {
  for (int p = 0; p < num_players_; ++p)
    if (seat_colour_[p] == c) return p;
  return -1;
}

void State::start_game() {
  pos_ = Position();
  if (options_.fast_start || options_.points)
    for (int p = 0; p < num_players_; ++p) {
      Colour c = seat_colour_[p];
      pos_.set(first_pawn(c), static_cast<Place>(start_circle(c)));
    }
  draw_ = full_deck(options_.deck);
  discards_.clear();
  for (auto& h : hands_) h.clear();
  current_ = first_;
  card_ = kNoCard;
  again_ = false;
  if (options_.points) {
    phase_ = Phase::kDeal;
    deal_to_ = first_;
    initial_deal_ = true;
  } else {
    phase_ = Phase::kDraw;
    deal_to_ = -1;
    initial_deal_ = false;
  }
}

bool State::player_has_won(int player) const {
  Colour c = seat_colour_[player];
  if (!pos_.all_home(c)) return false;
  return !options_.teams || pos_.all_home(static_cast<Colour>(c ^ 2));
}

int State::chance_outcomes(std::array<ChanceOutcome, kAllCards.size()>& out) const {
  if (!is_chance()) return 0;
  int n = 0;
  for (Card c : kAllCards)
    if (draw_.count(c) > 0)
      out[n++] = {Action::draw(c), static_cast<double>(draw_.count(c)) / draw_.total()};
  return n;
}

void State::moves_for_card(Card card, MoveList& out) const {
  generate_card_moves(pos_, options_, seat_colour_[current_], card, out, !options_.points);
}

void State::moves_for_hand(const CardCounts& h, MoveList& out) const {
  out.clear();
  for (Card c : kAllCards)
    if (h.count(c) > 0) generate_card_moves(pos_, options_, seat_colour_[current_], c, out, false);
  if (out.empty())
    for (Card c : kAllCards)
      if (h.count(c) > 0) out.push(Action::discard(c));
}

void State::legal_actions(MoveList& out) const {
  out.clear();
  switch (phase_) {
    case Phase::kDraw:
    case Phase::kDeal:
      for (Card c : kAllCards)
        if (draw_.count(c) > 0) out.push(Action::draw(c));
      break;
    case Phase::kMove:
      generate_card_moves(pos_, options_, seat_colour_[current_], card_, out, true);
      if (out.empty()) out.push(Action::pass(card_));
      break;
    case Phase::kPlay:
      moves_for_hand(hands_[current_], out);
      break;
    case Phase::kOver:
      break;
  }
}

std::string State::why_illegal(const Action& a) const {
  if (!is_card(a.card)) return "the action names no card";
  std::string_view card = card_name(a.card);
  switch (phase_) {
    case Phase::kOver:
      return "the game is over";
    case Phase::kDraw:
    case Phase::kDeal:
      if (a.kind != MoveKind::kDraw) return "it is time to draw a card";
      if (draw_.count(a.card) == 0) return fmt::format("no {} is left in the draw pile", card);
      return "";
    case Phase::kMove:
      if (a.kind == MoveKind::kDraw) return "the card for this turn is already drawn";
      if (a.kind == MoveKind::kDiscard)
        return "a card that cannot be used is passed, not discarded (discards are for points)";
      return check_card_move(pos_, options_, seat_colour_[current_], card_, a, true);
    case Phase::kPlay: {
      const CardCounts& h = hands_[current_];
      if (a.kind == MoveKind::kDraw) return "it is time to play a card from the hand";
      if (a.kind == MoveKind::kPass)
        return "playing for points, you play a card that can move, or discard when none can";
      if (h.count(a.card) == 0) return fmt::format("there is no {} in the hand", card);
      if (a.kind == MoveKind::kDiscard) {
        MoveList moves;
        for (Card c : kAllCards) {
          if (h.count(c) == 0) continue;
          moves_for_card(c, moves);
          if (!moves.empty())
            return fmt::format("you may discard only when no card can move, and the {} can",
                               card_name(c));
        }
        return "";
      }
      return check_card_move(pos_, options_, seat_colour_[current_], a.card, a, false);
    }
  }
  return "unknown phase";
}

void State::apply(const Action& a) {
  std::string why = why_illegal(a);
  if (!why.empty()) throw IllegalAction(fmt::format("{}: {}", action_text(a), why));
  apply_unchecked(a);
}

void State::apply_unchecked(const Action& a) {
  switch (phase_) {
    case Phase::kDraw:
      draw_.remove(a.card);
      ++cards_drawn_;
      card_ = a.card;
      phase_ = Phase::kMove;
      break;
    case Phase::kMove: {
      bool used = a.kind != MoveKind::kPass;
      if (used) apply_card_move(pos_, options_, a);
      discards_.add(card_);
      Card played = card_;
      card_ = kNoCard;
      end_play(used && player_has_won(current_),
               played == k2 && (used || options_.two_draws_again_after_forfeit));
      break;
    }
    case Phase::kDeal:
      draw_.remove(a.card);
      ++cards_drawn_;
      hands_[deal_to_].add(a.card);
      after_deal();
      break;
    case Phase::kPlay: {
      hands_[current_].remove(a.card);
      discards_.add(a.card);
      bool used = a.kind != MoveKind::kDiscard;
      if (used) apply_card_move(pos_, options_, a);
      end_play(used && player_has_won(current_), used && a.card == k2);
      break;
    }
    case Phase::kOver:
      break;
  }
}

void State::end_play(bool won, bool again) {
  if (won) {
    finish_game();
    return;
  }
  if (options_.points) {
    again_ = again;
    deal_to_ = current_;
    phase_ = Phase::kDeal;
    after_deal();
    return;
  }
  if (!again) current_ = static_cast<int8_t>(next(current_));
  reshuffle_if_empty();
  phase_ = Phase::kDraw;
}

void State::after_deal() {
  reshuffle_if_empty();
  if (hands_[deal_to_].total() < kHandSize) return;
  if (initial_deal_) {
    deal_to_ = static_cast<int8_t>(next(deal_to_));
    if (deal_to_ != first_) return;
    initial_deal_ = false;
    current_ = first_;
  } else if (!again_) {
    current_ = static_cast<int8_t>(next(current_));
  }
  again_ = false;
  deal_to_ = -1;
  phase_ = Phase::kPlay;
}

void State::finish_game() {
  last_winner_ = current_;
  ++games_played_;
  if (!options_.points) {
    match_winner_ = current_;
    phase_ = Phase::kOver;
    return;
  }
  int opponents_not_home = 0, most_home = 0;
  for (int p = 0; p < num_players_; ++p) {
    int home = pos_.count_home(seat_colour_[p]);
    last_scores_[p] = 5 * home;
    if (p != current_) {
      opponents_not_home += kPawnsPerColour - home;
      most_home = std::max(most_home, home);
    }
  }
  int bonus = 0;
  if (options_.bonus == Bonus::kHighest) {
    bonus = most_home == 0 ? 100 : most_home == 1 ? 50 : most_home == 2 ? 25 : 0;
  } else {
    bonus = (most_home == 0 ? 100 : 0) + (most_home <= 1 ? 50 : 0) + (most_home <= 2 ? 25 : 0);
  }
  last_scores_[current_] += 5 * opponents_not_home + bonus;
  for (int p = 0; p < num_players_; ++p) scores_[p] += last_scores_[p];
  int best = 0;
  for (int p = 0; p < num_players_; ++p) best = std::max(best, scores_[p]);
  if (options_.match_target > 0 && best < options_.match_target) {
    first_ = current_;  // the winner starts the next game
    start_game();
    return;
  }
  match_winner_ = current_;
  for (int p = 0; p < num_players_; ++p)
    if (scores_[p] > scores_[match_winner_]) match_winner_ = static_cast<int8_t>(p);
  phase_ = Phase::kOver;
}

std::array<double, 4> State::returns() const {
  std::array<double, 4> r{};
  if (!is_terminal()) return r;
  if (options_.points) {
    for (int p = 0; p < num_players_; ++p) r[p] = scores_[p];
    return r;
  }
  for (int p = 0; p < num_players_; ++p) {
    if (options_.teams) {
      r[p] = team_of(p) == winning_team() ? 1.0 : -1.0;
    } else {
      r[p] = p == winner() ? 1.0 : -1.0 / (num_players_ - 1);
    }
  }
  return r;
}

CardCounts State::unseen_cards(int player) const {
  CardCounts u = draw_;
  if (options_.points)
    for (int p = 0; p < num_players_; ++p)
      if (p != player) u.add_all(hands_[p]);
  return u;
}

State State::determinize(int player, Rng& rng) const {
  State s = *this;
  if (!options_.points) return s;
  CardCounts pool = unseen_cards(player);
  std::array<int, 4> sizes{};
  for (int p = 0; p < num_players_; ++p) {
    if (p == player) continue;
    sizes[p] = hands_[p].total();
    s.hands_[p].clear();
  }
  for (int p = 0; p < num_players_; ++p) {
    for (int k = 0; k < sizes[p]; ++k) {
      Card c = pool.at(static_cast<int>(rng.uniform(pool.total())));
      pool.remove(c);
      s.hands_[p].add(c);
    }
  }
  s.draw_ = pool;
  return s;
}

}  // namespace tabletop::sorry
