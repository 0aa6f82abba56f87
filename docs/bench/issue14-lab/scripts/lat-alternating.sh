#!/bin/bash
# lat-alternating.sh FLAVOUR REPS : alternating C, Java array, Java direct (JDK 17) blocking latency 1 B..1 KiB
# C twin: mpicc.<flavour> -O2 -o $CBIN bench/c/p2p_bench.c; Java: javac -cp target/natmpj-0.1.0.jar -d $CLASSES bench/java/*.java
# START=first repetition (default 1). Prints each run's half round trip in us per size.
# JAVA=<JDK home or java> picks the JDK for the Java runs (default: bin/mpjrun's).
fl=$1; reps=$2; mkdir -p "${OUT:-/tmp/lab2/out}"
mo=(--bind-to core); [ $fl = openmpi ] && mo+=(--allow-run-as-root)
args="--test latency --max 1024"
for r in $(seq ${START:-1} $reps); do
  for v in c array direct; do
    f=${OUT:-/tmp/lab2/out}/lat-$fl-$v-$r.csv
    if [ $v = c ]; then
      env GLIBC_TUNABLES=glibc.malloc.hugetlb=1 mpirun.$fl -np 2 "${mo[@]}" ${CBIN:-/tmp/lab2/c/p2p_bench} --buffer c-thp $args > $f 2>&1
    else
      /work/main/bin/mpjrun --mpi $fl -np 2 ${JAVA:+--java $JAVA} -cp ${CLASSES:-/tmp/lab2/classes} --bind-to core -- P2pBench $args --buffer $v > $f 2>&1
    fi
    echo "$v rep$r: $(awk -F, '$2=="latency"{printf "%s=%s ", $6, $8}' $f)"
  done
done
