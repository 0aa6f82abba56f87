#!/usr/bin/env bash
# cpages.sh MPI REPS: the C twin alone, windowed non-blocking bandwidth 16 KiB-4 MiB, on 2 MiB-aligned buffers
# advised for transparent huge pages (c) against malloc'd ones on 4 KiB pages (c-malloc), alternating. Prints CSV
# lines prefixed with mpi,rep,variant (table.py FILE c-malloc).
. "$(dirname "$0")/../common.sh"
mpi=$1 reps=$2
need_bench "$mpi"
for r in $(seq "$reps"); do
  for b in c-thp c; do
    v=c; [[ $b == c ]] && v=c-malloc
    $(c_launch "$mpi") "$root/target/bench/$mpi/p2p_bench" --test bw --calls nonblocking --min 16384 --max 4194304 \
      --iters-scale 0.5 --buffer $b | grep -v "^impl" | sed "s/^/$mpi,$r,$v,/"
  done
done
