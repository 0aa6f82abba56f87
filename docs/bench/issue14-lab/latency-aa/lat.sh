#!/usr/bin/env bash
# lat.sh REPS MPI [CALLS]: per repetition, alternating, the C twin and P2pBench (--test latency, 1 B-1 KiB, the
# report's --iters-scale 0.5) with byte[] and with direct buffers on JDK 17 and on JDK 25, each launched as
# ci/bench launches it (2 ranks bound to cores; Java through bin/mpjrun), classes and C twins from target/bench.
# Prints CSV lines prefixed with rep,variant (C, a17, d17, a25, d25).
reps=$1 mpi=$2 calls=${3:-blocking}
J17=/usr/lib/jvm/java-17-openjdk-amd64 J25=/usr/lib/jvm/temurin-25-jdk-amd64
if [ "$mpi" = openmpi ]; then run=(mpirun.openmpi --allow-run-as-root -np 2 --bind-to core); else run=(mpirun.mpich -np 2 -bind-to core); fi
args=(--test latency --calls $calls --min 1 --max 1024 --iters-scale 0.5)
for r in $(seq $reps); do
  "${run[@]}" /work/main/target/bench/$mpi/p2p_bench "${args[@]}" --buffer c-thp 2>/dev/null | grep "^c," | sed "s/^/$r,C,/"
  for v in a17 d17 a25 d25; do
    java=$J17; [ ${v:1} = 25 ] && java=$J25
    buf=array; [ ${v:0:1} = d ] && buf=direct
    /work/main/bin/mpjrun --mpi $mpi -np 2 --java $java -cp /work/main/target/bench/classes --bind-to core -- \
      P2pBench "${args[@]}" --buffer $buf 2>/dev/null | grep "^java," | sed "s/^/$r,$v,/"
  done
done
