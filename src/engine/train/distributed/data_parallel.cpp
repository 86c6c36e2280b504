#include "engine/train/distributed/data_parallel.h"

#include <torch/csrc/distributed/c10d/ProcessGroup.hpp>

#include <chrono>
#include <cmath>

namespace trainscope {

namespace {

void allReduce(DistributedGroup& group, torch::Tensor& t, c10d::ReduceOp op = c10d::ReduceOp::SUM) {
  std::vector<torch::Tensor> one{t};
  c10d::AllreduceOptions o;
  o.reduceOp = op;
  group.backend().allreduce(one, o)->wait();
}

// A std::vector's storage as a tensor, without a copy.
template <typename T>
torch::Tensor over(std::vector<T>& v, torch::ScalarType type) {
  return torch::from_blob(v.data(), {static_cast<int64_t>(v.size())}, torch::TensorOptions().dtype(type));
}

}  // namespace

struct GradientBuckets::Bucket {
  std::vector<size_t> params;
  torch::Tensor flat;
  size_t pending = 0;  // parameters whose gradient has not arrived this step
  c10::intrusive_ptr<c10d::Work> work;
  bool launched = false;
};

GradientBuckets::GradientBuckets(std::shared_ptr<DistributedGroup> group, LayerStack model, double bucketMb)
    : group_(std::move(group)), model_(std::move(model)), bucketBytes_(bucketMb * 1024 * 1024) {
  params_ = model_->parameters();
  where_.assign(params_.size(), {0, -1});
  hooked_.assign(params_.size(), false);
}

GradientBuckets::~GradientBuckets() {
  for (auto& b : buckets_)
    if (b.work) try {
        b.work->wait();
      } catch (...) {  // the failure was reported where it happened
      }
}

int64_t GradientBuckets::bucketCount() const { return static_cast<int64_t>(buckets_.size()); }

void GradientBuckets::rebuild() {
  buckets_.clear();
  where_.assign(params_.size(), {0, -1});
  // In reverse: the backward pass reaches the last layers first.
  Bucket current;
  int64_t elements = 0;
  auto close = [&] {
    if (current.params.empty()) return;
    current.flat = torch::zeros({elements}, params_[current.params.front()].options());
    buckets_.push_back(std::move(current));
    current = Bucket{};
    elements = 0;
  };
  for (size_t k = params_.size(); k-- > 0;) {
    if (!trainable_[k]) continue;
    const torch::Tensor& p = params_[k];
    if (!current.params.empty() && (p.scalar_type() != params_[current.params.front()].scalar_type() ||
                                    static_cast<double>((elements + p.numel()) * p.element_size()) > bucketBytes_))
      close();
    where_[k] = {buckets_.size(), elements};
    current.params.push_back(k);
    elements += p.numel();
  }
  close();
}

void GradientBuckets::beginSync() {
  std::vector<bool> trainable(params_.size());
  for (size_t i = 0; i < params_.size(); ++i) {
    trainable[i] = params_[i].requires_grad();
    if (trainable[i] && !hooked_[i]) {  // a frozen tensor takes no hook: it gets one when it trains
      // Called with the gradient flowing into the parameter, before it is added to .grad.
      params_[i].register_hook([this, i](const torch::Tensor& incoming) { ready(i, incoming); });
      hooked_[i] = true;
    }
  }
  if (trainable != trainable_ || buckets_.empty()) {
    trainable_ = std::move(trainable);
    rebuild();
  }
  for (auto& b : buckets_) b.pending = b.params.size(), b.launched = false, b.work.reset();
  nextLaunch_ = 0;
  syncing_ = true;
}

void GradientBuckets::ready(size_t i, const torch::Tensor& incoming) {
  if (!syncing_ || where_[i].second < 0) return;
  auto& [bucket, offset] = where_[i];
  Bucket& b = buckets_[bucket];
  const torch::Tensor& p = params_[i];
  torch::NoGradGuard noGrad;
  torch::Tensor slot = b.flat.narrow(0, offset, p.numel());
  // What .grad will hold once this gradient is added: earlier micro-batches' sum too.
  if (p.grad().defined())
    torch::add_out(slot, p.grad().reshape({-1}), incoming.reshape({-1}));
  else
    slot.copy_(incoming.reshape({-1}));
  if (b.pending > 0 && --b.pending == 0) launchReady();
}

void GradientBuckets::launchReady() {
  // In bucket order on every rank, whatever order the hooks fire in: collectives must match.
  while (nextLaunch_ < buckets_.size() && buckets_[nextLaunch_].pending == 0) launch(buckets_[nextLaunch_++]);
}

void GradientBuckets::launch(Bucket& b) {
  std::vector<torch::Tensor> one{b.flat};
  b.work = group_->backend().allreduce(one);
  b.launched = true;
}

void GradientBuckets::finish() {
  syncing_ = false;
  torch::NoGradGuard noGrad;
  const auto start = std::chrono::steady_clock::now();
  // A bucket not launched yet has parameters whose hook did not fire (unused in this
  // forward, or this rank skipped its backward): it is filled from .grad, or zeros, which
  // for the others is what their hooks wrote (.grad now holds the same sum).
  for (size_t n = nextLaunch_; n < buckets_.size(); ++n) {
    Bucket& b = buckets_[n];
    if (b.pending > 0)
      for (size_t k : b.params) {
        const torch::Tensor& p = params_[k];
        torch::Tensor slot = b.flat.narrow(0, where_[k].second, p.numel());
        if (!p.grad().defined())
          slot.zero_();
        else
          slot.copy_(p.grad().reshape({-1}));
      }
    b.pending = 0;
  }
  launchReady();
  const double ranks = static_cast<double>(group_->size());
  for (auto& b : buckets_) {
    b.work->wait();
    b.work.reset();
    b.flat.div_(ranks);  // summed, then divided: the mean gradient, as DDP
    for (size_t k : b.params) {
      torch::Tensor& p = params_[k];
      torch::Tensor mean = b.flat.narrow(0, where_[k].second, p.numel()).view_as(p);
      if (p.grad().defined())
        p.mutable_grad().copy_(mean);
      else
        p.mutable_grad() = mean.clone();
    }
  }
  waited_ += std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

void broadcastModel(DistributedGroup& group, LayerStack& model) {
  torch::NoGradGuard noGrad;
  std::vector<torch::Tensor> all = model->parameters();
  for (const auto& b : model->buffers()) all.push_back(b);
  for (auto& t : all) {
    std::vector<torch::Tensor> one{t.is_contiguous() ? t : t.contiguous()};
    group.backend().broadcast(one)->wait();
    if (!t.is_contiguous()) t.copy_(one[0]);
  }
}

void averageBuffers(DistributedGroup& group, LayerStack& model) {
  torch::NoGradGuard noGrad;
  for (auto& b : model->buffers()) {
    if (!b.is_floating_point()) continue;  // num_batches_tracked: the same count on every rank
    torch::Tensor t = b.contiguous();
    allReduce(group, t);
    b.copy_(t.div_(static_cast<double>(group.size())));
  }
}

StepAgreement agree(DistributedGroup& group, const StepAgreement& mine) {
  torch::Tensor t = torch::tensor(
      {mine.loss_sum, mine.correct, mine.seen, mine.bad ? 1.0 : 0.0, mine.stop ? 1.0 : 0.0, mine.pause ? 1.0 : 0.0},
      torch::kDouble);
  allReduce(group, t);
  const double* v = t.data_ptr<double>();
  return {v[0], v[1], v[2], v[3] > 0, v[4] > 0, v[5] > 0};
}

void mergeValidation(DistributedGroup& group, ValidationResult& r) {
  torch::Tensor totals =
      torch::tensor({r.samples > 0 ? r.loss * static_cast<double>(r.samples) : 0.0,
                     r.samples > 0 ? r.accuracy * static_cast<double>(r.samples) : 0.0, static_cast<double>(r.samples)},
                    torch::kDouble);
  allReduce(group, totals);
  const double* v = totals.data_ptr<double>();
  r.samples = static_cast<int64_t>(std::llround(v[2]));
  r.loss = r.samples > 0 ? v[0] / v[2] : std::nan("");
  r.accuracy = r.samples > 0 ? std::round(v[1]) / v[2] : std::nan("");
  torch::Tensor confusion = over(r.confusion, torch::kLong);
  allReduce(group, confusion);
  // Each validation sample is in exactly one shard: the others hold -1, 0 and NaN.
  torch::Tensor predicted = over(r.predicted, torch::kInt);
  allReduce(group, predicted, c10d::ReduceOp::MAX);
  torch::Tensor probability = over(r.probability, torch::kFloat);
  allReduce(group, probability);
  torch::Tensor loss = over(r.loss_of, torch::kFloat);
  loss.nan_to_num_(0.0);
  allReduce(group, loss);
  for (size_t i = 0; i < r.predicted.size(); ++i)
    if (r.predicted[i] < 0) r.loss_of[i] = std::nanf("");
}

void mergeSampleRows(DistributedGroup& group, const std::vector<std::vector<float>*>& rows,
                     std::vector<int32_t>& predicted) {
  torch::Tensor p = over(predicted, torch::kInt);
  torch::Tensor seen = p.ge(0).to(torch::kFloat);
  allReduce(group, seen);
  allReduce(group, p, c10d::ReduceOp::MAX);
  for (std::vector<float>* row : rows) {
    torch::Tensor t = over(*row, torch::kFloat);
    t.nan_to_num_(0.0, 0.0, 0.0);
    allReduce(group, t);
    t.div_(seen);  // 0 / 0: NaN where no rank saw the sample
  }
}

}  // namespace trainscope
