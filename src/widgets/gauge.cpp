#include "widgets/gauge.h"

#include <QPainter>

#include <algorithm>
#include <cmath>

namespace trainscope::widgets {

Gauge::Gauge(const QString& label, QWidget* parent) : QWidget(parent), label_(label), text_(tr("not measured yet")) {
  setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Fixed);
}

void Gauge::setValue(double value, double maximum, const QString& text) {
  available_ = true;
  fraction_ = maximum > 0 && std::isfinite(value) ? std::clamp(value / maximum, 0.0, 1.0) : 0.0;
  text_ = text;
  setToolTip(label_ + ": " + text_);
  update();
}

void Gauge::setUnavailable(const QString& reason) {
  available_ = false;
  fraction_ = 0;
  text_ = reason;
  setToolTip(label_ + ": " + reason);
  update();
}

QSize Gauge::sizeHint() const {
  const QFontMetrics fm(font());
  return {std::max(200, fm.horizontalAdvance(label_ + "  " + text_) + 16), fm.height() * 2 + 14};
}

QSize Gauge::minimumSizeHint() const { return {120, QFontMetrics(font()).height() * 2 + 14}; }

void Gauge::paintEvent(QPaintEvent*) {
  QPainter p(this);
  p.setRenderHint(QPainter::Antialiasing);
  const QFontMetrics fm(font());
  const QRect labelRect(0, 0, width(), fm.height());
  p.setPen(palette().color(QPalette::WindowText));
  p.drawText(labelRect, Qt::AlignLeft | Qt::AlignVCenter, label_);
  const QRect bar(0, fm.height() + 4, width() - 1, height() - fm.height() - 6);
  p.setPen(palette().color(QPalette::Mid));
  p.setBrush(palette().color(QPalette::Base));
  p.drawRoundedRect(bar, 3, 3);
  if (available_ && fraction_ > 0) {
    // Green, then amber past 75%, red past 90%: room left at a glance.
    const QColor fill = fraction_ > 0.9    ? QColor(214, 39, 40)
                        : fraction_ > 0.75 ? QColor(255, 160, 0)
                                           : QColor(44, 160, 44);
    p.setPen(Qt::NoPen);
    p.setBrush(fill);
    p.drawRoundedRect(QRectF(bar.x() + 1, bar.y() + 1, (bar.width() - 2) * fraction_, bar.height() - 2), 2, 2);
  }
  p.setPen(available_ ? palette().color(QPalette::Text) : palette().color(QPalette::PlaceholderText));
  p.drawText(bar.adjusted(6, 0, -6, 0), Qt::AlignCenter, text_);
}

}  // namespace trainscope::widgets
