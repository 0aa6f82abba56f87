import mpi.MPI;

/** Every rank says hello: the smallest natmpj program. */
public class Hello {
    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank();
        int size = MPI.COMM_WORLD.Size();
        System.out.println("Hello from rank " + rank + " of " + size + " on " + MPI.Get_processor_name());
        MPI.Finalize();
    }
}
