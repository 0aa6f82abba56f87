# Simulated hosts for ci/test-multihost and ci/multihost/bench: sourced, not run. Each host is a network namespace
# (ip netns) with one veth link, "mh0", to a bridge in a switch namespace of its own, on a private /24; a holder
# process per host (`sleep infinity` under unshare) owns the host's UTS namespace (its own host name), IPC namespace
# and mount namespace (its own /dev/shm, a tmpfs, and boot id, so that no shared memory can be shared with another
# host; an /etc/hosts naming every simulated host). ci/multihost/agent runs commands inside a host through it.
# Nothing is created in the machine's own network namespace and the hosts have no route but their /24, so no
# packet can leave them. Needs root, iproute2 (ip) and util-linux (unshare, nsenter).
#
#   mh_setup NAME N   hosts NAME-a, NAME-b, ... (N of them, 2..9) on 10.213.X.0/24, X chosen so that no address
#                     or route of the machine's own namespace is in it; sets MH_HOSTS (the names), MH_SUBNET,
#                     MH_IFACE and exports NATMPJ_MH_DIR (the state directory the agent reads)
#   mh_teardown       kills every process of the hosts, removes the namespaces and the state directory (for a
#                     trap: safe to call twice or after a partial setup)
#   mh_exec HOST CMD  runs CMD inside HOST (through the agent, as a launcher would)
#   mh_kill_host HOST SIGKILLs every process in HOST's network namespace, its holder included: the host is gone
#   mh_iface_bytes HOST   rx+tx bytes counted so far on HOST's mh0

MH_AGENT=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/agent
MH_IFACE=mh0
MH_HOSTS=()
MH_SWITCH=
MH_SUBNET=

mh_setup() {
  local name=$1 n=$2 x i host letters=abcdefghi
  ((n >= 2 && n <= 9)) || { echo "mh_setup: 2 to 9 hosts, not $n" >&2; return 2; }
  NATMPJ_MH_DIR=$(mktemp -d "/tmp/$name.XXXXXX")
  export NATMPJ_MH_DIR
  MH_SWITCH=$name-sw
  # A /24 that the machine does not use: then even a mistake in routing could not reach a real network.
  for x in $(seq 1 254); do
    if ! grep -q "inet 10\.213\.$x\." <<<"$(ip -4 addr show)" &&
      ! grep -q "10\.213\.$x\." <<<"$(ip -4 route show table all)"
    then
      MH_SUBNET=10.213.$x.0/24
      break
    fi
  done
  [[ -n $MH_SUBNET ]] || { echo "mh_setup: no free /24 in 10.213.0.0/16" >&2; return 1; }
  ip netns add "$MH_SWITCH"
  ip -n "$MH_SWITCH" link add br0 type bridge
  ip -n "$MH_SWITCH" link set br0 up
  printf '127.0.0.1 localhost\n' >"$NATMPJ_MH_DIR/hosts"
  for ((i = 0; i < n; i++)); do
    host=$name-${letters:i:1}
    MH_HOSTS+=("$host")
    printf '10.213.%s.%d %s\n' "$x" $((i + 1)) "$host" >>"$NATMPJ_MH_DIR/hosts"
  done
  for ((i = 0; i < n; i++)); do
    host=${MH_HOSTS[i]}
    ip netns add "$host"
    # Both ends are created inside the namespaces: no interface ever appears in the machine's own namespace.
    ip link add "$MH_IFACE" netns "$host" type veth peer name "port-${letters:i:1}" netns "$MH_SWITCH"
    ip -n "$MH_SWITCH" link set "port-${letters:i:1}" master br0 up
    ip -n "$host" addr add "10.213.$x.$((i + 1))/24" dev "$MH_IFACE"
    ip -n "$host" link set "$MH_IFACE" up
    ip -n "$host" link set lo up
    # The holder: own host name, IPC namespace (System V shared memory), /dev/shm, the simulated hosts'
    # /etc/hosts, and a boot id of its own: UCX tells machines apart by /proc/sys/kernel/random/boot_id, and with
    # the machine's one MPICH's UCX took the hosts for one machine and moved the bytes through System V shared
    # memory and CMA (process_vm_readv), not over the link. Ready once it has written its pid.
    ip netns exec "$host" unshare --uts --ipc --mount --propagation private -- /bin/sh -c '
      hostname "$1" && mount -t tmpfs -o mode=1777,size=512m tmpfs /dev/shm && mount --bind "$2" /etc/hosts &&
      cat /proc/sys/kernel/random/uuid >"$3.boot_id" && mount --bind "$3.boot_id" /proc/sys/kernel/random/boot_id &&
      echo $$ >"$3.tmp" && mv "$3.tmp" "$3.pid" && exec sleep infinity' \
      holder "$host" "$NATMPJ_MH_DIR/hosts" "$NATMPJ_MH_DIR/$host" </dev/null >/dev/null 2>&1 &
    disown  # its death (mh_kill_host, mh_teardown) is expected: no "Killed" line from the shell
  done
  for host in "${MH_HOSTS[@]}"; do
    for i in $(seq 100); do
      [[ -s $NATMPJ_MH_DIR/$host.pid ]] && break
      sleep 0.05
    done
    [[ -s $NATMPJ_MH_DIR/$host.pid ]] || { echo "mh_setup: the holder of $host did not start" >&2; return 1; }
  done
}

mh_exec() {
  "$MH_AGENT" "$@"
}

mh_kill_host() {
  local pids
  pids=$(ip netns pids "$1" 2>/dev/null || true)
  [[ -z $pids ]] || kill -KILL $pids 2>/dev/null || true
}

mh_iface_bytes() {
  local rx tx
  rx=$(ip netns exec "$1" cat "/sys/class/net/$MH_IFACE/statistics/rx_bytes")
  tx=$(ip netns exec "$1" cat "/sys/class/net/$MH_IFACE/statistics/tx_bytes")
  echo $((rx + tx))
}

mh_teardown() {
  local ns i
  for ns in "${MH_HOSTS[@]}" ${MH_SWITCH:+"$MH_SWITCH"}; do
    # Kill until none is left: a launcher may start processes while the first ones die.
    for i in 1 2 3 4 5; do
      [[ -n $(ip netns pids "$ns" 2>/dev/null) ]] || break
      mh_kill_host "$ns"
      sleep 0.2
    done
    ip netns del "$ns" 2>/dev/null || true
  done
  # Open MPI's session directories of the hosts whose daemons were killed before they could remove them.
  for ns in "${MH_HOSTS[@]}"; do rm -rf "/tmp/ompi.$ns."*; done
  [[ -z ${NATMPJ_MH_DIR:-} ]] || rm -rf "$NATMPJ_MH_DIR"
  MH_HOSTS=() MH_SWITCH=
}
