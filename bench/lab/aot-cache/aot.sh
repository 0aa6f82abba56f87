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
# From an empty working directory: JDK 25 refuses to write an AOT cache when the one the JVM starts in is not
# empty ("Cannot have non-empty directory in paths").
mkdir -p "$work/cwd"
run() { (cd "$work/cwd" && "$root/bin/mpjrun" --mpi openmpi -np 2 --java "$J25" "$@" -cp "$work/bench.jar" \
          --bind-to core -- WarmupBench --test "$test" --iters-scale 0.5); }
run -J-XX:AOTCacheOutput="$work/wu-%p.aot" >"$work/train.txt" 2>&1
cache=$(ls "$work"/wu-*.aot | head -1)
for r in $(seq "$reps"); do
  for v in plain aot; do
    ex=(); [[ $v == aot ]] && ex=(-J-XX:AOTCache="$cache")
    run "${ex[@]}" >"$work/$v-$r.csv" 2>&1
    # the bins ending at or just past calls 100, 1000, 3170 and 10^4 (ten bins a decade)
    echo "$v rep$r: $(awk -F, 'BEGIN { split("100 1000 3170 10000", want, " "); k = 1 }
      /warmup-/ && k <= 4 && $7 + 0 >= want[k] { printf "call %s: %s us  ", $7, $8; k++ }
      /steady-/ { printf "steady %s us", $8 }' "$work/$v-$r.csv")"
  done
done
