#!/usr/bin/env bash
# recv-share.sh FLAVOUR REPS [VARIANTS]: windowed non-blocking bw of byte[] (P2pBench --test bw --calls nonblocking),
# alternating: C twin (c-thp), JDK 17 before (390e60b, /work/base15: pending sends share staging), JDK 17 after
# (/work/main: receives share too, Waitall copies back once, sharing from 4 KiB), JDK 25 G1 after (pinned, for
# reference), MPJ Express 0.44 multicore (same P2pBench source). SCALE: --iters-scale (0.5).
set -u
fl=$1 reps=$2 vs=${3:-c before after mc}
if [ $fl = openmpi ]; then mr=(mpirun.openmpi --allow-run-as-root -np 2 --bind-to core); lo=(--bind-to core); else mr=(mpirun.mpich -np 2 -bind-to core); lo=(-bind-to core); fi
args=(--test bw --calls nonblocking --min ${MIN:-4096} --max 4194304 --iters-scale ${SCALE:-0.5})
for r in $(seq $reps); do
  for v in $vs; do
    case $v in
      c) "${mr[@]}" /work/main/target/bench/$fl/p2p_bench "${args[@]}" --buffer c-thp ;;
      before) /work/base15/bin/mpjrun --mpi $fl -np 2 -cp /tmp/lab/classes "${lo[@]}" -- P2pBench "${args[@]}" --buffer array ;;
      after) /work/main/bin/mpjrun --mpi $fl -np 2 -cp /tmp/lab/classes "${lo[@]}" -- P2pBench "${args[@]}" --buffer array ;;
      # thp: a lab build in /work/thr4 (see ../README.md): the huge-page trial, then slabs from 64 KiB only
      thp) /work/thr4/bin/mpjrun --mpi $fl -np 2 -cp /tmp/lab/classes "${lo[@]}" -- P2pBench "${args[@]}" --buffer array ;;
      j25) /work/main/bin/mpjrun --mpi $fl -np 2 --java /usr/lib/jvm/temurin-25-jdk-amd64 -J-XX:+UseG1GC -cp /tmp/lab/classes "${lo[@]}" -- P2pBench "${args[@]}" --buffer array ;;
      mc) cd /work/main && timeout 600 bench/tools/mpje-run --home target/bench/mpje-home --dev multicore -cp target/bench/mpje-classes -np 2 P2pBench "${args[@]}" --buffer array --impl mpje-multicore ;;
    esac 2>&1 | grep -v "^impl\|^#" | sed "s/^/$fl,$r,$v,/"
  done
done
