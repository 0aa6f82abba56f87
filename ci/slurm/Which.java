import mpi.MPI;
import natmpj.internal.NativeLibrary;

/**
 * ci/test-slurm's probe: which flavour and library each rank loaded, and that the ranks form one world (a singleton
 * per task would print size 1). Prints "which: rank R of N: <flavour> <library path>"; exits 1 when the world is
 * not what SLURM_NTASKS says.
 */
public final class Which {
    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
        int[] sum = new int[1];
        MPI.COMM_WORLD.Allreduce(new int[] {rank}, 0, sum, 0, 1, MPI.INT, MPI.SUM);
        System.out.println("which: rank " + rank + " of " + size + ": " + NativeLibrary.flavour() + " "
                + NativeLibrary.path());
        String tasks = System.getenv("SLURM_NTASKS");
        boolean ok = tasks != null && size == Integer.parseInt(tasks) && sum[0] == size * (size - 1) / 2;
        MPI.Finalize();
        if (!ok) {
            System.err.println("which: rank " + rank + ": world of " + size + " (rank sum " + sum[0]
                    + "), SLURM_NTASKS=" + tasks);
            System.exit(1);
        }
    }
}
