#!/usr/bin/env bash
# Two "hosts" on one machine: two network namespaces joined by a veth pair, each with
# its own /etc/hosts, as on two Debian machines (the master's name resolves to 127.0.1.1
# on itself, to its address on the other). Runs a two-rank training with only the
# documented variables (MASTER_ADDR=node0, no GLOO_SOCKET_IFNAME) and checks that both
# ranks finish and listen on the veth addresses. Needs root and `ip netns`; not part of
# ctest (it changes the machine's network namespaces), run by hand:
#   sudo tests/cli/two_hosts.sh build/release/src/cli/trainscope-cli .
set -uo pipefail
cli=$(realpath "$1")
src=$(realpath "$2")
tmp=$(mktemp -d)
cleanup() {
  ip netns del tsA 2>/dev/null
  ip netns del tsB 2>/dev/null
  rm -rf /etc/netns/tsA /etc/netns/tsB "$tmp"
}
trap cleanup EXIT
ip netns add tsA && ip netns add tsB && ip link add vA type veth peer name vB || {
  echo "two_hosts: skipped (needs root and network namespaces)"
  exit 0
}
ip link set vA netns tsA && ip link set vB netns tsB
ip -n tsA addr add 10.9.0.1/24 dev vA && ip -n tsB addr add 10.9.0.2/24 dev vB
for ns in tsA tsB; do ip -n $ns link set lo up; done
ip -n tsA link set vA up && ip -n tsB link set vB up
mkdir -p /etc/netns/tsA /etc/netns/tsB
printf '127.0.0.1 localhost\n127.0.1.1 node0\n' >/etc/netns/tsA/hosts
printf '127.0.0.1 localhost\n10.9.0.1 node0\n' >/etc/netns/tsB/hosts
for r in 0 1; do
  ns=$([ $r = 0 ] && echo tsA || echo tsB)
  ip netns exec $ns env MASTER_ADDR=node0 MASTER_PORT=29650 RANK=$r WORLD_SIZE=2 LOCAL_RANK=0 \
    timeout 120 "$cli" train -q --config "$src/resources/experiments/fashion_lenet.json" --out "$tmp/runs" \
    --set epochs=1 --set dataset.train_subset=640 --set dataset.val_subset=128 \
    --set distributed.timeout_seconds=30 >"$tmp/rank$r.log" 2>&1 &
  eval "pid$r=\$!"
done
failed=0
wait "$pid0" || { echo "FAIL: rank 0"; cat "$tmp/rank0.log"; failed=1; }
wait "$pid1" || { echo "FAIL: rank 1"; cat "$tmp/rank1.log"; failed=1; }
grep -h "listens on" "$tmp"/runs/*/log*.txt
grep -q "rank 0 listens on 10.9.0.1" "$tmp"/runs/*/log.txt || { echo "FAIL: rank 0 is not on its network address"; failed=1; }
[[ $failed == 0 ]] && echo "two_hosts: both ranks finished"
exit $failed
