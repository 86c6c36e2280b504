#include "engine/system/nvml_gauges.h"

#include <gtest/gtest.h>

#include <cstdlib>

namespace trainscope {
namespace {

// Each test names its library: NVML is loaded once per library and process.
struct NvmlLibrary {
  explicit NvmlLibrary(const char* path) { setenv("TRAINSCOPE_NVML_LIBRARY", path, 1); }
  ~NvmlLibrary() { unsetenv("TRAINSCOPE_NVML_LIBRARY"); }
};

TEST(NvmlGauges, ReadTheDevicesGaugesThroughTheLibraryLoadedAtRunTime) {
  NvmlLibrary library(TRAINSCOPE_NVML_STAND_IN);
  const NvmlGauges g = nvmlGauges(0);
  ASSERT_TRUE(g.available) << g.reason.english();
  EXPECT_EQ(g.name, "Stand-in GPU");
  EXPECT_DOUBLE_EQ(g.utilization, 0.42);
  EXPECT_EQ(g.memory_total, 80ll << 30);
  EXPECT_EQ(g.memory_used, 19ll << 30) << "used without the driver's reserve, as nvidia-smi shows it";
  EXPECT_DOUBLE_EQ(g.temperature_c, 55);
  EXPECT_DOUBLE_EQ(g.power_w, 123.456);
  EXPECT_TRUE(std::isnan(g.power_limit_w)) << "a reading the GPU does not support stays unknown";
  const NvmlGauges none = nvmlGauges(1);
  EXPECT_FALSE(none.available);
  EXPECT_EQ(none.reason.english(), "NVML sees no GPU 1");
}

TEST(NvmlGauges, WithoutTheLibraryTheGaugesSayWhy) {
  NvmlLibrary library("/nonexistent/libnvidia-ml.so.1");
  const NvmlGauges g = nvmlGauges(0);
  EXPECT_FALSE(g.available);
  EXPECT_EQ(g.reason.english(), "no NVIDIA driver here (/nonexistent/libnvidia-ml.so.1 not found)");
}

TEST(NvmlGauges, ALibraryWithoutNvmlIsNoCrash) {
  NvmlLibrary library("libm.so.6");
  const NvmlGauges g = nvmlGauges(0);
  EXPECT_FALSE(g.available);
  EXPECT_EQ(g.reason.english(), "libm.so.6 is not a usable NVML library");
}

}  // namespace
}  // namespace trainscope
