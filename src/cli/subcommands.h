// trainscope-cli's subcommands (cli/subcommands.cpp: one setup function each).
#pragma once

#include <CLI/CLI.hpp>

#include <functional>

namespace trainscope::cli {

// The process's own command line: train and resume launch ranks with it.
struct CommandLine {
  int argc;
  char** argv;
};
// What runs once the command line is parsed: the given subcommand; its exit code.
using Command = std::function<int()>;

// Adds every subcommand to `app`; parsing sets `command` to the one given.
void addSubcommands(CLI::App& app, const CommandLine& line, Command& command);

}  // namespace trainscope::cli
