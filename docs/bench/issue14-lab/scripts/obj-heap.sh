#!/usr/bin/env bash
# alt3.sh N: ObjectBench 256 KiB after a 128 KiB phase: as is, with a fixed young generation, with a fixed heap
J=/usr/lib/jvm/temurin-25-jdk-amd64
for i in $(seq $1); do
  for v in range xmn xms; do
    extra=(); case $v in xmn) extra=(-J-Xmn512m);; xms) extra=(-J-Xms2g -J-Xmx2g);; esac
    /work/main/bin/mpjrun --mpi openmpi -np 2 --java $J "${extra[@]}" -cp /tmp/lab2/classes --bind-to core -- ObjectBench --min 131072 --max 524288 --jit-warmup 20000 2>&1 | grep -v "^impl" | sed "s/^/$i,$v,/"
  done
done
