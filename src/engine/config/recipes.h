// Recipes: what the app and the CLI apply to an experiment on the user's behalf. The
// augmentation a form describes (on/off, crop scale, flip, jitter) as a training
// pipeline, and the preset each kind of data starts from. Plain (no torch).
#pragma once

#include "engine/config/config.h"

#include <nlohmann/json.hpp>

#include <string>

namespace trainscope {

// Augmentation as the app's form describes it.
struct Augmentation {
  bool enabled = false;
  double min_scale = 0.8;  // RandomResizedCrop scale lower bound
  double flip = 0.5;       // RandomHorizontalFlip p
  double jitter = 0.0;     // ColorJitter brightness/contrast (and saturation on colour images)
};

// The augmentation a config's training pipeline holds.
Augmentation augmentationOf(const ExperimentConfig& c);
// The training pipeline for `a`: the validation pipeline with its deterministic
// resizing replaced by random crops, flips and jitter when on (the torchvision
// recipe); the validation pipeline itself when off.
std::vector<TransformSpec> augmentedTrainPipeline(const ExperimentConfig& c, const Augmentation& a);

// The shipped experiment (resources/experiments/<name>.json) a kind of data starts
// from: photos the Fast CNN at 64 px (ImageNet's 224 px recipes take hours on a
// laptop), Fashion-MNIST LeNet, a table tabular_mlp, text ("text-folder", or "text" for
// a CSV's text column) text_cnn; "" when the kind has none.
std::string presetForDataKind(const std::string& kind);
// Puts a preset's recipe (model, optimizer, schedule, training, epochs, transforms,
// loader) into `experiment`, keeping its dataset and the machine's loader workers.
void applyRecipe(nlohmann::json& experiment, const nlohmann::json& preset);
// How long a recipe trains: a number of training samples seen rather than of epochs.
// From scratch, a small folder needs many passes to learn and a big one few (measured on
// generated folders of several kinds, docs/benchmarks.md): epochs are the budget over the
// folder's training images, within [min_epochs, max_epochs].
struct SampleBudget {
  int64_t samples = 0;
  int64_t min_epochs = 1, max_epochs = 1;
};
// The photo recipe's (imagefolder_fast); its JSON's epochs are this for 1,000 images.
const SampleBudget& photoSampleBudget();
// The table recipe's (table_mlp): a small table many passes, a million rows five.
const SampleBudget& tableSampleBudget();
int64_t epochsForBudget(const SampleBudget& budget, int64_t trainSamples);

// Pipelines that fit a dataset's kind and channels (the defaults), both without
// augmentation; as the "transforms" JSON of a config.
nlohmann::json defaultPipelinesJson(const DatasetConfig& d);

// Where a config's pipelines live in its JSON ("transforms", "/transforms/train").
const std::string& transformsKey();
std::string pipelinePointer(bool train);

}  // namespace trainscope
