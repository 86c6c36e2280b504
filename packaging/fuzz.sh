#!/usr/bin/env bash
# Builds the libFuzzer targets (tests/fuzz) with clang, ASan and UBSan, and runs each
# for a while from its seed corpus (tests/fuzz/corpus/<target>). A crash, a leak of an
# exception, or a sanitizer report fails; the input is left in build/fuzz/crashes.
#   packaging/fuzz.sh [SECONDS_PER_TARGET]     (default 10; docs/fuzzing.md for longer runs)
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-10}
cxx=$(command -v clang++-15 || command -v clang++ || true)
cc=$(command -v clang-15 || command -v clang || true)
if [[ -z $cxx || -z $cc ]]; then
  echo "fuzz: skipped, no clang (apt-get install clang-15 libfuzzer-15-dev)"
  exit 0
fi
build=${FUZZ_BUILD_DIR:-build/fuzz}
cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DTRAINSCOPE_FUZZ=ON \
  -DCMAKE_C_COMPILER="$cc" -DCMAKE_CXX_COMPILER="$cxx" >/dev/null
cmake --build "$build" -j "${JOBS:-2}" >/dev/null
mkdir -p "$build/crashes"
status=0
for target in ${FUZZ_TARGETS:-fuzz_config fuzz_idx fuzz_image fuzz_run_json fuzz_metrics_h5 fuzz_samples_h5 fuzz_predictions_h5 \
  fuzz_probes_h5 fuzz_tfevents fuzz_csv fuzz_script_quoting}; do
  work=$(mktemp -d)
  cp -r "tests/fuzz/corpus/$target/." "$work/"
  # The corpus grows in the scratch copy; the seeds in the tree stay as they are.
  if UBSAN_OPTIONS=halt_on_error=1 ASAN_OPTIONS=detect_leaks=1 LSAN_OPTIONS=suppressions=$PWD/tests/fuzz/lsan.supp \
      "$build/tests/fuzz/$target" "$work" \
      -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
      -artifact_prefix="$build/crashes/$target-" >"$build/$target.log" 2>&1; then
    runs=$(grep -oE "stat::number_of_executed_units: *[0-9]+" "$build/$target.log" | grep -oE "[0-9]+$" || echo "?")
    echo "fuzz: $target: $runs inputs in ${seconds} s, no failure"
  else
    echo "fuzz: $target FAILED; the input is in $build/crashes, the log in $build/$target.log:"
    grep -E "ERROR|SUMMARY|runtime error|terminate|what\(\)" "$build/$target.log" | head -5
    status=1
  fi
  rm -rf "$work"
done
exit $status
