// A writer killed between flushes leaves its files marked open for writing, with the
// superblock's end-of-allocation behind what it wrote. Clearing the mark must keep what
// was written before the kill (it once truncated probes.h5 to its first flush).
#include "engine/record/h5_read.h"
#include "engine/record/probe_file.h"
#include "engine/record/run_repair.h"
#include "engine/record/tensorboard_export.h"
#include "test_fixtures.h"

#include <gtest/gtest.h>

#include <csignal>
#include <filesystem>

#include <sys/wait.h>
#include <unistd.h>

namespace trainscope {
namespace {

constexpr int kBins = 4096;  // a histogram row of 3 x 4096 counts: a chunk holds 5 rows

Histogram histogram(const std::string& name, const std::string& kind, int step) {
  Histogram h{step, name, kind, std::vector<double>(kBins + 1), std::vector<double>(kBins, 1.0)};
  for (int i = 0; i <= kBins; ++i) h.edges[i] = i;
  return h;
}

// In a child: a probe file flushed after `flushedSteps` steps of histograms, then more
// steps whose full chunks HDF5 writes (and whose chunk index it updates) without a file
// flush, then SIGKILL: no destructor runs, as after kill -9 between two flushes.
void writeProbesAndDie(const std::string& path, int flushedSteps, int steps) {
  const pid_t child = fork();
  ASSERT_GE(child, 0);
  if (child == 0) {
    const std::vector<std::pair<std::string, std::string>> tensors{
        {"fc.weight", "weight"}, {"fc.weight", "weight_grad"}, {"fc", "activation"}};
    ProbeFile file(path, tensors, kBins);
    for (int step = 1; step <= steps; ++step) {
      ProbeSample sample{step, 1.0 / step, {}};
      file.append(sample);
      std::vector<Histogram> set;
      for (const auto& [name, kind] : tensors) set.push_back(histogram(name, kind, step));
      file.append(set);
      if (step == flushedSteps) file.flush();
    }
    raise(SIGKILL);
  }
  int status = 0;
  waitpid(child, &status, 0);
  ASSERT_TRUE(WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL) << "the writer did not die as planned";
}

TEST(WriteMark, ClearingItKeepsWhatWasWrittenBeforeTheKill) {
  test::TempDir dir;
  const std::string path = (dir.path() / "probes.h5").string();
  writeProbesAndDie(path, 10, 100);
  const auto sizeBefore = std::filesystem::file_size(path);
  std::string error;
  ASSERT_TRUE(clearHdf5WriteMark(path, &error)) << error;
  EXPECT_GE(std::filesystem::file_size(path), sizeBefore) << "clearing the mark cut the file short";
  EXPECT_NO_THROW(checkProbeFile(path));
  const H5Handle file = h5OpenForReading(path, false);
  std::vector<hsize_t> dims;
  const auto steps = h5ReadChecked<double>(file.get(), "histograms/step", H5T_NATIVE_DOUBLE, 1, &dims);
  EXPECT_GE(steps.size(), 10u) << "the steps flushed before the kill are kept";
  const auto counts = h5ReadChecked<double>(file.get(), "histograms/counts", H5T_NATIVE_DOUBLE, 3, &dims);
  EXPECT_GE(dims[0], 95u) << "so are the full chunks written after the last flush";
}

}  // namespace
}  // namespace trainscope
