#include "engine/model_tools.h"

#include "engine/config/file_input.h"
#include "engine/deploy/onnx_export.h"
#include "engine/deploy/torchscript_export.h"
#include "engine/deploy/trained_model.h"
#include "engine/inspect/batch_snapshot.h"
#include "engine/inspect/grad_cam.h"
#include "engine/record/tensor_file.h"
#include "engine/system/atomic_file.h"
#include "engine/system/device.h"
#include "engine/system/error_text.h"
#include "engine/system/threads.h"

#include <algorithm>
#include <chrono>
#include <filesystem>

namespace trainscope {

namespace fs = std::filesystem;

namespace {

// A seeded batch of inputs shaped as the model's; normal values, as normalised images are.
// A table's: standardised numbers, was-missing flags and category codes (from 0, unseen,
// to the last level).
torch::Tensor exampleBatch(const TrainedModel& m) {
  // Its own generator: a run training in this process keeps its random draws.
  auto generator = at::make_generator<at::CPUGeneratorImpl>(/*seed_in=*/0);
  if (m.text) {  // token ids, the documents of lengths L/4, L/2, 3L/4 and L padded with 0
    const int64_t longest = std::max<int64_t>(4, m.input_shape.at(0));
    torch::Tensor ids =
        torch::randint(2, std::max<int64_t>(3, m.text->vocabulary.size()), {4, longest}, generator, torch::kInt64);
    for (int64_t k = 0; k < 4; ++k) ids[k].narrow(0, longest * (k + 1) / 4, longest - longest * (k + 1) / 4).zero_();
    return ids;
  }
  if (!m.table) return torch::randn({4, m.input_shape[0], m.input_shape[1], m.input_shape[2]}, generator);
  const int64_t numbers = static_cast<int64_t>(m.table->numbers.size()), flags = m.table->flagCount();
  std::vector<torch::Tensor> parts{torch::randn({4, numbers}, generator),
                                   torch::randint(0, 2, {4, flags}, generator, torch::kFloat32)};
  for (int64_t size : m.table->categorySizes())
    parts.push_back(torch::randint(0, size, {4, 1}, generator, torch::kFloat32));
  return torch::cat(parts, 1);
}

void writeExample(const std::string& path, const torch::Tensor& input, const torch::Tensor& logits) {
  TensorFile file(path);
  file.write("/input", input, {{"description", "a seeded batch of model inputs (normalised, NCHW)"}});
  file.write("/logits", logits, {{"description", "the engine's logits for /input"}});
}

}  // namespace

ExportResult exportModel(const ExportRequest& r) {
  ExportResult result;
  result.error = failureOf(
      [&] {
        if (r.format != "torchscript" && r.format != "onnx")
          throw std::invalid_argument("--format: must be torchscript or onnx, got \"" + r.format + "\"");
        if (r.out.empty()) throw std::invalid_argument("--out: the file to write is missing");
        requireOutputFile(r.out, "--out");
        requireOutputFile(r.out + ".json", "--out's preprocessing file");
        if (!r.example.empty()) requireOutputFile(r.example, "--example");
        configureThreads(r.threads);
        TrainedModel m = loadTrainedModel(r.run_dir, r.checkpoint);
        result.checkpoint = m.checkpoint, result.average = m.average;
        const std::string preprocessing =
            preprocessingJson(m).dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
        const torch::Tensor input = exampleBatch(m);
        torch::Tensor logits;
        {
          torch::NoGradGuard noGrad;
          logits = m.model->forward(input);
        }
        std::string why;
        if (r.format == "torchscript") {
          torch::jit::Module script = toTorchScript(m.model, m.config.model.name);
          saveTorchScript(script, r.out, {{"trainscope.json", preprocessing}});
          // Checked where it is made: the saved file, loaded back, against the engine.
          torch::jit::Module loaded = torch::jit::load(r.out, torch::kCPU);
          loaded.eval();
          torch::NoGradGuard noGrad;
          const torch::Tensor again = loaded.forward({input}).toTensor();
          result.max_abs_diff = (again - logits).abs().max().item<double>();
          const double tolerance = 1e-4 * (1 + logits.abs().max().item<double>());
          if (!(result.max_abs_diff <= tolerance))
            throw std::runtime_error("the exported module gives other outputs than the engine (max abs diff " +
                                     std::to_string(result.max_abs_diff) + "); not exported");
        } else {
          const std::string bytes = toOnnx(m.model, m.input_shape, m.run_name, {{"trainscope", preprocessing}});
          if (!writeFileAtomically(r.out, bytes, &why)) throw std::runtime_error(r.out + ": " + why);
        }
        result.model_path = r.out;
        result.preprocessing_path = r.out + ".json";
        if (!writeFileAtomically(result.preprocessing_path, preprocessing, &why))
          throw std::runtime_error(result.preprocessing_path + ": " + why);
        if (!r.example.empty()) writeExample(r.example, input, logits);
      },
      &result.bad_input);
  result.ok = result.error.empty();
  return result;
}

std::vector<Prediction> predictImages(const std::string& runDir, const std::vector<std::string>& images, int k,
                                      const std::string& checkpoint, int threads) {
  std::vector<Prediction> out(images.size());
  for (size_t i = 0; i < images.size(); ++i) out[i].image = images[i];
  TrainedModel m;
  bool loadBadInput = false;
  const std::string loadError = failureOf(
      [&] {
        configureThreads(threads);
        m = loadTrainedModel(runDir, checkpoint);
      },
      &loadBadInput);
  if (!loadError.empty()) {
    for (auto& p : out) p.error = loadError, p.bad_input = loadBadInput;
    return out;
  }
  std::vector<double> mean, stdev;
  for (const auto& t : m.pipeline)
    if (t.name == "Normalize") mean = t.mean, stdev = t.std;
  for (auto& p : out) {
    p.error = failureOf(
        [&] {
          const torch::Tensor input = preprocessImageFile(m, p.image);
          torch::NoGradGuard noGrad;
          const torch::Tensor probabilities = torch::softmax(m.model->forward(input), /*dim=*/1)[0];
          const int64_t n = std::min<int64_t>(std::max(1, k), probabilities.size(0));
          const auto [values, indices] = probabilities.topk(n);
          for (int64_t j = 0; j < n; ++j) {
            const int64_t c = indices[j].item<int64_t>();
            p.top.push_back({static_cast<int>(c), m.classes.at(static_cast<size_t>(c)), values[j].item<double>()});
          }
          // Normalize undone, for showing what the model saw.
          torch::Tensor pixels = input[0].clone();
          for (size_t c = 0; c < mean.size() && static_cast<int64_t>(c) < pixels.size(0); ++c)
            pixels[static_cast<int64_t>(c)].mul_(stdev[c]).add_(mean[c]);
          pixels = (pixels * 255).round().clamp(0, 255).to(torch::kUInt8).permute({1, 2, 0}).contiguous();
          p.input_channels = static_cast<int>(pixels.size(2));
          p.input_height = static_cast<int>(pixels.size(0));
          p.input_width = static_cast<int>(pixels.size(1));
          p.input_pixels.assign(pixels.data_ptr<uint8_t>(), pixels.data_ptr<uint8_t>() + pixels.numel());
        },
        &p.bad_input);
    p.ok = p.error.empty();
  }
  return out;
}

struct GradCamExplainer::Impl {
  std::string runDir, checkpoint;
  TrainedModel model;
  std::filesystem::file_time_type loadedAt{};
  bool loaded = false;

  void loadWhenChanged() {
    if (loaded) {
      std::error_code ec;
      const auto now = std::filesystem::last_write_time(model.checkpoint, ec);
      if (!ec && now == loadedAt) return;
    }
    model = loadTrainedModel(runDir, checkpoint);
    loadedAt = std::filesystem::last_write_time(model.checkpoint);
    loaded = true;
  }
};

GradCamExplainer::GradCamExplainer(std::string runDir, std::string checkpoint) : impl_(std::make_unique<Impl>()) {
  impl_->runDir = std::move(runDir), impl_->checkpoint = std::move(checkpoint);
}
GradCamExplainer::~GradCamExplainer() = default;

GradCamResult GradCamExplainer::explain(const cv::Mat& image, int target) {
  const auto start = std::chrono::steady_clock::now();
  GradCamResult r;
  r.error = failureOf([&] {
    impl_->loadWhenChanged();
    TrainedModel& m = impl_->model;
    const torch::Tensor input = preprocessImage(m, image, "the image");
    const GradCamMap map = computeGradCam(m.model, input, target);
    r.layer = map.layer, r.target = static_cast<int>(map.target), r.checkpoint = m.checkpoint;
    const auto [values, indices] = map.probabilities.topk(std::min<int64_t>(3, map.probabilities.size(0)));
    for (int64_t j = 0; j < values.size(0); ++j) {
      const int64_t c = indices[j].item<int64_t>();
      r.top.push_back({static_cast<int>(c), m.classes.at(static_cast<size_t>(c)), values[j].item<double>()});
    }
    r.input = imagePicture(input[0]);
    const torch::Tensor heat = (map.heat * 255).round().clamp(0, 255).to(torch::kUInt8).contiguous();
    r.heat.width = static_cast<int>(heat.size(1)), r.heat.height = static_cast<int>(heat.size(0));
    r.heat.pixels.assign(heat.data_ptr<uint8_t>(), heat.data_ptr<uint8_t>() + heat.numel());
  });
  r.ok = r.error.empty();
  r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return r;
}

}  // namespace trainscope
