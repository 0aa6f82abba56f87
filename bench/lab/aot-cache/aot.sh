#!/usr/bin/env bash
# aot.sh TEST REPS: WarmupBench (--test TEST, e.g. pingpong) on JDK 25, Open MPI, without and with an ahead-of-time
# cache (JEP 483/515) trained by one WarmupBench run, alternating; prints the cost per call of the bins around calls
# 100, 1000, 3170 and 10^4 and the steady cost. An AOT cache needs a class path of jars only: the benchmark
# classes go into target/lab/aot/bench.jar, and the cache and the runs' output stay in target/lab/aot/.
. "$(dirname "$0")/../common.sh"
test=$1 reps=$2
need_bench openmpi
work=$root/target/lab/aot
rm -rf "$work" && mkdir -p "$work"
jar cf "$work/bench.jar" -C "$classes" .
run() { "$root/bin/mpjrun" --mpi openmpi -np 2 --java "$J25" "$@" -cp "$work/bench.jar" --bind-to core -- \
          WarmupBench --test "$test" --iters-scale 0.5; }
run -J-XX:AOTCacheOutput="$work/wu-%p.aot" >"$work/train.txt" 2>&1
cache=$(ls "$work"/wu-*.aot | head -1)
for r in $(seq "$reps"); do
  for v in plain aot; do
    ex=(); [[ $v == aot ]] && ex=(-J-XX:AOTCache="$cache")
    run "${ex[@]}" >"$work/$v-$r.csv" 2>&1
    echo "$v rep$r: $(awk -F, '/warmup-/{ n = $7 + 0; if (n == 100 || n == 1000 || n == 3162 || n == 10000)
      printf "call %s: %s us  ", n, $8 } /steady-/{ printf "steady %s us", $8 }' "$work/$v-$r.csv")"
  done
done
