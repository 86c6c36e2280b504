// trainscope: the desktop app.
#include "ui/application.h"

#include <QApplication>

#include <unistd.h>
#include <cstdlib>

int main(int argc, char** argv) {
  // OpenMP threads that spin while waiting take the cores the GUI and the data loader
  // need: with passive waiting the app trains 10-50% faster and its event loop is less
  // late (docs/benchmarks.md). libgomp reads this once, when it loads, so the app
  // starts itself again with it set (unless the user chose a policy).
  if (!std::getenv("OMP_WAIT_POLICY")) {
    setenv("OMP_WAIT_POLICY", "PASSIVE", 1);
    execv("/proc/self/exe", argv);  // returns only on failure: carry on as we are
  }
  QApplication app(argc, argv);
  return trainscope::ui::runTrainscope(app);
}
