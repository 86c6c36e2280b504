// A noisy curve drawn as its per-pixel-column band (lowest to highest point in each
// column): one hairline per column plus hairlines along the lows and the highs.
// QCPGraph's channel fill paints the same band as one polygon whose edges cross every
// scanline once per column, which cost ~30 ms a curve at 1,200 columns
// (docs/benchmarks.md); hairlines are drawn span by span and cost well under 1 ms.
#pragma once

#include <qcustomplot.h>

#include <vector>

namespace trainscope::widgets {

class CurveBand : public QCPAbstractPlottable {
  Q_OBJECT
 public:
  CurveBand(QCPAxis* keyAxis, QCPAxis* valueAxis);

  // One entry per column, sorted by x; a NaN low or high breaks the band there.
  void setData(std::vector<double> xs, std::vector<double> lows, std::vector<double> highs);
  void clearData();
  size_t dataCount() const { return xs_.size(); }
  const std::vector<double>& xs() const { return xs_; }
  const std::vector<double>& lows() const { return lows_; }
  const std::vector<double>& highs() const { return highs_; }

  double selectTest(const QPointF& pos, bool onlySelectable, QVariant* details = nullptr) const override;
  QCPRange getKeyRange(bool& foundRange, QCP::SignDomain inSignDomain = QCP::sdBoth) const override;
  QCPRange getValueRange(bool& foundRange, QCP::SignDomain inSignDomain = QCP::sdBoth,
                         const QCPRange& inKeyRange = QCPRange()) const override;

 protected:
  void draw(QCPPainter* painter) override;
  void drawLegendIcon(QCPPainter* painter, const QRectF& rect) const override;

 private:
  std::vector<double> xs_, lows_, highs_;
};

}  // namespace trainscope::widgets
