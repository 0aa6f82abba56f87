import mpi.MPI;

/**
 * Passes a token around a ring of ranks: rank 0 starts it, every rank adds its own rank and hands it to the next,
 * and after the last lap rank 0 checks the total.
 *
 * <pre>
 *   javac -d /tmp/ex -cp target/natmpj-0.1.0.jar examples/Ring.java
 *   mpirun -np 4 java -cp target/natmpj-0.1.0.jar:/tmp/ex -Djava.library.path=target/native/openmpi Ring [laps]
 * </pre>
 *
 * Needs at least 2 ranks; laps defaults to 10.
 */
public class Ring {
    private static final int TAG = 0;

    public static void main(String[] args) throws Exception {
        args = MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank();
        int size = MPI.COMM_WORLD.Size();
        int laps = args.length > 0 ? Integer.parseInt(args[0]) : 10;
        if (size < 2) {
            // With one rank, rank 0 would send to itself and rely on MPI buffering the message: not a ring.
            System.err.println("Ring: needs at least 2 ranks");
            MPI.Finalize();
            System.exit(1);
            return;
        }
        int next = (rank + 1) % size;
        int prev = (rank + size - 1) % size;
        long[] token = new long[1];

        for (int lap = 0; lap < laps; lap++) {
            if (rank == 0) {
                // Rank 0 sends first and receives last; everyone else receives first. Otherwise every rank would
                // wait in Recv for a token nobody has sent yet.
                token[0] += rank;
                MPI.COMM_WORLD.Send(token, 0, 1, MPI.LONG, next, TAG);
                MPI.COMM_WORLD.Recv(token, 0, 1, MPI.LONG, prev, TAG);
            } else {
                MPI.COMM_WORLD.Recv(token, 0, 1, MPI.LONG, prev, TAG);
                token[0] += rank;
                MPI.COMM_WORLD.Send(token, 0, 1, MPI.LONG, next, TAG);
            }
        }

        boolean ok = true;
        if (rank == 0) {
            long expected = (long) laps * size * (size - 1) / 2;
            ok = token[0] == expected;
            System.out.println("Ring: " + laps + " laps over " + size + " ranks, token = " + token[0]
                    + (ok ? " (as expected)" : ", expected " + expected));
        }
        MPI.Finalize();
        if (!ok) System.exit(1);
    }
}
