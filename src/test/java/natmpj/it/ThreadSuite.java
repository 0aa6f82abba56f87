package natmpj.it;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;

import mpi.Intracomm;
import mpi.MPI;
import mpi.Request;

/**
 * MPI_THREAD_MULTIPLE under a real mpirun: several Java threads per rank exchange messages at once (blocking on
 * arrays, non-blocking on arrays and direct buffers) while allocating enough to force collections, data verified.
 * The blocking receives on arrays are where pinning would deadlock the JVM (see RequestBuffer.forBlocking).
 */
public final class ThreadSuite {
    static final int THREADS = 4, ROUNDS = 300;

    public static void main(String[] args) throws Exception {
        Cases cases = new Cases();
        int provided = MPI.Init_thread(args, MPI.THREAD_MULTIPLE);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.Rank(), size = world.Size();
        int right = (rank + 1) % size, left = (rank + size - 1) % size;

        cases.add("provides_thread_multiple", () -> {
            Check.eq(MPI.THREAD_MULTIPLE, provided, "provided level");
            Check.eq(MPI.THREAD_MULTIPLE, MPI.Query_thread(), "Query_thread");
            Check.eq(MPI.THREAD_MULTIPLE, MPI.queryThread(), "queryThread");
            Check.isTrue(MPI.Is_thread_main() && MPI.isMainThread(), "the thread that called Init is main");
            AtomicReference<Boolean> other = new AtomicReference<>();
            Thread t = new Thread(() -> other.set(MPI.Is_thread_main()));
            t.start();
            t.join();
            Check.eq(Boolean.FALSE, other.get(), "another thread is not main");
        });
        cases.add("threads_exchange_concurrently", () -> {
            List<Thread> threads = new ArrayList<>();
            AtomicReference<Throwable> failure = new AtomicReference<>();
            for (int t = 0; t < THREADS; t++) {
                int id = t;
                Thread thread = new Thread(() -> {
                    try {
                        exchange(world, rank, right, left, id);
                    } catch (Throwable e) {
                        failure.compareAndSet(null, e);
                    }
                }, "exchanger-" + t);
                threads.add(thread);
                thread.start();
            }
            for (Thread t : threads) t.join();
            if (failure.get() != null) throw new AssertionError("a thread failed: " + failure.get(), failure.get());
        });
        cases.add("collectives_on_duplicated_communicators", () -> {
            Intracomm[] comms = new Intracomm[THREADS];
            for (int t = 0; t < THREADS; t++) comms[t] = (Intracomm) world.clone(); // collective: main thread
            List<Thread> threads = new ArrayList<>();
            AtomicReference<Throwable> failure = new AtomicReference<>();
            for (int t = 0; t < THREADS; t++) {
                int id = t;
                Thread thread = new Thread(() -> {
                    try {
                        collectives(comms[id], rank, size, id);
                    } catch (Throwable e) {
                        failure.compareAndSet(null, e);
                    }
                }, "collective-" + t);
                threads.add(thread);
                thread.start();
            }
            for (Thread t : threads) t.join();
            for (Intracomm c : comms) c.Free();
            if (failure.get() != null) throw new AssertionError("a thread failed: " + failure.get(), failure.get());
        });
        cases.run(true);
        MPI.Finalize();
        cases.write(rank);
    }

    /** Each thread runs its own sequence of collectives on its own communicator, on direct buffers. */
    static void collectives(Intracomm comm, int rank, int size, int id) {
        java.nio.ByteBuffer in = java.nio.ByteBuffer.allocateDirect(8 * 64).order(java.nio.ByteOrder.nativeOrder());
        java.nio.ByteBuffer out = java.nio.ByteBuffer.allocateDirect(8 * 64).order(java.nio.ByteOrder.nativeOrder());
        for (int round = 0; round < ROUNDS; round++) {
            for (int i = 0; i < 64; i++) in.putLong(8 * i, (long) rank * round + i + id);
            comm.Allreduce(in, 0, out, 0, 64, MPI.LONG, MPI.SUM);
            long expected = (long) round * size * (size - 1) / 2 + (long) size * (5 + id);
            Check.eq(expected, out.getLong(8 * 5), "thread " + id + " allreduce round " + round);
            int root = round % size;
            if (rank == root) out.putLong(0, round * 1000L + id);
            comm.Bcast(out, 0, 1, MPI.LONG, root);
            Check.eq(round * 1000L + id, out.getLong(0), "thread " + id + " bcast round " + round);
        }
    }

    /** Thread id talks to thread id of the neighbours on its own tags; every round allocates garbage. */
    static void exchange(Intracomm world, int rank, int right, int left, int id) {
        List<long[]> junk = new ArrayList<>();
        for (int round = 0; round < ROUNDS; round++) {
            int n = 1 + (round * 131 + id * 17) % 20000;
            int[] out = new int[n];
            Values.fill("INT", out, 0, n, round * 10L + id + rank * 100000L);
            int[] in = new int[n];
            if (round % 2 == 0) {
                Request s = world.Isend(out, 0, n, MPI.INT, right, 100 + id);
                world.Recv(in, 0, n, MPI.INT, left, 100 + id);
                s.Wait();
            } else {
                world.Sendrecv(out, 0, n, MPI.INT, right, 200 + id, in, 0, n, MPI.INT, left, 200 + id);
            }
            Values.expect("INT", in, 0, n, round * 10L + id + left * 100000L, "thread " + id + " round " + round);
            for (int k = 0; k < 50; k++) junk.add(new long[2000]);
            if (junk.size() > 500) junk.clear();
        }
    }
}
