#include "engine/deploy/report_svg.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace trainscope {

namespace {

std::string fixed(double v, int decimals = 1) {
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%.*f", decimals, v);
  return buffer;
}

// Round ticks over [lo, hi], about `count` of them: steps of 1, 2 or 5 times a power of
// ten; whole numbers only for a count (epochs).
std::vector<double> ticks(double lo, double hi, int count, bool whole = false) {
  std::vector<double> out;
  if (!(hi > lo)) return {lo};
  const double raw = (hi - lo) / std::max(1, count);
  const double power = std::pow(10.0, std::floor(std::log10(raw)));
  double step = power;
  for (double m : {1.0, 2.0, 5.0, 10.0})
    if (m * power >= raw) {
      step = m * power;
      break;
    }
  if (whole) step = std::max(1.0, std::round(step));
  for (double t = std::ceil(lo / step) * step; t <= hi + step * 1e-9; t += step)
    out.push_back(std::abs(t) < step * 1e-9 ? 0 : t);
  return out;
}

std::string tickLabel(double v) {
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%.4g", v);
  return buffer;
}

// At most `buckets` points: the mean x and y of each run of points.
void decimate(const SvgCurve& c, size_t buckets, std::vector<double>& xs, std::vector<double>& ys) {
  const size_t n = std::min(c.xs.size(), c.ys.size());
  const size_t per = std::max<size_t>(1, (n + buckets - 1) / std::max<size_t>(1, buckets));
  for (size_t i = 0; i < n; i += per) {
    double sx = 0, sy = 0;
    size_t k = 0;
    for (size_t j = i; j < std::min(n, i + per); ++j)
      if (std::isfinite(c.ys[j])) sx += c.xs[j], sy += c.ys[j], ++k;
    if (k) xs.push_back(sx / k), ys.push_back(sy / k);
  }
}

}  // namespace

std::string svgLineChart(const std::vector<SvgCurve>& curves, const std::string& xLabel, const std::string& yLabel,
                         int width, int height) {
  const double left = 56, right = 12, top = 28, bottom = 40;
  const double plotW = width - left - right, plotH = height - top - bottom;
  double x0 = HUGE_VAL, x1 = -HUGE_VAL, y0 = HUGE_VAL, y1 = -HUGE_VAL;
  for (const auto& c : curves)
    for (size_t i = 0; i < std::min(c.xs.size(), c.ys.size()); ++i)
      if (std::isfinite(c.xs[i]) && std::isfinite(c.ys[i]))
        x0 = std::min(x0, c.xs[i]), x1 = std::max(x1, c.xs[i]), y0 = std::min(y0, c.ys[i]), y1 = std::max(y1, c.ys[i]);
  std::string svg = "<svg width=\"" + std::to_string(width) + "\" height=\"" + std::to_string(height) +
                    "\" viewBox=\"0 0 " + std::to_string(width) + " " + std::to_string(height) +
                    "\" role=\"img\" font-family=\"sans-serif\" font-size=\"11\">\n";
  if (!(x1 >= x0)) return svg + "<text x=\"20\" y=\"40\">no points recorded</text>\n</svg>\n";
  if (x1 == x0) x0 -= 0.5, x1 += 0.5;
  if (y1 == y0) y0 -= std::max(0.5, std::abs(y0) * 0.1), y1 += std::max(0.5, std::abs(y1) * 0.1);
  const double pad = (y1 - y0) * 0.05;
  y0 -= pad, y1 += pad;
  auto px = [&](double x) { return left + (x - x0) / (x1 - x0) * plotW; };
  auto py = [&](double y) { return top + (1 - (y - y0) / (y1 - y0)) * plotH; };
  for (double t : ticks(y0, y1, std::max(2, static_cast<int>(plotH / 40)))) {
    svg += "<line x1=\"" + fixed(left) + "\" x2=\"" + fixed(left + plotW) + "\" y1=\"" + fixed(py(t)) + "\" y2=\"" +
           fixed(py(t)) + "\" stroke=\"#ddd\"/><text x=\"" + fixed(left - 4) + "\" y=\"" + fixed(py(t) + 4) +
           "\" text-anchor=\"end\">" + tickLabel(t) + "</text>\n";
  }
  bool wholeXs = true;  // epochs: no tick at 1.5
  for (const auto& c : curves)
    for (double x : c.xs) wholeXs = wholeXs && (!std::isfinite(x) || x == std::floor(x));
  for (double t : ticks(x0, x1, std::max(2, static_cast<int>(plotW / 90)), wholeXs))
    svg += "<text x=\"" + fixed(px(t)) + "\" y=\"" + fixed(top + plotH + 14) + "\" text-anchor=\"middle\">" +
           tickLabel(t) + "</text>\n";
  svg += "<rect x=\"" + fixed(left) + "\" y=\"" + fixed(top) + "\" width=\"" + fixed(plotW) + "\" height=\"" +
         fixed(plotH) + "\" fill=\"none\" stroke=\"#888\"/>\n";
  svg += "<text x=\"" + fixed(left + plotW / 2) + "\" y=\"" + fixed(height - 6.0) + "\" text-anchor=\"middle\">" +
         htmlEscape(xLabel) + "</text>\n<text transform=\"translate(12," + fixed(top + plotH / 2) +
         ") rotate(-90)\" text-anchor=\"middle\">" + htmlEscape(yLabel) + "</text>\n";
  double legendX = left;
  for (const auto& c : curves) {
    std::vector<double> xs, ys;
    decimate(c, static_cast<size_t>(plotW / 2), xs, ys);
    std::string points;
    for (size_t i = 0; i < xs.size(); ++i) points += fixed(px(xs[i])) + "," + fixed(py(ys[i])) + " ";
    svg += "<polyline fill=\"none\" stroke=\"" + c.color + "\" stroke-width=\"1.5\" points=\"" + points + "\"/>\n";
    if (c.markers)
      for (size_t i = 0; i < xs.size(); ++i)
        svg += "<circle cx=\"" + fixed(px(xs[i])) + "\" cy=\"" + fixed(py(ys[i])) + "\" r=\"3\" fill=\"" + c.color +
               "\"/>\n";
    svg += "<rect x=\"" + fixed(legendX) + "\" y=\"8\" width=\"14\" height=\"3\" fill=\"" + c.color + "\"/><text x=\"" +
           fixed(legendX + 18) + "\" y=\"13\">" + htmlEscape(c.name) + "</text>\n";
    legendX += 30 + 6.5 * static_cast<double>(c.name.size());
  }
  return svg + "</svg>\n";
}

}  // namespace trainscope
