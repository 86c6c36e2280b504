// Switches the process's OpenMP threads between spinning and sleeping while they wait
// for the next op, at any time (libgomp reads OMP_WAIT_POLICY only when it loads).
// libgomp spins a waiting thread up to GOMP_SPINCOUNT turns, but only 100 once the
// process holds more OpenMP threads than it has CPUs (GCC's manual, GOMP_SPINCOUNT).
// Passive waiting parks an idle team of that many threads on a thread of its own: they
// sleep and cost nothing, and every team waits passively until it is released. On a
// machine where other work holds the cores, a spinning thread burns the time slice the
// thread it waits for needs (a LeNet step 3-4x slower than with passive waits,
// docs/benchmarks.md). Plain C++, no torch.
#pragma once

#include <memory>

namespace trainscope {

class PassiveWaiting {
 public:
  PassiveWaiting();
  ~PassiveWaiting();  // releases the parked team
  PassiveWaiting(const PassiveWaiting&) = delete;
  PassiveWaiting& operator=(const PassiveWaiting&) = delete;

  // Parks (true) or releases (false) the idle team; returns at once when nothing changes.
  void set(bool passive);
  bool passive() const { return parked_ != nullptr; }

 private:
  struct Parked;
  std::unique_ptr<Parked> parked_;
};

}  // namespace trainscope
