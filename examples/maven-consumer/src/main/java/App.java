import mpi.MPI;

/**
 * Every rank adds its number to an Allreduce and passes it round a ring. Built by a project whose only natmpj is the
 * Maven artifact: run it with {@code mpirun -np N java -cp <its class path> App}.
 */
public class App {
    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank();
        int size = MPI.COMM_WORLD.Size();
        int[] sum = new int[1];
        MPI.COMM_WORLD.Allreduce(new int[] {rank + 1}, 0, sum, 0, 1, MPI.INT, MPI.SUM);
        int[] left = new int[1];
        MPI.COMM_WORLD.Sendrecv(new int[] {rank}, 0, 1, MPI.INT, (rank + 1) % size, 0,
                left, 0, 1, MPI.INT, (rank + size - 1) % size, 0);
        System.out.println("rank " + rank + " of " + size + ": sum " + sum[0] + ", from the left " + left[0]);
        MPI.Finalize();
    }
}
