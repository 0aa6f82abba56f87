#!/usr/bin/env bash
# MPJ Express's object runs exactly as ci/bench's peers suite makes them (--iters-scale 0.5 -> 0.05), REPS times, alternating devices
cd /work/main
for rep in $(seq $1); do
  for dev in multicore niodev; do
    for payload in doubles records; do
      bench/tools/mpje-run --home target/bench/mpje-home --dev $dev -cp target/bench/mpje-classes -np 2 ObjectBench --payload $payload \
        --iters-scale 0.05 --jit-warmup 100000 --impl mpje-$dev 2>/dev/null | grep "^mpje" | sed "s/^/$rep,/"
    done
  done
done
