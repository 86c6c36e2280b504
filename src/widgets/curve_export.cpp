#include "widgets/curve_export.h"

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

namespace {
QString px(double v) { return QString::number(v, 'f', 1); }

void writePolyline(QTextStream& out, const std::vector<QPointF>& points, const QColor& color, double width) {
  out << "<polyline fill=\"none\" stroke-linejoin=\"round\" stroke-width=\"" << width << "\" stroke=\"" << color.name()
      << "\" points=\"";
  for (const QPointF& p : points) out << px(p.x()) << "," << px(p.y()) << " ";
  out << "\"/>\n";
}

void writeAxes(QTextStream& out, const PlotPicture& p) {
  const QRectF& a = p.area;
  for (const auto& [x, label] : p.xTicks)
    out << "<line x1=\"" << px(x) << "\" y1=\"" << px(a.top()) << "\" x2=\"" << px(x) << "\" y2=\"" << px(a.bottom())
        << "\" stroke=\"#dcdcdc\"/>\n<text x=\"" << px(x) << "\" y=\"" << px(a.bottom() + 16)
        << "\" text-anchor=\"middle\">" << xmlEscaped(label) << "</text>\n";
  for (const auto& [y, label] : p.yTicks)
    out << "<line x1=\"" << px(a.left()) << "\" y1=\"" << px(y) << "\" x2=\"" << px(a.right()) << "\" y2=\"" << px(y)
        << "\" stroke=\"#dcdcdc\"/>\n<text x=\"" << px(a.left() - 6) << "\" y=\"" << px(y + 4)
        << "\" text-anchor=\"end\">" << xmlEscaped(label) << "</text>\n";
  for (double x : p.markers)
    out << "<line x1=\"" << px(x) << "\" y1=\"" << px(a.top()) << "\" x2=\"" << px(x) << "\" y2=\"" << px(a.bottom())
        << "\" stroke=\"#969696\" stroke-dasharray=\"4 3\"/>\n";
  out << "<rect x=\"" << px(a.left()) << "\" y=\"" << px(a.top()) << "\" width=\"" << px(a.width()) << "\" height=\""
      << px(a.height()) << "\" fill=\"none\" stroke=\"black\"/>\n"
      << "<text x=\"" << px(a.center().x()) << "\" y=\"" << px(a.bottom() + 36) << "\" text-anchor=\"middle\">"
      << xmlEscaped(p.xLabel) << "</text>\n<text transform=\"translate(" << px(std::max(12.0, a.left() - 52)) << ","
      << px(a.center().y()) << ") rotate(-90)\" text-anchor=\"middle\">" << xmlEscaped(p.yLabel) << "</text>\n";
}

void writeSeries(QTextStream& out, const PlotPicture::Series& s) {
  if (!s.band.empty()) {  // the raw curve, faint, one hairline per column
    out << "<path fill=\"none\" stroke-width=\"1\" stroke=\"" << s.bandColor.name() << "\" d=\"";
    for (const auto& [low, high] : s.band)
      out << "M" << px(low.x()) << " " << px(low.y()) << "L" << px(high.x()) << " " << px(high.y());
    out << "\"/>\n";
  }
  if (s.points) {
    if (s.line.size() > 1) writePolyline(out, s.line, s.color, s.width);
    for (const QPointF& p : s.line)
      out << "<circle cx=\"" << px(p.x()) << "\" cy=\"" << px(p.y()) << "\" r=\"" << 3 * s.width / 1.5
          << "\" fill=\"white\" stroke=\"" << s.color.name() << "\" stroke-width=\"" << s.width << "\"/>\n";
  } else {
    writePolyline(out, s.line, s.color, s.width);
  }
}

// One row above the plot, as on screen: a short line in the series' colour and its name.
void writeLegend(QTextStream& out, const PlotPicture& p) {
  double x = p.area.left();
  const double y = std::max(12.0, p.area.top() - 10);
  for (const auto& s : p.series) {
    out << "<line x1=\"" << px(x) << "\" y1=\"" << px(y - 4) << "\" x2=\"" << px(x + 24) << "\" y2=\"" << px(y - 4)
        << "\" stroke=\"" << s.color.name() << "\" stroke-width=\"" << s.width << "\"/>\n<text x=\"" << px(x + 30)
        << "\" y=\"" << px(y) << "\">" << xmlEscaped(s.name) << "</text>\n";
    x += 48 + 7.0 * s.name.size();
  }
}
}  // namespace

bool writePlotSvg(const QString& path, const PlotPicture& p, QString* error) {
  QFile f(path);
  if (!openForWriting(f, error)) return false;
  QTextStream out(&f);
  const QRectF& a = p.area;
  out << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
      << "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" << p.width << "\" height=\"" << p.height
      << "\" viewBox=\"0 0 " << p.width << " " << p.height << "\" font-family=\"sans-serif\" font-size=\"12\">\n"
      << "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n"
      << "<clipPath id=\"area\"><rect x=\"" << px(a.left()) << "\" y=\"" << px(a.top()) << "\" width=\""
      << px(a.width()) << "\" height=\"" << px(a.height()) << "\"/></clipPath>\n";
  writeAxes(out, p);
  out << "<g clip-path=\"url(#area)\">\n";
  for (const auto& s : p.series) writeSeries(out, s);
  out << "</g>\n";
  writeLegend(out, p);
  out << "</svg>\n";
  out.flush();
  if (f.error() != QFile::NoError) {
    if (error) *error = f.errorString();
    return false;
  }
  return true;
}

}  // namespace trainscope::widgets
