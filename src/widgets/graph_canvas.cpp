#include "widgets/graph_canvas.h"

#include <QFontMetricsF>
#include <QGraphicsItem>
#include <QGraphicsScene>
#include <QMouseEvent>
#include <QPainter>
#include <QPainterPath>
#include <QScrollBar>
#include <QWheelEvent>
#include <QtMath>

namespace trainscope::widgets {

namespace {

constexpr double kMargin = 12;
constexpr double kFontPoints = 9;

// One node: a rounded box with its lines, the first in bold, shrunk to fit the box.
class NodeItem : public QGraphicsItem {
 public:
  NodeItem(const GraphPicture::Node& node, int index, bool selected, double scale)
      : node_(node), index_(index), selected_(selected), scale_(scale) {}
  QRectF boundingRect() const override { return node_.box.adjusted(-3, -3, 3, 3); }
  int index() const { return index_; }
  void setOutlined(bool on) {
    if (on == selected_) return;
    selected_ = on;
    update();
  }

  void paint(QPainter* p, const QStyleOptionGraphicsItem*, QWidget*) override {
    p->setRenderHint(QPainter::Antialiasing);
    p->setPen(QPen(selected_ ? QColor(214, 39, 40) : QColor(107, 127, 153), selected_ ? 2.5 : 1));
    p->setBrush(node_.fill);
    p->drawRoundedRect(node_.box, 6, 6);
    if (node_.expandable) drawPlus(p);
    drawLines(p);
  }

 private:
  void drawPlus(QPainter* p) const {
    const QRectF r(node_.box.right() - 11, node_.box.top() + 3, 8, 8);
    p->setPen(QPen(QColor(90, 90, 90), 1));
    p->setBrush(Qt::white);
    p->drawRect(r);
    p->drawLine(QPointF(r.left() + 2, r.center().y()), QPointF(r.right() - 2, r.center().y()));
    p->drawLine(QPointF(r.center().x(), r.top() + 2), QPointF(r.center().x(), r.bottom() - 2));
  }

  void drawLines(QPainter* p) const {
    if (node_.lines.isEmpty()) return;
    QFont font = p->font();
    font.setPointSizeF(kFontPoints * scale_);
    QFont bold = font;
    bold.setBold(true);
    const double h = QFontMetricsF(font).height();
    double y = node_.box.center().y() - h * node_.lines.size() / 2;
    p->setPen(Qt::black);
    for (int i = 0; i < node_.lines.size(); ++i, y += h) {
      p->setFont(i ? font : bold);
      p->drawText(QRectF(node_.box.left(), y, node_.box.width(), h), Qt::AlignCenter, node_.lines[i]);
    }
  }

  GraphPicture::Node node_;
  int index_;
  bool selected_;
  double scale_;
};

// One font size for every node: the largest at which each node's widest line fits
// (the layout measured its own font; a translation or the app's font may be wider).
double fontScale(const GraphPicture& picture, const QFont& base) {
  QFont font = base, bold = base;
  font.setPointSizeF(kFontPoints);
  bold.setPointSizeF(kFontPoints);
  bold.setBold(true);
  const QFontMetricsF plain(font), strong(bold);
  double scale = 1;
  for (const auto& n : picture.nodes) {
    for (int i = 0; i < n.lines.size(); ++i) {
      const double width = (i ? plain : strong).horizontalAdvance(n.lines[i]);
      if (width > 0) scale = std::min(scale, (n.box.width() - 8) / width);
    }
    if (!n.lines.isEmpty()) scale = std::min(scale, (n.box.height() - 2) / (plain.height() * n.lines.size()));
  }
  return std::max(0.5, scale);
}

// Graphviz's edge: a B-spline through cubic Bezier segments, an arrow at its head.
QPainterPath edgePath(const QVector<QPointF>& s) {
  QPainterPath path;
  if (s.isEmpty()) return path;
  path.moveTo(s[0]);
  for (int i = 1; i + 2 < s.size(); i += 3) path.cubicTo(s[i], s[i + 1], s[i + 2]);
  return path;
}

QPolygonF arrowHead(const QPointF& from, const QPointF& tip) {
  const double angle = std::atan2(tip.y() - from.y(), tip.x() - from.x());
  const double size = 6;
  return QPolygonF({tip, tip - QPointF(size * std::cos(angle - 0.4), size * std::sin(angle - 0.4)),
                    tip - QPointF(size * std::cos(angle + 0.4), size * std::sin(angle + 0.4))});
}

}  // namespace

GraphCanvas::GraphCanvas(QWidget* parent) : QGraphicsView(parent), scene_(new QGraphicsScene(this)) {
  setScene(scene_);
  setRenderHints(QPainter::Antialiasing | QPainter::TextAntialiasing);
  setDragMode(QGraphicsView::ScrollHandDrag);
  setBackgroundBrush(Qt::white);
  setAlignment(Qt::AlignHCenter | Qt::AlignTop);
}

void GraphCanvas::setPicture(const GraphPicture& picture) {
  picture_ = picture;
  selected_ = -1;
  selectedGroup_.clear();
  scene_->clear();
  nodeItems_.clear(), groupItems_.clear();
  addGroups();
  addEdges();
  addNodes();
  scene_->setSceneRect(
      QRectF(-kMargin, -kMargin, picture_.size.width() + 2 * kMargin, picture_.size.height() + 2 * kMargin));
}

void GraphCanvas::addGroups() {
  for (const auto& g : picture_.groups) {
    if (g.label != selectedGroup_) continue;  // only the selected group is framed: frames would overlap
    QRectF frame;
    for (int i : g.members)
      if (i >= 0 && i < picture_.nodes.size()) frame = frame.united(picture_.nodes[i].box);
    if (frame.isNull()) continue;
    frame.adjust(-6, -16, 6, 6);
    QPainterPath path;
    path.addRoundedRect(frame, 8, 8);
    auto* item = scene_->addPath(path, QPen(QColor(214, 39, 40), 2, Qt::DashLine), QColor(214, 39, 40, 20));
    item->setZValue(-2);
    auto* label = scene_->addSimpleText(g.label);
    groupItems_ << item << label;
    label->setBrush(QColor(214, 39, 40));
    label->setPos(frame.left() + 4, frame.top() + 1);
    label->setZValue(-1);
  }
}

void GraphCanvas::addEdges() {
  const QPen pen(QColor(120, 120, 120), 1);
  for (const auto& e : picture_.edges) {
    if (e.spline.size() < 2) continue;
    scene_->addPath(edgePath(e.spline), pen)->setZValue(0);
    scene_->addPolygon(arrowHead(e.spline[e.spline.size() - 2], e.spline.back()), pen, QColor(120, 120, 120))
        ->setZValue(0);
  }
}

void GraphCanvas::addNodes() {
  const double scale = fontScale(picture_, font());
  for (int i = 0; i < picture_.nodes.size(); ++i) {
    auto* item = new NodeItem(picture_.nodes[i], i, i == selected_, scale);
    item->setZValue(1);
    scene_->addItem(item);
    nodeItems_.push_back(item);
  }
}

void GraphCanvas::setSelection(int node, const QString& group) {
  if (node == selected_ && group == selectedGroup_) return;
  for (auto* item : nodeItems_) static_cast<NodeItem*>(item)->setOutlined(item == nodeItems_.value(node));
  selected_ = node;
  if (group == selectedGroup_) return;
  selectedGroup_ = group;
  for (auto* item : groupItems_) delete item;
  groupItems_.clear();
  addGroups();
}

void GraphCanvas::fitWidth(double minimumScale) {
  resetTransform();
  const double width = scene_->sceneRect().width();
  if (width <= 0) return;
  const double scale = std::clamp((viewport()->width() - 4) / width, std::min(minimumScale, 1.5), 1.5);
  this->scale(scale, scale);
  verticalScrollBar()->setValue(verticalScrollBar()->minimum());
}

void GraphCanvas::showTopAbove(int node) {
  if (node < 0 || node >= picture_.nodes.size()) return;
  const double halfHeight = mapToScene(viewport()->rect()).boundingRect().height() / 2;
  centerOn(picture_.nodes[node].box.center().x(), sceneRect().top() + halfHeight);
}

void GraphCanvas::centerOnNode(int node) {
  if (node >= 0 && node < picture_.nodes.size()) centerOn(picture_.nodes[node].box.center());
}

int GraphCanvas::nodeAt(const QPoint& viewportPoint) const {
  for (QGraphicsItem* item : items(viewportPoint))
    if (auto* node = dynamic_cast<NodeItem*>(item)) return node->index();
  return -1;
}

void GraphCanvas::mousePressEvent(QMouseEvent* event) {
  const int node = nodeAt(event->position().toPoint());
  if (node >= 0 && event->button() == Qt::LeftButton) emit nodeClicked(node);
  QGraphicsView::mousePressEvent(event);
}

void GraphCanvas::mouseDoubleClickEvent(QMouseEvent* event) {
  const int node = nodeAt(event->position().toPoint());
  if (node >= 0) emit nodeDoubleClicked(node);
  QGraphicsView::mouseDoubleClickEvent(event);
}

void GraphCanvas::wheelEvent(QWheelEvent* event) {
  if (!(event->modifiers() & Qt::ControlModifier)) return QGraphicsView::wheelEvent(event);
  const double factor = std::pow(1.0015, event->angleDelta().y());
  setTransformationAnchor(QGraphicsView::AnchorUnderMouse);
  scale(factor, factor);
}

}  // namespace trainscope::widgets
