#!/bin/bash
# lat-jdk-gc.sh REPS: Open MPI blocking latency 1 B..1 KiB, alternating C (c-thp), JDK 25 direct buffers with G1
# (bin/mpjrun's default), JDK 25 direct with Serial, JDK 17 direct (Serial, the default on a one-core rank) and
# JDK 25 byte[] with G1. Needs the C twin at /tmp/lab2/c-ompi/p2p_bench (mpicc.openmpi -O2 bench/c/p2p_bench.c)
# and the bench classes in /tmp/lab2/classes. Prints each run's half round trip in us per size; best-of.py
# turns the output into best-of-N tables.
out=${OUT:-/tmp/lab2/gcexp}; mkdir -p $out
args="--test latency --max 1024"
J25=/usr/lib/jvm/temurin-25-jdk-amd64
for r in $(seq 1 $1); do
 for v in c g1 serial25 jdk17 g1array; do
  f=$out/$v-$r.csv
  case $v in
   c) env GLIBC_TUNABLES=glibc.malloc.hugetlb=1 mpirun.openmpi --allow-run-as-root -np 2 --bind-to core /tmp/lab2/c-ompi/p2p_bench --buffer c-thp $args > $f 2>&1;;
   g1) /work/main/bin/mpjrun --mpi openmpi -np 2 --java $J25 -cp /tmp/lab2/classes --bind-to core -- P2pBench $args --buffer direct > $f 2>&1;;
   g1array) /work/main/bin/mpjrun --mpi openmpi -np 2 --java $J25 -cp /tmp/lab2/classes --bind-to core -- P2pBench $args --buffer array > $f 2>&1;;
   serial25) /work/main/bin/mpjrun --mpi openmpi -np 2 --java $J25 -J-XX:+UseSerialGC -cp /tmp/lab2/classes --bind-to core -- P2pBench $args --buffer direct > $f 2>&1;;
   jdk17) /work/main/bin/mpjrun --mpi openmpi -np 2 -cp /tmp/lab2/classes --bind-to core -- P2pBench $args --buffer direct > $f 2>&1;;
  esac
  echo "$v rep$r: $(awk -F, '$2=="latency"{printf "%s=%s ", $6, $8}' $f)"
 done
done
