// What the search window shows of a search's record: the parallel-coordinates axes and
// lines (one axis per searched setting, the metric last), and each trial's cells for
// the table, in the interface language.
#pragma once

#include "engine/search/search_record.h"
#include "widgets/parallel_coordinates.h"

#include <QString>
#include <QVariant>
#include <QVector>

namespace trainscope::ui {

struct SearchPlotData {
  QVector<widgets::ParallelAxis> axes;
  QVector<widgets::ParallelLine> lines;  // id = the trial's index
};
SearchPlotData searchPlotData(const SearchRecord& record);

// The searched settings' dotted names, in the space's order.
QStringList searchedFields(const SearchRecord& record);
// The trial's value of a searched setting: its own, or the preset's (the base's).
nlohmann::json trialValue(const SearchRecord& record, const TrialRecord& trial, const std::string& field);

QString trialStatusName(TrialStatus status);
QString trialLabel(const TrialRecord& trial);  // "3", "0 (preset)"
// "5 of 13 trials done, 2 training; 3 stopped early by halving".
QString searchProgress(const SearchRecord& record);

}  // namespace trainscope::ui
