// trainscope: the desktop app.
#include "ui/application.h"

#include <QApplication>

int main(int argc, char** argv) {
  QApplication app(argc, argv);
  return trainscope::ui::runTrainscope(app);
}
