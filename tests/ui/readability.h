// What an audience cannot read on a page (presentation mode on a 1024x768 projector):
// a label cut short, a button, box or tab narrower than its text, tabs that scroll, a
// table cell or caption elided, a plot shorter than a readable minimum, a legend over
// its plot. A cut text whose tooltip holds it in full (a long path) is allowed.
#pragma once

#include <qcustomplot.h>

#include <QAbstractButton>
#include <QAbstractItemView>
#include <QComboBox>
#include <QGroupBox>
#include <QHeaderView>
#include <QLabel>
#include <QListView>
#include <QStringList>
#include <QStyle>
#include <QStyleOptionComboBox>
#include <QStyleOptionViewItem>
#include <QTabBar>
#include <QTextDocument>
#include <QToolButton>
#include <QWidget>

namespace trainscope::ui::test {

inline QString nameOf(const QWidget* w) {
  QString path;
  for (const QObject* o = w; o; o = o->parent()) {
    const QString n = o->objectName().isEmpty() ? QString(o->metaObject()->className()) : o->objectName();
    path = path.isEmpty() ? n : n + "/" + path;
    if (o->inherits("trainscope::ui::MainWindow")) break;
  }
  return path;
}

inline bool toolTipHolds(const QString& toolTip, const QString& text) {
  return !text.isEmpty() && toolTip.contains(text.left(60));
}

inline QString plainText(const QLabel* l) {
  if (l->textFormat() == Qt::PlainText || !Qt::mightBeRichText(l->text())) return l->text();
  QTextDocument d;
  d.setHtml(l->text());
  return d.toPlainText();
}

// A label that shows less than its text: too narrow (one line) or too short (wrapped).
inline QString cutLabel(const QLabel* l) {
  if (l->text().isEmpty() || !l->pixmap().isNull()) return {};
  const QString text = plainText(l);
  if (toolTipHolds(l->toolTip(), text)) return {};
  const QRect r = l->contentsRect();
  if (l->wordWrap()) {
    const int needed = l->heightForWidth(l->width());
    if (needed > l->height() + 2)
      return QString("\"%1\" needs %2 px of height, has %3").arg(text.left(50)).arg(needed).arg(l->height());
    return {};
  }
  int widest = 0;
  for (const QString& line : text.split('\n')) widest = std::max(widest, l->fontMetrics().horizontalAdvance(line));
  if (widest > r.width() + 1)
    return QString("\"%1\" needs %2 px, has %3").arg(text.left(50)).arg(widest).arg(r.width());
  return {};
}

inline QString cutButton(const QAbstractButton* b) {
  if (b->text().isEmpty()) return {};
  // The text, its icon and the frame; not QPushButton's minimum width of ~80 px.
  QString text = b->text();
  text.remove('&');
  int needed = b->fontMetrics().horizontalAdvance(text) + (b->icon().isNull() ? 0 : b->iconSize().width() + 4) + 6;
  if (b->inherits("QCheckBox") || b->inherits("QRadioButton"))
    needed +=
        b->style()->pixelMetric(QStyle::PM_IndicatorWidth) + b->style()->pixelMetric(QStyle::PM_CheckBoxLabelSpacing);
  if (const auto* tool = qobject_cast<const QToolButton*>(b); tool && tool->menu()) needed += 12;
  if (needed > b->width() + 1 && !toolTipHolds(b->toolTip(), b->text()))
    return QString("\"%1\" needs %2 px, has %3").arg(b->text()).arg(needed).arg(b->width());
  return {};
}

// The current text against the box's text field (the box less its frame and arrow).
inline QString cutCombo(const QComboBox* c) {
  QStyleOptionComboBox option;
  option.initFrom(c);
  option.editable = c->isEditable();
  const QRect field = c->style()->subControlRect(QStyle::CC_ComboBox, &option, QStyle::SC_ComboBoxEditField, c);
  const int needed = c->fontMetrics().horizontalAdvance(c->currentText());
  if (!c->currentText().isEmpty() && needed > field.width() + 1)
    return QString("\"%1\" needs %2 px, has %3").arg(c->currentText()).arg(needed).arg(field.width());
  return {};
}

// Visible rows and columns of a table or list, each item's text against its cell.
inline QStringList cutItems(const QAbstractItemView* view) {
  QStringList out;
  const QAbstractItemModel* m = view->model();
  if (!m || view->textElideMode() == Qt::ElideNone) return out;
  const QRect shown = view->viewport()->rect();
  for (int r = 0; r < m->rowCount() && r < 200; ++r)
    for (int c = 0; c < m->columnCount(); ++c) {
      const QModelIndex i = m->index(r, c);
      const QRect cell = view->visualRect(i);
      if (!cell.isValid() || !shown.intersects(cell)) continue;
      const QString text = i.data(Qt::DisplayRole).toString();
      if (text.isEmpty() || toolTipHolds(i.data(Qt::ToolTipRole).toString(), text)) continue;
      // What the view's delegate needs to show it whole (text, icon, check box, margins).
      QStyleOptionViewItem option;
      option.initFrom(view->viewport());
      option.font = view->font();
      option.fontMetrics = view->fontMetrics();
      option.decorationSize = view->iconSize().isValid() ? view->iconSize() : QSize(16, 16);
      option.rect = cell;
      int needed = view->itemDelegateForIndex(i)->sizeHint(option, i).width(), room = cell.width();
      if (const auto* list = qobject_cast<const QListView*>(view); list && list->viewMode() == QListView::IconMode) {
        needed = view->fontMetrics().horizontalAdvance(text) + 6;  // a caption under its thumbnail
        room = cell.width();
      }
      if (needed > room + 1 && !text.contains('\n'))
        out << QString("cell \"%1\" needs %2 px, has %3").arg(text.left(40)).arg(needed).arg(room);
    }
  return out;
}

// Every problem on `page` as "widget: what".
inline QStringList unreadable(QWidget* page, int minPlotHeight) {
  QStringList out;
  auto note = [&](const QWidget* w, const QString& what) {
    if (!what.isEmpty()) out << nameOf(w) + ": " + what;
  };
  for (QWidget* w : page->findChildren<QWidget*>()) {
    if (!w->isVisible() || w->visibleRegion().isEmpty()) continue;  // hidden, folded away or scrolled out
    if (auto* l = qobject_cast<QLabel*>(w)) note(l, cutLabel(l));
    if (auto* b = qobject_cast<QAbstractButton*>(w); b && !b->inherits("QTabBar")) note(b, cutButton(b));
    if (auto* c = qobject_cast<QComboBox*>(w)) note(c, cutCombo(c));
    if (auto* g = qobject_cast<QGroupBox*>(w); g && g->fontMetrics().horizontalAdvance(g->title()) + 16 > g->width())
      note(g, QString("title \"%1\" is cut").arg(g->title()));
    if (auto* t = qobject_cast<QTabBar*>(w); t && t->sizeHint().width() > t->width() + 1)
      note(t, QString("tabs need %1 px, have %2 (they scroll)").arg(t->sizeHint().width()).arg(t->width()));
    if (auto* v = qobject_cast<QAbstractItemView*>(w))
      for (const QString& cut : cutItems(v)) note(v, cut);
    if (auto* h = qobject_cast<QHeaderView*>(w))
      for (int s = 0; s < h->count(); ++s) {
        const QString text = h->model() ? h->model()->headerData(s, h->orientation()).toString() : QString();
        if (h->isSectionHidden(s) || text.isEmpty() || h->orientation() != Qt::Horizontal) continue;
        if (h->sectionSizeHint(s) > h->sectionSize(s) + 4)
          note(h, QString("header \"%1\" is cut (%2 px)").arg(text).arg(h->sectionSize(s)));
      }
    if (auto* p = qobject_cast<QCustomPlot*>(w)) {
      const QRect area = p->axisRect()->rect();
      if (area.height() < minPlotHeight)
        note(p, QString("plot area %1 px high, under %2").arg(area.height()).arg(minPlotHeight));
      if (p->legend->visible() && p->legend->itemCount() > 0 && p->legend->outerRect().intersects(area))
        note(p, "the legend covers the plot");
    }
  }
  return out;
}

}  // namespace trainscope::ui::test
