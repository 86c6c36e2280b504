#include "engine/models/model_factory.h"

#include "engine/config/config_fields.h"
#include "engine/config/image_size.h"
#include "engine/models/blocks.h"
#include "engine/models/max_pool.h"
#include "engine/models/script_model.h"
#include "engine/models/text_models.h"

#include <mutex>
#include <stdexcept>

namespace trainscope {

namespace nn = torch::nn;

namespace {

// Adds layers while pushing a probe tensor through them, so every layer knows its
// input shape (the C++ frontend has no LazyLinear in 1.13 to infer it).
class StackBuilder {
 public:
  StackBuilder(const std::vector<int64_t>& inputShape, const std::string& modelName,
               torch::Dtype dtype = torch::kFloat32)
      : model_(modelName) {
    std::vector<int64_t> shape{2};
    shape.insert(shape.end(), inputShape.begin(), inputShape.end());
    probe_ = dtype == torch::kInt64 ? torch::ones(shape, dtype) : torch::zeros(shape, dtype);  // ids: not padding
  }

  template <typename Holder>
  void add(const std::string& name, const std::string& type, Holder module) {
    stack_->add(name, type, module);
    torch::NoGradGuard noGrad;
    module->eval();  // keep BatchNorm's running statistics untouched by the probe
    try {
      probe_ = module->forward(probe_);
    } catch (const c10::Error& e) {
      // The input shape comes from the config (transforms, model.image_size): a config problem.
      const int minimum = minimumImageSize(model_);
      const std::string imageSize = configField(&ExperimentConfig::model, &ModelConfig::image_size).key;
      throw ConfigError(configSection(&ExperimentConfig::model),
                        "the input is too small or the wrong shape for " + model_ + "'s layer " + name + " (" +
                            e.msg().substr(0, e.msg().find('\n')) + ")" +
                            (minimum > 0 ? "; set " + imageSize + " to at least " + std::to_string(minimum) : ""));
    }
    module->train();
  }

  int64_t channels() const { return probe_.size(1); }
  int64_t features() const { return probe_.numel() / probe_.size(0); }
  int64_t height() const { return probe_.dim() == 4 ? probe_.size(2) : 1; }
  LayerStack build() { return stack_; }

 private:
  std::string model_;
  LayerStack stack_;
  torch::Tensor probe_;
};

void addActivation(StackBuilder& b, const std::string& name, const std::string& kind) {
  if (kind == "sigmoid")
    b.add(name, "Sigmoid", nn::Sigmoid());
  else if (kind == "tanh")
    b.add(name, "Tanh", nn::Tanh());
  else
    b.add(name, "ReLU", nn::ReLU());
}

LayerStack buildMlp(const ModelConfig& c, const std::vector<int64_t>& in, int64_t classes) {
  StackBuilder b(in, "mlp");
  b.add("flatten", "Flatten", nn::Flatten());
  for (size_t i = 0; i < c.hidden.size(); ++i) {
    const std::string n = std::to_string(i + 1);
    if (c.residual && b.features() == c.hidden[i]) {
      b.add("res" + n, "ResidualLinear", ResidualLinear(c.hidden[i], c.activation));
    } else {
      b.add("fc" + n, "Linear", nn::Linear(b.features(), c.hidden[i]));
      addActivation(b, "act" + n, c.activation);
    }
    if (c.dropout > 0 && i + 1 == c.hidden.size()) b.add("dropout", "Dropout", nn::Dropout(c.dropout));
  }
  b.add("fc" + std::to_string(c.hidden.size() + 1), "Linear", nn::Linear(b.features(), classes));
  return b.build();
}

// A table's MLP: each category embedded (or one-hot) beside the standardised numbers,
// then Linear, BatchNorm1d, ReLU and Dropout per hidden width, and a Linear head (one
// output per class, or one value for regression).
LayerStack buildTabularMlp(const ModelConfig& c, const std::vector<int64_t>& in, int64_t outputs,
                           const std::vector<int64_t>& categorySizes) {
  const int64_t numbers = in.at(0) - static_cast<int64_t>(categorySizes.size());
  if (numbers < 0) throw std::invalid_argument("a table row has fewer features than categories");
  StackBuilder b(in, "tabular_mlp");
  b.add(
      "input", "TabularInput",
      TabularInput(
          TabularInputOptions(numbers, categorySizes).embed(c.categorical == "embed").embedding_dim(c.embedding_dim)));
  for (size_t i = 0; i < c.hidden.size(); ++i) {
    const std::string n = std::to_string(i + 1);
    b.add("fc" + n, "Linear", nn::Linear(nn::LinearOptions(b.features(), c.hidden[i]).bias(!c.batch_norm)));
    if (c.batch_norm) b.add("bn" + n, "BatchNorm1d", nn::BatchNorm1d(c.hidden[i]));
    addActivation(b, "act" + n, c.activation);
    if (c.dropout > 0) b.add("dropout" + n, "Dropout", nn::Dropout(c.dropout));
  }
  b.add("head", "Linear", nn::Linear(b.features(), outputs));
  return b.build();
}

// text_cnn and text_gru: token ids [L] in, one output per class. The layers share the
// documents' lengths (text_models.h).
LayerStack buildTextModel(const ModelConfig& c, const std::vector<int64_t>& in, int64_t classes, int64_t vocabulary) {
  StackBuilder b({std::max<int64_t>(1, in.at(0))}, c.name, torch::kInt64);
  auto lengths = std::make_shared<DocumentLengths>();
  const int64_t dim = c.embedding_dim > 0 ? c.embedding_dim : 64, width = c.hidden.at(0);
  b.add("embedding", "Embedding", TokenEmbedding(vocabulary, dim, lengths));
  if (c.name == "text_cnn")
    b.add("convs", "Conv1d", TextConvolutions(dim, width, std::vector<int64_t>{3, 4, 5}, lengths));
  else
    b.add("gru", "GRU", DocumentGru(dim, width, c.packed, lengths));
  if (c.dropout > 0) b.add("dropout", "Dropout", nn::Dropout(c.dropout));
  b.add("fc", "Linear", nn::Linear(b.features(), classes));
  return b.build();
}

// LeNet-5 as the classic tutorials write it: 5x5 convolutions (the first padded so
// 28x28 inputs keep their size), max pooling, three fully connected layers.
LayerStack buildLeNet(const std::vector<int64_t>& in, int64_t classes) {
  StackBuilder b(in, "lenet");
  b.add("conv1", "Conv2d", nn::Conv2d(nn::Conv2dOptions(in[0], 6, 5).padding(2)));
  b.add("relu1", "ReLU", nn::ReLU());
  b.add("pool1", "MaxPool2d", FastMaxPool2d(2));
  b.add("conv2", "Conv2d", nn::Conv2d(nn::Conv2dOptions(6, 16, 5)));
  b.add("relu2", "ReLU", nn::ReLU());
  b.add("pool2", "MaxPool2d", FastMaxPool2d(2));
  b.add("flatten", "Flatten", nn::Flatten());
  b.add("fc1", "Linear", nn::Linear(b.features(), 120));
  b.add("relu3", "ReLU", nn::ReLU());
  b.add("fc2", "Linear", nn::Linear(120, 84));
  b.add("relu4", "ReLU", nn::ReLU());
  b.add("fc3", "Linear", nn::Linear(84, classes));
  return b.build();
}

// A small VGG: three stages of two 3x3 conv + BatchNorm + ReLU, then max pooling;
// a classifier with Dropout.
LayerStack buildVgg(const ModelConfig& c, const std::vector<int64_t>& in, int64_t classes) {
  StackBuilder b(in, "vgg");
  int64_t channels = in[0];
  const int64_t widths[] = {32, 64, 128};
  for (int stage = 0; stage < 3; ++stage) {
    for (int k = 0; k < 2; ++k) {
      const std::string n = std::to_string(stage + 1) + "_" + std::to_string(k + 1);
      b.add("conv" + n, "Conv2d", nn::Conv2d(nn::Conv2dOptions(channels, widths[stage], 3).padding(1).bias(false)));
      b.add("bn" + n, "BatchNorm2d", nn::BatchNorm2d(widths[stage]));
      b.add("relu" + n, "ReLU", nn::ReLU());
      channels = widths[stage];
    }
    b.add("pool" + std::to_string(stage + 1), "MaxPool2d", FastMaxPool2d(2));
  }
  if (b.height() > 4)
    b.add("avgpool", "AdaptiveAvgPool2d", nn::AdaptiveAvgPool2d(nn::AdaptiveAvgPool2dOptions({4, 4})));
  b.add("flatten", "Flatten", nn::Flatten());
  b.add("fc1", "Linear", nn::Linear(b.features(), 256));
  b.add("relu_fc1", "ReLU", nn::ReLU());
  if (c.dropout > 0) b.add("dropout", "Dropout", nn::Dropout(c.dropout));
  b.add("fc2", "Linear", nn::Linear(256, classes));
  return b.build();
}

// ResNet-18. Inputs up to 64 px get the CIFAR-style stem (3x3 conv, no max pool) so
// 28x28 and 32x32 images are not shrunk to nothing; larger ones the ImageNet stem.
LayerStack buildResNet18(const std::vector<int64_t>& in, int64_t classes) {
  StackBuilder b(in, "resnet18");
  const bool small = in[1] <= 64 && in[2] <= 64;
  if (small) {
    b.add("conv1", "Conv2d", nn::Conv2d(nn::Conv2dOptions(in[0], 64, 3).stride(1).padding(1).bias(false)));
  } else {
    b.add("conv1", "Conv2d", nn::Conv2d(nn::Conv2dOptions(in[0], 64, 7).stride(2).padding(3).bias(false)));
  }
  b.add("bn1", "BatchNorm2d", nn::BatchNorm2d(64));
  b.add("relu", "ReLU", nn::ReLU());
  if (!small) b.add("maxpool", "MaxPool2d", FastMaxPool2d(nn::MaxPool2dOptions(3).stride(2).padding(1)));
  int64_t channels = 64;
  const int64_t widths[] = {64, 128, 256, 512};
  for (int stage = 0; stage < 4; ++stage) {
    for (int block = 0; block < 2; ++block) {
      const int64_t stride = (stage > 0 && block == 0) ? 2 : 1;
      b.add("layer" + std::to_string(stage + 1) + "_" + std::to_string(block), "BasicBlock",
            BasicBlock(BasicBlockOptions(channels, widths[stage]).stride(stride)));
      channels = widths[stage];
    }
  }
  b.add("avgpool", "AdaptiveAvgPool2d", nn::AdaptiveAvgPool2d(nn::AdaptiveAvgPool2dOptions({1, 1})));
  b.add("flatten", "Flatten", nn::Flatten());
  b.add("fc", "Linear", nn::Linear(512, classes));
  LayerStack model = b.build();
  // torchvision's initialisation: Kaiming normal (fan_out) for convolutions.
  for (auto& m : model->modules(/*include_self=*/false)) {
    if (auto* conv = m->as<nn::Conv2d>()) nn::init::kaiming_normal_(conv->weight, 0.0, torch::kFanOut, torch::kReLU);
  }
  return model;
}

// A compact CNN for photos at 64-128 px on a CPU: a strided 3x3 stem, three stages
// of (3x3 conv, then a strided 3x3 conv that doubles the width), each conv followed
// by BatchNorm and ReLU; global average pooling, Dropout and one Linear. About 0.5 M
// parameters and 45 M multiply-adds at 64 px: a laptop trains it at hundreds of
// images per second, where ResNet-18 at 224 px manages a few.
LayerStack buildFastCnn(const ModelConfig& c, const std::vector<int64_t>& in, int64_t classes) {
  StackBuilder b(in, "fastcnn");
  auto convBnRelu = [&](const std::string& n, int64_t from, int64_t to, int64_t stride) {
    b.add("conv" + n, "Conv2d", nn::Conv2d(nn::Conv2dOptions(from, to, 3).stride(stride).padding(1).bias(false)));
    b.add("bn" + n, "BatchNorm2d", nn::BatchNorm2d(to));
    b.add("relu" + n, "ReLU", nn::ReLU());
  };
  convBnRelu("0", in[0], 32, 2);
  const int64_t widths[] = {32, 64, 128, 256};
  for (int stage = 0; stage < 3; ++stage) {
    const std::string n = std::to_string(stage + 1);
    convBnRelu(n + "a", widths[stage], widths[stage], 1);
    convBnRelu(n + "b", widths[stage], widths[stage + 1], 2);
  }
  b.add("avgpool", "AdaptiveAvgPool2d", nn::AdaptiveAvgPool2d(nn::AdaptiveAvgPool2dOptions({1, 1})));
  b.add("flatten", "Flatten", nn::Flatten());
  if (c.dropout > 0) b.add("dropout", "Dropout", nn::Dropout(c.dropout));
  b.add("fc", "Linear", nn::Linear(widths[3], classes));
  LayerStack model = b.build();
  for (auto& m : model->modules(/*include_self=*/false)) {
    if (auto* conv = m->as<nn::Conv2d>()) nn::init::kaiming_normal_(conv->weight, 0.0, torch::kFanOut, torch::kReLU);
  }
  return model;
}

LayerStack buildLayers(const ModelConfig& config, const std::vector<int64_t>& input_shape, int64_t num_classes,
                       const std::vector<int64_t>& categorySizes) {
  if (config.name == "tabular_mlp") {
    if (input_shape.size() != 1) throw std::invalid_argument("tabular_mlp's input must be [features]");
    if (num_classes < 1) throw std::invalid_argument("tabular_mlp needs at least one output");
    return buildTabularMlp(config, input_shape, num_classes, categorySizes);
  }
  if (config.name == "text_cnn" || config.name == "text_gru") {
    if (input_shape.size() != 1 || categorySizes.size() != 1)
      throw std::invalid_argument(config.name + " takes token ids: an input [tokens] and the vocabulary's size");
    if (num_classes < 2) throw std::invalid_argument("a classifier needs at least 2 classes");
    return buildTextModel(config, input_shape, num_classes, categorySizes[0]);
  }
  if (input_shape.size() != 3) throw std::invalid_argument("model input must be [channels, height, width]");
  if (num_classes < 2)
    throw std::invalid_argument("a classifier needs at least 2 classes, got " + std::to_string(num_classes));
  if (config.name == "mlp") return buildMlp(config, input_shape, num_classes);
  if (config.name == "lenet") return buildLeNet(input_shape, num_classes);
  if (config.name == "vgg") return buildVgg(config, input_shape, num_classes);
  if (config.name == "resnet18") return buildResNet18(input_shape, num_classes);
  if (config.name == "fastcnn") return buildFastCnn(config, input_shape, num_classes);
  if (config.name == "torchscript") return buildScriptedModel(config, input_shape, num_classes);
  throw ConfigError(configField(&ExperimentConfig::model, &ModelConfig::name).key,
                    "unknown model \"" + config.name + "\"");
}

}  // namespace

LayerStack buildModel(const ModelConfig& config, const std::vector<int64_t>& input_shape, int64_t num_classes,
                      const std::vector<int64_t>& categorySizes) {
  LayerStack model = buildLayers(config, input_shape, num_classes, categorySizes);
  model->setCheckpointSegments(config.activation_checkpointing);
  return model;
}

LayerStack buildSeededModel(const ModelConfig& config, const std::vector<int64_t>& input_shape, int64_t num_classes,
                            uint64_t seed, bool restoreGenerator, const std::vector<int64_t>& categorySizes) {
  static std::mutex initMutex;
  std::lock_guard<std::mutex> lock(initMutex);
  auto generator = at::detail::getDefaultCPUGenerator();
  torch::Tensor before;
  {
    std::lock_guard<std::mutex> g(generator.mutex());
    before = generator.get_state();
  }
  struct Restore {
    at::Generator& generator;
    torch::Tensor& state;
    bool enabled;
    ~Restore() {
      if (!enabled) return;
      std::lock_guard<std::mutex> g(generator.mutex());
      generator.set_state(state);
    }
  } restore{generator, before, restoreGenerator};
  torch::manual_seed(seed);
  return buildModel(config, input_shape, num_classes, categorySizes);
}

}  // namespace trainscope
