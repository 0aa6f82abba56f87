#!/usr/bin/env bash
# run.sh N: N runs of ObjectBench doubles at 256 KiB (JDK 25, G1, THP as mpjrun sets), perf stat + GC log per rank
J=/usr/lib/jvm/temurin-25-jdk-amd64/bin/java
for i in $(seq $1); do
  env GLIBC_TUNABLES=glibc.malloc.hugetlb=1 mpirun.openmpi -x GLIBC_TUNABLES --allow-run-as-root -np 2 --bind-to core \
    sh -c ''$J' -cp /work/main/target/natmpj-0.1.0.jar:/tmp/lab2/classes -Djava.library.path=/work/main/target/native/openmpi -Dnatmpj.mpi=openmpi --enable-native-access=ALL-UNNAMED -XX:+UseG1GC -XX:+UseTransparentHugePages  ObjectBench --min 131072 --max 524288 --jit-warmup 20000 --payload doubles $EXTRA' 2>&1 | grep -v "^impl" | sed "s/^/$i,/"
done
