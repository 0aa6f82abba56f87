#!/bin/bash
# See page-aliasing/README.md ("JDK 25's pinned arrays meet it too"); VARIANTS="plain align16" or "plain align64"
# window-alignment.sh REPS: WarmupBench --test window, JDK 25 byte[] on Open MPI (G1, zero-copy pinned arrays), as ci/bench
# runs it and with the heap layout moved (-XX:ObjectAlignmentInBytes=16), alternating; prints the steady us/message
J25=/usr/lib/jvm/temurin-25-jdk-amd64
for r in $(seq $1); do
  for v in ${VARIANTS:-plain align16}; do
    ex=(); [ $v != plain ] && ex=(-J-XX:ObjectAlignmentInBytes=${v#align})
    out=$(/work/main/bin/mpjrun --mpi openmpi -np 2 --java $J25 "${ex[@]}" -cp /tmp/lab3/classes --bind-to core -- WarmupBench --test window --iters-scale 0.5 2>&1)
    echo "$v rep$r: steady $(echo "$out" | grep steady | cut -d, -f8) us/message"
  done
done
