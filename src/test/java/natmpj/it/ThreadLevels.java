package natmpj.it;

import mpi.Comm;
import mpi.Intracomm;
import mpi.MPI;
import mpi.Request;
import natmpj.testkit.Cases;
import natmpj.testkit.Check;
import natmpj.testkit.Threads;
import natmpj.testkit.Values;

/**
 * The cases shared by the thread-level suites (a process initializes MPI once, so each level is its own suite):
 * under THREAD_SINGLE/FUNNELED a call from another thread throws a clear IllegalStateException and changes nothing,
 * under THREAD_SERIALIZED other threads may call in turn; thread queries and Abort are allowed from any thread.
 */
final class ThreadLevels {
    private ThreadLevels() {}

    /** One ring exchange plus an Allreduce on the calling thread: proves MPI works from it, data verified. */
    static void ring(Intracomm comm, long seed) {
        int rank = comm.Rank(), size = comm.Size();
        int right = (rank + 1) % size, left = (rank + size - 1) % size;
        int n = 300;
        int[] out = new int[n], in = new int[n];
        Values.fill("INT", out, 0, n, seed + rank);
        comm.Sendrecv(out, 0, n, MPI.INT, right, 5, in, 0, n, MPI.INT, left, 5);
        Values.expect("INT", in, 0, n, seed + left, "ring from " + left);
        long[] sum = new long[1];
        comm.Allreduce(new long[] {seed + rank}, 0, sum, 0, 1, MPI.LONG, MPI.SUM);
        Check.eq(size * seed + (long) size * (size - 1) / 2, sum[0], "allreduce");
    }

    /** The cases for a level where only the initializing thread may call MPI (levelName: THREAD_SINGLE/FUNNELED). */
    static void addOneThreadCases(Cases cases, int level, String levelName) {
        Intracomm world = MPI.COMM_WORLD;
        String main = Thread.currentThread().getName();
        cases.add("provides_" + levelName.toLowerCase(), () -> {
            Check.eq(level, MPI.Query_thread(), "Query_thread");
            Check.isTrue(MPI.Is_thread_main(), "the initializing thread is main");
        });
        cases.add("other_thread_calls_throw_naming_both_threads_and_the_fix", () -> {
            int[] buf = new int[4];
            int me = world.Rank();
            Request pending = world.Irecv(buf, 0, 4, MPI.INT, me, 9); // to complete from main afterwards
            Cases.Body[] calls = {
                () -> world.Rank(),
                () -> world.Barrier(),
                () -> world.Send(buf, 0, 4, MPI.INT, me, 9),
                () -> world.Recv(buf, 0, 4, MPI.INT, MPI.ANY_SOURCE, 9),
                () -> world.Isend(buf, 0, 4, MPI.INT, me, 9),
                () -> world.Allreduce(buf, 0, buf, 0, 0, MPI.INT, MPI.SUM),
                () -> world.clone(),
                () -> pending.Test(),
                () -> MPI.Wtime(),
                () -> MPI.Finalize(),
            };
            String[] names = {"Comm.Rank", "Intracomm.Barrier", "Comm.Send", "Comm.Recv", "Comm.Isend",
                              "Intracomm.Allreduce", "Intracomm.clone", "Request.Test", "MPI.Wtime", "MPI.Finalize"};
            Threads.inThread("worker-7", () -> {
                for (int i = 0; i < calls.length; i++) {
                    IllegalStateException e = Check.throwsWith(IllegalStateException.class, calls[i], "worker-7",
                            "\"" + main + "\"", levelName, "MPI.Init_thread", "THREAD_SERIALIZED", "THREAD_MULTIPLE",
                            "-Dnatmpj.initThreadLevel=multiple");
                    Check.isTrue(e.getMessage().startsWith(names[i] + ": called from thread"),
                            "message starts with the call " + names[i] + ": " + e.getMessage());
                }
            });
            // Nothing happened: the main thread completes the pending receive with its own send.
            int[] out = {1, 2, 3, 4};
            world.Send(out, 0, 4, MPI.INT, me, 9);
            pending.Wait();
            Check.eq(java.util.Arrays.toString(out), java.util.Arrays.toString(buf), "received by main");
        });
        cases.add("queries_and_abort_allowed_from_any_thread", () -> {
            Comm freed = (Comm) world.clone();
            freed.Free();
            Threads.inThread("asker", () -> {
                Check.eq(level, MPI.Query_thread(), "Query_thread from another thread");
                Check.eq(level, MPI.queryThread(), "queryThread from another thread");
                Check.isTrue(!MPI.Is_thread_main() && !MPI.isMainThread(), "another thread is not main");
                Check.isTrue(MPI.Initialized(), "Initialized from another thread");
                // Abort passes the thread check: it gets as far as refusing the freed communicator.
                Check.throwsWith(IllegalStateException.class, () -> freed.Abort(3), "Comm.Abort: the communicator",
                        "freed");
            });
        });
        cases.add("main_thread_keeps_working", () -> {
            for (int i = 0; i < 20; i++) ring(world, 1000L * i);
        });
    }
}
