// Sorry! game options: every choice the rules page names, with its default, plus who plays.
//
//   name                          default   values
//   players                       4         2..4 (sets the default seats below)
//   seats                         by count  colours in play; 2 -> red, yellow (opposite);
//                                           3 -> red, blue, yellow; 4 -> all
//   first_player                  first     a colour in play (turn order is always clockwise:
//                                           red, blue, yellow, green among the colours in play)
//   deck                          45        45 (modern) | 44 (1939: four 1s)
//   fast_start                    false     three pawns in START, one on the start circle
//   teams                         false     Red+Yellow vs Blue+Green; needs four players
//   points                        false     playing for points: five-card secret hands, scores
//   sorry_forward_4               false     a Sorry! may instead move one pawn forward 4
//   swapped_opponent_slides       false     the opponent pawn moved by an 11 swap slides too
//   two_draws_again_after_forfeit true      a 2 that cannot be used still gives the extra draw
//   eleven_optional               true      an 11 with no forward move may be declined (pass)
//   own_pawns_bumped_on_slide     true      a slide sends the mover's own pawns on it to START
//   bonus                         highest   highest | cumulative (points: shut-out bonus)
//   match_target                  0         points: play games until someone has this many
//                                           points (0 = one game)
//
// teams and points cannot be combined: the rules page scores players, not teams.
#pragma once

#include <bit>
#include <cstdint>

#include "core/json_util.h"
#include "sorry/board.h"

namespace tabletop::sorry {

enum class Bonus : uint8_t { kHighest, kCumulative };

struct Options {
  uint8_t colours = 0b1111;  // bit c set = colour c in play
  Colour first_player = kRed;
  int8_t deck = 45;
  bool fast_start = false;
  bool teams = false;
  bool points = false;
  bool sorry_forward_4 = false;
  bool swapped_opponent_slides = false;
  bool two_draws_again_after_forfeit = true;
  bool eleven_optional = true;
  bool own_pawns_bumped_on_slide = true;
  Bonus bonus = Bonus::kHighest;
  int32_t match_target = 0;  // at most kMaxMatchTarget
  // A match of this many points lasts some hundreds of games at most (a game gives its winner 20
  // points or more), so that a simulated match always ends well within its step limit.
  static constexpr int32_t kMaxMatchTarget = 10000;

  int num_players() const { return std::popcount(colours); }
  bool in_play(Colour c) const { return (colours >> c) & 1; }
  bool operator==(const Options&) const = default;

  // Raises InvalidOption when the combination is not playable.
  void validate() const;
};

// The default seats for 2..4 players.
uint8_t default_colours(int players);

// Reads options by name from a JSON object, starting from `base`; unknown names or bad values raise
// InvalidOption. The result is validated.
Options options_from_json(const Json& j, Options base = {});
// Options typed by a user (--option), read as options_from_json reads them, refusing too what
// the rules would ignore: playing for points a pawn of each colour always starts on its start
// circle, so "fast_start": false cannot be played there. (A saved record or position, which
// lists every option, is read with options_from_json or options_from_saved_json.)
Options typed_options_from_json(const Json& j, Options base = {});
// The options of a saved position or record: as options_from_json, but a race game's shut-out
// bonus, which plays no part in it, reads as the default (a "cumulative" one was taken before
// bonus became an option of playing for points only).
Options options_from_saved_json(const Json& j);
Json options_to_json(const Options& o);

// Sets one option from text ("teams", "true"); used by the command line. Raises InvalidOption.
void set_option(Options& o, std::string_view name, std::string_view value);

}  // namespace tabletop::sorry
