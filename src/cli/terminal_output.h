// What trainscope-cli prints to a terminal is shown, never obeyed: standard output and
// error, when they are a terminal, pass through a filter that writes control characters
// (ESC, BEL, CR, C1, bidirectional overrides) and bytes that are not UTF-8 as escapes
// (terminalText), so a run, class or student folder's name cannot clear the screen, set
// the window title or write the clipboard (OSC 52). Output to a file or a pipe is left
// as written. Only the CLI's own progress lines use the raw streams.
#pragma once

#include <cstdio>

namespace trainscope::cli {

// Puts the filter in front of stdout (and std::cout) and stderr (std::cerr, std::clog),
// each when it is a terminal. Once, first thing in main.
void filterStandardStreams();
// The stream under `filtered` (stdout or stderr) as the process got it, unfiltered: for
// the CLI's own \r and ESC [K. Any other stream is itself.
std::FILE* rawStream(std::FILE* filtered);
// Whether `stream` (filtered or not) ends at a terminal.
bool isTerminal(std::FILE* stream);

}  // namespace trainscope::cli
