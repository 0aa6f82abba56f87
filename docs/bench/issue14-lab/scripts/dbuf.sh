#!/bin/bash
# dbuf.sh FLAVOUR REPS "P2pBench args": alternating C (2 MiB-aligned THP buffers), C (malloc'd buffers),
# Java direct (MPI.newByteBuffer) and Java allocate-direct (ByteBuffer.allocateDirect); JDK 17 (or $JAVA).
fl=$1; reps=$2; args=$3
mo=(--bind-to core); [ $fl = openmpi ] && mo+=(--allow-run-as-root)
cbin=/tmp/lab2/c/p2p_bench; [ $fl = openmpi ] && cbin=/tmp/lab2/c-ompi/p2p_bench
out=${OUT:-/tmp/lab3/out}; mkdir -p $out
for r in $(seq $reps); do
 for v in c-thp c direct allocate-direct; do
  f=$out/$fl-$v-$r.csv
  case $v in
   c*) env GLIBC_TUNABLES=glibc.malloc.hugetlb=1 mpirun.$fl -np 2 "${mo[@]}" $cbin --buffer $v $args > $f 2>&1;;
   *) /work/main/bin/mpjrun --mpi $fl -np 2 ${JAVA:+--java $JAVA} -cp /tmp/lab3/classes --bind-to core -- P2pBench $args --buffer $v > $f 2>&1;;
  esac
  echo "$v rep$r: $(awk -F, '$2=="latency"||$2=="bw"||$2=="bibw"{printf "%s=%s ", $6, ($2=="latency"?$8:$9)}' $f)"
 done
done
