// Starts the app: the experiment and dataset to open (command line, else the last ones,
// else the built-in LeNet preset on Fashion-MNIST), the window, and the optional
// screenshot tour used for the README.
#pragma once

class QApplication;

namespace trainscope::ui {

int runTrainscope(QApplication& app);

// Before anything else in main: sets how LibTorch's OpenMP threads wait between ops
// (unless the user chose) and starts the process again with it, since libgomp reads it
// once, when it loads. Returns only when nothing needed changing, or the restart failed.
void restartWithComputeEnvironment(char** argv);

}  // namespace trainscope::ui
