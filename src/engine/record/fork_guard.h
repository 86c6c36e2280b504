// A forked child never writes the parent's records, and never hangs at its exit. HDF5
// closes every file still open when a process exits (its own exit handler, registered
// when it starts), a forked child's copies too: closing metrics.h5 or probes.h5 there
// would flush, truncate and unlock the parent's file while the parent writes it; and
// its global lock may have been held by another thread of the parent at the fork (the
// run's writer thread), so the child would wait for it for ever. A ForkGuard registers
// an open file's descriptor; in a forked child (pthread_atfork) each registered
// descriptor is pointed at /dev/null before the child runs a line, and the child's exit
// skips the exit handlers it inherited (on_exit, then _exit with its status: Python's
// own atexit handlers have run by then). No HDF5 call runs in the child. A forked child
// that calls HDF5 itself while the parent writes (h5py on the same libhdf5) can still
// wait on that lock: the library is not fork-safe.
#pragma once

#include <hdf5.h>

namespace trainscope {

class ForkGuard {
 public:
  ForkGuard() = default;
  explicit ForkGuard(hid_t file);  // a file opened for writing (the sec2 driver's descriptor)
  ~ForkGuard();
  ForkGuard(ForkGuard&& other) noexcept;
  ForkGuard& operator=(ForkGuard&& other) noexcept;
  ForkGuard(const ForkGuard&) = delete;
  ForkGuard& operator=(const ForkGuard&) = delete;

 private:
  void release();
  int slot_ = -1;
};

}  // namespace trainscope
