#!/usr/bin/env bash
# The Debian package, tried as a user would after installing it, without installing
# it: build the .deb, check its metadata, desktop entry, AppStream file and lintian
# report, unpack it with `dpkg-deb -x` into a temporary root, and run what it holds
# from there (no source path, no build tree): the CLI's --version, man page, lesson
# list and a 20-step training into ~/Trainscope/runs; the app offscreen (--self-test).
#   packaging/test_package.sh [BUILD_DIR]
set -uo pipefail
source "$(dirname "$0")/../tests/cli/check.sh"
src=$(cd "$(dirname "$0")/.." && pwd)
build_dir=$(cd "${1:-$src/build/release}" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

deb=$("$src/packaging/make_deb.sh" "$build_dir" 2>"$tmp/make_deb.log" | tail -1)
check "make_deb.sh builds a .deb" test -f "$deb"
[[ -f $deb ]] || { cat "$tmp/make_deb.log"; report; exit 1; }
echo "package: $deb ($(du -h "$deb" | cut -f1))"

dpkg-deb -f "$deb" Depends Recommends Suggests >"$tmp/control"
cat "$tmp/control"
check "it depends on LibTorch's libraries (dpkg-shlibdeps)" grep -q "libtorch" "$tmp/control"
check "and on Qt 6" grep -q "libqt6widgets6" "$tmp/control"
check "and on Fashion-MNIST" grep -q "dataset-fashion-mnist" "$tmp/control"
check "it recommends OpenBLAS with OpenMP" grep -q "Recommends: libopenblas0-openmp" "$tmp/control"
check "it recommends a CJK font for the app in Chinese" grep -q "fonts-wqy-microhei" "$tmp/control"

root="$tmp/root"
dpkg-deb -x "$deb" "$root"
check "trainscope and trainscope-cli are in /usr/bin" test -x "$root/usr/bin/trainscope" -a -x "$root/usr/bin/trainscope-cli"
for f in share/applications/org.trainscope.Trainscope.desktop share/metainfo/org.trainscope.Trainscope.metainfo.xml \
  share/icons/hicolor/48x48/apps/trainscope.png share/icons/hicolor/scalable/apps/trainscope.svg \
  share/man/man1/trainscope-cli.1.gz share/man/man1/trainscope.1.gz share/doc/trainscope/copyright \
  share/trainscope/lessons/02_zero_grad.json share/trainscope/experiments/fashion_lenet.json \
  share/trainscope/datasets/sentences.csv; do
  check "it holds /usr/$f" test -f "$root/usr/$f"
done
# The Python package, for the system Python: imported from the unpacked tree and used.
pkg="$root/usr/lib/python3/dist-packages"
check "it holds the Python package trainscope" test -f "$pkg/trainscope/__init__.py" -a -n "$(ls "$pkg"/trainscope/_native*.so 2>/dev/null)"
PYTHONPATH="$pkg" /usr/bin/python3 -c '
import sys, tempfile, trainscope
with trainscope.init(name="from-the-deb", runs_dir=tempfile.mkdtemp()) as run:
    trainscope.log({"loss": 1.0}, step=1)
print(run.folder)' >"$tmp/python.out" 2>&1
check "the installed trainscope package imports and records a run" test $? -eq 0
check "the desktop entry is valid" desktop-file-validate "$root/usr/share/applications/org.trainscope.Trainscope.desktop"
check "the AppStream metainfo is valid" appstreamcli validate --no-net "$root/usr/share/metainfo/org.trainscope.Trainscope.metainfo.xml"
zcat "$root/usr/share/man/man1/trainscope-cli.1.gz" >"$tmp/man"
check "the man page documents every subcommand" grep -q "^.SS export\\\\-tensorboard" "$tmp/man"
if command -v man >/dev/null; then
  MANWIDTH=80 man -l "$root/usr/share/man/man1/trainscope-cli.1.gz" >"$tmp/man.txt" 2>"$tmp/man.err" || true
  check "and man renders it without complaint" test ! -s "$tmp/man.err" -a -s "$tmp/man.txt"
fi
check "no source path is compiled in" test "$(grep -c -F "$src" "$root/usr/bin/trainscope-cli" "$root/usr/bin/trainscope" | awk -F: '{s+=$2} END {print s}')" -eq 0

# lintian: every complaint must be one docs/packaging.md lists with its reason.
if command -v lintian >/dev/null; then
  lintian --no-tag-display-limit "$deb" >"$tmp/lintian" 2>&1
  sed -E 's/^[EWIP]: trainscope[^:]*: ([a-z0-9-]+).*/\1/' "$tmp/lintian" | grep -E '^[a-z0-9-]+$' | sort -u >"$tmp/tags"
  unexplained=$(grep -vxF -f <(grep -oE '^\| `[a-z0-9-]+`' "$src/docs/packaging.md" | tr -d '|` ') "$tmp/tags")
  check "lintian reports only the complaints docs/packaging.md explains" test -z "$unexplained"
  [[ -z $unexplained ]] || { echo "unexplained lintian tags: $unexplained"; cat "$tmp/lintian"; }
  check "and no error" test -z "$(grep '^E:' "$tmp/lintian")"
fi

# Run it from the unpacked root, as an installed user would, in a fresh home.
export HOME="$tmp/home"
mkdir -p "$HOME"
cd "$tmp"
"$root/usr/bin/trainscope-cli" --version >"$tmp/version" 2>&1
check "trainscope-cli --version runs" contains "$tmp/version" "trainscope "
"$root/usr/bin/trainscope-cli" lesson >"$tmp/lessons" 2>&1
check "it lists the lessons installed beside it" contains "$tmp/lessons" "Lessons in $root/usr/share/trainscope/lessons"
check "all of them" test "$(grep -cE '^[0-9]+\. ' "$tmp/lessons")" -eq "$(ls "$src"/resources/lessons/*.json | wc -l)"
"$root/usr/bin/trainscope-cli" train -c fashion_lenet --set training.max_steps=20 --set epochs=1 \
  --set dataset.val_subset=256 --quiet >"$tmp/train" 2>&1
check "a 20-step training of the shipped experiment succeeds" test $? -eq 0
run=$(ls -d "$HOME"/Trainscope/runs/*/ 2>/dev/null | head -1)
check "into ~/Trainscope/runs" test -n "$run" -a -f "${run}metrics.h5"
check "with 20 steps" contains "${run}run.json" '"steps": 20'
"$root/usr/bin/trainscope-cli" runs >"$tmp/runs" 2>&1
check "runs lists it from the default folder" contains "$tmp/runs" "1 runs in $HOME/Trainscope/runs"
QT_QPA_PLATFORM=offscreen timeout 180 "$root/usr/bin/trainscope" --self-test >"$tmp/app" 2>&1
check "the app starts offscreen, loads Fashion-MNIST and finds its lessons" test $? -eq 0
cat "$tmp/app"
check "the lessons beside it" contains "$tmp/app" "in $root/usr/share/trainscope/lessons"
check "and runs in ~/Trainscope/runs" contains "$tmp/app" "runs folder: $HOME/Trainscope/runs"
report
