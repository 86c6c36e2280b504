#include "engine/config/recipes.h"

#include "engine/config/config_fields.h"

#include <algorithm>

namespace trainscope {

Augmentation augmentationOf(const ExperimentConfig& c) {
  Augmentation a;
  for (const auto& t : c.train_transforms) {
    if (t.name == "RandomResizedCrop") a.enabled = true, a.min_scale = t.scale[0];
    if (t.name == "RandomHorizontalFlip") a.enabled = true, a.flip = t.p;
    if (t.name == "ColorJitter") a.enabled = true, a.jitter = t.brightness;
  }
  return a;
}

std::vector<TransformSpec> augmentedTrainPipeline(const ExperimentConfig& c, const Augmentation& a) {
  const auto& val = c.val_transforms;
  if (!a.enabled) return val;
  int size = c.dataset.kind == "fashion-mnist" ? 28 : 224;
  for (const auto& t : val)
    if ((t.name == "CenterCrop" || (t.name == "Resize" && t.size.size() == 2)) && !t.size.empty()) size = t.size[0];
  TransformSpec crop, flip, jitter;
  crop.name = "RandomResizedCrop";
  crop.size = {size};
  crop.scale = {a.min_scale, 1.0};
  flip.name = "RandomHorizontalFlip";
  flip.p = a.flip;
  jitter.name = "ColorJitter";
  jitter.brightness = jitter.contrast = a.jitter;
  jitter.saturation = c.dataset.kind == "fashion-mnist" || c.dataset.channels == 1 ? 0.0 : a.jitter;
  std::vector<TransformSpec> train{crop, flip};
  if (a.jitter > 0) train.push_back(jitter);
  for (const auto& t : val)
    if (t.name != "Resize" && t.name != "CenterCrop") train.push_back(t);
  return train;
}

std::string presetForDataKind(const std::string& kind) {
  if (kind == "image-folder") return "imagefolder_fast";
  if (kind == "fashion-mnist") return "fashion_lenet";
  if (kind == "csv") return "table_mlp";
  if (kind == "text-folder" || kind == "text") return "text_cnn";
  return "";
}

void applyRecipe(nlohmann::json& experiment, const nlohmann::json& preset) {
  using C = ExperimentConfig;
  const ConfigField& workers = configField(&C::loader, &LoaderConfig::num_workers);
  const nlohmann::json* written = workers.in(experiment);
  const nlohmann::json machine = written ? *written : nlohmann::json();
  for (const std::string& key :
       {configSection(&C::model), configSection(&C::optimizer), configSection(&C::scheduler),
        configSection(&C::training), configField(&C::epochs).key, transformsKey(), configSection(&C::loader)})
    if (preset.contains(key)) experiment[key] = preset[key];
  if (machine.is_number()) experiment[nlohmann::json::json_pointer(workers.pointer())] = machine;
}

nlohmann::json defaultPipelinesJson(const DatasetConfig& d) {
  const nlohmann::json val = pipelineJson(defaultTransforms(d, false));
  return {{"train", val}, {"val", val}};
}

const SampleBudget& photoSampleBudget() {
  static const SampleBudget budget{96000, 10, 150};
  return budget;
}

const SampleBudget& tableSampleBudget() {
  static const SampleBudget budget{500000, 5, 100};
  return budget;
}

int64_t epochsForBudget(const SampleBudget& budget, int64_t trainSamples) {
  const int64_t n = std::max<int64_t>(1, trainSamples);
  return std::clamp((budget.samples + n - 1) / n, budget.min_epochs, budget.max_epochs);
}

const std::string& transformsKey() {
  static const std::string key = "transforms";
  return key;
}

std::string pipelinePointer(bool train) { return "/" + transformsKey() + (train ? "/train" : "/val"); }

}  // namespace trainscope
