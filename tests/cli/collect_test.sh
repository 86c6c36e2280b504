#!/usr/bin/env bash
# A class's runs collected in one step (trainscope-cli collect): run folders and bundles
# under students' folders copied into the runs folder, tagged, ranked by validation
# accuracy with each run's settings against the teacher's; collecting again adds
# nothing; damaged hand-ins are skipped with the reason.
# Usage: collect_test.sh CLI SOURCE_DIR
set -uo pipefail
source "$(dirname "$0")/check.sh"
start_test "$@"
py=/usr/bin/python3

train() {  # train STUDENT LR: a tiny run in $tmp/class/STUDENT
  "$cli" train --config fashion_lenet --out "$tmp/class/$1" --set epochs=1 --set dataset.train_subset=600 \
    --set dataset.val_subset=200 --set probes.enabled=false --set optimizer.lr="$2" --quiet >/dev/null 2>&1
}
train alice 0.001
train bob 0.003
train teacher 0.002
teacher=$(ls -d "$tmp/class/teacher"/*/)
mv "$teacher" "$tmp/teacher-run" && rmdir "$tmp/class/teacher"
mkdir -p "$tmp/class/carol"
"$cli" bundle "$(ls -d "$tmp/class/bob"/*/)" --out "$tmp/class/carol/hand-in.bundle.tar" >/dev/null 2>&1
check "a bundle to hand in" test -s "$tmp/class/carol/hand-in.bundle.tar"
mkdir -p "$tmp/class/dave/run" && echo "{broken" >"$tmp/class/dave/run/run.json"

"$cli" collect "$tmp/class" --into "$tmp/runs" --teacher "$tmp/teacher-run" --json >"$tmp/collect.json" 2>"$tmp/collect.err"
check "collect runs" test $? -eq 0
"$py" - "$tmp/collect.json" <<'PY' >"$tmp/checked.txt" 2>&1
import json, sys
c = json.load(open(sys.argv[1]))
outcomes = sorted(r["outcome"] for r in c["runs"])
print("outcomes", outcomes)
board = c["leaderboard"]
print("ranked", len(board))
accuracies = [r["best_val_accuracy"] for r in board]
print("sorted", accuracies == sorted(accuracies, reverse=True))
print("students", sorted(r["student"] for r in board))
alice = [r for r in board if r["student"] == "alice"][0]
print("alice lr", alice["differences"].get("optimizer.lr"))
print("tag", c["tag"], "against", c["against"])
print("skipped", [r["reason"][:8] for r in c["runs"] if r["outcome"] == "skipped"])
PY
check "three runs collected, one damaged skipped" contains "$tmp/checked.txt" "outcomes ['collected', 'collected', 'collected', 'skipped']"
check "ranked best first" contains "$tmp/checked.txt" "sorted True"
check "by student" contains "$tmp/checked.txt" "students ['alice', 'bob', 'carol']"
check "settings against the teacher's" contains "$tmp/checked.txt" "alice lr 0.001"
check "tagged with the collection's name" contains "$tmp/checked.txt" "tag class against the teacher's run"
check "the damaged one says why" contains "$tmp/checked.txt" "skipped ['damaged:']"
check "the runs are in the runs folder" test "$(ls "$tmp/runs" | wc -l)" -eq 3
check "no staging folder left" test ! -e "$tmp/runs/.collecting"
"$cli" runs "$tmp/runs" >"$tmp/runs.txt" 2>&1
check "the tag shows in the runs list" contains "$tmp/runs.txt" "class"

"$cli" collect "$tmp/class" --into "$tmp/runs" >"$tmp/again.txt" 2>&1
check "collecting again adds nothing" contains "$tmp/again.txt" "0 run(s) collected, 3 already there, 1 skipped"
check "and prints the leaderboard" contains "$tmp/again.txt" "rank"

"$cli" collect "$tmp/nowhere" --into "$tmp/runs" >/dev/null 2>&1
check "a missing folder: exit 2" test $? -eq 2
report
