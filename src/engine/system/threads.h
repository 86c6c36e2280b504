// How many threads LibTorch uses, and how the C allocator treats training's
// allocations. No torch in this header: the CLI and the app call it directly.
#pragma once

namespace trainscope {

// Sets LibTorch's intra-op threads: `requested`, or all cores when 0. Returns the count.
int configureThreads(int requested);
// Whether this LibTorch has CUDA and a GPU is present.
bool cudaAvailable();
// Tunes the C allocator for training's allocation pattern (once per process; glibc only).
void keepFreedMemoryForReuse();

}  // namespace trainscope
