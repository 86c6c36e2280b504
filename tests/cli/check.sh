# The CLI test scripts' assertions, sourced by cli_test.sh and crash_test.sh:
# `check NAME COMMAND...` counts COMMAND's success, says FAIL: NAME otherwise;
# `contains FILE TEXT`, `lacks FILE TEXT`; `report` prints "N passed, N failed" and fails if any did;
# `start_test CLI SOURCE_DIR` sets $cli, $src and a $tmp folder removed at exit.
passed=0
failed=0

check() {  # check NAME CONDITION...
  local name=$1
  shift
  if "$@"; then
    passed=$((passed + 1))
  else
    failed=$((failed + 1))
    echo "FAIL: $name"
  fi
}

contains() { grep -qF -- "$2" "$1"; }
lacks() { ! grep -qF -- "$2" "$1"; }
not_grep() { ! grep -q "$@"; }

report() {
  echo "$passed passed, $failed failed"
  test $failed -eq 0
}

start_test() {  # start_test CLI SOURCE_DIR
  cli=$1
  src=$2
  tmp=$(mktemp -d)
  trap 'rm -rf "$tmp"' EXIT
}
