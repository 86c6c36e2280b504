// Model: pick a built-in model and see its summary for the current dataset at once
// (layers, output shapes, parameters, size); edit the experiment's settings; open and
// save the experiment as the JSON the CLI takes.
#pragma once

#include <QFutureWatcher>
#include <QWidget>

#include "engine/models/model_summary.h"

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QSpinBox;

namespace trainscope::widgets {
class SummaryTable;
}

namespace trainscope::ui {

class ExperimentDocument;
class ExperimentForm;

class ModelPage : public QWidget {
  Q_OBJECT
 public:
  ModelPage(ExperimentDocument* document, QWidget* parent = nullptr);
  widgets::SummaryTable* summaryTable() const { return summary_; }
  QSpinBox* imageSizeBox() const { return imageSize_; }
  QComboBox* modelChoice() const { return model_; }
  // Find LR and Fit batch wait while a run trains in this process.
  void setTrainingActive(bool active);
  ExperimentForm* form() const { return form_; }
  QLabel* problemsLabel() const { return problems_; }
  bool summaryPending() const { return watcher_.isRunning() || refreshQueued_; }

 signals:
  void openExperimentRequested();
  void saveExperimentRequested();
  void gridRequested();
  void searchRequested();
  // The graph view asks for a layer on the Inspect page.
  void inspectLayerRequested(const QString& layer);

 private:
  // The page's parts, built once by the constructor.
  QWidget* makeModelChooser();
  QWidget* makeExperimentPanel();
  QPushButton* makeCodeButton();   // "PyTorch code…": the experiment as a script
  QPushButton* makeGraphButton();  // "Graph…": the model and autograd graphs
  void connectModelFields();
  struct SummaryResult {
    ModelSummary summary;
    QString error;
  };
  void refreshSummary();
  void showSummary(const SummaryResult& r);

  ExperimentDocument* doc_;
  QComboBox* model_;
  QStringList modelChoices_;  // the models offered for the dataset's kind
  QCheckBox* batchNorm_;
  QComboBox* categorical_;
  QLabel* note_;
  QLineEdit* hidden_;
  QComboBox* activation_;
  QLineEdit* dropout_;
  QSpinBox* imageSize_;
  QLineEdit *scriptPath_, *freeze_;
  QPushButton *findLr_ = nullptr, *fitBatch_ = nullptr;
  widgets::SummaryTable* summary_;
  ExperimentForm* form_;
  QLabel* problems_;
  QFutureWatcher<SummaryResult> watcher_;
  std::string summarizedKey_;
  bool refreshQueued_ = false;
};

}  // namespace trainscope::ui
