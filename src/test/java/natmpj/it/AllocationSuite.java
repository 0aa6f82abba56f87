package natmpj.it;

import java.lang.management.ManagementFactory;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

import mpi.Intracomm;
import mpi.MPI;
import mpi.Status;
import natmpj.testkit.Cases;
import natmpj.testkit.Check;
import natmpj.testkit.MultiRank;

/**
 * The blocking calls allocate nothing once compiled: a program's loop of Send/Recv, Sendrecv, Sendrecv_replace,
 * Bcast, Allreduce, Barrier or Iprobe makes no garbage per call, though Recv and Sendrecv return a new Status each
 * (C2 inlines them into the loop and escape analysis removes the Status the loop drops or only reads; see
 * Comm.received). Measured with the thread's allocation counter (com.sun.management.ThreadMXBean) over batches of
 * calls: after the JIT's warm-up, the last batches of each case must allocate less than one byte per iteration on
 * either rank. A case fails with the bytes per iteration of every batch.
 *
 * <p>One kind of buffer per JVM ({@code -Dnatmpj.test.buffers=array|direct}), as in most programs: where a program
 * mixes Java arrays and direct buffers in the same calls, C2's type profiles see both and it may keep some Messages
 * (the C layer's view of a buffer) allocated. Ranks 0 and 1 only; the cases need C2 (no -Xint, no -Xcheck:jni).
 */
@MultiRank(jvm = {"-Dnatmpj.test.buffers=array", "-Dnatmpj.test.buffers=direct"}, ranks = 2, extraJdks = true,
        extraJdkJvm = {"-XX:+UseG1GC -Dnatmpj.test.buffers=array", "-XX:+UseG1GC -Dnatmpj.test.buffers=direct"})
public final class AllocationSuite {
    /** Batches per case, iterations per batch, and how many of the last batches must allocate nothing. */
    static final int BATCHES = 40, BATCH = 10_000, QUIET = 5;

    private static final com.sun.management.ThreadMXBean THREADS =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

    public static void main(String[] args) throws Exception {
        Cases.job(args).run(AllocationSuite::addCases);
    }

    /** One iteration of a pattern, run in loops the JIT compiles. */
    interface Pattern {
        void run(int iterations);
    }

    private static void addCases(Cases cases) {
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.Rank();
        if (rank > 1) return;
        int peer = 1 - rank;
        boolean direct = "direct".equals(System.getProperty("natmpj.test.buffers"));
        Object out = bytes(direct, 64), in = bytes(direct, 64);
        Object floatsOut = floats(direct, 4), floatsIn = floats(direct, 4);

        cases.add("send_recv_dropping_the_status", () -> measure(n -> {
            for (int i = 0; i < n; i++) {
                if (rank == 0) {
                    world.Send(out, 0, 8, MPI.BYTE, peer, 1);
                    world.Recv(in, 0, 8, MPI.BYTE, peer, 1);
                } else {
                    world.Recv(in, 0, 8, MPI.BYTE, peer, 1);
                    world.Send(out, 0, 8, MPI.BYTE, peer, 1);
                }
            }
        }));
        cases.add("recv_reading_the_status_fields", () -> {
            int[] seen = new int[1];
            measure(n -> {
                int sum = 0;
                for (int i = 0; i < n; i++) {
                    if (rank == 0) {
                        world.Send(out, 0, 8, MPI.BYTE, peer, 2);
                        Status s = world.Recv(in, 0, 8, MPI.BYTE, MPI.ANY_SOURCE, MPI.ANY_TAG);
                        sum += s.source + s.tag;
                    } else {
                        Status s = world.Recv(in, 0, 8, MPI.BYTE, peer, 2);
                        sum += s.source + s.tag;
                        world.Send(out, 0, 8, MPI.BYTE, peer, 2);
                    }
                }
                seen[0] = sum;
            });
            Check.eq(BATCH * (peer + 2), seen[0], "sum of source + tag over the last batch");
        });
        cases.add("sendrecv", () -> measure(n -> {
            for (int i = 0; i < n; i++) world.Sendrecv(out, 0, 8, MPI.BYTE, peer, 3, in, 0, 8, MPI.BYTE, peer, 3);
        }));
        cases.add("sendrecv_replace", () -> measure(n -> {
            for (int i = 0; i < n; i++) world.Sendrecv_replace(out, 0, 8, MPI.BYTE, peer, 4, peer, 4);
        }));
        cases.add("bcast", () -> measure(n -> {
            for (int i = 0; i < n; i++) world.Bcast(out, 0, 8, MPI.BYTE, 0);
        }));
        cases.add("allreduce", () -> measure(n -> {
            for (int i = 0; i < n; i++) world.Allreduce(floatsOut, 0, floatsIn, 0, 2, MPI.FLOAT, MPI.SUM);
        }));
        cases.add("barrier", () -> measure(n -> {
            for (int i = 0; i < n; i++) world.Barrier();
        }));
        cases.add("iprobe_nothing_pending", () -> measure(n -> {
            for (int i = 0; i < n; i++) {
                if (world.Iprobe(peer, 99) != null) throw new AssertionError("a message with tag 99 was pending");
            }
        }));
        // The Status each Recv returns is the program's to keep: kept ones stay distinct and right.
        cases.add("kept_statuses_stay_distinct", () -> {
            Status[] kept = new Status[200];
            for (int i = 0; i < kept.length; i++) {
                int tag = 100 + i % 7, count = 1 + i % 8;
                if (rank == 0) {
                    world.Send(out, 0, count, MPI.BYTE, peer, tag);
                    kept[i] = world.Recv(in, 0, 8, MPI.BYTE, peer, MPI.ANY_TAG);
                } else {
                    kept[i] = world.Recv(in, 0, 8, MPI.BYTE, peer, MPI.ANY_TAG);
                    world.Send(out, 0, count, MPI.BYTE, peer, tag);
                }
            }
            for (int i = 0; i < kept.length; i++) {
                for (int j = 0; j < i; j++) Check.isTrue(kept[i] != kept[j], "statuses " + j + " and " + i);
                Check.eq(peer, kept[i].source, "source of status " + i);
                Check.eq(100 + i % 7, kept[i].tag, "tag of status " + i);
                Check.eq(1 + i % 8, kept[i].Get_count(MPI.BYTE), "count of status " + i);
            }
        });
    }

    /**
     * Runs {@link #BATCHES} batches of {@link #BATCH} iterations and fails unless each of the last {@link #QUIET}
     * allocated less than one byte per iteration on this thread. Both ranks run the same batches (the patterns pair
     * them), so no agreement is needed, and nothing else runs between the counter's readings.
     */
    private static void measure(Pattern pattern) {
        Check.isTrue(THREADS.isThreadAllocatedMemorySupported() && THREADS.isThreadAllocatedMemoryEnabled(),
                "this JVM counts the bytes each thread allocates");
        long thread = Thread.currentThread().getId();
        double[] perIteration = new double[BATCHES];
        for (int b = 0; b < BATCHES; b++) {
            long before = THREADS.getThreadAllocatedBytes(thread);
            pattern.run(BATCH);
            perIteration[b] = (THREADS.getThreadAllocatedBytes(thread) - before) / (double) BATCH;
        }
        boolean quiet = true;
        for (int b = BATCHES - QUIET; b < BATCHES; b++) quiet &= perIteration[b] < 1.0;
        if (!quiet) {
            StringBuilder all = new StringBuilder();
            for (double v : perIteration) all.append(String.format(" %.1f", v));
            throw new AssertionError("bytes allocated per iteration, batch by batch of " + BATCH + ":" + all);
        }
    }

    private static Object bytes(boolean direct, int n) {
        return direct ? ByteBuffer.allocateDirect(n).order(ByteOrder.nativeOrder()) : new byte[n];
    }

    private static Object floats(boolean direct, int n) {
        return direct ? ByteBuffer.allocateDirect(4 * n).order(ByteOrder.nativeOrder()) : new float[n];
    }
}
