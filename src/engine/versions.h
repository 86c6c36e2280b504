// Versions of the libraries the engine was built with, for run records and About.
#pragma once

#include <string>

namespace trainscope {

struct LibraryVersions {
  std::string trainscope, libtorch, opencv, hdf5;
  bool cuda_build = false;  // this LibTorch was built with CUDA
};

LibraryVersions libraryVersions();

}  // namespace trainscope
