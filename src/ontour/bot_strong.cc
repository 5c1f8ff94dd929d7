#include "ontour/bot_strong.h"

#include <algorithm>
#include <array>
#include <numeric>

#include <fmt/format.h>

#include "core/error.h"
#include "ontour/bot_greedy.h"
#include "ontour/bot_plan.h"
#include "ontour/bot_rollout.h"
#include "ontour/scorer.h"

namespace tabletop::ontour {

long schedule_rollouts(long n, int first, int rounds) {
  long total = 0, per_round = first;
  for (int round = 0; round < rounds && n > 1; ++round) {
    total += n * per_round;
    per_round *= 2;
    if (round + 1 < rounds) n = std::max(2L, (n + 2) / 3);
  }
  return total;
}

int first_round_rollouts(long n, int rollouts, int rounds, long budget, int plans) {
  int first = rollouts;
  while (budget > 0 && first > 1 && plans * schedule_rollouts(n, first, rounds) > budget) --first;
  return first;
}

long rollout_work(int empty, const std::array<long, 3>& states) {
  return kEmptySpaceWork * empty + states[0] + kReachStateWork * (states[1] + states[2]);
}

namespace {

class StrongBot : public Bot {
 public:
  StrongBot(std::string name, uint64_t seed, int rollouts, int candidates, int rounds, int length,
            bool per_candidate_plan, int shortlist, int plans, long budget, long work,
            PlanWeights weights)
      : name_(std::move(name)),
        shortlist_(shortlist),
        plans_(plans),
        weights_(weights),
        length_(length),
        per_candidate_plan_(per_candidate_plan),
        rng_(seed, 0x5354524f4e47ULL),
        rollouts_(rollouts),
        candidates_(candidates),
        rounds_(rounds),
        budget_(budget),
        work_(work) {}

  Placement choose(const PlayerView& view) override {
    const State& s = view.state;
    const int me = view.player;
    tools_.prepare(s.map(), length_, 2);
    // One draw per decision, whatever happens below, keeps later decisions independent of the
    // number of rollouts an earlier one needed.
    const uint64_t decision_seed = rng_.next_u64();
    if (is_last_turn(s)) return best_last_placement(s, me, tools_.scorer());

    const Sheet& sheet = s.sheet(me);
    // A candidate's sheet differs from this one by a write or two: its best plan is searched
    // among the plans that fit this sheet best, not among all of them.
    const std::vector<RoutePlan> shortlist =
        best_plans(tools_.plans(), sheet, per_candidate_plan_ ? shortlist_ : 1, weights_.reach,
                   count(sheet.empty(s.map())));
    const RoutePlan& plan = shortlist.front();
    // The plans each rollout follows (and the budget charges it): no more than the shortlist
    // holds, and one without replanning.
    const int plans = per_candidate_plan_ ? std::min<int>(plans_, shortlist.size()) : 1;
    PlanCosts costs(s.map(), plan, weights_);
    costs.update(sheet);
    auto ranked = ranked_placements(s, me, costs, candidates_);
    if (ranked.size() == 1) return ranked.front().placement;

    CardKnowledge known = card_knowledge(s);
    for (int i = 0; i < s.revealed_count(); ++i) known.discards |= bit(s.revealed(i));

    struct Candidate {
      Sheet sheet;
      std::vector<const RoutePlan*> plans;  // the rollouts follow each, the best one counting
      double total = 0;
      int empty = 0;  // its empty spaces: the writes a rollout plays
    };
    std::vector<Candidate> cands;
    for (const auto& sp : ranked) {
      Candidate c{s.sheet_after(me, sp.placement), {}};
      c.empty = count(c.sheet.empty(s.map()));
      if (!per_candidate_plan_) {
        c.plans = {&plan};
      } else {
        for (size_t k : best_plan_indices(shortlist, c.sheet, plans, weights_.reach,
                                          count(c.sheet.empty(s.map()))))
          c.plans.push_back(&shortlist[k]);
      }
      cands.push_back(std::move(c));
    }
    std::vector<int> alive(cands.size());
    std::iota(alive.begin(), alive.end(), 0);
    int done = 0;   // rollouts every alive candidate has had (the same futures for all)
    long work = 0;  // rollout_work of the rollouts so far
    // The first turns offer a thousand placements and more: fewer rollouts each in the first round
    // keep such a decision within the budget (and its time near the others').
    int per_round =
        first_round_rollouts(static_cast<long>(cands.size()), rollouts_, rounds_, budget_, plans);
    bool out_of_work = false;
    std::vector<double> scored(cands.size());  // this future's score of each alive candidate
    for (int round = 0; round < rounds_ && alive.size() > 1 && !out_of_work; ++round) {
      int played = 0;
      for (int r = done; r < done + per_round && !out_of_work; ++r) {
        const uint64_t future = mix_seed(decision_seed, r);
        for (size_t a = 0; a < alive.size() && !out_of_work; ++a) {
          const int i = alive[a];
          double best = -1;
          for (const RoutePlan* p : cands[i].plans) {
            Sheet end = cands[i].sheet;
            Rng rng(future);
            rollout(s.map(), s.options(), *p, end, known, rng, weights_);
            const RouteValue route = tools_.scorer().value(end);
            work += rollout_work(cands[i].empty, tools_.scorer().last_states());
            best = std::max(best, route.score + 0.01 * route.circles);
          }
          scored[i] = best;
          out_of_work = work_ > 0 && work > work_;
        }
        // Out of work amid a future: the candidates it reached give it back, so that every alive
        // candidate's total is over the same futures.
        if (out_of_work) break;
        for (int i : alive) cands[i].total += scored[i];
        ++played;
      }
      done += played;
      per_round *= 2;
      std::stable_sort(alive.begin(), alive.end(),
                       [&](int a, int b) { return cands[a].total > cands[b].total; });
      if (round + 1 < rounds_ && !out_of_work)
        alive.resize(std::max<size_t>(2, (alive.size() + 2) / 3));
    }
    return ranked[alive.front()].placement;
  }

  std::string name() const override { return name_; }
  std::unique_ptr<Bot> clone() const override { return std::make_unique<StrongBot>(*this); }

 private:
  std::string name_;
  int shortlist_;
  int plans_;  // plans each rollout follows, the best counting (1: the best-fitting plan alone)
  PlanWeights weights_;
  int length_;
  bool per_candidate_plan_;
  Rng rng_;
  int rollouts_, candidates_, rounds_;
  long budget_;  // plan rollouts per decision at most (as the first round's share allows); 0: none
  long work_;    // rollout_work per decision at most; 0: none
  MapTools tools_;
};

}  // namespace

std::unique_ptr<Bot> make_strong_bot(const BotSpec& spec, uint64_t seed) {
  std::vector<std::string> known = plan_weight_names();
  known.insert(known.end(), {"rollouts", "candidates", "rounds", "length", "replan", "shortlist",
                             "plans", "budget", "work"});
  spec.check_known(known);
  const bool replan = spec.integer("replan", 1, 0, 1) != 0;
  // Without replanning every rollout follows the plan of the sheet before the turn: no shortlist
  // to choose from and one plan per rollout, which is what the budget is then charged.
  if (!replan)
    for (const char* unused : {"shortlist", "plans"})
      if (spec.params.count(unused))
        throw InvalidInput(fmt::format(
            "bot {}: with replan=0 every rollout follows the plan of the sheet before the turn, "
            "so {} plays no part",
            spec.to_string(), unused));
  return std::make_unique<StrongBot>(
      spec.to_string(), seed, spec.integer("rollouts", 16, 1, 100000),
      spec.integer("candidates", 2000, 1, 100000), spec.integer("rounds", 5, 1, 10),
      spec.integer("length", kDefaultPlanLength, 0, 64), replan,
      spec.integer("shortlist", 64, 1, 100000), spec.integer("plans", 3, 1, 64),
      spec.integer("budget", 36000, 0, 100000000),
      kWorkPerUnit * spec.integer("work", kDefaultWork, 0, 100000000), plan_weights(spec));
}

}  // namespace tabletop::ontour
