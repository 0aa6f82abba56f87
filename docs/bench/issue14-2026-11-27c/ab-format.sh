#!/usr/bin/env bash
# ab.sh REPS MPI JAVA CALLS: alternating ObjectBench doubles runs of old.jar, new.jar without inlining, new.jar inlined to 64 KiB
reps=$1 mpi=$2 java=$3 calls=${4:-blocking}
if [ "$mpi" = openmpi ]; then run=(mpirun.openmpi --allow-run-as-root -np 2 --bind-to core); else run=(mpirun.mpich -np 2 -bind-to core); fi
opts=(-Djava.library.path=/work/main/target/native/$mpi -Dnatmpj.mpi=$mpi -XX:+UnlockDiagnosticVMOptions -XX:GCLockerRetryAllocationCount=1000 -XX:+UseTransparentHugePages)
args=(--min 64 --max 65536 --iters-scale 0.5 --calls $calls)
variants=${VARIANTS:-old:old.jar:0 noinl:new.jar:0 inl:new.jar:65536}
args=(--min ${MIN:-64} --max ${MAX:-65536} --iters-scale 0.5 --calls $calls)
for r in $(seq $reps); do
  for v in $variants; do
    IFS=: read name jar inl first off <<< "$v"
    env GLIBC_TUNABLES=glibc.malloc.hugetlb=1 "${run[@]}" $java -cp /tmp/ab/$jar:/tmp/ab/cls "${opts[@]}" -Dnatmpj.lab.inline=$inl -Dnatmpj.lab.first=${first:-0} -Dnatmpj.lab.stageoff=${off:-0} ObjectBench "${args[@]}" 2>/dev/null | grep "^java," | sed "s/^/$r,$name,/"
  done
done
