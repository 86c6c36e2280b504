// OpenCV image (8-bit gray or RGB) to QImage, copied so it outlives the Mat.
#pragma once

#include "engine/run/events.h"

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

// An engine Picture (8-bit grey or RGB, rows top to bottom), copied.
inline QImage toQImage(const Picture& p) {
  if (p.width <= 0 || p.height <= 0 || p.pixels.size() < static_cast<size_t>(p.width) * p.height * p.channels)
    return {};
  return QImage(p.pixels.data(), p.width, p.height, p.width * p.channels,
                p.channels == 3 ? QImage::Format_RGB888 : QImage::Format_Grayscale8)
      .copy();
}

}  // namespace trainscope::ui
