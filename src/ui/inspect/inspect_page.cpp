#include "ui/inspect/inspect_page.h"

#include "engine/inspect/layer_health.h"
#include "ui/run/training_controller.h"
#include "ui/translation.h"
#include "widgets/distribution_heatmap.h"
#include "widgets/histogram_plot.h"
#include "widgets/live_curve_plot.h"
#include "widgets/palette.h"
#include "widgets/presentation_layout.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QMenu>
#include <QPushButton>
#include <QSplitter>
#include <QTabWidget>
#include <QTableWidget>
#include <QTimer>
#include <QTreeWidget>
#include <QVBoxLayout>

#include <cmath>

namespace trainscope::ui {

namespace {
const char* const kKinds[] = {"activation", "activation_grad", "weight", "weight_grad"};

QString percent(double v) { return std::isnan(v) ? QStringLiteral("–") : QString::number(v * 100, 'f', 1) + "%"; }
QString scientific(double v) { return std::isnan(v) ? QStringLiteral("–") : QString::number(v, 'g', 3); }
}  // namespace

InspectPage::InspectPage(TrainingController* controller, QWidget* parent) : QWidget(parent), controller_(controller) {
  // Layout: tree | (title, heatmap + latest histogram, statistics) ; tabs below.
  tree_ = new QTreeWidget(this);
  tree_->setHeaderLabels({tr("Layer"), tr("Type")});
  tree_->setMinimumWidth(200);
  tree_->setToolTip(tr("The model's layers in forward order; expand a layer for its parameters."));

  gradNorms_ = new widgets::LiveCurvePlot(this);
  gradNorms_->setAxisLabels(tr("step"), tr("gradient norm"));  // the log ticks say the scale
  gradNorms_->setLegendEdge(Qt::RightEdge);                    // one entry per layer: beside the plot, not on it
  gradNorms_->setLogScale(true);
  gradNorms_->setSmoothing(0);
  auto* upper = new QSplitter(Qt::Horizontal, this);
  upper->addWidget(tree_);
  upper->addWidget(makeDetail());
  upper->setStretchFactor(1, 1);

  tabs_ = new QTabWidget(this);
  tabs_->addTab(gradNorms_, tr("Gradient norms, all layers"));
  tabs_->addTab(makeHealthTable(), tr("Health"));

  auto* main = new QSplitter(Qt::Vertical, this);
  main->addWidget(upper);
  main->addWidget(tabs_);
  (new widgets::PresentationLayout(this))->share(main, {1, 1});  // the distribution and the norms, as tall
  gradNorms_->setMinimumHeight(150);
  main->setStretchFactor(0, 3);
  main->setStretchFactor(1, 2);
  auto* layout = new QVBoxLayout(this);
  layout->addLayout(makeToolbar());
  layout->addWidget(main, 1);

  connect(tree_, &QTreeWidget::currentItemChanged, this, [this](QTreeWidgetItem* item) {
    if (!item) return;
    name_ = item->data(0, Qt::UserRole).toString();
    showSelection();
  });
  connect(kind_, &QComboBox::currentIndexChanged, this, [this] { showSelection(); });
  connect(health_, &QTableWidget::cellDoubleClicked, this,
          [this](int row, int) { select(health_->item(row, 0)->text(), selectedKind()); });
  connect(controller_, &TrainingController::started, this, &InspectPage::onStarted);
  connect(controller_, &TrainingController::probesArrived, this, &InspectPage::onSamples);
  connect(controller_, &TrainingController::histogramsArrived, this, &InspectPage::onHistograms);
  connect(controller_, &TrainingController::tensorsSaved, this, &InspectPage::onSaved);
  connect(controller_, &TrainingController::drained, this, &InspectPage::refresh);
  connect(controller_, &TrainingController::ended, this, [this] {
    save_->setEnabled(false);
    refresh();
  });
}

// What to show (the tensor's kind), the probes' status and Save tensors.
QLayout* InspectPage::makeToolbar() {
  kind_ = new QComboBox(this);
  kind_->addItem(tr("Output (activation)"), "activation");
  kind_->addItem(tr("Gradient of the output"), "activation_grad");
  kind_->addItem(tr("Weights"), "weight");
  kind_->addItem(tr("Gradient of the weights"), "weight_grad");
  kind_->setSizeAdjustPolicy(QComboBox::AdjustToContents);  // in presentation mode's font too
  kind_->setToolTip(
      tr("Which tensor of the layer: its forward output (what a forward hook sees), the gradient of "
         "the loss with respect to that output, its parameters, or their gradients."));

  save_ = new QPushButton(tr("Save tensors"), this);
  save_->setToolTip(tr("Save the tensors of the next step to the run's tensors.h5 (open in Python with h5py)."));
  auto* saveMenu = new QMenu(save_);
  saveMenu->addAction(tr("Selected layer, all kinds"), this, [this] { requestSave(false); });
  saveMenu->addAction(tr("All layers, all kinds"), this, [this] { requestSave(true); });
  save_->setMenu(saveMenu);
  save_->setEnabled(false);
  status_ = new QLabel(tr("Start a run on the Train page: the probes report here while it trains."), this);
  status_->setWordWrap(true);

  auto* top = new QHBoxLayout;
  top->addWidget(new QLabel(tr("Show:"), this));
  top->addWidget(kind_);
  top->addStretch();
  top->addWidget(status_, 1);
  top->addWidget(save_);

  return top;
}

// The selected layer's distributions over the steps, its latest histogram, its statistics.
QWidget* InspectPage::makeDetail() {
  title_ = new QLabel(this);
  title_->setStyleSheet("font-weight: bold");
  heatmap_ = new widgets::DistributionHeatmap(this);
  heatmap_->setAxisLabels(tr("step"), tr("value"));
  heatmap_->setPlaceholder(tr("no histograms yet"));
  latest_ = new widgets::HistogramPlot(this);
  latest_->setLogCounts(true);

  stats_ = new widgets::LiveCurvePlot(this);
  stats_->setAxisLabels(tr("step"), tr("value"), tr("share"));  // of the elements; short: the plot is not tall
  stats_->setSmoothing(0);
  meanSeries_ = stats_->addSeries(tr("mean"), {widgets::seriesColor(0)});
  stdSeries_ = stats_->addSeries(tr("std"), {widgets::seriesColor(1)});
  minSeries_ = stats_->addSeries(tr("min"), {widgets::seriesColor(7)});
  maxSeries_ = stats_->addSeries(tr("max"), {widgets::seriesColor(5)});
  zeroSeries_ = stats_->addSeries(tr("exact zeros"), {widgets::seriesColor(3), false, false, /*rightAxis=*/true});
  satSeries_ = stats_->addSeries(tr("saturated"), {widgets::seriesColor(4), false, false, /*rightAxis=*/true});
  stats_->setFixedRightRange(0, 1);  // shares of the elements

  auto* distributions = new QSplitter(Qt::Horizontal, this);
  distributions->addWidget(heatmap_);
  distributions->addWidget(latest_);
  distributions->setStretchFactor(0, 2);  // the latest histogram wide enough for its axis label
  distributions->setStretchFactor(1, 1);
  auto* detail = new QWidget(this);
  auto* detailLayout = new QVBoxLayout(detail);
  detailLayout->setContentsMargins(0, 0, 0, 0);
  // The probes' cost beside the selected tensor's name: a line of its own would take a
  // plot's height in presentation mode.
  cost_ = new QLabel(this);
  cost_->setToolTip(
      tr("What probing cost over the last 100 steps: the probes' own time (statistics, gradient "
         "hooks, histograms, recording) as a share of the time between steps, against their budget. "
         "Fewer histograms, or probes off (Model page), cost less."));
  auto* titleRow = new QHBoxLayout;
  titleRow->addWidget(title_, 1);
  titleRow->addWidget(cost_);
  detailLayout->addLayout(titleRow);
  auto* views = new QSplitter(Qt::Vertical, detail);
  views->addWidget(distributions);
  views->addWidget(stats_);
  stats_->setMinimumHeight(170);
  views->setStretchFactor(0, 3);
  views->setStretchFactor(1, 2);
  detailLayout->addWidget(views, 1);
  // A projector shows the distribution over time and every layer's gradient norm,
  // large; the latest histogram and the statistics wait for the desk (the handle drags
  // them open).
  auto* projector = new widgets::PresentationLayout(this);
  projector->drop(latest_);
  projector->fold(views, 1);

  return detail;
}

// Each layer's health at the last step, with what each column's flag means.
QWidget* InspectPage::makeHealthTable() {
  health_ = new QTableWidget(0, 6, this);
  health_->setHorizontalHeaderLabels(
      {tr("Layer"), tr("Type"), tr("Dead units"), tr("Saturated"), tr("Gradient norm"), tr("Update ratio")});
  // Each column as wide as its cells (a flag's words are never cut); the last takes the rest.
  health_->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
  health_->horizontalHeader()->setStretchLastSection(true);
  health_->verticalHeader()->setVisible(false);
  // Compact rows: a projector shows a dozen layers at once, not four.
  health_->verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 6);
  health_->setEditTriggers(QAbstractItemView::NoEditTriggers);
  health_->setSelectionBehavior(QAbstractItemView::SelectRows);
  const HealthThresholds t;
  health_->horizontalHeaderItem(2)->setToolTip(translated(explain(HealthFlag::Dead, t)));
  health_->horizontalHeaderItem(3)->setToolTip(translated(explain(HealthFlag::Saturated, t)));
  health_->horizontalHeaderItem(4)->setToolTip(
      tr("L2 norm of the gradients of the layer's parameters at the last step. Flagged below %1 (vanishing) or "
         "above %2 (exploding).")
          .arg(t.vanishing)
          .arg(t.exploding));
  health_->horizontalHeaderItem(5)->setToolTip(
      tr("||update|| / ||weight|| of the last optimizer step measured (with each histogram); around "
         "1e-3 is healthy. Flagged below %1 or above %2.")
          .arg(t.updateLow)
          .arg(t.updateHigh));

  return health_;
}

void InspectPage::showEvent(QShowEvent* event) {
  QWidget::showEvent(event);
  QTimer::singleShot(0, this, &InspectPage::refresh);
}

QString InspectPage::selectedKind() const { return kind_->currentData().toString(); }

void InspectPage::select(const QString& name, const QString& kind) {
  const int k = kind_->findData(kind);
  if (k >= 0) {
    const QSignalBlocker block(kind_);
    kind_->setCurrentIndex(k);
  }
  const auto found = tree_->findItems(name, Qt::MatchExactly | Qt::MatchRecursive, 0);
  if (!found.isEmpty()) {
    const QSignalBlocker block(tree_);
    tree_->setCurrentItem(found.first());
  }
  name_ = name;
  showSelection();
}

void InspectPage::onStarted(const RunStarted& info) {
  history_.clear();
  history_.setLayers(info.layers);
  probesOn_ = info.probes;
  gradNorms_->removeAllSeries();
  gradSeries_.clear();
  heatmap_->clear();
  latest_->clear();
  stats_->clear();
  health_->setRowCount(0);
  rebuildTree();
  save_->setEnabled(!controller_->following());  // a followed run is another writer's
  costs_.clear();
  cost_->clear();
  // In words and numbers, not config keys (the Model page's probe fields name them).
  if (!probesOn_)
    status_->setText(tr("Probes are off in this experiment: only saving tensors works."));
  else if (info.histogram_every > 0)
    status_->setText(tr("Probes on: statistics every step, histograms every %n step(s).", nullptr,
                        static_cast<int>(info.histogram_every)));
  else
    status_->setText(tr("Probes on: statistics every step, no histograms."));
  heatmap_->setPlaceholder(info.histogram_every > 0 ? tr("no histograms yet (one every %n step(s))", nullptr,
                                                         static_cast<int>(info.histogram_every))
                                                    : tr("histograms are off in this experiment"));
  if (!info.layers.empty()) select(QString::fromStdString(info.layers.front().name), selectedKind());
}

void InspectPage::rebuildTree() {
  tree_->clear();
  for (const auto& layer : history_.layers()) {
    auto* item = new QTreeWidgetItem(tree_, {QString::fromStdString(layer.name), QString::fromStdString(layer.type)});
    item->setData(0, Qt::UserRole, QString::fromStdString(layer.name));
    for (const auto& p : history_.parametersOf(layer.name)) {
      auto* child = new QTreeWidgetItem(item, {QString::fromStdString(p), tr("parameter")});
      child->setData(0, Qt::UserRole, QString::fromStdString(p));
    }
  }
  tree_->resizeColumnToContents(0);
}

std::string InspectPage::tensorName() const {
  const std::string name = name_.toStdString(), kind = selectedKind().toStdString();
  const bool parameter = name.find('.') != std::string::npos;
  if (kind == "weight" || kind == "weight_grad") {
    if (parameter) return name;
    const auto params = history_.parametersOf(name);
    for (const auto& p : params)  // a layer's weights: its "weight" if it has one
      if (p == name + ".weight") return p;
    return params.empty() ? std::string() : params.front();
  }
  return parameter ? layerOfParameter(name) : name;
}

void InspectPage::showSelection() {
  const std::string name = tensorName(), kind = selectedKind().toStdString();
  title_->setText(name.empty() ? tr("%1 has no parameters").arg(name_)
                               : QString::fromStdString(name) + " — " + kind_->currentText());
  stats_->clear();
  std::vector<widgets::DistributionColumn> columns;
  if (const HistogramSeries* h = name.empty() ? nullptr : history_.histograms(name, kind)) {
    for (size_t i = 0; i < h->steps.size(); ++i)
      columns.push_back({static_cast<double>(h->steps[i]), h->edges[i], h->counts[i]});
  }
  heatmap_->setColumns(std::move(columns));
  latestDirty_ = true;
  if (const StatSeries* s = name.empty() ? nullptr : history_.stats(name, kind)) {
    stats_->append(meanSeries_, s->steps, s->mean);
    stats_->append(stdSeries_, s->steps, s->std);
    stats_->append(minSeries_, s->steps, s->min);
    stats_->append(maxSeries_, s->steps, s->max);
    stats_->append(zeroSeries_, s->steps, s->zero_fraction);
    stats_->append(satSeries_, s->steps, s->saturation_fraction);
  }
  stats_->redraw();
  heatmap_->refresh();
  refresh();
}

// The probes' share of the step time over the last 100 samples, red when over budget.
void InspectPage::showProbeCost(const QVector<ProbeSample>& samples) {
  for (const auto& s : samples)
    if (std::isfinite(s.cost_ms) && std::isfinite(s.step_ms) && s.step_ms > 0)
      costs_.emplace_back(s.cost_ms, s.step_ms);
  while (costs_.size() > 100) costs_.pop_front();
  if (costs_.empty()) return;
  double cost = 0, time = 0;
  for (const auto& [c, t] : costs_) cost += c, time += t;
  const double share = cost / time;
  cost_->setText(tr("Probes: %1% of the step time (budget %2%)")
                     .arg(100 * share, 0, 'f', share < 0.1 ? 1 : 0)
                     .arg(100 * kProbeBudget, 0, 'f', 0));
  cost_->setStyleSheet(share > kProbeBudget ? "color: #c62828" : "");
}

void InspectPage::onSamples(const QVector<ProbeSample>& samples) {
  showProbeCost(samples);
  const bool firstSamples = history_.empty();
  for (const auto& s : samples) history_.add(s);
  if (firstSamples && !samples.isEmpty()) {
    rebuildTree();  // parameters are known from the first sample
    select(name_, selectedKind());
  }
  // New points for the selected tensor and for every layer's gradient norm.
  const std::string name = tensorName(), kind = selectedKind().toStdString();
  for (const auto& sample : samples) {
    for (const auto& t : sample.tensors) {
      if (t.name != name || t.kind != kind) continue;
      const double x = static_cast<double>(sample.step);
      stats_->append(meanSeries_, x, t.mean);
      stats_->append(stdSeries_, x, t.std);
      stats_->append(minSeries_, x, t.min);
      stats_->append(maxSeries_, x, t.max);
      stats_->append(zeroSeries_, x, t.zero_fraction);
      stats_->append(satSeries_, x, t.saturation_fraction);
    }
  }
  for (const auto& [layer, series] : history_.layerGradNorms()) {
    auto it = gradSeries_.find(layer);
    if (it == gradSeries_.end()) {
      const int index = gradNorms_->addSeries(QString::fromStdString(layer),
                                              {widgets::seriesColor(static_cast<int>(gradSeries_.size()))});
      it = gradSeries_.emplace(layer, index).first;
      gradNorms_->append(index, series.steps, series.norm);
      continue;
    }
    const int have = gradNorms_->pointCount(it->second);
    for (size_t i = static_cast<size_t>(have); i < series.steps.size(); ++i)
      gradNorms_->append(it->second, series.steps[i], series.norm[i]);
  }
  healthDirty_ = true;
}

void InspectPage::onHistograms(const QVector<Histogram>& histograms) {
  const std::string name = tensorName(), kind = selectedKind().toStdString();
  for (const auto& h : histograms) {
    history_.add(h);
    if (h.name == name && h.kind == kind) {
      heatmap_->append({static_cast<double>(h.step), h.edges, h.counts});
      latestDirty_ = true;
    }
  }
  healthDirty_ = true;
}

void InspectPage::refresh() {
  heatmap_->refresh();
  stats_->refresh();
  gradNorms_->refresh();
  if (latestDirty_) {
    latestDirty_ = false;
    const std::string name = tensorName(), kind = selectedKind().toStdString();
    const HistogramSeries* h = name.empty() ? nullptr : history_.histograms(name, kind);
    if (h && !h->steps.empty())
      latest_->setHistogram(h->edges.back(), h->counts.back(), tr("value at step %1").arg(h->steps.back()));
    else
      latest_->clear();
  }
  if (healthDirty_) updateHealth();
}

void InspectPage::updateHealth() {
  healthDirty_ = false;
  const HealthThresholds t;
  const auto rows = assessLayers(history_, t);
  health_->setRowCount(static_cast<int>(rows.size()));
  for (int r = 0; r < static_cast<int>(rows.size()); ++r) {
    const LayerHealth& h = rows[static_cast<size_t>(r)];
    const QString cells[] = {
        QString::fromStdString(h.layer), QString::fromStdString(h.type), percent(h.dead), percent(h.saturated),
        scientific(h.grad_norm),         scientific(h.update_ratio)};
    for (int c = 0; c < 6; ++c) {
      auto* item = health_->item(r, c);
      if (!item) health_->setItem(r, c, item = new QTableWidgetItem);
      item->setText(cells[c]);
      item->setBackground({});
      item->setToolTip({});
    }
    for (HealthFlag f : h.flags) {
      const int column = f == HealthFlag::Dead                                        ? 2
                         : f == HealthFlag::Saturated                                 ? 3
                         : (f == HealthFlag::Vanishing || f == HealthFlag::Exploding) ? 4
                                                                                      : 5;
      auto* item = health_->item(r, column);
      item->setBackground(QColor(255, 204, 128));
      item->setText(item->text() + "  ⚠ " + translated(flagName(f)));
      item->setToolTip(translated(explain(f, t)));
    }
  }
}

void InspectPage::requestSave(bool allLayers) {
  TensorDumpRequest request;
  if (!allLayers && name_.isEmpty()) {
    status_->setText(tr("Pick a layer in the tree first."));
    return;
  }
  if (!allLayers) request.layers = {layerOfParameter(name_.toStdString())};
  controller_->saveTensors(request);
  status_->setText(
      allLayers ? tr("Saving every layer's tensors at the next step…")
                : tr("Saving %1's tensors at the next step…").arg(QString::fromStdString(request.layers.front())));
}

void InspectPage::onSaved(const TensorsSaved& saved) {
  if (!saved.error.empty()) {
    status_->setText(tr("Tensors not saved: %1").arg(QString::fromStdString(saved.error)));
    return;
  }
  status_->setText(tr("Saved %1 tensors of step %2 to %3 (%4)")
                       .arg(saved.count)
                       .arg(saved.step)
                       .arg(QString::fromStdString(saved.path), QString::fromStdString(saved.group)));
}

}  // namespace trainscope::ui
