#!/usr/bin/env bash
set -u
cd /work/main
for dev in niodev multicore; do for p in doubles records; do
  timeout 400 bench/tools/mpje-run --home target/bench/mpje-home --dev $dev -cp target/bench/mpje-classes -np 2 ObjectBench --payload $p --iters-scale 0.1 --impl mpje-$dev 2>&1 | grep "^mpje" | sed "s/^/$dev,/"
done; done
