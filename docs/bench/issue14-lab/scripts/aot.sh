#!/bin/bash
# aot.sh TEST REPS: WarmupBench on JDK 25 without and with an AOT cache trained by one WarmupBench run (JEP 483/515)
test=$1; reps=$2; cd /tmp/lab/aotrun
J25=/usr/lib/jvm/temurin-25-jdk-amd64
mkdir -p /tmp/lab/aot; rm -f /tmp/lab/aot/*.aot*
NATMPJ_HOME=/tmp/lab/homes/ls /work/main/bin/mpjrun --mpi openmpi -np 2 --java $J25 -J-XX:AOTCacheOutput=/tmp/lab/aot/wu-%p.aot -cp /tmp/lab/bench.jar --bind-to core -- WarmupBench --test $test --iters-scale 0.5 > /tmp/lab/aot/train.txt 2>&1
cache=$(ls /tmp/lab/aot/wu-*.aot | head -1); ls -la /tmp/lab/aot/
for r in $(seq $reps); do
  for v in plain aot; do
    ex=(); [ $v = aot ] && ex=(-J-XX:AOTCache=$cache)
    out=$(NATMPJ_HOME=/tmp/lab/homes/ls /work/main/bin/mpjrun --mpi openmpi -np 2 --java $J25 "${ex[@]}" -cp /tmp/lab/bench.jar --bind-to core -- WarmupBench --test $test --iters-scale 0.5 2>&1)
    echo "$out" > /tmp/lab/aot/$v-$test-$r.csv
    echo "$v rep$r: $(echo "$out" | awk -F, '/warmup-/{ if ($7+0==100||$7+0==1002||$7+0==1000||$7+0==10024||$7+0==10000||$7+0==3170||$7+0==3162) printf "%s=%s ", $7, $8 } /steady-/{printf "steady=%s", $8}')"
  done
done
