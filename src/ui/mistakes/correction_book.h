// The label corrections a user makes on the Mistakes page (relabel, exclude), kept in
// <app data>/label-corrections/<dataset>.json (~/.local/share/Trainscope/...) and named in the working experiment's
// dataset.corrections, so the next run trains on them. One file per dataset: the
// corrections of Fashion-MNIST never reach a photo folder.
#pragma once

#include "engine/data/label_corrections.h"

#include <QObject>
#include <QString>

namespace trainscope::ui {

class ExperimentDocument;

class CorrectionBook : public QObject {
  Q_OBJECT
 public:
  explicit CorrectionBook(ExperimentDocument* document, QObject* parent = nullptr);

  // The dataset the corrections are for (a run's: kind and root); loads its file.
  void setDataset(const std::string& kind, const std::string& root);
  QString path() const { return path_; }
  const LabelCorrections& corrections() const { return corrections_; }
  const LabelCorrection* find(const std::string& sample) const { return corrections_.find(sample); }
  // Each writes the file at once (atomically) and points the experiment at it, when
  // the experiment trains on this dataset; false with the reason when the disk refuses.
  bool set(const LabelCorrection& c, QString* error);
  bool setAll(const std::vector<LabelCorrection>& all, QString* error);  // one write for a lasso's worth
  bool remove(const std::string& sample, QString* error);
  bool clear(QString* error);
  // Whether the working experiment's next run uses this file.
  bool usedByExperiment() const;

 signals:
  void changed();

 private:
  bool save(QString* error);
  ExperimentDocument* doc_;
  std::string kind_, root_;
  QString path_;
  LabelCorrections corrections_;
};

}  // namespace trainscope::ui
