// How many threads LibTorch uses, and how the C allocator treats training's
// allocations. No torch in this header: the CLI and the app call it directly.
#pragma once

namespace trainscope {

// Sets LibTorch's intra-op threads: `requested`, or all cores when 0. Returns the count.
int configureThreads(int requested);
// Whether this LibTorch has CUDA and a GPU is present.
bool cudaAvailable();
// LibTorch on the calling thread runs on that thread alone (its OpenMP count set to 1),
// as PyTorch's DataLoader workers do. For every thread that is not a run's own (loader
// workers, the app's background tasks): then a run's OpenMP team is the only one, and
// libgomp keeps it spinning between ops; once all teams together hold more threads than
// there are cores, libgomp makes every team sleep between ops instead, which halves a
// small model's throughput (docs/benchmarks.md). A later configureThreads on the same
// thread overrides it.
void useOneComputeThread();
// Tunes the C allocator for training's allocation pattern (once per process; glibc only).
void keepFreedMemoryForReuse();
// How much lower (Linux nice, 0..19) the threads of runs started from now on run than
// the process: the app sets 5, so its GUI thread gets a core the moment it wakes rather
// than waiting out a training thread's time slice. A run's thread applies it to itself
// first; its loader workers and LibTorch's threads, started from it, inherit it.
void setRunThreadNiceness(int increment);
// Applies it to the calling thread (a run's thread calls this when it starts).
void applyRunThreadNiceness();

}  // namespace trainscope
