#include "engine/deploy/similar_images.h"

#include "engine/config/file_input.h"
#include "engine/deploy/trained_model.h"
#include "engine/inspect/embedding_layout.h"
#include "engine/record/embedding_file.h"

#include <filesystem>

namespace trainscope {

namespace {
// "val:12" / "train:3": the 12th validation / 3rd training sample, as recorded.
int64_t pointOfSelector(const EmbeddingRecord& r, const std::string& image) {
  const size_t colon = image.find(':');
  if (colon == std::string::npos) return -1;
  const std::string split = image.substr(0, colon), number = image.substr(colon + 1);
  if ((split != "val" && split != "train") || number.empty() ||
      number.find_first_not_of("0123456789") != std::string::npos || number.size() > 15)
    return -1;
  const int want = split == "val" ? 0 : 1;
  const int64_t index = std::stoll(number);
  for (int64_t i = 0; i < r.points(); ++i)
    if (r.split[i] == want && r.index[i] == index) return i;
  throw BadInput(image + ": that sample is not among the " + std::to_string(r.points()) +
                 " recorded in embeddings.h5 (up to 10,000 validation and 1,000 training samples)");
}

int64_t pointOfPath(const EmbeddingRecord& r, const std::string& image) {
  std::error_code ec;
  const std::string wanted = std::filesystem::weakly_canonical(image, ec).string();
  for (int64_t i = 0; i < r.points(); ++i)
    if (r.paths[i] == image || (!ec && r.paths[i] == wanted)) return i;
  return -1;
}

// The features of any image file, by the run's last weights (those embeddings.h5's last
// epoch recorded), at the same layer.
std::vector<float> featuresOfFile(const std::string& runDir, const std::string& image, int64_t dims) {
  TrainedModel m = loadTrainedModel(runDir, "last");
  torch::NoGradGuard noGrad;
  m.model->eval();
  const size_t last = m.model->layers().size() - 1;
  torch::Tensor captured;
  m.model->forward(preprocessImageFile(m, image), [&](size_t layer, const torch::Tensor& out) {
    if (layer + 1 == last) captured = out;
  });
  const torch::Tensor row = captured.flatten(1).to(torch::kCPU, torch::kFloat).contiguous();
  if (row.size(1) != dims) throw BadInput(runDir + ": the model's features are not those embeddings.h5 holds");
  return {row.data_ptr<float>(), row.data_ptr<float>() + dims};
}

std::string className(const EmbeddingRecord& r, int64_t c) {
  return c >= 0 && c < static_cast<int64_t>(r.class_names.size()) ? r.class_names[c] : std::to_string(c);
}
}  // namespace

SimilarImages findSimilarImages(const std::string& runDir, const std::string& image, int k) {
  const std::string file = runDir + "/embeddings.h5";
  if (!std::filesystem::exists(file))
    throw BadInput(runDir + " has no embeddings.h5: it records one from its first epoch (issue 34's runs on)");
  const EmbeddingRecord r = readEmbeddingFile(file);
  if (r.points() == 0 || r.epochs.empty()) throw BadInput(file + " records no epoch yet");
  SimilarImages out;
  out.query = image;
  out.layer = r.layer;
  out.point = pointOfSelector(r, image);
  if (out.point < 0) out.point = pointOfPath(r, image);
  std::vector<float> own;
  if (out.point < 0) {
    if (!std::filesystem::is_regular_file(image))
      throw BadInput(image + ": neither a recorded sample (its path, val:N or train:N) nor an image file");
    own = featuresOfFile(runDir, image, r.feature_dims);
  }
  const float* query = out.point >= 0 ? r.features.data() + out.point * r.feature_dims : own.data();
  const size_t last = (r.epochs.size() - 1) * static_cast<size_t>(r.points());
  for (const auto& [i, distance] : nearestPoints(query, r.features, r.points(), r.feature_dims, 2 * k, out.point)) {
    if (r.predicted[last + i] < 0) continue;  // a sample the pass could not load has no features
    out.nearest.push_back({i, r.paths[i], r.split[i], r.index[i], className(r, r.labels[i]),
                           className(r, r.predicted[last + i]), distance});
    if (static_cast<int>(out.nearest.size()) == k) break;
  }
  return out;
}

}  // namespace trainscope
