#!/usr/bin/env python3
"""The mpi4py twin of bench/java/CollectiveBench.java (and bench/c/collective_bench.c): the same operations, sizes,
iteration counts, warm-ups, validation, command line and CSV. See the Java file for the method; comments here only
say where Python differs. Run: mpirun -np N python3 collective_bench.py [options]
"""
import sys
import time
from array import array

import mpi4py

# natmpj's MPI.Init asks for MPI_THREAD_FUNNELED; mpi4py would ask for MULTIPLE, which may cost locks
mpi4py.rc.thread_level = "funneled"
from mpi4py import MPI  # noqa: E402 (initializes MPI)

NAME = "collective_bench.py"
OPS = ["barrier", "bcast", "reduce", "allreduce", "gather", "scatter", "allgather", "alltoall"]
BARRIER, BCAST, REDUCE, ALLREDUCE, GATHER, SCATTER, ALLGATHER, ALLTOALL = range(len(OPS))
ROOT = 0
DEFAULT_MIN, DEFAULT_MAX, DEFAULT_JIT_WARMUP = 1, 1 << 20, 20000
LARGE = 8192  # sizes above this get the large-message counts, as in OSU
ITERS_SMALL, WARMUP_SMALL, ITERS_LARGE, WARMUP_LARGE = 1000, 200, 100, 10
# time caps in seconds: the JIT warm-up of one operation, the warm-up of one size, its timed loop
JIT_BUDGET, WARMUP_BUDGET, TIMED_BUDGET = 5.0, 0.05, 0.05

CSV_HEADER = "impl,bench,buffer,calls,ranks,size_bytes,iterations,time_us,MBps"
USAGE = f"""Usage: mpirun -np N python3 {NAME} [options]
OSU-style collectives: average time per call, maximum over the ranks. The size is the bytes of one
process's block; reduce/allreduce sum size/4 floats (sizes below 4 skipped); barrier is measured once.
  --ops LIST             comma-separated subset of barrier,bcast,reduce,allreduce,gather,scatter,allgather,
                         alltoall, run in that order (default all); blocking calls only
  --min BYTES            smallest message size (default {DEFAULT_MIN}; 0 adds an empty message)
  --max BYTES            largest message size (default {DEFAULT_MAX}); sizes are min, 2*min, ... up to max
  --iters-scale F        multiply the timed iteration counts by F (default 1; warm-ups are not scaled)
  --jit-warmup N         iterations of the smallest case before the first size, as the Java twin does for
                         its JIT (default {DEFAULT_JIT_WARMUP})
  --buffer py            bytearray / array('f') buffers (the only choice)
  --calls blocking       blocking calls (the only choice: mpiJava 1.2 has no non-blocking collectives)
  --impl NAME            first CSV column (default mpi4py)
  --help                 this text
CSV on rank 0: {CSV_HEADER}
"""


class Options:
    """The suite's common command line (BenchOptions.java), parsed alike on every rank."""

    def __init__(self, args):
        self.help, self.nonblocking = False, False
        self.min, self.max, self.jit_warmup = DEFAULT_MIN, DEFAULT_MAX, DEFAULT_JIT_WARMUP
        self.scale, self.impl, self.ops = 1.0, "mpi4py", None
        i = 0
        while i < len(args):
            a = args[i]
            i += 1
            if a in ("--help", "-h"):
                self.help = True
                continue
            if i >= len(args):
                raise ValueError("unknown option or missing value: " + a)
            v = args[i]
            i += 1
            if a == "--ops":
                self.ops = v
            elif a == "--buffer":
                one_of(a, v, "py")
            elif a == "--calls":
                self.nonblocking = one_of(a, v, "blocking", "nonblocking") == "nonblocking"
            elif a == "--min":
                self.min = number(a, v, 1 << 30)
            elif a == "--max":
                self.max = number(a, v, 1 << 30)
            elif a == "--jit-warmup":
                self.jit_warmup = number(a, v, (1 << 63) - 1)
            elif a == "--impl":
                self.impl = v
            elif a == "--iters-scale":
                try:
                    self.scale = float(v)
                except ValueError:
                    self.scale = float("nan")
                if not 0 < self.scale < 1e6:
                    raise ValueError("--iters-scale must be a positive number, not " + v)
            else:
                raise ValueError("unknown option: " + a)
        if self.min > self.max:
            raise ValueError(f"--min {self.min} is above --max {self.max}")

    def sizes(self):
        s = self.min
        while s <= self.max:
            yield s
            s = s * 2 if s else 1

    def scaled(self, n):
        """Timed iterations: n scaled by --iters-scale, at least 1."""
        return max(1, int(n * self.scale))

    def print(self, bench, ranks, size, iterations, time_us, mbps):
        print(f"{self.impl},{bench},py,blocking,{ranks},{size},{iterations},{time_us:.3f},{mbps:.2f}", flush=True)


def one_of(option, v, *allowed):
    if v not in allowed:
        raise ValueError(f"{option} must be one of {'|'.join(allowed)}, not {v}")
    return v


def number(option, v, top):
    if v.isascii() and v.isdigit() and int(v) <= top:
        return int(v)
    raise ValueError(f"{option} must be an integer in 0..{top}, not {v}")


def fail(message):
    """Rank 0 reports a usage error; every rank finalizes and exits with 2."""
    if MPI.COMM_WORLD.Get_rank() == 0:
        print(f"{NAME}: {message}", file=sys.stderr, flush=True)
    MPI.Finalize()
    sys.exit(2)


# Validation patterns of BenchData.java. Byte i of a message is the top byte of (i + base) * K mod 2^32. Computed
# byte by byte, the MiBs a run checks would take Python seconds, so the products are computed in the 8-byte lanes of
# big integers, a few linear big-integer operations per message. A lane's byte 3 is bits 24..31 of its value: the
# carries above bit 31 that mod 2^32 would drop cannot reach it, and lanes never fill their 64 bits.
K = 0x9E3779B1
MASK32 = 0xFFFFFFFF
LANE = 8
_steps = bytes(LANE)  # lane i holds i * K (plus multiples of 2^32)


def _lanes(value, n):
    """A big integer whose n lanes all hold value."""
    return int.from_bytes(value.to_bytes(LANE, "little") * n, "little")


def _steps_below(n):
    """Lanes i * K for i < n, grown by doubling: the upper half is the lower one plus m * K."""
    global _steps
    while len(_steps) < LANE * n:
        m = len(_steps) // LANE
        upper = int.from_bytes(_steps, "little") + _lanes(m * K & MASK32, m)
        _steps += upper.to_bytes(LANE * m, "little")
    return int.from_bytes(_steps[:LANE * n], "little")


_by_size = {}  # size -> (lanes i * K, lanes of 1), built once for all the messages of that size


def pattern(size, round_, sender):
    """The size bytes of BenchData.pattern(i, size, round, sender)."""
    if size not in _by_size:
        _by_size[size] = (_steps_below(size), _lanes(1, size))
    steps, ones = _by_size[size]
    base = (size * 131 + round_ * 7919 + sender * 104729) * K & MASK32
    return (steps + base * ones).to_bytes(LANE * size, "little")[3::LANE]


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
            sbuf[:size] = pattern(size, round_, ROOT) if rank == ROOT else bytes(size)
        elif op in (REDUCE, ALLREDUCE):
            self.sfloats[:count] = float_pattern(count, round_, [rank])
            self.rfloats[:count] = array("f", [0.0]) * count
        elif op in (GATHER, ALLGATHER):
            sbuf[:size] = pattern(size, round_, rank)
            rbuf[:size * ranks] = bytes(size * ranks)
        elif op in (SCATTER, ALLTOALL):
            for d in range(ranks):
                sbuf[d * size:(d + 1) * size] = pattern(size, round_, d if op == SCATTER else rank * ranks + d)
            rbuf[:size * ranks] = bytes(size * ranks)
        self.call(op, size)()
        expected = []  # (buffer, offset, the bytes or floats it must hold)
        if op == BCAST:
            expected.append((sbuf, 0, pattern(size, round_, ROOT)))
        elif op == ALLREDUCE or op == REDUCE and rank == ROOT:
            size = count * 4  # as BenchData reports a float mismatch
            expected.append((self.rfloats, 0, float_pattern(count, round_, range(ranks))))
        elif op == ALLGATHER or op == GATHER and rank == ROOT:
            expected += [(rbuf, s * size, pattern(size, round_, s)) for s in range(ranks)]
        elif op == SCATTER:
            expected.append((rbuf, 0, pattern(size, round_, rank)))
        elif op == ALLTOALL:
            expected += [(rbuf, s * size, pattern(size, round_, s * ranks + rank)) for s in range(ranks)]
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
    try:
        o = Options(sys.argv[1:])
    except ValueError as e:
        fail(f"{e}\n{USAGE}")
    if o.help:
        if MPI.COMM_WORLD.Get_rank() == 0:
            print(USAGE, end="")
        MPI.Finalize()
        sys.exit(0)
    if o.nonblocking:
        fail("--calls nonblocking: mpiJava 1.2 has no non-blocking collectives")
    selected = set()
    for name in (o.ops.split(",") if o.ops is not None else OPS):
        if not name:
            continue
        if name not in OPS:
            fail(f"--ops: unknown operation {name}\n{USAGE}")
        selected.add(OPS.index(name))
    if not selected:
        fail("--ops: no operation given")

    b = Bench(o.max)
    if b.rank == 0:
        print(CSV_HEADER, flush=True)
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
