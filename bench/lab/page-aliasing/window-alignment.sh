#!/usr/bin/env bash
# window-alignment.sh REPS [VARIANTS]: WarmupBench --test window (64 KiB, byte[]) on JDK 25 with G1, Open MPI, where
# natmpj pins the arrays and MPI copies between them directly, as ci/bench runs it (plain) and with the heap layout
# moved (align16, align64: -XX:ObjectAlignmentInBytes=16 or 64), alternating; prints the steady µs per message.
. "$(dirname "$0")/../common.sh"
reps=$1 variants=${2:-plain align64}
need_bench openmpi
for r in $(seq "$reps"); do
  for v in $variants; do
    ex=(); [[ $v != plain ]] && ex=(-J-XX:ObjectAlignmentInBytes=${v#align})
    out=$($(java_launch openmpi "$J25" "${ex[@]}") WarmupBench --test window --iters-scale 0.5 2>&1)
    echo "$v rep$r: steady $(grep steady <<<"$out" | cut -d, -f8) us/message"
  done
done
