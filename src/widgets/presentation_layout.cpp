#include "widgets/presentation_layout.h"

#include <QEvent>
#include <QSplitter>
#include <QWidget>

#include <numeric>

namespace trainscope::widgets {

PresentationLayout::PresentationLayout(QWidget* page) : QObject(page), page_(page) { page->installEventFilter(this); }

void PresentationLayout::drop(QWidget* part) { dropped_.push_back({part, false}); }

void PresentationLayout::share(QSplitter* splitter, const QList<int>& shares) {
  for (int i = 0; i < shares.size(); ++i)
    if (shares[i] == 0) splitter->setCollapsible(i, true);
  splits_.push_back({splitter, shares, -1, {}});
}

void PresentationLayout::fold(QSplitter* splitter, int pane) {
  splitter->setCollapsible(pane, true);
  splits_.push_back({splitter, {}, pane, {}});
}

void PresentationLayout::onChange(std::function<void(bool)> apply) { changes_.push_back(std::move(apply)); }

void PresentationLayout::apply(bool presentation) {
  if (presentation == on_) return;
  on_ = presentation;
  for (auto& d : dropped_) {
    if (!d.part) continue;
    if (presentation) d.wasHidden = d.part->isHidden();
    d.part->setVisible(!presentation && !d.wasHidden);
  }
  splitsPending_ = true;
  if (page_->isVisible()) applySplits();
  for (auto& change : changes_) change(presentation);
}

bool PresentationLayout::eventFilter(QObject* watched, QEvent* event) {
  if (watched == page_ && event->type() == QEvent::Show && splitsPending_) applySplits();
  return QObject::eventFilter(watched, event);
}

void PresentationLayout::applySplits() {
  splitsPending_ = false;
  for (auto& s : splits_) {
    if (!s.splitter) continue;
    const QList<int> sizes = s.splitter->sizes();
    const int total = std::accumulate(sizes.begin(), sizes.end(), 0);
    if (!on_) {
      if (std::accumulate(s.before.begin(), s.before.end(), 0) > 0) s.splitter->setSizes(s.before);
      continue;
    }
    s.before = sizes;
    QList<int> shares = s.shares;
    if (shares.isEmpty()) {  // folding: the others keep their proportions
      shares = sizes;
      if (s.folded < shares.size()) shares[s.folded] = 0;
    }
    const int parts = std::max(1, std::accumulate(shares.begin(), shares.end(), 0));
    QList<int> wanted;
    for (int share : shares) wanted << total * share / parts;
    s.splitter->setSizes(wanted);
  }
}

void PresentationLayout::applyAll(QWidget* root, bool presentation) {
  for (auto* layout : root->findChildren<PresentationLayout*>()) layout->apply(presentation);
}

}  // namespace trainscope::widgets
