// Compare's "what differs" table: for the ticked runs, only the settings whose values
// differ, in words a user reads (0.001, "0.9, 0.999", "yes"; a transform list as
// "Resize 256 → CenterCrop 224"), then their results.
#pragma once

#include "engine/record/run_library.h"

#include <QColor>
#include <QString>
#include <QTableWidget>

#include <functional>
#include <vector>

namespace trainscope::ui {

class RunDifferences : public QTableWidget {
  Q_OBJECT
 public:
  explicit RunDifferences(QWidget* parent = nullptr);
  // `baseline` (one of `runs`, or null): the others' results also as differences from its.
  void showRuns(const std::vector<const RunEntry*>& runs, const std::function<QColor(const QString& dir)>& colorOf,
                const RunEntry* baseline = nullptr);

  // A config value as the table shows it.
  static QString readable(const nlohmann::json& value);

 protected:
  void changeEvent(QEvent* event) override;  // a new font (presentation mode): columns fit again
};

}  // namespace trainscope::ui
