// What a page does without on a projector (presentation mode): "less, larger". A page
// names its secondary parts once; the window applies every page's layout when the mode
// changes: parts hidden, splitter panes folded (their handle stays, to drag one open)
// or given other shares, and anything else the page asks for (a column, a stretch).
#pragma once

#include <QList>
#include <QObject>
#include <QPointer>

#include <functional>
#include <vector>

class QSplitter;
class QWidget;

namespace trainscope::widgets {

class PresentationLayout : public QObject {
  Q_OBJECT
 public:
  // Owned by `page`; found there by applyAll.
  explicit PresentationLayout(QWidget* page);

  // Hidden in presentation mode; as the page left it otherwise.
  void drop(QWidget* part);
  // The splitter's panes in these proportions in presentation mode (0 folds a pane);
  // their sizes as they were after. Applied when the page is shown (a hidden splitter
  // has no sizes yet).
  void share(QSplitter* splitter, const QList<int>& shares);
  // The pane folded to nothing, its room to the others in their proportions.
  void fold(QSplitter* splitter, int pane);
  // Called with the mode on each change (for what the others do not cover).
  void onChange(std::function<void(bool presentation)> apply);

  void apply(bool presentation);
  bool presentation() const { return on_; }
  // Every layout under `root`.
  static void applyAll(QWidget* root, bool presentation);

 protected:
  bool eventFilter(QObject* watched, QEvent* event) override;

 private:
  void applySplits();

  struct Dropped {
    QPointer<QWidget> part;
    bool wasHidden = false;
  };
  struct Split {
    QPointer<QSplitter> splitter;
    QList<int> shares;  // empty: the current sizes with `folded` at 0
    int folded = -1;
    QList<int> before;  // the sizes it had
  };
  QWidget* page_;
  std::vector<Dropped> dropped_;
  std::vector<Split> splits_;
  std::vector<std::function<void(bool)>> changes_;
  bool on_ = false;
  bool splitsPending_ = false;
};

}  // namespace trainscope::widgets
