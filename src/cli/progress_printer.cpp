#include "cli/progress_printer.h"
#include "cli/terminal_output.h"

#include <cmath>
#include <iomanip>
#include <sstream>

namespace trainscope::cli {

std::string formatDuration(double seconds) {
  if (!std::isfinite(seconds) || seconds < 0) return "--:--";
  const auto s = static_cast<int64_t>(seconds + 0.5);
  std::ostringstream o;
  if (s >= 3600)
    o << s / 3600 << ":" << std::setw(2) << std::setfill('0') << (s / 60) % 60;
  else
    o << s / 60;
  o << ":" << std::setw(2) << std::setfill('0') << s % 60;
  return o.str();
}

ProgressPrinter::ProgressPrinter(std::FILE* out, bool terminal) : out_(out), terminal_(terminal) {}

void ProgressPrinter::finishLine() {
  if (!lineOpen_) return;
  std::fputs("\n", out_);
  lineOpen_ = false;
}

std::string ProgressPrinter::statusText(const Progress& p) const {
  std::ostringstream o;
  o << "epoch " << p.epoch << "/" << p.epochs;
  if (p.validating) {
    o << " validating...";
    return o.str();
  }
  o << " step " << p.step_in_epoch << "/" << p.steps_per_epoch;
  if (epochSteps_ > 0) o << std::fixed << std::setprecision(4) << " loss " << epochLossSum_ / epochSteps_;
  if (epochSteps_ > 0 && std::isfinite(epochAccSum_))  // a regression has no accuracy
    o << std::setprecision(1) << " acc " << 100.0 * epochAccSum_ / epochSteps_ << "%";
  o << std::fixed << std::setprecision(0) << " " << p.samples_per_sec << " samples/s"
    << " elapsed " << formatDuration(p.elapsed) << " ETA " << formatDuration(p.eta);
  return o.str();
}

void ProgressPrinter::draw(const Progress& p) {
  const auto now = std::chrono::steady_clock::now();
  if (terminal_) {
    if (now - lastDraw_ < std::chrono::milliseconds(100) && !p.validating) return;  // ~10 redraws/s
    lastDraw_ = now;
    const int width = 24;
    const double frac = p.steps_per_epoch > 0 ? static_cast<double>(p.step_in_epoch) / p.steps_per_epoch : 0;
    const int filled = static_cast<int>(frac * width);
    std::string bar(width, ' ');
    for (int i = 0; i < filled; ++i) bar[i] = '=';
    if (filled < width) bar[filled] = '>';
    std::FILE* raw = rawStream(out_);  // the CLI's own \r and ESC [K pass the name filter
    std::fprintf(raw, "\r\033[K[%s] %3d%% %s", bar.c_str(), static_cast<int>(frac * 100), statusText(p).c_str());
    std::fflush(raw);
    lineOpen_ = true;
    return;
  }
  // Plain output: a line every 10% of an epoch, at most every 2 s, or every 30 s.
  const int64_t pct = p.steps_per_epoch > 0 ? 10 * p.step_in_epoch / p.steps_per_epoch : 0;
  const bool newDecile = pct != lastPlainPercent_ && now - lastPlain_ >= std::chrono::seconds(2);
  if (!p.validating && (newDecile || now - lastPlain_ >= std::chrono::seconds(30))) {
    lastPlainPercent_ = pct;
    lastPlain_ = now;
    std::fprintf(out_, "%s\n", statusText(p).c_str());
    std::fflush(out_);
  }
}

void ProgressPrinter::handle(const Event& e) {
  if (const auto* s = std::get_if<RunStarted>(&e)) {
    runDir_ = s->run_dir;
    finishLine();
    std::fprintf(out_, "run folder: %s\n", s->run_dir.c_str());
    if (s->resumed) std::fprintf(out_, "resuming at step %lld\n", static_cast<long long>(s->resumed_at_step));
  } else if (const auto* p = std::get_if<Progress>(&e)) {
    if (p->epoch != lastEpoch_) {
      lastEpoch_ = p->epoch;
      epochLossSum_ = epochAccSum_ = 0;
      epochSteps_ = 0;
    }
    draw(*p);
  } else if (const auto* m = std::get_if<StepMetrics>(&e)) {
    const auto epoch = static_cast<int64_t>(std::ceil(m->epoch));
    if (epoch != lastEpoch_) {
      lastEpoch_ = epoch;
      epochLossSum_ = epochAccSum_ = 0;
      epochSteps_ = 0;
    }
    epochLossSum_ += m->loss;
    epochAccSum_ += m->accuracy;
    ++epochSteps_;
  } else if (const auto* l = std::get_if<LogLine>(&e)) {
    finishLine();
    std::FILE* stream = l->level == LogLevel::Info ? out_ : stderr;
    const char* tag = l->level == LogLevel::Error ? "error: " : l->level == LogLevel::Warning ? "warning: " : "";
    std::fprintf(stream, "%s%s\n", tag, l->text.c_str());
    std::fflush(stream);
  } else if (const auto* st = std::get_if<StateChanged>(&e)) {
    state_ = st->state;
    if (st->state == RunState::Paused) {
      finishLine();
      std::fprintf(out_, "paused\n");
    }
  } else if (const auto* err = std::get_if<RunError>(&e)) {
    lastError_ = err->message;
  } else if (std::holds_alternative<GuardTripped>(e)) {
    guardTripped_ = true;  // the engine's log line says what and where
  }
}

}  // namespace trainscope::cli
