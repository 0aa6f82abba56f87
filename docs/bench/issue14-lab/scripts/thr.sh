#!/usr/bin/env bash
# thr.sh FLAVOUR REPS: steady-state windowed bw of byte[] at 1-32 KiB (--iters-scale 8), JDK 17: the sharing
# threshold at 16 KiB (/work/main) against 4 KiB (/work/thr4), with C and MPJ Express multicore.
set -u
fl=$1 reps=$2
if [ $fl = openmpi ]; then mr=(mpirun.openmpi --allow-run-as-root -np 2 --bind-to core); lo=(--bind-to core); else mr=(mpirun.mpich -np 2 -bind-to core); lo=(-bind-to core); fi
args=(--test bw --calls nonblocking --min 1024 --max 32768 --iters-scale ${SCALE:-8})
for r in $(seq $reps); do
  for v in c t16 t4 mc; do
    case $v in
      c) "${mr[@]}" /work/main/target/bench/$fl/p2p_bench "${args[@]}" --buffer c-thp ;;
      t16) /work/main/bin/mpjrun --mpi $fl -np 2 -cp /tmp/lab/classes "${lo[@]}" -- P2pBench "${args[@]}" --buffer array ;;
      t4) /work/thr4/bin/mpjrun --mpi $fl -np 2 -cp /tmp/lab/classes "${lo[@]}" -- P2pBench "${args[@]}" --buffer array ;;
      mc) cd /work/main && timeout 600 bench/tools/mpje-run --home target/bench/mpje-home --dev multicore -cp target/bench/mpje-classes -np 2 P2pBench "${args[@]}" --buffer array --impl mpje-multicore ;;
    esac 2>&1 | grep -v "^impl\|^#" | sed "s/^/$fl,$r,$v,/"
  done
done
