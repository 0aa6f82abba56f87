import java.nio.Buffer;
import java.nio.ByteBuffer;

import mpi.MPI;
import mpi.Request;

/**
 * bench/java/P2pBench.java written to Open MPI's Java API (camel-case: getRank(), send, recv, iSend, iRecv,
 * Request.waitAll, MPI.newByteBuffer): the same OSU-style tests, sizes, counts, warm-ups, validation, options and
 * CSV, so that its rows line up with P2pBench's and the C twin's (bench/c/p2p_bench.c). It uses nothing but Open
 * MPI's API, so the same class files, compiled once against Open MPI's own mpi.jar, run on Open MPI's own Java
 * bindings and on natmpj (over Open MPI or MPICH). P2pBench says what each test does.
 *
 * <p>Buffers: a byte[] (--buffer array) goes to the blocking calls as it is; the non-blocking calls take a
 * java.nio.Buffer, so there it is wrapped once in a heap ByteBuffer (ByteBuffer.wrap). natmpj accepts heap buffers
 * in non-blocking calls (it pins or stages the array, as for mpiJava's Isend of an array); Open MPI's bindings
 * refuse them ("The buffer must be direct"): --buffer array --calls nonblocking then exits with status 3 and a line
 * saying so, before anything is timed. Direct buffers (--buffer direct) come from MPI.newByteBuffer.
 */
public class OmpiP2pBench {
    static final String NAME = "OmpiP2pBench";
    static final int WINDOW = 64;
    static final int TAG = 1, ACK_TAG = 2;
    static final int DEFAULT_MAX = 4 << 20;
    /** As P2pBench.JIT_WARMUP. */
    static final long JIT_WARMUP = 4_000_000;
    /** As P2pBench.LARGE_WARMUP_SIZE. */
    static final int LARGE_WARMUP_SIZE = 64 << 10;
    /** Exit status when the bindings refuse a heap buffer in a non-blocking call (Open MPI's own). */
    static final int REFUSED = 3;
    static final String USAGE = OmpiBenchOptions.usage(""
            + "Usage: mpirun -np 2 java ... OmpiP2pBench [options]\n"
            + "P2pBench written to Open MPI's Java API: OSU-style point-to-point benchmarks between ranks 0 and 1\n"
            + "(other ranks wait), on Open MPI's own Java bindings or on natmpj.\n"
            + "  --test latency|bw|bibw ping-pong latency (default), bandwidth of windows of " + WINDOW + " messages,\n"
            + "                         or bidirectional bandwidth\n"
            + "  (--jit-warmup counts round trips for latency, messages in windows for bw and bibw; after\n"
            + "  it, a 64 KiB case moves up to 4 GiB, at most as many iterations, before the first size)\n",
            1, DEFAULT_MAX, JIT_WARMUP);

    public static void main(String[] args) throws Exception {
        OmpiBenchOptions opt = OmpiBenchOptions.init(args, NAME, USAGE, 1, DEFAULT_MAX, JIT_WARMUP, "--test",
                "latency");
        String test = opt.choice;
        int rank = MPI.COMM_WORLD.getRank(), ranks = MPI.COMM_WORLD.getSize();
        if (!test.equals("latency") && !test.equals("bw") && !test.equals("bibw")) {
            OmpiBenchOptions.fail(NAME, "--test must be one of latency|bw|bibw, not " + test + "\n" + USAGE);
        }
        if (ranks < 2) OmpiBenchOptions.fail(NAME, "needs at least 2 ranks, got " + ranks);
        if (rank == 0) {
            java.security.CodeSource from = MPI.class.getProtectionDomain().getCodeSource();
            System.err.println("# " + NAME + ": package mpi from " + (from == null ? "?" : from.getLocation()));
        }
        if (opt.nonBlocking && !opt.direct && !heapBuffersAccepted()) {
            OmpiBenchOptions.fail(NAME, "these bindings refuse heap buffers (arrays wrapped) in non-blocking calls, "
                    + "as Open MPI's own do: --buffer array --calls nonblocking runs on natmpj only", REFUSED);
        }

        if (rank < 2) {
            OmpiP2pBench b = new OmpiP2pBench(test, opt, rank);
            if (rank == 0) System.out.println(OmpiBenchOptions.CSV_HEADER);
            long jit = test.equals("latency") ? opt.jitWarmup : Math.max(1, opt.jitWarmup / WINDOW);
            b.run(Math.min(1, opt.max), jit);
            int large = Math.min(opt.max, LARGE_WARMUP_SIZE);
            if (large > 1) b.run(large, Math.max(1, Math.min(jit, (1L << 32) / b.bytesPerIteration(large))));
            for (int size : opt.sizes()) {
                long n = opt.scaled(b.iterations(size));
                b.validate(size, 0);
                long warm = b.warmups(size);
                b.run(size, warm);
                OmpiSettle.settle(k -> b.run(size, k), warm, b.peer, opt.settle, test + " " + size);
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
        MPI.COMM_WORLD.barrier();
        MPI.Finalize();
    }

    /**
     * Whether the bindings take a heap buffer in a non-blocking call: an empty iSend to MPI.PROC_NULL. Open MPI's
     * refuse it before calling MPI (IllegalArgumentException), on every rank alike.
     */
    static boolean heapBuffersAccepted() throws Exception {
        try {
            MPI.COMM_WORLD.iSend(ByteBuffer.wrap(new byte[1]), 0, MPI.BYTE, MPI.PROC_NULL, TAG).waitFor();
            return true;
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    final String test;
    final boolean nonBlocking;
    final int rank, peer;
    /** byte[] or direct ByteBuffer: what the blocking calls and the validation take. */
    final Object sbuf, rbuf;
    /** The same memory as a Buffer for the non-blocking calls: the direct buffer, or the array wrapped. */
    final Buffer sbufNb, rbufNb;
    final byte[] ack = new byte[1];
    /** The requests of one window: sends or receives (bw), receives then sends (bibw). */
    final Request[] window = new Request[WINDOW], bothWays = new Request[2 * WINDOW];

    OmpiP2pBench(String test, OmpiBenchOptions opt, int rank) {
        this.test = test;
        this.nonBlocking = opt.nonBlocking;
        this.rank = rank;
        this.peer = 1 - rank;
        int capacity = Math.max(opt.max, 1);
        sbuf = OmpiBenchData.bytes(opt.direct, capacity);
        rbuf = OmpiBenchData.bytes(opt.direct, capacity);
        sbufNb = sbuf instanceof byte[] ? ByteBuffer.wrap((byte[]) sbuf) : (Buffer) sbuf;
        rbufNb = rbuf instanceof byte[] ? ByteBuffer.wrap((byte[]) rbuf) : (Buffer) rbuf;
    }

    /** As P2pBench.iterations. */
    long iterations(int size) {
        return test.equals("latency") ? clamp((1L << 30) / bytesPerIteration(size), 50, 100000)
                : clamp((1L << 30) / bytesPerIteration(size), 4, 2000);
    }

    /** As P2pBench.warmups. */
    long warmups(int size) {
        return test.equals("latency") ? clamp((1L << 26) / bytesPerIteration(size), 10, 100000)
                : clamp((1L << 26) / bytesPerIteration(size), 2, 2000);
    }

    long bytesPerIteration(int size) {
        return (test.equals("latency") ? 1L : WINDOW) * Math.max(size, 1);
    }

    static long clamp(long v, long lo, long hi) {
        return Math.max(lo, Math.min(hi, v));
    }

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
                    MPI.COMM_WORLD.iSend(sbufNb, size, MPI.BYTE, peer, TAG).waitFor();
                    MPI.COMM_WORLD.iRecv(rbufNb, size, MPI.BYTE, peer, TAG).waitFor();
                } else {
                    MPI.COMM_WORLD.iRecv(rbufNb, size, MPI.BYTE, peer, TAG).waitFor();
                    MPI.COMM_WORLD.iSend(sbufNb, size, MPI.BYTE, peer, TAG).waitFor();
                }
            }
        } else if (rank == 0) {
            for (long i = 0; i < n; i++) {
                MPI.COMM_WORLD.send(sbuf, size, MPI.BYTE, peer, TAG);
                MPI.COMM_WORLD.recv(rbuf, size, MPI.BYTE, peer, TAG);
            }
        } else {
            for (long i = 0; i < n; i++) {
                MPI.COMM_WORLD.recv(rbuf, size, MPI.BYTE, peer, TAG);
                MPI.COMM_WORLD.send(sbuf, size, MPI.BYTE, peer, TAG);
            }
        }
    }

    void bandwidth(int size, long n) throws Exception {
        for (long i = 0; i < n; i++) {
            if (rank == 0) {
                if (nonBlocking) {
                    for (int j = 0; j < WINDOW; j++) {
                        window[j] = MPI.COMM_WORLD.iSend(sbufNb, size, MPI.BYTE, peer, TAG);
                    }
                    Request.waitAll(window);
                } else {
                    for (int j = 0; j < WINDOW; j++) MPI.COMM_WORLD.send(sbuf, size, MPI.BYTE, peer, TAG);
                }
                MPI.COMM_WORLD.recv(ack, 1, MPI.BYTE, peer, ACK_TAG);
            } else {
                if (nonBlocking) {
                    for (int j = 0; j < WINDOW; j++) {
                        window[j] = MPI.COMM_WORLD.iRecv(rbufNb, size, MPI.BYTE, peer, TAG);
                    }
                    Request.waitAll(window);
                } else {
                    for (int j = 0; j < WINDOW; j++) MPI.COMM_WORLD.recv(rbuf, size, MPI.BYTE, peer, TAG);
                }
                MPI.COMM_WORLD.send(ack, 1, MPI.BYTE, peer, ACK_TAG);
            }
        }
    }

    void bidirectional(int size, long n) throws Exception {
        for (long i = 0; i < n; i++) {
            if (nonBlocking) {
                for (int j = 0; j < WINDOW; j++) {
                    bothWays[j] = MPI.COMM_WORLD.iRecv(rbufNb, size, MPI.BYTE, peer, TAG);
                }
                for (int j = 0; j < WINDOW; j++) {
                    bothWays[WINDOW + j] = MPI.COMM_WORLD.iSend(sbufNb, size, MPI.BYTE, peer, TAG);
                }
                Request.waitAll(bothWays);
            } else {
                for (int j = 0; j < WINDOW; j++) {
                    MPI.COMM_WORLD.sendRecv(sbuf, size, MPI.BYTE, peer, TAG, rbuf, size, MPI.BYTE, peer, TAG);
                }
            }
        }
    }

    /** As P2pBench.validate: one iteration with patterned data, before the warm-up and after the timed loop. */
    void validate(int size, int round) throws Exception {
        OmpiBenchData.fill(sbuf, 0, size, round, rank);
        OmpiBenchData.clear(rbuf, 0, size);
        run(size, 1);
        boolean received = !test.equals("bw") || rank == 1;
        if (received) OmpiBenchData.check(rbuf, 0, size, round, peer, NAME + " " + test + " " + round);
    }
}
