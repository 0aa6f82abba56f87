import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;

import mpi.MPI;

/**
 * Keeps a timed part off the JIT's and the collector's work: before a size is timed, more warm-up runs in chunks of
 * at least {@link #CHUNK_NANOS} until, in one chunk, the JVM's own threads (compiler, GC, VM thread: the process's
 * CPU time minus that of every Java thread) used less than {@link #QUIET} of the chunk's time on both ranks.
 *
 * <p>Why: the compiler threads run on the rank's own core (the ranks are bound to cores), so a compilation
 * during a timed loop takes the time from the benchmark. A path first taken at one size makes C2 throw away code
 * it compiled when that path had never run (an uncommon trap) and compile it again: MPI.OBJECT's first
 * out-of-band size (2 KiB, after 512 B and 1 KiB had been timed) had 0.4-0.7 s of compiling on each rank, which
 * the 2,000 warm-up round trips of that size (~40 ms) did not cover, and was timed at 2-4x 1 KiB's time
 * (bench/lab/jit-settle). A fixed warm-up count cannot know how long the compiler needs on a
 * busy core; this asks the JVM.
 *
 * <p>Uses only java.lang.management and com.sun.management (HotSpot JDKs) and the mpiJava 1.2 API, so the same
 * class runs on natmpj and on MPJ Express (where the multicore device's ranks are threads of one JVM: the check
 * then covers them all, and counts their JIT and GC once).
 */
final class Settle {
    private Settle() {}

    /** A chunk lasts at least this long (a chunk shorter than one C2 compilation could miss it). */
    static final long CHUNK_NANOS = 50_000_000L;
    /** The JVM's own threads below this share of a chunk's time on every rank: quiet. */
    static final double QUIET = 0.05;
    /** --settle's default: settling gives up after this long, and the size is timed anyway (said on stderr). */
    static final double DEFAULT_LIMIT_SECONDS = 10;

    /** n iterations of the warm-up: the same calls on both ranks. */
    interface Chunk {
        void run(long n) throws Exception;
    }

    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
    private static final com.sun.management.OperatingSystemMXBean OS = osBean();

    private static com.sun.management.OperatingSystemMXBean osBean() {
        Object os = ManagementFactory.getOperatingSystemMXBean();
        return os instanceof com.sun.management.OperatingSystemMXBean
                ? (com.sun.management.OperatingSystemMXBean) os : null;
    }

    /**
     * Whether this JVM reports the CPU times the check needs; if not, {@link #settle} ends at its first chunk of
     * CHUNK_NANOS.
     */
    static boolean supported() {
        return OS != null && OS.getProcessCpuTime() >= 0 && THREADS.isThreadCpuTimeSupported()
                && THREADS.isThreadCpuTimeEnabled();
    }

    /** CPU time of the threads no Java code runs on: the process's minus every live Java thread's, in ns. */
    static long jvmThreadsCpu() {
        long process = OS.getProcessCpuTime(), java = 0;
        for (long id : THREADS.getAllThreadIds()) {
            long t = THREADS.getThreadCpuTime(id);
            if (t > 0) java += t;
        }
        return process - java;
    }

    /**
     * Runs chunks of the warm-up until one is quiet on this rank and on peer (every rank of MPI.COMM_WORLD when
     * peer is negative), starting with n iterations and growing them until a chunk lasts CHUNK_NANOS, for at
     * most limitSeconds (0: returns at once). Both ranks take every decision from the same exchanged numbers, so
     * they make the same calls. Returns the number of chunks run; on giving up, also prints a line to stderr on
     * rank 0 (what = the case, e.g. "latency 2048").
     */
    static int settle(Chunk chunk, long n, int peer, double limitSeconds, String what) throws Exception {
        if (limitSeconds <= 0) return 0;
        long limitNanos = (long) (limitSeconds * 1e9);
        boolean check = supported();
        long start = System.nanoTime();
        // mine/agreed: [0] chunk wall time, [1] JVM threads' share in millionths, [2] time settling so far
        long[] mine = new long[3], agreed = new long[3];
        n = Math.max(1, n);
        for (int chunks = 1; ; chunks++) {
            long cpu0 = check ? jvmThreadsCpu() : 0, t0 = System.nanoTime();
            chunk.run(n);
            long t1 = System.nanoTime();
            mine[0] = t1 - t0;
            mine[1] = check ? (jvmThreadsCpu() - cpu0) * 1_000_000 / Math.max(1, mine[0]) : 0;
            mine[2] = t1 - start;
            if (peer >= 0) {
                long[] theirs = new long[3];
                MPI.COMM_WORLD.Sendrecv(mine, 0, 3, MPI.LONG, peer, 31, theirs, 0, 3, MPI.LONG, peer, 31);
                for (int i = 0; i < 3; i++) agreed[i] = Math.max(mine[i], theirs[i]);
            } else {
                MPI.COMM_WORLD.Allreduce(mine, 0, agreed, 0, 3, MPI.LONG, MPI.MAX);
            }
            boolean longEnough = agreed[0] >= CHUNK_NANOS;
            if (longEnough && agreed[1] < QUIET * 1_000_000) return chunks;
            if (agreed[2] >= limitNanos) {
                if (MPI.COMM_WORLD.Rank() == 0) {
                    System.err.printf("# %s: the JVM's own threads still used %.0f%% of a %.0f ms chunk after "
                            + "%.1f s of warm-up; timed anyway%n", what, agreed[1] / 1e4, agreed[0] / 1e6,
                            agreed[2] / 1e9);
                }
                return chunks;
            }
            if (!longEnough) n = Math.min(n * 16, n * ((CHUNK_NANOS + agreed[0] - 1) / Math.max(1, agreed[0])));
        }
    }
}
