#include "engine/data/label_noise.h"

#include "engine/data/rng.h"

#include <algorithm>
#include <numeric>

namespace trainscope {

NoisyLabels::NoisyLabels(std::shared_ptr<const Dataset> base, double share, uint64_t seed) : base_(std::move(base)) {
  const int64_t n = base_->size();
  const auto classes = static_cast<int64_t>(base_->classes().size());
  labels_.resize(static_cast<size_t>(n));
  for (int64_t i = 0; i < n; ++i) labels_[static_cast<size_t>(i)] = base_->label(i);
  if (classes < 2 || n == 0 || share <= 0) return;
  std::vector<int64_t> order(static_cast<size_t>(n));
  std::iota(order.begin(), order.end(), 0);
  Rng rng(mixSeed(seed, 0x1abe1));
  for (int64_t i = n - 1; i > 0; --i) std::swap(order[static_cast<size_t>(i)], order[rng.randint(0, i + 1)]);
  const auto count = static_cast<size_t>(static_cast<double>(n) * share + 0.5);
  flipped_.assign(order.begin(), order.begin() + static_cast<std::ptrdiff_t>(std::min(count, order.size())));
  std::sort(flipped_.begin(), flipped_.end());
  for (int64_t i : flipped_) {
    const int64_t truth = labels_[static_cast<size_t>(i)];
    original_.push_back(truth);
    labels_[static_cast<size_t>(i)] = (truth + 1 + rng.randint(0, classes - 1)) % classes;  // never the same
  }
}

}  // namespace trainscope
