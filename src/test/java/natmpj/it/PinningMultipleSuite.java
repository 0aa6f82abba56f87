package natmpj.it;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;

import mpi.Intracomm;
import mpi.MPI;
import natmpj.testkit.Allocators;
import natmpj.testkit.Cases;
import natmpj.testkit.Check;
import natmpj.testkit.MultiRank;
import natmpj.testkit.Threads;
import natmpj.testkit.Values;

/**
 * THREAD_MULTIPLE: thread A of a rank waits in a blocking receive on a Java array for a message its partner sends
 * only after it got one from thread B of A's rank, and B allocates heavily (forcing collections) before sending.
 * Were A's array pinned while it waits with a collector that cannot collect around it (JDK < 22, or any collector
 * but G1), B could never allocate and the job would hang: natmpj stages such calls (natmpj.internal.Message).
 * Runs with a small heap (frequent collections) under G1 and Parallel, with what bin/mpjrun passes to JDKs before 25.
 */
@MultiRank(jvm = {"-XX:+UseG1GC", "-XX:+UseParallelGC", "-XX:+UseShenandoahGC"}, jvmEach = "-Xmx128m",
        jvmEachBeforeJdk25 = "-XX:+UnlockDiagnosticVMOptions -XX:GCLockerRetryAllocationCount=1000", extraJdks = true,
        extraJdkJvm = {"-Xmx128m", "-XX:+UseG1GC -Xmx128m"})
public final class PinningMultipleSuite {
    public static void main(String[] args) throws Exception {
        Cases.job(args).threadLevel(MPI.THREAD_MULTIPLE).run(PinningMultipleSuite::addCases);
    }

    private static void addCases(Cases cases) {
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.Rank(), size = world.Size();
        int partner = rank ^ 1;
        boolean paired = partner < size;
        int calls = Cases.rounds(700, 200);
        cases.add("blocked_receive_while_another_thread_must_allocate_to_send", () -> {
            if (!paired) return;
            int n = 100000;
            for (int round = 0; round < 5; round++) {
                long seed = round * 1000L;
                if (rank % 2 == 0) {
                    int[] in = new int[n];
                    AtomicReference<Throwable> failure = new AtomicReference<>();
                    Thread a = new Thread(() -> {
                        try {
                            world.Recv(in, 0, n, MPI.INT, partner, 1);
                        } catch (Throwable e) {
                            failure.compareAndSet(null, e);
                        }
                    }, "receiver-A");
                    Thread b = new Thread(() -> {
                        try {
                            Thread.sleep(100); // A is waiting by now
                            List<byte[]> garbage = new ArrayList<>();
                            for (int i = 0; i < 400; i++) { // 200 MB at least: collections cannot be avoided
                                garbage.add(new byte[512 * 1024]);
                                if (garbage.size() > 20) garbage.clear();
                                if (i % 100 == 0) System.gc();
                            }
                            int[] out = new int[n];
                            Values.fill("INT", out, 0, n, seed + 1);
                            world.Sendrecv(out, 0, n, MPI.INT, partner, 2, new int[1], 0, 1, MPI.INT, partner, 3);
                        } catch (Throwable e) {
                            failure.compareAndSet(null, e);
                        }
                    }, "allocator-B");
                    a.start();
                    b.start();
                    a.join(40000);
                    b.join(40000);
                    Check.isTrue(!a.isAlive() && !b.isAlive(), "round " + round + ": deadlock, A alive " + a.isAlive()
                            + ", B alive " + b.isAlive());
                    if (failure.get() != null) throw new AssertionError("round " + round + ": " + failure.get(),
                            failure.get());
                    Values.expect("INT", in, 0, n, seed + 2, "round " + round + " A's message");
                } else {
                    int[] got = new int[n];
                    world.Recv(got, 0, n, MPI.INT, partner, 2);
                    Values.expect("INT", got, 0, n, seed + 1, "round " + round + " B's message");
                    int[] out = new int[n];
                    Values.fill("INT", out, 0, n, seed + 2);
                    world.Sendrecv(out, 0, n, MPI.INT, partner, 1, new int[0], 0, 0, MPI.INT, MPI.PROC_NULL, 0);
                    world.Send(new int[1], 0, 1, MPI.INT, partner, 3);
                }
            }
        });
        cases.add("threads_pinned_calls_while_others_allocate", () -> {
            if (!paired) return;
            try (Allocators allocators = new Allocators(2, 1 << 20)) {
                Threads.inThreads("pinner", 2, id -> {
                    int n = 512;
                    int[] out = new int[n], in = new int[n];
                    // at least `calls` rounds, longer while the collector was not loaded (Allocators.goOn); each
                    // pinner tells its partner in the message's last element
                    boolean more = true;
                    for (int round = 0; more; round++) {
                        out[n - 1] = allocators.wantsMore();
                        Values.fill("INT", out, 0, 4, round * 10L + rank * 3L + id);
                        world.Sendrecv(out, 0, n, MPI.INT, partner, 10 + id, in, 0, n, MPI.INT, partner, 10 + id);
                        Values.expect("INT", in, 0, 4, round * 10L + partner * 3L + id, "pinner " + id + " round "
                                + round);
                        more = Allocators.goOn(round, calls, out[n - 1], in[n - 1]);
                    }
                });
                Check.eq(0L, allocators.outOfMemory.get(), "OutOfMemoryErrors in allocating threads");
                Check.isTrue(allocators.collections() >= Allocators.ENOUGH_COLLECTIONS, "only "
                        + allocators.collections()
                        + " collections during the pinned calls: the case did not load the collector");
            }
        });
    }
}
