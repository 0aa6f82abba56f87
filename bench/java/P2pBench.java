import mpi.MPI;
import mpi.Request;

/**
 * Point-to-point benchmarks between ranks 0 and 1 in the style of the OSU micro-benchmarks (osu_latency, osu_bw,
 * osu_bibw); other ranks wait at the final barrier. bench/c/p2p_bench.c and bench/python/p2p_bench.py are its
 * twins and must stay the same benchmark: same sizes, counts, validation and CSV.
 *
 * <ul>
 *   <li>latency: ping-pong, time_us is half the round trip. Blocking: Send/Recv; non-blocking: Isend/Irecv +
 *       Wait.</li>
 *   <li>bw: rank 0 sends a window of 64 messages, rank 1 receives them and answers with a 1-byte ack; time_us is
 *       the time per message. Non-blocking: 64 Irecv / 64 Isend then Waitall (osu_bw); blocking: 64 Send / 64
 *       Recv.</li>
 *   <li>bibw: both ranks send a window of 64 messages to each other at once; MBps counts both directions.
 *       Non-blocking: 64 Irecv + 64 Isend then Waitall (osu_bibw); blocking: 64 Sendrecv.</li>
 * </ul>
 *
 * <p>Each rank has a send buffer and a receive buffer, as in OSU. Every message of a window uses the same ones.
 */
public class P2pBench {
    static final String NAME = "P2pBench";
    static final int WINDOW = 64;
    static final int TAG = 1, ACK_TAG = 2;
    static final int DEFAULT_MAX = 4 << 20;
    /**
     * 1-byte round trips (latency), or messages in windows of 64 (bw, bibw), before the first size. 10^6 left the
     * direct-buffer path still being compiled while 1-4 B were timed (+0.15 us, gone with 5 * 10^6): the compiler
     * threads share the 2 cores with the busy-polling ranks.
     */
    static final long JIT_WARMUP = 4_000_000;
    /**
     * After the 1-byte warm-up, the JIT warm-up runs this size (or --max if smaller) for as many iterations as move
     * 4 GiB, at most --jit-warmup's: paths that only large messages take (rendezvous protocols, natmpj's shared
     * staging of JDK 17's non-blocking arrays from 4 KiB) are then compiled before the first size is timed. Without
     * it, the sizes just above where such a path starts were timed while C2 compiled it (JDK 17 arrays, windows at
     * 4-16 KiB: 0.3x C at --iters-scale 0.5 against 0.6-0.7x at steady state, 2026-11-25).
     */
    static final int LARGE_WARMUP_SIZE = 64 << 10;
    static final String USAGE = BenchOptions.usage(""
            + "Usage: mpirun -np 2 java ... P2pBench [options]\n"
            + "OSU-style point-to-point benchmarks between ranks 0 and 1 (other ranks wait).\n"
            + "  --test latency|bw|bibw ping-pong latency (default), bandwidth of windows of " + WINDOW + " messages,\n"
            + "                         or bidirectional bandwidth\n"
            + "  (--jit-warmup counts round trips for latency, messages in windows for bw and bibw; after\n"
            + "  it, a 64 KiB case moves up to 4 GiB, at most as many iterations, before the first size)\n",
            1, DEFAULT_MAX, JIT_WARMUP);

    public static void main(String[] args) throws Exception {
        BenchOptions opt = BenchOptions.init(args, NAME, USAGE, 1, DEFAULT_MAX, JIT_WARMUP, "--test", "latency");
        String test = opt.choice;
        int rank = MPI.COMM_WORLD.Rank(), ranks = MPI.COMM_WORLD.Size();
        if (!test.equals("latency") && !test.equals("bw") && !test.equals("bibw")) {
            BenchOptions.fail(NAME, "--test must be one of latency|bw|bibw, not " + test + "\n" + USAGE);
        }
        if (ranks < 2) BenchOptions.fail(NAME, "needs at least 2 ranks, got " + ranks);

        if (rank < 2) {
            P2pBench b = new P2pBench(test, opt, rank);
            if (rank == 0) System.out.println(BenchOptions.CSV_HEADER);
            long jit = test.equals("latency") ? opt.jitWarmup : Math.max(1, opt.jitWarmup / WINDOW);
            b.run(Math.min(1, opt.max), jit);
            int large = Math.min(opt.max, LARGE_WARMUP_SIZE);
            if (large > 1) b.run(large, Math.max(1, Math.min(jit, (1L << 32) / b.bytesPerIteration(large))));
            for (int size : opt.sizes()) {
                long n = opt.scaled(b.iterations(size));
                b.validate(size, 0);
                long warm = b.warmups(size);
                b.run(size, warm);
                Settle.settle(k -> b.run(size, k), warm, b.peer, opt.settle, test + " " + size);
                long t0 = System.nanoTime();
                b.run(size, n);
                long t1 = System.nanoTime();
                b.validate(size, 1);
                if (rank == 0) {
                    double us = (t1 - t0) / 1e3 / n / (test.equals("latency") ? 2 : WINDOW);
                    opt.print(test, ranks, size, n, us, (test.equals("bibw") ? 2.0 : 1.0) * size / us);
                }
            }
        }
        MPI.COMM_WORLD.Barrier();
        MPI.Finalize();
    }

    final String test;
    final boolean nonBlocking;
    final int rank, peer;
    final Object sbuf, rbuf;
    final byte[] ack = new byte[1];
    /** The requests of one window: sends or receives (bw), receives then sends (bibw). */
    final Request[] window = new Request[WINDOW], bothWays = new Request[2 * WINDOW];

    P2pBench(String test, BenchOptions opt, int rank) {
        this.test = test;
        this.nonBlocking = opt.nonBlocking;
        this.rank = rank;
        this.peer = 1 - rank;
        int capacity = Math.max(opt.max, 1);
        sbuf = BenchData.bytes(opt.direct, capacity);
        rbuf = BenchData.bytes(opt.direct, capacity);
    }

    /**
     * Timed iterations (round trips or windows): enough for a stable mean at small sizes, about 1 GiB each way at
     * large ones.
     */
    long iterations(int size) {
        return test.equals("latency") ? clamp((1L << 30) / bytesPerIteration(size), 50, 100000)
                : clamp((1L << 30) / bytesPerIteration(size), 4, 2000);
    }

    /**
     * Warm-up iterations of each size, so that caches, pages and MPI's protocol for the size (eager or rendezvous)
     * are settled before timing: ~1e5 messages at small sizes, down to a few at the largest.
     */
    long warmups(int size) {
        return test.equals("latency") ? clamp((1L << 26) / bytesPerIteration(size), 10, 100000)
                : clamp((1L << 26) / bytesPerIteration(size), 2, 2000);
    }

    /** Bytes one iteration sends each way: a message, or a window of them (an empty message counts as 1). */
    long bytesPerIteration(int size) {
        return (test.equals("latency") ? 1L : WINDOW) * Math.max(size, 1);
    }

    static long clamp(long v, long lo, long hi) {
        return Math.max(lo, Math.min(hi, v));
    }

    /** n iterations of the test at size bytes: everything the timing sees. */
    void run(int size, long n) throws Exception {
        switch (test) {
            case "latency": latency(size, n); break;
            case "bw": bandwidth(size, n); break;
            default: bidirectional(size, n); break;
        }
    }

    void latency(int size, long n) throws Exception {
        if (nonBlocking) {
            for (long i = 0; i < n; i++) {
                if (rank == 0) {
                    MPI.COMM_WORLD.Isend(sbuf, 0, size, MPI.BYTE, peer, TAG).Wait();
                    MPI.COMM_WORLD.Irecv(rbuf, 0, size, MPI.BYTE, peer, TAG).Wait();
                } else {
                    MPI.COMM_WORLD.Irecv(rbuf, 0, size, MPI.BYTE, peer, TAG).Wait();
                    MPI.COMM_WORLD.Isend(sbuf, 0, size, MPI.BYTE, peer, TAG).Wait();
                }
            }
        } else if (rank == 0) {
            for (long i = 0; i < n; i++) {
                MPI.COMM_WORLD.Send(sbuf, 0, size, MPI.BYTE, peer, TAG);
                MPI.COMM_WORLD.Recv(rbuf, 0, size, MPI.BYTE, peer, TAG);
            }
        } else {
            for (long i = 0; i < n; i++) {
                MPI.COMM_WORLD.Recv(rbuf, 0, size, MPI.BYTE, peer, TAG);
                MPI.COMM_WORLD.Send(sbuf, 0, size, MPI.BYTE, peer, TAG);
            }
        }
    }

    void bandwidth(int size, long n) throws Exception {
        for (long i = 0; i < n; i++) {
            if (rank == 0) {
                if (nonBlocking) {
                    for (int j = 0; j < WINDOW; j++) {
                        window[j] = MPI.COMM_WORLD.Isend(sbuf, 0, size, MPI.BYTE, peer, TAG);
                    }
                    Request.Waitall(window);
                } else {
                    for (int j = 0; j < WINDOW; j++) MPI.COMM_WORLD.Send(sbuf, 0, size, MPI.BYTE, peer, TAG);
                }
                MPI.COMM_WORLD.Recv(ack, 0, 1, MPI.BYTE, peer, ACK_TAG);
            } else {
                if (nonBlocking) {
                    for (int j = 0; j < WINDOW; j++) {
                        window[j] = MPI.COMM_WORLD.Irecv(rbuf, 0, size, MPI.BYTE, peer, TAG);
                    }
                    Request.Waitall(window);
                } else {
                    for (int j = 0; j < WINDOW; j++) MPI.COMM_WORLD.Recv(rbuf, 0, size, MPI.BYTE, peer, TAG);
                }
                MPI.COMM_WORLD.Send(ack, 0, 1, MPI.BYTE, peer, ACK_TAG);
            }
        }
    }

    void bidirectional(int size, long n) throws Exception {
        for (long i = 0; i < n; i++) {
            if (nonBlocking) {
                for (int j = 0; j < WINDOW; j++) {
                    bothWays[j] = MPI.COMM_WORLD.Irecv(rbuf, 0, size, MPI.BYTE, peer, TAG);
                }
                for (int j = 0; j < WINDOW; j++) {
                    bothWays[WINDOW + j] = MPI.COMM_WORLD.Isend(sbuf, 0, size, MPI.BYTE, peer, TAG);
                }
                Request.Waitall(bothWays);
            } else {
                for (int j = 0; j < WINDOW; j++) {
                    MPI.COMM_WORLD.Sendrecv(sbuf, 0, size, MPI.BYTE, peer, TAG, rbuf, 0, size, MPI.BYTE, peer, TAG);
                }
            }
        }
    }

    /**
     * One iteration through the timed code with patterned data, before the warm-up and after the timed loop of
     * every size: each rank fills its send buffer with its own pattern and clears its receive buffer; afterwards,
     * a rank that received checks that it holds its peer's pattern. No barrier is needed: every iteration ends
     * with both ranks' messages complete.
     */
    void validate(int size, int round) throws Exception {
        BenchData.fill(sbuf, 0, size, round, rank);
        BenchData.clear(rbuf, 0, size);
        run(size, 1);
        boolean received = !test.equals("bw") || rank == 1;
        if (received) BenchData.check(rbuf, 0, size, round, peer, NAME + " " + test + " " + round);
    }
}
