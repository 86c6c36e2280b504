#!/usr/bin/env bash
# Side-by-side benchmarks: the engine against the seed's idiomatic PyTorch code, same
# machine, same thread count. Writes bench/out/results.md and prints it.
#   bench/run_benchmarks.sh [--threads 2] [--repeat 3] [--images 3000]
# Needs a release build (packaging/setup.sh) and /usr/bin/python3 with torch, torchvision.
set -euo pipefail
cd "$(dirname "$0")/.."
threads=2 repeat=3 images=3000
while (($#)); do
  case $1 in
    --threads) threads=$2; shift 2 ;;
    --repeat) repeat=$2; shift 2 ;;
    --images) images=$2; shift 2 ;;
    *) echo "unknown option $1"; exit 2 ;;
  esac
done
build=${BUILD_DIR:-build/release}
py=/usr/bin/python3
out=bench/out
mkdir -p "$out"
folder=$out/images-$images
$py bench/python/make_image_folder.py "$folder" --images "$images" >/dev/null

json() { $py -c "import json,sys; print(json.loads(sys.stdin.read().strip().splitlines()[-1])['$1'])"; }
median() { printf '%s\n' "$@" | sort -g | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }

echo "== Fashion-MNIST LeNet, one epoch, batch 64, $threads threads, 2 loader workers"
cpp_sps=() cpp_acc=() py_sps=() py_acc=()
for i in $(seq "$repeat"); do
  rm -rf "$out/runs"
  "$build/src/cli/trainscope-cli" train -q --config resources/experiments/fashion_lenet.json --out "$out/runs" \
    --set epochs=1 --set threads="$threads" >/dev/null
  run=$(ls -d "$out"/runs/lenet-fashion-mnist-* | head -1)
  cpp_sps+=("$($py -c "import json; r=json.load(open('$run/run.json')); print(r['dataset']['train_samples'] / r['train_seconds'])")")
  cpp_acc+=("$($py -c "import json; print(json.load(open('$run/run.json'))['final_val_accuracy'])")")
  r=$($py bench/python/fashion_lenet.py --threads "$threads" --workers 2)
  py_sps+=("$(echo "$r" | json samples_per_sec)")
  py_acc+=("$(echo "$r" | json test_accuracy)")
  echo "  run $i: engine ${cpp_sps[-1]} samples/s (acc ${cpp_acc[-1]}), python ${py_sps[-1]} samples/s (acc ${py_acc[-1]})"
done

echo "== Image folder pipeline ($images JPEGs 200-640 px): RandomResizedCrop 224, flip, ColorJitter 0.3, ToTensor, Normalize; batch 64, 2 workers"
cpp_ips=() py_ips=()
for i in $(seq "$repeat"); do
  cpp_ips+=("$("$build/bench/bench_loader" "$folder" --workers 2 --threads "$threads" | json images_per_sec)")
  py_ips+=("$($py bench/python/imagefolder_loader.py "$folder" --workers 2 --threads "$threads" | json images_per_sec)")
  echo "  run $i: engine ${cpp_ips[-1]} images/s, python ${py_ips[-1]} images/s"
done

c1=$(median "${cpp_sps[@]}") p1=$(median "${py_sps[@]}") c2=$(median "${cpp_ips[@]}") p2=$(median "${py_ips[@]}")
ca=$(median "${cpp_acc[@]}") pa=$(median "${py_acc[@]}")
ratio() { $py -c "print(f'{$1 / $2:.2f}')"; }
fmt() { $py -c "print(f'{$1:,.0f}')"; }
pct() { $py -c "print(f'{100 * $1:.2f}%')"; }
{
  echo "| benchmark ($threads threads, median of $repeat) | engine | PyTorch (Python) | ratio | target |"
  echo "|---|---|---|---|---|"
  echo "| Fashion-MNIST LeNet, 1 epoch end to end, samples/s | $(fmt "$c1") | $(fmt "$p1") | $(ratio "$c1" "$p1")x | >= 3x |"
  echo "| Fashion-MNIST LeNet, test accuracy after 1 epoch | $(pct "$ca") | $(pct "$pa") | | >= 85% |"
  echo "| Image folder pipeline, images/s | $(fmt "$c2") | $(fmt "$p2") | $(ratio "$c2" "$p2")x | >= 2.5x |"
} | tee "$out/results.md"
