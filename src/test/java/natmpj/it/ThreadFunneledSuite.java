package natmpj.it;

import mpi.MPI;
import natmpj.testkit.Cases;

/** MPI.Init_thread(THREAD_FUNNELED): MPI only from the thread that called it; see ThreadLevels. */
public final class ThreadFunneledSuite {
    public static void main(String[] args) throws Exception {
        Cases.job(args).threadLevel(MPI.THREAD_FUNNELED).run(ThreadFunneledSuite::addCases);
    }

    private static void addCases(Cases cases) {
        ThreadLevels.addOneThreadCases(cases, MPI.THREAD_FUNNELED, "THREAD_FUNNELED");
    }
}
