#include "cli/event_stream.h"

#include "engine/config/file_input.h"
#include "engine/run/event_json.h"

#include <cerrno>
#include <csignal>
#include <cstring>
#include <stdexcept>

namespace trainscope::cli {

void EventStream::open(const std::string& target) {
  if (target.empty()) return;
  // A reader that closes the pipe must not kill the run with SIGPIPE: the write fails
  // instead, and the stream ends (writeLine).
  std::signal(SIGPIPE, SIG_IGN);
  target_ = target == "-" ? "stdout" : target;
  if (target == "-") {
    out_ = stdout;
    return;
  }
  if (const std::string no = whyNotOutputFile(target, /*streams=*/true); !no.empty())
    throw BadInput("--events " + target + " " + no);
  out_ = std::fopen(target.c_str(), "w");
  if (!out_) throw std::runtime_error("--events: cannot create " + target + ": " + std::strerror(errno));
}

EventStream::~EventStream() {
  if (out_ && out_ != stdout) std::fclose(out_);
}

void EventStream::write(const Event& event) {
  if (!out_ || std::holds_alternative<ProbeSample>(event) || std::holds_alternative<Histogram>(event)) return;
  writeLine(eventToJson(event).dump(-1, ' ', /*ensure_ascii=*/false, nlohmann::json::error_handler_t::replace));
}

void EventStream::writeRunFolder(const std::string& runDir) {
  if (out_) writeLine(runFolderToJson(runDir).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace));
}

void EventStream::writeLine(const std::string& line) {
  const bool written = std::fwrite(line.data(), 1, line.size(), out_) == line.size() && std::fputc('\n', out_) != EOF &&
                       std::fflush(out_) == 0;
  if (written) return;
  const std::string why = std::strerror(errno);
  if (out_ != stdout) std::fclose(out_);
  out_ = nullptr;
  std::fprintf(stderr, "--events: writing to %s failed (%s); the run goes on without its event stream\n",
               target_.c_str(), why.c_str());
}

}  // namespace trainscope::cli
