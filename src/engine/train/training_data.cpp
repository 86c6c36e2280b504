#include "engine/train/training_data.h"

#include "engine/config/config_fields.h"
#include "engine/data/dataset_source.h"
#include "engine/data/text_dataset.h"
#include "engine/data/transforms.h"
#include "engine/train/pitfalls.h"

namespace trainscope {

namespace {
std::string shapeText(const std::vector<int64_t>& s) {
  return std::to_string(s.at(0)) + "x" + std::to_string(s.at(1)) + "x" + std::to_string(s.at(2));
}
}  // namespace

TrainingData openTrainingData(const ExperimentConfig& cfg, bool pinMemory, int shard, int shards) {
  std::vector<TransformSpec> trainPipeline = cfg.train_transforms, valPipeline = cfg.val_transforms;
  applyPitfalls(cfg.pitfalls, trainPipeline, valPipeline);
  TrainingData d;
  try {
    d.splits = openDataset(cfg);
  } catch (const ConfigError&) {
    throw;
  } catch (const std::exception& e) {  // an empty or unusable folder: the dataset setting is the problem
    throw ConfigError(configSection(&ExperimentConfig::dataset), e.what());
  }
  const DatasetSplits& splits = d.splits;
  if (splits.train->size() == 0)
    throw ConfigError(configSection(&ExperimentConfig::dataset),
                      "the training split of " + splits.description + " has no usable samples");

  DataLoaderOptions lo;
  lo.batch_size = cfg.loader.batch_size;
  lo.num_workers = cfg.loader.num_workers;
  lo.prefetch_factor = cfg.loader.prefetch_factor;
  lo.shuffle = cfg.loader.shuffle;
  lo.drop_last = cfg.loader.drop_last;
  lo.pin_memory = cfg.loader.pin_memory && pinMemory;
  lo.seed = cfg.seed;
  lo.shard = shard, lo.shards = shards;
  // BatchNorm1d cannot normalise a batch of one row: a table's last batch of one is dropped
  // (a different row each epoch, as the order is reshuffled).
  if (splits.train->featureCount() > 0 && cfg.model.batch_norm && splits.train->size() % lo.batch_size == 1)
    lo.drop_last = true;
  if (splits.text) {  // text: how batches are padded
    lo.bucket_by_length = cfg.loader.bucket_by_length;
    if (cfg.loader.padding == "dataset-longest") lo.pad_to = longestDocument(*splits.train);
  }
  d.train = std::make_unique<DataLoader>(splits.train, std::make_shared<Compose>(trainPipeline), lo);
  lo.shuffle = false;
  lo.bucket_by_length = false;
  lo.drop_last = false;
  lo.pad_shards = false;  // each validation sample counted once
  d.val = std::make_unique<DataLoader>(splits.val, std::make_shared<Compose>(valPipeline), lo);
  if (d.train->batchesPerEpoch() == 0)
    throw ConfigError(configField(&ExperimentConfig::loader, &LoaderConfig::batch_size).key,
                      std::to_string(cfg.loader.batch_size) + " is more than the " +
                          std::to_string(splits.train->size()) + " training images, and " +
                          configField(&ExperimentConfig::loader, &LoaderConfig::drop_last).key +
                          " drops the only, partial batch");

  d.input_shape = inputShapeOf(*splits.train, trainPipeline, cfg.seed);
  if (splits.val->size() > 0 && d.input_shape.size() == 3) {
    const auto valShape = inputShapeOf(*splits.val, valPipeline, cfg.seed);
    if (valShape != d.input_shape)
      throw ConfigError("transforms.val", "gives " + shapeText(valShape) + " images but transforms.train gives " +
                                              shapeText(d.input_shape) + "; the model takes one input size");
  }
  return d;
}

}  // namespace trainscope
