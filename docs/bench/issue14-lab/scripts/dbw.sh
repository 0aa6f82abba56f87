#!/usr/bin/env bash
# dbw.sh FLAVOUR REPS TEST CALLS BUFFER MIN MAX [variant...]: alternating runs, CSV lines to stdout
set -u
cd /work/main
fl=$1 reps=$2 test=$3 calls=$4 buf=$5 min=$6 max=$7; shift 7
J25=/usr/lib/jvm/temurin-25-jdk-amd64
if [ $fl = openmpi ]; then mr=(mpirun.openmpi --allow-run-as-root -np 2 --bind-to core); lo=(--bind-to core); else mr=(mpirun.mpich -np 2 -bind-to core); lo=(-bind-to core); fi
args=(--test $test --calls $calls --min $min --max $max --iters-scale ${SCALE:-0.5})
for r in $(seq $reps); do
  for v in "$@"; do
    case $v in
      c) "${mr[@]}" target/bench/$fl/p2p_bench "${args[@]}" --buffer c-thp ;;
      j17*|j25*) jdk=java; [[ $v == j25* ]] && jdk=$J25
         extra=(); case $v in *serial) extra=(-J-XX:+UseSerialGC);; *g1) extra=(-J-XX:+UseG1GC);; *pre) extra=(-J-XX:+AlwaysPreTouch -J-Xms2g);; esac
         bin/mpjrun --mpi $fl -np 2 --java $jdk "${extra[@]}" -cp /tmp/lab/classes "${lo[@]}" -- P2pBench "${args[@]}" --buffer $buf ;;
    esac 2>&1 | grep -v "^impl\|^#" | sed "s/^/$r,$v,/"
  done
done
