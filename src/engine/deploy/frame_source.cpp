#include "engine/deploy/frame_source.h"

#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>
#include <opencv2/videoio.hpp>

#include <cerrno>
#include <chrono>
#include <cstring>
#include <ctime>
#include <filesystem>

#include <fcntl.h>
#include <unistd.h>

namespace trainscope {

namespace fs = std::filesystem;

struct FrameSource::Impl {
  cv::VideoCapture capture;
};

namespace {

// "camera:2" or "2": a camera index; -1 for anything else.
int cameraIndex(const std::string& source) {
  std::string digits = source.rfind("camera:", 0) == 0 ? source.substr(7) : source;
  if (digits.empty() || digits.size() > 3 || digits.find_first_not_of("0123456789") != std::string::npos) return -1;
  return std::stoi(digits);
}

}  // namespace

std::unique_ptr<FrameSource> FrameSource::open(const std::string& source, std::string* error) {
  std::unique_ptr<FrameSource> s(new FrameSource());
  s->impl_ = std::make_unique<Impl>();
  s->source_ = source;
  const int index = cameraIndex(source);
  s->camera_ = index >= 0;
  try {
    if (s->camera_) {
      s->impl_->capture.open(index);
    } else {
      std::error_code ec;
      if (!fs::is_regular_file(source, ec)) {
        *error = source + ": no such video file";
        return nullptr;
      }
      s->impl_->capture.open(source);
    }
  } catch (const cv::Exception& e) {
    *error = source + ": " + e.what();
    return nullptr;
  }
  if (!s->impl_->capture.isOpened()) {
    *error = s->camera_ ? "camera " + std::to_string(index) + " cannot be opened (none, or in use)"
                        : source + ": OpenCV cannot read this video";
    return nullptr;
  }
  return s;
}

FrameSource::~FrameSource() = default;

bool FrameSource::read(cv::Mat& frame) {
  try {
    if (!impl_->capture.read(frame) || frame.empty()) return false;
  } catch (const cv::Exception&) {  // a damaged frame ends the video, as its end does
    return false;
  }
  if (frame.depth() == CV_16U)
    frame.convertTo(frame, CV_8U, 1.0 / 256);  // 16-bit: the high byte
  else if (frame.depth() != CV_8U)
    frame.convertTo(frame, CV_8U);
  if (frame.channels() == 1) cv::cvtColor(frame, frame, cv::COLOR_GRAY2BGR);
  if (frame.channels() == 4) cv::cvtColor(frame, frame, cv::COLOR_BGRA2BGR);
  if (frame.channels() != 3) return false;  // a layout no model reads (2 channels): the end
  ++read_;
  return true;
}

double FrameSource::fps() const {
  const double f = impl_->capture.get(cv::CAP_PROP_FPS);
  return f > 0 && f < 1000 ? f : 0;
}

int64_t FrameSource::frameCount() const {
  if (camera_) return -1;
  const double n = impl_->capture.get(cv::CAP_PROP_FRAME_COUNT);
  return n > 0 ? static_cast<int64_t>(n) : -1;
}

cv::Mat framePixels(const cv::Mat& bgr, int channels) {
  cv::Mat out;
  cv::cvtColor(bgr, out, channels == 1 ? cv::COLOR_BGR2GRAY : cv::COLOR_BGR2RGB);
  return out;
}

namespace {

// Writes `bytes` as the new file `path`: a unique temporary beside it, synced, then
// linked to the name, which fails if the name is taken (a rename would replace it).
// 1: written; 0: the name is taken; -1: the disk refused, with the reason.
int publishNewFile(const fs::path& path, const std::string& bytes, std::string* error) {
  std::string tmp = (path.parent_path() / ".frame-XXXXXX").string();
  const int fd = mkstemp(tmp.data());
  if (fd < 0) return *error = path.parent_path().string() + ": " + std::strerror(errno), -1;
  size_t done = 0;
  while (done < bytes.size()) {
    const ssize_t n = ::write(fd, bytes.data() + done, bytes.size() - done);
    if (n <= 0) break;
    done += static_cast<size_t>(n);
  }
  const bool written = done == bytes.size() && ::fsync(fd) == 0;
  const int saved = errno;
  ::close(fd);
  int result = -1;
  if (!written)
    *error = tmp + ": " + std::strerror(saved);
  else if (::link(tmp.c_str(), path.c_str()) == 0)
    result = 1;
  else if (errno == EEXIST)
    result = 0;
  else
    *error = path.string() + ": " + std::strerror(errno);
  ::unlink(tmp.c_str());
  return result;
}

}  // namespace

std::vector<std::pair<std::string, std::string>> trainingClassFolders(const std::string& root,
                                                                      const std::vector<std::string>& classes) {
  std::error_code ec;
  if (root.empty()) return {};  // Fashion-MNIST, or no folder: nowhere to save
  const bool split = fs::is_directory(fs::path(root) / "train", ec) && fs::is_directory(fs::path(root) / "val", ec);
  const fs::path base = split ? fs::path(root) / "train" : fs::path(root);
  std::vector<std::pair<std::string, std::string>> folders;
  for (const auto& c : classes)
    if (fs::is_directory(base / c, ec)) folders.emplace_back(c, (base / c).string());
  return folders;
}

std::string saveFrameToClass(const cv::Mat& bgr, const std::string& classFolder, std::string* error) {
  std::error_code ec;
  if (!fs::is_directory(classFolder, ec)) {
    *error = classFolder + ": not a folder of the dataset";
    return {};
  }
  std::vector<uchar> png;
  if (bgr.empty() || !cv::imencode(".png", bgr, png)) {
    *error = "the frame cannot be encoded as PNG";
    return {};
  }
  const std::time_t now = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
  std::tm local{};
  localtime_r(&now, &local);
  char stamp[32];
  std::strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", &local);
  for (int n = 1; n < 10000; ++n) {
    const fs::path path = fs::path(classFolder) / ("frame-" + std::string(stamp) + "-" + std::to_string(n) + ".png");
    const int published = publishNewFile(path, std::string(png.begin(), png.end()), error);
    if (published > 0) return path.string();
    if (published < 0) return {};
  }
  *error = classFolder + ": too many frames saved this second";
  return {};
}

}  // namespace trainscope
