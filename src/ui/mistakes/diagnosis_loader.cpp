#include "ui/mistakes/diagnosis_loader.h"

#include "ui/image_convert.h"
#include "ui/run/background.h"

#include <QColor>
#include <QDateTime>
#include <QtConcurrent/QtConcurrentRun>

namespace trainscope::ui {

namespace {
// The input in grey with the heat over it, blue (none) to red (most), half transparent
// where there is evidence.
QImage heatOverlay(const Picture& input, const Picture& heat) {
  QImage base = toQImage(input).convertToFormat(QImage::Format_RGB32);
  if (base.isNull() || heat.width != base.width() || heat.height != base.height()) return {};
  for (int y = 0; y < base.height(); ++y) {
    auto* row = reinterpret_cast<QRgb*>(base.scanLine(y));
    for (int x = 0; x < base.width(); ++x) {
      const double h = heat.pixels[static_cast<size_t>(y * heat.width + x)] / 255.0;
      const QColor c = QColor::fromHsvF(static_cast<float>((1 - h) * 0.66), 1.0f, 1.0f);
      const int grey = qGray(row[x]);
      const double a = 0.25 + 0.45 * h;
      row[x] = qRgb(static_cast<int>(grey * (1 - a) + c.red() * a), static_cast<int>(grey * (1 - a) + c.green() * a),
                    static_cast<int>(grey * (1 - a) + c.blue() * a));
    }
  }
  return base;
}
}  // namespace

DiagnosisLoader::DiagnosisLoader(QObject* parent) : QObject(parent) {
  connect(&watcher_, &QFutureWatcher<std::shared_ptr<const RunDiagnosis>>::finished, this, [this] {
    current_ = watcher_.result();
    const double seconds = static_cast<double>(QDateTime::currentMSecsSinceEpoch() - requestedAt_) / 1000.0;
    if (pending_.isEmpty()) {
      emit loaded(current_, seconds);
      return;
    }
    startNext();  // a newer request is waiting: it is the one to show
  });
}

DiagnosisLoader::~DiagnosisLoader() { watcher_.waitForFinished(); }

void DiagnosisLoader::load(const QString& runDir) {
  if (pending_.isEmpty() && !watcher_.isRunning()) requestedAt_ = QDateTime::currentMSecsSinceEpoch();
  pending_ = runDir;
  if (!watcher_.isRunning()) startNext();
}

void DiagnosisLoader::startNext() {
  const std::string runDir = pending_.toStdString();
  pending_.clear();
  // The dataset is opened once per run; epochs only change the two files.
  std::shared_ptr<const DatasetSplits> reuse =
      current_ && current_->run_dir == runDir && current_->error.empty() ? current_->splits : nullptr;
  watcher_.setFuture(runInBackground([runDir, reuse] {
    return std::shared_ptr<const RunDiagnosis>(std::make_shared<RunDiagnosis>(readRunDiagnosis(runDir, reuse)));
  }));
}

GradCamRunner::GradCamRunner(QObject* parent) : QObject(parent) {
  connect(&watcher_, &QFutureWatcher<SampleExplanation>::finished, this, [this] {
    const SampleExplanation result = watcher_.result();
    if (pending_) {
      startNext();
      return;
    }
    emit explained(result);
  });
}

GradCamRunner::~GradCamRunner() { watcher_.waitForFinished(); }

void GradCamRunner::explain(const QString& key, const QString& runDir, std::shared_ptr<const Dataset> split,
                            int64_t index) {
  pending_ = std::make_unique<Request>(Request{key, runDir, std::move(split), index});
  if (!watcher_.isRunning()) startNext();
}

void GradCamRunner::startNext() {
  const Request r = *pending_;
  pending_.reset();
  if (!explainer_ || explainerRun_ != r.runDir) {
    explainer_ = std::make_shared<GradCamExplainer>(r.runDir.toStdString());
    explainerRun_ = r.runDir;
  }
  watcher_.setFuture(runInBackground([r, explainer = explainer_] {
    SampleExplanation out;
    out.key = r.key;
    std::string error;
    const cv::Mat pixels = r.split->load(r.index, &error);
    out.image = toQImage(pixels);
    if (pixels.empty()) {
      out.cam.error = error;
      return out;
    }
    out.cam = explainer->explain(pixels);
    if (out.cam.ok) out.overlay = heatOverlay(out.cam.input, out.cam.heat);
    return out;
  }));
}

}  // namespace trainscope::ui
