#include "widgets/confusion_matrix_view.h"

#include <QMouseEvent>
#include <QPainter>
#include <QToolTip>
#include <QWheelEvent>

#include <algorithm>
#include <numeric>

namespace trainscope::widgets {

namespace {
constexpr int kMinCell = 4, kMaxCell = 64;

QColor shade(double share, bool diagonal) {
  // White to a full colour by the share of the row: blue where right, red where wrong.
  const QColor full = diagonal ? QColor(31, 119, 180) : QColor(214, 39, 40);
  const double t = std::clamp(share, 0.0, 1.0);
  auto mix = [t](int c) { return static_cast<int>(255 + (c - 255) * t); };
  return {mix(full.red()), mix(full.green()), mix(full.blue())};
}
}  // namespace

ConfusionMatrixView::ConfusionMatrixView(QWidget* parent) : QWidget(parent) {
  setMouseTracking(true);
  setSizePolicy(QSizePolicy::Fixed, QSizePolicy::Fixed);
}

void ConfusionMatrixView::setMatrix(std::vector<int64_t> counts, const QStringList& names) {
  const int n = static_cast<int>(names.size());
  if (static_cast<int64_t>(counts.size()) != static_cast<int64_t>(n) * n) counts.assign(static_cast<size_t>(n * n), 0);
  const bool sameClasses = names == names_;
  counts_ = std::move(counts);
  names_ = names;
  rowTotals_.assign(static_cast<size_t>(n), 0);
  for (int t = 0; t < n; ++t)
    for (int p = 0; p < n; ++p) rowTotals_[static_cast<size_t>(t)] += counts_[static_cast<size_t>(t * n + p)];
  if (!sameClasses) {
    std::vector<int> identity(static_cast<size_t>(n));
    std::iota(identity.begin(), identity.end(), 0);
    setOrder(identity);
  }
  relayout();
}

void ConfusionMatrixView::setOrder(std::vector<int> order) {
  const int n = classCount();
  std::vector<int> check = order;
  std::sort(check.begin(), check.end());
  for (int i = 0; i < static_cast<int>(check.size()); ++i)
    if (check[static_cast<size_t>(i)] != i) return;
  if (static_cast<int>(order.size()) != n) return;
  order_ = std::move(order);
  position_.assign(static_cast<size_t>(n), 0);
  for (int i = 0; i < n; ++i) position_[static_cast<size_t>(order_[static_cast<size_t>(i)])] = i;
  update();
}

void ConfusionMatrixView::setNormalised(bool on) {
  normalised_ = on;
  update();
}

void ConfusionMatrixView::setCellSize(int pixels) {
  cell_ = std::clamp(pixels, kMinCell, kMaxCell);
  relayout();
}

void ConfusionMatrixView::zoomBy(int steps) {
  setCellSize(steps > 0 ? std::max(cell_ + 1, cell_ * 5 / 4) : std::min(cell_ - 1, cell_ * 4 / 5));
}

void ConfusionMatrixView::relayout() {
  updateGeometry();
  resize(sizeHint());
  update();
}

int64_t ConfusionMatrixView::count(int truth, int predicted) const {
  return counts_[static_cast<size_t>(truth * classCount() + predicted)];
}

int64_t ConfusionMatrixView::rowTotal(int truth) const { return rowTotals_[static_cast<size_t>(truth)]; }

bool ConfusionMatrixView::showNames() const { return cell_ >= fontMetrics().height(); }

int ConfusionMatrixView::labelSpace() const {
  if (!showNames()) return 4;
  int widest = 0;
  for (const auto& name : names_) widest = std::max(widest, fontMetrics().horizontalAdvance(name));
  return std::min(widest, fontMetrics().averageCharWidth() * 18) + 8;
}

QSize ConfusionMatrixView::sizeHint() const {
  const int side = labelSpace() + classCount() * cell_ + 2;
  return {side, side};
}

QRect ConfusionMatrixView::cellRect(int truth, int predicted) const {
  if (truth < 0 || predicted < 0 || truth >= classCount() || predicted >= classCount()) return {};
  const int origin = labelSpace();
  return {origin + position_[static_cast<size_t>(predicted)] * cell_,
          origin + position_[static_cast<size_t>(truth)] * cell_, cell_, cell_};
}

bool ConfusionMatrixView::cellAt(QPoint point, int* truth, int* predicted) const {
  const int origin = labelSpace();
  const int column = (point.x() - origin) / std::max(1, cell_), row = (point.y() - origin) / std::max(1, cell_);
  if (point.x() < origin || point.y() < origin || row >= classCount() || column >= classCount()) return false;
  *truth = order_[static_cast<size_t>(row)];
  *predicted = order_[static_cast<size_t>(column)];
  return true;
}

QString ConfusionMatrixView::cellText(int truth, int predicted) const {
  const int64_t n = count(truth, predicted), total = rowTotal(truth);
  const QString share = total > 0 ? QString::number(100.0 * static_cast<double>(n) / static_cast<double>(total), 'f', 1)
                                  : QStringLiteral("0");
  return tr("True: %1\nPredicted: %2\n%n image(s), %3% of the class", nullptr, static_cast<int>(n))
      .arg(names_.value(truth), names_.value(predicted), share);
}

void ConfusionMatrixView::paintEvent(QPaintEvent*) {
  QPainter painter(this);
  painter.fillRect(rect(), palette().base());
  const int n = classCount(), origin = labelSpace();
  const bool names = showNames(), numbers = cell_ >= fontMetrics().horizontalAdvance("100%") + 4;
  for (int row = 0; row < n; ++row) {
    const int t = order_[static_cast<size_t>(row)];
    const double total = static_cast<double>(std::max<int64_t>(1, rowTotal(t)));
    for (int column = 0; column < n; ++column) {
      const int p = order_[static_cast<size_t>(column)];
      const QRect r(origin + column * cell_, origin + row * cell_, cell_, cell_);
      const double share = static_cast<double>(count(t, p)) / total;
      painter.fillRect(r, shade(share, t == p));
      if (numbers && count(t, p) > 0) {
        painter.setPen(share > 0.55 ? Qt::white : Qt::black);
        const QString text = normalised_ ? QString::number(qRound(share * 100)) + "%" : QString::number(count(t, p));
        painter.drawText(r, Qt::AlignCenter, text);
      }
    }
  }
  painter.setPen(palette().mid().color());
  if (cell_ >= 8)
    for (int i = 0; i <= n; ++i) {
      painter.drawLine(origin, origin + i * cell_, origin + n * cell_, origin + i * cell_);
      painter.drawLine(origin + i * cell_, origin, origin + i * cell_, origin + n * cell_);
    }
  if (hoverRow_ >= 0) {  // the hovered row and column, outlined
    painter.setPen(QPen(palette().highlight().color(), 2));
    painter.drawRect(origin, origin + hoverRow_ * cell_, n * cell_, cell_);
    painter.drawRect(origin + hoverColumn_ * cell_, origin, cell_, n * cell_);
  }
  if (!names) return;
  painter.setPen(palette().text().color());
  const int space = origin - 6;
  for (int i = 0; i < n; ++i) {
    const QString name = fontMetrics().elidedText(names_.value(order_[static_cast<size_t>(i)]), Qt::ElideRight, space);
    painter.drawText(QRect(0, origin + i * cell_, space, cell_), Qt::AlignRight | Qt::AlignVCenter, name);
    painter.save();  // column names read upwards
    painter.translate(origin + i * cell_, space);
    painter.rotate(-90);
    painter.drawText(QRect(0, 0, space, cell_), Qt::AlignLeft | Qt::AlignVCenter, name);
    painter.restore();
  }
}

void ConfusionMatrixView::mouseMoveEvent(QMouseEvent* event) {
  int t = -1, p = -1;
  const bool inside = cellAt(event->position().toPoint(), &t, &p);
  const int row = inside ? position_[static_cast<size_t>(t)] : -1,
            column = inside ? position_[static_cast<size_t>(p)] : -1;
  if (row != hoverRow_ || column != hoverColumn_) {
    hoverRow_ = row, hoverColumn_ = column;
    update();
  }
  if (inside)
    QToolTip::showText(event->globalPosition().toPoint(), cellText(t, p), this, cellRect(t, p));
  else
    QToolTip::hideText();
}

void ConfusionMatrixView::mousePressEvent(QMouseEvent* event) {
  int t = -1, p = -1;
  if (event->button() == Qt::LeftButton && cellAt(event->position().toPoint(), &t, &p)) emit cellClicked(t, p);
}

void ConfusionMatrixView::wheelEvent(QWheelEvent* event) {
  if (!(event->modifiers() & Qt::ControlModifier)) return event->ignore();  // the scroll area scrolls
  zoomBy(event->angleDelta().y() > 0 ? 1 : -1);
  event->accept();
}

void ConfusionMatrixView::leaveEvent(QEvent*) {
  hoverRow_ = hoverColumn_ = -1;
  update();
}

}  // namespace trainscope::widgets
