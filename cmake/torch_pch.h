// The one precompiled header of every torch target (engine, tests, benchmarks):
// LibTorch's headers are most of a torch translation unit's compile time.
#pragma once
#include <torch/torch.h>
