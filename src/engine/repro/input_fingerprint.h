// What a run read, as content hashes: every file of its dataset's folder (the image
// folder, or Fashion-MNIST's IDX files), its label-corrections file and its TorchScript
// model when it has them. Two fingerprints compare file by file, so a verification
// that fails can say which images changed.
#pragma once

#include "engine/config/config.h"

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace trainscope {

// {"dataset": {"kind", "root", "files": [{"path", "size", "sha256"}], "sha256"},
//  "files": [{"role", "path", "size", "sha256"}]}; paths under root are relative.
// A missing dataset folder gives an empty list and "missing": true.
nlohmann::json fingerprintInputs(const ExperimentConfig& config);
// The data files a fingerprint covers: a folder's files, or a table's file and its validation file.
int64_t datasetFileCount(const nlohmann::json& inputs);

// What differs between a recorded fingerprint and this machine's, one line each (at
// most `limit` file names per kind of change); empty when they are the same.
std::vector<std::string> compareFingerprints(const nlohmann::json& recorded, const nlohmann::json& here,
                                             size_t limit = 5);

}  // namespace trainscope
