// A laid-out graph drawn as boxes and curved arrows (positions from a layout engine
// such as Graphviz's dot): nodes can be clicked and double-clicked, the selected group
// of nodes is framed and labelled, the view zooms with Ctrl+wheel and fits its width on
// request.
#pragma once

#include <QGraphicsView>
#include <QStringList>
#include <QVector>

class QGraphicsScene;

namespace trainscope::widgets {

struct GraphPicture {
  struct Node {
    QRectF box;  // scene units (points), y down
    QStringList lines;
    QColor fill;
    bool expandable = false;  // drawn with a "+" corner: a double-click opens it
  };
  struct Edge {
    QVector<QPointF> spline;  // a cubic B-spline's control points, tail to head
  };
  struct Group {
    QString label;
    QVector<int> members;  // node indices framed together
  };
  QSizeF size;
  QVector<Node> nodes;
  QVector<Edge> edges;
  QVector<Group> groups;
};

class GraphCanvas : public QGraphicsView {
  Q_OBJECT
 public:
  explicit GraphCanvas(QWidget* parent = nullptr);
  void setPicture(const GraphPicture& picture);
  const GraphPicture& picture() const { return picture_; }
  // Outlines one node (-1: none) and frames the group labelled `group` (empty: none).
  void setSelection(int node, const QString& group = {});
  int selectedNode() const { return selected_; }
  // Scales the drawing to the view's width, but not below `minimumScale` (readable text).
  void fitWidth(double minimumScale = 0);
  void centerOnNode(int node);
  // Scrolls to the top of the drawing, in the column of `node` (a wide graph's spine).
  void showTopAbove(int node);
  // The node at a point of the viewport, or -1.
  int nodeAt(const QPoint& viewportPoint) const;

 signals:
  void nodeClicked(int node);
  void nodeDoubleClicked(int node);

 protected:
  void mousePressEvent(QMouseEvent* event) override;
  void mouseDoubleClickEvent(QMouseEvent* event) override;
  void wheelEvent(QWheelEvent* event) override;

 private:
  void addGroups();
  void addEdges();
  void addNodes();

  QGraphicsScene* scene_;
  QVector<QGraphicsItem*> nodeItems_;   // by node index
  QVector<QGraphicsItem*> groupItems_;  // frames and labels, redrawn when the group changes
  GraphPicture picture_;
  int selected_ = -1;
  QString selectedGroup_;
};

}  // namespace trainscope::widgets
