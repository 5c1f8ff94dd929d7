// Public face of the route scorer (scorer.h); the search itself is in scorer_search.cc.
#include "ontour/scorer.h"

#include <utility>

#include "ontour/scorer_search.h"

namespace tabletop::ontour {

struct RouteScorer::Impl {
  explicit Impl(const Map& map) : search(map) {}
  RouteSearch search;
};

RouteScorer::RouteScorer(const Map& map) : impl_(new Impl(map)) {}
RouteScorer::~RouteScorer() { delete impl_; }
RouteScorer::RouteScorer(RouteScorer&& other) noexcept
    : impl_(std::exchange(other.impl_, nullptr)) {}
RouteScorer& RouteScorer::operator=(RouteScorer&& other) noexcept {
  std::swap(impl_, other.impl_);
  return *this;
}

Route RouteScorer::best(const Sheet& sheet) { return impl_->search.best(sheet); }
RouteValue RouteScorer::value(const Sheet& sheet) { return impl_->search.value(sheet); }
std::array<long, 3> RouteScorer::last_states() const {
  static_assert(RouteSearch::kStages == 3);
  return impl_->search.stats().states;
}

Route best_route(const Map& map, const Sheet& sheet) { return RouteScorer(map).best(sheet); }

}  // namespace tabletop::ontour
