#!/usr/bin/env bash
# run.sh [REPS]: what one request costs natmpj against C, in one rank (no peer's timing): ReqCost.java (Irecv and
# Isend of 1 byte on COMM_SELF, then both Waits, 500,000 times a round; byte[] and direct buffers) and its C twin
# reqcost.c, alternating, on Open MPI, JDK 17 and JDK 25, through bin/mpjrun bound to a core. Prints ns per
# Irecv + Isend + 2 Waits for each of the last 6 of 12 rounds.
. "$(dirname "$0")/../common.sh"
reps=${1:-3}
here=$(cd "$(dirname "$0")" && pwd) work=$root/target/lab/request-cost
mkdir -p "$work"
mpicc.openmpi -O2 -o "$work/reqcost" "$here/reqcost.c"
"$root/bin/mpjavac" -d "$work" "$here/ReqCost.java"
for r in $(seq "$reps"); do
  echo "rep $r"
  mpirun.openmpi --allow-run-as-root -np 1 --bind-to core "$work/reqcost" | tail -1
  for java in "$J17" "$J25"; do
    for buf in array direct; do
      echo "$(basename "$java") $("$root/bin/mpjrun" --mpi openmpi -np 1 --java "$java" -cp "$work" --bind-to core \
        -- ReqCost $buf | tail -1)"
    done
  done
done
