// The Mistakes page's background work: reading a run's predictions.h5 and samples.h5
// (with its dataset, opened once per run) and computing Grad-CAM for one image, both
// off the GUI thread (QtConcurrent + QFutureWatcher, as DatasetImporter). A request
// made while one runs waits; only the newest waiting one is kept.
#pragma once

#include "engine/model_tools.h"
#include "engine/sample_report.h"

#include <QFutureWatcher>
#include <QImage>
#include <QObject>
#include <QString>

#include <memory>

namespace trainscope::ui {

class DiagnosisLoader : public QObject {
  Q_OBJECT
 public:
  explicit DiagnosisLoader(QObject* parent = nullptr);
  ~DiagnosisLoader() override;
  void load(const QString& runDir);
  bool busy() const { return watcher_.isRunning(); }
  std::shared_ptr<const RunDiagnosis> current() const { return current_; }

 signals:
  // `seconds`: from the request to the result, waiting included.
  void loaded(std::shared_ptr<const trainscope::RunDiagnosis> diagnosis, double seconds);

 private:
  void startNext();
  QFutureWatcher<std::shared_ptr<const RunDiagnosis>> watcher_;
  std::shared_ptr<const RunDiagnosis> current_;
  QString pending_;
  qint64 requestedAt_ = 0;  // ms since the epoch of the oldest request not yet answered
};

struct SampleExplanation {
  QString key;     // the request's, to match it to the sample shown
  QImage image;    // the sample as stored
  QImage overlay;  // the model's input with the Grad-CAM heat over it (empty when it failed)
  GradCamResult cam;
};

class GradCamRunner : public QObject {
  Q_OBJECT
 public:
  explicit GradCamRunner(QObject* parent = nullptr);
  ~GradCamRunner() override;
  // Loads sample `index` of `split` and explains it with the run's last weights.
  void explain(const QString& key, const QString& runDir, std::shared_ptr<const Dataset> split, int64_t index);
  bool busy() const { return watcher_.isRunning(); }

 signals:
  void explained(const trainscope::ui::SampleExplanation& result);

 private:
  struct Request {
    QString key, runDir;
    std::shared_ptr<const Dataset> split;
    int64_t index = 0;
  };
  void startNext();
  QFutureWatcher<SampleExplanation> watcher_;
  std::shared_ptr<GradCamExplainer> explainer_;  // used by one task at a time
  QString explainerRun_;
  std::unique_ptr<Request> pending_;
};

}  // namespace trainscope::ui
