#include "engine/models/max_pool.h"

#include <ATen/Parallel.h>
#include <ATen/native/Pool.h>

#include <cmath>
#include <cstring>
#include <limits>
#include <optional>
#include <type_traits>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace trainscope {

namespace {

struct PoolGeometry {
  int64_t inH, inW, outH, outW;
  int64_t kH, kW, sH, sW, padH, padW, dilH, dilW;
  bool ceil;
};

PoolGeometry geometryOf(const torch::Tensor& x, const torch::nn::MaxPool2dOptions& o) {
  PoolGeometry g{};
  g.inH = x.size(-2), g.inW = x.size(-1);
  g.kH = o.kernel_size()->at(0), g.kW = o.kernel_size()->at(1);
  g.sH = o.stride()->at(0), g.sW = o.stride()->at(1);
  g.padH = o.padding()->at(0), g.padW = o.padding()->at(1);
  g.dilH = o.dilation()->at(0), g.dilW = o.dilation()->at(1);
  g.ceil = o.ceil_mode();
  g.outH = at::native::pooling_output_shape<int64_t>(g.inH, g.kH, g.padH, g.sH, g.dilH, g.ceil);
  g.outW = at::native::pooling_output_shape<int64_t>(g.inW, g.kW, g.padW, g.sW, g.dilW, g.ceil);
  return g;
}

template <typename T>
struct BitsOf;
template <>
struct BitsOf<float> {
  using type = uint32_t;
};
template <>
struct BitsOf<double> {
  using type = uint64_t;
};

// The running maximum of a window, in the order LibTorch's cpu_max_pool visits it, so
// ties resolve to the same index: a value replaces the best when greater or NaN. With
// masks, not branches (GCC turns the plain ternaries into jumps).
template <typename T>
struct RunningMax {
  using Bits = typename BitsOf<T>::type;
  T best;
  int64_t index;
  void offer(T v, int64_t at) {
    const Bits take = Bits{0} - static_cast<Bits>((v > best) | (v != v));
    Bits vb, bb;
    std::memcpy(&vb, &v, sizeof v);
    std::memcpy(&bb, &best, sizeof best);
    bb = (vb & take) | (bb & ~take);
    std::memcpy(&best, &bb, sizeof best);
    const int64_t takeIndex = -static_cast<int64_t>(take & 1);
    index = (at & takeIndex) | (index & ~takeIndex);
  }
};

template <typename T>
void poolPlane(const T* in, T* out, int64_t* indices, const PoolGeometry& g) {
  for (int64_t oh = 0; oh < g.outH; ++oh) {
    int64_t ih0 = oh * g.sH - g.padH;
    const int64_t ih1 = std::min(ih0 + (g.kH - 1) * g.dilH + 1, g.inH);
    while (ih0 < 0) ih0 += g.dilH;
    for (int64_t ow = 0; ow < g.outW; ++ow) {
      int64_t iw0 = ow * g.sW - g.padW;
      const int64_t iw1 = std::min(iw0 + (g.kW - 1) * g.dilW + 1, g.inW);
      while (iw0 < 0) iw0 += g.dilW;
      RunningMax<T> m{-std::numeric_limits<T>::infinity(), ih0 * g.inW + iw0};
      for (int64_t ih = ih0; ih < ih1; ih += g.dilH)
        for (int64_t iw = iw0; iw < iw1; iw += g.dilW) m.offer(in[ih * g.inW + iw], ih * g.inW + iw);
      out[oh * g.outW + ow] = m.best;
      indices[oh * g.outW + ow] = m.index;
    }
  }
}

// The common MaxPool2d(2), one output row from two input rows. Every window lies
// inside the plane (no padding, floor mode), so its first element starts the maximum.
template <typename T>
void poolRow2x2(const T* r0, const T* r1, T* out, int64_t* indices, int64_t from, int64_t outW, int64_t base,
                int64_t inW) {
  for (int64_t ow = from; ow < outW; ++ow) {
    const int64_t c = 2 * ow;
    RunningMax<T> m{r0[c], base + c};
    m.offer(r0[c + 1], base + c + 1);
    m.offer(r1[c], base + inW + c);
    m.offer(r1[c + 1], base + inW + c + 1);
    out[ow] = m.best;
    indices[ow] = m.index;
  }
}

#if defined(__SSE2__)
// Four outputs at a time: the even and odd columns of both rows, compared in the
// window's order, the winner's offset carried in a parallel mask.
void poolRow2x2Sse(const float* r0, const float* r1, float* out, int64_t* indices, int64_t outW, int64_t base,
                   int64_t inW) {
  const __m128i right = _mm_set1_epi32(1), below = _mm_set1_epi32(static_cast<int32_t>(inW)),
                belowRight = _mm_set1_epi32(static_cast<int32_t>(inW + 1)), lanes = _mm_setr_epi32(0, 2, 4, 6),
                zero = _mm_setzero_si128();
  int64_t ow = 0;
  for (; ow + 4 <= outW; ow += 4) {
    const int64_t c = 2 * ow;
    const __m128 a0 = _mm_loadu_ps(r0 + c), a1 = _mm_loadu_ps(r0 + c + 4);
    const __m128 b0 = _mm_loadu_ps(r1 + c), b1 = _mm_loadu_ps(r1 + c + 4);
    __m128 best = _mm_shuffle_ps(a0, a1, _MM_SHUFFLE(2, 0, 2, 0));
    __m128i offset = zero;
    auto offer = [&](__m128 v, __m128i at) {
      const __m128 take = _mm_or_ps(_mm_cmpgt_ps(v, best), _mm_cmpunord_ps(v, v));
      best = _mm_or_ps(_mm_and_ps(take, v), _mm_andnot_ps(take, best));
      const __m128i t = _mm_castps_si128(take);
      offset = _mm_or_si128(_mm_and_si128(t, at), _mm_andnot_si128(t, offset));
    };
    offer(_mm_shuffle_ps(a0, a1, _MM_SHUFFLE(3, 1, 3, 1)), right);
    offer(_mm_shuffle_ps(b0, b1, _MM_SHUFFLE(2, 0, 2, 0)), below);
    offer(_mm_shuffle_ps(b0, b1, _MM_SHUFFLE(3, 1, 3, 1)), belowRight);
    _mm_storeu_ps(out + ow, best);
    const __m128i index = _mm_add_epi32(_mm_add_epi32(offset, lanes), _mm_set1_epi32(static_cast<int32_t>(base + c)));
    _mm_storeu_si128(reinterpret_cast<__m128i*>(indices + ow), _mm_unpacklo_epi32(index, zero));
    _mm_storeu_si128(reinterpret_cast<__m128i*>(indices + ow + 2), _mm_unpackhi_epi32(index, zero));
  }
  poolRow2x2<float>(r0, r1, out, indices, ow, outW, base, inW);
}
#endif

template <typename T>
void poolPlane2x2(const T* in, T* out, int64_t* indices, const PoolGeometry& g) {
  for (int64_t oh = 0; oh < g.outH; ++oh) {
    const T* r0 = in + 2 * oh * g.inW;
    T* o = out + oh * g.outW;
    int64_t* i = indices + oh * g.outW;
#if defined(__SSE2__)
    // In-plane offsets in 32-bit lanes.
    if constexpr (std::is_same_v<T, float>) {
      if (g.inH * g.inW < (int64_t{1} << 31)) {
        poolRow2x2Sse(r0, r0 + g.inW, o, i, g.outW, 2 * oh * g.inW, g.inW);
        continue;
      }
    }
#endif
    poolRow2x2<T>(r0, r0 + g.inW, o, i, 0, g.outW, 2 * oh * g.inW, g.inW);
  }
}

template <typename T>
void poolPlanes(const torch::Tensor& x, torch::Tensor& out, torch::Tensor& indices, const PoolGeometry& g) {
  const int64_t planes = x.numel() / (g.inH * g.inW);
  const T* in = x.data_ptr<T>();
  T* o = out.data_ptr<T>();
  int64_t* idx = indices.data_ptr<int64_t>();
  const int64_t inPlane = g.inH * g.inW, outPlane = g.outH * g.outW;
  const bool twoByTwo = g.kH == 2 && g.kW == 2 && g.sH == 2 && g.sW == 2 && g.padH == 0 && g.padW == 0 && g.dilH == 1 &&
                        g.dilW == 1 && 2 * g.outH <= g.inH && 2 * g.outW <= g.inW;
  const int64_t grain = std::max<int64_t>(1, 32768 / std::max<int64_t>(1, inPlane));
  at::parallel_for(0, planes, grain, [&](int64_t begin, int64_t end) {
    for (int64_t p = begin; p < end; ++p) {
      if (twoByTwo)
        poolPlane2x2(in + p * inPlane, o + p * outPlane, idx + p * outPlane, g);
      else
        poolPlane(in + p * inPlane, o + p * outPlane, idx + p * outPlane, g);
    }
  });
}

// The geometry when the direct kernel takes this input, else nothing (LibTorch's then).
std::optional<PoolGeometry> directGeometry(const torch::Tensor& x, const torch::nn::MaxPool2dOptions& o) {
  if (!x.defined() || !x.device().is_cpu() || (x.dim() != 3 && x.dim() != 4) || !x.is_contiguous() ||
      (x.scalar_type() != torch::kFloat && x.scalar_type() != torch::kDouble) || x.numel() == 0)
    return std::nullopt;
  // Shapes LibTorch rejects (padding over half the kernel, zero strides, windows past
  // the input) go to it for its message.
  for (int d = 0; d < 2; ++d) {
    if (o.kernel_size()->at(d) <= 0 || o.stride()->at(d) <= 0 || o.dilation()->at(d) <= 0 || o.padding()->at(d) < 0 ||
        o.padding()->at(d) > o.kernel_size()->at(d) / 2)
      return std::nullopt;
  }
  const PoolGeometry g = geometryOf(x, o);
  if (g.outH <= 0 || g.outW <= 0) return std::nullopt;
  return g;
}

std::tuple<torch::Tensor, torch::Tensor> poolDirect(const torch::Tensor& x, const PoolGeometry& g) {
  std::vector<int64_t> shape = x.sizes().vec();
  shape[shape.size() - 2] = g.outH;
  shape[shape.size() - 1] = g.outW;
  torch::Tensor out = torch::empty(shape, x.options());
  torch::Tensor indices = torch::empty(shape, x.options().dtype(torch::kLong));
  torch::NoGradGuard noGrad;
  if (x.scalar_type() == torch::kFloat)
    poolPlanes<float>(x, out, indices, g);
  else
    poolPlanes<double>(x, out, indices, g);
  return {out, indices};
}

std::vector<int64_t> asVector(const torch::ExpandingArray<2>& a) { return {a->at(0), a->at(1)}; }

struct MaxPool2dWithIndices : public torch::autograd::Function<MaxPool2dWithIndices> {
  static torch::Tensor forward(torch::autograd::AutogradContext* ctx, const torch::Tensor& x,
                               const torch::nn::MaxPool2dOptions& options, const PoolGeometry& g) {
    auto [out, indices] = poolDirect(x, g);
    ctx->save_for_backward({x, indices});
    ctx->saved_data["kernel"] = asVector(options.kernel_size());
    ctx->saved_data["stride"] = asVector(options.stride());
    ctx->saved_data["padding"] = asVector(options.padding());
    ctx->saved_data["dilation"] = asVector(options.dilation());
    ctx->saved_data["ceil"] = options.ceil_mode();
    return out;
  }
  static torch::autograd::tensor_list backward(torch::autograd::AutogradContext* ctx,
                                               torch::autograd::tensor_list grads) {
    const auto saved = ctx->get_saved_variables();
    const auto& d = ctx->saved_data;
    torch::Tensor dx = at::max_pool2d_with_indices_backward(
        grads[0], saved[0], d.at("kernel").toIntVector(), d.at("stride").toIntVector(), d.at("padding").toIntVector(),
        d.at("dilation").toIntVector(), d.at("ceil").toBool(), saved[1]);
    return {dx, torch::Tensor(), torch::Tensor()};  // none for the options and the geometry
  }
};

}  // namespace

bool directMaxPoolApplies(const torch::Tensor& x, const torch::nn::MaxPool2dOptions& options) {
  return directGeometry(x, options).has_value();
}

std::tuple<torch::Tensor, torch::Tensor> maxPool2dWithIndices(const torch::Tensor& x,
                                                              const torch::nn::MaxPool2dOptions& options) {
  if (const auto g = directGeometry(x, options)) return poolDirect(x, *g);
  return at::max_pool2d_with_indices(x, options.kernel_size(), options.stride(), options.padding(), options.dilation(),
                                     options.ceil_mode());
}

std::vector<std::pair<std::string, torch::Tensor>> directMaxPoolSaved(torch::autograd::Node* node) {
  auto* pool = dynamic_cast<torch::autograd::CppNode<MaxPool2dWithIndices>*>(node);
  if (!pool) return {};
  const auto saved = pool->ctx_.get_saved_variables();
  if (saved.size() != 2) return {};
  return {{"self", saved[0]}, {"result1", saved[1]}};
}

torch::Tensor maxPool2d(const torch::Tensor& x, const torch::nn::MaxPool2dOptions& options) {
  const auto g = directGeometry(x, options);
  if (!g)
    return torch::max_pool2d(x, options.kernel_size(), options.stride(), options.padding(), options.dilation(),
                             options.ceil_mode());
  if (!x.requires_grad() || !torch::GradMode::is_enabled()) return std::get<0>(poolDirect(x, *g));
  return MaxPool2dWithIndices::apply(x, options, *g);
}

}  // namespace trainscope
