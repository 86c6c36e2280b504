// Work for QtConcurrent's thread pool. LibTorch called from it runs on the pool's thread
// alone (useOneComputeThread), so that a run's compute threads stay the process's only
// OpenMP team and keep spinning between ops (docs/benchmarks.md, the app against the
// CLI). Work that wants more threads (predicting, exporting) asks for them itself.
#pragma once

#include "engine/system/threads.h"

#include <QtConcurrent/QtConcurrentRun>

#include <utility>

namespace trainscope::ui {

template <typename Work>
auto runInBackground(Work&& work) {
  return QtConcurrent::run([work = std::forward<Work>(work)]() mutable {
    useOneComputeThread();
    return work();
  });
}

}  // namespace trainscope::ui
