// The app as a test drives it: its own settings (QStandardPaths test mode, a named
// organisation, cleared), one document, controller and main window, the Fashion-MNIST
// LeNet experiment loaded, runs written under `runsDir`.
#pragma once

#include "ui/experiment/experiment_document.h"
#include "ui/run/training_controller.h"
#include "ui/shell/main_window.h"

#include <QCoreApplication>
#include <QSettings>
#include <QStandardPaths>
#include <QString>

namespace trainscope::ui {
// A declared config field by its key, for tests that set fields by name.
inline const ConfigField& field(const std::string& key) {
  const ConfigField* f = findConfigField(key);
  if (!f) qFatal("no config field %s", key.c_str());
  return *f;
}
}  // namespace trainscope::ui

namespace trainscope::ui::test {

struct AppUnderTest {
  ExperimentDocument* doc = nullptr;
  TrainingController* controller = nullptr;
  MainWindow* window = nullptr;

  // Returns an error message, empty when the app is ready.
  QString create(QObject* owner, const char* settingsName, const QString& runsDir) {
    QStandardPaths::setTestModeEnabled(true);  // QSettings go to a test location
    QCoreApplication::setOrganizationName(settingsName);
    QSettings().clear();
    doc = new ExperimentDocument(owner);
    controller = new TrainingController(owner);
    window = new MainWindow(doc, controller);
    window->setConfirmClose(false);
    QString error;
    if (!doc->load(TRAINSCOPE_SOURCE_DIR "/resources/experiments/fashion_lenet.json", &error)) return error;
    doc->set(field("runs_dir"), runsDir.toStdString());
    return {};
  }
};

}  // namespace trainscope::ui::test
