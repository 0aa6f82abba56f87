#!/usr/bin/env python3
"""The mpi4py twin of bench/java/CollectiveBench.java (and bench/c/collective_bench.c): the same operations, sizes,
iteration counts, warm-ups, validation, command line and CSV. See the Java file for the method; comments here only
say where Python differs. Run: mpirun -np N python3 collective_bench.py [options]
"""
import os
import sys
import time
from array import array

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import mpi4py  # noqa: E402

# natmpj's MPI.Init asks for MPI_THREAD_FUNNELED; mpi4py would ask for MULTIPLE, which may cost locks
mpi4py.rc.thread_level = "funneled"
from mpi4py import MPI  # noqa: E402 (initializes MPI)

import bench_common as bench  # noqa: E402

NAME = "collective_bench.py"
OPS = ["barrier", "bcast", "reduce", "allreduce", "gather", "scatter", "allgather", "alltoall"]
BARRIER, BCAST, REDUCE, ALLREDUCE, GATHER, SCATTER, ALLGATHER, ALLTOALL = range(len(OPS))
ROOT = 0
DEFAULT_MIN, DEFAULT_MAX, DEFAULT_JIT_WARMUP = 1, 1 << 20, 20000
LARGE = 8192  # sizes above this get the large-message counts, as in OSU
ITERS_SMALL, WARMUP_SMALL, ITERS_LARGE, WARMUP_LARGE = 1000, 200, 100, 10
# time caps in seconds: the JIT warm-up of one operation, the warm-up of one size, its timed loop
JIT_BUDGET, WARMUP_BUDGET, TIMED_BUDGET = 5.0, 0.05, 0.05

USAGE = f"""Usage: mpirun -np N python3 {NAME} [options]
OSU-style collectives: average time per call, maximum over the ranks. The size is the bytes of one
process's block; reduce/allreduce sum size/4 floats (sizes below 4 skipped); barrier is measured once.
  --ops LIST             comma-separated subset of barrier,bcast,reduce,allreduce,gather,scatter,allgather,
                         alltoall, run in that order (default all); blocking calls only
"""


def float_pattern(count, round_, senders):
    """count floats: element i is the sum over the senders of BenchData.floatPattern(i, round, sender)."""
    period = [float(sum((i * 7 + round_ * 3 + s * 5) % 61 for s in senders)) for i in range(61)]
    return array("f", period * (count // 61 + 1))[:count]


def mismatch(what, rank, size, got, want):
    """Reports the first differing element and aborts the job."""
    i = next(i for i in range(len(want)) if got[i] != want[i])
    print(f"{what}: rank {rank}: size {size}: element {i} is {got[i]}, expected {want[i]}", file=sys.stderr, flush=True)
    MPI.COMM_WORLD.Abort(2)


class Bench:
    def __init__(self, max_size):
        self.comm = MPI.COMM_WORLD
        self.rank, self.ranks = self.comm.Get_rank(), self.comm.Get_size()
        # max * ranks bytes each: room for every rank's block; max / 4 floats each
        self.sbuf, self.rbuf = bytearray(max_size * self.ranks), bytearray(max_size * self.ranks)
        self.sfloats, self.rfloats = array("f", [0.0]) * (max_size // 4), array("f", [0.0]) * (max_size // 4)

    def call(self, op, size):
        """One call of op at size, its buffer arguments built once (Java and C pass them on each call)."""
        c, n, ranks = self.comm, size, self.ranks
        s, r = memoryview(self.sbuf), memoryview(self.rbuf)
        block, blocks = [s[:n], MPI.BYTE], [r[:n * ranks], MPI.BYTE]
        send_blocks, recv_block = [s[:n * ranks], MPI.BYTE], [r[:n], MPI.BYTE]
        floats = [memoryview(self.sfloats)[:n // 4], MPI.FLOAT]
        result = [memoryview(self.rfloats)[:n // 4], MPI.FLOAT]
        calls = {
            BARRIER: c.Barrier,
            BCAST: lambda: c.Bcast(block, ROOT),
            REDUCE: lambda: c.Reduce(floats, result, MPI.SUM, ROOT),
            ALLREDUCE: lambda: c.Allreduce(floats, result, MPI.SUM),
            GATHER: lambda: c.Gather(block, blocks, ROOT),
            SCATTER: lambda: c.Scatter(send_blocks, recv_block, ROOT),
            ALLGATHER: lambda: c.Allgather(block, blocks),
            ALLTOALL: lambda: c.Alltoall(send_blocks, blocks),
        }
        return calls[op]

    def validate(self, op, size, round_):
        """One call on fresh patterns, checked where the result lands (the Java twin documents the block ids)."""
        what, rank, ranks, count = f"{NAME} {OPS[op]}", self.rank, self.ranks, size // 4
        sbuf, rbuf = self.sbuf, self.rbuf
        if op == BCAST:
            sbuf[:size] = bench.pattern_bytes(size, round_, ROOT) if rank == ROOT else bytes(size)
        elif op in (REDUCE, ALLREDUCE):
            self.sfloats[:count] = float_pattern(count, round_, [rank])
            self.rfloats[:count] = array("f", [0.0]) * count
        elif op in (GATHER, ALLGATHER):
            sbuf[:size] = bench.pattern_bytes(size, round_, rank)
            rbuf[:size * ranks] = bytes(size * ranks)
        elif op in (SCATTER, ALLTOALL):
            for d in range(ranks):
                sbuf[d * size:(d + 1) * size] = bench.pattern_bytes(size, round_, d if op == SCATTER else rank * ranks + d)
            rbuf[:size * ranks] = bytes(size * ranks)
        self.call(op, size)()
        expected = []  # (buffer, offset, the bytes or floats it must hold)
        if op == BCAST:
            expected.append((sbuf, 0, bench.pattern_bytes(size, round_, ROOT)))
        elif op == ALLREDUCE or op == REDUCE and rank == ROOT:
            size = count * 4  # as BenchData reports a float mismatch
            expected.append((self.rfloats, 0, float_pattern(count, round_, range(ranks))))
        elif op == ALLGATHER or op == GATHER and rank == ROOT:
            expected += [(rbuf, s * size, bench.pattern_bytes(size, round_, s)) for s in range(ranks)]
        elif op == SCATTER:
            expected.append((rbuf, 0, bench.pattern_bytes(size, round_, rank)))
        elif op == ALLTOALL:
            expected += [(rbuf, s * size, bench.pattern_bytes(size, round_, s * ranks + rank)) for s in range(ranks)]
        for buf, offset, want in expected:
            got = buf[offset:offset + len(want)]
            if got != want:
                mismatch(what, rank, size, got, want)

    def warm_up(self, call, count, budget):
        """Up to count calls in chunks of 1, 2, 4, ...; from the second chunk on, stops early if count calls at the
        best pace seen on the slowest rank would take more than budget seconds. Returns that pace in seconds."""
        best, done, chunk = -1.0, 0, 1
        mine, slowest = array("d", [0.0]), array("d", [0.0])
        while done < count:
            chunk = min(chunk, count - done)
            start = time.perf_counter_ns()
            for _ in range(chunk):
                call()
            mine[0] = (time.perf_counter_ns() - start) / chunk
            # every rank takes the same decision, so they all make the same calls
            self.comm.Allreduce([mine, MPI.DOUBLE], [slowest, MPI.DOUBLE], MPI.MAX)
            if best < 0 or slowest[0] < best:
                best = slowest[0]
            if done > 0 and best * count / 1e9 > budget:
                break
            done += chunk
            chunk *= 2
        return 0.0 if best < 0 else best / 1e9

    def timed(self, call, iterations):
        """The timed loop: the slowest rank's average time per call, in microseconds."""
        self.comm.Barrier()
        start = time.perf_counter_ns()
        for _ in range(iterations):
            call()
        mine = array("d", [(time.perf_counter_ns() - start) / 1e3 / iterations])
        slowest = array("d", [0.0])
        self.comm.Allreduce([mine, MPI.DOUBLE], [slowest, MPI.DOUBLE], MPI.MAX)
        return slowest[0]


def capped(n, budget, per_call):
    """n, or fewer if n calls of per_call seconds would take longer than budget."""
    return int(budget / per_call) if per_call > 0 and budget / per_call < n else n


def main():
    o = bench.init(NAME, USAGE, DEFAULT_MIN, DEFAULT_MAX, DEFAULT_JIT_WARMUP, "--ops", None)
    if o.nonblocking:
        bench.fail(NAME, "--calls nonblocking: mpiJava 1.2 has no non-blocking collectives")
    selected = set()
    for name in (o.choice.split(",") if o.choice is not None else OPS):
        if not name:
            continue
        if name not in OPS:
            bench.fail(NAME, f"--ops: unknown operation {name}")
        selected.add(OPS.index(name))
    if not selected:
        bench.fail(NAME, "--ops: no operation given")

    b = Bench(o.max)
    if b.rank == 0:
        print(bench.CSV_HEADER, flush=True)
    round_ = 0
    for op in sorted(selected):
        warmed = False
        for size in o.sizes():
            size = 0 if op == BARRIER else size
            if op in (REDUCE, ALLREDUCE) and size < 4:
                continue
            call = b.call(op, size)
            if not warmed:
                b.warm_up(call, o.jit_warmup, JIT_BUDGET)
            warmed = True
            round_ += 1
            b.validate(op, size, round_)
            large = size > LARGE
            per_call = b.warm_up(call, WARMUP_LARGE if large else WARMUP_SMALL, WARMUP_BUDGET)
            iterations = o.scaled(capped(ITERS_LARGE if large else ITERS_SMALL, TIMED_BUDGET, per_call))
            slowest = b.timed(call, iterations)
            if b.rank == 0:
                o.print(OPS[op], b.ranks, size, iterations, slowest, 0 if op == BARRIER else size / slowest)
            if op == BARRIER:
                break
    MPI.Finalize()


if __name__ == "__main__":
    main()
