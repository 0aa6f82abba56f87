#!/usr/bin/env bash
# share.sh FLAVOUR REPS: windowed non-blocking bw of byte[] (P2pBench --test bw --calls nonblocking), alternating:
# C twin (c-thp), JDK 17 before (bd1f26f, /work/base14), JDK 17 after (/work/main), JDK 25 G1 after (pinned).
set -u
fl=$1 reps=$2
J25=/usr/lib/jvm/temurin-25-jdk-amd64
if [ $fl = openmpi ]; then mr=(mpirun.openmpi --allow-run-as-root -np 2 --bind-to core); lo=(--bind-to core); else mr=(mpirun.mpich -np 2 -bind-to core); lo=(-bind-to core); fi
args=(--test bw --calls nonblocking --min 16384 --max 4194304 --iters-scale ${SCALE:-0.5})
for r in $(seq $reps); do
  for v in c before after j25; do
    case $v in
      c) "${mr[@]}" /work/main/target/bench/$fl/p2p_bench "${args[@]}" --buffer c-thp ;;
      before) /work/base14/bin/mpjrun --mpi $fl -np 2 -cp /tmp/lab/classes "${lo[@]}" -- P2pBench "${args[@]}" --buffer array ;;
      after) /work/main/bin/mpjrun --mpi $fl -np 2 -cp /tmp/lab/classes "${lo[@]}" -- P2pBench "${args[@]}" --buffer array ;;
      j25) /work/main/bin/mpjrun --mpi $fl -np 2 --java $J25 -J-XX:+UseG1GC -cp /tmp/lab/classes "${lo[@]}" -- P2pBench "${args[@]}" --buffer array ;;
    esac 2>&1 | grep -v "^impl\|^#" | sed "s/^/$fl,$r,$v,/"
  done
done
