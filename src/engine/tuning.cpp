#include "engine/tuning.h"

#include "engine/config/config_fields.h"
#include "engine/models/model_factory.h"
#include "engine/system/device.h"
#include "engine/system/error_text.h"
#include "engine/system/threads.h"
#include "engine/train/fine_tuning.h"
#include "engine/train/training_data.h"
#include "engine/train/tuning/batch_fitter.h"
#include "engine/train/tuning/lr_finder.h"

namespace trainscope {

namespace {

bool sameTensors(const std::vector<torch::Tensor>& a, const std::vector<torch::Tensor>& b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i)
    if (!a[i].equal(b[i])) return false;
  return true;
}

std::vector<torch::Tensor> snapshot(LayerStack& model) {
  std::vector<torch::Tensor> out;
  for (const auto& p : model->parameters()) out.push_back(p.detach().clone());
  for (const auto& b : model->buffers()) out.push_back(b.detach().clone());
  return out;
}
}  // namespace

LrFinderResult findLearningRate(const ExperimentConfig& config, int iterations,
                                const std::function<void(int, int)>& progress) {
  LrFinderResult r;
  r.error = failureOf([&] {
    configureThreads(config.threads);
    keepFreedMemoryForReuse();  // as training does: no mmap and page faults every step
    const torch::Device device = resolveDevice(config.device);
    TrainingData data = openTrainingData(config, device.is_cuda());
    if (data.splits.train->regression())  // the range test follows the cross-entropy of classes
      throw ConfigError(configField(&ExperimentConfig::dataset, &DatasetConfig::task).key,
                        "the learning-rate finder measures a classification's loss; a regression is not supported yet");
    const ModelOutputs outputs = modelOutputsFor(data.splits);
    const int64_t classes = outputs.outputs;
    LayerStack model =
        buildSeededModel(config.model, data.input_shape, classes, config.seed, true, outputs.category_sizes);
    model->to(device);
    auto optimizer = makeFineTuningOptimizer(config.optimizer, config.model, model, classes);
    applyFreezing(model, config.model, classes, 0);
    LrFinderOptions o;
    o.iterations = std::max(2, iterations);
    o.label_smoothing = config.training.label_smoothing;
    o.backbone_lr_factor = config.model.backbone_lr_factor;
    const auto before = snapshot(model);
    const torch::Tensor rngBefore = at::detail::getDefaultCPUGenerator().get_state();
    const LrFinderCurve curve = runLrFinder(model, *optimizer, *data.train, device, o, progress);
    r.state_restored =
        sameTensors(before, snapshot(model)) && rngBefore.equal(at::detail::getDefaultCPUGenerator().get_state());
    r.lrs = curve.lrs, r.losses = curve.losses;
    r.suggestion = curve.suggestion;
    r.diverged = curve.diverged;
  });
  r.ok = r.error.empty();
  return r;
}

BatchSizeAdvice adviseBatchSize(const ExperimentConfig& config, double headroom, int targetBatch, int64_t budgetBytes) {
  BatchSizeAdvice a;
  a.error = failureOf([&] {
    BatchFitOptions o;
    o.headroom = headroom;
    o.target_batch = targetBatch;
    o.budget_bytes = budgetBytes;
    const BatchFit fit = fitBatchSize(config, o);
    a.batch_size = fit.batch_size;
    a.grad_accum_steps = fit.grad_accum_steps;
    a.target_batch = fit.target_batch;
    a.budget_bytes = fit.budget_bytes;
    a.device = fit.device, a.memory = fit.memory;
    for (const auto& m : fit.measured) a.measured.emplace_back(m.batch, m.peak_bytes);
    a.checkpoint_segments = fit.checkpoint_segments;
    a.checkpointed_batch_size = fit.checkpointed_batch_size;
    a.checkpointed_grad_accum_steps = fit.checkpointed_grad_accum_steps;
    for (const auto& m : fit.checkpointed_measured) a.checkpointed_measured.emplace_back(m.batch, m.peak_bytes);
  });
  a.ok = a.error.empty();
  return a;
}

}  // namespace trainscope
