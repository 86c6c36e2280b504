// The transforms section of a config: torchvision's transforms by name, each with the
// parameters it takes (declared once in transforms_config.cpp), the order a pipeline
// must keep, and the default pipelines of each kind of data.
#pragma once

#include "engine/config/config.h"

#include <nlohmann/json.hpp>

namespace trainscope {

// What a transform is, declared once beside its parameters.
struct TransformKind {
  std::string name;
  bool random;        // draws at random (a re-roll of the preview shows something new)
  bool makesAnImage;  // an image step; ToTensor and Normalize make tensors
};
// The transforms a pipeline may use, in the docs' order.
const std::vector<TransformKind>& transformKinds();
const std::vector<std::string>& transformNames();
// nullptr for a name that is not a transform.
const TransformKind* transformKind(const std::string& name);
// The transforms that take a parameter ("size": Resize, CenterCrop, RandomResizedCrop).
std::vector<std::string> transformsTaking(const std::string& parameter);

// A pipeline from its JSON array; problems name "transforms.train[2].size".
std::vector<TransformSpec> parsePipeline(const nlohmann::json& j, const std::string& path, Problems& problems);
// Order and channel rules: image ops, then ToTensor, then Normalize; a fixed size
// where the images differ in size.
void checkPipeline(const std::vector<TransformSpec>& pipeline, const std::string& path, int inputChannels,
                   bool variableSizes, Problems& problems);

}  // namespace trainscope
