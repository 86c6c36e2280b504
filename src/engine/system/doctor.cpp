#include "engine/system/doctor.h"

#include "engine/config/config_fields.h"
#include "engine/system/host_info.h"

#include <ATen/Parallel.h>
#include <torch/cuda.h>
#include <torch/torch.h>

#include <chrono>
#include <cstdio>
#include <sstream>
#include <thread>

namespace trainscope {

namespace {
constexpr const char* kDoctor = "trainscope::Doctor";

// Matmul throughput on a device: warm up, then time repeats, synchronising on CUDA so
// the clock sees the work and not just its launch.
double matmulGflops(const torch::Device& device, int n, torch::Dtype dtype = torch::kFloat32) {
  const auto opts = torch::TensorOptions().device(device).dtype(dtype);
  const torch::Tensor a = torch::randn({n, n}, opts), b = torch::randn({n, n}, opts);
  auto sync = [&] {
    if (device.is_cuda()) torch::cuda::synchronize();
  };
  for (int i = 0; i < 2; ++i) (void)torch::mm(a, b);
  sync();
  int reps = 0;
  const auto start = std::chrono::steady_clock::now();
  double seconds = 0;
  while (seconds < 0.5 || reps < 3) {
    (void)torch::mm(a, b);
    sync();
    ++reps;
    seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  }
  return 2.0 * n * n * n * reps / seconds / 1e9;
}
// `v` with `decimals` digits after the point.
std::string fixed(double v, int decimals = 1) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.*f", decimals, v);
  return buffer;
}

// Whether mixed precision in bfloat16 pays on this CPU: its instructions and its speed.
Message bf16Line(const EnvironmentReport& r) {
  const std::string ratio = fixed(r.cpu_gflops > 0 ? r.cpu_bf16_gflops / r.cpu_gflops : 0.0, 2);
  const std::string gflops = fixed(r.cpu_bf16_gflops);
  std::string names;
  for (const auto& n : r.bf16_instructions) names += (names.empty() ? "" : ", ") + n;
  if (names.empty())
    return {kDoctor,
            QT_TRANSLATE_NOOP("trainscope::Doctor",
                              "bfloat16 matmul: CPU %1 GFLOP/s (%2x float32); no native bfloat16 instructions, so "
                              "%3 bf16 is emulated here"),
            {gflops, ratio, configField(&ExperimentConfig::training, &TrainingConfig::precision).key}};
  return {kDoctor,
          QT_TRANSLATE_NOOP("trainscope::Doctor",
                            "bfloat16 matmul: CPU %1 GFLOP/s (%2x float32); native bfloat16 instructions: %3"),
          {gflops, ratio, names}};
}
}  // namespace

EnvironmentReport checkEnvironment(int matmulSize) {
  EnvironmentReport r;
  const auto others = systemCpuContention();
  others->next();
  r.versions = libraryVersions();
  r.cuda_available = torch::cuda::is_available();
  r.cudnn_available = torch::cuda::cudnn_is_available();
  r.devices.push_back("cpu");
  for (size_t i = 0; r.cuda_available && i < torch::cuda::device_count(); ++i)
    r.devices.push_back("cuda:" + std::to_string(i));
  r.hardware_threads = static_cast<int>(std::thread::hardware_concurrency());
  r.cores = usableCores();
  r.torch_threads = torch::get_num_threads();
  r.parallel_info = at::get_parallel_info();
  r.matmul_size = matmulSize;
  r.cpu_gflops = matmulGflops(torch::kCPU, matmulSize);
  r.bf16_instructions = nativeBf16Instructions();
  r.cpu_bf16_gflops = matmulGflops(torch::kCPU, matmulSize, torch::kBFloat16);
  if (r.cuda_available) r.gpu_gflops = matmulGflops(torch::Device(torch::kCUDA, 0), matmulSize);
  r.gpu_gauges = nvmlGauges(0);
  if (const std::optional<CpuWindow> w = others->next()) r.others = *w;
  return r;
}

namespace {

// What NVML says of the first GPU, or why it says nothing (the System page's gauges).
Message gpuGaugesLine(const NvmlGauges& g) {
  if (!g.available)
    return {
        kDoctor, QT_TRANSLATE_NOOP("trainscope::Doctor", "GPU gauges (NVML): %1"), {g.reason.english()}, {g.reason}};
  auto known = [](double v, double scale) { return std::isfinite(v) ? fixed(v * scale, 0) : std::string("?"); };
  return {kDoctor,
          QT_TRANSLATE_NOOP("trainscope::Doctor", "GPU gauges (NVML): %1, %2% busy, %3 of %4 MiB, %5 °C, %6 W"),
          {g.name, known(g.utilization, 100), std::to_string(g.memory_used >> 20), std::to_string(g.memory_total >> 20),
           known(g.temperature_c, 1), known(g.power_w, 1)}};
}

}  // namespace

std::vector<Message> reportLines(const EnvironmentReport& r) {
  constexpr const char* kContext = kDoctor;
  std::string devices;
  for (size_t i = 0; i < r.devices.size(); ++i) devices += (i ? ", " : "") + r.devices[i];
  std::vector<Message> lines;
  lines.push_back({kContext, "Trainscope %1", {r.versions.trainscope}});
  lines.push_back({kContext,
                   r.versions.cuda_build
                       ? QT_TRANSLATE_NOOP("trainscope::Doctor", "LibTorch %1 (CUDA build), OpenCV %2, HDF5 %3")
                       : QT_TRANSLATE_NOOP("trainscope::Doctor", "LibTorch %1 (CPU build), OpenCV %2, HDF5 %3"),
                   {r.versions.libtorch, r.versions.opencv, r.versions.hdf5}});
  lines.push_back({kContext,
                   r.cuda_available
                       ? (r.cudnn_available ? QT_TRANSLATE_NOOP("trainscope::Doctor", "CUDA available: yes, cuDNN: yes")
                                            : QT_TRANSLATE_NOOP("trainscope::Doctor", "CUDA available: yes, cuDNN: no"))
                       : QT_TRANSLATE_NOOP("trainscope::Doctor", "CUDA available: no, cuDNN: no"),
                   {}});
  lines.push_back({kContext, QT_TRANSLATE_NOOP("trainscope::Doctor", "devices: %1"), {devices}});
  lines.push_back(gpuGaugesLine(r.gpu_gauges));
  lines.push_back({kContext,
                   QT_TRANSLATE_NOOP("trainscope::Doctor", "hardware threads: %1, LibTorch threads: %2"),
                   {std::to_string(r.hardware_threads), std::to_string(r.torch_threads)}});
  const Message cores = r.cores.reason();
  lines.push_back({kContext, QT_TRANSLATE_NOOP("trainscope::Doctor", "threads 0 uses %1"), {cores.english()}, {cores}});
  if (r.others.seconds > 0)
    lines.push_back({kContext,
                     QT_TRANSLATE_NOOP("trainscope::Doctor",
                                       "other work now: %1 of %2 CPUs busy; while training, threads 0 fits its "
                                       "threads to it"),
                     {fixed(r.others.others_busy), std::to_string(r.others.cpus)}});
  const std::string size = std::to_string(r.matmul_size);
  if (r.cuda_available)
    lines.push_back(
        {kContext,
         QT_TRANSLATE_NOOP("trainscope::Doctor", "float32 matmul %1x%1: CPU %2 GFLOP/s, GPU %3 GFLOP/s (synchronised)"),
         {size, fixed(r.cpu_gflops), fixed(r.gpu_gflops)}});
  else
    lines.push_back({kContext,
                     QT_TRANSLATE_NOOP("trainscope::Doctor", "float32 matmul %1x%1: CPU %2 GFLOP/s"),
                     {size, fixed(r.cpu_gflops)}});
  lines.push_back(bf16Line(r));
  if (r.cpu_gflops < 20)
    lines.push_back({kContext,
                     QT_TRANSLATE_NOOP("trainscope::Doctor",
                                       "note: a slow CPU matmul usually means the reference BLAS; install an optimised "
                                       "one (Debian: libopenblas0-openmp)"),
                     {}});
  lines.push_back({kContext, "", {}});
  lines.push_back({kContext, QT_TRANSLATE_NOOP("trainscope::Doctor", "LibTorch parallel settings:"), {}});
  lines.push_back({kContext, "%1", {r.parallel_info}});  // LibTorch's own words
  return lines;
}

std::string formatReport(const EnvironmentReport& r) {
  std::string out;
  for (const Message& line : reportLines(r)) out += line.english() + "\n";
  while (out.size() > 1 && out[out.size() - 1] == '\n' && out[out.size() - 2] == '\n') out.pop_back();
  return out;
}

}  // namespace trainscope
