#include "engine/config/transforms_config.h"

#include "engine/config/config_fields.h"
#include "engine/config/json_fields.h"

#include <algorithm>

namespace trainscope {

namespace {

// A transform's parameter, declared once: its key is the TransformSpec member's name.
struct TransformParam {
  std::string key;
  std::function<FieldRef(TransformSpec&)> at;
  std::vector<std::string> transforms;  // the transforms that take it
  double min, max;
  const char* missing = nullptr;  // required: what the problem says when it is absent
};

#define TS_PARAM(member) #member, [](TransformSpec & t) { return FieldRef(&t.member); }

const std::vector<TransformParam>& transformParams() {
  static const std::vector<TransformParam> params{
      {TS_PARAM(size),
       {"Resize", "CenterCrop", "RandomResizedCrop"},
       1,
       16384,
       "missing (a number, or [height, width])"},
      {TS_PARAM(scale), {"RandomResizedCrop"}, 0, 1},
      {TS_PARAM(ratio), {"RandomResizedCrop"}, 1e-6, 1e6},
      {TS_PARAM(p), {"RandomHorizontalFlip"}, 0, 1},
      {TS_PARAM(brightness), {"ColorJitter"}, 0, 1e6},
      {TS_PARAM(contrast), {"ColorJitter"}, 0, 1e6},
      {TS_PARAM(saturation), {"ColorJitter"}, 0, 1e6},
      {TS_PARAM(hue), {"ColorJitter"}, 0, 0.5},
      {TS_PARAM(num_output_channels), {"Grayscale"}, 1, 3},
      {TS_PARAM(mean), {"Normalize"}, -1e6, 1e6, "missing (one value per channel)"},
      {TS_PARAM(std), {"Normalize"}, 1e-12, 1e6, "missing (one value per channel)"},
  };
  return params;
}

bool takes(const TransformParam& param, const std::string& transform) {
  return std::find(param.transforms.begin(), param.transforms.end(), transform) != param.transforms.end();
}

void readParam(JsonFields& f, const TransformParam& param, TransformSpec& t) {
  std::visit(
      [&](auto* p) {
        using T = std::decay_t<decltype(*p)>;
        if constexpr (std::is_same_v<T, double> || std::is_same_v<T, int> || std::is_same_v<T, std::vector<int>> ||
                      std::is_same_v<T, std::vector<double>>)
          f.read(param.key, *p, param.min, param.max);
      },
      param.at(t));
}

bool isTensorStage(const std::string& name) { return name == "Normalize"; }

// What a transform's own parameters must satisfy together.
void checkParams(const TransformSpec& t, JsonFields& f) {
  if (t.name == "RandomResizedCrop") {
    if (t.scale.size() != 2 || t.scale[0] > t.scale[1] || t.scale[1] <= 0)
      f.problem("scale", "must be [min, max] with 0 <= min <= max <= 1 and max > 0");
    if (t.ratio.size() != 2 || t.ratio[0] > t.ratio[1]) f.problem("ratio", "must be [min, max] with 0 < min <= max");
  }
  if (t.name == "Grayscale" && t.num_output_channels == 2) f.problem("num_output_channels", "must be 1 or 3, got 2");
  if (t.name == "Normalize" && t.mean.size() != t.std.size())
    f.problem("std", "must have as many values as mean (" + std::to_string(t.mean.size()) + ")");
}

TransformSpec parseTransform(const nlohmann::json& j, const std::string& path, Problems& problems) {
  TransformSpec t;
  if (!j.is_object()) {
    problems.push_back({path, "must be an object like {\"name\": \"ToTensor\"}, got " + describeJsonType(j)});
    return t;
  }
  JsonFields f(j, path, problems);
  if (!f.has("name")) {
    std::string names;
    for (const auto& n : transformNames()) names += (names.empty() ? "" : ", ") + n;
    problems.push_back({path + ".name", "missing (one of " + names + ")"});
    return t;
  }
  f.read("name", t.name, transformNames());
  const size_t before = problems.size();
  for (const auto& param : transformParams()) {
    if (!takes(param, t.name)) continue;
    if (param.missing && !f.has(param.key)) f.problem(param.key, param.missing);
    readParam(f, param, t);
  }
  if (problems.size() == before && takes(transformParams().front(), t.name) && t.size.size() != 1 && t.size.size() != 2)
    f.problem("size", "must be one number or [height, width]");
  checkParams(t, f);
  f.rejectUnknown();
  return t;
}

}  // namespace

const std::vector<TransformKind>& transformKinds() {
  static const std::vector<TransformKind> kinds{
      {"Resize", false, true},           {"CenterCrop", false, true},
      {"RandomResizedCrop", true, true}, {"RandomHorizontalFlip", true, true},
      {"ColorJitter", true, true},       {"Grayscale", false, true},
      {"ToTensor", false, false},        {"Normalize", false, false},
  };
  return kinds;
}

const std::vector<std::string>& transformNames() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> out;
    for (const auto& k : transformKinds()) out.push_back(k.name);
    return out;
  }();
  return names;
}

const TransformKind* transformKind(const std::string& name) {
  for (const auto& k : transformKinds())
    if (k.name == name) return &k;
  return nullptr;
}

std::vector<std::string> transformsTaking(const std::string& parameter) {
  for (const auto& p : transformParams())
    if (p.key == parameter) return p.transforms;
  return {};
}

std::vector<TransformSpec> parsePipeline(const nlohmann::json& j, const std::string& path, Problems& problems) {
  std::vector<TransformSpec> out;
  if (!j.is_array()) {
    problems.push_back({path, "must be an array of transforms, got " + describeJsonType(j)});
    return out;
  }
  for (size_t i = 0; i < j.size(); ++i)
    out.push_back(parseTransform(j[i], path + "[" + std::to_string(i) + "]", problems));
  return out;
}

void checkPipeline(const std::vector<TransformSpec>& ts, const std::string& path, int inputChannels, bool variableSizes,
                   Problems& problems) {
  int channels = inputChannels;
  bool tensor = false, fixedSize = !variableSizes;
  for (size_t i = 0; i < ts.size(); ++i) {
    const auto& t = ts[i];
    const std::string where = path + "[" + std::to_string(i) + "]";
    if (t.name == "ToTensor") {
      if (tensor) problems.push_back({where, "ToTensor appears twice"});
      tensor = true;
    } else if (isTensorStage(t.name)) {
      if (!tensor) problems.push_back({where, t.name + " works on tensors; put it after ToTensor"});
      if (!t.mean.empty() && static_cast<int>(t.mean.size()) != channels)
        problems.push_back({where + ".mean", "the images have " + std::to_string(channels) +
                                                 " channel(s) here, so mean and std need " + std::to_string(channels) +
                                                 " value(s), got " + std::to_string(t.mean.size())});
    } else if (!t.name.empty()) {
      if (tensor) problems.push_back({where, t.name + " works on images; put it before ToTensor"});
      if (t.name == "Grayscale") channels = t.num_output_channels;
      if (t.name == "CenterCrop" || t.name == "RandomResizedCrop" || (t.name == "Resize" && t.size.size() == 2))
        fixedSize = true;
    }
  }
  if (!tensor) problems.push_back({path, "needs a ToTensor step (the model takes float tensors)"});
  if (!fixedSize)
    problems.push_back({path,
                        "images in a folder differ in size, so a batch cannot be stacked; add "
                        "CenterCrop, RandomResizedCrop or Resize with [height, width]"});
}

nlohmann::json toJson(const TransformSpec& spec) {
  nlohmann::json j{{"name", spec.name}};
  TransformSpec& t = const_cast<TransformSpec&>(spec);  // the accessors hand out members; this only reads
  for (const auto& param : transformParams()) {
    if (!takes(param, t.name)) continue;
    j[param.key] = std::visit([](auto* p) { return nlohmann::json(*p); }, param.at(t));
  }
  if (j.contains("size") && t.size.size() == 1) j["size"] = t.size[0];  // the common shorthand
  return j;
}

nlohmann::json pipelineJson(const std::vector<TransformSpec>& pipeline) {
  nlohmann::json out = nlohmann::json::array();
  for (const auto& t : pipeline) out.push_back(toJson(t));
  return out;
}

std::vector<TransformSpec> defaultTransforms(const DatasetConfig& d, bool train) {
  // A table's rows are encoded by its columns' statistics and a text's documents by its
  // vocabulary: neither is transformed.
  if (d.kind == "csv" || d.kind == "text-folder") return {};
  TransformSpec toTensor;
  toTensor.name = "ToTensor";
  TransformSpec normalize;
  normalize.name = "Normalize";
  if (d.kind == "fashion-mnist") {
    normalize.mean = {0.2860};  // Fashion-MNIST's own statistics
    normalize.std = {0.3530};
    return {toTensor, normalize};
  }
  // An image folder: the ImageNet recipe torchvision's examples use.
  normalize.mean = {0.485, 0.456, 0.406};
  normalize.std = {0.229, 0.224, 0.225};
  if (d.channels == 1) normalize.mean = {0.449}, normalize.std = {0.226};
  if (train) {
    TransformSpec crop;
    crop.name = "RandomResizedCrop";
    crop.size = {224};
    TransformSpec flip;
    flip.name = "RandomHorizontalFlip";
    return {crop, flip, toTensor, normalize};
  }
  TransformSpec resize, center;
  resize.name = "Resize";
  resize.size = {256};
  center.name = "CenterCrop";
  center.size = {224};
  return {resize, center, toTensor, normalize};
}

}  // namespace trainscope
