// Disjoint sets over 0..n-1 (path halving): groups of images joined pair by pair.
#pragma once

#include <cstddef>
#include <cstdint>
#include <numeric>
#include <vector>

namespace trainscope {

class UnionFind {
 public:
  explicit UnionFind(size_t n) : parent_(n) { std::iota(parent_.begin(), parent_.end(), int64_t{0}); }
  int64_t find(int64_t i) {
    while (at(i) != i) i = at(i) = at(at(i));
    return i;
  }
  void join(int64_t a, int64_t b) { at(find(a)) = find(b); }

 private:
  int64_t& at(int64_t i) { return parent_[static_cast<size_t>(i)]; }
  std::vector<int64_t> parent_;
};

}  // namespace trainscope
