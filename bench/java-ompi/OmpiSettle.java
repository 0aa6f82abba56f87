import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;

import mpi.MPI;

/**
 * bench/java/Settle.java written to Open MPI's Java API, for OmpiP2pBench: before a size is timed, more warm-up runs
 * in chunks of at least {@link #CHUNK_NANOS} until, in one chunk, the JVM's own threads (compiler, GC, VM thread)
 * used less than {@link #QUIET} of the chunk's time on both ranks. Settle.java says why; the two must stay the same
 * but for the MPI calls.
 */
final class OmpiSettle {
    private OmpiSettle() {}

    static final long CHUNK_NANOS = 50_000_000L;
    static final double QUIET = 0.05;
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

    /** Settle.settle: chunks of the warm-up until one is quiet on this rank and on peer, for at most limitSeconds. */
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
                MPI.COMM_WORLD.sendRecv(mine, 3, MPI.LONG, peer, 31, theirs, 3, MPI.LONG, peer, 31);
                for (int i = 0; i < 3; i++) agreed[i] = Math.max(mine[i], theirs[i]);
            } else {
                MPI.COMM_WORLD.allReduce(mine, agreed, 3, MPI.LONG, MPI.MAX);
            }
            boolean longEnough = agreed[0] >= CHUNK_NANOS;
            if (longEnough && agreed[1] < QUIET * 1_000_000) return chunks;
            if (agreed[2] >= limitNanos) {
                if (MPI.COMM_WORLD.getRank() == 0) {
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
