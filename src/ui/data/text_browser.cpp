#include "ui/data/text_browser.h"

#include "engine/data/text_dataset.h"
#include "ui/token_html.h"
#include "widgets/histogram_plot.h"

#include <QAbstractTableModel>
#include <QFile>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QSplitter>
#include <QTableView>
#include <QTextBrowser>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace trainscope::ui {

// The training documents, then the validation ones: where each is from, its class, its split
// and its length. Cells are read from the dataset when drawn.
class DocumentModel : public QAbstractTableModel {
 public:
  using QAbstractTableModel::QAbstractTableModel;
  void setSplits(std::shared_ptr<const DatasetSplits> s) {
    beginResetModel();
    splits_ = std::move(s);
    endResetModel();
  }
  int rowCount(const QModelIndex& parent = {}) const override {
    return parent.isValid() || !splits_ ? 0 : static_cast<int>(splits_->train->size() + splits_->val->size());
  }
  int columnCount(const QModelIndex& = {}) const override { return 4; }
  // The split and index of a row.
  std::pair<const Dataset*, int64_t> document(int row) const {
    const int64_t train = splits_->train->size();
    return row < train ? std::pair{splits_->train.get(), int64_t{row}} : std::pair{splits_->val.get(), row - train};
  }
  QVariant data(const QModelIndex& index, int role) const override {
    if (role != Qt::DisplayRole || !splits_) return {};
    const auto [d, i] = document(index.row());
    switch (index.column()) {
      case 0: return QFileInfo(QString::fromStdString(d->describe(i))).fileName();
      case 1: return QString::fromStdString(d->classes().at(static_cast<size_t>(d->label(i))));
      case 2: return d == splits_->train.get() ? TextBrowser::tr("train") : TextBrowser::tr("validation");
      default: return QVariant::fromValue<qlonglong>(d->tokenCount(i));
    }
  }
  QVariant headerData(int section, Qt::Orientation o, int role) const override {
    if (o != Qt::Horizontal || role != Qt::DisplayRole) return QAbstractTableModel::headerData(section, o, role);
    const QString names[] = {TextBrowser::tr("Document"), TextBrowser::tr("Class"), TextBrowser::tr("Split"),
                             TextBrowser::tr("Tokens")};
    return names[section];
  }

 private:
  std::shared_ptr<const DatasetSplits> splits_;
};

TextBrowser::TextBrowser(QWidget* parent) : QWidget(parent) {
  summary_ = new QLabel(this);
  summary_->setWordWrap(true);
  summary_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  model_ = new DocumentModel(this);
  view_ = new QTableView(this);
  view_->setModel(model_);
  view_->setSelectionBehavior(QAbstractItemView::SelectRows);
  view_->setSelectionMode(QAbstractItemView::SingleSelection);
  view_->verticalHeader()->setDefaultSectionSize(view_->fontMetrics().height() + 6);
  view_->horizontalHeader()->setSectionResizeMode(0, QHeaderView::Stretch);
  // Fixed widths: measuring the contents would read every document of a large corpus.
  for (int c = 1; c < 4; ++c)
    view_->horizontalHeader()->resizeSection(c, view_->fontMetrics().horizontalAdvance("validation") + 16);
  document_ = new QTextBrowser(this);
  lengths_ = new widgets::HistogramPlot(this);
  auto* right = new QSplitter(Qt::Vertical, this);
  right->addWidget(document_);
  right->addWidget(lengths_);
  auto* split = new QSplitter(this);
  split->addWidget(view_);
  split->addWidget(right);
  split->setSizes({460, 640});
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  try_ = new QPushButton(tr("Try the model…"), this);
  try_->setToolTip(tr("The latest model trained on text, on the selected document or one you type."));
  connect(try_, &QPushButton::clicked, this, [this] { emit tryRequested(selectedText_); });
  auto* top = new QHBoxLayout();
  top->addWidget(summary_, 1);
  top->addWidget(try_);
  layout->addLayout(top);
  layout->addWidget(split, 1);
  connect(view_->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
          [this](const QModelIndex& now) { selectDocument(now.row()); });
}

void TextBrowser::setDataset(std::shared_ptr<const DatasetSplits> splits) {
  splits_ = std::move(splits);
  model_->setSplits(splits_);
  if (!splits_ || !splits_->text) return;
  const LengthHistogram h = documentLengths(*splits_->train);
  const QLocale locale;
  summary_->setText(
      tr("%1 documents (%2 training, %3 validation) in %4 classes. Tokens per training document: median %5, "
         "longest %6. The vocabulary's %7 tokens (<pad> and <unk> included) cover %8% of the training tokens; the "
         "rest read as <unk>.")
          .arg(locale.toString(static_cast<qlonglong>(splits_->train->size() + splits_->val->size())))
          .arg(locale.toString(static_cast<qlonglong>(splits_->train->size())))
          .arg(locale.toString(static_cast<qlonglong>(splits_->val->size())))
          .arg(splits_->train->classes().size())
          .arg(h.median)
          .arg(h.longest)
          .arg(locale.toString(static_cast<qlonglong>(splits_->text->vocabulary.size())))
          .arg(locale.toString(100 * splits_->text->coverage, 'f', 1)));
  lengths_->setHistogram(h.edges, std::vector<double>(h.counts.begin(), h.counts.end()),
                         tr("Tokens per document (training)"));
  selectDocument(0);
}

void TextBrowser::selectDocument(int row) {
  if (!splits_ || !splits_->text || row < 0 || row >= model_->rowCount()) return document_->clear();
  const auto [d, i] = model_->document(row);
  std::string error;
  const cv::Mat ids = d->load(i, &error);
  const QString source = QString::fromStdString(d->describe(i));
  QString html = QString("<p><b>%1</b></p>").arg(source.toHtmlEscaped());
  QFile file(source);
  selectedText_.clear();
  if (file.open(QIODevice::ReadOnly)) {  // a text folder's document, as its file holds it
    selectedText_ = QString::fromUtf8(file.read(20000));
    html += QString("<p>%1</p>").arg(selectedText_.toHtmlEscaped().replace("\n", "<br>"));
  }
  html += QString("<p><b>%1</b></p><p>%2</p>")
              .arg(tr("What the model reads"),
                   tokensHtml(std::vector<int32_t>(ids.ptr<int32_t>(), ids.ptr<int32_t>() + ids.total()),
                              splits_->text->vocabulary.tokens));
  document_->setHtml(html);
  if (view_->currentIndex().row() != row) view_->selectRow(row);
}

}  // namespace trainscope::ui
