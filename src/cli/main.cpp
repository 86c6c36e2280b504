// trainscope-cli: trains Trainscope experiments headless.
#include "cli/subcommands.h"
#include "cli/terminal_output.h"
#include "engine/system/versions.h"

#include <CLI/CLI.hpp>

#include <cstdio>
#include <cstdlib>

namespace {

int runCommand(int argc, char** argv) {
  const auto v = trainscope::libraryVersions();
  CLI::App app{"trainscope-cli: train and inspect Trainscope experiments without a display"};
  app.set_version_flag("--version", "trainscope " + v.trainscope + " (LibTorch " + v.libtorch + ", OpenCV " + v.opencv +
                                        ", HDF5 " + v.hdf5 + ")");
  app.require_subcommand(1);
  trainscope::cli::Command command;
  trainscope::cli::addSubcommands(app, {argc, argv}, command);
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    // --help and --version end here too (code 0); every other problem with the
    // command line is a bad argument: exit 2, as the README promises.
    return app.exit(e) == 0 ? 0 : 2;
  }
  return command ? command() : 0;
}

}  // namespace

int main(int argc, char** argv) {
  trainscope::cli::filterStandardStreams();  // names are shown, never obeyed
  const int code = runCommand(argc, argv);
  // Every file of the run is closed by now. What is left at exit is HDF5's own
  // clean-up, which crashes on a file whose close failed (a full disk, HDF5 1.10.8):
  // the run's failure is recorded, so the process ends here with its exit code.
  std::fflush(nullptr);
  std::_Exit(code);
}
