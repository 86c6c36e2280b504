// One file of an image folder: the scan (header, size cap, completeness) and its
// decode. Neither throws; a refused file comes with a reason.
#include "engine/data/image_folder.h"
#include "engine/data/image_header.h"
#include "fuzz_input.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  namespace fs = std::filesystem;
  const fs::path root = trainscope::fuzz::scratchDir() / "folder";
  const std::string file = trainscope::fuzz::writeInput("folder/class/image.png", data, size);
  (void)trainscope::imageFileProblem(file, 4'000'000);
  std::string error;
  const cv::Mat img = trainscope::decodeImageFile(file, 3, &error, nullptr, 4'000'000);
  if (img.empty() && error.empty()) __builtin_trap();  // a refusal always says why
  try {
    trainscope::ImageFolderOptions o;
    o.val_fraction = 0;
    o.max_pixels = 4'000'000;
    (void)trainscope::openImageFolder(root.string(), o);
  } catch (const std::runtime_error&) {  // no usable image: said, not crashed
  }
  return 0;
}
