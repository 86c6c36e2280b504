// A LayerStack as an ONNX graph (opset 13), written with Debian's libonnx protobuf
// classes: passes onnx.checker and runs in OpenCV's DNN module and onnxruntime.
#pragma once

#include "engine/models/layer_stack.h"

#include <map>
#include <string>
#include <vector>

namespace trainscope {

// The model in inference form, input "input" [batch, C, H, W], output "logits"
// [batch, classes]; `metadata` goes into the model's metadata_props. Throws
// std::invalid_argument naming a layer ONNX (or this writer) cannot express.
std::string toOnnx(LayerStack& model, const std::vector<int64_t>& inputShape, const std::string& graphName,
                   const std::map<std::string, std::string>& metadata);

}  // namespace trainscope
