#include "engine/inspect/tensor_dump.h"

#include "engine/record/tensor_file.h"

#include <algorithm>
#include <cstdio>

namespace trainscope {

std::string tensorStepGroup(int64_t step) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "/step_%06lld", static_cast<long long>(step));
  return buffer;
}

Problems checkTensorDumpRequest(const TensorDumpRequest& request, const LayerStack& model, const std::string& field) {
  Problems problems;
  std::string known;
  for (const auto& l : model->layers()) known += (known.empty() ? "" : ", ") + l.name;
  for (size_t i = 0; i < request.layers.size(); ++i) {
    const auto& name = request.layers[i];
    const auto& layers = model->layers();
    if (std::none_of(layers.begin(), layers.end(), [&](const auto& l) { return l.name == name; }))
      problems.push_back({field + ".layers[" + std::to_string(i) + "]",
                          "no layer \"" + name + "\" in this model; its layers are " + known});
  }
  for (size_t i = 0; i < request.kinds.size(); ++i)
    if (std::find(tensorKinds().begin(), tensorKinds().end(), request.kinds[i]) == tensorKinds().end())
      problems.push_back(
          {field + ".kinds[" + std::to_string(i) + "]", "unknown kind \"" + request.kinds[i] +
                                                            "\"; use activation, activation_grad, weight or "
                                                            "weight_grad"});
  return problems;
}

TensorCapture::TensorCapture(LayerStack model, TensorDumpRequest request)
    : model_(std::move(model)), request_(std::move(request)), activationGrads_(model_->layers().size()) {}

bool TensorCapture::wants(const std::string& kind) const {
  return std::find(request_.kinds.begin(), request_.kinds.end(), kind) != request_.kinds.end();
}

bool TensorCapture::wantsLayer(const std::string& layer) const {
  return request_.layers.empty() ||
         std::find(request_.layers.begin(), request_.layers.end(), layer) != request_.layers.end();
}

void TensorCapture::observe(size_t i, const torch::Tensor& output) {
  const auto& layer = model_->layers()[i];
  if (!wantsLayer(layer.name)) return;
  // Copies: the next layers may reuse or change this memory before the step ends.
  if (wants("activation")) {
    // With gradient accumulation the observer runs once per batch: keep the last one.
    Captured c{layer.name, layer.type, "activation", "activation", output.detach().clone()};
    auto same = std::find_if(captured_.begin(), captured_.end(),
                             [&](const Captured& o) { return o.layer == c.layer && o.name == c.name; });
    if (same != captured_.end())
      *same = std::move(c);
    else
      captured_.push_back(std::move(c));
  }
  if (wants("activation_grad") && output.requires_grad())
    const_cast<torch::Tensor&>(output).register_hook(
        [this, i](const torch::Tensor& grad) { activationGrads_[i] = grad.detach().clone(); });
}

void TensorCapture::afterBackward() {
  for (size_t i = 0; i < activationGrads_.size(); ++i) {
    if (!activationGrads_[i].defined()) continue;
    const auto& layer = model_->layers()[i];
    captured_.push_back({layer.name, layer.type, "activation_grad", "activation_grad", activationGrads_[i]});
    activationGrads_[i] = torch::Tensor();
  }
  for (const auto& p : model_->named_parameters()) {
    // "conv1.weight" belongs to layer conv1 as "weight"; "layer1_0.conv1.weight" to
    // layer1_0 as "conv1.weight".
    const std::string& key = p.key();
    const auto dot = key.find('.');
    const std::string layerName = key.substr(0, dot), param = dot == std::string::npos ? key : key.substr(dot + 1);
    if (!wantsLayer(layerName)) continue;
    std::string type;
    for (const auto& l : model_->layers())
      if (l.name == layerName) type = l.type;
    if (wants("weight")) captured_.push_back({layerName, type, "weight", param, p.value().detach().clone()});
    if (wants("weight_grad") && p.value().grad().defined())
      captured_.push_back({layerName, type, "weight_grad", param + "_grad", p.value().grad().detach().clone()});
  }
}

int TensorCapture::write(const std::string& path, int64_t step, int64_t epoch) {
  TensorFile file(path, TensorFile::Mode::Append);
  const std::string group = tensorStepGroup(step);
  int written = 0;
  for (const auto& c : captured_) {
    const std::string dataset = group + "/" + c.layer + "/" + c.name;
    file.write(dataset, c.value, {{"layer", c.layer}, {"layer_type", c.layerType}, {"kind", c.kind}});
    file.setAttribute(dataset, "step", step);
    file.setAttribute(dataset, "epoch", epoch);
    file.setAttribute(dataset, "shape", std::vector<int64_t>(c.value.sizes().begin(), c.value.sizes().end()));
    ++written;
  }
  if (written > 0) {
    file.setAttribute(group, "step", step);
    file.setAttribute(group, "epoch", epoch);
  }
  captured_.clear();
  return written;
}

}  // namespace trainscope
