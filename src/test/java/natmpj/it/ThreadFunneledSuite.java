package natmpj.it;

import mpi.MPI;
import natmpj.testkit.Cases;

/** Plain MPI.Init (THREAD_FUNNELED): MPI only from the thread that called Init; see ThreadLevels. */
public final class ThreadFunneledSuite {
    public static void main(String[] args) throws Exception {
        Cases.job(args).run(ThreadFunneledSuite::addCases);
    }

    private static void addCases(Cases cases) {
        ThreadLevels.addOneThreadCases(cases, MPI.THREAD_FUNNELED, "THREAD_FUNNELED");
    }
}
