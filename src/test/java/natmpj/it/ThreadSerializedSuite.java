package natmpj.it;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;

import mpi.Intracomm;
import mpi.MPI;
import mpi.Request;
import natmpj.testkit.Cases;
import natmpj.testkit.Check;
import natmpj.testkit.Threads;
import natmpj.testkit.Values;

/**
 * MPI.Init_thread(THREAD_SERIALIZED): any thread may call MPI as long as no two do at once (the program's duty);
 * natmpj must not refuse them, and objects made by one thread work in another.
 */
public final class ThreadSerializedSuite {
    public static void main(String[] args) throws Exception {
        Cases.job(args).threadLevel(MPI.THREAD_SERIALIZED).run(ThreadSerializedSuite::addCases);
    }

    private static void addCases(Cases cases) {
        int provided = cases.provided();
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.Rank();
        cases.add("provides_serialized", () -> {
            Check.eq(MPI.THREAD_SERIALIZED, provided, "provided level");
            Check.eq(MPI.THREAD_SERIALIZED, MPI.Query_thread(), "Query_thread");
        });
        cases.add("other_threads_call_in_turn", () -> {
            for (int t = 0; t < 3; t++) {
                long seed = 100L * t;
                Threads.inThread("turn-" + t, () -> ThreadLevels.ring(world, seed));
            }
            ThreadLevels.ring(world, 7);
        });
        cases.add("objects_cross_threads", () -> {
            AtomicReference<Intracomm> dup = new AtomicReference<>();
            AtomicReference<Request> request = new AtomicReference<>();
            int[] in = new int[50];
            Threads.inThread("maker", () -> {
                dup.set((Intracomm) world.clone());
                request.set(dup.get().Irecv(in, 0, 50, MPI.INT, rank, 3));
            });
            Threads.inThread("sender", () -> {
                int[] out = new int[50];
                Values.fill("INT", out, 0, 50, 42 + rank);
                dup.get().Send(out, 0, 50, MPI.INT, rank, 3);
            });
            Threads.inThread("completer", () -> request.get().Wait());
            Values.expect("INT", in, 0, 50, 42 + rank, "received through requests passed between threads");
            Threads.inThread("freer", () -> dup.get().Free());
        });
        cases.add("threads_take_turns_under_a_lock", () -> {
            // Every rank makes its k-th ring call with the same seed whichever thread makes it, so the calls pair up.
            Object lock = new Object();
            int[] next = {0};
            List<Thread> threads = new ArrayList<>();
            AtomicReference<Throwable> failure = new AtomicReference<>();
            for (int t = 0; t < 3; t++) {
                Thread thread = new Thread(() -> {
                    try {
                        while (true) {
                            synchronized (lock) {
                                if (next[0] == 300) return;
                                ThreadLevels.ring(world, 10L * next[0]++);
                            }
                        }
                    } catch (Throwable e) {
                        failure.compareAndSet(null, e);
                        synchronized (lock) {
                            next[0] = 300; // stop the others: the ranks could no longer pair their calls
                        }
                    }
                }, "taker-" + t);
                threads.add(thread);
                thread.start();
            }
            for (Thread t : threads) t.join();
            if (failure.get() != null) throw new AssertionError("a thread failed: " + failure.get(), failure.get());
        });
        cases.add("main_thread_keeps_working", () -> {
            for (int i = 0; i < 20; i++) ThreadLevels.ring(world, 1000L * i);
        });
    }
}
