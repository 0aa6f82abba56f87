package natmpj.it;

import mpi.Intracomm;
import mpi.MPI;
import natmpj.testkit.Allocators;
import natmpj.testkit.Cases;
import natmpj.testkit.Check;
import natmpj.testkit.MultiRank;
import natmpj.testkit.Values;

/**
 * THREAD_FUNNELED (plain MPI.Init), where blocking calls pin Java arrays: other Java threads that allocate heavily
 * and force collections while the main thread waits in a receive get no OutOfMemoryError, and keep allocating when
 * the receive waits unpinned (-Dnatmpj.recvWaitsUnpinned=true), or the collector pins regions (JDK 22+ with G1,
 * Shenandoah); nor while the main thread makes many short pinned calls (on JDK < 25 that needs the
 * -XX:GCLockerRetryAllocationCount bin/mpjrun passes: the jobs get the same). Ranks work in pairs. Runs with a small
 * heap (frequent collections) under several collectors, on JDK 25 under Serial (its choice under mpirun) and G1.
 */
@MultiRank(jvm = {"", "-XX:+UseG1GC", "-XX:+UseParallelGC", "-XX:+UseShenandoahGC", "-Dnatmpj.recvWaitsUnpinned=true"},
        jvmEach = "-Xmx128m",
        jvmEachBeforeJdk25 = "-XX:+UnlockDiagnosticVMOptions -XX:GCLockerRetryAllocationCount=1000", extraJdks = true,
        extraJdkJvm = {"-Xmx128m", "-XX:+UseG1GC -Xmx128m"})
public final class PinningSuite {
    public static void main(String[] args) throws Exception {
        Cases.job(args).run(PinningSuite::addCases);
    }

    private static void addCases(Cases cases) {
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.Rank(), size = world.Size();
        int partner = rank ^ 1;
        boolean paired = partner < size;
        int calls = Cases.rounds(3000, 300);
        cases.add("blocked_receive_lets_other_threads_allocate", () -> {
            if (!paired) return;
            int n = 50000;
            if (rank % 2 == 0) {
                int[] in = new int[n + 2];
                in[0] = -1;
                in[n + 1] = -2;
                long before, during;
                try (Allocators allocators = new Allocators(3, 1 << 20)) {
                    Thread.sleep(200);
                    world.Send(new int[0], 0, 0, MPI.INT, partner, 1); // the partner waits 2 s from here
                    before = allocators.allocations.get();
                    world.Recv(in, 1, n, MPI.INT, partner, 2);
                    during = allocators.allocations.get() - before;
                    Check.eq(0L, allocators.outOfMemory.get(), "OutOfMemoryErrors in allocating threads");
                }
                Values.expect("INT", in, 1, n + 1, 77, "message received after the wait");
                Check.isTrue(in[0] == -1 && in[n + 1] == -2, "guards untouched");
                // By default the array is pinned while Recv waits: the others allocate little until the message
                // comes, but must not fail. Opted in, or with a collector that pins regions, they must go on.
                boolean collectorFree = Boolean.getBoolean("natmpj.recvWaitsUnpinned")
                        || natmpj.internal.NativeLibrary.gcPinsRegions();
                System.out.println("PINNING rank " + rank + ": " + during + " allocations by 3 threads during the 2 s"
                        + " Recv (" + (collectorFree ? "collector free" : "array pinned while waiting") + ")");
                if (collectorFree) {
                    Check.isTrue(during > 100, "allocating threads made only " + during
                            + " allocations in 2 s while main waited in Recv: the collector was blocked");
                }
            } else {
                world.Recv(new int[0], 0, 0, MPI.INT, partner, 1);
                int[] out = new int[n];
                Values.fill("INT", out, 0, n, 77);
                Thread.sleep(2000);
                world.Send(out, 0, n, MPI.INT, partner, 2);
            }
        });
        cases.add("many_pinned_calls_while_threads_allocate", () -> {
            if (!paired) return;
            int n = 1024;
            int[] out = new int[n], in = new int[n];
            try (Allocators allocators = new Allocators(3, 1 << 20)) {
                // at least `calls` rounds, longer while the collector was not loaded (Allocators.goOn); each rank
                // tells its partner in the message's last element
                boolean more = true;
                int round = 0;
                for (; more; round++) {
                    out[n - 1] = allocators.wantsMore();
                    Values.fill("INT", out, 0, 4, round * 10L + rank);
                    if (round % 2 == 0) {
                        world.Sendrecv(out, 0, n, MPI.INT, partner, 3, in, 0, n, MPI.INT, partner, 3);
                    } else if (rank % 2 == 0) {
                        world.Send(out, 0, n, MPI.INT, partner, 4);
                        world.Recv(in, 0, n, MPI.INT, partner, 4);
                    } else {
                        world.Recv(in, 0, n, MPI.INT, partner, 4);
                        world.Send(out, 0, n, MPI.INT, partner, 4);
                    }
                    Values.expect("INT", in, 0, 4, round * 10L + partner, "round " + round);
                    more = Allocators.goOn(round, calls, out[n - 1], in[n - 1]);
                }
                Check.eq(0L, allocators.outOfMemory.get(), "OutOfMemoryErrors in allocating threads ("
                        + allocators.allocations.get() + " allocations)");
                Check.isTrue(allocators.collections() >= Allocators.ENOUGH_COLLECTIONS, "only "
                        + allocators.collections() + " collections during " + round
                        + " pinned calls: the case did not load the collector");
            }
        });
    }
}
