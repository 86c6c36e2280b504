#include "engine/record/fork_guard.h"

#include <fcntl.h>
#include <pthread.h>
#include <unistd.h>

#include <array>
#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <mutex>
#include <utility>

namespace trainscope {

namespace {
// Lock-free slots holding descriptor + 1 (0: empty, as a static array starts): the
// child's handler may only make async-signal-safe calls.
constexpr size_t kSlots = 256;
std::array<std::atomic<int>, kSlots>& slots() {
  static std::array<std::atomic<int>, kSlots> held{};
  return held;
}

// Runs first among the child's exit handlers (the last registered): the status the
// child exits with, without the handlers registered before the fork. HDF5's would take
// its global lock, which another thread of the parent may have held at the fork (the
// child would wait for ever), and would close the parent's files.
void exitWithoutInheritedHandlers(int status, void*) {
  std::fflush(nullptr);
  ::_exit(status);
}

void inForkedChild() {
  const int null = ::open("/dev/null", O_RDWR | O_CLOEXEC);
  if (null >= 0) {
    for (auto& s : slots())
      if (const int held = s.load(); held > 0) ::dup2(null, held - 1);  // the copy goes nowhere; the parent's stays
    ::close(null);
  }
  ::on_exit(exitWithoutInheritedHandlers, nullptr);
}

// The descriptor under an HDF5 file opened with the default (sec2) driver; -1 otherwise.
int descriptorOf(hid_t file) {
  void* handle = nullptr;
  if (H5Fget_vfd_handle(file, H5P_DEFAULT, &handle) < 0 || !handle) return -1;
  return *static_cast<int*>(handle);
}
}  // namespace

ForkGuard::ForkGuard(hid_t file) {
  static std::once_flag registered;
  std::call_once(registered, [] { pthread_atfork(nullptr, nullptr, inForkedChild); });
  const int fd = descriptorOf(file);
  if (fd < 0) return;
  for (size_t i = 0; i < kSlots; ++i) {
    int empty = 0;
    if (slots()[i].compare_exchange_strong(empty, fd + 1)) {
      slot_ = static_cast<int>(i);
      return;
    }
  }  // more than kSlots files written at once: the rest go unguarded
}

ForkGuard::~ForkGuard() { release(); }

ForkGuard::ForkGuard(ForkGuard&& other) noexcept : slot_(std::exchange(other.slot_, -1)) {}

ForkGuard& ForkGuard::operator=(ForkGuard&& other) noexcept {
  if (this != &other) {
    release();
    slot_ = std::exchange(other.slot_, -1);
  }
  return *this;
}

void ForkGuard::release() {
  if (slot_ >= 0) slots()[static_cast<size_t>(slot_)].store(0);
  slot_ = -1;
}

}  // namespace trainscope
