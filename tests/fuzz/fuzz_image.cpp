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
  // The training loader's way in: only a crop's region, at a reduced scale (JPEG).
  const trainscope::ImageFolder one({"class"}, {{file, 0}}, 3, 4'000'000);
  cv::Rect crop;
  const cv::Mat part = one.loadForCrop(
      0,
      [](cv::Size s) {
        return trainscope::CropPlan{
            cv::Rect(s.width / 4, s.height / 4, std::max(1, s.width / 2), std::max(1, s.height / 2)), cv::Size(8, 8)};
      },
      &crop, &error);
  if (!part.empty() && (crop.x < 0 || crop.y < 0 || crop.x + crop.width > part.cols ||
                        crop.y + crop.height > part.rows || crop.width <= 0 || crop.height <= 0))
    __builtin_trap();  // the crop lies in the pixels returned
  try {
    trainscope::ImageFolderOptions o;
    o.val_fraction = 0;
    o.max_pixels = 4'000'000;
    (void)trainscope::openImageFolder(root.string(), o);
  } catch (const std::runtime_error&) {  // no usable image: said, not crashed
  }
  return 0;
}
