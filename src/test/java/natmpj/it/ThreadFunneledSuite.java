package natmpj.it;

import mpi.MPI;

/** Plain MPI.Init (THREAD_FUNNELED): MPI only from the thread that called Init; see ThreadLevels. */
public final class ThreadFunneledSuite {
    public static void main(String[] args) throws Exception {
        Cases cases = new Cases();
        MPI.Init(args);
        ThreadLevels.addOneThreadCases(cases, MPI.THREAD_FUNNELED, "THREAD_FUNNELED");
        int rank = MPI.COMM_WORLD.Rank();
        cases.run(true);
        MPI.Finalize();
        cases.write(rank);
    }
}
