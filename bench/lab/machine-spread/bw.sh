#!/usr/bin/env bash
# bw.sh REPS JAVA BUFFER TEST CALLS [MPI]: per repetition, alternating, the C twin (huge pages) and P2pBench at
# --iters-scale 0.5 (ci/bench's timed windows: ~30-50 ms per size from 64 KiB) and then both at --iters-scale 4
# (8x longer), 16 KiB-4 MiB. Prints CSV lines prefixed with rep,variant (C-0.5, java-0.5, C-4, java-4), which
# aa-bw.py reads. Example: ./bw.sh 4 /usr/lib/jvm/temurin-25-jdk-amd64 direct bw blocking openmpi > d25.csv
. "$(dirname "$0")/../common.sh"
reps=$1 java=$2 buf=$3 test=$4 calls=$5 mpi=${6:-openmpi}
need_bench "$mpi"
base=(--test "$test" --calls "$calls" --min 16384 --max 4194304)
for r in $(seq "$reps"); do
  for s in 0.5 4; do
    $(c_launch "$mpi") "$root/target/bench/$mpi/p2p_bench" "${base[@]}" --iters-scale $s --buffer c-thp 2>/dev/null \
      | grep "^c," | sed "s/^/$r,C-$s,/"
    $(java_launch "$mpi" "$java") P2pBench "${base[@]}" --iters-scale $s --buffer "$buf" 2>/dev/null \
      | grep "^java," | sed "s/^/$r,java-$s,/"
  done
done
