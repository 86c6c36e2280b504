#!/usr/bin/env bash
# On a GPU machine (issue 33): builds bench/device/cuda_checkpoint_check.cpp with the
# engine's checkpointing and autocast sources against that machine's LibTorch (the one
# python3's torch ships) and runs it. Usage: bench/device/cuda_checks.sh [OUTDIR]
set -uo pipefail
out=${1:-/tmp}
cd "$(dirname "$0")/../.."
read -r inc lib abi < <(python3 -c "
import torch, torch.utils.cpp_extension as c
try:
    inc = c.include_paths('cuda')
except TypeError:
    inc = c.include_paths(cuda=True)
try:
    libs = c.library_paths('cuda')
except TypeError:
    libs = c.library_paths(cuda=True)
print(':'.join(inc), libs[0], int(torch._C._GLIBCXX_USE_CXX11_ABI))")
echo "LibTorch $(python3 -c 'import torch; print(torch.__version__)'), includes $inc"
flags=()
for d in ${inc//:/ }; do flags+=(-isystem "$d"); done
cxx=$(command -v g++ || command -v c++) || { echo "no C++ compiler"; exit 2; }
"$cxx" -std=c++17 -O1 -D_GLIBCXX_USE_CXX11_ABI="$abi" -I src "${flags[@]}" \
  bench/device/cuda_checkpoint_check.cpp src/engine/models/activation_checkpoint.cpp \
  src/engine/models/checkpoint_segments.cpp src/engine/train/precision.cpp \
  -L"$lib" -Wl,-rpath,"$lib" -ltorch -ltorch_cpu -ltorch_cuda -lc10 -lc10_cuda -o "$out/cuda_checkpoint_check" || exit 2
"$out/cuda_checkpoint_check"
