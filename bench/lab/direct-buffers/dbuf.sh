#!/usr/bin/env bash
# dbuf.sh MPI REPS "P2pBench arguments": alternating, the C twin on 2 MiB-aligned huge-page buffers (c-thp) and on
# malloc'd ones (c), and P2pBench on direct buffers from MPI.newByteBuffer (direct) and from
# ByteBuffer.allocateDirect (allocate-direct); JDK 17 unless JAVA is set. Prints size=value per run (latency in us,
# bandwidth in MB/s). Example: ./dbuf.sh openmpi 3 "--test bw --min 1048576 --iters-scale 0.5"
. "$(dirname "$0")/../common.sh"
mpi=$1 reps=$2 args=$3
need_bench "$mpi"
for r in $(seq "$reps"); do
  for v in c-thp c direct allocate-direct; do
    # shellcheck disable=SC2086 # $args is the benchmark's words
    case $v in
      c*) out=$(GLIBC_TUNABLES=glibc.malloc.hugetlb=1 $(c_launch "$mpi") "$root/target/bench/$mpi/p2p_bench" \
                --buffer $v $args 2>&1) ;;
      *) out=$($(java_launch "$mpi" "${JAVA:-$J17}") P2pBench $args --buffer $v 2>&1) ;;
    esac
    echo "$v rep$r: $(awk -F, '$2=="latency"||$2=="bw"||$2=="bibw"{printf "%s=%s ", $6, ($2=="latency"?$8:$9)}' \
      <<<"$out")"
  done
done
