#include "engine/system/thread_adaptation.h"

namespace trainscope {

ThreadAdaptation::ThreadAdaptation(int threads, ThreadCountRule rule, std::unique_ptr<CpuContentionSource> source,
                                   std::function<void(int)> setThreads, Clock::duration window)
    : governor_(threads, rule), source_(std::move(source)), setThreads_(std::move(setThreads)), window_(window) {
  // The first window covers the run's setup (reading the data, building the model): a run
  // started on a busy machine fits its threads soon after its first steps.
  active_ = source_ && !governor_.policy().empty();  // one thread: no team to fit or to wait
  if (active_) source_->next();
  windowStart_ = Clock::now();
}

std::optional<Message> ThreadAdaptation::betweenSteps(Clock::time_point now) {
  if (!active_) return std::nullopt;
  if (now - windowStart_ < window_) return std::nullopt;
  windowStart_ = now;
  const std::optional<CpuWindow> w = source_->next();
  if (!w) return std::nullopt;
  const int before = governor_.threads();
  const std::optional<ThreadDecision> d = governor_.observe(*w);
  if (!d) return std::nullopt;
  if (d->threads != before && setThreads_) setThreads_(d->threads);
  waiting_.set(d->passive);
  return d->why;
}

ThreadCountRule threadCountRule(int configuredThreads, bool deterministic) {
  if (deterministic) return ThreadCountRule::Deterministic;
  return configuredThreads > 0 ? ThreadCountRule::Set : ThreadCountRule::Adapts;
}

}  // namespace trainscope
