// trainscope: the desktop app.
#include "ui/shell/application.h"

#include <QApplication>

int main(int argc, char** argv) {
  using namespace trainscope::ui;
  restartWithComputeEnvironment(argv);
  QApplication app(argc, argv);
  return runTrainscope(app);
}
