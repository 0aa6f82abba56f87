#!/bin/bash
# p2p.sh FLAVOUR REPS "P2pBench args" variant...   variant = c | HOME:JDK[:extra -J opts,comma-separated]
fl=$1; reps=$2; args=$3; shift 3
J17=/usr/lib/jvm/java-17-openjdk-amd64; J25=/usr/lib/jvm/temurin-25-jdk-amd64
mo=(--bind-to core); [ $fl = openmpi ] && mo+=(--allow-run-as-root)
tag=${TAG:-p2p}
for r in $(seq $reps); do
 for v in "$@"; do
  f=/tmp/lab/out/$tag-$fl-${v//[:\/ ,=]/_}-$r.csv; mkdir -p /tmp/lab/out
  if [ $v = c ]; then
    cargs=${args/--buffer array/}; cargs=${cargs/--buffer direct/}
    env GLIBC_TUNABLES=glibc.malloc.hugetlb=1 mpirun.$fl -np 2 "${mo[@]}" /tmp/lab/c/$fl/p2p_bench --buffer c-thp $cargs > $f 2>&1
  else
    IFS=: read home jdk extra <<<"$v"
    jv=$J17; [ $jdk = 25 ] && jv=$J25
    ex=(); IFS=, read -ra xs <<<"$extra"; for e in "${xs[@]}"; do ex+=("-J$e"); done
    NATMPJ_HOME=/tmp/lab/homes/$home /work/main/bin/mpjrun --mpi $fl -np 2 --java $jv "${ex[@]}" -cp /tmp/lab/classes --bind-to core -- P2pBench $args > $f 2>&1
  fi
  echo "$v rep$r: $(awk -F, '$2=="latency"||$2=="bw"||$2=="bibw"{printf "%s=%s ", $6, ($2=="latency"?$8:$9)}' $f)"
 done
done
