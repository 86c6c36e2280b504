#include "engine/system/doctor.h"

#include <ATen/Parallel.h>
#include <torch/cuda.h>
#include <torch/torch.h>

#include <chrono>
#include <sstream>
#include <thread>

namespace trainscope {

namespace {
// Matmul throughput on a device: warm up, then time repeats, synchronising on CUDA so
// the clock sees the work and not just its launch.
double matmulGflops(const torch::Device& device, int n) {
  const auto opts = torch::TensorOptions().device(device).dtype(torch::kFloat32);
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
}  // namespace

EnvironmentReport checkEnvironment(int matmulSize) {
  EnvironmentReport r;
  r.versions = libraryVersions();
  r.cuda_available = torch::cuda::is_available();
  r.cudnn_available = torch::cuda::cudnn_is_available();
  r.devices.push_back("cpu");
  for (size_t i = 0; r.cuda_available && i < torch::cuda::device_count(); ++i)
    r.devices.push_back("cuda:" + std::to_string(i));
  r.hardware_threads = static_cast<int>(std::thread::hardware_concurrency());
  r.torch_threads = torch::get_num_threads();
  r.parallel_info = at::get_parallel_info();
  r.matmul_size = matmulSize;
  r.cpu_gflops = matmulGflops(torch::kCPU, matmulSize);
  if (r.cuda_available) r.gpu_gflops = matmulGflops(torch::Device(torch::kCUDA, 0), matmulSize);
  return r;
}

std::string formatReport(const EnvironmentReport& r) {
  std::ostringstream o;
  o << "Trainscope " << r.versions.trainscope << "\n"
    << "LibTorch " << r.versions.libtorch << (r.versions.cuda_build ? " (CUDA build)" : " (CPU build)") << ", OpenCV "
    << r.versions.opencv << ", HDF5 " << r.versions.hdf5 << "\n"
    << "CUDA available: " << (r.cuda_available ? "yes" : "no") << ", cuDNN: " << (r.cudnn_available ? "yes" : "no")
    << "\n"
    << "devices: ";
  for (size_t i = 0; i < r.devices.size(); ++i) o << (i ? ", " : "") << r.devices[i];
  o << "\nhardware threads: " << r.hardware_threads << ", LibTorch threads: " << r.torch_threads << "\n";
  o.setf(std::ios::fixed);
  o.precision(1);
  o << "float32 matmul " << r.matmul_size << "x" << r.matmul_size << ": CPU " << r.cpu_gflops << " GFLOP/s";
  if (r.cuda_available) o << ", GPU " << r.gpu_gflops << " GFLOP/s (synchronised)";
  o << "\n";
  if (r.cpu_gflops < 20)
    o << "note: a slow CPU matmul usually means the reference BLAS; install an optimised one (Debian: "
         "libopenblas0-openmp)\n";
  o << "\nLibTorch parallel settings:\n" << r.parallel_info;
  return o.str();
}

}  // namespace trainscope
