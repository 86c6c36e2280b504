#include "widgets/curve_export.h"

#include "widgets/decimate.h"

#include <QFile>
#include <QTextStream>

#include <algorithm>
#include <cmath>
#include <limits>

namespace trainscope::widgets {

namespace {
QString csvField(const QString& s) {
  if (!s.contains(',') && !s.contains('"') && !s.contains('\n')) return s;
  QString q = s;
  q.replace("\"", "\"\"");
  return "\"" + q + "\"";
}

QString number(double v) { return std::isnan(v) ? QStringLiteral("nan") : QString::number(v, 'g', 17); }

QString xmlEscaped(const QString& s) { return s.toHtmlEscaped(); }

bool openForWriting(QFile& f, QString* error) {
  if (f.open(QIODevice::WriteOnly | QIODevice::Truncate | QIODevice::Text)) return true;
  if (error) *error = f.errorString();
  return false;
}
}  // namespace

bool writeCurvesCsv(const QString& path, const std::vector<ExportSeries>& series, const QString& xLabel,
                    const QString& yLabel, QString* error) {
  QFile f(path);
  if (!openForWriting(f, error)) return false;
  QTextStream out(&f);
  out << "run," << csvField(xLabel) << "," << csvField(yLabel) << "\n";
  for (const auto& s : series) {
    const QString name = csvField(s.name);
    const size_t n = std::min(s.xs.size(), s.ys.size());
    for (size_t i = 0; i < n; ++i) out << name << "," << number(s.xs[i]) << "," << number(s.ys[i]) << "\n";
  }
  out.flush();
  if (f.error() != QFile::NoError) {
    if (error) *error = f.errorString();
    return false;
  }
  return true;
}

bool writeCurvesSvg(const QString& path, const std::vector<ExportSeries>& series, const QString& xLabel,
                    const QString& yLabel, bool logY, QString* error) {
  const double width = 900, height = 540, left = 80, right = 200, top = 20, bottom = 60;
  const double plotW = width - left - right, plotH = height - top - bottom;
  auto yOf = [logY](double v) { return logY ? (v > 0 ? std::log10(v) : std::nan("")) : v; };
  double x0 = std::numeric_limits<double>::infinity(), x1 = -x0, y0 = x0, y1 = -x0;
  for (const auto& s : series)
    for (size_t i = 0; i < std::min(s.xs.size(), s.ys.size()); ++i) {
      const double y = yOf(s.ys[i]);
      if (!std::isfinite(s.xs[i]) || !std::isfinite(y)) continue;
      x0 = std::min(x0, s.xs[i]), x1 = std::max(x1, s.xs[i]);
      y0 = std::min(y0, y), y1 = std::max(y1, y);
    }
  if (!(x1 >= x0)) x0 = 0, x1 = 1, y0 = 0, y1 = 1;
  if (!(x1 > x0)) x1 = x0 + 1;
  if (!(y1 > y0)) y1 = y0 + 1;
  const double pad = (y1 - y0) * 0.05;
  y0 -= pad, y1 += pad;
  auto px = [&](double x) { return left + (x - x0) / (x1 - x0) * plotW; };
  auto py = [&](double y) { return top + plotH - (y - y0) / (y1 - y0) * plotH; };

  QFile f(path);
  if (!openForWriting(f, error)) return false;
  QTextStream out(&f);
  out << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
      << "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" << width << "\" height=\"" << height
      << "\" viewBox=\"0 0 " << width << " " << height << "\" font-family=\"sans-serif\" font-size=\"12\">\n"
      << "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n"
      << "<rect x=\"" << left << "\" y=\"" << top << "\" width=\"" << plotW << "\" height=\"" << plotH
      << "\" fill=\"none\" stroke=\"black\"/>\n";
  for (int t = 0; t <= 5; ++t) {  // ticks: five even steps on each axis
    const double xv = x0 + (x1 - x0) * t / 5, yv = y0 + (y1 - y0) * t / 5;
    const QString yText = logY ? QString::number(std::pow(10.0, yv), 'g', 3) : QString::number(yv, 'g', 4);
    out << "<line x1=\"" << px(xv) << "\" y1=\"" << top + plotH << "\" x2=\"" << px(xv) << "\" y2=\"" << top
        << "\" stroke=\"#dddddd\"/>\n"
        << "<text x=\"" << px(xv) << "\" y=\"" << top + plotH + 18 << "\" text-anchor=\"middle\">"
        << QString::number(xv, 'g', 5) << "</text>\n"
        << "<line x1=\"" << left << "\" y1=\"" << py(yv) << "\" x2=\"" << left + plotW << "\" y2=\"" << py(yv)
        << "\" stroke=\"#dddddd\"/>\n"
        << "<text x=\"" << left - 6 << "\" y=\"" << py(yv) + 4 << "\" text-anchor=\"end\">" << yText << "</text>\n";
  }
  out << "<text x=\"" << left + plotW / 2 << "\" y=\"" << height - 15 << "\" text-anchor=\"middle\">"
      << xmlEscaped(xLabel) << "</text>\n<text transform=\"translate(18," << top + plotH / 2
      << ") rotate(-90)\" text-anchor=\"middle\">" << xmlEscaped(yLabel) << (logY ? " (log)" : "") << "</text>\n";
  int row = 0;
  for (const auto& s : series) {
    std::vector<double> xs, ys;
    for (size_t i = 0; i < std::min(s.xs.size(), s.ys.size()); ++i) {
      const double y = yOf(s.ys[i]);
      if (std::isfinite(s.xs[i]) && std::isfinite(y)) xs.push_back(s.xs[i]), ys.push_back(y);
    }
    const Decimated d = decimateMinMax(xs, ys, x0, x1, static_cast<int>(plotW));
    out << "<polyline fill=\"none\" stroke-width=\"1.2\" stroke=\"" << s.color.name() << "\" points=\"";
    for (size_t i = 0; i < d.xs.size(); ++i)
      out << QString::number(px(d.xs[i]), 'f', 1) << "," << QString::number(py(d.ys[i]), 'f', 1) << " ";
    out << "\"/>\n";
    const double ly = top + 10 + 18 * row++;
    out << "<line x1=\"" << left + plotW + 12 << "\" y1=\"" << ly << "\" x2=\"" << left + plotW + 32 << "\" y2=\"" << ly
        << "\" stroke=\"" << s.color.name() << "\" stroke-width=\"2\"/>\n<text x=\"" << left + plotW + 38 << "\" y=\""
        << ly + 4 << "\">" << xmlEscaped(s.name) << "</text>\n";
  }
  out << "</svg>\n";
  out.flush();
  return f.error() == QFile::NoError;
}

}  // namespace trainscope::widgets
