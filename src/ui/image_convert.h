// OpenCV image (8-bit gray or RGB) to QImage, copied so it outlives the Mat.
#pragma once

#include <opencv2/core.hpp>

#include <QImage>

namespace trainscope::ui {

inline QImage toQImage(const cv::Mat& m) {
  if (m.empty()) return {};
  if (m.type() == CV_8UC1)
    return QImage(m.data, m.cols, m.rows, static_cast<qsizetype>(m.step), QImage::Format_Grayscale8).copy();
  if (m.type() == CV_8UC3)
    return QImage(m.data, m.cols, m.rows, static_cast<qsizetype>(m.step), QImage::Format_RGB888).copy();
  return {};
}

}  // namespace trainscope::ui
