#include "ui/mistakes/text_mistakes_view.h"

#include "ui/token_html.h"

#include <QFileInfo>
#include <QHeaderView>
#include <QLabel>
#include <QSplitter>
#include <QTableWidget>
#include <QTextBrowser>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace trainscope::ui {

TextMistakesView::TextMistakesView(QWidget* parent) : QWidget(parent) {
  summary_ = new QLabel(this);
  summary_->setWordWrap(true);
  list_ = new QTableWidget(0, 3, this);
  list_->setHorizontalHeaderLabels({tr("Document"), tr("True class"), tr("Predicted")});
  list_->setSelectionBehavior(QAbstractItemView::SelectRows);
  list_->setSelectionMode(QAbstractItemView::SingleSelection);
  list_->setEditTriggers(QAbstractItemView::NoEditTriggers);
  list_->horizontalHeader()->setSectionResizeMode(0, QHeaderView::Stretch);
  document_ = new QTextBrowser(this);
  auto* split = new QSplitter(this);
  split->addWidget(list_);
  split->addWidget(document_);
  split->setSizes({420, 680});
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(summary_);
  layout->addWidget(split, 1);
  connect(list_, &QTableWidget::currentCellChanged, this, [this](int row) { selectDocument(row); });
}

QString TextMistakesView::statusText(const RunDiagnosis& r, double seconds) {
  if (r.has_saliency) return tr("The validation mistakes of the last epoch, read in %1 s.").arg(seconds, 0, 'f', 2);
  return r.saliency_error.empty() ? tr("No mistakes recorded yet: they are written at the end of each epoch.")
                                  : tr("saliency.h5: %1").arg(QString::fromStdString(r.saliency_error));
}

QString TextMistakesView::className(int32_t id) const {
  const auto& classes = diagnosis_->splits ? diagnosis_->splits->train->classes() : std::vector<std::string>{};
  return id >= 0 && static_cast<size_t>(id) < classes.size() ? QString::fromStdString(classes[static_cast<size_t>(id)])
                                                             : QString::number(id);
}

void TextMistakesView::setDiagnosis(std::shared_ptr<const RunDiagnosis> diagnosis) {
  diagnosis_ = std::move(diagnosis);
  const TokenSaliencies& s = diagnosis_->saliency;
  const int64_t val = diagnosis_->splits ? diagnosis_->splits->val->size() : 0;
  summary_->setText(
      tr("%1 of the %2 validation documents were misclassified at the last epoch. Pick one to see which words "
         "decided: green pushed the model towards its wrong answer, red against it (gradient × embedding).")
          .arg(s.documents())
          .arg(val));
  const QSignalBlocker quiet(list_);
  list_->setRowCount(static_cast<int>(s.documents()));
  for (int m = 0; m < list_->rowCount(); ++m) {
    const auto k = static_cast<size_t>(m);
    auto* source = new QTableWidgetItem(QFileInfo(QString::fromStdString(s.sources[k])).fileName());
    source->setToolTip(QString::fromStdString(s.sources[k]));
    list_->setItem(m, 0, source);
    list_->setItem(m, 1, new QTableWidgetItem(className(s.label[k])));
    list_->setItem(m, 2, new QTableWidgetItem(className(s.predicted[k])));
  }
  if (list_->rowCount() > 0) list_->selectRow(0);
  selectDocument(list_->rowCount() > 0 ? 0 : -1);
}

void TextMistakesView::selectDocument(int row) {
  if (!diagnosis_ || row < 0 || row >= list_->rowCount()) return document_->clear();
  const TokenSaliencies& s = diagnosis_->saliency;
  const auto k = static_cast<size_t>(row);
  const auto begin = static_cast<size_t>(s.offsets[k]), end = static_cast<size_t>(s.offsets[k + 1]);
  const std::vector<int32_t> ids(s.tokens.begin() + begin, s.tokens.begin() + end);
  std::vector<float> shade(s.saliency.begin() + begin, s.saliency.begin() + end);
  float peak = 0;
  for (float v : shade) peak = std::max(peak, std::abs(v));
  for (float& v : shade) v = peak > 0 ? v / peak : 0;  // the document's own scale: its strongest token is full
  document_->setHtml(
      QString("<p><b>%1</b></p><p>%2</p><p style=\"line-height:160%\">%3</p>")
          .arg(QString::fromStdString(s.sources[k]).toHtmlEscaped(),
               tr("True class: %1 · predicted: %2").arg(className(s.label[k]), className(s.predicted[k])),
               tokensHtml(ids, diagnosis_->vocabulary, shade)));
}

}  // namespace trainscope::ui
