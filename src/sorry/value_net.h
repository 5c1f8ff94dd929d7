// A learnt value of Sorry! race positions: the chance that a player wins from a position, by a
// small neural network trained by temporal differences on games it plays against itself.
//
// Input: for each player, starting with the one whose value is asked and going round the table,
// how many of its pawns stand at each distance from its HOME (0 = HOME, 1..5 the safety zone, the
// track, 70 = START: 71 counts); and whose turn comes next, relative to the player. A net made
// `with_threats` also reads, for every ordered pair of players (i, j), how many of i's pawns one
// card of j would send back to START: by a forward move of d = 1..12 (landing on the pawn or
// sliding over it), or backwards 4 or 1; 14 counts per pair. A net made `with_deck` also reads the
// cards left in the draw pile (the discards when it is empty, as the next draw reshuffles them):
// for each kind of card how many (0 to 5, one input each), and how many cards in all (by fours).
// One hidden layer of tanh units (a net made with `deep` units has a second tanh layer of that
// many after it), a logistic output. File header: players, hidden units, the optional inputs, and
// "deep N" for a second layer.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <istream>
#include <memory>
#include <string>
#include <vector>

#include "sorry/state.h"

namespace tabletop::sorry {

// The inputs a net reads beyond every player's pawns and whose turn it is.
struct NetInputs {
  bool threats = false;  // the pawns each player's next card could send back to START
  bool deck = false;     // the cards left in the draw pile
  int deep = 0;          // units of a second hidden layer (0: none)
};

class ValueNet {
 public:
  static constexpr int kBins = 71;
  static constexpr int kMaxHidden = 256;
  static constexpr int kThreatBins = 14;  // forward 1..12, backward 4 and 1
  static constexpr int kDeckCounts = 6;   // 0..5 cards of one kind left (5: the 1s of a full deck)
  static constexpr int kDeckTotals = 12;  // 1-4, 5-8, ..., 45 cards left
  static constexpr int kDeckInputs = static_cast<int>(kAllCards.size()) * kDeckCounts + kDeckTotals;

  ValueNet() = default;
  // Small random weights; InvalidInput unless 2 <= players <= 4 and 1 <= hidden <= kMaxHidden.
  ValueNet(int players, int hidden, uint64_t seed, NetInputs extra = {});

  int players() const { return players_; }
  int hidden() const { return hidden_; }
  bool with_threats() const { return extra_.threats; }
  bool with_deck() const { return extra_.deck; }
  int deep() const { return extra_.deep; }
  int inputs() const { return deck_base() + (extra_.deck ? kDeckInputs : 0); }

  // The chance that `player` wins from `s` (a position of a race game with players() players).
  double value(const State& s, int player) const;

  // The inputs that are on for (`s`, `player`), as indices (a count of k listed k times): the
  // bins of every player, whose turn, the threats of a net made with_threats and the cards left of
  // one made with_deck.
  std::vector<int> active_inputs(const State& s, int player) const;

  // One step of gradient on the log loss towards `target` (0..1) for (`s`, `player`).
  void learn(const State& s, int player, double target, double rate);

  std::string to_text() const;
  static ValueNet from_text(const std::string& text);
  // Reads one net (its header and weights) and the blanks after it from `in`, leaving what
  // follows: the next net of a file of several.
  static ValueNet read(std::istream& in);

 private:
  // One forward pass: the input as the indices of its ones (a count of k pawns is an index listed
  // k times), the hidden units and the output.
  // The bins and the turn, then at most every pawn's 14 threatened landings, each sweeping a
  // slide of at most 5 squares, then one input per kind of card left and one for their number.
  static constexpr int kMaxActive = 4 * kPawnsPerColour + 1 +
                                    4 * kPawnsPerColour * kThreatBins * 5 +
                                    static_cast<int>(kAllCards.size()) + 1;
  struct Pass {
    int active[kMaxActive];
    int n = 0;
    float h[kMaxHidden];
    float h2[kMaxHidden];
    double out = 0;
  };
  void forward(const State& s, int player, Pass& pass) const;
  // Append the threat (deck) inputs to `active`, which holds `n`; return the new count.
  int add_threats(const State& s, int player, int* active, int n) const;
  int add_deck(const State& s, int* active, int n) const;
  // The first threat input and the first deck input.
  int threat_base() const { return players_ * kBins + players_; }
  int deck_base() const {
    return threat_base() + (extra_.threats ? players_ * (players_ - 1) * kThreatBins : 0);
  }

  int players_ = 0, hidden_ = 0;
  NetInputs extra_;
  std::vector<float> w1_;       // inputs x hidden
  std::vector<float> b1_, w2_;  // w2_: the output's weights, from the last hidden layer
  std::vector<float> wd_, bd_;  // the second hidden layer: hidden x deep, and its biases
  float b2_ = 0;
};

// The mean of the values of one or more nets for the same number of players (an ensemble of nets
// trained apart: their errors partly cancel).
class LearntValue {
 public:
  // InvalidInput for no nets or nets for different numbers of players.
  explicit LearntValue(std::vector<ValueNet> nets);
  // One net's text (ValueNet::to_text) or several one after another.
  static LearntValue from_text(const std::string& text);

  int players() const { return nets_.front().players(); }
  const std::vector<ValueNet>& nets() const { return nets_; }
  double value(const State& s, int player) const;

 private:
  std::vector<ValueNet> nets_;
};

// The learnt value the bots use in a race game with `options`: the nets built into the library for
// its number of players, when the game is played by the rules and seats they were trained on (the
// default rules and seats; who starts and the match length do not matter); else nullptr (teams,
// playing for points, other seats or rule options, a player count without a net).
const LearntValue* race_value(const Options& options);

// The nets of a file (LearntValue::from_text), read once per path and shared for the program's
// life, so that every game of a run uses one copy. InvalidInput for a file that cannot be read or
// does not hold nets.
std::shared_ptr<const LearntValue> load_learnt_value(const std::string& path);

// The choice of the learnt bot, and of the player in self-play: the action after which `value`
// (a ValueNet or a LearntValue) gives the player to move the best chance of winning (a win 1; the
// first on ties). A race game.
template <typename Value>
Action learnt_action(const State& s, const Value& value);

struct TdTraining {
  int games = 100000;
  double rate = 0.03;        // the learning rate of the first game,
  double final_rate = 0.03;  // falling in a straight line to this one in the last game
  uint64_t seed = 1;
  // In each game every seat is played by `opponent` with this chance (drawn per seat and game),
  // the others by the net: the value is then learnt in games against a pool of both. 0: pure
  // self-play (and the same games as before this option existed).
  double opponent_share = 0;
  // One learner: in game g seat g % players plays by the net and every other seat by `opponent`,
  // and only the learner's value is learnt: the chance that the net's own play wins against
  // `opponent`, the value a search against that opponent needs. Excludes opponent_share.
  bool one_learner = false;
  std::function<Action(const State&)> opponent;
  // TD(lambda): 0 moves each position's value towards the value of the next (online, as the game
  // is played); above 0, at the end of each game every position is moved towards its lambda-return
  // (the next values and the result weighted by lambda^k, from the net as it was before the game),
  // 1 towards the result alone.
  double lambda = 0;
  // Checked before each game: once it is set, training ends with the games played so far.
  const std::atomic<bool>* stop = nullptr;
};

// Trains `net` by TD(lambda) on games of self-play (each player choosing the move whose position
// the net values most, or `opponent`'s seats as it plays) with `options` (a race game); every
// player's value is learnt from every game (only the learner's with one_learner). Returns the
// games played: t.games unless `stop` ended the training early.
int train_td(ValueNet& net, const Options& options, const TdTraining& t,
             const std::function<void(int games_done)>& progress = {});

}  // namespace tabletop::sorry
