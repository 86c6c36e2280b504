#!/usr/bin/env bash
# `trainscope-cli search` as a user drives it (issue 33): wrong input refused with the
# field named; a grid search with successive halving pruning a diverging trial, its
# trials ordinary runs tagged with the search; kill -9 mid-search, then --resume, losing
# no finished trial and leaving no trial training unwatched; a second writer refused;
# a run rewound to a ring checkpoint and forked: refused without one or with a change
# of the data order, and without changes the child repeats the parent bit for bit; a
# breakpoint stops a CLI run, which then forks with its changes in the child's config.
# Usage: search_test.sh CLI SOURCE_DIR
set -uo pipefail
source "$(dirname "$0")/check.sh"
start_test "$1" "$2"
trap 'pkill -9 -f "$tmp" 2>/dev/null; [[ -n ${KEEP:-} ]] || rm -rf "$tmp"' EXIT
py=/usr/bin/python3
cfg="$src/resources/experiments/fashion_lenet.json"
small=(--set epochs=3 --set dataset.train_subset=1000 --set dataset.val_subset=200 --set threads=1)

# Wrong input: exit 2, the field named.
echo '{"optimizer.lrr": {"log_uniform": [0.001, 0.1]}}' >"$tmp/bad_field.json"
"$cli" search --config "$cfg" --space "$tmp/bad_field.json" --out "$tmp/runs" >"$tmp/bad.log" 2>&1
check "an unknown field exits 2" test $? -eq 2
check "and is named" contains "$tmp/bad.log" "space: optimizer.lrr"
echo '{"optimizer.lr": {"log_uniform": [0, 0.1]}}' >"$tmp/bad_range.json"
"$cli" search --config "$cfg" --space "$tmp/bad_range.json" --out "$tmp/runs" >"$tmp/bad.log" 2>&1
check "a log range from 0 exits 2" test $? -eq 2
check "and says why" contains "$tmp/bad.log" "must lie above 0"
"$cli" search --config "$cfg" --out "$tmp/runs" >"$tmp/bad.log" 2>&1
check "no space exits 2" test $? -eq 2
"$cli" search --config "$cfg" --space "$tmp/missing.json" --out "$tmp/runs" >"$tmp/bad.log" 2>&1
check "a missing space file exits 2" test $? -eq 2
echo '{"optimizer.lr": [0.01]}' >"$tmp/one.json"
"$cli" search --config "$cfg" --space "$tmp/one.json" --halving --set epochs=1 --out "$tmp/runs" >"$tmp/bad.log" 2>&1
check "halving without a rung below the epochs exits 2" test $? -eq 2
check "nothing was written for refused searches" test ! -e "$tmp/runs"

# A grid with halving: a good rate, then a diverging one, one at a time (no preset, so
# the first trial sets the bar at the first rung).
echo '{"optimizer.lr": [0.02, 8.0]}' >"$tmp/grid.json"
"$cli" search --config "$cfg" --space "$tmp/grid.json" --sampler grid --trials 10 --halving --no-preset \
  --out "$tmp/runs" "${small[@]}" >"$tmp/grid.log" 2>&1
check "the grid search finishes" test $? -eq 0
search=$(ls -d "$tmp"/runs/searches/*/ | head -1)
$py - "$search" "$tmp/runs" >"$tmp/grid.check" 2>&1 <<'PY'
import json, os, sys
search, runs = sys.argv[1], sys.argv[2]
r = json.load(open(os.path.join(search, "search.json")))
status = {t["index"]: t["status"] for t in r["trials"]}
assert r["state"] == "finished", r["state"]
assert len(r["trials"]) == 2, r["trials"]
assert status[0] == "finished", status
assert status[1] == "pruned" and r["trials"][1]["pruned_at"] == 1, status
assert r["summary"]["best_trial"] == 0, r["summary"]
for t in r["trials"]:
    user = json.load(open(os.path.join(t["run_dir"], "user.json")))
    assert "search:" + r["name"] in user["tags"], user
    assert os.path.dirname(t["run_dir"]) == runs, t["run_dir"]
print("ok")
PY
check "the diverging trial is pruned at the first rung, the others tagged runs" contains "$tmp/grid.check" "ok"
"$cli" runs "$tmp/runs" >"$tmp/runs.log" 2>&1
check "the trials list as runs with their search's tag" contains "$tmp/runs.log" "search:"
check "the summary names the best trial" contains "$tmp/grid.log" "best run:"

# kill -9 mid-search, then resume: no finished trial lost, the interrupted one resumed.
echo '{"optimizer.lr": {"log_uniform": [0.005, 0.05]}}' >"$tmp/space.json"
long=(--set epochs=3 --set dataset.train_subset=3000 --set dataset.val_subset=200 --set threads=1)
"$cli" search --config "$cfg" --space "$tmp/space.json" --trials 3 --out "$tmp/killed" "${long[@]}" \
  >"$tmp/killed.log" 2>&1 &
pid=$!
for _ in $(seq 1 600); do  # the preset has finished and trial 1 has a checkpoint (its first epoch's)
  grep -q "trial 1 epoch 1" "$tmp/killed.log" 2>/dev/null && break
  sleep 0.1
done
kill -9 $pid
wait $pid 2>/dev/null
killed=$(ls -d "$tmp"/killed/searches/*/ | head -1)
cp "$killed/search.json" "$tmp/before.json"
no_trial_left() { ! pgrep -f "$tmp/killed/searches" >/dev/null; }
for _ in $(seq 1 100); do no_trial_left && break; sleep 0.1; done
check "no trial trains on after the search is killed" no_trial_left
"$cli" search --resume "$killed" >"$tmp/resumed.log" 2>&1 &
resumed=$!
sleep 0.5
"$cli" search --resume "$killed" >"$tmp/second.log" 2>&1
check "a second search on the same folder is refused" test $? -ne 0
check "naming the one that writes it" contains "$tmp/second.log" "pid"
wait $resumed
check "the resumed search finishes" test $? -eq 0
$py - "$tmp/before.json" "$killed/search.json" "$tmp/killed" >"$tmp/killed.check" 2>&1 <<'PY'
import json, os, sys
before, after = (json.load(open(p))["trials"] for p in sys.argv[1:3])
runs = [d for d in os.listdir(sys.argv[3]) if d != "searches"]
done = [t for t in before if t["status"] in ("finished", "pruned", "failed")]
assert done, "no trial had finished before the kill"
for t in done:
    a = after[t["index"]]
    assert (a["status"], a["curve"], a["run_dir"]) == (t["status"], t["curve"], t["run_dir"]), (t, a)
assert all(t["status"] == "finished" for t in after), after
assert len(runs) == len(after), (runs, after)  # the interrupted trial went on in its own run
print("ok", len(done))
PY
check "every trial finished before the kill is kept, none trained twice" contains "$tmp/killed.check" "ok"
check "the interrupted trial was resumed" contains "$tmp/resumed.log" "resumed"
cat "$tmp/killed.check"

# Rewind and fork.
ring=(--set epochs=2 --set dataset.train_subset=1280 --set dataset.val_subset=128 --set threads=1
      --set training.checkpoint_every_steps=5)
"$cli" train -q --config "$cfg" --out "$tmp/fork" "${ring[@]}" >"$tmp/parent.log" 2>&1
parent=$(ls -d "$tmp"/fork/*/ | head -1)
check "the ring keeps the newest three checkpoints" test "$(ls "$parent/checkpoints/ring" | wc -l)" -eq 3
"$cli" fork "$parent" --at 3 >"$tmp/fork_bad.log" 2>&1
check "a step before the ring exits 2" test $? -eq 2
check "and lists the steps it has" contains "$tmp/fork_bad.log" "its ring has steps 30, 35, 40"
"$cli" fork "$parent" --at 36 --set loader.batch_size=32 >"$tmp/fork_bad.log" 2>&1
check "a change of the data order exits 2" test $? -eq 2
check "naming the field" contains "$tmp/fork_bad.log" "loader.batch_size"
check "refused forks leave no folder" test "$(ls "$tmp/fork" | wc -l)" -eq 1
"$cli" fork "$parent" --at 36 --set epochs=2 -q >"$tmp/fork.log" 2>&1
check "a fork trains" test $? -eq 0
child=$(ls -d "$tmp"/fork/*fork*/ | head -1)
$py - "$parent" "$child" >"$tmp/fork.check" 2>&1 <<'PY'
import json, sys, h5py
parent, child = sys.argv[1:3]
run = json.load(open(child + "/run.json"))
assert run["parent"]["step"] == 35 and run["parent"]["id"] in parent, run["parent"]
def losses(d):
    with h5py.File(d + "/metrics.h5", "r") as f:
        return list(f["steps/step"][:]), list(f["steps/loss"][:])
ps, pl = losses(parent)
cs, cl = losses(child)
assert cs == ps, (cs[:5], ps[:5])  # every step once, the trunk and its own
assert cl == pl, [(s, a, b) for s, a, b in zip(cs, cl, pl) if a != b][:3]  # unchanged: bit for bit
print("ok")
PY
check "an unchanged fork repeats the parent after the fork step, bit for bit" contains "$tmp/fork.check" "ok"
"$cli" runs "$tmp/fork" >"$tmp/fork_runs.log" 2>&1
check "the child lists as the parent's fork" contains "$tmp/fork_runs.log" "fork@35"
cat "$tmp/fork.check"

# A breakpoint pauses the run; the CLI stops it and says how to fork it, which applies
# the changes to the child's config.
"$cli" train --config "$cfg" --out "$tmp/break" "${ring[@]}" --set training.breakpoints.dead_share=0.01 \
  >"$tmp/break.log" 2>&1
check "a run stopped at a breakpoint exits 130" test $? -eq 130
check "the CLI says why and how to fork it" contains "$tmp/break.log" "a breakpoint paused the run at step"
check "the log names the layer" contains "$tmp/break.log" "outputs are zero at step"
hit=$(ls -d "$tmp"/break/*/ | head -1)
$py - "$hit" >"$tmp/break.check" 2>&1 <<'PY'
import json, sys
run = json.load(open(sys.argv[1] + "/run.json"))
b = run["breakpoints"][0]
assert b["kind"] == "dead_share" and b["value"] >= 0.01 and b["layer"], b
assert run["status"] == "stopped", run["status"]
print("ok", b["step"])
PY
check "run.json records the hit" contains "$tmp/break.check" "ok"
at=$(grep -o -- '--at [0-9]*' "$tmp/break.log" | head -1 | cut -d' ' -f2)
check "the command it prints rewinds to before the hit" test "$at" -eq "$(($(tail -1 "$tmp/break.check" | cut -d' ' -f2) - 1))"
"$cli" fork "$hit" --at "$at" --set optimizer.lr=0.005 --set training.breakpoints.dead_share=0 -q \
  >"$tmp/break_fork.log" 2>&1
check "the stopped run forks as printed" test $? -eq 0
forked=$(ls -d "$tmp"/break/*fork*/ | head -1)
$py - "$forked" "$at" >"$tmp/forked.check" 2>&1 <<'PY'
import json, sys
run = json.load(open(sys.argv[1] + "/run.json"))
c = run["config"]
assert (c["optimizer"]["lr"], c["training"]["breakpoints"]["dead_share"]) == (0.005, 0.0), c
assert run["parent"]["step"] == int(sys.argv[2]), run["parent"]  # the ring kept the checkpoint before the hit
assert not [b for b in run.get("breakpoints", []) if b["step"] > int(sys.argv[2])], run["breakpoints"]
assert run["status"] == "finished", run["status"]
print("ok")
PY
check "the child has the changes, the step before the hit, none of the parent's later hits" \
  contains "$tmp/forked.check" "ok"
report
