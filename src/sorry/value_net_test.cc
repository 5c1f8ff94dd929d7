// The learnt value of race positions: its weights file round-trips, training is reproducible by
// seed, the nets built into the library are used only for the games they were trained on, and
// they know who is winning.
#include <array>
#include <atomic>
#include <cmath>

#include <gtest/gtest.h>

#include "core/error.h"
#include "core/json_util.h"
#include "sorry/bot_eval.h"
#include "sorry/bot_registry.h"
#include "sorry/bot_search.h"
#include "sorry/bot_test_play.h"
#include "sorry/value_net.h"

namespace tabletop::sorry {
namespace {

// Positions of a greedy-against-greedy game with `options`, and its winner.
struct Game {
  std::vector<State> positions;  // after each decision
  int winner = -1;
};

Game greedy_game(const Options& options, uint64_t seed) {
  Game g;
  Rng chance(seed);
  State s(options);
  while (!s.is_terminal()) {
    if (s.is_chance()) {
      s.apply_unchecked(s.sample_chance(chance));
      continue;
    }
    s.apply_unchecked(greedy_action(s));
    if (!s.is_terminal()) g.positions.push_back(s);
  }
  g.winner = s.winner();
  return g;
}

Options race(int players) {
  Options o;
  o.colours = default_colours(players);
  return o;
}

TEST(ValueNet, TextRoundTripsAndBadTextIsRefused) {
  ValueNet net(3, 12, 5);
  const ValueNet back = ValueNet::from_text(net.to_text());
  EXPECT_EQ(back.to_text(), net.to_text());
  const Game g = greedy_game(race(3), 2);
  ASSERT_FALSE(g.positions.empty());
  for (size_t i = 0; i < g.positions.size(); i += 7)
    for (int p = 0; p < 3; ++p) {
      const double v = net.value(g.positions[i], p);
      EXPECT_GT(v, 0.0);
      EXPECT_LT(v, 1.0);
      EXPECT_EQ(back.value(g.positions[i], p), v);
    }
  EXPECT_THROW(ValueNet(2, 4, 1).value(g.positions[0], 0), InvalidInput);  // a 3-player game
  EXPECT_THROW(ValueNet::from_text(""), InvalidInput);
  EXPECT_THROW(ValueNet::from_text("5 10\n1 2 3"), InvalidInput);           // 5 players
  EXPECT_THROW(ValueNet::from_text("2 0\n"), InvalidInput);                 // no hidden unit
  EXPECT_THROW(ValueNet::from_text("2 4\n0.1 0.2 0.3"), InvalidInput);      // weights missing
  EXPECT_THROW(ValueNet::from_text(net.to_text() + " 0.5"), InvalidInput);  // one weight too many
  std::string text = net.to_text();
  text.replace(text.find(' ', text.find('\n')), 1, " x ");
  EXPECT_THROW(ValueNet::from_text(text), InvalidInput);  // not a number
}

// Several nets one after another make one learnt value: the mean of theirs.
TEST(ValueNet, LearntValueIsTheMeanOfItsNets) {
  const ValueNet a(3, 12, 5), b(3, 7, 6, {.threats = true}), c(3, 12, 7, {.deck = true});
  const LearntValue one = LearntValue::from_text(a.to_text());
  ASSERT_EQ(one.nets().size(), 1u);
  const LearntValue three = LearntValue::from_text(a.to_text() + b.to_text() + "\n" + c.to_text());
  ASSERT_EQ(three.nets().size(), 3u);
  EXPECT_EQ(three.players(), 3);
  EXPECT_EQ(three.nets()[1].to_text(), b.to_text());
  const Game g = greedy_game(race(3), 4);
  for (size_t i = 0; i < g.positions.size(); i += 11)
    for (int p = 0; p < 3; ++p) {
      const State& s = g.positions[i];
      EXPECT_EQ(one.value(s, p), a.value(s, p));
      EXPECT_NEAR(three.value(s, p), (a.value(s, p) + b.value(s, p) + c.value(s, p)) / 3, 1e-12);
    }
  EXPECT_THROW(LearntValue::from_text(""), InvalidInput);
  EXPECT_THROW(LearntValue::from_text(a.to_text() + ValueNet(2, 4, 1).to_text()), InvalidInput);
  EXPECT_THROW(LearntValue::from_text(a.to_text() + "3 12\n0.5"), InvalidInput);  // cut short
  EXPECT_THROW(LearntValue({}), InvalidInput);
}

TEST(ValueNet, ThreatInputsNameThePawnsACardCanSendBack) {
  ValueNet net(3, 6, 2, {.threats = true});
  const ValueNet back = ValueNet::from_text(net.to_text());
  EXPECT_TRUE(back.with_threats());
  EXPECT_EQ(back.to_text(), net.to_text());
  EXPECT_THROW(ValueNet::from_text("2 4 pairs\n"), InvalidInput);
  EXPECT_THROW(ValueNet::from_text("2 4 threats threats\n"), InvalidInput);
  std::string crlf = net.to_text();
  crlf.replace(crlf.find('\n'), 1, "\r\n");  // a header line ended the Windows way
  EXPECT_EQ(ValueNet::from_text(crlf).to_text(), net.to_text());
  const ValueNet plain(3, 6, 2);
  const Game g = greedy_game(race(3), 6);
  const Geometry& geo = geometry();
  const int base = 3 * ValueNet::kBins + 3;
  int seen = 0;
  for (const State& s : g.positions) {
    for (int me = 0; me < 3; ++me) {
      const std::vector<int> on = net.active_inputs(s, me);
      std::vector<int> plain_on = plain.active_inputs(s, me);
      ASSERT_EQ(std::vector<int>(on.begin(), on.begin() + plain_on.size()), plain_on);
      std::vector<int> threat_count(3 * 2 * ValueNet::kThreatBins, 0);
      for (size_t k = plain_on.size(); k < on.size(); ++k) {
        ASSERT_GE(on[k], base);
        ASSERT_LT(on[k], net.inputs());
        ++threat_count[on[k] - base];
      }
      // Every plain forward move of d onto another player's pawn (no slide on the way) is there.
      const Position& pos = s.position();
      for (int i = 0; i < 3; ++i)
        for (int off = 1; off < 3; ++off) {
          const Colour ci = s.colour_of((me + i) % 3), cj = s.colour_of((me + i + off) % 3);
          std::vector<int> expected(ValueNet::kThreatBins, 0);
          for (int q = first_pawn(cj); q < first_pawn(cj) + kPawnsPerColour; ++q) {
            if (!on_track(pos.place(q))) continue;
            for (int d = 1; d <= 12; ++d) {
              const Place to = geo.forward[cj][pos.place(q)][d];
              if (!on_track(to)) continue;
              if (geo.landing_squares[cj][to] != (uint64_t{1} << to)) continue;  // a slide
              const int pawn = pos.pawn_at(to);
              if (pawn >= 0 && colour_of_pawn(pawn) == ci) ++expected[d - 1];
            }
          }
          for (int d = 1; d <= 12; ++d) {
            const int got = threat_count[(i * 2 + off - 1) * ValueNet::kThreatBins + d - 1];
            EXPECT_GE(got, expected[d - 1]);
            seen += expected[d - 1];
          }
        }
    }
  }
  EXPECT_GT(seen, 0);  // the game had such threats
}

TEST(ValueNet, DeckInputsCountTheCardsLeftToDraw) {
  const ValueNet net(4, 6, 3, {.threats = true, .deck = true}), plain(4, 6, 3, {.threats = true});
  const ValueNet back = ValueNet::from_text(net.to_text());
  EXPECT_TRUE(back.with_deck());
  EXPECT_TRUE(back.with_threats());
  EXPECT_EQ(back.to_text(), net.to_text());
  EXPECT_EQ(net.inputs(), plain.inputs() + ValueNet::kDeckInputs);
  EXPECT_THROW(ValueNet::from_text("2 4 deck threats\n"), InvalidInput);  // out of order
  EXPECT_THROW(ValueNet::from_text("2 4 deck deck\n"), InvalidInput);
  const Game g = greedy_game(race(4), 8);
  int piles_seen = 0;
  for (size_t i = 0; i < g.positions.size(); ++i) {
    const State& s = g.positions[i];
    const std::vector<int> on = net.active_inputs(s, 1), plain_on = plain.active_inputs(s, 1);
    ASSERT_EQ(on.size(), plain_on.size() + kAllCards.size() + 1);
    ASSERT_EQ(std::vector<int>(on.begin(), on.begin() + plain_on.size()), plain_on);
    // The pile the next card comes from: the discards once the draw pile is empty.
    const CardCounts& left = s.draw_pile().empty() ? s.discards() : s.draw_pile();
    const int base = plain.inputs();
    for (size_t k = 0; k < kAllCards.size(); ++k) {
      const int count =
          on[plain_on.size() + k] - base - static_cast<int>(k) * ValueNet::kDeckCounts;
      EXPECT_EQ(count, left.count(kAllCards[k]));
    }
    const int totals =
        on.back() - base - static_cast<int>(kAllCards.size()) * ValueNet::kDeckCounts;
    EXPECT_EQ(totals, (left.total() - 1) / 4);
    piles_seen += i == 0 || s.draw_pile() != g.positions[i - 1].draw_pile();
  }
  EXPECT_GT(piles_seen, 100);
}

// A second hidden layer: its size is in the header, the text round-trips, and learning moves the
// value towards its targets through both layers.
TEST(ValueNet, ADeepNetRoundTripsAndLearns) {
  ValueNet net(2, 10, 3, {.deep = 6});
  EXPECT_EQ(net.deep(), 6);
  const std::string text = net.to_text();
  EXPECT_EQ(text.substr(0, text.find('\n')), "2 10 deep 6");
  const ValueNet back = ValueNet::from_text(text);
  EXPECT_EQ(back.to_text(), text);
  EXPECT_EQ(ValueNet::from_text(ValueNet(2, 10, 3, {.threats = true, .deep = 6}).to_text()).deep(),
            6);
  EXPECT_THROW(ValueNet::from_text("2 4 deep\n"), InvalidInput);
  EXPECT_THROW(ValueNet::from_text("2 4 deep 0\n"), InvalidInput);
  EXPECT_THROW(ValueNet::from_text("2 4 deep x\n"), InvalidInput);
  EXPECT_THROW(ValueNet::from_text("2 4 deep 3 deep 3\n"), InvalidInput);
  EXPECT_THROW(ValueNet::from_text(text.substr(0, text.rfind(' ', text.size() - 2))),
               InvalidInput);  // the last weight missing
  EXPECT_THROW(ValueNet(2, 4, 1, {.deep = ValueNet::kMaxHidden + 1}), InvalidInput);
  // The positions of one game, each with the result as its target: the log loss falls.
  const Game g = greedy_game(race(2), 3);
  auto loss = [&](const ValueNet& n) {
    double sum = 0;
    for (const State& s : g.positions) {
      const double v = n.value(s, g.winner);
      sum -= std::log(v);
    }
    return sum / static_cast<double>(g.positions.size());
  };
  const double before = loss(net);
  for (int round = 0; round < 20; ++round)
    for (const State& s : g.positions) net.learn(s, g.winner, 1.0, 0.05);
  EXPECT_LT(loss(net), before / 4);
  // One step towards 1 raises a position's value, one towards 0 lowers it.
  ValueNet up = back, down = back;
  const State& s = g.positions[g.positions.size() / 2];
  up.learn(s, 0, 1.0, 0.01);
  down.learn(s, 0, 0.0, 0.01);
  EXPECT_GT(up.value(s, 0), back.value(s, 0));
  EXPECT_LT(down.value(s, 0), back.value(s, 0));
}

TEST(ValueNet, TrainingIsReproducibleBySeed) {
  TdTraining t;
  t.games = 30;
  t.seed = 4;
  ValueNet a(2, 8, 4), b(2, 8, 4), c(2, 8, 5);
  train_td(a, race(2), t);
  train_td(b, race(2), t);
  EXPECT_EQ(a.to_text(), b.to_text());
  EXPECT_NE(a.to_text(), ValueNet(2, 8, 4).to_text());  // it learnt something
  t.seed = 5;
  train_td(c, race(2), t);
  EXPECT_NE(a.to_text(), c.to_text());
  Options teams;
  teams.teams = true;
  EXPECT_THROW(train_td(c, teams, t), InvalidInput);
  int reports = 0;
  t.games = 250;
  train_td(c, race(2), t, [&](int done) { EXPECT_EQ(done, 100 * ++reports); });
  EXPECT_EQ(reports, 2);
}

// A stop ends training before the next game: at a constant rate the net is then the net of the
// games played (the same games, the same steps); a stop raised before the first game leaves the
// net as it was.
TEST(ValueNet, AStoppedTrainingKeepsTheGamesPlayed) {
  TdTraining t;
  t.games = 1000;
  t.seed = 6;
  std::atomic<bool> stop{false};
  t.stop = &stop;
  ValueNet cut(2, 8, 3);
  EXPECT_EQ(train_td(cut, race(2), t, [&](int done) { stop = done >= 200; }), 200);
  TdTraining shorter = t;
  shorter.games = 200;
  shorter.stop = nullptr;
  ValueNet whole(2, 8, 3);
  EXPECT_EQ(train_td(whole, race(2), shorter), 200);
  EXPECT_EQ(cut.to_text(), whole.to_text());
  ValueNet untouched(2, 8, 3);
  EXPECT_EQ(train_td(untouched, race(2), t), 0);  // the stop is still raised
  EXPECT_EQ(untouched.to_text(), ValueNet(2, 8, 3).to_text());
}

TEST(ValueNet, TrainingAgainstAPoolUsesTheOpponentsSeats) {
  TdTraining t;
  t.games = 20;
  t.seed = 3;
  ValueNet self(2, 8, 4), pool(2, 8, 4), again(2, 8, 4);
  train_td(self, race(2), t);
  t.opponent_share = 0.5;
  EXPECT_THROW(train_td(pool, race(2), t), InvalidInput);  // no opponent policy
  int calls = 0;
  t.opponent = [&](const State& s) {
    ++calls;
    return greedy_action(s);
  };
  train_td(pool, race(2), t);
  EXPECT_GT(calls, 0);
  EXPECT_NE(pool.to_text(), self.to_text());
  train_td(again, race(2), t);
  EXPECT_EQ(again.to_text(), pool.to_text());  // reproducible by seed with a pool too
  // Every seat by the opponent: the net never chooses, and still learns from every move.
  t.opponent_share = 1;
  ValueNet watcher(2, 8, 4);
  const int before = calls;
  train_td(watcher, race(2), t);
  EXPECT_GT(calls, before);
  EXPECT_NE(watcher.to_text(), ValueNet(2, 8, 4).to_text());
}

TEST(ValueNet, OneLearnerPlaysItsSeatAgainstTheOpponentInEveryOther) {
  TdTraining t;
  t.games = 1;
  t.seed = 5;
  t.one_learner = true;
  ValueNet net(4, 8, 4);
  EXPECT_THROW(train_td(net, race(4), t), InvalidInput);  // no opponent policy
  std::array<int, 4> moves_by_seat{};
  t.opponent = [&](const State& s) {
    ++moves_by_seat[s.current_player()];
    return greedy_action(s);
  };
  t.opponent_share = 0.5;
  EXPECT_THROW(train_td(net, race(4), t), InvalidInput);  // one learner draws no shares
  t.opponent_share = 0;
  train_td(net, race(4), t);  // game 0: seat 0 learns
  EXPECT_EQ(moves_by_seat[0], 0);
  for (int p = 1; p < 4; ++p) EXPECT_GT(moves_by_seat[p], 0) << p;
  EXPECT_NE(net.to_text(), ValueNet(4, 8, 4).to_text());
  moves_by_seat = {};
  t.games = 2;  // game 1: seat 1 learns, so seat 0 is greedy's in it
  ValueNet two(4, 8, 4), again(4, 8, 4);
  train_td(two, race(4), t);
  EXPECT_GT(moves_by_seat[0], 0);
  train_td(again, race(4), t);
  EXPECT_EQ(again.to_text(), two.to_text());  // reproducible by seed
}

TEST(ValueNet, LambdaReturnsMixTheNextValuesAndTheResult) {
  // Every seat by greedy, so the game does not depend on the net: the positions are recorded as
  // the opponent plays them, and the training is redone by hand from the net before the game.
  for (double lambda : {0.6, 1.0}) {
    TdTraining t;
    t.games = 1;
    t.seed = 6;
    t.rate = t.final_rate = 0.05;
    t.opponent_share = 1;
    t.lambda = lambda;
    std::vector<State> trace;
    int winner = -1;
    t.opponent = [&](const State& s) {
      const Action a = greedy_action(s);
      State after = s;
      after.apply_unchecked(a);
      if (after.is_terminal())
        winner = after.winner();
      else
        trace.push_back(after);
      return a;
    };
    const ValueNet before(2, 8, 4);
    ValueNet trained = before;
    train_td(trained, race(2), t);
    ASSERT_GT(trace.size(), 10u);
    ASSERT_GE(winner, 0);
    // G_k = (1 - lambda) V(k + 1) + lambda G_(k + 1); the last position's G is the result.
    std::vector<std::array<double, 2>> g(trace.size());
    for (int p = 0; p < 2; ++p) g.back()[p] = winner == p ? 1.0 : 0.0;
    for (size_t k = trace.size() - 1; k-- > 0;)
      for (int p = 0; p < 2; ++p)
        g[k][p] = (1 - lambda) * before.value(trace[k + 1], p) + lambda * g[k + 1][p];
    if (lambda == 1.0) {
      for (const auto& target : g) EXPECT_EQ(target[0] + target[1], 1.0);  // the result alone
    }
    ValueNet by_hand = before;
    for (size_t k = 0; k < trace.size(); ++k)
      for (int p = 0; p < 2; ++p) by_hand.learn(trace[k], p, g[k][p], 0.05);
    EXPECT_EQ(trained.to_text(), by_hand.to_text()) << lambda;
    // Lambda 0 learns as the game goes, from values that change: another net.
    ValueNet td0 = before;
    t.lambda = 0;
    train_td(td0, race(2), t);
    EXPECT_NE(td0.to_text(), trained.to_text());
  }
}

TEST(ValueNet, BuiltInNetsOnlyForTheGamesTheyWereTrainedOn) {
  for (int n : {2, 4}) {
    const LearntValue* net = race_value(race(n));
    ASSERT_NE(net, nullptr) << n << " players";
    EXPECT_EQ(net->players(), n);
    Options o = race(n);
    o.first_player = kYellow;
    o.match_target = 100;
    EXPECT_EQ(race_value(o), net);  // who starts and the match length do not matter
  }
  Options teams;
  teams.teams = true;
  Options points = race(2);
  points.points = true;
  Options adjacent = race(2);
  adjacent.colours = 0b0011;  // red and blue
  Options fast = race(2);
  fast.fast_start = true;
  Options forward4 = race(4);
  forward4.sorry_forward_4 = true;
  for (const Options& o : {teams, points, adjacent, fast, forward4})
    EXPECT_EQ(race_value(o), nullptr) << options_to_json(o).dump();
}

// `learnt` and `strong` (both searches) play by the nets of a file named as `net`: the built-in
// nets written to a file play the very same games as the built-in ones, other nets play other
// games, and a file that holds no nets, or nets for another number of players, is refused.
TEST(ValueNet, BotsPlayByTheNetsOfAFile) {
  const std::string dir = ::testing::TempDir();
  const std::string builtin = dir + "/tabletop_builtin_2p.txt", other = dir + "/tabletop_other.txt";
  std::string nets;
  for (const ValueNet& net : race_value(race(2))->nets()) nets += net.to_text();
  write_text_file(builtin, nets);
  write_text_file(other, ValueNet(2, 6, 3).to_text() + ValueNet(2, 6, 4).to_text());
  const std::string strong = "strong:rollouts=6:horizon=2";
  const std::string tree = "strong:tree=1:iterations=30:horizon=2";
  int differ = 0, tree_differs = 0;
  for (uint64_t seed : {1, 2, 3}) {
    const auto actions = [&](const std::string& bot) {
      return testing::play(race(2), {bot, "greedy"}, seed).actions;
    };
    EXPECT_EQ(actions("learnt:net=" + builtin), actions("learnt"));
    EXPECT_EQ(actions(strong + ":net=" + builtin), actions(strong));
    EXPECT_EQ(actions(tree + ":net=" + builtin), actions(tree));
    differ += actions("learnt:net=" + other) != actions("learnt");
    // The tree search plays by the learnt value too, where value=0 plays by the evaluation.
    tree_differs += actions(tree) != actions(tree + ":value=0");
  }
  EXPECT_GT(differ, 0);
  EXPECT_GT(tree_differs, 0);
  auto bot = make_bot("learnt:net=" + builtin, 1);
  const State four(race(4));
  EXPECT_THROW(bot->choose({four, 0}), InvalidInput);  // a 2-player net in a race of four
  EXPECT_THROW(make_bot("learnt:net=" + dir + "/tabletop_no_such_net.txt", 1), InvalidInput);
  write_text_file(dir + "/tabletop_not_a_net.txt", "not a net\n");
  EXPECT_THROW(make_bot("learnt:net=" + dir + "/tabletop_not_a_net.txt", 1), InvalidInput);
  EXPECT_THROW(make_bot("learnt:net=", 1), InvalidInput);
  EXPECT_THROW(make_bot(strong + ":value=0:net=" + builtin, 1), InvalidInput);
  EXPECT_THROW(make_bot("strong:depth=2:net=" + builtin, 1), InvalidInput);  // the expectimax
}

// Through games between greedy bots (halfway, at 70% and at 90% of their decisions), the built-in
// nets name the eventual winner as the player most likely to win well above chance, and
// about as often as the hand-made evaluation names it as the player ahead (bot_eval.h).
TEST(ValueNet, BuiltInNetsKnowWhoIsWinning) {
  for (int n : {2, 3, 4}) {
    const LearntValue& net = *race_value(race(n));
    int net_right = 0, eval_right = 0, asked = 0;
    double start = 0;
    for (int g = 0; g < 60; ++g) {
      const Game game = greedy_game(race(n), mix_seed(n, g));
      start += net.value(game.positions.front(), 0);
      for (int tenth : {5, 7, 9}) {
        const State& s = game.positions[game.positions.size() * tenth / 10];
        int by_net = 0, by_eval = 0;
        for (int p = 1; p < n; ++p) {
          if (net.value(s, p) > net.value(s, by_net)) by_net = p;
          if (evaluate(s, p) > evaluate(s, by_eval)) by_eval = p;
        }
        net_right += by_net == game.winner;
        eval_right += by_eval == game.winner;
        ++asked;
      }
    }
    EXPECT_GE(net_right, asked / n + asked / 10)
        << n << " players: " << net_right << " of " << asked;
    EXPECT_GE(net_right, eval_right * 9 / 10)
        << n << " players: " << net_right << " against " << eval_right;
    EXPECT_NEAR(start / 60, 1.0 / n, 0.1) << n << " players, after the first move";
  }
}

// One ply by the learnt value beats greedy head to head (about 57% over 20,000 games); fixed
// seeds, seats alternating.
TEST(ValueNet, LearntBeatsGreedy) {
  const int games = 600;
  const int wins = testing::head_to_head(race(2), "learnt", "greedy", games, 23).a_wins;
  EXPECT_GT(wins, games / 2) << wins << " of " << games;
}

}  // namespace
}  // namespace tabletop::sorry
