package natmpj.it;

import mpi.MPI;
import natmpj.testkit.Cases;
import natmpj.testkit.Check;

/** Plain MPI.Init (THREAD_SINGLE, as C's MPI_Init): MPI only from the thread that called Init; see ThreadLevels. */
public final class ThreadSingleSuite {
    public static void main(String[] args) throws Exception {
        Cases.job(args).run(ThreadSingleSuite::addCases);
    }

    private static void addCases(Cases cases) {
        cases.add("provided_is_single", () -> Check.eq(MPI.THREAD_SINGLE, MPI.Query_thread(), "Query_thread"));
        ThreadLevels.addOneThreadCases(cases, MPI.THREAD_SINGLE, "THREAD_SINGLE");
    }
}
