#!/usr/bin/env bash
# From docs/bench/issue14-lab/settle: "classes" = bench classes compiled at c0ce641 (no Settle), "classes2" = with
# Settle (9d61412); javac -d /tmp/lab4/classesN -cp target/natmpj-0.1.0.jar bench/java/*.java
# ab.sh REPS JAVA BUFFER TEST CALLS [MPI]: alternating C twin, P2pBench before (classes) and with Settle (classes2)
reps=$1 java=$2 buf=$3 test=$4 calls=$5 mpi=${6:-openmpi}
if [ "$mpi" = openmpi ]; then run=(mpirun.openmpi --allow-run-as-root -np 2 --bind-to core); else run=(mpirun.mpich -np 2 -bind-to core); fi
args=(--test $test --calls $calls --min 16384 --max 4194304 --iters-scale 0.5)
for r in $(seq $reps); do
  "${run[@]}" /work/main/target/bench/$mpi/p2p_bench "${args[@]}" --buffer c-thp 2>/dev/null | grep "^c," | sed "s/^/$r,C,/"
  for c in classes classes2; do
    /work/main/bin/mpjrun --mpi $mpi -np 2 --java $java -cp /tmp/lab4/$c --bind-to core -- P2pBench "${args[@]}" --buffer $buf 2>/dev/null | grep "^java," | sed "s/^/$r,$c,/"
  done
done
