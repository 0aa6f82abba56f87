#!/usr/bin/env bash
set -u
cd /work/main
J25=/usr/lib/jvm/temurin-25-jdk-amd64
for r in 1 2 3; do
  for v in j25 j25serial j17; do
    jdk=java; extra=(); [[ $v == j25* ]] && jdk=$J25; [[ $v == *serial ]] && extra=(-J-XX:+UseSerialGC)
    bin/mpjrun --mpi openmpi -np 2 --java $jdk "${extra[@]}" -cp /tmp/lab/classes --bind-to core -- ObjectBench --min 131072 --max 524288 --jit-warmup 20000 2>&1 | grep -v "^impl" | sed "s/^/$r,$v,/"
  done
done
