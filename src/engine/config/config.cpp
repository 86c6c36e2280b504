#include "engine/config/config.h"

#include "engine/config/image_size.h"
#include "engine/config/json_fields.h"

#include <fstream>
#include <set>
#include <sstream>

namespace trainscope {

namespace {

std::string joinLines(const std::vector<std::string>& lines) {
  std::string out;
  for (const auto& l : lines) out += (out.empty() ? "" : "\n") + l;
  return out;
}

const std::vector<std::string> kTransformNames{"Resize",      "CenterCrop", "RandomResizedCrop", "RandomHorizontalFlip",
                                               "ColorJitter", "Grayscale",  "ToTensor",          "Normalize"};

bool isTensorStage(const std::string& name) { return name == "Normalize"; }

TransformSpec parseTransform(const nlohmann::json& j, const std::string& path, std::vector<std::string>& problems) {
  TransformSpec t;
  if (!j.is_object()) {
    problems.push_back(path + ": must be an object like {\"name\": \"ToTensor\"}, got " + describeJsonType(j));
    return t;
  }
  JsonFields f(j, path, problems);
  if (!f.has("name")) {
    problems.push_back(path +
                       ".name: missing (one of Resize, CenterCrop, RandomResizedCrop, "
                       "RandomHorizontalFlip, ColorJitter, Grayscale, ToTensor, Normalize)");
    return t;
  }
  f.read("name", t.name, kTransformNames);
  const size_t before = problems.size();
  if (t.name == "Resize" || t.name == "CenterCrop" || t.name == "RandomResizedCrop") {
    if (!f.has("size")) f.problem("size", "missing (a number, or [height, width])");
    f.read("size", t.size, 1, 16384);
    if (t.size.size() != 1 && t.size.size() != 2 && problems.size() == before)
      f.problem("size", "must be one number or [height, width]");
  }
  if (t.name == "RandomResizedCrop") {
    f.read("scale", t.scale, 0, 1);
    f.read("ratio", t.ratio, 1e-6, 1e6);
    if (t.scale.size() != 2 || t.scale[0] > t.scale[1] || t.scale[1] <= 0)
      f.problem("scale", "must be [min, max] with 0 <= min <= max <= 1 and max > 0");
    if (t.ratio.size() != 2 || t.ratio[0] > t.ratio[1]) f.problem("ratio", "must be [min, max] with 0 < min <= max");
  }
  if (t.name == "RandomHorizontalFlip") f.read("p", t.p, 0, 1);
  if (t.name == "ColorJitter") {
    f.read("brightness", t.brightness, 0, 1e6);
    f.read("contrast", t.contrast, 0, 1e6);
    f.read("saturation", t.saturation, 0, 1e6);
    f.read("hue", t.hue, 0, 0.5);
  }
  if (t.name == "Grayscale") {
    f.read("num_output_channels", t.num_output_channels, 1, 3);
    if (t.num_output_channels == 2) f.problem("num_output_channels", "must be 1 or 3, got 2");
  }
  if (t.name == "Normalize") {
    if (!f.has("mean")) f.problem("mean", "missing (one value per channel)");
    if (!f.has("std")) f.problem("std", "missing (one value per channel)");
    f.read("mean", t.mean, -1e6, 1e6);
    f.read("std", t.std, 1e-12, 1e6);
    if (t.mean.size() != t.std.size())
      f.problem("std", "must have as many values as mean (" + std::to_string(t.mean.size()) + ")");
  }
  f.rejectUnknown();
  return t;
}

// Order and channel rules of a pipeline: image ops, then ToTensor, then Normalize.
void checkPipeline(const std::vector<TransformSpec>& ts, const std::string& path, int inputChannels, bool variableSizes,
                   std::vector<std::string>& problems) {
  int channels = inputChannels;
  bool tensor = false, fixedSize = !variableSizes;
  for (size_t i = 0; i < ts.size(); ++i) {
    const auto& t = ts[i];
    const std::string where = path + "[" + std::to_string(i) + "]";
    if (t.name == "ToTensor") {
      if (tensor) problems.push_back(where + ": ToTensor appears twice");
      tensor = true;
    } else if (isTensorStage(t.name)) {
      if (!tensor) problems.push_back(where + ": " + t.name + " works on tensors; put it after ToTensor");
      if (!t.mean.empty() && static_cast<int>(t.mean.size()) != channels)
        problems.push_back(where + ".mean: the images have " + std::to_string(channels) +
                           " channel(s) here, so mean and std need " + std::to_string(channels) + " value(s), got " +
                           std::to_string(t.mean.size()));
    } else if (!t.name.empty()) {
      if (tensor) problems.push_back(where + ": " + t.name + " works on images; put it before ToTensor");
      if (t.name == "Grayscale") channels = t.num_output_channels;
      if (t.name == "CenterCrop" || t.name == "RandomResizedCrop" || (t.name == "Resize" && t.size.size() == 2))
        fixedSize = true;
    }
  }
  if (!tensor) problems.push_back(path + ": needs a ToTensor step (the model takes float tensors)");
  if (!fixedSize)
    problems.push_back(path +
                       ": images in a folder differ in size, so a batch cannot be stacked; add "
                       "CenterCrop, RandomResizedCrop or Resize with [height, width]");
}

std::vector<TransformSpec> parsePipeline(const nlohmann::json* j, const std::string& path,
                                         std::vector<std::string>& problems) {
  std::vector<TransformSpec> out;
  if (!j->is_array()) {
    problems.push_back(path + ": must be an array of transforms, got " + describeJsonType(*j));
    return out;
  }
  for (size_t i = 0; i < j->size(); ++i)
    out.push_back(parseTransform((*j)[i], path + "[" + std::to_string(i) + "]", problems));
  return out;
}

}  // namespace

ConfigError::ConfigError(std::vector<std::string> problems)
    : std::runtime_error(joinLines(problems)), problems_(std::move(problems)) {}

std::vector<TransformSpec> defaultTransforms(const DatasetConfig& d, bool train) {
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

ExperimentConfig parseConfig(const nlohmann::json& j) {
  std::vector<std::string> problems;
  ExperimentConfig c;
  if (!j.is_object()) throw ConfigError({"config: must be a JSON object, got " + describeJsonType(j)});

  JsonFields top(j, "", problems);
  top.read("name", c.name);
  top.read("run_name", c.run_name);
  top.read("description", c.description);
  top.read("seed", c.seed);
  top.read("deterministic", c.deterministic);
  top.read("device", c.device, {"auto", "cpu", "cuda"});
  top.read("threads", c.threads, 0, 1024);
  top.read("epochs", c.epochs, 1, 1e6);
  top.read("runs_dir", c.runs_dir);

  auto section = [&](const char* key) -> const nlohmann::json* {
    const auto* s = top.child(key);
    if (s && !s->is_object()) {
      top.problem(key, "must be an object, got " + describeJsonType(*s));
      return nullptr;
    }
    return s;
  };

  if (const auto* s = section("dataset")) {
    JsonFields f(*s, "dataset", problems);
    f.read("kind", c.dataset.kind, {"fashion-mnist", "image-folder"});
    f.read("root", c.dataset.root);
    f.read("val_fraction", c.dataset.val_fraction, 0, 0.9);
    f.read("channels", c.dataset.channels, 1, 3);
    f.read("train_subset", c.dataset.train_subset, 0, 1e12);
    f.read("val_subset", c.dataset.val_subset, 0, 1e12);
    f.read("max_image_pixels", c.dataset.max_image_pixels, 1e4, 1e10);
    f.read("label_noise", c.dataset.label_noise, 0, 0.9);
    f.read("corrections", c.dataset.corrections);
    if (c.dataset.channels == 2) f.problem("channels", "must be 1 (grayscale) or 3 (RGB), got 2");
    if (c.dataset.kind == "image-folder" && c.dataset.root.empty())
      f.problem("root", "missing: an image folder needs the path of its root (root/<class>/<image>)");
    f.rejectUnknown();
  }
  if (const auto* s = section("loader")) {
    JsonFields f(*s, "loader", problems);
    f.read("batch_size", c.loader.batch_size, 1, 65536);
    f.read("num_workers", c.loader.num_workers, 0, 64);
    f.read("prefetch_factor", c.loader.prefetch_factor, 1, 64);
    f.read("shuffle", c.loader.shuffle);
    f.read("drop_last", c.loader.drop_last);
    f.read("pin_memory", c.loader.pin_memory);
    f.rejectUnknown();
  }
  if (const auto* s = section("model")) {
    JsonFields f(*s, "model", problems);
    f.read("name", c.model.name, {"mlp", "lenet", "vgg", "resnet18", "fastcnn", "torchscript"});
    f.read("path", c.model.path);
    f.read("head", c.model.head, {"auto", "replace", "keep"});
    f.read("freeze", c.model.freeze);
    f.read("unfreeze_epoch", c.model.unfreeze_epoch, 0, 1 << 20);
    f.read("backbone_lr_factor", c.model.backbone_lr_factor, 0, 1e6);
    if (c.model.name == "torchscript" && c.model.path.empty())
      f.problem("path", "a TorchScript model needs the file saved by torch.jit.save (\"path\": \"model.pt\")");
    f.read("image_size", c.model.image_size, 0, kMaximumImageSize);
    const int minimum = minimumImageSize(c.model.name);
    if (c.model.image_size > 0 && c.model.image_size < minimum)
      f.problem("image_size", c.model.name + " needs images of at least " + std::to_string(minimum) + " px, got " +
                                  std::to_string(c.model.image_size));
    f.read("hidden", c.model.hidden, 1, 1 << 20);
    f.read("activation", c.model.activation, {"relu", "sigmoid", "tanh"});
    f.read("dropout", c.model.dropout, 0, 0.99);
    f.read("residual", c.model.residual);
    if (c.model.hidden.empty()) f.problem("hidden", "needs at least one layer width");
    f.rejectUnknown();
  }
  if (const auto* s = section("optimizer")) {
    JsonFields f(*s, "optimizer", problems);
    f.read("name", c.optimizer.name, {"sgd", "adam", "adamw"});
    f.read("lr", c.optimizer.lr, 0, 1e6, /*minExclusive=*/true);
    f.read("momentum", c.optimizer.momentum, 0, 1);
    f.read("nesterov", c.optimizer.nesterov);
    f.read("weight_decay", c.optimizer.weight_decay, 0, 1e3);
    f.read("betas", c.optimizer.betas, 0, 0.999999);
    f.read("eps", c.optimizer.eps, 0, 1, /*minExclusive=*/true);
    if (c.optimizer.betas.size() != 2) f.problem("betas", "must be [beta1, beta2]");
    if (c.optimizer.nesterov && c.optimizer.momentum <= 0)
      f.problem("nesterov", "needs momentum > 0 (as torch.optim.SGD)");
    f.rejectUnknown();
  }
  if (const auto* s = section("scheduler")) {
    JsonFields f(*s, "scheduler", problems);
    f.read("name", c.scheduler.name, {"constant", "step", "multistep", "cosine"});
    f.read("step_size", c.scheduler.step_size, 0, 1e6, /*minExclusive=*/true);
    f.read("gamma", c.scheduler.gamma, 0, 1e3, /*minExclusive=*/true);
    f.read("milestones", c.scheduler.milestones, 0, 1e6);
    f.read("eta_min", c.scheduler.eta_min, 0, 1e6);
    f.read("warmup_epochs", c.scheduler.warmup_epochs, 0, 1e6);
    f.read("warmup_start_factor", c.scheduler.warmup_start_factor, 0, 1, /*minExclusive=*/true);
    if (c.scheduler.name == "multistep" && c.scheduler.milestones.empty())
      f.problem("milestones", "MultiStepLR needs at least one milestone (in epochs)");
    for (size_t i = 1; i < c.scheduler.milestones.size(); ++i)
      if (c.scheduler.milestones[i] <= c.scheduler.milestones[i - 1]) f.problem("milestones", "must increase");
    f.rejectUnknown();
  }
  if (const auto* s = section("training")) {
    JsonFields f(*s, "training", problems);
    f.read("grad_accum_steps", c.training.grad_accum_steps, 1, 1 << 16);
    f.read("clip_grad_norm", c.training.clip_grad_norm, 0, 1e9);
    f.read("label_smoothing", c.training.label_smoothing, 0, 1);
    f.read("mixup_alpha", c.training.mixup_alpha, 0, 100);
    f.read("cutmix_alpha", c.training.cutmix_alpha, 0, 100);
    f.read("mix_prob", c.training.mix_prob, 0, 1);
    f.read("max_steps", c.training.max_steps, 0, 1e15);
    f.read("nan_guard", c.training.nan_guard, {"pause", "stop", "skip", "off"});
    f.read("anomaly_detection", c.training.anomaly_detection);
    f.read("checkpoint_every_steps", c.training.checkpoint_every_steps, 0, 1e15);
    f.read("checkpoint_every_seconds", c.training.checkpoint_every_seconds, 0, 1e9);
    f.rejectUnknown();
  }

  if (const auto* s = section("distributed")) {
    JsonFields f(*s, "distributed", problems);
    f.read("timeout_seconds", c.distributed.timeout_seconds, 1, 86400);
    f.read("bucket_mb", c.distributed.bucket_mb, 0.001, 4096);
    f.rejectUnknown();
  }

  if (const auto* s = section("probes")) {
    JsonFields f(*s, "probes", problems);
    f.read("enabled", c.probes.enabled);
    f.read("histogram_every", c.probes.histogram_every, 0, 1e9);
    f.read("bins", c.probes.bins, 2, 4096);
    f.read("sample", c.probes.sample, 16, 1 << 24);
    f.rejectUnknown();
  }

  if (const auto* s = section("pitfalls")) {
    JsonFields f(*s, "pitfalls", problems);
    f.read("skip_zero_grad", c.pitfalls.skip_zero_grad);
    f.read("skip_eval", c.pitfalls.skip_eval);
    f.read("skip_normalize", c.pitfalls.skip_normalize);
    f.rejectUnknown();
  }

  if (const auto* s = section("tensors")) {
    JsonFields f(*s, "tensors", problems);
    f.read("steps", c.tensors.steps, 1, 1e9);
    f.read("every", c.tensors.every, 0, 1e9);
    f.read("layers", c.tensors.layers);
    f.read("kinds", c.tensors.kinds, tensorKinds());
    if (f.has("kinds") && c.tensors.kinds.empty()) f.problem("kinds", "must name at least one kind");
    f.rejectUnknown();
  }

  const int inputChannels = c.dataset.kind == "fashion-mnist" ? 1 : c.dataset.channels;
  const bool variableSizes = c.dataset.kind == "image-folder";
  c.train_transforms = defaultTransforms(c.dataset, true);
  c.val_transforms = defaultTransforms(c.dataset, false);
  if (const auto* s = section("transforms")) {
    JsonFields f(*s, "transforms", problems);
    if (const auto* t = f.child("train")) c.train_transforms = parsePipeline(t, "transforms.train", problems);
    if (const auto* t = f.child("val")) c.val_transforms = parsePipeline(t, "transforms.val", problems);
    f.rejectUnknown();
  }
  applyImageSize(c.train_transforms, c.model.image_size);
  applyImageSize(c.val_transforms, c.model.image_size);
  checkPipeline(c.train_transforms, "transforms.train", inputChannels, variableSizes, problems);
  checkPipeline(c.val_transforms, "transforms.val", inputChannels, variableSizes, problems);
  top.rejectUnknown();
  if (!problems.empty()) throw ConfigError(problems);
  return c;
}

nlohmann::json readConfigJson(const std::string& path, const std::string& field) {
  std::ifstream in(path);
  if (!in) throw ConfigError({field + ": cannot open file " + path});
  // JSON parsers keep one of two equal keys and drop the other without a word: a
  // setting written twice is a mistake to report, naming the key.
  struct Frame {
    bool object;
    std::string path;
    std::set<std::string> keys;
    std::string lastKey;
  };
  std::vector<Frame> frames;
  std::vector<std::string> duplicates;
  const nlohmann::json::parser_callback_t noteKeys = [&](int, nlohmann::json::parse_event_t event,
                                                         nlohmann::json& parsed) {
    using E = nlohmann::json::parse_event_t;
    if (event == E::object_start || event == E::array_start) {
      std::string where = frames.empty() ? "" : frames.back().path;
      if (!frames.empty() && frames.back().object) where += (where.empty() ? "" : ".") + frames.back().lastKey;
      if (!frames.empty() && !frames.back().object) where += "[]";
      frames.push_back({event == E::object_start, where, {}, {}});
    } else if (event == E::object_end || event == E::array_end) {
      if (!frames.empty()) frames.pop_back();
    } else if (event == E::key && !frames.empty()) {
      Frame& f = frames.back();
      f.lastKey = parsed.get<std::string>();
      if (!f.keys.insert(f.lastKey).second)
        duplicates.push_back((f.path.empty() ? "" : f.path + ".") + f.lastKey + ": appears twice in " + path +
                             " (JSON would keep only one); remove the other");
    }
    return true;
  };
  nlohmann::json j;
  try {
    j = nlohmann::json::parse(in, noteKeys, /*allow_exceptions=*/true, /*ignore_comments=*/true);
  } catch (const nlohmann::json::exception& e) {
    throw ConfigError({field + ": " + path + " is not valid JSON: " + e.what()});
  }
  if (!duplicates.empty()) throw ConfigError(duplicates);
  if (!j.is_object())
    throw ConfigError({field + ": " + path + " must hold a JSON object ({ ... }), not " + describeJsonType(j)});
  return j;
}

ExperimentConfig loadConfigFile(const std::string& path) { return parseConfig(readConfigJson(path)); }

nlohmann::json toJson(const TransformSpec& t) {
  nlohmann::json j{{"name", t.name}};
  if (t.name == "Resize" || t.name == "CenterCrop" || t.name == "RandomResizedCrop")
    j["size"] = t.size.size() == 1 ? nlohmann::json(t.size[0]) : nlohmann::json(t.size);
  if (t.name == "RandomResizedCrop") j["scale"] = t.scale, j["ratio"] = t.ratio;
  if (t.name == "RandomHorizontalFlip") j["p"] = t.p;
  if (t.name == "ColorJitter")
    j["brightness"] = t.brightness, j["contrast"] = t.contrast, j["saturation"] = t.saturation, j["hue"] = t.hue;
  if (t.name == "Grayscale") j["num_output_channels"] = t.num_output_channels;
  if (t.name == "Normalize") j["mean"] = t.mean, j["std"] = t.std;
  return j;
}

nlohmann::json toJson(const ExperimentConfig& c) {
  nlohmann::json train = nlohmann::json::array(), val = nlohmann::json::array();
  for (const auto& t : c.train_transforms) train.push_back(toJson(t));
  for (const auto& t : c.val_transforms) val.push_back(toJson(t));
  return {
      {"name", c.name},
      {"run_name", c.run_name},
      {"description", c.description},
      {"seed", c.seed},
      {"deterministic", c.deterministic},
      {"device", c.device},
      {"threads", c.threads},
      {"epochs", c.epochs},
      {"runs_dir", c.runs_dir},
      {"dataset",
       {{"kind", c.dataset.kind},
        {"root", c.dataset.root},
        {"val_fraction", c.dataset.val_fraction},
        {"channels", c.dataset.channels},
        {"train_subset", c.dataset.train_subset},
        {"val_subset", c.dataset.val_subset},
        {"max_image_pixels", c.dataset.max_image_pixels},
        {"label_noise", c.dataset.label_noise},
        {"corrections", c.dataset.corrections}}},
      {"transforms", {{"train", train}, {"val", val}}},
      {"loader",
       {{"batch_size", c.loader.batch_size},
        {"num_workers", c.loader.num_workers},
        {"prefetch_factor", c.loader.prefetch_factor},
        {"shuffle", c.loader.shuffle},
        {"drop_last", c.loader.drop_last},
        {"pin_memory", c.loader.pin_memory}}},
      {"model",
       {{"name", c.model.name},
        {"image_size", c.model.image_size},
        {"path", c.model.path},
        {"head", c.model.head},
        {"freeze", c.model.freeze},
        {"unfreeze_epoch", c.model.unfreeze_epoch},
        {"backbone_lr_factor", c.model.backbone_lr_factor},
        {"hidden", c.model.hidden},
        {"activation", c.model.activation},
        {"dropout", c.model.dropout},
        {"residual", c.model.residual}}},
      {"optimizer",
       {{"name", c.optimizer.name},
        {"lr", c.optimizer.lr},
        {"momentum", c.optimizer.momentum},
        {"nesterov", c.optimizer.nesterov},
        {"weight_decay", c.optimizer.weight_decay},
        {"betas", c.optimizer.betas},
        {"eps", c.optimizer.eps}}},
      {"scheduler",
       {{"name", c.scheduler.name},
        {"step_size", c.scheduler.step_size},
        {"gamma", c.scheduler.gamma},
        {"milestones", c.scheduler.milestones},
        {"eta_min", c.scheduler.eta_min},
        {"warmup_epochs", c.scheduler.warmup_epochs},
        {"warmup_start_factor", c.scheduler.warmup_start_factor}}},
      {"training",
       {{"grad_accum_steps", c.training.grad_accum_steps},
        {"clip_grad_norm", c.training.clip_grad_norm},
        {"label_smoothing", c.training.label_smoothing},
        {"mixup_alpha", c.training.mixup_alpha},
        {"cutmix_alpha", c.training.cutmix_alpha},
        {"mix_prob", c.training.mix_prob},
        {"max_steps", c.training.max_steps},
        {"nan_guard", c.training.nan_guard},
        {"anomaly_detection", c.training.anomaly_detection},
        {"checkpoint_every_steps", c.training.checkpoint_every_steps},
        {"checkpoint_every_seconds", c.training.checkpoint_every_seconds}}},
      {"distributed", {{"timeout_seconds", c.distributed.timeout_seconds}, {"bucket_mb", c.distributed.bucket_mb}}},
      {"probes",
       {{"enabled", c.probes.enabled},
        {"histogram_every", c.probes.histogram_every},
        {"bins", c.probes.bins},
        {"sample", c.probes.sample}}},
      {"pitfalls",
       {{"skip_zero_grad", c.pitfalls.skip_zero_grad},
        {"skip_eval", c.pitfalls.skip_eval},
        {"skip_normalize", c.pitfalls.skip_normalize}}},
      {"tensors",
       {{"steps", c.tensors.steps},
        {"every", c.tensors.every},
        {"layers", c.tensors.layers},
        {"kinds", c.tensors.kinds}}},
  };
}

void applyOverride(nlohmann::json& j, const std::string& assignment) {
  const auto eq = assignment.find('=');
  if (eq == std::string::npos || eq == 0)
    throw ConfigError({"--set " + assignment + ": expected key=value, e.g. optimizer.lr=0.1"});
  const std::string key = assignment.substr(0, eq);
  const std::string text = assignment.substr(eq + 1);
  nlohmann::json value = nlohmann::json::parse(text, nullptr, /*allow_exceptions=*/false);
  if (value.is_discarded()) value = text;  // plain words are strings: model.name=mlp

  nlohmann::json* node = &j;
  std::stringstream parts(key);
  std::string part, walked;
  std::vector<std::string> path;
  while (std::getline(parts, part, '.')) path.push_back(part);
  for (size_t i = 0; i + 1 < path.size(); ++i) {
    walked += (walked.empty() ? "" : ".") + path[i];
    if (!node->contains(path[i])) (*node)[path[i]] = nlohmann::json::object();
    node = &(*node)[path[i]];
    if (!node->is_object()) throw ConfigError({walked + ": is not an object, so " + key + " cannot be set"});
  }
  (*node)[path.back()] = value;
}

}  // namespace trainscope
