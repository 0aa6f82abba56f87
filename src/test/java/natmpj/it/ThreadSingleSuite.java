package natmpj.it;

import mpi.MPI;

/** MPI.Init_thread(THREAD_SINGLE): MPI only from the thread that called it; see ThreadLevels. */
public final class ThreadSingleSuite {
    public static void main(String[] args) throws Exception {
        Cases cases = new Cases();
        int provided = MPI.Init_thread(args, MPI.THREAD_SINGLE);
        cases.add("provided_is_single", () -> Check.eq(MPI.THREAD_SINGLE, provided, "provided level"));
        ThreadLevels.addOneThreadCases(cases, MPI.THREAD_SINGLE, "THREAD_SINGLE");
        int rank = MPI.COMM_WORLD.Rank();
        cases.run(true);
        MPI.Finalize();
        cases.write(rank);
    }
}
