#!/usr/bin/env bash
# settle.sh REPS JAVA BUFFER TEST CALLS [MPI]: alternating, the C twin (huge pages), P2pBench timing each size right
# after its warm-up (--settle 0) and P2pBench waiting for a quiet JIT first (its default, --settle 10), 16 KiB-4 MiB,
# --iters-scale 0.5. Prints CSV lines prefixed with rep,variant (C, nosettle, settle); ratio.py reads them.
. "$(dirname "$0")/../common.sh"
reps=$1 java=$2 buf=$3 test=$4 calls=$5 mpi=${6:-openmpi}
need_bench "$mpi"
args=(--test "$test" --calls "$calls" --min 16384 --max 4194304 --iters-scale 0.5)
for r in $(seq "$reps"); do
  $(c_launch "$mpi") "$root/target/bench/$mpi/p2p_bench" "${args[@]}" --buffer c-thp 2>/dev/null | grep "^c," \
    | sed "s/^/$r,C,/"
  for v in nosettle settle; do
    s=10; [[ $v == nosettle ]] && s=0
    $(java_launch "$mpi" "$java") P2pBench "${args[@]}" --settle $s --buffer "$buf" 2>/dev/null | grep "^java," \
      | sed "s/^/$r,$v,/"
  done
done
