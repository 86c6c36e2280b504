// Seeds derived from (seed, epoch, sample) so that every random choice of the data
// pipeline is reproducible whatever the number of worker threads, and a run resumed
// mid-epoch sees exactly the batches it would have seen.
#pragma once

#include <cstdint>
#include <random>

namespace trainscope {

inline uint64_t splitmix64(uint64_t x) {
  x += 0x9E3779B97F4A7C15ull;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
  return x ^ (x >> 31);
}

inline uint64_t mixSeed(uint64_t a, uint64_t b) { return splitmix64(a ^ splitmix64(b + 0x632BE59BD9B4E019ull)); }
inline uint64_t mixSeed(uint64_t a, uint64_t b, uint64_t c) { return mixSeed(mixSeed(a, b), c); }

// The generator the transforms draw from, with torchvision-style helpers.
class Rng {
 public:
  explicit Rng(uint64_t seed) : engine_(seed) {}
  double uniform(double lo, double hi) { return std::uniform_real_distribution<double>(lo, hi)(engine_); }
  // Integer in [lo, hi), like torch.randint(lo, hi).
  int64_t randint(int64_t lo, int64_t hi) {
    return hi <= lo ? lo : std::uniform_int_distribution<int64_t>(lo, hi - 1)(engine_);
  }
  bool bernoulli(double p) { return uniform(0.0, 1.0) < p; }
  std::mt19937_64& engine() { return engine_; }

 private:
  std::mt19937_64 engine_;
};

}  // namespace trainscope
