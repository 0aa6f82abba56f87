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
 * MPI-3's requests too: a non-blocking collective pending on arrays, and a window whose memory is an array (pinned
 * for the window's life where the collector pins regions, refused elsewhere), while other threads allocate.
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
        int calls = Cases.rounds(1000, 300);
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
                    world.Send(new int[0], 0, 0, MPI.INT, partner, 1); // the partner waits 1 s from here
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
                System.out.println("PINNING rank " + rank + ": " + during + " allocations by 3 threads during the 1 s"
                        + " Recv (" + (collectorFree ? "collector free" : "array pinned while waiting") + ")");
                if (collectorFree) {
                    Check.isTrue(during > 100, "allocating threads made only " + during
                            + " allocations in 1 s while main waited in Recv: the collector was blocked");
                }
            } else {
                world.Recv(new int[0], 0, 0, MPI.INT, partner, 1);
                int[] out = new int[n];
                Values.fill("INT", out, 0, n, 77);
                Thread.sleep(1000);
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
        cases.add("pending_nonblocking_collective_lets_other_threads_allocate", () -> {
            // Every rank but 0 starts an iAllReduce on Java arrays and waits in it while 3 threads allocate; rank 0
            // joins 1 s later. A request's array is pinned by region (the collector goes on) or staged, never held
            // in a critical region across the wait, so the others allocate on, under every collector.
            int n = 50000;
            int[] in = new int[n], out = new int[n];
            for (int i = 0; i < n; i++) in[i] = rank + i;
            if (rank == 0) {
                world.barrier();
                Thread.sleep(1000);
                world.iAllReduce(java.nio.IntBuffer.wrap(in), java.nio.IntBuffer.wrap(out), n, MPI.INT, MPI.SUM)
                        .waitFor();
            } else {
                try (Allocators allocators = new Allocators(3, 1 << 20)) {
                    world.barrier();
                    long before = allocators.allocations.get();
                    mpi.Request r = world.iAllReduce(java.nio.IntBuffer.wrap(in), java.nio.IntBuffer.wrap(out), n,
                            MPI.INT, MPI.SUM);
                    r.waitFor();
                    long during = allocators.allocations.get() - before;
                    Check.eq(0L, allocators.outOfMemory.get(), "OutOfMemoryErrors in allocating threads");
                    String path = natmpj.internal.Pins.requestsPinned() ? "pinned" : "staged";
                    System.out.println("PINNING rank " + rank + ": " + during + " allocations by 3 threads during the"
                            + " 1 s iAllReduce (" + path + ")");
                    Check.isTrue(during > 50, "allocating threads made only " + during + " allocations in 1 s"
                            + " while main waited in an iAllReduce: the collector was blocked");
                }
            }
            for (int i = 0; i < n; i += 97) {
                Check.eq(size * i + size * (size - 1) / 2, out[i], "iAllReduce [" + i + "]");
            }
        });
        cases.add("window_on_an_array_lives_through_collections", () -> {
            // Window memory must stay in place for the window's life: an array is pinned for it where the collector
            // pins regions, and refused elsewhere. With 3 threads allocating (and collecting) in a small heap, the
            // ranks put into each other's windows and read back, many epochs.
            int n = 1 << 16, right = (rank + 1) % size;
            int[] memory = new int[n];
            java.nio.IntBuffer base = java.nio.IntBuffer.wrap(memory);
            if (!natmpj.internal.Pins.requestsPinned()) {
                mpi.MPIException e = Check.throwsWith(mpi.MPIException.class,
                        () -> new mpi.Win(base, n, 1, MPI.INFO_NULL, world), "base is a heap buffer", "direct buffer");
                Check.isTrue(e.getCause() instanceof IllegalArgumentException, "cause " + e.getCause());
                return;
            }
            // The MPICH family needs a base on 16 bytes (natmpj refuses others there: docs/mpi3.md); an array's elements
            // may start 8 bytes off. A rank whose own base was refused (its message says so) moves it by 2 ints.
            int offset = 0;
            mpi.Win win = null;
            for (int attempt = 0; win == null; attempt++) {
                try {
                    win = new mpi.Win(java.nio.IntBuffer.wrap(memory, offset, n - offset).slice(), n - offset, 1,
                            MPI.INFO_NULL, world);
                } catch (mpi.MPIException e) {
                    if (attempt == 8) throw e;
                    if (e.getMessage().contains("past a multiple of 16 bytes")) offset = 2 - offset;
                }
            }
            try (Allocators allocators = new Allocators(3, 1 << 20)) {
                int epochs = Cases.rounds(200, 40);
                for (int epoch = 0; epoch < epochs; epoch++) {
                    int at = (epoch * 523) % (n - 66);
                    int[] origin = new int[64];
                    for (int i = 0; i < 64; i++) origin[i] = epoch * 100_000 + rank * 1000 + i;
                    win.fence(0);
                    win.put(java.nio.IntBuffer.wrap(origin), 64, MPI.INT, right, at, 64, MPI.INT);
                    win.fence(0);
                    int left = (rank + size - 1) % size;
                    for (int i = 0; i < 64; i++) {
                        Check.eq(epoch * 100_000 + left * 1000 + i, memory[offset + at + i], "epoch " + epoch + " [" + i + "]");
                    }
                }
                Check.eq(0L, allocators.outOfMemory.get(), "OutOfMemoryErrors in allocating threads");
                Check.isTrue(allocators.collections() > 0, "collections ran while the window lived");
            } finally {
                win.free();
            }
        });
    }
}
