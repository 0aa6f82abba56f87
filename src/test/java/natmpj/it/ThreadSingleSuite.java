package natmpj.it;

import mpi.MPI;
import natmpj.testkit.Cases;
import natmpj.testkit.Check;

/** MPI.Init_thread(THREAD_SINGLE): MPI only from the thread that called it; see ThreadLevels. */
public final class ThreadSingleSuite {
    public static void main(String[] args) throws Exception {
        Cases.job(args).threadLevel(MPI.THREAD_SINGLE).run(ThreadSingleSuite::addCases);
    }

    private static void addCases(Cases cases) {
        int provided = cases.provided();
        cases.add("provided_is_single", () -> Check.eq(MPI.THREAD_SINGLE, provided, "provided level"));
        ThreadLevels.addOneThreadCases(cases, MPI.THREAD_SINGLE, "THREAD_SINGLE");
    }
}
