// Compiled with -fopenmp (src/engine/CMakeLists.txt): the parked team is libgomp's.
// Without it (the fuzz targets' build, which never trains) it parks nothing.
#include "engine/system/passive_waiting.h"

#include "engine/system/usable_cores.h"

#include <algorithm>
#include <condition_variable>
#include <mutex>
#include <thread>

namespace trainscope {

namespace {

// libgomp compares its threads with the CPUs of the affinity it started with.
int cpusToExceed() {
  const int affinity = static_cast<int>(affinityCpus().size());
  return affinity > 0 ? affinity : std::max(1, static_cast<int>(std::thread::hardware_concurrency()));
}

}  // namespace

struct PassiveWaiting::Parked {
  std::mutex mutex;
  std::condition_variable changed;
  bool formed = false, release = false;
  std::thread holder;

  // Returns once the team has formed: from then on every team waits asleep.
  Parked() {
    holder = std::thread([this, size = cpusToExceed() + 1] {
      // The team's threads return to this thread's pool when the region ends and stay
      // there, asleep, counted by libgomp, until this thread exits.
      // (An empty region was seen to form no team: each member counts itself.)
      int members = 0;
#ifdef _OPENMP  // a build without OpenMP (the fuzz targets) has no team to park
#pragma omp parallel num_threads(size)
      {
#pragma omp atomic
        ++members;
      }
#endif
      (void)size, (void)members;
      std::unique_lock<std::mutex> lock(mutex);
      formed = true;
      changed.notify_all();
      changed.wait(lock, [this] { return release; });
    });
    std::unique_lock<std::mutex> lock(mutex);
    changed.wait(lock, [this] { return formed; });
  }
  ~Parked() {
    {
      std::lock_guard<std::mutex> lock(mutex);
      release = true;
    }
    changed.notify_all();
    holder.join();
  }
};

PassiveWaiting::PassiveWaiting() = default;
PassiveWaiting::~PassiveWaiting() = default;

void PassiveWaiting::set(bool passive) {
  if (passive && !parked_) parked_ = std::make_unique<Parked>();
  if (!passive) parked_.reset();
}

}  // namespace trainscope
