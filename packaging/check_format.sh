#!/usr/bin/env bash
# Fails when a C++ file of the project differs from .clang-format's layout, and says
# how to fix it. Run by ctest (the `format` test) when clang-format is installed.
#   packaging/check_format.sh [CLANG_FORMAT]
set -euo pipefail
cd "$(dirname "$0")/.."
tool=${1:-clang-format}
mapfile -t files < <(git ls-files -co --exclude-standard -- 'src/*.cpp' 'src/*.h' 'tests/*.cpp' 'tests/*.h' \
  'bench/*.cpp' 'bench/*.h' 'cmake/*.h' 2>/dev/null || find src tests bench cmake -name '*.cpp' -o -name '*.h')
bad=()
for f in "${files[@]}"; do
  [[ -f $f ]] || continue
  "$tool" --dry-run --Werror "$f" >/dev/null 2>&1 || bad+=("$f")
done
if ((${#bad[@]})); then
  echo "format: ${#bad[@]} file(s) differ from .clang-format ($("$tool" --version | head -1)):"
  printf '  %s\n' "${bad[@]}"
  echo "fix: $tool -i ${bad[*]}"
  exit 1
fi
echo "format: ${#files[@]} files follow .clang-format"
