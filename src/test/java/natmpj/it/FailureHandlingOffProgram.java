package natmpj.it;

import mpi.MPI;

/**
 * natmpj's failure handling turned off by its two properties (MultiRankIT passes
 * {@link #JVM_OPTIONS}): an uncaught exception ends only its thread, as in any JVM, and the ranks then return from
 * main without MPI.Finalize, which natmpj leaves to the launcher to judge. Not a suite: MultiRankIT checks the job's
 * output (every rank's line, the JVM's own report of the exception, nothing from natmpj's handlers).
 */
public final class FailureHandlingOffProgram {
    public static final String[] JVM_OPTIONS = {
            "-Dnatmpj.abortOnUncaughtException=false", "-Dnatmpj.abortOnExitWithoutFinalize=false"};
    public static final String WORKER = "failing-worker";
    public static final String SURVIVED = "the worker died and MPI still works on rank ";

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
        Thread worker = new Thread(() -> {
            throw new IllegalStateException("the worker fails on rank " + rank);
        }, WORKER);
        worker.start();
        worker.join();
        int[] sum = new int[1];
        MPI.COMM_WORLD.Allreduce(new int[] {1}, 0, sum, 0, 1, MPI.INT, MPI.SUM);
        if (sum[0] != size) throw new AssertionError("Allreduce gave " + sum[0] + ", not " + size);
        System.out.println(SURVIVED + rank);
        System.out.flush();
        MPI.COMM_WORLD.Barrier(); // every rank has printed before the launcher sees one leave
        // Returns without MPI.Finalize.
    }
}
