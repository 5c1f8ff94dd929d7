// Sorry!: the game state machine (one position of a game or a match) and the engine's main header.
//
// RULES IMPLEMENTED: ../shared/rules/sorry.md, all of it: the 60-square board with slides, safety
// zones, START and HOME (board.h); the 45-card deck and its 44-card option, reshuffling the
// discards when the draw pile is empty (cards.h); every card: 1 and 2 start a pawn, the 2's extra
// draw (also after a forfeited 2), forward and backward moves, the 7 split, 10 back 1, the 11 swap
// and its pass, Sorry!, bumps, slides, exact count to HOME, backward out of a safety zone and the
// shortcut after it, must-move (movegen.h); 2 to 4 players seated clockwise, fast start, teams,
// playing for points with matches (options.h lists every option with its default).
//
// Readings of the rules page (also in docs/sorry.md):
// - A pawn may move backward inside its own safety zone (safety 3 back 1 is safety 2) and out of it
//   onto the track; backward moves never enter a safety zone from the track.
// - A card that cannot be used is still a decision point with one action, kPass ("discard it"),
//   so the action log shows every forfeited card. The 11 also offers kPass when it may be declined.
// - sorry_forward_4: the Sorry! card offers both the Sorry! moves and forward-4 moves.
// - own_pawns_bumped_on_slide = false: the mover's own pawns on the slide stay; a slide whose end
//   holds one is not a legal landing. swapped_opponent_slides = true: after the mover's slide, the
//   opponent pawn slides if it now stands on the head of a slide of another colour.
// - Playing for points: the 11 cannot be declined (declining does not count as a move); a stuck
//   player discards one card, draws one and the turn ends (a discarded 2 gives no extra play). The
//   game ends as soon as a player has all pawns HOME. A match ends after the game in which someone
//   reaches match_target; the highest total wins, a tie going to that game's winner.
//
// PLAYERS are numbered 0..n-1 in clockwise seat order (red, blue, yellow, green among the colours
// in play); in the teams variant player p is colour p and the teams are {0, 2} and {1, 3}.
//
// ACTIONS (action.h): chance actions are kDraw of a named card, chosen with probability
// count/total among the cards left in the draw pile; no deck order exists, so a server never has a
// secret seed to hide and a game replays exactly from its action log. A reshuffle happens by
// itself: when the draw pile is empty, the discards become the draw pile.
//
// HOW TO DRIVE A GAME
//   State s(options);                      // at the first chance node
//   Rng rng(seed);
//   MoveList moves;                        // caller-owned, no heap use in playouts
//   while (!s.is_terminal()) {
//     if (s.is_chance()) { s.apply(s.sample_chance(rng)); continue; }   // or chance_outcomes()
//     s.legal_actions(moves);              // never empty for a decision
//     s.apply(moves[pick(moves)]);         // apply() checks legality; apply_unchecked() does not
//   }
//   s.winner(); s.winning_team(); s.returns(); s.scores();
// Copying a State is a memcpy of about 200 bytes. view_json(player) hides what the player may not
// see; determinize(player, rng) deals the unseen cards at random for information-set search.
#pragma once

#include <array>
#include <cstdint>
#include <string>

#include "core/rng.h"
#include "sorry/action.h"
#include "sorry/cards.h"
#include "sorry/movegen.h"
#include "sorry/options.h"
#include "sorry/position.h"

namespace tabletop::sorry {

enum class Phase : uint8_t {
  kDraw,  // chance: the current player draws a card to play
  kMove,  // the current player plays the drawn card (card())
  kDeal,  // chance, points: a card is drawn into deal_to()'s hand
  kPlay,  // points: the current player plays a card from the hand, or discards when stuck
  kOver,  // the game (or the match) is over
};

constexpr int kChancePlayer = -1;
constexpr int kTerminalPlayer = -2;
constexpr int kHandSize = 5;

struct ChanceOutcome {
  Action action;
  double probability = 0;
};

class State {
 public:
  // A new game (or match) at its first chance node. Raises InvalidOption for a bad combination.
  explicit State(const Options& options = Options{});

  const Options& options() const { return options_; }
  Phase phase() const { return phase_; }
  bool is_chance() const { return phase_ == Phase::kDraw || phase_ == Phase::kDeal; }
  bool is_terminal() const { return phase_ == Phase::kOver; }
  // The player to decide, kChancePlayer at a chance node, kTerminalPlayer when over.
  int current_player() const {
    return is_terminal() ? kTerminalPlayer : is_chance() ? kChancePlayer : current_;
  }
  // Whose turn it is (also during the draw that starts the turn).
  int turn() const { return current_; }
  int num_players() const { return num_players_; }
  Colour colour_of(int player) const { return seat_colour_[player]; }
  int player_of(Colour c) const;  // -1 if the colour is not in play
  int partner_of(int player) const { return options_.teams ? (player + 2) % 4 : -1; }
  int team_of(int player) const { return options_.teams ? player % 2 : player; }

  const Position& position() const { return pos_; }
  Card card() const { return card_; }  // the drawn card being played (kMove), else kNoCard
  const CardCounts& draw_pile() const { return draw_; }
  const CardCounts& discards() const { return discards_; }
  const CardCounts& hand(int player) const { return hands_[player]; }
  int deal_to() const { return deal_to_; }  // kDeal: the player receiving the next card
  int first_player() const { return first_; }

  // Chance: each card left in the draw pile with its probability; returns the count.
  int chance_outcomes(std::array<ChanceOutcome, kAllCards.size()>& out) const;
  Action sample_chance(Rng& rng) const {
    return Action::draw(draw_.at(rng.uniform(draw_.total())));
  }

  // Every legal action now (draws at a chance node, none when over). A decision always has at
  // least one action.
  void legal_actions(MoveList& out) const;
  // Appends the moves the current player could make with `card` (any card, whatever the phase):
  // for one-ply evaluation and for choosing a card of a hand. No kPass is added for a dead card.
  void moves_for_card(Card card, MoveList& out) const;
  // Playing for points: the current player's actions with `hand` (any hand, e.g. a guessed one):
  // every move of every card in it, or, when none can move, a discard of each card. Replaces `out`.
  void moves_for_hand(const CardCounts& hand, MoveList& out) const;

  // "" if `a` is legal now, else why not.
  std::string why_illegal(const Action& a) const;
  // Checks legality (IllegalAction with the reason) and applies.
  void apply(const Action& a);
  // Applies an action known to be legal (from legal_actions or sample_chance).
  void apply_unchecked(const Action& a);

  // Result. winner(): the winning player once over (in a match, of the match), else -1.
  int winner() const { return is_terminal() ? match_winner_ : -1; }
  int winning_team() const { return winner() < 0 ? -1 : options_.teams ? winner() % 2 : winner(); }
  // The winner of the last finished game of a match (or of the game), -1 before any.
  int last_game_winner() const { return last_winner_; }
  // Points: totals over the match so far, and the scores of the last finished game.
  const std::array<int32_t, 4>& scores() const { return scores_; }
  const std::array<int32_t, 4>& last_game_scores() const { return last_scores_; }
  // Per player. Race game: winner (or winning team) +1, others -1 (shared as -1/(n-1) each without
  // teams, so the sum is 0). Points: the match totals. All 0 until over.
  std::array<double, 4> returns() const;
  int cards_drawn() const { return cards_drawn_; }
  int games_played() const { return games_played_; }
  // The cards `player` cannot see: the draw pile and, playing for points, the other hands.
  CardCounts unseen_cards(int player) const;
  // A copy in which the other players' hands are dealt at random from the cards `player` cannot
  // see (hand sizes kept): a sample of the information set, for information-set search.
  State determinize(int player, Rng& rng) const;

  bool operator==(const State&) const = default;

 private:
  friend class StateIo;
  State(const Options& options, bool);  // no game started: for the JSON reader
  void start_game();
  void after_deal();
  void end_play(bool won, bool again);
  void finish_game();
  bool player_has_won(int player) const;
  void reshuffle_if_empty() {
    if (draw_.empty()) {
      draw_.add_all(discards_);
      discards_.clear();
    }
  }
  int next(int player) const { return player + 1 == num_players_ ? 0 : player + 1; }

  Options options_;
  Position pos_;
  CardCounts draw_, discards_;
  std::array<CardCounts, 4> hands_{};
  std::array<int32_t, 4> scores_{}, last_scores_{};
  int32_t cards_drawn_ = 0;
  int32_t games_played_ = 0;
  std::array<Colour, 4> seat_colour_{};
  int8_t num_players_ = 0;
  Phase phase_ = Phase::kDraw;
  int8_t current_ = 0;
  int8_t first_ = 0;
  int8_t deal_to_ = -1;
  int8_t last_winner_ = -1;
  int8_t match_winner_ = -1;
  Card card_ = kNoCard;
  bool initial_deal_ = false;
  bool again_ = false;  // points: after the refill, the same player plays again (a 2)
};

}  // namespace tabletop::sorry
