#!/usr/bin/env bash
# alternating: C offset 0, C offset 16, Java arrays JDK17, Java direct JDK17; blocking latency 256..1024 B, Open MPI
set -u
cd /work/main
mr=(mpirun.openmpi --allow-run-as-root -np 2 --bind-to core)
args=(--test latency --calls blocking --min 128 --max 2048 --iters-scale ${SCALE:-1})
for r in $(seq ${REPS:-3}); do
  for off in 0 16 48; do "${mr[@]}" -x BENCH_OFFSET=$off /tmp/lab/p2p_off_openmpi "${args[@]}" --buffer c-thp 2>&1 | grep "^c," | sed "s/^/$r,off$off,/"; done
  for b in array direct; do bin/mpjrun --mpi openmpi -np 2 -cp /tmp/lab/classes --bind-to core -- P2pBench "${args[@]}" --buffer $b 2>&1 | grep -v "^impl\|^#" | sed "s/^/$r,j17-$b,/"; done
done
