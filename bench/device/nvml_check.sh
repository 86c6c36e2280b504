#!/usr/bin/env bash
# On a GPU machine (issue 33): the System page's NVML gauges, compiled alone from the
# engine's source, beside nvidia-smi's readings of the same GPU, idle and then while
# PyTorch keeps it busy with matmuls. Needs g++ and nvidia-smi; python3 with CUDA torch
# for the busy half. Usage: bench/device/nvml_check.sh [OUTDIR]
set -uo pipefail
out=${1:-/tmp}
cd "$(dirname "$0")/../.."
cxx=$(command -v g++ || command -v c++ || command -v clang++) || { echo "no C++ compiler"; exit 2; }
"$cxx" -std=c++17 -O1 -I src -o "$out/nvml_probe" bench/device/nvml_probe.cpp src/engine/system/nvml_gauges.cpp \
  src/engine/run/message.cpp -ldl || exit 2
smi() {
  nvidia-smi --query-gpu=name,utilization.gpu,memory.used,memory.total,temperature.gpu,power.draw,power.limit \
    --format=csv,noheader | sed 's/^/nvidia-smi: /'
}
echo "== idle"
smi
"$out/nvml_probe" 1
echo "== busy (bf16 matmuls for about 15 s once CUDA is up)"
rm -f "$out/busy"
python3 - "$out/busy" <<'PY' &
import sys, time, torch
a = torch.randn(8192, 8192, device="cuda", dtype=torch.bfloat16)
torch.cuda.synchronize()
open(sys.argv[1], "w").close()
end = time.time() + 15
while time.time() < end:
    for _ in range(20):
        a = (a @ a).clamp_(-1, 1)
    torch.cuda.synchronize()
PY
busy=$!
for _ in $(seq 120); do [[ -e $out/busy ]] && break; sleep 0.5; done
sleep 2
smi
"$out/nvml_probe" 3
smi
wait $busy
echo "== without the driver's library (TRAINSCOPE_NVML_LIBRARY=/nonexistent.so)"
TRAINSCOPE_NVML_LIBRARY=/nonexistent.so "$out/nvml_probe" 1
exit 0
