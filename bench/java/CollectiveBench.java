import mpi.MPI;
import mpi.MPIException;

/**
 * OSU-style benchmark of the blocking collectives (twins: bench/c/collective_bench.c, bench/python/
 * collective_bench.py; all three are the same benchmark, keep them in step).
 *
 * <p>For each operation, in the order of {@link #OPS}: a JIT warm-up at the smallest size, then per size one
 * validated call on fresh patterns, warm-up calls, a Barrier, and a timed loop. Each rank times the loop as a
 * whole; the CSV gives the average time per call of the slowest rank. The loop has no barrier between calls (OSU
 * puts one), so a rooted collective (bcast, reduce, gather, scatter) may overlap with its next call: the figure is
 * the time per call of back-to-back calls. The size is the bytes of one process's block (OSU convention):
 * reduce/allreduce sum size/4 floats, skipping sizes below 4; barrier is measured once, as size 0.
 *
 * <p>Counts follow OSU (1000 timed + 200 warm-up calls up to 8 KiB, 100 + 10 above), within time caps: with more
 * ranks than cores, an MPI that polls without yielding (MPICH) takes a scheduler time slice, milliseconds, per
 * call, and the full counts would take most of an hour. So warm-ups end early when their projected time exceeds a
 * budget, and the timed loop is shortened to fit its own at the best pace the warm-up saw. The caps do not bind in
 * a normal run except for the largest sizes; the CSV gives the iterations actually timed.
 */
public class CollectiveBench {
    static final String NAME = "CollectiveBench";
    static final String[] OPS = {"barrier", "bcast", "reduce", "allreduce", "gather", "scatter", "allgather",
                                 "alltoall"};
    static final int BARRIER = 0, BCAST = 1, REDUCE = 2, ALLREDUCE = 3, GATHER = 4, SCATTER = 5, ALLGATHER = 6,
            ALLTOALL = 7;
    static final int ROOT = 0;
    static final int DEFAULT_MIN = 1, DEFAULT_MAX = 1 << 20;
    static final long DEFAULT_JIT_WARMUP = 20000;
    /** Sizes above this get the large-message counts, as in OSU. */
    static final int LARGE = 8192;
    static final long ITERS_SMALL = 1000, WARMUP_SMALL = 200, ITERS_LARGE = 100, WARMUP_LARGE = 10;
    /** Time caps in seconds: the JIT warm-up of one operation, the warm-up of one size, its timed loop. */
    static final double JIT_BUDGET = 5.0, WARMUP_BUDGET = 0.05, TIMED_BUDGET = 0.05;

    static final String USAGE = BenchOptions.usage(""
            + "Usage: mpirun -np N java ... " + NAME + " [options]\n"
            + "OSU-style collectives: average time per call, maximum over the ranks. The size is the bytes of one\n"
            + "process's block; reduce/allreduce sum size/4 floats (sizes below 4 skipped); barrier is measured once.\n"
            + "  --ops LIST             comma-separated subset of barrier,bcast,reduce,allreduce,gather,scatter,"
            + "allgather,\n"
            + "                         alltoall, run in that order (default all); blocking calls only\n",
            DEFAULT_MIN, DEFAULT_MAX, DEFAULT_JIT_WARMUP);

    private final int rank, ranks;
    /** max * ranks bytes each: room for every rank's block. */
    private final Object sbuf, rbuf;
    /** max / 4 floats each. */
    private final Object sfloats, rfloats;

    private CollectiveBench(boolean direct, int max) throws Exception {
        rank = MPI.COMM_WORLD.Rank();
        ranks = MPI.COMM_WORLD.Size();
        sbuf = BenchData.bytes(direct, max * ranks);
        rbuf = BenchData.bytes(direct, max * ranks);
        sfloats = BenchData.floats(direct, max / 4);
        rfloats = BenchData.floats(direct, max / 4);
    }

    public static void main(String[] args) throws Exception {
        BenchOptions o = BenchOptions.init(args, NAME, USAGE, DEFAULT_MIN, DEFAULT_MAX, DEFAULT_JIT_WARMUP, "--ops",
                null);
        if (o.nonBlocking) BenchOptions.fail(NAME, "--calls nonblocking: mpiJava 1.2 has no non-blocking collectives");
        boolean[] selected = selected(o.choice);
        if (o.max > Integer.MAX_VALUE / MPI.COMM_WORLD.Size()) {
            BenchOptions.fail(NAME, "--max " + o.max + " times the ranks does not fit a Java array");
        }
        CollectiveBench b = new CollectiveBench(o.direct, o.max);
        if (b.rank == 0) System.out.println(BenchOptions.CSV_HEADER);
        int round = 0;
        for (int op = 0; op < OPS.length; op++) {
            if (!selected[op]) continue;
            boolean warmed = false;
            for (int size : o.sizes()) {
                int bytes = op == BARRIER ? 0 : size;
                if ((op == REDUCE || op == ALLREDUCE) && size < 4) continue;
                if (!warmed) b.warmUp(op, bytes, o.jitWarmup, JIT_BUDGET);
                warmed = true;
                b.validate(op, bytes, ++round);
                boolean large = bytes > LARGE;
                double perCall = b.warmUp(op, bytes, large ? WARMUP_LARGE : WARMUP_SMALL, WARMUP_BUDGET);
                long iterations = o.scaled(capped(large ? ITERS_LARGE : ITERS_SMALL, TIMED_BUDGET, perCall));
                double slowest = b.timed(op, bytes, iterations);
                if (b.rank == 0) {
                    o.print(OPS[op], b.ranks, bytes, iterations, slowest, op == BARRIER ? 0 : bytes / slowest);
                }
                if (op == BARRIER) break;
            }
        }
        MPI.Finalize();
    }

    /** The operations --ops names (null: all); a usage error for an unknown one. */
    private static boolean[] selected(String list) throws Exception {
        boolean[] selected = new boolean[OPS.length];
        boolean any = false;
        for (String name : list == null ? OPS : list.split(",")) {
            if (name.isEmpty()) continue;
            int op = java.util.Arrays.asList(OPS).indexOf(name);
            if (op < 0) BenchOptions.fail(NAME, "--ops: unknown operation " + name + "\n" + USAGE);
            selected[op] = any = true;
        }
        if (!any) BenchOptions.fail(NAME, "--ops: no operation given");
        return selected;
    }

    private void run(int op, int size) throws MPIException {
        switch (op) {
            case BARRIER: MPI.COMM_WORLD.Barrier(); break;
            case BCAST: MPI.COMM_WORLD.Bcast(sbuf, 0, size, MPI.BYTE, ROOT); break;
            case REDUCE: MPI.COMM_WORLD.Reduce(sfloats, 0, rfloats, 0, size / 4, MPI.FLOAT, MPI.SUM, ROOT); break;
            case ALLREDUCE: MPI.COMM_WORLD.Allreduce(sfloats, 0, rfloats, 0, size / 4, MPI.FLOAT, MPI.SUM); break;
            case GATHER: MPI.COMM_WORLD.Gather(sbuf, 0, size, MPI.BYTE, rbuf, 0, size, MPI.BYTE, ROOT); break;
            case SCATTER: MPI.COMM_WORLD.Scatter(sbuf, 0, size, MPI.BYTE, rbuf, 0, size, MPI.BYTE, ROOT); break;
            case ALLGATHER: MPI.COMM_WORLD.Allgather(sbuf, 0, size, MPI.BYTE, rbuf, 0, size, MPI.BYTE); break;
            case ALLTOALL: MPI.COMM_WORLD.Alltoall(sbuf, 0, size, MPI.BYTE, rbuf, 0, size, MPI.BYTE); break;
            default: throw new IllegalArgumentException("operation " + op);
        }
    }

    /**
     * One call on fresh patterns, checked where the result lands. A block's sender id tells it from every other:
     * gather/allgather: the source rank; scatter: the destination rank (the root sends all); alltoall:
     * source * ranks + destination. The receive side is cleared first so that a call that moves nothing fails.
     */
    private void validate(int op, int size, int round) throws MPIException {
        String what = NAME + " " + OPS[op];
        int count = size / 4;
        switch (op) {
            case BCAST:
                if (rank == ROOT) BenchData.fill(sbuf, 0, size, round, ROOT);
                else BenchData.clear(sbuf, 0, size);
                break;
            case REDUCE:
            case ALLREDUCE:
                BenchData.fillFloats(sfloats, 0, count, round, rank);
                BenchData.clearFloats(rfloats, 0, count);
                break;
            case GATHER:
            case ALLGATHER:
                BenchData.fill(sbuf, 0, size, round, rank);
                BenchData.clear(rbuf, 0, size * ranks);
                break;
            case SCATTER:
            case ALLTOALL:
                for (int d = 0; d < ranks; d++) {
                    BenchData.fill(sbuf, d * size, size, round, op == SCATTER ? d : rank * ranks + d);
                }
                BenchData.clear(rbuf, 0, size * ranks);
                break;
            default:
                break;
        }
        run(op, size);
        switch (op) {
            case BCAST:
                BenchData.check(sbuf, 0, size, round, ROOT, what);
                break;
            case REDUCE:
                if (rank == ROOT) BenchData.checkFloatSum(rfloats, 0, count, round, ranks, what);
                break;
            case ALLREDUCE:
                BenchData.checkFloatSum(rfloats, 0, count, round, ranks, what);
                break;
            case GATHER:
            case ALLGATHER:
                if (op == GATHER && rank != ROOT) break;
                for (int s = 0; s < ranks; s++) BenchData.check(rbuf, s * size, size, round, s, what);
                break;
            case SCATTER:
                BenchData.check(rbuf, 0, size, round, rank, what);
                break;
            case ALLTOALL:
                for (int s = 0; s < ranks; s++) BenchData.check(rbuf, s * size, size, round, s * ranks + rank, what);
                break;
            default:
                break;
        }
    }

    /**
     * Up to count calls in chunks of 1, 2, 4, ...; from the second chunk on (the first call of a size may pay
     * one-off costs), stops early if count calls at the best pace seen on the slowest rank would take more than
     * budget seconds. Returns that best time per call in seconds.
     */
    private double warmUp(int op, int size, long count, double budget) throws MPIException {
        double best = -1;
        double[] mine = new double[1], slowest = new double[1];
        for (long done = 0, chunk = 1; done < count; done += chunk, chunk *= 2) {
            if (chunk > count - done) chunk = count - done;
            long start = System.nanoTime();
            for (long i = 0; i < chunk; i++) run(op, size);
            mine[0] = (double) (System.nanoTime() - start) / chunk;
            // every rank takes the same decision, so they all make the same calls
            MPI.COMM_WORLD.Allreduce(mine, 0, slowest, 0, 1, MPI.DOUBLE, MPI.MAX);
            if (best < 0 || slowest[0] < best) best = slowest[0];
            if (done > 0 && best * count / 1e9 > budget) break;
        }
        return best < 0 ? 0 : best / 1e9;
    }

    /** n, or fewer if n calls of perCall seconds would take longer than budget. */
    private static long capped(long n, double budget, double perCall) {
        return perCall > 0 && budget / perCall < n ? (long) (budget / perCall) : n;
    }

    /** The timed loop: the slowest rank's average time per call, in microseconds. */
    private double timed(int op, int size, long iterations) throws MPIException {
        MPI.COMM_WORLD.Barrier();
        long start = System.nanoTime();
        for (long i = 0; i < iterations; i++) run(op, size);
        double[] mine = {(System.nanoTime() - start) / 1e3 / iterations}, slowest = new double[1];
        MPI.COMM_WORLD.Allreduce(mine, 0, slowest, 0, 1, MPI.DOUBLE, MPI.MAX);
        return slowest[0];
    }
}
