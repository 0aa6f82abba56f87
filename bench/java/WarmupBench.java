import java.util.ArrayList;
import java.util.List;

import mpi.MPI;
import mpi.Request;

/**
 * Time to steady state: the cost of each of the first calls of a pattern in a fresh JVM, in bins, then the steady
 * cost from a long run (twin: bench/c/warmup_bench.c, the same benchmark; keep them in step). Where P2pBench warms
 * up for 4 x 10^6 round trips to measure peak figures, this one measures what a program pays before it gets there.
 *
 * <p>Patterns (--test), each on ranks 0 and 1 (the collectives on every rank; other ranks of the point-to-point
 * ones wait at the final barrier). A "call" is what a program would count:
 * <ul>
 *   <li>pingpong: Send/Recv of 1 B, half a round trip per call (an iteration, a round trip, is 2 calls).</li>
 *   <li>sendrecv: Sendrecv of 1 B with the peer, both ranks at once.</li>
 *   <li>window: 64 Isend (rank 0) / Irecv (rank 1) of 64 KiB, then Waitall and a 1-byte ack, as P2pBench's
 *       non-blocking bw; a call is one message (an iteration is 64 calls).</li>
 *   <li>bcast: Bcast of 8 B from rank 0, back to back.</li>
 *   <li>allreduce: Allreduce (SUM) of 2 floats, 8 B.</li>
 * </ul>
 * The first 10^5 calls (times --iters-scale) after MPI.Init, with nothing before them but --jit-warmup calls
 * (default none), are timed in bins whose edges are spaced logarithmically, ten per decade of iterations (1, 2, 3,
 * 4, 5, 6, 8, 10, 13, 16, 20, 25, ...): each rank reads the clock at the edges only, and the CSV gives, per bin, the
 * slowest rank's time divided by the bin's calls. Then a steady run of 10^6 calls (window: 2 x 10^5 messages)
 * of which the second half is timed gives the steady cost, after a wait for a quiet JIT between the halves
 * ({@link Settle}, --settle): without it, the steady pingpong cost at --iters-scale 0.5 was 0.67-0.69 us, twice
 * what the same run gives after 4 x 10^6 untimed calls (0.35-0.36) or with the wait (0.29-0.36). The data are
 * checked after the bins and after the steady run, never before the first call: that one is part of the
 * measurement.
 *
 * <p>CSV rows: bench warmup-TEST, one per bin, with iterations = the calls done at the bin's end (the bin's start is
 * the previous row's) and time_us = the bin's cost per call; then bench steady-TEST, iterations = the timed calls.
 */
public class WarmupBench {
    static final String NAME = "WarmupBench";
    static final String[] TESTS = {"pingpong", "sendrecv", "window", "bcast", "allreduce"};
    static final int PINGPONG = 0, SENDRECV = 1, WINDOW_TEST = 2, BCAST = 3, ALLREDUCE = 4;
    static final int WINDOW = 64, TAG = 1, ACK_TAG = 2, ROOT = 0;
    static final long BINNED_CALLS = 100_000, STEADY_CALLS = 1_000_000, STEADY_MESSAGES = 200_000;
    static final String USAGE = BenchOptions.usage(""
            + "Usage: mpirun -np 2 java ... " + NAME + " [options]\n"
            + "Cost of each of the first 10^5 calls of a pattern in a fresh JVM (log-spaced bins), then its steady\n"
            + "cost after 10^6 calls (window: 2 x 10^5 messages).\n"
            + "  --test pingpong|sendrecv|window|bcast|allreduce  Send/Recv 1 B (default), Sendrecv 1 B, windows of\n"
            + "                         64 Isend/Irecv + Waitall of 64 KiB, Bcast 8 B, Allreduce 8 B (2 floats)\n"
            + "  (message sizes are the pattern's, capped at --max; --min is not used; --calls follows from --test;\n"
            + "  --jit-warmup: untimed calls before the first bin; --iters-scale scales the binned and steady calls)\n",
            1, 1 << 16, 0);

    public static void main(String[] args) throws Exception {
        BenchOptions opt = BenchOptions.init(args, NAME, USAGE, 1, 1 << 16, 0, "--test", "pingpong");
        int test = java.util.Arrays.asList(TESTS).indexOf(opt.choice);
        if (test < 0) BenchOptions.fail(NAME, "--test must be one of " + String.join("|", TESTS) + ", not "
                + opt.choice + "\n" + USAGE);
        int rank = MPI.COMM_WORLD.Rank(), ranks = MPI.COMM_WORLD.Size();
        if (ranks < 2) BenchOptions.fail(NAME, "needs at least 2 ranks, got " + ranks);
        opt.nonBlocking = test == WINDOW_TEST;
        WarmupBench b = new WarmupBench(test, opt, rank);

        long callsPerIteration = test == PINGPONG ? 2 : test == WINDOW_TEST ? WINDOW : 1;
        long iterations = Math.max(1, opt.scaled(BINNED_CALLS) / callsPerIteration);
        long[] edges = edges(iterations);
        double[] binNanos = new double[edges.length - 1];
        b.run(opt.jitWarmup / callsPerIteration);
        long previous = System.nanoTime();
        for (int i = 1; i < edges.length; i++) {
            b.run(edges[i] - edges[i - 1]);
            long now = System.nanoTime();
            binNanos[i - 1] = now - previous;
            previous = now;
        }
        b.validate(0);
        long steady = Math.max(1, opt.scaled(test == WINDOW_TEST ? STEADY_MESSAGES : STEADY_CALLS)
                / callsPerIteration / 2);
        b.run(steady);
        // The steady cost is a steady state's: warmed up until the JIT is quiet on every rank taking part.
        if (b.active) {
            Settle.settle(b::run, Math.max(1, steady / 10), b.collective ? -1 : b.peer, opt.settle,
                    "steady-" + TESTS[test]);
        }
        long t0 = System.nanoTime();
        b.run(steady);
        double[] steadyNanos = {System.nanoTime() - t0};
        b.validate(1);

        double[] slowestBins = new double[binNanos.length], slowestSteady = new double[1];
        MPI.COMM_WORLD.Allreduce(binNanos, 0, slowestBins, 0, binNanos.length, MPI.DOUBLE, MPI.MAX);
        MPI.COMM_WORLD.Allreduce(steadyNanos, 0, slowestSteady, 0, 1, MPI.DOUBLE, MPI.MAX);
        if (rank == 0) {
            System.out.println(BenchOptions.CSV_HEADER);
            int ranksShown = b.collective ? ranks : 2;
            for (int i = 1; i < edges.length; i++) {
                double us = slowestBins[i - 1] / 1e3 / ((edges[i] - edges[i - 1]) * callsPerIteration);
                opt.print("warmup-" + TESTS[test], ranksShown, b.size, edges[i] * callsPerIteration, us, b.size / us);
            }
            double us = slowestSteady[0] / 1e3 / (steady * callsPerIteration);
            opt.print("steady-" + TESTS[test], ranksShown, b.size, steady * callsPerIteration, us, b.size / us);
        }
        MPI.COMM_WORLD.Barrier();
        MPI.Finalize();
    }

    /** 10^(j/10) for j = 0..9: the steps of a decade (a table, as in the C twin, so that both compute alike). */
    static final double[] DECADE = {1.0, 1.2589254117941673, 1.5848931924611136, 1.9952623149688795,
                                    2.51188643150958, 3.1622776601683795, 3.9810717055349722, 5.011872336272722,
                                    6.309573444801933, 7.943282347242816};

    /** 0, then round(10^(k/10)) for k = 0, 1, ... without repeats, below n, then n: the bins' edges in iterations. */
    static long[] edges(long n) {
        List<Long> e = new ArrayList<>();
        e.add(0L);
        for (int k = 0; ; k++) {
            double x = DECADE[k % 10];
            for (int d = 0; d < k / 10; d++) x *= 10;
            long v = (long) (x + 0.5);
            if (v >= n) break;
            if (v > e.get(e.size() - 1)) e.add(v);
        }
        e.add(n);
        long[] r = new long[e.size()];
        for (int i = 0; i < r.length; i++) r[i] = e.get(i);
        return r;
    }

    final int test, rank, peer, size;
    /** Whether every rank takes part (bcast, allreduce), not only ranks 0 and 1. */
    final boolean collective, active;
    final Object sbuf, rbuf;
    final byte[] ack = new byte[1];
    final Request[] window = new Request[WINDOW];

    WarmupBench(int test, BenchOptions opt, int rank) {
        this.test = test;
        this.rank = rank;
        this.peer = 1 - rank;
        this.collective = test == BCAST || test == ALLREDUCE;
        this.active = collective || rank < 2;
        int wanted = test == WINDOW_TEST ? 1 << 16 : test == PINGPONG || test == SENDRECV ? 1 : 8;
        this.size = Math.min(wanted, Math.max(opt.max, test == ALLREDUCE ? 8 : 1));
        if (test == ALLREDUCE) {
            sbuf = BenchData.floats(opt.direct, size / 4);
            rbuf = BenchData.floats(opt.direct, size / 4);
        } else {
            sbuf = BenchData.bytes(opt.direct, size);
            rbuf = BenchData.bytes(opt.direct, size);
        }
    }

    /** n iterations of the pattern: everything a bin's clock readings enclose. */
    void run(long n) throws Exception {
        if (!active) return;
        switch (test) {
            case PINGPONG:
                for (long i = 0; i < n; i++) {
                    if (rank == 0) {
                        MPI.COMM_WORLD.Send(sbuf, 0, size, MPI.BYTE, peer, TAG);
                        MPI.COMM_WORLD.Recv(rbuf, 0, size, MPI.BYTE, peer, TAG);
                    } else {
                        MPI.COMM_WORLD.Recv(rbuf, 0, size, MPI.BYTE, peer, TAG);
                        MPI.COMM_WORLD.Send(sbuf, 0, size, MPI.BYTE, peer, TAG);
                    }
                }
                break;
            case SENDRECV:
                for (long i = 0; i < n; i++) {
                    MPI.COMM_WORLD.Sendrecv(sbuf, 0, size, MPI.BYTE, peer, TAG, rbuf, 0, size, MPI.BYTE, peer, TAG);
                }
                break;
            case WINDOW_TEST:
                for (long i = 0; i < n; i++) {
                    if (rank == 0) {
                        for (int j = 0; j < WINDOW; j++) {
                            window[j] = MPI.COMM_WORLD.Isend(sbuf, 0, size, MPI.BYTE, peer, TAG);
                        }
                        Request.Waitall(window);
                        MPI.COMM_WORLD.Recv(ack, 0, 1, MPI.BYTE, peer, ACK_TAG);
                    } else {
                        for (int j = 0; j < WINDOW; j++) {
                            window[j] = MPI.COMM_WORLD.Irecv(rbuf, 0, size, MPI.BYTE, peer, TAG);
                        }
                        Request.Waitall(window);
                        MPI.COMM_WORLD.Send(ack, 0, 1, MPI.BYTE, peer, ACK_TAG);
                    }
                }
                break;
            case BCAST:
                for (long i = 0; i < n; i++) MPI.COMM_WORLD.Bcast(sbuf, 0, size, MPI.BYTE, ROOT);
                break;
            default:
                for (long i = 0; i < n; i++) {
                    MPI.COMM_WORLD.Allreduce(sbuf, 0, rbuf, 0, size / 4, MPI.FLOAT, MPI.SUM);
                }
                break;
        }
    }

    /** One iteration on fresh patterns, checked where the data land (after the timed calls, never before). */
    void validate(int round) throws Exception {
        if (!active) return;
        String what = NAME + " " + TESTS[test] + " " + round;
        int ranks = MPI.COMM_WORLD.Size();
        switch (test) {
            case BCAST:
                if (rank == ROOT) BenchData.fill(sbuf, 0, size, round, ROOT);
                else BenchData.clear(sbuf, 0, size);
                run(1);
                BenchData.check(sbuf, 0, size, round, ROOT, what);
                break;
            case ALLREDUCE:
                BenchData.fillFloats(sbuf, 0, size / 4, round, rank);
                BenchData.clearFloats(rbuf, 0, size / 4);
                run(1);
                BenchData.checkFloatSum(rbuf, 0, size / 4, round, ranks, what);
                break;
            default:
                BenchData.fill(sbuf, 0, size, round, rank);
                BenchData.clear(rbuf, 0, size);
                run(1);
                if (test != WINDOW_TEST || rank == 1) BenchData.check(rbuf, 0, size, round, peer, what);
                break;
        }
    }
}
