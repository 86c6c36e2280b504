// Frames to try a model on: a camera or a video file through OpenCV's VideoCapture, and
// a frame saved into a class folder of the dataset (a class builds its own dataset in
// front of the projector). Plain C++: OpenCV, no torch.
#pragma once

#include <opencv2/core.hpp>

#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace trainscope {

class FrameSource {
 public:
  // "camera:0" (or "0") opens a camera by index; anything else, a video file. Null,
  // with `error` saying why, when it cannot be opened.
  static std::unique_ptr<FrameSource> open(const std::string& source, std::string* error);
  ~FrameSource();

  // The next frame (8-bit BGR); false at the end of a file or when a camera stops.
  bool read(cv::Mat& frame);
  bool camera() const { return camera_; }
  double fps() const;                         // the file's frame rate (0 when it does not say)
  int64_t frameCount() const;                 // a file's frames (-1: a camera, or unknown)
  int64_t position() const { return read_; }  // frames read so far
  const std::string& source() const { return source_; }

 private:
  FrameSource() = default;
  struct Impl;
  std::unique_ptr<Impl> impl_;
  std::string source_;
  bool camera_ = false;
  int64_t read_ = 0;
};

// An 8-bit BGR frame as a model of `channels` (1 or 3) reads a decoded image: grayscale
// or RGB, as the image folder's decoder gives them.
cv::Mat framePixels(const cv::Mat& bgr, int channels);

// Where new training images of `classes` go in the image folder `root`, by the
// folder's own layout: root/train/<class> when the folder has one, else root/<class>.
// Classes without a folder there are left out (class, folder).
std::vector<std::pair<std::string, std::string>> trainingClassFolders(const std::string& root,
                                                                      const std::vector<std::string>& classes);

// Writes `bgr` as a PNG into `classFolder` (which must exist: a class of the dataset),
// named frame-<date>-<time>-<n>.png, written atomically and never over a file (two
// saves in the same second take different names). Returns
// the path, or empty with `error` set.
std::string saveFrameToClass(const cv::Mat& bgr, const std::string& classFolder, std::string* error);

}  // namespace trainscope
