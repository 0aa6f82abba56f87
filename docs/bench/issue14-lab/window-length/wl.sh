#!/usr/bin/env bash
# wl.sh REPS JAVA BUFFER TEST CALLS [MPI]: per repetition, alternating, the C twin (huge pages) and P2pBench at
# --iters-scale 0.5 (the report's timed windows: ~30-50 ms per size from 64 KiB) and then both at --iters-scale 4
# (8x longer windows), 16 KiB-4 MiB; classes and C twins as ci/bench builds them (target/bench). Prints CSV lines
# prefixed with rep,variant (C-0.5, java-0.5, C-4, java-4).
reps=$1 java=$2 buf=$3 test=$4 calls=$5 mpi=${6:-openmpi}
if [ "$mpi" = openmpi ]; then run=(mpirun.openmpi --allow-run-as-root -np 2 --bind-to core); else run=(mpirun.mpich -np 2 -bind-to core); fi
base=(--test $test --calls $calls --min 16384 --max 4194304)
for r in $(seq $reps); do
  for s in 0.5 4; do
    "${run[@]}" /work/main/target/bench/$mpi/p2p_bench "${base[@]}" --iters-scale $s --buffer c-thp 2>/dev/null \
      | grep "^c," | sed "s/^/$r,C-$s,/"
    /work/main/bin/mpjrun --mpi $mpi -np 2 --java $java -cp /work/main/target/bench/classes --bind-to core -- \
      P2pBench "${base[@]}" --iters-scale $s --buffer $buf 2>/dev/null | grep "^java," | sed "s/^/$r,java-$s,/"
  done
done
