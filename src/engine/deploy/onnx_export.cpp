#include "engine/deploy/onnx_export.h"

#include "engine/models/blocks.h"
#include "engine/models/script_model.h"
#include "engine/models/text_models.h"
#include "engine/system/versions.h"

// The defines of ONNX's CMake target, here only: on the whole engine they would
// differ from its users' and void the shared precompiled header.
#ifndef ONNX_ML
#define ONNX_ML 1
#endif
#ifndef ONNX_NAMESPACE
#define ONNX_NAMESPACE onnx
#endif
#include <onnx/onnx_pb.h>

#include <stdexcept>

namespace trainscope {

namespace nn = torch::nn;

namespace {

constexpr int64_t kOpset = 13;

std::vector<int64_t> pairInts(const torch::ExpandingArray<2>& a) { return {(*a)[0], (*a)[1]}; }

class GraphWriter {
 public:
  explicit GraphWriter(onnx::GraphProto* graph) : graph_(graph) {}

  onnx::NodeProto* lastNode() { return graph_->mutable_node(graph_->node_size() - 1); }

  // Writes module `m` fed by the graph value `x`, whose tensor (for its shape) is `in`;
  // returns the name of its output.
  std::string write(nn::Module& m, const std::string& name, const std::string& x, const torch::Tensor& in) {
    if (auto* conv = m.as<nn::Conv2d>()) return writeConv(conv, name, x);
    if (auto* bn = m.as<nn::BatchNorm2d>()) return writeBatchNorm(*bn, name, x);
    if (auto* bn1 = m.as<nn::BatchNorm1d>()) return writeBatchNorm(*bn1, name, x);
    if (auto* tabular = m.as<TabularInputImpl>()) return writeTabularInput(*tabular, name, x);
    if (auto* linear = m.as<nn::Linear>()) return writeLinear(linear, name, x);
    if (auto* pool = m.as<nn::MaxPool2d>()) return writeMaxPool(pool, name, x);
    if (auto* avg = m.as<nn::AdaptiveAvgPool2d>()) return writeAdaptiveAvgPool(avg, name, x, in);
    if (auto* flatten = m.as<nn::Flatten>()) return writeFlatten(flatten, name, x);
    if (m.as<nn::ReLU>()) return node("Relu", name, {x})->output(0);
    if (m.as<nn::Sigmoid>()) return node("Sigmoid", name, {x})->output(0);
    if (m.as<nn::Tanh>()) return node("Tanh", name, {x})->output(0);
    if (m.as<nn::Dropout>()) return x;  // inference: the identity
    if (m.as<BasicBlockImpl>()) return writeBasicBlock(m, name, x, in);
    if (m.as<ScriptLayerImpl>())
      throw std::invalid_argument(name +
                                  ": a TorchScript module brought from Python goes to ONNX with Python's exporter: "
                                  "export it --format torchscript, then torch.onnx.export(torch.jit.load(FILE), ...)");
    if (auto* residual = m.as<ResidualLinearImpl>()) return writeResidual(*residual, name, x, in);
    if (auto* tokens = m.as<TokenEmbeddingImpl>()) return writeTokenEmbedding(*tokens, name, x);
    if (auto* convs = m.as<TextConvolutionsImpl>()) return writeTextConvolutions(*convs, name, x);
    if (auto* gru = m.as<DocumentGruImpl>()) return writeDocumentGru(*gru, name, x);
    throw std::invalid_argument(name + ": a " + m.name() + " layer cannot be exported to ONNX");
  }

  std::string writeConv(nn::Conv2dImpl* conv, const std::string& name, const std::string& x) {
    const auto& o = conv->options;
    const auto* padding = c10::get_if<torch::ExpandingArray<2>>(&o.padding());
    if (!padding) throw std::invalid_argument(name + ": Conv2d with 'same'/'valid' padding cannot be exported");
    const auto p = pairInts(*padding);
    std::vector<std::string> inputs{x, weight(name + ".weight", conv->weight)};
    if (o.bias()) inputs.push_back(weight(name + ".bias", conv->bias));
    auto* n = node("Conv", name, inputs);
    ints(n, "kernel_shape", pairInts(o.kernel_size()));
    ints(n, "strides", pairInts(o.stride()));
    ints(n, "pads", {p[0], p[1], p[0], p[1]});
    ints(n, "dilations", pairInts(o.dilation()));
    integer(n, "group", o.groups());
    return n->output(0);
  }

  template <class BatchNorm>
  std::string writeBatchNorm(BatchNorm& bn, const std::string& name, const std::string& x) {
    const int64_t c = bn.options.num_features();
    torch::Tensor scale = bn.options.affine() ? bn.weight : torch::ones({c});
    torch::Tensor shift = bn.options.affine() ? bn.bias : torch::zeros({c});
    auto* n = node("BatchNormalization", name,
                   {x, weight(name + ".weight", scale), weight(name + ".bias", shift),
                    weight(name + ".running_mean", bn.running_mean), weight(name + ".running_var", bn.running_var)});
    real(n, "epsilon", bn.options.eps());
    return n->output(0);
  }

  // A table's row: the numbers, then each category's code (a float) clipped to its
  // levels (0 is "unseen") and embedded (Gather) or one-hot encoded, side by side.
  std::string writeTabularInput(TabularInputImpl& m, const std::string& name, const std::string& x) {
    const TabularInputOptions& o = m.options();
    std::vector<std::string> parts;
    if (o.numbers() > 0)
      parts.push_back(node("Slice", name + ".numbers",
                           {x, int64s(name + ".start", {1}, {0}), int64s(name + ".end", {1}, {o.numbers()}),
                            int64s(name + ".axes", {1}, {1})})
                          ->output(0));
    auto children = m.named_children();
    for (size_t k = 0; k < o.category_sizes().size(); ++k) {
      const std::string part = name + ".category" + std::to_string(k + 1);
      const int64_t size = o.category_sizes()[k];
      auto* column =
          node("Gather", part + ".column", {x, int64s(part + ".index", {}, {o.numbers() + static_cast<int64_t>(k)})});
      integer(column, "axis", 1);
      auto* code = node("Cast", part + ".code", {column->output(0)});
      integer(code, "to", onnx::TensorProto::INT64);
      const std::string clipped =
          node("Clip", part + ".clip",
               {code->output(0), int64s(part + ".lowest", {}, {0}), int64s(part + ".highest", {}, {size - 1})})
              ->output(0);
      if (o.embed()) {
        const std::string key = "embed" + std::to_string(k + 1);
        auto* table = children[key]->as<nn::Embedding>();
        auto* looked = node("Gather", name + "." + key, {weight(name + "." + key + ".weight", table->weight), clipped});
        integer(looked, "axis", 0);
        parts.push_back(looked->output(0));
      } else {
        auto* oneHot =
            node("OneHot", part + ".onehot",
                 {clipped, int64s(part + ".depth", {}, {size}), weight(part + ".values", torch::tensor({0.0f, 1.0f}))});
        integer(oneHot, "axis", -1);
        parts.push_back(oneHot->output(0));
      }
    }
    auto* joined = node("Concat", name, parts);
    integer(joined, "axis", 1);
    return joined->output(0);
  }

  // Token ids [N, L] to [N, L, E]; first, each document's length as the engine's
  // TokenEmbedding records it: its ids that are not <pad> (0), at least 1.
  std::string writeTokenEmbedding(TokenEmbeddingImpl& m, const std::string& name, const std::string& ids) {
    auto* real =
        node("Not", name + ".not_pad", {node("Equal", name + ".is_pad", {ids, int64s("pad_id", {}, {0})})->output(0)});
    auto* counted = node("Cast", name + ".counted", {real->output(0)});
    integer(counted, "to", onnx::TensorProto::INT64);
    auto* sum = node("ReduceSum", name + ".sum", {counted->output(0), int64s(name + ".axes", {1}, {1})});
    integer(sum, "keepdims", 0);
    lengths_ = node("Max", "lengths", {sum->output(0), int64s("one", {}, {1})})->output(0);
    auto* looked = node("Gather", name, {weight(name + ".weight", m.embedding->weight), ids});
    integer(looked, "axis", 0);
    return looked->output(0);
  }

  // text_cnn: each Conv1d over [N, E, L] (padded by the widest window less one, which
  // only adds windows the mask drops), ReLU, and the maximum over the windows that start
  // within the document, max(length - w + 1, 1) of them; masked values are 0, and ReLU's
  // never fall below it, as in the engine.
  std::string writeTextConvolutions(TextConvolutionsImpl& m, const std::string& name, const std::string& embedded) {
    auto* across = node("Transpose", name + ".transpose", {embedded});
    ints(across, "perm", {0, 2, 1});
    int64_t widest = 1;
    for (const auto& child : m.named_children())
      widest = std::max(widest, (*child.value()->as<nn::Conv1d>()->options.kernel_size())[0]);
    const std::string x =
        node("Pad", name + ".pad", {across->output(0), int64s(name + ".pads", {6}, {0, 0, 0, 0, 0, widest - 1})})
            ->output(0);
    std::vector<std::string> pooled;
    for (const auto& child : m.named_children()) {
      auto* conv = child.value()->as<nn::Conv1d>();
      const std::string part = name + "." + child.key();
      const int64_t w = (*conv->options.kernel_size())[0];
      auto* n = node("Conv", part, {x, weight(part + ".weight", conv->weight), weight(part + ".bias", conv->bias)});
      ints(n, "kernel_shape", {w});
      const std::string y = node("Relu", part + ".relu", {n->output(0)})->output(0);
      const std::string windows =
          node("Max", part + ".windows",
               {node("Sub", part + ".starts", {lengths_, int64s(part + ".width_less_one", {}, {w - 1})})->output(0),
                int64s(part + ".one", {}, {1})})
              ->output(0);
      auto* positions = node("Gather", part + ".positions",
                             {node("Shape", part + ".shape", {y})->output(0), int64s(part + ".time_axis", {}, {2})});
      const std::string starts =
          node("Range", part + ".range",
               {int64s(part + ".zero", {}, {0}), positions->output(0), int64s(part + ".step", {}, {1})})
              ->output(0);
      const std::string inside =
          node("Less", part + ".inside", {unsqueeze(part + ".row", starts, 0), unsqueeze(part + ".column", windows, 1)})
              ->output(0);
      auto* kept = node("Where", part + ".masked",
                        {unsqueeze(part + ".channels", inside, 1), y, weight(part + ".zero_value", torch::zeros({}))});
      auto* most = node("ReduceMax", part + ".max", {kept->output(0)});
      ints(most, "axes", {2});
      integer(most, "keepdims", 0);
      pooled.push_back(most->output(0));
    }
    auto* joined = node("Concat", name, pooled);
    integer(joined, "axis", 1);
    return joined->output(0);
  }

  // text_gru: ONNX's GRU with sequence_lens stops at each document's end, which is where
  // the engine reads its state. PyTorch's gates are r, z, n; ONNX's z, r, h; PyTorch
  // applies the reset gate after the hidden state's linear map (linear_before_reset).
  std::string writeDocumentGru(DocumentGruImpl& m, const std::string& name, const std::string& embedded) {
    const int64_t h = m.gru->options.hidden_size();
    const auto zrh = [h](const torch::Tensor& t) {
      return torch::cat({t.narrow(0, h, h), t.narrow(0, 0, h), t.narrow(0, 2 * h, h)}).unsqueeze(0);
    };
    const auto p = m.gru->named_parameters();
    auto* timeFirst = node("Transpose", name + ".time_first", {embedded});
    ints(timeFirst, "perm", {1, 0, 2});
    auto* lengths = node("Cast", name + ".lengths", {lengths_});
    integer(lengths, "to", onnx::TensorProto::INT32);
    auto* gru = node(
        "GRU", name,
        {timeFirst->output(0), weight(name + ".W", zrh(p["weight_ih_l0"])), weight(name + ".R", zrh(p["weight_hh_l0"])),
         weight(name + ".B", torch::cat({zrh(p["bias_ih_l0"]), zrh(p["bias_hh_l0"])}, 1)), lengths->output(0)});
    gru->set_output(0, "");  // Y, every step's state, is not needed: Y_h is the state at each end
    gru->add_output(name + ".h");
    integer(gru, "hidden_size", h);
    integer(gru, "linear_before_reset", 1);
    return node("Squeeze", name + ".state", {gru->output(1), int64s(name + ".direction_axis", {1}, {0})})->output(0);
  }

  std::string unsqueeze(const std::string& name, const std::string& x, int64_t axis) {
    return node("Unsqueeze", name, {x, int64s(name + ".axes", {1}, {axis})})->output(0);
  }

  std::string writeLinear(nn::LinearImpl* linear, const std::string& name, const std::string& x) {
    torch::Tensor bias = linear->options.bias() ? linear->bias : torch::zeros({linear->options.out_features()});
    auto* n = node("Gemm", name, {x, weight(name + ".weight", linear->weight), weight(name + ".bias", bias)});
    integer(n, "transB", 1);
    return n->output(0);
  }

  std::string writeMaxPool(nn::MaxPool2dImpl* pool, const std::string& name, const std::string& x) {
    const auto& o = pool->options;
    const auto p = pairInts(o.padding());
    if (pairInts(o.dilation()) != std::vector<int64_t>{1, 1})
      throw std::invalid_argument(name + ": MaxPool2d with dilation cannot be exported");
    auto* n = node("MaxPool", name, {x});
    ints(n, "kernel_shape", pairInts(o.kernel_size()));
    ints(n, "strides", pairInts(o.stride()));
    ints(n, "pads", {p[0], p[1], p[0], p[1]});
    if (o.ceil_mode()) integer(n, "ceil_mode", 1);
    return n->output(0);
  }

  std::string writeAdaptiveAvgPool(nn::AdaptiveAvgPool2dImpl* avg, const std::string& name, const std::string& x,
                                   const torch::Tensor& in) {
    const auto& size = avg->options.output_size();
    const int64_t oh = (*size)[0].value_or(in.size(2)), ow = (*size)[1].value_or(in.size(3));
    const int64_t h = in.size(2), w = in.size(3);
    if (oh == 1 && ow == 1) return node("GlobalAveragePool", name, {x})->output(0);
    // ONNX has no adaptive pooling: an exact AveragePool when the sizes divide.
    if (h % oh != 0 || w % ow != 0)
      throw std::invalid_argument(name + ": AdaptiveAvgPool2d from " + std::to_string(h) + "x" + std::to_string(w) +
                                  " to " + std::to_string(oh) + "x" + std::to_string(ow) +
                                  " has no ONNX equivalent; choose an image size that divides evenly");
    auto* n = node("AveragePool", name, {x});
    ints(n, "kernel_shape", {h / oh, w / ow});
    ints(n, "strides", {h / oh, w / ow});
    return n->output(0);
  }

  std::string writeFlatten(nn::FlattenImpl* flatten, const std::string& name, const std::string& x) {
    if (flatten->options.end_dim() != -1) throw std::invalid_argument(name + ": Flatten must end at the last dim");
    auto* n = node("Flatten", name, {x});
    integer(n, "axis", flatten->options.start_dim());
    return n->output(0);
  }

  std::string writeResidual(ResidualLinearImpl& residual, const std::string& name, const std::string& x,
                            const torch::Tensor& in) {
    const std::string h = write(*residual.named_children()["fc"], name + ".fc", x, in);
    const std::string& a = residual.activation();
    const std::string act = node(a == "sigmoid" ? "Sigmoid"
                                 : a == "tanh"  ? "Tanh"
                                                : "Relu",
                                 name + ".act", {h})
                                ->output(0);
    return node("Add", name + ".add", {x, act})->output(0);
  }

  std::string writeBasicBlock(nn::Module& m, const std::string& name, const std::string& x, const torch::Tensor& in) {
    // Only pooling needs the probe's shape, and a block has none: `in` stands for all.
    auto c = m.named_children();
    std::string out = write(*c["conv1"], name + ".conv1", x, in);
    out = write(*c["bn1"], name + ".bn1", out, in);
    out = node("Relu", name + ".relu1", {out})->output(0);
    out = write(*c["conv2"], name + ".conv2", out, in);
    out = write(*c["bn2"], name + ".bn2", out, in);
    std::string identity = x;
    if (c.contains("downsample")) {
      auto parts = c["downsample"]->children();
      identity = write(*parts.at(0), name + ".downsample.0", x, in);
      identity = write(*parts.at(1), name + ".downsample.1", identity, in);
    }
    out = node("Add", name + ".add", {out, identity})->output(0);
    return node("Relu", name + ".relu2", {out})->output(0);
  }

  onnx::NodeProto* node(const std::string& op, const std::string& name, const std::vector<std::string>& inputs) {
    auto* n = graph_->add_node();
    n->set_op_type(op);
    n->set_name(name);
    for (const auto& i : inputs) n->add_input(i);
    n->add_output(name + ".out");
    return n;
  }

  std::string weight(const std::string& name, const torch::Tensor& t) {
    const torch::Tensor v = t.detach().to(torch::kCPU, torch::kFloat32).contiguous();
    auto* init = graph_->add_initializer();
    init->set_name(name);
    init->set_data_type(onnx::TensorProto::FLOAT);
    for (int64_t d : v.sizes()) init->add_dims(d);
    init->set_raw_data(std::string(static_cast<const char*>(v.data_ptr()), v.numel() * sizeof(float)));
    return name;
  }

  // An int64 constant (shapes, indices) as an initializer; `dims` {} is a scalar.
  std::string int64s(const std::string& name, const std::vector<int64_t>& dims, const std::vector<int64_t>& values) {
    auto* init = graph_->add_initializer();
    init->set_name(name);
    init->set_data_type(onnx::TensorProto::INT64);
    for (int64_t d : dims) init->add_dims(d);
    for (int64_t v : values) init->add_int64_data(v);
    return name;
  }

  static void ints(onnx::NodeProto* n, const std::string& name, const std::vector<int64_t>& values) {
    auto* a = n->add_attribute();
    a->set_name(name);
    a->set_type(onnx::AttributeProto::INTS);
    for (int64_t v : values) a->add_ints(v);
  }
  static void integer(onnx::NodeProto* n, const std::string& name, int64_t value) {
    auto* a = n->add_attribute();
    a->set_name(name);
    a->set_type(onnx::AttributeProto::INT);
    a->set_i(value);
  }
  static void real(onnx::NodeProto* n, const std::string& name, double value) {
    auto* a = n->add_attribute();
    a->set_name(name);
    a->set_type(onnx::AttributeProto::FLOAT);
    a->set_f(static_cast<float>(value));
  }

  onnx::GraphProto* graph_;
  std::string lengths_;  // each document's length, once the token embedding has written it
};

// `dims` after the batch; a text model's input is int64 token ids of any length.
void declare(onnx::ValueInfoProto* v, const std::string& name, const std::vector<int64_t>& dims, bool tokenIds) {
  v->set_name(name);
  auto* t = v->mutable_type()->mutable_tensor_type();
  t->set_elem_type(tokenIds ? onnx::TensorProto::INT64 : onnx::TensorProto::FLOAT);
  auto* shape = t->mutable_shape();
  shape->add_dim()->set_dim_param("batch");
  if (tokenIds)
    shape->add_dim()->set_dim_param("tokens");
  else
    for (int64_t d : dims) shape->add_dim()->set_dim_value(d);
}

}  // namespace

std::string toOnnx(LayerStack& model, const std::vector<int64_t>& inputShape, const std::string& graphName,
                   const std::map<std::string, std::string>& metadata) {
  onnx::ModelProto proto;
  proto.set_ir_version(7);
  proto.set_producer_name("trainscope");
  proto.set_producer_version(trainscopeVersion());
  auto* opset = proto.add_opset_import();
  opset->set_domain("");
  opset->set_version(kOpset);
  for (const auto& [key, value] : metadata) {
    auto* p = proto.add_metadata_props();
    p->set_key(key);
    p->set_value(value);
  }
  auto* graph = proto.mutable_graph();
  graph->set_name(graphName);
  const bool text = !model->layers().empty() && model->layers().front().module.ptr()->as<TokenEmbeddingImpl>();
  declare(graph->add_input(), "input", inputShape, text);

  model->eval();
  std::vector<int64_t> probeShape{1};
  probeShape.insert(probeShape.end(), inputShape.begin(), inputShape.end());
  // A text model's probe is a document of <unk> (id 1): shapes only.
  torch::Tensor probe = text ? torch::ones(probeShape, torch::kInt64) : torch::zeros(probeShape);
  GraphWriter writer(graph);
  std::string x = "input";
  torch::NoGradGuard noGrad;
  for (const auto& layer : model->layers()) {
    x = writer.write(*layer.module.ptr(), layer.name, x, probe);
    torch::nn::AnyModule module = layer.module;  // a handle: forward() is not const
    probe = module.forward(probe);
  }
  if (x == "input") throw std::invalid_argument("the model has no layers to export");
  // The graph's output gets a stable name; it is the last node's output (Dropout
  // writes no node, but never ends a classifier).
  onnx::NodeProto* last = writer.lastNode();
  if (last->output(0) != x) throw std::invalid_argument("the model ends in a layer with no ONNX node");
  last->set_output(0, "logits");
  declare(graph->add_output(), "logits", {probe.size(1)}, false);
  std::string bytes;
  if (!proto.SerializeToString(&bytes)) throw std::runtime_error("could not serialise the ONNX model");
  return bytes;
}

}  // namespace trainscope
