#include "ui/compare/run_differences.h"

#include "engine/config/config_fields.h"

#include <QEvent>
#include <QHeaderView>
#include <QLocale>

#include <algorithm>
#include <cmath>

namespace trainscope::ui {

namespace {
QString percent(double v) { return std::isnan(v) ? QString() : QLocale().toString(v * 100, 'f', 2) + "%"; }

// A difference in accuracy, in percentage points with its sign, coloured by which way.
QTableWidgetItem* pointsItem(double run, double baseline) {
  const double d = (run - baseline) * 100;
  auto* item = new QTableWidgetItem(std::isnan(d) ? QString() : (d > 0 ? "+" : "") + QLocale().toString(d, 'f', 2));
  if (!std::isnan(d) && std::abs(d) >= 0.005) item->setForeground(d > 0 ? QColor(0, 128, 0) : QColor(192, 0, 0));
  return item;
}

// Settings that always differ, or say nothing about the result (declared describesOnly).
bool worthShowing(const std::string& field) {
  const ConfigField* f = findConfigField(field);
  return !f || !f->describes_only;
}

QString transformText(const nlohmann::json& t) {
  QString text = QString::fromStdString(t.value("name", std::string("?")));
  if (t.contains("size") && t["size"].is_array() && !t["size"].empty()) {
    QStringList sizes;
    for (const auto& s : t["size"]) sizes << RunDifferences::readable(s);
    text += " " + sizes.join("×");
  }
  return text;
}
}  // namespace

RunDifferences::RunDifferences(QWidget* parent) : QTableWidget(0, 0, parent) {
  verticalHeader()->setVisible(false);
  setEditTriggers(QAbstractItemView::NoEditTriggers);
  setToolTip(tr("Only the settings that differ between the ticked runs, with their results."));
}

QString RunDifferences::readable(const nlohmann::json& v) {
  if (v.is_null()) return tr("(not set)");
  if (v.is_boolean()) return v.get<bool>() ? tr("yes") : tr("no");
  if (v.is_string()) return QString::fromStdString(v.get<std::string>());
  if (v.is_number_integer()) return QLocale().toString(v.get<qlonglong>());
  if (v.is_number()) return QLocale().toString(v.get<double>(), 'g', 6);  // 30.0 -> 30, 0.001 stays
  if (v.is_array()) {
    if (v.empty()) return tr("(none)");
    const bool transforms =
        std::all_of(v.begin(), v.end(), [](const auto& e) { return e.is_object() && e.contains("name"); });
    QStringList parts;
    for (const auto& e : v) parts << (transforms ? transformText(e) : readable(e));
    return parts.join(transforms ? " → " : ", ");
  }
  QStringList parts;  // an object: key=value pairs
  for (auto it = v.begin(); it != v.end(); ++it) parts << QString::fromStdString(it.key()) + "=" + readable(it.value());
  return parts.join(", ");
}

void RunDifferences::changeEvent(QEvent* event) {
  QTableWidget::changeEvent(event);
  if (event->type() == QEvent::FontChange) resizeColumnsToContents();
}

void RunDifferences::showRuns(const std::vector<const RunEntry*>& runs,
                              const std::function<QColor(const QString& dir)>& colorOf, const RunEntry* baseline) {
  std::vector<nlohmann::json> configs;
  for (const auto* r : runs) configs.push_back(r->config);
  std::vector<std::string> fields = differingFields(configs);
  fields.erase(std::remove_if(fields.begin(), fields.end(), [](const std::string& f) { return !worthShowing(f); }),
               fields.end());
  QStringList headers = {tr("Run")};
  for (const auto& f : fields) headers << QString::fromStdString(f);
  headers << tr("Best val acc") << tr("Final val acc") << tr("Steps");
  if (baseline) headers << tr("Δ best (points)") << tr("Δ final (points)");
  clear();
  setColumnCount(headers.size());
  setHorizontalHeaderLabels(headers);
  setRowCount(static_cast<int>(runs.size()));
  for (int row = 0; row < static_cast<int>(runs.size()); ++row) {
    const RunEntry& r = *runs[static_cast<size_t>(row)];
    const bool isBaseline = &r == baseline;
    auto* name = new QTableWidgetItem(QString::fromStdString(r.name) + (isBaseline ? " " + tr("(baseline)") : ""));
    name->setData(Qt::DecorationRole, colorOf(QString::fromStdString(r.dir)));
    setItem(row, 0, name);
    int col = 1;
    for (const auto& f : fields) {
      auto* item = new QTableWidgetItem(readable(fieldValue(r.config, f)));
      item->setToolTip(QString::fromStdString(f) + " = " + QString::fromStdString(fieldValue(r.config, f).dump()));
      setItem(row, col++, item);
    }
    setItem(row, col++, new QTableWidgetItem(percent(r.best_val_accuracy)));
    setItem(row, col++, new QTableWidgetItem(percent(r.final_val_accuracy)));
    setItem(row, col++, new QTableWidgetItem(QLocale().toString(static_cast<qlonglong>(r.steps))));
    if (!baseline) continue;
    for (const auto result : {&RunEntry::best_val_accuracy, &RunEntry::final_val_accuracy}) {
      auto* item = isBaseline ? new QTableWidgetItem(tr("baseline")) : pointsItem(r.*result, baseline->*result);
      item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
      setItem(row, col++, item);
    }
  }
  resizeColumnsToContents();
  for (int c = 0; c < columnCount(); ++c)
    setColumnWidth(c, std::min(columnWidth(c), 320));  // long lists wrap in the tooltip
}

}  // namespace trainscope::ui
