import java.nio.DoubleBuffer;

import mpi.MPI;
import mpi.Request;

/**
 * MPI_Iallreduce through Open MPI's Java API, and how much of it overlaps computation: the twin of
 * bench/c/nbc_bench.c (same sizes, counts, method, validation, options and CSV). For each size (bytes of doubles
 * summed), on every rank:
 * <ul>
 *   <li>{@code iallreduce}: the average time of {@code iAllReduce} + {@code waitFor} alone;</li>
 *   <li>{@code iallreduce-compute}: of {@code iAllReduce}, a computation as long as the former (a spin on the clock,
 *       in 10 slices with a {@code test} of the request after each, so that MPIs progressing only inside MPI calls
 *       get the chance) and {@code waitFor};</li>
 *   <li>{@code compute}: of the computation alone,</li>
 * </ul>
 * each the maximum over the ranks, as OSU's osu_iallreduce reports them; the overlap is
 * {@code 1 - (iallreduce-compute - compute) / iallreduce}. {@code --buffer array} sums arrays wrapped in heap
 * DoubleBuffers (natmpj only: pinned or staged until completion; Open MPI's bindings refuse them), {@code direct}
 * direct buffers. The same class files, compiled against Open MPI's mpi.jar, run on Open MPI's bindings and on
 * natmpj.
 */
public class OmpiNbcBench {
    static final String NAME = "OmpiNbcBench";
    static final int SLICES = 10;
    static final int DEFAULT_MIN = 8, DEFAULT_MAX = 1 << 20;
    static final long JIT_WARMUP = 20000;
    /** The computation of the warm-up's overlapped and computation-only loops, in ns; the warm-up's calls. */
    static final double WARMUP_COMPUTE_NS = 1000;
    static final int WARMUP_CALLS = 1000;
    static final String USAGE = OmpiBenchOptions.usage(""
            + "Usage: mpirun -np N java ... OmpiNbcBench [options]\n"
            + "iAllReduce of size/8 doubles (MPI.SUM) through Open MPI's Java API: the time of iAllReduce + waitFor\n"
            + "alone (iallreduce), with a computation as long as that between them (iallreduce-compute; it tests\n"
            + "the request between each of its 10 slices), and of the computation alone (compute): maxima over the\n"
            + "ranks of the average per call. Overlap = 1 - (iallreduce-compute - compute) / iallreduce. The twin\n"
            + "of bench/c/nbc_bench.c; --calls is ignored.\n", DEFAULT_MIN, DEFAULT_MAX, JIT_WARMUP);

    final int rank, ranks;
    final DoubleBuffer in, out;

    OmpiNbcBench(boolean direct, int doubles) throws Exception {
        rank = MPI.COMM_WORLD.getRank();
        ranks = MPI.COMM_WORLD.getSize();
        if (direct) {
            // as the C twin's: each buffer at least 2 MiB (so, on natmpj, on a transparent huge page; --buffer
            // allocate-direct for malloc'd memory), of which the first 8 * doubles bytes are used
            int capacity = Math.max(8 * doubles, 2 << 20);
            in = OmpiBenchData.direct(capacity).asDoubleBuffer();
            out = OmpiBenchData.direct(capacity).asDoubleBuffer();
        } else {
            in = DoubleBuffer.wrap(new double[doubles]);
            out = DoubleBuffer.wrap(new double[doubles]);
        }
    }

    static void spin(double ns) {
        long t0 = System.nanoTime();
        while (System.nanoTime() - t0 < ns) {
            Thread.onSpinWait();
        }
    }

    void once(int count, double computeNs) throws Exception {
        Request r = MPI.COMM_WORLD.iAllReduce(in, out, count, MPI.DOUBLE, MPI.SUM);
        if (computeNs > 0) {
            for (int s = 0; s < SLICES; s++) {
                spin(computeNs / SLICES);
                r.test();
            }
        }
        r.waitFor();
    }

    double timed(int count, long n, double computeNs, boolean computeOnly) throws Exception {
        MPI.COMM_WORLD.barrier();
        long t0 = System.nanoTime();
        for (long i = 0; i < n; i++) {
            if (computeOnly) spin(computeNs);
            else once(count, computeNs);
        }
        double[] mine = {(double) (System.nanoTime() - t0) / n};
        MPI.COMM_WORLD.allReduce(mine, 1, MPI.DOUBLE, MPI.MAX);
        return mine[0];
    }

    void validate(int count, int round) throws Exception {
        for (int i = 0; i < count; i++) in.put(i, rank + round + (double) (i % 1000));
        once(count, 0);
        for (int i = 0; i < count; i++) {
            double expect = (double) ranks * (ranks - 1) / 2 + ranks * (round + (double) (i % 1000));
            if (out.get(i) != expect) {
                System.err.println(NAME + ": rank " + rank + ": " + count + " doubles: element " + i + " is "
                        + out.get(i) + ", expected " + expect);
                MPI.COMM_WORLD.abort(1);
            }
        }
    }

    static long clamp(long v, long lo, long hi) {
        return Math.max(lo, Math.min(hi, v));
    }

    public static void main(String[] args) throws Exception {
        OmpiBenchOptions opt = OmpiBenchOptions.init(args, NAME, USAGE, DEFAULT_MIN, DEFAULT_MAX, JIT_WARMUP, null,
                null);
        opt.nonBlocking = true;
        opt.min = Math.max(opt.min, 8);
        if (!opt.direct && !OmpiP2pBench.heapBuffersAccepted()) {
            OmpiBenchOptions.fail(NAME, "these bindings refuse heap buffers (arrays wrapped) in non-blocking calls, "
                    + "as Open MPI's own do: --buffer array runs on natmpj only", OmpiP2pBench.REFUSED);
        }
        OmpiNbcBench b = new OmpiNbcBench(opt.direct, Math.max(1, opt.max / 8));
        if (b.rank == 0) System.out.println(OmpiBenchOptions.CSV_HEADER);
        // The JIT warm-up of the small case, through each of the three loops timed below, in many calls of timed:
        // one long call compiles only its loop (on-stack replacement), and timed itself then ran its profiling
        // tier through the first sizes (8 B took 4.4 us against 0.95 us at 16 B, the JIT idle).
        for (int i = 0; i < WARMUP_CALLS; i++) {
            b.timed(1, Math.max(1, opt.jitWarmup / WARMUP_CALLS), 0, false);
            b.timed(1, Math.max(1, opt.jitWarmup / WARMUP_CALLS / 4), WARMUP_COMPUTE_NS, false);
            b.timed(1, Math.max(1, opt.jitWarmup / WARMUP_CALLS / 4), WARMUP_COMPUTE_NS, true);
        }
        for (int size : opt.sizes()) {
            int count = size / 8;
            long n = opt.scaled(clamp((1L << 28) / size, 20, 10000)), warm = clamp((1L << 25) / size, 5, 2000);
            b.validate(count, 0);
            b.timed(count, warm, 0, false);
            OmpiSettle.settle(k -> b.timed(count, k, 0, false), warm, -1, opt.settle, "iallreduce " + size);
            double pure = b.timed(count, n, 0, false);
            b.timed(count, warm / 4 + 1, pure, false);
            OmpiSettle.settle(k -> b.timed(count, k, pure, false), warm / 4 + 1, -1, opt.settle,
                    "iallreduce-compute " + size);
            double both = b.timed(count, n, pure, false);
            double compute = b.timed(count, n, pure, true);
            b.validate(count, 1);
            if (b.rank == 0) {
                opt.print("iallreduce", b.ranks, size, n, pure / 1e3, size / (pure / 1e3));
                opt.print("iallreduce-compute", b.ranks, size, n, both / 1e3, size / (both / 1e3));
                opt.print("compute", b.ranks, size, n, compute / 1e3, 0);
            }
        }
        MPI.COMM_WORLD.barrier();
        MPI.Finalize();
    }
}
