package natmpj.it;

import mpi.Intracomm;
import mpi.MPI;
import natmpj.testkit.Cases;
import natmpj.testkit.Check;
import natmpj.testkit.MultiRank;

/**
 * Plain MPI.Init under -Dnatmpj.initThreadLevel=multiple, as a program written for MPJ Express (whose Init lets
 * every thread call MPI) is run unchanged: MPI provides THREAD_MULTIPLE, and threads other than the initializing
 * one exchange messages at once, each on its own communicator, data verified.
 */
@MultiRank(jvm = {"-Dnatmpj.initThreadLevel=multiple"})
public final class ThreadInitPropertySuite {
    public static void main(String[] args) throws Exception {
        Cases.job(args).beforeInit(ThreadInitPropertySuite::addBeforeInit).run(ThreadInitPropertySuite::addCases);
    }

    private static void addBeforeInit(Cases cases) {
        cases.add("unknown_level_is_refused_naming_the_property", () -> {
            String given = System.getProperty("natmpj.initThreadLevel");
            System.setProperty("natmpj.initThreadLevel", "many");
            try {
                Check.throwsWith(IllegalArgumentException.class, () -> MPI.Init(cases.args()), "MPI.Init",
                        "natmpj.initThreadLevel", "\"many\"", "single, funneled, serialized, multiple");
            } finally {
                System.setProperty("natmpj.initThreadLevel", given);
            }
        });
    }

    private static void addCases(Cases cases) {
        cases.add("plain_init_provides_multiple", () -> {
            Check.eq(MPI.THREAD_MULTIPLE, MPI.Query_thread(), "Query_thread after MPI.Init");
            Check.isTrue(MPI.Is_thread_main(), "the initializing thread is main");
        });
        cases.add("other_threads_call_mpi_at_once", () -> {
            int threads = 3;
            Intracomm[] comms = new Intracomm[threads];
            for (int t = 0; t < threads; t++) comms[t] = (Intracomm) MPI.COMM_WORLD.clone();
            Thread[] running = new Thread[threads];
            Throwable[] failed = new Throwable[threads];
            for (int t = 0; t < threads; t++) {
                int id = t;
                running[t] = new Thread(() -> {
                    try {
                        for (int round = 0; round < 50; round++) ThreadLevels.ring(comms[id], 1000L * id + round);
                    } catch (Throwable e) {
                        failed[id] = e;
                    }
                }, "worker-" + t);
                running[t].start();
            }
            for (Thread th : running) th.join();
            for (int t = 0; t < threads; t++) {
                if (failed[t] != null) throw new AssertionError("worker-" + t + " failed: " + failed[t], failed[t]);
            }
            for (Intracomm c : comms) c.Free();
        });
    }
}
