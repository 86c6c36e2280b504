// Listing a runs folder: 1,000 generated run folders (a full run.json each, as the
// trainer writes it, plus user annotations on some), listed by listRuns().
// Usage: bench_run_library [--runs 1000] [--dir /tmp/trainscope-bench-runs] [--keep | --list-only]
// (--keep leaves the folders for `bench_ui --compare-list DIR`, the Compare page's view).
#include "engine/record/run_library.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>

namespace fs = std::filesystem;
using namespace trainscope;

int main(int argc, char** argv) {
  int runs = 1000;
  std::string dir = (fs::temp_directory_path() / "trainscope-bench-runs").string();
  bool keep = false, listOnly = false;
  for (int i = 1; i < argc; ++i) {
    if (!std::strcmp(argv[i], "--keep")) keep = true;
    if (!std::strcmp(argv[i], "--list-only")) keep = listOnly = true;  // the folders --keep left
    if (i + 1 >= argc) continue;
    if (!std::strcmp(argv[i], "--runs")) runs = std::atoi(argv[i + 1]);
    if (!std::strcmp(argv[i], "--dir")) dir = argv[i + 1];
  }
  if (!listOnly) fs::remove_all(dir);
  for (int i = 0; i < runs && !listOnly; ++i) {
    char name[64];
    std::snprintf(name, sizeof name, "fashion_lenet-20261130-%06d", i);
    const fs::path run = fs::path(dir) / name;
    fs::create_directories(run / "checkpoints");
    nlohmann::json config = {
        {"name", "fashion_lenet"},
        {"seed", i},
        {"epochs", 10},
        {"optimizer", {{"name", "adam"}, {"lr", 1e-3 * (1 + i % 7)}, {"weight_decay", 1e-4}}},
        {"loader", {{"batch_size", 64}, {"num_workers", 2}}},
        {"model", {{"name", "lenet"}}},
        {"scheduler", {{"name", "cosine"}}},
        {"training", {{"clip_grad_norm", 0}}},
        {"transforms",
         {{"train", nlohmann::json::array(
                        {{{"name", "ToTensor"}}, {{"name", "Normalize"}, {"mean", {0.286}}, {"std", {0.353}}}})}}}};
    nlohmann::json info = {
        {"name", "fashion_lenet"},
        {"status", i % 10 == 0 ? "stopped" : "finished"},
        {"config", config},
        {"seed", i},
        {"start_time", "2026-11-30T08:00:00+0000"},
        {"train_seconds", 40.0 + i % 13},
        {"best_val_accuracy", 0.9},
        {"final_val_accuracy", 0.89},
        {"epochs_completed", 10},
        {"steps", 9380},
        {"dataset",
         {{"description", "Fashion-MNIST (/usr/share/datasets/fashion-mnist)"},
          {"classes",
           {"T-shirt/top", "Trouser", "Pullover", "Dress", "Coat", "Sandal", "Shirt", "Sneaker", "Bag", "Ankle boot"}},
          {"train_samples", 60000},
          {"val_samples", 10000}}},
        {"versions", {{"libtorch", "1.13.0"}}},
        {"skipped", nlohmann::json::array()}};
    std::ofstream(run / "run.json") << info.dump(2);
    std::ofstream(run / "metrics.h5") << "";  // listing never opens it
    if (i % 3 == 0) setRunTags(run.string(), {"sweep", "lr"});
  }
  std::vector<double> ms;
  size_t listed = 0;
  for (int round = 0; round < 5; ++round) {
    const auto t0 = std::chrono::steady_clock::now();
    listed = listRuns(dir).size();
    ms.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count());
  }
  const double first = ms.front();
  std::sort(ms.begin(), ms.end());
  std::printf("| listing %zu runs (run.json + user.json each) | first %.0f ms | median of 5: %.0f ms |\n", listed,
              first, ms[2]);
  if (!keep) fs::remove_all(dir);
  return listOnly || listed == static_cast<size_t>(runs) ? 0 : 1;
}
