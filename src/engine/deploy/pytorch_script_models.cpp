// The script's model: the engine's built-in image models as nn.Modules, attribute by
// attribute in the engine's order and with its layer names, so torch.manual_seed(seed)
// gives them the same initial weights and their state_dict keys are the run's.
#include "engine/config/config_fields.h"
#include "engine/deploy/pytorch_script_parts.h"

namespace trainscope::script {

namespace {

constexpr const char* kKaiming =
    R"PY(        # torchvision's initialisation: Kaiming normal (fan_out) for the convolutions
        for m in self.modules():
            if isinstance(m, nn.Conv2d):
                nn.init.kaiming_normal_(m.weight, mode="fan_out", nonlinearity="relu")
)PY";

constexpr const char* kBasicBlock = R"PY(

class BasicBlock(nn.Module):
    """ResNet's basic block: two 3x3 convolutions with BatchNorm, and the input added
    back (through a 1x1 convolution when the shape changes)."""

    def __init__(self, in_channels, out_channels, stride=1):
        super().__init__()
        self.conv1 = nn.Conv2d(in_channels, out_channels, 3, stride=stride, padding=1, bias=False)
        self.bn1 = nn.BatchNorm2d(out_channels)
        self.conv2 = nn.Conv2d(out_channels, out_channels, 3, stride=1, padding=1, bias=False)
        self.bn2 = nn.BatchNorm2d(out_channels)
        self.downsample = None
        if stride != 1 or in_channels != out_channels:
            self.downsample = nn.Sequential(
                nn.Conv2d(in_channels, out_channels, 1, stride=stride, bias=False), nn.BatchNorm2d(out_channels))

    def forward(self, x):
        identity = x if self.downsample is None else self.downsample(x)
        out = torch.relu(self.bn1(self.conv1(x)))
        out = self.bn2(self.conv2(out))
        return torch.relu(out + identity)
)PY";

constexpr const char* kResidualLinear = R"PY(

class ResidualLinear(nn.Module):
    """A hidden layer that keeps its width adds its input back: x + act(fc(x))."""

    def __init__(self, features):
        super().__init__()
        self.fc = nn.Linear(features, features)

    def forward(self, x):
        return x + torch.{{activation}}(self.fc(x))
)PY";

std::string activationModule(const std::string& kind) {
  return kind == "sigmoid" ? "nn.Sigmoid()" : kind == "tanh" ? "nn.Tanh()" : "nn.ReLU()";
}

Model mlp(const ModelConfig& c) {
  Model m{"MLP", "A multilayer perceptron: the image flattened, then Linear layers.", "", ""};
  m.layers.push_back({"flatten", "nn.Flatten()", ""});
  std::string features = "channels * height * width";
  bool residual = false;
  for (size_t i = 0; i < c.hidden.size(); ++i) {
    const std::string n = std::to_string(i + 1), width = std::to_string(c.hidden[i]);
    if (c.residual && i > 0 && c.hidden[i - 1] == c.hidden[i]) {
      m.layers.push_back({"res" + n, "ResidualLinear(" + width + ")", ""});
      residual = true;
    } else {
      m.layers.push_back({"fc" + n, "nn.Linear(" + features + ", " + width + ")", ""});
      m.layers.push_back({"act" + n, activationModule(c.activation), ""});
    }
    if (c.dropout > 0 && i + 1 == c.hidden.size())
      m.layers.push_back({"dropout", "nn.Dropout(" + number(c.dropout) + ")", ""});
    features = width;
  }
  m.layers.push_back({"fc" + std::to_string(c.hidden.size() + 1), "nn.Linear(" + features + ", num_classes)", ""});
  const std::string act = c.activation == "sigmoid" || c.activation == "tanh" ? c.activation : "relu";
  if (residual) m.helpers = fill(kResidualLinear, {{"activation", act}});
  return m;
}

Model lenet() {
  Model m{"LeNet",
          "LeNet-5 as the classic tutorials write it: 5x5 convolutions (the first padded, so\n"
          "    28x28 inputs keep their size), max pooling, three fully connected layers.",
          "", ""};
  m.layers = {{"conv1", "nn.Conv2d(channels, 6, kernel_size=5, padding=2)", ""},
              {"relu1", "nn.ReLU()", ""},
              {"pool1", "nn.MaxPool2d(2)", ""},
              {"conv2", "nn.Conv2d(6, 16, kernel_size=5)", ""},
              {"relu2", "nn.ReLU()", ""},
              {"pool2", "nn.MaxPool2d(2)", ""},
              {"flatten", "nn.Flatten()", ""},
              {"fc1", "nn.Linear(16 * h * w, 120)",
               "        # conv1 keeps the size, each pool halves it, conv2 (5x5, no padding) takes 4\n"
               "        h, w = (height // 2 - 4) // 2, (width // 2 - 4) // 2\n"},
              {"relu3", "nn.ReLU()", ""},
              {"fc2", "nn.Linear(120, 84)", ""},
              {"relu4", "nn.ReLU()", ""},
              {"fc3", "nn.Linear(84, num_classes)", ""}};
  return m;
}

Model vgg(const ModelConfig& c) {
  Model m{"VGG",
          "A small VGG: three stages of two 3x3 convolutions with BatchNorm and ReLU, then max\n"
          "    pooling; a classifier with Dropout.",
          "", ""};
  const int widths[] = {32, 64, 128};
  std::string channels = "channels";
  for (int stage = 0; stage < 3; ++stage) {
    const std::string width = std::to_string(widths[stage]);
    for (int k = 0; k < 2; ++k) {
      const std::string n = std::to_string(stage + 1) + "_" + std::to_string(k + 1);
      m.layers.push_back({"conv" + n, "nn.Conv2d(" + channels + ", " + width + ", 3, padding=1, bias=False)", ""});
      m.layers.push_back({"bn" + n, "nn.BatchNorm2d(" + width + ")", ""});
      m.layers.push_back({"relu" + n, "nn.ReLU()", ""});
      channels = width;
    }
    m.layers.push_back({"pool" + std::to_string(stage + 1), "nn.MaxPool2d(2)", ""});
  }
  m.layers.push_back({"avgpool", "nn.AdaptiveAvgPool2d((4, 4)) if h > 4 else nn.Identity()",
                      "        h, w = height // 8, width // 8  # three poolings\n"
                      "        # pooled to 4x4 only when taller than that (as the engine's model)\n"});
  m.layers.push_back({"flatten", "nn.Flatten()", "        h, w = (4, 4) if h > 4 else (h, w)\n"});
  m.layers.push_back({"fc1", "nn.Linear(128 * h * w, 256)", ""});
  m.layers.push_back({"relu_fc1", "nn.ReLU()", ""});
  if (c.dropout > 0) m.layers.push_back({"dropout", "nn.Dropout(" + number(c.dropout) + ")", ""});
  m.layers.push_back({"fc2", "nn.Linear(256, num_classes)", ""});
  return m;
}

Model resnet18() {
  Model m{"ResNet18",
          "ResNet-18. Inputs up to 64 px get the CIFAR-style stem (3x3 convolution, no max\n"
          "    pooling), so small images are not shrunk to nothing; larger ones ImageNet's.",
          kBasicBlock, kKaiming};
  m.layers.push_back({"conv1",
                      "nn.Conv2d(channels, 64, 3, stride=1, padding=1, bias=False) if small else "
                      "nn.Conv2d(channels, 64, 7, stride=2, padding=3, bias=False)",
                      "        small = height <= 64 and width <= 64\n"});
  m.layers.push_back({"bn1", "nn.BatchNorm2d(64)", ""});
  m.layers.push_back({"relu", "nn.ReLU()", ""});
  m.layers.push_back({"maxpool", "nn.Identity() if small else nn.MaxPool2d(3, stride=2, padding=1)", ""});
  const int widths[] = {64, 128, 256, 512};
  int channels = 64;
  for (int stage = 0; stage < 4; ++stage)
    for (int block = 0; block < 2; ++block) {
      const int stride = stage > 0 && block == 0 ? 2 : 1;
      m.layers.push_back({"layer" + std::to_string(stage + 1) + "_" + std::to_string(block),
                          "BasicBlock(" + std::to_string(channels) + ", " + std::to_string(widths[stage]) +
                              ", stride=" + std::to_string(stride) + ")",
                          ""});
      channels = widths[stage];
    }
  m.layers.push_back({"avgpool", "nn.AdaptiveAvgPool2d((1, 1))", ""});
  m.layers.push_back({"flatten", "nn.Flatten()", ""});
  m.layers.push_back({"fc", "nn.Linear(512, num_classes)", ""});
  return m;
}

Model fastcnn(const ModelConfig& c) {
  Model m{"FastCNN",
          "A compact CNN for photos at 64-128 px on a CPU: a strided 3x3 stem, three stages of\n"
          "    (3x3 conv, then a strided 3x3 conv that doubles the width), each with BatchNorm\n"
          "    and ReLU; global average pooling, Dropout and one Linear.",
          "", kKaiming};
  auto convBnRelu = [&](const std::string& n, const std::string& from, int to, int stride) {
    m.layers.push_back({"conv" + n,
                        "nn.Conv2d(" + from + ", " + std::to_string(to) + ", 3, stride=" + std::to_string(stride) +
                            ", padding=1, bias=False)",
                        ""});
    m.layers.push_back({"bn" + n, "nn.BatchNorm2d(" + std::to_string(to) + ")", ""});
    m.layers.push_back({"relu" + n, "nn.ReLU()", ""});
  };
  convBnRelu("0", "channels", 32, 2);
  const int widths[] = {32, 64, 128, 256};
  for (int stage = 0; stage < 3; ++stage) {
    const std::string n = std::to_string(stage + 1);
    convBnRelu(n + "a", std::to_string(widths[stage]), widths[stage], 1);
    convBnRelu(n + "b", std::to_string(widths[stage]), widths[stage + 1], 2);
  }
  m.layers.push_back({"avgpool", "nn.AdaptiveAvgPool2d((1, 1))", ""});
  m.layers.push_back({"flatten", "nn.Flatten()", ""});
  if (c.dropout > 0) m.layers.push_back({"dropout", "nn.Dropout(" + number(c.dropout) + ")", ""});
  m.layers.push_back({"fc", "nn.Linear(256, num_classes)", ""});
  return m;
}

}  // namespace

std::string classText(const Model& m) {
  std::string text = m.helpers + "\n\nclass " + m.className + "(nn.Module):\n    \"\"\"" + m.doc + "\"\"\"\n\n" +
                     "    def __init__(self, " + m.arguments + "):\n        super().__init__()\n";
  for (const Layer& layer : m.layers) text += layer.before + "        self." + layer.name + " = " + layer.module + "\n";
  text += m.init + "\n    def forward(self, x):\n" + m.prologue;
  for (const Layer& layer : m.layers)
    text += "        x = " + (layer.call.empty() ? "self." + layer.name + "(x)" : layer.call) + "\n";
  return text + "        return x\n";
}

Section modelSection(const ExperimentConfig& config) {
  Section s;
  const ModelConfig& c = config.model;
  Model m;
  if (c.name == "mlp")
    m = mlp(c);
  else if (c.name == "lenet")
    m = lenet();
  else if (c.name == "vgg")
    m = vgg(c);
  else if (c.name == "resnet18")
    m = resnet18();
  else if (c.name == "fastcnn")
    m = fastcnn(c);
  else if (c.name == "tabular_mlp")
    m = tabularMlp(c);
  else if (c.name == "text_cnn" || c.name == "text_gru")
    m = textModel(c);
  const DataFamily kind = dataFamilyOf(config.dataset);
  if (!m.className.empty() && modelFamilyOf(c.name) != kind) {
    s.field = configField(&ExperimentConfig::model, &ModelConfig::name).key;
    s.error = std::string(kind == DataFamily::Table  ? "a table's script uses tabular_mlp"
                          : kind == DataFamily::Text ? "a text script uses text_cnn or text_gru"
                                                     : "an image script uses mlp, lenet, vgg, resnet18 or fastcnn") +
              ", not \"" + c.name + "\"";
    return s;
  }
  if (m.className.empty()) {
    s.field = configField(&ExperimentConfig::model, &ModelConfig::name).key;
    s.error =
        "export-script writes the built-in models (mlp, lenet, vgg, resnet18, fastcnn, tabular_mlp, text_cnn, "
        "text_gru), not \"" +
        c.name + "\"";
    return s;
  }
  s.text = "\n\n# ---- Model: an nn.Module, its layers named as the run's (state_dict keys match) ----\n" +
           classText(m) + "\n\nMODEL = " + m.className + "\n";
  if (c.name == "mlp" && c.residual && !c.hidden.empty())
    s.omitted.push_back(configField(&ExperimentConfig::model, &ModelConfig::residual).key +
                        " on the first hidden layer (only when the input is as wide as it)");
  if (!c.freeze.empty()) s.omitted.push_back(configField(&ExperimentConfig::model, &ModelConfig::freeze).key);
  if (c.backbone_lr_factor != 1.0)
    s.omitted.push_back(configField(&ExperimentConfig::model, &ModelConfig::backbone_lr_factor).key);
  if (c.activation_checkpointing > 0)
    s.omitted.push_back(configField(&ExperimentConfig::model, &ModelConfig::activation_checkpointing).key);
  return s;
}

}  // namespace trainscope::script
