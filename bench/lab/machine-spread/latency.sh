#!/usr/bin/env bash
# latency.sh REPS MPI [CALLS]: per repetition, alternating, the C twin and P2pBench (--test latency, 1 B-1 KiB,
# --iters-scale 0.5) with byte[] and direct buffers on JDK 17 and JDK 25, each launched as ci/bench launches it.
# Prints CSV lines prefixed with rep,variant (C, a17, d17, a25, d25), which aa-latency.py reads.
. "$(dirname "$0")/../common.sh"
reps=$1 mpi=$2 calls=${3:-blocking}
need_bench "$mpi"
args=(--test latency --calls "$calls" --min 1 --max 1024 --iters-scale 0.5)
for r in $(seq "$reps"); do
  $(c_launch "$mpi") "$root/target/bench/$mpi/p2p_bench" "${args[@]}" --buffer c-thp 2>/dev/null | grep "^c," \
    | sed "s/^/$r,C,/"
  for v in a17 d17 a25 d25; do
    java=$J17; [[ ${v:1} == 25 ]] && java=$J25
    buf=array; [[ ${v:0:1} == d ]] && buf=direct
    $(java_launch "$mpi" "$java") P2pBench "${args[@]}" --buffer $buf 2>/dev/null | grep "^java," | sed "s/^/$r,$v,/"
  done
done
