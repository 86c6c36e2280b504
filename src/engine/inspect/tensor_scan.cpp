#include "engine/inspect/tensor_scan.h"

#include <algorithm>

namespace trainscope {

double squaredSum(const torch::Tensor& t) {
  if (!t.defined() || t.numel() == 0) return 0;
  if (!(t.device().is_cpu() && t.scalar_type() == torch::kFloat32 && t.is_contiguous())) {
    const torch::Tensor x = t.detach().to(torch::kFloat64);
    return (x * x).sum().item<double>();
  }
  // Independent lanes let the compiler vectorise without reassociating one running sum.
  const float* p = t.data_ptr<float>();
  const int64_t n = t.numel();
  double lane[8] = {0, 0, 0, 0, 0, 0, 0, 0};
  int64_t i = 0;
  for (; i + 8 <= n; i += 8)
    for (int k = 0; k < 8; ++k) lane[k] += static_cast<double>(p[i + k]) * p[i + k];
  for (; i < n; ++i) lane[0] += static_cast<double>(p[i]) * p[i];
  double total = 0;
  for (double v : lane) total += v;
  return total;
}

std::vector<float> sampleOf(const torch::Tensor& t, int n) {
  std::vector<float> out;
  const int64_t size = t.numel();
  if (size == 0 || n <= 0) return out;
  const int64_t stride = std::max<int64_t>(1, size / n);
  const int64_t count = std::min<int64_t>(n, (size + stride - 1) / stride);
  out.resize(static_cast<size_t>(count));
  if (t.device().is_cpu() && t.scalar_type() == torch::kFloat32) {
    const float* p = t.data_ptr<float>();
    if (t.is_contiguous()) {
      for (int64_t i = 0; i < count; ++i) out[i] = p[i * stride];
      return out;
    }
    // Gradients often arrive non-contiguous (expanded, channels-last): walk their
    // strides. The linear step is split into per-dimension digits once; each sample
    // then adds them with carries, so no division runs per value.
    const int64_t dims = t.dim();
    const auto sizes = t.sizes();
    const auto strides = t.strides();
    std::vector<int64_t> digit(dims), index(dims, 0);
    for (int64_t d = dims - 1, rest = stride; d >= 0; --d) {
      digit[d] = rest % sizes[d];
      rest /= sizes[d];
    }
    int64_t offset = 0;
    for (int64_t i = 0;; ++i) {
      out[i] = p[offset];
      if (i + 1 == count) break;
      int64_t carry = 0;
      for (int64_t d = dims - 1; d >= 0; --d) {
        int64_t next = index[d] + digit[d] + carry;
        carry = next >= sizes[d];
        if (carry) next -= sizes[d];
        offset += (next - index[d]) * strides[d];
        index[d] = next;
      }
    }
    return out;
  }
  const torch::Tensor s =
      t.detach().reshape({-1}).slice(0, 0, count * stride, stride).to(torch::kCPU, torch::kFloat32).contiguous();
  std::copy(s.data_ptr<float>(), s.data_ptr<float>() + count, out.begin());
  return out;
}

}  // namespace trainscope
