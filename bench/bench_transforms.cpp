// Per-transform cost on a 500x375 RGB image (Google Benchmark), to see where the
// image pipeline spends its time.
#include "engine/data/transforms.h"

#include <benchmark/benchmark.h>
#include <opencv2/imgproc.hpp>

namespace {

using namespace trainscope;

cv::Mat photo() {
  cv::Mat m(375, 500, CV_8UC3);
  cv::randu(m, 0, 255);
  cv::GaussianBlur(m, m, {7, 7}, 3);
  return m;
}

void runPipeline(benchmark::State& state, std::vector<TransformSpec> specs) {
  const cv::Mat img = photo();
  Compose c(specs);
  uint64_t seed = 0;
  for (auto _ : state) {
    PipelineImage p;
    p.pixels = img;
    Rng rng(seed++);
    c.apply(p, rng);
    benchmark::DoNotOptimize(p);
  }
  state.SetItemsProcessed(state.iterations());
}

TransformSpec named(const std::string& n) {
  TransformSpec s;
  s.name = n;
  s.size = {224};
  s.brightness = s.contrast = s.saturation = 0.3;
  s.mean = {0.485, 0.456, 0.406};
  s.std = {0.229, 0.224, 0.225};
  return s;
}

void BM_RandomResizedCrop(benchmark::State& s) { runPipeline(s, {named("RandomResizedCrop")}); }
void BM_CropFlip(benchmark::State& s) { runPipeline(s, {named("RandomResizedCrop"), named("RandomHorizontalFlip")}); }
void BM_CropColorJitter(benchmark::State& s) { runPipeline(s, {named("RandomResizedCrop"), named("ColorJitter")}); }
void BM_SeedRecipe(benchmark::State& s) {
  runPipeline(s, {named("RandomResizedCrop"), named("RandomHorizontalFlip"), named("ColorJitter"), named("ToTensor"),
                  named("Normalize")});
}
BENCHMARK(BM_RandomResizedCrop);
BENCHMARK(BM_CropFlip);
BENCHMARK(BM_CropColorJitter);
BENCHMARK(BM_SeedRecipe);

}  // namespace

BENCHMARK_MAIN();
