#include "engine/models/model_summary.h"

#include "engine/data/dataset_source.h"
#include "engine/models/model_factory.h"

#include <iomanip>
#include <sstream>

namespace trainscope {

std::string formatShape(const std::vector<int64_t>& shape) {
  std::string s = "[";
  for (size_t i = 0; i < shape.size(); ++i) s += (i ? ", " : "") + std::to_string(shape[i]);
  return s + "]";
}

ModelSummary summarizeModel(const ModelConfig& config, const std::vector<int64_t>& input_shape, int64_t num_classes,
                            const std::vector<int64_t>& categorySizes) {
  LayerStack model = buildModel(config, input_shape, num_classes, categorySizes);
  model->eval();
  ModelSummary s;
  s.model = config.name;
  s.input_shape = {1};
  s.input_shape.insert(s.input_shape.end(), input_shape.begin(), input_shape.end());
  for (const auto& layer : model->layers()) {
    LayerSummary row;
    row.name = layer.name;
    row.type = layer.type;
    for (const auto& p : layer.module.ptr()->parameters()) row.parameters += p.numel();
    s.layers.push_back(row);
  }
  torch::NoGradGuard noGrad;
  // A text model reads token ids: a document of ones (not padding) as long as the longest.
  const bool text = !model->layers().empty() && model->layers().front().type == "Embedding";
  model->forward(text ? torch::ones(s.input_shape, torch::kInt64) : torch::zeros(s.input_shape),
                 [&](size_t i, const torch::Tensor& out) { s.layers[i].output_shape = out.sizes().vec(); });
  double paramBytes = 0, bufferBytes = 0;
  for (const auto& p : model->parameters()) {
    s.total_parameters += p.numel();
    if (p.requires_grad()) s.trainable_parameters += p.numel();
    paramBytes += static_cast<double>(p.numel() * p.element_size());
  }
  for (const auto& b : model->buffers()) bufferBytes += static_cast<double>(b.numel() * b.element_size());
  s.parameters_mb = paramBytes / 1e6;
  s.buffers_mb = bufferBytes / 1e6;
  s.size_mb = s.parameters_mb + s.buffers_mb;
  return s;
}

ModelSummary summarizeExperiment(const ExperimentConfig& config) {
  const auto problems = checkDatasetAvailable(config.dataset);
  if (!problems.empty()) throw ConfigError(problems);
  const DatasetSplits splits = openDataset(config);
  const auto shape = inputShapeOf(*splits.train, config.val_transforms, config.seed);
  const ModelOutputs outputs = modelOutputsFor(splits);
  return summarizeModel(config.model, shape, outputs.outputs, outputs.category_sizes);
}

std::string formatSummary(const ModelSummary& s) {
  std::ostringstream o;
  const std::string rule(78, '=');
  o << rule << "\n"
    << std::left << std::setw(16) << "Layer" << std::setw(20) << "Type" << std::setw(26) << "Output Shape" << std::right
    << std::setw(16) << "Param #"
    << "\n"
    << rule << "\n";
  for (const auto& l : s.layers)
    o << std::left << std::setw(16) << l.name << std::setw(20) << l.type << std::setw(26) << formatShape(l.output_shape)
      << std::right << std::setw(16) << l.parameters << "\n";
  o << rule << "\n"
    << "Input shape: " << formatShape(s.input_shape) << "\n"
    << "Total params: " << s.total_parameters << "\n"
    << "Trainable params: " << s.trainable_parameters << "\n"
    << "Non-trainable params: " << (s.total_parameters - s.trainable_parameters) << "\n"
    << std::fixed << std::setprecision(2) << "Params size (MB): " << s.parameters_mb << "\n"
    << "Buffers size (MB): " << s.buffers_mb << "\n"
    << "Model size (MB): " << s.size_mb << "\n"
    << rule << "\n";
  return o.str();
}

}  // namespace trainscope
