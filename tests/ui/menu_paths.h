// The menu paths the docs name ("View ▸ Presentation mode", "Compare ▸ Selected run ▸
// Try it…"), read from Markdown and walked in the app: the first step is a
// menu of the menu bar or a page of the sidebar; the next a menu's action or submenu,
// or on a page a button (its menu holds the steps after it) or a tab.
#pragma once

#include "ui/shell/main_window.h"

#include <QAbstractButton>
#include <QFile>
#include <QListWidget>
#include <QMenu>
#include <QMenuBar>
#include <QPushButton>
#include <QRegularExpression>
#include <QStringList>
#include <QTabBar>
#include <QToolButton>

namespace trainscope::ui::test {

// What a step is called, without accelerators, ellipses and case: "&Open Image Folder…"
// and "open image folder" name the same action.
inline QString stepName(QString s) {
  s.remove('&');
  s = s.trimmed();
  while (s.endsWith(QStringLiteral("…")) || s.endsWith('.')) s.chop(1);
  return s.trimmed().toLower();
}

// Every "A ▸ B (▸ C …)" in a Markdown file, as its steps. A path ends where the
// sentence around it does: at a parenthesis, emphasis, comma, colon or semicolon.
inline QList<QStringList> menuPathsIn(const QString& file) {
  QFile f(file);
  if (!f.open(QIODevice::ReadOnly | QIODevice::Text)) return {};
  QString text = QString::fromUtf8(f.readAll());
  text.replace(QRegularExpression("\\s*\\n\\s*"), " ");
  const QString sep = QStringLiteral("▸");
  static const QRegularExpression bounds("[()*_,:;`\"|]");
  QList<QStringList> paths;
  for (const QString& run : text.split(bounds)) {
    if (!run.contains(sep)) continue;
    QStringList steps;
    for (const QString& step : run.split(sep)) steps << step.trimmed();
    // The first step is the last words before the first arrow that start with a
    // capital (the menu or page); the rest is the sentence before it.
    const QStringList words = steps.front().split(' ', Qt::SkipEmptyParts);
    steps.front() = words.isEmpty() ? QString() : words.back();
    // The last step ends at a sentence's full stop.
    steps.back() = steps.back().section(QRegularExpression("\\.\\s"), 0, 0);
    paths << steps;
  }
  return paths;
}

inline QAction* findAction(const QList<QAction*>& actions, const QString& step) {
  for (QAction* a : actions)
    if (!a->isSeparator() && stepName(a->text()) == stepName(step)) return a;
  return nullptr;
}

// Walks `steps` in `window`; empty when the path exists, else what is missing.
inline QString walkMenuPath(MainWindow* window, const QStringList& steps) {
  if (steps.size() < 2) return "not a path";
  QMenu* menu = nullptr;
  if (QAction* top = findAction(window->menuBar()->actions(), steps[0])) menu = top->menu();
  QWidget* page = nullptr;
  auto* sidebar = window->findChild<QListWidget*>();
  for (int p = 0; !menu && sidebar && p < sidebar->count(); ++p)
    if (stepName(sidebar->item(p)->text()) == stepName(steps[0])) page = window->page(static_cast<MainWindow::Page>(p));
  if (!menu && !page) return QString("\"%1\" is neither a menu nor a page").arg(steps[0]);
  for (int i = 1; i < steps.size(); ++i) {
    if (menu) {
      QAction* a = findAction(menu->actions(), steps[i]);
      if (!a) return QString("\"%1\" has no \"%2\"").arg(steps[i - 1], steps[i]);
      menu = a->menu();
      if (!menu && i + 1 < steps.size()) return QString("\"%1\" opens no menu").arg(steps[i]);
      continue;
    }
    bool found = false;
    for (auto* b : page->findChildren<QAbstractButton*>())
      if (stepName(b->text()) == stepName(steps[i])) {
        found = true;
        menu = nullptr;
        if (auto* tool = qobject_cast<QToolButton*>(b); tool && tool->menu()) menu = tool->menu();
        if (auto* push = qobject_cast<QPushButton*>(b); push && push->menu()) menu = push->menu();
        break;
      }
    for (auto* tabs : page->findChildren<QTabBar*>())
      for (int t = 0; !found && t < tabs->count(); ++t) found = stepName(tabs->tabText(t)) == stepName(steps[i]);
    if (!found) return QString("the %1 page has no \"%2\"").arg(steps[0], steps[i]);
    if (!menu && i + 1 < steps.size()) return QString("\"%1\" opens no menu").arg(steps[i]);
  }
  return {};
}

}  // namespace trainscope::ui::test
