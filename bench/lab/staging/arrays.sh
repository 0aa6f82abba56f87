#!/usr/bin/env bash
# arrays.sh MPI REPS [VARIANTS]: windowed non-blocking bandwidth of byte[] (P2pBench --test bw --calls nonblocking,
# 4 KiB-4 MiB, --iters-scale 0.5), alternating: the C twin (c), JDK 17 (j17: Serial on a one-core rank, so natmpj
# stages each request's array), JDK 25 with G1 (j25: the array pinned for the request, zero-copy), MPJ Express
# 0.44's multicore device on the same benchmark source (mc; needs the ci/bench peers suite's target/bench/mpje-*).
# Prints CSV lines prefixed with mpi,rep,variant, which table.py reads.
. "$(dirname "$0")/../common.sh"
mpi=$1 reps=$2 variants=${3:-c j17 j25 mc}
need_bench "$mpi"
args=(--test bw --calls nonblocking --min 4096 --max 4194304 --iters-scale 0.5)
for r in $(seq "$reps"); do
  for v in $variants; do
    case $v in
      c) $(c_launch "$mpi") "$root/target/bench/$mpi/p2p_bench" "${args[@]}" --buffer c-thp ;;
      j17) $(java_launch "$mpi" "$J17") P2pBench "${args[@]}" --buffer array ;;
      j25) $(java_launch "$mpi" "$J25") P2pBench "${args[@]}" --buffer array ;;
      mc) (cd "$root" && timeout 600 bench/tools/mpje-run --home target/bench/mpje-home --dev multicore \
            -cp target/bench/mpje-classes -np 2 P2pBench "${args[@]}" --buffer array --impl mpje-multicore) ;;
    esac 2>&1 | grep -v "^impl\|^#" | sed "s/^/$mpi,$r,$v,/"
  done
done
