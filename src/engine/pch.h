// Precompiled header for the engine: LibTorch's headers dominate build time.
#pragma once
#include <torch/torch.h>
