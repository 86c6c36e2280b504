#include "cli/event_stream.h"

#include "engine/run/event_json.h"

#include <cerrno>
#include <cstring>
#include <stdexcept>

namespace trainscope::cli {

void EventStream::open(const std::string& target) {
  if (target.empty()) return;
  if (target == "-") {
    out_ = stdout;
    return;
  }
  out_ = std::fopen(target.c_str(), "w");
  if (!out_) throw std::runtime_error("--events: cannot create " + target + ": " + std::strerror(errno));
}

EventStream::~EventStream() {
  if (out_ && out_ != stdout) std::fclose(out_);
}

void EventStream::write(const Event& event) {
  if (!out_ || std::holds_alternative<ProbeSample>(event) || std::holds_alternative<Histogram>(event)) return;
  const std::string line =
      eventToJson(event).dump(-1, ' ', /*ensure_ascii=*/false, nlohmann::json::error_handler_t::replace) + "\n";
  std::fwrite(line.data(), 1, line.size(), out_);
  std::fflush(out_);
}

}  // namespace trainscope::cli
