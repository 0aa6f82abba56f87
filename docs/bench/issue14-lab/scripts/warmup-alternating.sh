#!/bin/bash
# usage: wu.sh FLAVOUR TEST REPS variant...   variant = c | HOME:JDK[:extra -J opts]
fl=$1; test=$2; reps=$3; shift 3
J17=/usr/lib/jvm/java-17-openjdk-amd64; J25=/usr/lib/jvm/temurin-25-jdk-amd64
mpirun_opts=(--bind-to core); [ $fl = openmpi ] && mpirun_opts+=(--allow-run-as-root)
for r in $(seq $reps); do
 for v in "$@"; do
  if [ $v = c ]; then
    out=$(mpirun.$fl -np 2 "${mpirun_opts[@]}" /tmp/lab/c/$fl/warmup_bench --test $test --iters-scale 0.5 2>&1)
  else
    IFS=: read home jdk extra <<<"$v"
    jv=$J17; [ $jdk = 25 ] && jv=$J25
    ex=(); for e in $extra; do ex+=("-J$e"); done
    out=$(NATMPJ_HOME=/tmp/lab/homes/$home /work/main/bin/mpjrun --mpi $fl -np 2 --java $jv "${ex[@]}" -cp /tmp/lab/classes --bind-to core -- WarmupBench --test $test --iters-scale 0.5 2>&1)
  fi
  echo "$out" | awk -F, -v v="$v" -v r=$r '/^.*,warmup-/{ if ($7+0>=10000 && !s10k) {s10k=$8}; last[$7]=$8 } /,steady-/{st=$8} END{printf "%s rep%d at10k=%s steady=%s\n", v, r, s10k, st}'
  echo "$out" > /tmp/lab/wu-$fl-$test-${v//[:\/ ]/_}-$r.csv
 done
done
