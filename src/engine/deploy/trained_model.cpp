#include "engine/deploy/trained_model.h"

#include "engine/config/file_input.h"
#include "engine/data/image_folder.h"
#include "engine/data/transforms.h"
#include "engine/models/model_factory.h"
#include "engine/record/run_record.h"
#include "engine/train/best_epoch.h"
#include "engine/train/checkpoint.h"
#include "engine/train/pitfalls.h"

#include <algorithm>
#include <filesystem>

namespace trainscope {

namespace fs = std::filesystem;

namespace {
// The run's model: its best epoch's, unless early stopping was told not to restore it.
fs::path chooseCheckpoint(const RunRecord& record, const ExperimentConfig& config, const std::string& requested) {
  if (!requested.empty()) return record.namedCheckpoint(requested);
  const bool best = modelIsBestEpoch(config.training.early_stopping) && fs::exists(record.bestCheckpoint());
  return best ? record.bestCheckpoint() : record.lastCheckpoint();
}
}  // namespace

TrainedModel loadTrainedModel(const std::string& runDir, const std::string& checkpoint) {
  RunRecord record = [&] {
    try {
      return RunRecord::open(runDir);
    } catch (const std::exception& e) {
      throw ConfigError("", e.what());
    }
  }();
  const nlohmann::json& info = record.info();
  TrainedModel m;
  m.run_dir = record.dir().string();
  m.run_name = info.value("name", record.dir().filename().string());
  m.config = parseConfig(info.value("config", nlohmann::json::object()));
  const nlohmann::json dataset = info.value("dataset", nlohmann::json::object());
  int64_t outputs = 0;
  std::vector<int64_t> categorySizes;
  if (info.contains("table")) {  // a table: the encoding fitted on its training rows
    try {
      m.table = std::make_shared<const TableEncoding>(TableEncoding::fromJson(info["table"]));
    } catch (const std::exception& e) {
      throw ConfigError(runDir, std::string("run.json's table cannot be read: ") + e.what());
    }
    m.classes = m.table->classes;
    m.input_shape = {m.table->featureCount()};
    outputs = m.table->task == "regression" ? 1 : static_cast<int64_t>(m.classes.size());
    categorySizes = m.table->categorySizes();
  } else if (info.contains("text")) {  // text: the vocabulary fitted on its training documents
    try {
      m.text = std::make_shared<const TextEncoding>(TextEncoding::fromJson(info["text"]));
    } catch (const std::exception& e) {
      throw ConfigError(runDir, std::string("run.json's text encoding cannot be read: ") + e.what());
    }
    m.classes = dataset.value("classes", std::vector<std::string>{});
    m.input_shape = dataset.value("input_shape", std::vector<int64_t>{1});
    outputs = static_cast<int64_t>(m.classes.size());
    categorySizes = {m.text->vocabulary.size()};
  } else {
    m.classes = dataset.value("classes", std::vector<std::string>{});
    m.input_shape = dataset.value("input_shape", std::vector<int64_t>{});
    if (m.classes.size() < 2 || m.input_shape.size() != 3)
      throw ConfigError(runDir, "run.json has no classes or input shape: the run never started training");
    outputs = static_cast<int64_t>(m.classes.size());
  }
  const fs::path file = chooseCheckpoint(record, m.config, checkpoint);
  if (!fs::exists(file))
    throw ConfigError(runDir,
                      "no checkpoint " + file.filename().string() + " (the run ended before its first checkpoint?)");
  m.checkpoint = file.string();
  m.model = buildSeededModel(m.config.model, m.input_shape, outputs, m.config.seed, true, categorySizes);
  // The weights' moving average when the run's best epoch was chosen by it.
  m.average = modelIsAverage(m.config.training, m.table && m.table->task == "regression");
  try {
    loadModelWeights(m.checkpoint, m.model, m.average);
  } catch (const c10::Error& e) {
    const std::string what = e.what();
    throw ConfigError(m.checkpoint, "cannot load the weights (" + what.substr(0, what.find('\n')) + ")");
  } catch (const std::runtime_error& e) {  // a checkpoint without the average
    throw ConfigError(m.checkpoint, e.what());
  }
  m.model->eval();
  std::vector<TransformSpec> unusedTrain = m.config.train_transforms;
  m.pipeline = m.config.val_transforms;
  applyPitfalls(m.config.pitfalls, unusedTrain, m.pipeline);
  return m;
}

torch::Tensor preprocessImageFile(const TrainedModel& m, const std::string& path) {
  if (m.table)
    throw ConfigError(m.run_dir,
                      "the model of a table takes its rows, not images: trainscope-cli predict RUN data.csv");
  const int channels = m.config.dataset.kind == "fashion-mnist" ? 1 : m.config.dataset.channels;
  std::string error;
  const cv::Mat pixels = decodeImageFile(path, channels, &error);
  if (pixels.empty()) throw BadInput(path + ": " + error);
  return preprocessImage(m, pixels, path);
}

torch::Tensor preprocessImage(const TrainedModel& m, const cv::Mat& pixels, const std::string& what) {
  if (m.table)
    throw ConfigError(m.run_dir,
                      "the model of a table takes its rows, not images: trainscope-cli predict RUN data.csv");
  const int64_t c = m.input_shape[0], h = m.input_shape[1], w = m.input_shape[2];
  auto run = [&](const std::vector<TransformSpec>& pipeline) {
    PipelineImage img;
    img.pixels = pixels;
    Rng rng(0);
    Compose(pipeline).apply(img, rng);
    return img;
  };
  PipelineImage img = run(m.pipeline);
  if (img.channels != c || img.height != h || img.width != w) {
    std::vector<TransformSpec> resized = m.pipeline;
    TransformSpec resize;
    resize.name = "Resize";
    resize.size = {static_cast<int>(h), static_cast<int>(w)};
    resized.insert(resized.begin(), resize);
    img = run(resized);
  }
  if (img.channels != c || img.height != h || img.width != w || !img.isTensor)
    throw std::runtime_error(what + ": the transforms do not give the model's input shape");
  return torch::from_blob(img.tensor.data(), {1, c, h, w}, torch::kFloat32).clone();
}

namespace {
// A table's: how a row becomes the model's input, for code outside Trainscope to do the same.
nlohmann::json tablePreprocessingJson(const TrainedModel& m) {
  const TableEncoding& e = *m.table;
  nlohmann::json features = nlohmann::json::array();
  for (const auto& n : e.numbers) features.push_back(n.name);
  for (const auto& n : e.numbers)
    if (n.missing_flag) features.push_back(n.name + " was missing");
  for (const auto& c : e.categories) features.push_back(c.name + " code");
  return {{"format", "trainscope-table-1"},
          {"run", m.run_name},
          {"model", m.config.model.name},
          {"input_shape", {1, e.featureCount()}},
          {"input_name", "input"},
          {"output_name", "logits"},
          {"features", features},
          {"encoding", e.toJson()},
          {"how",
           "one float per feature, in this order: each number standardised, (x - mean) / std, a missing one "
           "replaced by the median first; then for each number with missing_flag, 1 if it was missing else 0; "
           "then each category's code: 1 + the index of its value in levels, 0 when missing or not a level"},
          {"classes", e.classes},
          {"output", e.task == "regression" ? "logits[:, 0] * target_std + target_mean is the predicted " + e.target
                                            : std::string("logits: softmax gives the class probabilities")}};
}
}  // namespace

nlohmann::json preprocessingJson(const TrainedModel& m) {
  if (m.table) return tablePreprocessingJson(m);
  if (m.text)
    return {{"format", "trainscope-text-1"},
            {"run", m.run_name},
            {"model", m.config.model.name},
            {"input_shape", {1, "tokens"}},
            {"input_name", "input"},
            {"output_name", "logits"},
            {"encoding", m.text->toJson()},
            {"how",
             "int64 token ids [batch, tokens]: the document's words (ICU word boundaries, lower-cased, punctuation "
             "and spaces dropped; or its characters, spaces dropped) as tokenizer says, at most max_tokens, each "
             "its index in vocabulary.tokens (1, <unk>, when absent); shorter documents padded with 0 (<pad>) "
             "at the end, which changes nothing"},
            {"classes", m.classes},
            {"output", "logits: softmax gives the class probabilities"}};
  const nlohmann::json transforms = pipelineJson(m.pipeline);
  std::vector<double> mean, std;
  for (const auto& t : m.pipeline)
    if (t.name == "Normalize") mean = t.mean, std = t.std;
  return {{"format", "trainscope-model-1"},
          {"run", m.run_name},
          {"model", m.config.model.name},
          {"input_shape", {1, m.input_shape[0], m.input_shape[1], m.input_shape[2]}},
          {"input_name", "input"},
          {"output_name", "logits"},
          {"color", m.input_shape[0] == 1 ? "grayscale" : "RGB"},
          {"layout", "NCHW"},
          {"scale", 1.0 / 255.0},
          {"mean", mean},
          {"std", std},
          {"transforms", transforms},
          {"classes", m.classes},
          {"output", "logits: softmax gives the class probabilities"}};
}

std::vector<ClassProbability> classesByProbability(const torch::Tensor& logits,
                                                   const std::vector<std::string>& classes) {
  const torch::Tensor probs = torch::softmax(logits.reshape({-1}).to(torch::kFloat32), 0).contiguous();
  std::vector<ClassProbability> ranked;
  for (int64_t c = 0; c < probs.size(0); ++c)
    ranked.push_back({static_cast<int>(c), classes.at(static_cast<size_t>(c)), probs.data_ptr<float>()[c]});
  std::stable_sort(ranked.begin(), ranked.end(),
                   [](const auto& a, const auto& b) { return a.probability > b.probability; });
  return ranked;
}

}  // namespace trainscope
