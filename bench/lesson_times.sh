#!/usr/bin/env bash
# How long each lesson takes, as a workshop runs it: `trainscope-cli lesson` on every
# lesson in resources/lessons, its runs one after another (the app's default) on all
# cores. Target (issue 12): each lesson under 2 minutes on 2 cores. Prints a Markdown
# table; the runs go to a scratch folder.
#   bench/lesson_times.sh
set -euo pipefail
cd "$(dirname "$0")/.."
build=${BUILD_DIR:-build/release}
cli=$build/src/cli/trainscope-cli
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
# The machine the times belong to: a busy one takes several times as long.
cpu=$(grep -m1 "model name" /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//')
echo "Machine: $cpu, $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg) before the first lesson"
echo
echo "| lesson | runs | wall time |"
echo "|---|---|---|"
total=0
for lesson in resources/lessons/*.json; do
  runs=$(/usr/bin/python3 -c "import json,sys; print(len(json.load(open(sys.argv[1]))['lesson']['runs']))" "$lesson")
  start=$(date +%s.%N)
  "$cli" lesson "$lesson" -o "$out/$(basename "$lesson" .json)" -q >/dev/null 2>&1
  end=$(date +%s.%N)
  seconds=$(echo "$end - $start" | bc)
  total=$(echo "$total + $seconds" | bc)
  printf '| %s | %s | %.0f s |\n' "$(basename "$lesson" .json)" "$runs" "$seconds"
done
printf '| all | | %.0f s |\n' "$total"
echo
echo "Load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
