#include "ui/search/search_view_data.h"

#include "engine/record/run_library.h"
#include "engine/search/search_space.h"

#include <QCoreApplication>

#include <cmath>

namespace trainscope::ui {

namespace {

QString valueText(const nlohmann::json& v) {
  return QString::fromStdString(v.is_string() ? v.get<std::string>() : v.dump());
}

// A choice's axis lists its values (sorted when they are numbers); a range's is numeric.
widgets::ParallelAxis axisFor(const SearchDimension& d) {
  widgets::ParallelAxis axis;
  axis.title = QString::fromStdString(d.field);
  axis.log = d.kind == SpaceKind::LogUniform;
  if (d.kind == SpaceKind::Choice) {
    std::vector<nlohmann::json> values = d.values;
    if (d.numeric())
      std::sort(values.begin(), values.end(),
                [](const auto& a, const auto& b) { return a.template get<double>() < b.template get<double>(); });
    for (const auto& v : values) axis.categories << valueText(v);
  }
  return axis;
}

double axisValue(const widgets::ParallelAxis& axis, const nlohmann::json& v) {
  if (!axis.categories.isEmpty()) {
    const int i = axis.categories.indexOf(valueText(v));
    return i < 0 ? NAN : i;
  }
  return v.is_number() ? v.get<double>() : NAN;
}

}  // namespace

QStringList searchedFields(const SearchRecord& record) {
  QStringList out;
  for (const auto& [field, spec] : record.space.items()) out << QString::fromStdString(field);
  return out;
}

nlohmann::json trialValue(const SearchRecord& record, const TrialRecord& trial, const std::string& field) {
  if (trial.params.contains(field)) return nlohmann::json::parse(trial.params[field].dump());
  return fieldValue(record.base, field);
}

SearchPlotData searchPlotData(const SearchRecord& record) {
  SearchPlotData data;
  SearchSpace space;
  try {
    space = parseSearchSpace(record.space);
  } catch (const std::exception&) {
  }
  for (const auto& d : space.dimensions) data.axes << axisFor(d);
  // The preset's value of a choice that the space does not list still gets a place.
  for (int a = 0; a < data.axes.size(); ++a)
    for (const auto& t : record.trials) {
      const auto v = trialValue(record, t, space.dimensions[a].field);
      if (!data.axes[a].categories.isEmpty() && !v.is_null() && !data.axes[a].categories.contains(valueText(v)))
        data.axes[a].categories << valueText(v);
    }
  widgets::ParallelAxis metric;
  metric.title = QString::fromStdString(record.metric_key.empty() ? record.settings.metric : record.metric_key);
  metric.higherIsBetter = record.maximize;
  data.axes << metric;
  for (const auto& t : record.trials) {
    if (t.status == TrialStatus::Queued) continue;
    widgets::ParallelLine line;
    line.id = t.index;
    for (int a = 0; a < static_cast<int>(space.dimensions.size()); ++a)
      line.values << axisValue(data.axes[a], trialValue(record, t, space.dimensions[a].field));
    line.values << t.best;
    line.faded = t.status != TrialStatus::Finished;
    data.lines << line;
  }
  return data;
}

QString trialStatusName(TrialStatus status) {
  switch (status) {
    case TrialStatus::Queued: return QCoreApplication::translate("trainscope::ui::SearchWindow", "waiting");
    case TrialStatus::Running: return QCoreApplication::translate("trainscope::ui::SearchWindow", "training");
    case TrialStatus::Finished: return QCoreApplication::translate("trainscope::ui::SearchWindow", "finished");
    case TrialStatus::Pruned: return QCoreApplication::translate("trainscope::ui::SearchWindow", "stopped early");
    case TrialStatus::Failed: return QCoreApplication::translate("trainscope::ui::SearchWindow", "failed");
    case TrialStatus::Interrupted: return QCoreApplication::translate("trainscope::ui::SearchWindow", "interrupted");
  }
  return {};
}

QString trialLabel(const TrialRecord& trial) {
  return trial.preset ? QCoreApplication::translate("trainscope::ui::SearchWindow", "%1 (preset)").arg(trial.index)
                      : QString::number(trial.index);
}

QString searchProgress(const SearchRecord& record) {
  int done = 0, running = 0, pruned = 0;
  for (const auto& t : record.trials) {
    done += t.done();
    running += t.status == TrialStatus::Running;
    pruned += t.status == TrialStatus::Pruned;
  }
  QString text = QCoreApplication::translate("trainscope::ui::SearchWindow", "%1 of %2 trials done, %3 training")
                     .arg(done)
                     .arg(record.trials.size())
                     .arg(running);
  if (pruned > 0)
    text += QCoreApplication::translate("trainscope::ui::SearchWindow", "; %1 stopped early by successive halving")
                .arg(pruned);
  if (record.state == "stopped")
    text += QCoreApplication::translate("trainscope::ui::SearchWindow", "; the search is stopped");
  return text;
}

}  // namespace trainscope::ui
