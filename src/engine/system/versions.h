// Versions of the libraries the engine was built with, for run records and About.
#pragma once

#include <string>

namespace trainscope {

struct LibraryVersions {
  std::string trainscope, libtorch, opencv, hdf5;
  bool cuda_build = false;  // this LibTorch was built with CUDA
};

LibraryVersions libraryVersions();
// This program's version ("0.1.0"), defined once, in CMake's project().
const char* trainscopeVersion();

// Where "device": "auto" would train here: "cuda:0 (1 GPU)" or "cpu (N threads)".
std::string availableDevice();

}  // namespace trainscope
