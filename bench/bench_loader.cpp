// The engine's image pipeline alone: ImageFolder + the preset's train transforms +
// DataLoader workers, one epoch of batches. Prints one JSON line (images/s).
// Usage: bench_loader ROOT [--config PRESET] [--workers 2] [--threads 2] [--batch 64]
#include "engine/config/config.h"
#include "engine/data/data_loader.h"
#include "engine/data/image_folder.h"

#include <chrono>
#include <cstdio>
#include <cstring>
#include <string>

int main(int argc, char** argv) {
  using namespace trainscope;
  if (argc < 2) {
    std::fprintf(stderr, "usage: bench_loader ROOT [--config PRESET] [--workers N] [--threads N] [--batch N]\n");
    return 2;
  }
  std::string root = argv[1],
              config = std::string(TRAINSCOPE_SOURCE_DIR) + "/resources/experiments/imagefolder_resnet18.json";
  int workers = 2, threads = 2, batch = 64;
  for (int i = 2; i + 1 < argc; i += 2) {
    if (!std::strcmp(argv[i], "--config")) config = argv[i + 1];
    if (!std::strcmp(argv[i], "--workers")) workers = std::stoi(argv[i + 1]);
    if (!std::strcmp(argv[i], "--threads")) threads = std::stoi(argv[i + 1]);
    if (!std::strcmp(argv[i], "--batch")) batch = std::stoi(argv[i + 1]);
  }
  torch::set_num_threads(threads);
  const ExperimentConfig c = loadConfigFile(config);
  ImageFolderOptions o;
  o.val_fraction = 0.0;
  const DatasetSplits splits = openImageFolder(root, o);
  DataLoaderOptions lo;
  lo.batch_size = batch;
  lo.num_workers = workers;
  lo.prefetch_factor = c.loader.prefetch_factor;
  lo.seed = 1;
  DataLoader loader(splits.train, std::make_shared<Compose>(c.train_transforms), lo);
  const auto start = std::chrono::steady_clock::now();
  loader.startEpoch(0);
  int64_t images = 0;
  while (auto b = loader.next()) images += b->targets.size(0);
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::printf("{\"images_per_sec\": %.1f, \"images\": %lld, \"seconds\": %.3f, \"workers\": %d}\n", images / seconds,
              static_cast<long long>(images), seconds, workers);
  return 0;
}
