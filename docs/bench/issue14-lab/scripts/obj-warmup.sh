#!/usr/bin/env bash
# alt4.sh N: ObjectBench 128-512 KiB as is (lab2) and with per-size warm-up of 512 MiB (lab3), alternating
J=/usr/lib/jvm/temurin-25-jdk-amd64
for i in $(seq $1); do
  for v in lab2 lab3; do
    /work/main/bin/mpjrun --mpi openmpi -np 2 --java $J -cp /tmp/$v/classes --bind-to core -- ObjectBench --min 131072 --max 524288 --jit-warmup 20000 2>&1 | grep -v "^impl" | sed "s/^/$i,$v,/"
  done
done
