import java.nio.Buffer;
import java.nio.ByteBuffer;

import mpi.Comm;
import mpi.MPI;
import mpi.Win;

/**
 * The Java twin of bench/c/rma_bench.c, written to Open MPI's Java API (mpi.Win): OSU-style one-sided
 * benchmarks from rank 0 to rank 1's window, the same tests, sizes, counts, warm-ups, validation, options and CSV
 * (rma_bench.c says what each test does). It uses nothing but Open MPI's API, so the same class files, compiled
 * once against Open MPI's own mpi.jar, run on Open MPI's own Java bindings and on natmpj (over Open MPI or MPICH).
 *
 * <p>Both ranks create a window of --max bytes over a direct buffer (MPI.newByteBuffer). The origin buffer is a
 * direct buffer (--buffer direct) or a byte[] wrapped in a heap ByteBuffer (--buffer array), which natmpj pins or
 * stages until the synchronisation that completes the operation; Open MPI's bindings refuse heap buffers ("The
 * origin must be direct buffer"): --buffer array then exits with status 3 and a line saying so, before anything is
 * timed.
 */
public class OmpiRmaBench {
    static final String NAME = "OmpiRmaBench";
    static final int WINDOW = 64;
    static final int DEFAULT_MAX = 4 << 20;
    /** Operations of the smallest size before the first size, for the JIT (the C twin does the same). */
    static final long JIT_WARMUP = 200_000;
    /** Exit status when the bindings refuse a heap origin buffer (Open MPI's own). */
    static final int REFUSED = 3;
    static final String USAGE = OmpiBenchOptions.usage(""
            + "Usage: mpirun -np 2 java ... OmpiRmaBench [options]\n"
            + "rma_bench.c written to Open MPI's Java API: OSU-style one-sided benchmarks from rank 0 to rank 1's\n"
            + "window (other ranks wait), on Open MPI's own Java bindings or on natmpj.\n"
            + "  --test OP-KIND-SYNC    put|get - lat|bw - fence|lock (default put-lat-fence): latency of one\n"
            + "                         operation per synchronisation, or bandwidth of windows of " + WINDOW
            + " operations;\n"
            + "                         fence epochs, or one lock with a flush per operation or window\n"
            + "  (--jit-warmup counts operations of the smallest size before the first size)\n",
            8, DEFAULT_MAX, JIT_WARMUP);

    public static void main(String[] args) throws Exception {
        OmpiBenchOptions opt = OmpiBenchOptions.init(args, NAME, USAGE, 8, DEFAULT_MAX, JIT_WARMUP, "--test",
                "put-lat-fence");
        String[] parts = opt.choice.split("-", -1);
        if (parts.length != 3 || !parts[0].matches("put|get") || !parts[1].matches("lat|bw")
                || !parts[2].matches("fence|lock")) {
            OmpiBenchOptions.fail(NAME, "--test must be put|get-lat|bw-fence|lock, e.g. put-lat-fence, not "
                    + opt.choice + "\n" + USAGE);
        }
        int rank = MPI.COMM_WORLD.getRank(), ranks = MPI.COMM_WORLD.getSize();
        if (ranks < 2) OmpiBenchOptions.fail(NAME, "needs at least 2 ranks, got " + ranks);
        if (opt.nonBlocking) OmpiBenchOptions.fail(NAME, "--calls nonblocking: not offered (put/get)");
        if (rank == 0) {
            java.security.CodeSource from = MPI.class.getProtectionDomain().getCodeSource();
            System.err.println("# " + NAME + ": package mpi from " + (from == null ? "?" : from.getLocation()));
        }
        if (!opt.direct && !heapOriginsAccepted()) {
            OmpiBenchOptions.fail(NAME, "these bindings refuse heap buffers (arrays wrapped) as origin buffers, as"
                    + " Open MPI's own do: --buffer array runs on natmpj only", REFUSED);
        }
        Comm pair = MPI.COMM_WORLD.split(rank < 2 ? 0 : MPI.UNDEFINED, rank);
        if (rank < 2) {
            OmpiRmaBench b = new OmpiRmaBench(parts, opt, rank, pair);
            if (rank == 0) System.out.println(OmpiBenchOptions.CSV_HEADER);
            if (!b.lock) b.win.fence(0);
            long jit = b.bw ? Math.max(1, opt.jitWarmup / WINDOW) : Math.max(1, opt.jitWarmup);
            b.begin();
            b.run(Math.max(1, opt.min), jit);
            b.end();
            for (int size : opt.sizes()) {
                long n = opt.scaled(b.iterations(size));
                b.validate(size, 0);
                long warm = b.warmups(size);
                b.begin();
                b.run(size, warm);
                OmpiSettle.settle(k -> b.run(size, k), warm, 1 - rank, opt.settle, opt.choice + " " + size);
                b.end();
                MPI.COMM_WORLD.barrier();
                b.begin();
                long t0 = System.nanoTime();
                b.run(size, n);
                long t1 = System.nanoTime();
                b.end();
                MPI.COMM_WORLD.barrier();
                b.validate(size, 1);
                if (rank == 0) {
                    double us = (t1 - t0) / 1e3 / n / (b.bw ? WINDOW : 1);
                    opt.print(opt.choice, 2, size, n, us, size / us);
                }
            }
            b.win.free();
            pair.free();
        }
        MPI.COMM_WORLD.barrier();
        MPI.Finalize();
    }

    /**
     * Whether the bindings take a heap origin buffer: an empty put to MPI.PROC_NULL on a window of COMM_SELF. Open
     * MPI's refuse it before calling MPI (IllegalArgumentException), on every rank alike.
     */
    static boolean heapOriginsAccepted() throws Exception {
        Win w = new Win(MPI.newByteBuffer(8), 8, 1, MPI.INFO_NULL, MPI.COMM_WORLD);
        boolean accepted;
        try {
            w.fence(0);
            w.put(ByteBuffer.wrap(new byte[1]), 0, MPI.BYTE, MPI.PROC_NULL, 0, 0, MPI.BYTE);
            accepted = true;
        } catch (IllegalArgumentException e) {
            accepted = false;
        }
        w.fence(0);
        w.free();
        return accepted;
    }

    final boolean get, bw, lock;
    final int rank;
    /** The origin as the operations take it: a direct buffer, or the array wrapped. */
    final Buffer origin;
    /** The origin's bytes (byte[] or direct ByteBuffer), for the validation. */
    final Object originData;
    final ByteBuffer memory;
    final Win win;

    OmpiRmaBench(String[] parts, OmpiBenchOptions opt, int rank, Comm pair) throws Exception {
        get = parts[0].equals("get");
        bw = parts[1].equals("bw");
        lock = parts[2].equals("lock");
        this.rank = rank;
        int capacity = Math.max(opt.max, 1);
        originData = OmpiBenchData.bytes(opt.direct, capacity);
        origin = originData instanceof byte[] ? ByteBuffer.wrap((byte[]) originData) : (Buffer) originData;
        memory = MPI.newByteBuffer(capacity);
        win = new Win(memory, capacity, 1, MPI.INFO_NULL, pair);
    }

    long bytesPerIteration(int size) {
        return (bw ? WINDOW : 1L) * Math.max(size, 1);
    }

    long iterations(int size) {
        return bw ? clamp((1L << 30) / bytesPerIteration(size), 4, 2000)
                : clamp((1L << 30) / bytesPerIteration(size), 50, 20000);
    }

    long warmups(int size) {
        return bw ? clamp((1L << 26) / bytesPerIteration(size), 2, 2000)
                : clamp((1L << 26) / bytesPerIteration(size), 10, 20000);
    }

    static long clamp(long v, long lo, long hi) {
        return Math.max(lo, Math.min(hi, v));
    }

    void run(int size, long n) throws Exception {
        int ops = bw ? WINDOW : 1;
        for (long i = 0; i < n; i++) {
            if (rank == 0) {
                for (int j = 0; j < ops; j++) {
                    if (get) win.get(origin, size, MPI.BYTE, 1, 0, size, MPI.BYTE);
                    else win.put(origin, size, MPI.BYTE, 1, 0, size, MPI.BYTE);
                }
                if (lock) win.flush(1);
            }
            if (!lock) win.fence(0);
        }
    }

    void begin() throws Exception {
        if (lock && rank == 0) win.lock(MPI.LOCK_SHARED, 1, 0);
    }

    void end() throws Exception {
        if (lock && rank == 0) win.unlock(1);
    }

    /** As rma_bench.c's validate. */
    void validate(int size, int round) throws Exception {
        if (rank == 0) {
            if (get) OmpiBenchData.clear(originData, 0, size);
            else OmpiBenchData.fill(originData, 0, size, round, 0);
        } else {
            if (get) OmpiBenchData.fill(memory, 0, size, round, 1);
            else OmpiBenchData.clear(memory, 0, size);
        }
        MPI.COMM_WORLD.barrier();
        begin();
        run(size, 1);
        end();
        MPI.COMM_WORLD.barrier();
        if (rank == 0 && get) OmpiBenchData.check(originData, 0, size, round, 1, NAME + " " + round);
        if (rank == 1 && !get) OmpiBenchData.check(memory, 0, size, round, 0, NAME + " " + round);
    }
}
