#!/usr/bin/env bash
# cpages.sh FLAVOUR REPS: the C twin's windowed non-blocking bw, 16 KiB .. 4 MiB, on malloc'd buffers (4 KiB pages,
# --buffer c) against 2 MiB-aligned ones advised for transparent huge pages (--buffer c-thp), alternating.
set -u
fl=$1 reps=$2
if [ $fl = openmpi ]; then mr=(mpirun.openmpi --allow-run-as-root -np 2 --bind-to core); else mr=(mpirun.mpich -np 2 -bind-to core); fi
for r in $(seq $reps); do for b in c-thp c; do
  "${mr[@]}" /work/main/target/bench/$fl/p2p_bench --test bw --calls nonblocking --min 16384 --max 4194304 --iters-scale 0.5 --buffer $b | grep -v "^impl" | sed "s/^/$fl,$r,$b,/"
done; done
