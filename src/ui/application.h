// Starts the app: the experiment and dataset to open (command line, else the last ones,
// else the built-in LeNet preset on Fashion-MNIST), the window, and the optional
// screenshot tour used for the README.
#pragma once

class QApplication;

namespace trainscope::ui {

int runTrainscope(QApplication& app);

}  // namespace trainscope::ui
