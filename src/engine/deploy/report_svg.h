// A line chart as inline SVG, for the HTML report: curves in data units, axes with a
// handful of round ticks, a legend. Each curve is drawn through at most one point per
// two pixels (the mean of each bucket); the data is never changed.
#pragma once

#include "engine/system/quoting.h"  // htmlEscape: text into the SVG

#include <string>
#include <vector>

namespace trainscope {

struct SvgCurve {
  std::string name, color;  // "#1f77b4"
  std::vector<double> xs, ys;
  bool markers = false;  // a point per value (per epoch), not a line alone
};

std::string svgLineChart(const std::vector<SvgCurve>& curves, const std::string& xLabel, const std::string& yLabel,
                         int width = 640, int height = 260);

}  // namespace trainscope
