"""p2p_bench.py: the mpi4py twin of bench/java/P2pBench.java and bench/c/p2p_bench.c (OSU-style latency, bw and
bibw between ranks 0 and 1; other ranks wait at the final barrier). It must stay the same benchmark: same sizes,
iteration and warm-up counts, validation and CSV; see the Java file for what each test does.

    mpirun.openmpi -np 2 "$(bench/tools/mpi4py-venv openmpi)" bench/python/p2p_bench.py --test bw [--calls nonblocking]
"""

import os
import sys

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from mpi4py import MPI  # noqa: E402  (initializes MPI)

import bench_common as bench  # noqa: E402

NAME = "p2p_bench.py"
WINDOW = 64
TAG, ACK_TAG = 1, 2
DEFAULT_MAX = 4 << 20
JIT_WARMUP = 4000000  # as the Java twin, which needs it for its JIT
LARGE_WARMUP_SIZE = 64 << 10  # the second JIT warm-up's size, as the Java twin's (which says why)
USAGE = ("Usage: mpirun -np 2 python p2p_bench.py [options]\n"
         "OSU-style point-to-point benchmarks between ranks 0 and 1 (other ranks wait); mpi4py twin of P2pBench.java.\n"
         "  --test latency|bw|bibw ping-pong latency (default), bandwidth of windows of 64 messages,\n"
         "                         or bidirectional bandwidth\n"
         "  (--jit-warmup counts round trips for latency, messages in windows for bw and bibw; after\n"
         "  it, a 64 KiB case moves up to 4 GiB, at most as many iterations, before the first size)\n")


def clamp(v, lo, hi):
    return max(lo, min(hi, v))


class P2p:
    def __init__(self, test, opt, rank):
        self.test = test
        self.nonblocking = opt.nonblocking
        self.rank = rank
        self.peer = 1 - rank
        self.sbuf = bench.alloc_bytes(opt.max)
        self.rbuf = bench.alloc_bytes(opt.max)
        self.ack = bytearray(1)

    def iterations(self, size):
        """Timed iterations (round trips or windows): a stable mean at small sizes, ~1 GiB each way at large ones."""
        per = self.bytes_per_iteration(size)
        return clamp((1 << 30) // per, 50, 100000) if self.test == "latency" else clamp((1 << 30) // per, 4, 2000)

    def bytes_per_iteration(self, size):
        """Bytes one iteration sends each way: a message, or a window of them (an empty message counts as 1)."""
        return (1 if self.test == "latency" else WINDOW) * max(size, 1)

    def warmups(self, size):
        """Warm-up iterations of each size: ~1e5 messages at small sizes, down to a few at the largest."""
        per = self.bytes_per_iteration(size)
        return clamp((1 << 26) // per, 10, 100000) if self.test == "latency" else clamp((1 << 26) // per, 2, 2000)

    def run(self, size, n):
        """n iterations of the test at size bytes: everything the timing sees."""
        # Buffer specs made once per call, as Java and C pass (buffer, count, MPI.BYTE) to every call
        s = [memoryview(self.sbuf)[:size], MPI.BYTE]
        r = [memoryview(self.rbuf)[:size], MPI.BYTE]
        if self.test == "latency":
            self.latency(s, r, n)
        elif self.test == "bw":
            self.bandwidth(s, r, n)
        else:
            self.bidirectional(s, r, n)

    def latency(self, s, r, n):
        comm, peer = MPI.COMM_WORLD, self.peer
        if self.nonblocking:
            isend, irecv = comm.Isend, comm.Irecv
            if self.rank == 0:
                for _ in range(n):
                    isend(s, peer, TAG).Wait()
                    irecv(r, peer, TAG).Wait()
            else:
                for _ in range(n):
                    irecv(r, peer, TAG).Wait()
                    isend(s, peer, TAG).Wait()
        else:
            send, recv = comm.Send, comm.Recv
            if self.rank == 0:
                for _ in range(n):
                    send(s, peer, TAG)
                    recv(r, peer, TAG)
            else:
                for _ in range(n):
                    recv(r, peer, TAG)
                    send(s, peer, TAG)

    def bandwidth(self, s, r, n):
        comm, peer, ack = MPI.COMM_WORLD, self.peer, [self.ack, 1, MPI.BYTE]
        waitall = MPI.Request.Waitall
        for _ in range(n):
            if self.rank == 0:
                if self.nonblocking:
                    waitall([comm.Isend(s, peer, TAG) for _ in range(WINDOW)])
                else:
                    for _ in range(WINDOW):
                        comm.Send(s, peer, TAG)
                comm.Recv(ack, peer, ACK_TAG)
            else:
                if self.nonblocking:
                    waitall([comm.Irecv(r, peer, TAG) for _ in range(WINDOW)])
                else:
                    for _ in range(WINDOW):
                        comm.Recv(r, peer, TAG)
                comm.Send(ack, peer, ACK_TAG)

    def bidirectional(self, s, r, n):
        comm, peer = MPI.COMM_WORLD, self.peer
        for _ in range(n):
            if self.nonblocking:
                requests = [comm.Irecv(r, peer, TAG) for _ in range(WINDOW)]
                requests += [comm.Isend(s, peer, TAG) for _ in range(WINDOW)]
                MPI.Request.Waitall(requests)
            else:
                for _ in range(WINDOW):
                    comm.Sendrecv(s, peer, TAG, r, peer, TAG)

    def validate(self, size, round_):
        """One iteration through the timed code with patterned data; a rank that received checks its peer's
        pattern. No barrier is needed: every iteration ends with both ranks' messages complete."""
        bench.fill(self.sbuf, size, round_, self.rank)
        bench.clear(self.rbuf, size)
        self.run(size, 1)
        if self.test != "bw" or self.rank == 1:
            bench.check(self.rbuf, size, round_, self.peer, "%s %s %d" % (NAME, self.test, round_))


def main():
    opt = bench.init(NAME, USAGE, 1, DEFAULT_MAX, JIT_WARMUP, "--test", "latency")
    test = opt.choice
    rank, ranks = MPI.COMM_WORLD.Get_rank(), MPI.COMM_WORLD.Get_size()
    if test not in ("latency", "bw", "bibw"):
        bench.fail(NAME, "--test must be one of latency|bw|bibw, not %s\n%s" % (test, USAGE))
    if ranks < 2:
        bench.fail(NAME, "needs at least 2 ranks, got %d" % ranks)

    if rank < 2:
        b = P2p(test, opt, rank)
        if rank == 0:
            print(bench.CSV_HEADER, flush=True)
        jit = opt.jit_warmup if test == "latency" else max(1, opt.jit_warmup // WINDOW)
        b.run(min(1, opt.max), jit)
        large = min(opt.max, LARGE_WARMUP_SIZE)
        if large > 1:
            b.run(large, max(1, min(jit, (1 << 32) // b.bytes_per_iteration(large))))
        for size in opt.sizes():
            n = opt.scaled(b.iterations(size))
            b.validate(size, 0)
            b.run(size, b.warmups(size))
            t0 = bench.now_ns()
            b.run(size, n)
            t1 = bench.now_ns()
            b.validate(size, 1)
            if rank == 0:
                us = (t1 - t0) / 1e3 / n / (2 if test == "latency" else WINDOW)
                opt.print(test, ranks, size, n, us, (2.0 if test == "bibw" else 1.0) * size / us)
    MPI.COMM_WORLD.Barrier()


if __name__ == "__main__":
    main()
