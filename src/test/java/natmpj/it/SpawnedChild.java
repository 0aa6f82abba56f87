package natmpj.it;

import mpi.Intercomm;
import mpi.MPI;

/**
 * The program CommExtrasSuite spawns (MPI_Comm_spawn): sends its rank plus 42 and the size of its world to rank 0 of
 * its parent, then disconnects. Not a suite: the driver never runs it on its own.
 */
public final class SpawnedChild {
    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intercomm parent = Intercomm.getParent();
        if (parent.isNull()) throw new AssertionError("a spawned process has a parent");
        if (Intercomm.getParent() != parent) throw new AssertionError("getParent returns the same object");
        int rank = MPI.COMM_WORLD.getRank();
        parent.send(new int[] {42 + rank, MPI.COMM_WORLD.getSize(), args.length > 0 ? args.length : 0}, 3, MPI.INT,
                0, 17);
        parent.disconnect();
        if (!parent.isNull()) throw new AssertionError("disconnected parent is null");
        MPI.Finalize();
    }
}
