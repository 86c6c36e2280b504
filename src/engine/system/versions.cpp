#include "engine/system/versions.h"

#include "engine/system/usable_cores.h"

#include "trainscope_version.h"

#include <H5public.h>
#include <torch/torch.h>
#include <torch/version.h>
#include <opencv2/core/version.hpp>

#include <thread>

namespace trainscope {

const char* trainscopeVersion() { return TRAINSCOPE_VERSION; }

LibraryVersions libraryVersions() {
  LibraryVersions v;
  v.trainscope = TRAINSCOPE_VERSION;
  v.libtorch = TORCH_VERSION;
  v.opencv = CV_VERSION;
  v.hdf5 = std::to_string(H5_VERS_MAJOR) + "." + std::to_string(H5_VERS_MINOR) + "." + std::to_string(H5_VERS_RELEASE);
#ifdef TRAINSCOPE_WITH_CUDA
  v.cuda_build = true;
#endif
  return v;
}

std::string availableDevice() {
  if (torch::cuda::is_available())
    return "cuda:0 (" + std::to_string(torch::cuda::device_count()) + " GPU" +
           (torch::cuda::device_count() > 1 ? "s)" : ")");
  return "cpu (" + std::to_string(usableCores().count) + " cores)";
}

}  // namespace trainscope
