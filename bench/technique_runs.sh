# Sourced by the benchmarks of training techniques (early_stopping.sh, weight_average.sh):
# the CLI of $build, a scratch folder removed on exit, and run EXPERIMENT FOLDER [--set ...],
# which trains $epochs epochs on 2 threads into $out/FOLDER, its output in $out/FOLDER.log.
cli=$(realpath "$build/src/cli/trainscope-cli")
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

run() {
  local experiment=$1 folder=$2
  shift 2
  "$cli" train --config "$experiment" --out "$out/$folder" -q --set epochs="$epochs" --set threads=2 "$@" \
    > "$out/$folder.log" 2>&1
}
