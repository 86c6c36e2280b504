#include "engine/deploy/torchscript_export.h"

#include "engine/models/blocks.h"
#include "engine/models/script_model.h"
#include "engine/models/text_models.h"
#include "engine/system/atomic_file.h"

#include <algorithm>
#include <sstream>
#include <stdexcept>

namespace trainscope {

namespace nn = torch::nn;

namespace {

std::string pairText(const torch::ExpandingArray<2>& a) {
  return "[" + std::to_string((*a)[0]) + ", " + std::to_string((*a)[1]) + "]";
}

std::string scriptNumber(double v) {
  std::ostringstream s;
  s.precision(17);
  s << v;
  std::string text = s.str();
  if (text.find_first_of(".e") == std::string::npos) text += ".0";
  return text;
}

class Scripter {
 public:
  explicit Scripter(std::string prefix) : prefix_(std::move(prefix)) {}

  // A scripted module for `m`; `path` names it uniquely ("layer1_0.conv1").
  torch::jit::Module script(nn::Module& m, const std::string& path) {
    torch::jit::Module out = emptyModule(qualified(path));
    std::string body;
    if (auto* conv = m.as<nn::Conv2d>()) {
      const auto& o = conv->options;
      const auto* padding = c10::get_if<torch::ExpandingArray<2>>(&o.padding());
      if (!padding) throw std::invalid_argument("Conv2d with 'same'/'valid' padding cannot be exported");
      addTensors(out, m);
      body = "torch.conv2d(x, self.weight, " + std::string(o.bias() ? "self.bias" : "None") + ", " +
             pairText(o.stride()) + ", " + pairText(*padding) + ", " + pairText(o.dilation()) + ", " +
             std::to_string(o.groups()) + ")";
    } else if (auto* bn = m.as<nn::BatchNorm2d>()) {
      body = batchNorm(out, m, bn->options);
    } else if (auto* bn1 = m.as<nn::BatchNorm1d>()) {
      body = batchNorm(out, m, bn1->options);
    } else if (m.as<nn::Embedding>()) {
      addTensors(out, m);
      body = "torch.embedding(self.weight, x.long())";
    } else if (auto* tokens = m.as<TokenEmbeddingImpl>()) {
      addTensors(out, *tokens->embedding);
      body = "torch.embedding(self.weight, x.long(), 0)";
    } else if (auto* conv1 = m.as<nn::Conv1d>()) {
      const auto& o = conv1->options;
      const auto* padding = c10::get_if<torch::ExpandingArray<1>>(&o.padding());
      if (!padding) throw std::invalid_argument("Conv1d with 'same'/'valid' padding cannot be exported");
      addTensors(out, m);
      body = "torch.conv1d(x, self.weight, " + std::string(o.bias() ? "self.bias" : "None") + ", [" +
             std::to_string((*o.stride())[0]) + "], [" + std::to_string((**padding)[0]) + "], [" +
             std::to_string((*o.dilation())[0]) + "], " + std::to_string(o.groups()) + ")";
    } else if (auto* convs = m.as<TextConvolutionsImpl>()) {
      return scriptTextConvolutions(*convs, path, out);
    } else if (auto* gru = m.as<DocumentGruImpl>()) {
      return scriptDocumentGru(*gru, out);
    } else if (auto* tabular = m.as<TabularInputImpl>()) {
      return scriptTabularInput(*tabular, path, out);
    } else if (auto* linear = m.as<nn::Linear>()) {
      addTensors(out, m);
      body = "torch.linear(x, self.weight, " + std::string(linear->options.bias() ? "self.bias" : "None") + ")";
    } else if (auto* pool = m.as<nn::MaxPool2d>()) {
      const auto& o = pool->options;
      body = "torch.max_pool2d(x, " + pairText(o.kernel_size()) + ", " + pairText(o.stride()) + ", " +
             pairText(o.padding()) + ", " + pairText(o.dilation()) + ", " + (o.ceil_mode() ? "True" : "False") + ")";
    } else if (auto* avg = m.as<nn::AdaptiveAvgPool2d>()) {
      const auto& size = avg->options.output_size();
      if (!(*size)[0] || !(*size)[1]) throw std::invalid_argument("AdaptiveAvgPool2d with a free size");
      body = "torch.adaptive_avg_pool2d(x, [" + std::to_string(*(*size)[0]) + ", " + std::to_string(*(*size)[1]) + "])";
    } else if (auto* flatten = m.as<nn::Flatten>()) {
      body = "torch.flatten(x, " + std::to_string(flatten->options.start_dim()) + ", " +
             std::to_string(flatten->options.end_dim()) + ")";
    } else if (m.as<nn::ReLU>()) {
      body = "torch.relu(x)";
    } else if (m.as<nn::Sigmoid>()) {
      body = "torch.sigmoid(x)";
    } else if (m.as<nn::Tanh>()) {
      body = "torch.tanh(x)";
    } else if (m.as<nn::Dropout>()) {
      body = "x";  // inference: Dropout is the identity
    } else if (auto* scripted = m.as<ScriptLayerImpl>()) {
      // Already TorchScript (a model brought from Python): itself, weights as trained.
      return scripted->script().deepcopy();
    } else if (m.as<BasicBlockImpl>()) {
      return scriptBasicBlock(m, path, out);
    } else if (auto* residual = m.as<ResidualLinearImpl>()) {
      out.register_module("fc", script(*m.named_children()["fc"], path + ".fc"));
      define(out, "    return x + torch." + residual->activation() + "(self.fc.forward(x))\n");
      return out;
    } else {
      throw std::invalid_argument("a " + m.name() + " layer cannot be exported to TorchScript");
    }
    define(out, "    return " + body + "\n");
    return out;
  }

 private:
  template <class Options>
  static std::string batchNorm(torch::jit::Module& out, nn::Module& m, const Options& o) {
    addTensors(out, m);
    const std::string affine = o.affine() ? "self.weight, self.bias" : "None, None";
    return "torch.batch_norm(x, " + affine + ", self.running_mean, self.running_var, False, " +
           scriptNumber(o.momentum().value_or(0.1)) + ", " + scriptNumber(o.eps()) + ", False)";
  }

  // A table's row [N, numbers + categories] as the numbers beside each category's
  // embedding or one-hot vector; a code outside the training levels is "unseen" (0).
  torch::jit::Module scriptTabularInput(TabularInputImpl& m, const std::string& path, torch::jit::Module& out) {
    const TabularInputOptions& o = m.options();
    std::string body = "    parts = [x.narrow(1, 0, " + std::to_string(o.numbers()) + ")]\n";
    auto children = m.named_children();
    for (size_t k = 0; k < o.category_sizes().size(); ++k) {
      const std::string size = std::to_string(o.category_sizes()[k]);
      const std::string code = "torch.clamp(x.select(1, " + std::to_string(o.numbers() + static_cast<int64_t>(k)) +
                               ").long(), 0, " + size + " - 1)";
      if (o.embed()) {
        const std::string name = "embed" + std::to_string(k + 1);
        out.register_module(name, script(*children[name], path + "." + name));
        body += "    parts.append(self." + name + ".forward(" + code + "))\n";
      } else {
        body += "    parts.append(torch.one_hot(" + code + ", " + size + ").to(x.dtype))\n";
      }
    }
    define(out, body + "    return torch.cat(parts, 1)\n");
    return out;
  }

  // text_cnn's convolutions with their masked max over time; `lengths` from the top
  // module (each document's tokens, as TokenEmbedding records them in the engine).
  torch::jit::Module scriptTextConvolutions(TextConvolutionsImpl& m, const std::string& path, torch::jit::Module& out) {
    std::string body = "    x = x.transpose(1, 2)\n    parts: List[Tensor] = []\n";
    int64_t widest = 0;
    for (const auto& child : m.named_children()) {
      const int64_t w = (*child.value()->as<nn::Conv1d>()->options.kernel_size())[0];
      widest = std::max(widest, w);
      out.register_module(child.key(), script(*child.value(), path + "." + child.key()));
      body += "    y = torch.relu(self." + child.key() + ".forward(x))\n" +
              "    inside = torch.arange(y.size(2), device=x.device).unsqueeze(0) < torch.clamp(lengths - " +
              std::to_string(w - 1) + ", min=1).unsqueeze(1)\n" +
              "    parts.append(y.masked_fill(torch.logical_not(inside).unsqueeze(1), 0.0).amax(2))\n";
    }
    const std::string pad = "    if x.size(2) < " + std::to_string(widest) +
                            ":\n        x = torch.constant_pad_nd(x, [0, " + std::to_string(widest) +
                            " - x.size(2)])\n";
    body.insert(body.find("    parts"), pad);
    out.define("def forward(self, x: Tensor, lengths: Tensor) -> Tensor:\n" + body +
               "    return torch.cat(parts, 1)\n");
    return out;
  }

  // text_gru's GRU over the padded batch, read at each document's last token: what the
  // packed GRU computes, in plain tensors ONNX-free tools and torch.jit both run.
  torch::jit::Module scriptDocumentGru(DocumentGruImpl& m, torch::jit::Module& out) {
    addTensors(out, *m.gru);
    const int64_t hidden = m.gru->options.hidden_size();
    out.define(
        "def forward(self, x: Tensor, lengths: Tensor) -> Tensor:\n"
        "    hx = torch.zeros([1, x.size(0), " +
        std::to_string(hidden) +
        "], dtype=x.dtype, device=x.device)\n"
        "    out = torch.gru(x, hx, [self.weight_ih_l0, self.weight_hh_l0, self.bias_ih_l0, self.bias_hh_l0], "
        "True, 1, 0.0, False, False, True)[0]\n"
        "    last = (lengths - 1).view(-1, 1, 1).expand(-1, 1, out.size(2))\n"
        "    return out.gather(1, last).squeeze(1)\n");
    return out;
  }

  torch::jit::Module scriptBasicBlock(nn::Module& m, const std::string& path, torch::jit::Module& out) {
    auto children = m.named_children();
    for (const char* name : {"conv1", "bn1", "conv2", "bn2"})
      out.register_module(name, script(*children[name], path + "." + name));
    std::string identity = "x";
    if (children.contains("downsample")) {
      // nn.Sequential's children are "0" and "1", not names TorchScript source can use.
      torch::jit::Module down = emptyModule(qualified(path + ".downsample"));
      auto parts = children["downsample"]->children();
      down.register_module("conv", script(*parts.at(0), path + ".downsample.conv"));
      down.register_module("bn", script(*parts.at(1), path + ".downsample.bn"));
      define(down, "    return self.bn.forward(self.conv.forward(x))\n");
      out.register_module("downsample", down);
      identity = "self.downsample.forward(x)";
    }
    define(out, "    identity = " + identity +
                    "\n"
                    "    out = torch.relu(self.bn1.forward(self.conv1.forward(x)))\n"
                    "    out = self.bn2.forward(self.conv2.forward(out))\n"
                    "    return torch.relu(out + identity)\n");
    return out;
  }

  static torch::jit::Module emptyModule(const c10::QualifiedName& name) {
    torch::jit::Module m(name);
    // nn.Module's flag: Python's model.eval() and model.train() set it on every module.
    m.register_attribute("training", c10::BoolType::get(), false);
    return m;
  }

 public:
  static torch::jit::Module topModule(const std::string& name) { return emptyModule(c10::QualifiedName(name)); }

 private:
  static void addTensors(torch::jit::Module& out, nn::Module& m) {
    for (const auto& p : m.named_parameters(/*recurse=*/false))
      out.register_parameter(p.key(), p.value().detach().clone(), /*is_buffer=*/false);
    for (const auto& b : m.named_buffers(/*recurse=*/false))
      if (b.key() != "num_batches_tracked") out.register_buffer(b.key(), b.value().detach().clone());
  }

  // Submodules are called as self.m.forward(x): source compiled from C++ has no
  // Python resolver, so a module is not callable as self.m(x) there.
  static void define(torch::jit::Module& out, const std::string& body) {
    out.define("def forward(self, x: Tensor) -> Tensor:\n" + body);
  }

  c10::QualifiedName qualified(const std::string& path) const {
    std::string name = prefix_ + "." + path;
    for (auto& c : name)
      if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '.' || c == '_')) c = '_';
    return c10::QualifiedName(name);
  }

  std::string prefix_;
};

}  // namespace

torch::jit::Module toTorchScript(LayerStack& model, const std::string& className) {
  Scripter scripter("__torch__.trainscope." + className);
  torch::jit::Module top = Scripter::topModule("__torch__.trainscope." + className + ".Model");
  std::string body;
  // A text model's layers after the embedding read each document's length: its tokens
  // that are not <pad> (id 0), as the engine's TokenEmbedding records them.
  const bool text = !model->layers().empty() && model->layers().front().module.ptr()->as<TokenEmbeddingImpl>();
  if (text) body += "    lengths = torch.clamp((x != 0).sum(1), min=1)\n";
  for (const auto& layer : model->layers()) {
    // A name TorchScript source can use: nn.Sequential's children are "0", "1", ...
    std::string name = layer.name;
    for (auto& c : name)
      if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_') c = '_';
    if (name.empty() || std::isdigit(static_cast<unsigned char>(name[0]))) name = "layer_" + name;
    top.register_module(name, scripter.script(*layer.module.ptr(), name));
    const nn::Module& m = *layer.module.ptr();
    const bool takesLengths = m.as<TextConvolutionsImpl>() || m.as<DocumentGruImpl>();
    body += "    x = self." + name + ".forward(x" + (takesLengths ? ", lengths" : "") + ")\n";
  }
  top.define("def forward(self, x: Tensor) -> Tensor:\n" + body + "    return x\n");
  top.eval();
  return top;
}

void saveTorchScript(torch::jit::Module& module, const std::string& path,
                     const std::map<std::string, std::string>& extraFiles) {
  // Into memory, then one atomic write: LibTorch's own file writer ends the process
  // when the disk fills (checkpoint.cpp), and would leave a half file in place.
  torch::jit::ExtraFilesMap extra(extraFiles.begin(), extraFiles.end());
  std::ostringstream bytes;
  module.save(bytes, extra);
  std::string why;
  if (!writeFileAtomically(path, bytes.str(), &why)) throw std::runtime_error(path + ": " + why);
}

}  // namespace trainscope
