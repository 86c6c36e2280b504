// A LayerStack as a TorchScript module that Python loads with torch.jit.load: each
// layer becomes a scripted submodule of the same name with the same weights, its
// forward written in TorchScript and compiled here (no Python needed).
#pragma once

#include "engine/models/layer_stack.h"

#include <torch/script.h>

#include <map>
#include <string>

namespace trainscope {

// The model in inference form (Dropout off, BatchNorm on its running statistics).
// Throws std::invalid_argument naming a layer type it cannot write.
torch::jit::Module toTorchScript(LayerStack& model, const std::string& className);

// Saves it; `extraFiles` go into the archive (torch.jit.load's _extra_files).
void saveTorchScript(torch::jit::Module& module, const std::string& path,
                     const std::map<std::string, std::string>& extraFiles);

}  // namespace trainscope
