#include "engine/system/device.h"

#include "engine/config/config_fields.h"
#include "engine/system/usable_cores.h"

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <mutex>
#include <stdexcept>
#include <thread>

#ifdef __GLIBC__
#include <malloc.h>
#endif
// LibTorch's OpenMP runtime (libgomp for Debian's, a bundled copy for PyTorch's wheels),
// loaded with LibTorch: a weak reference binds to whichever it is, and is null without one.
extern "C" void omp_set_num_threads(int) __attribute__((weak));
#ifdef __linux__
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>
#endif

namespace trainscope {

bool cudaAvailable() { return torch::cuda::is_available(); }

torch::Device resolveDevice(const std::string& requested) {
  if (requested == "cpu") return torch::kCPU;
  if (cudaAvailable()) return torch::Device(torch::kCUDA, 0);
  if (requested == "cuda")
    throw std::runtime_error("device: CUDA was requested but this LibTorch has no CUDA or no GPU is present");
  return torch::kCPU;
}

std::string readableTorchError(const c10::Error& e) {
  std::string line = e.msg().substr(0, e.msg().find('\n'));
  if (line.find("can't allocate memory") != std::string::npos || line.find("out of memory") != std::string::npos)
    line += " (out of memory: try a smaller " + configField(&ExperimentConfig::loader, &LoaderConfig::batch_size).key +
            ", smaller images, or a smaller model)";
  return "LibTorch: " + line;
}

void keepFreedMemoryForReuse() {
#ifdef __GLIBC__
  // glibc's defaults give memory back to the OS as soon as the top of a heap is free,
  // and the per-step churn of activations then page-faults hundreds of times a step:
  // with probes on, 400k faults and a third of the throughput per LeNet epoch
  // (docs/benchmarks.md). Keep up to 256 MiB of freed memory and serve blocks up to
  // glibc's largest mmap threshold (32 MiB) from the heap.
  static std::once_flag once;
  std::call_once(once, [] {
    mallopt(M_MMAP_THRESHOLD, 32 * 1024 * 1024);
    mallopt(M_TRIM_THRESHOLD, 256 * 1024 * 1024);
  });
#endif
}

namespace {
std::atomic<int> runNiceness{0};
}

void setRunThreadNiceness(int increment) { runNiceness = std::clamp(increment, 0, 19); }

void applyRunThreadNiceness() {
#ifdef __linux__
  const int increment = runNiceness.load();
  if (increment <= 0) return;
  // On Linux a thread is its own scheduling entity: this changes the calling thread only.
  const auto tid = static_cast<id_t>(syscall(SYS_gettid));
  errno = 0;
  const int now = getpriority(PRIO_PROCESS, tid);
  if (errno == 0) (void)setpriority(PRIO_PROCESS, tid, std::min(19, now + increment));
#endif
}

void useOneComputeThread() {
  // ATen sets a thread's OpenMP count on the thread's first parallel op, from its
  // process-wide count: let it do so now, so that it does not undo this later.
  (void)at::get_num_threads();
  if (omp_set_num_threads) omp_set_num_threads(1);  // this thread's only (at::set_num_threads: the process's too)
}

int configureThreads(int requested) {
  const int n = requested > 0 ? requested : usableCores().count;
  torch::set_num_threads(n);
  return n;
}

}  // namespace trainscope
