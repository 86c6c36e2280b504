#include "engine/config/image_size.h"

#include <cmath>

namespace trainscope {

namespace {
bool isCrop(const TransformSpec& t) { return t.name == "CenterCrop" || t.name == "RandomResizedCrop"; }

int cropSizeAfter(const std::vector<TransformSpec>& pipeline, size_t i) {
  for (size_t k = i + 1; k < pipeline.size(); ++k)
    if (isCrop(pipeline[k]) && !pipeline[k].size.empty()) return pipeline[k].size[0];
  return 0;
}
}  // namespace

void applyImageSize(std::vector<TransformSpec>& pipeline, int size) {
  if (size <= 0) return;
  bool sized = false;
  for (size_t i = 0; i < pipeline.size(); ++i) {
    TransformSpec& t = pipeline[i];
    if (t.name != "Resize") continue;
    const int crop = cropSizeAfter(pipeline, i);
    if (crop > 0) {  // Resize 256 + CenterCrop 224: keep 256/224
      for (int& side : t.size) side = static_cast<int>(std::lround(static_cast<double>(side) * size / crop));
    } else {
      t.size = {size, size};
    }
    sized = true;
  }
  for (auto& t : pipeline)
    if (isCrop(t)) t.size = {size}, sized = true;
  if (sized) return;
  TransformSpec resize;
  resize.name = "Resize";
  resize.size = {size, size};
  size_t at = 0;
  while (at < pipeline.size() && pipeline[at].name != "ToTensor" && pipeline[at].name != "Normalize") ++at;
  pipeline.insert(pipeline.begin() + static_cast<std::ptrdiff_t>(at), resize);
}

int minimumImageSize(const std::string& modelName) {
  // lenet: 5x5 conv, pool, 5x5 conv, pool; vgg: three poolings; resnet18 and fastcnn:
  // strided stages that must leave at least one pixel.
  if (modelName == "mlp") return 1;
  if (modelName == "lenet") return 12;
  if (modelName == "vgg") return 8;
  if (modelName == "resnet18") return 8;
  if (modelName == "fastcnn") return 16;
  return 0;
}

}  // namespace trainscope
