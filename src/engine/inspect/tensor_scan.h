// Plain passes over a tensor's memory for the probes and the NaN guard: per step they
// run over every parameter, where a LibTorch op per tensor (dispatch, allocation, sync)
// would cost more than the arithmetic.
#pragma once

#include <torch/torch.h>

#include <vector>

namespace trainscope {

// Sum of squares in double: NaN/Inf when any element is (a float squared never
// overflows a double). Falls back to LibTorch for non-CPU or non-float32 tensors.
double squaredSum(const torch::Tensor& t);
// An evenly strided sample of at most n values of a tensor (any device, any dtype),
// read without copying CPU float32 tensors, contiguous or not.
std::vector<float> sampleOf(const torch::Tensor& t, int n);

}  // namespace trainscope
