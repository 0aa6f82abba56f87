#!/usr/bin/env bash
# alt2.sh N: alternating C latency 256 KiB, ObjectBench 256 KiB alone, ObjectBench 128-512 KiB (JDK 25, mpjrun)
J=/usr/lib/jvm/temurin-25-jdk-amd64
for i in $(seq $1); do
  mpirun.openmpi --allow-run-as-root -np 2 --bind-to core /work/main/target/bench/openmpi/p2p_bench --test latency --calls blocking --min 262144 --max 262144 --buffer c-thp 2>&1 | grep -v "^impl\|^#" | sed "s/^/$i,c,/"
  /work/main/bin/mpjrun --mpi openmpi -np 2 --java $J -cp /tmp/lab2/classes --bind-to core -- ObjectBench --min 262144 --max 262144 --jit-warmup 20000 2>&1 | grep -v "^impl" | sed "s/^/$i,alone,/"
  /work/main/bin/mpjrun --mpi openmpi -np 2 --java $J -cp /tmp/lab2/classes --bind-to core -- ObjectBench --min 131072 --max 524288 --jit-warmup 20000 2>&1 | grep -v "^impl" | sed "s/^/$i,range,/"
done
