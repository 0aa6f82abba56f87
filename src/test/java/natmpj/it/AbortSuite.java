package natmpj.it;

import mpi.MPI;

/** Rank 1 aborts while rank 0 waits for a message that never comes: the whole job must end, non-zero. */
public final class AbortSuite {
    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        if (MPI.COMM_WORLD.Rank() == 1) {
            System.out.println("rank 1 aborting with code 7");
            MPI.COMM_WORLD.Abort(7);
        } else {
            MPI.COMM_WORLD.Recv(new int[1], 0, 1, MPI.INT, MPI.ANY_SOURCE, 0);
        }
        MPI.Finalize();
    }
}
