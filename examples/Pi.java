import mpi.MPI;

/**
 * Computes pi as the integral of 4/(1+x^2) over [0,1] with the midpoint rule, the intervals shared among ranks.
 *
 * <pre>
 *   javac -d /tmp/ex -cp target/natmpj-0.1.0.jar examples/Pi.java
 *   mpirun -np 4 java -cp target/natmpj-0.1.0.jar:/tmp/ex -Djava.library.path=target/native/openmpi Pi [intervals]
 * </pre>
 *
 * intervals defaults to 10,000,000. Exits with status 1 if the result is off by more than 1e-9, which the midpoint
 * rule needs a few thousand intervals or more to achieve.
 */
public class Pi {
    private static final double TOLERANCE = 1e-9;

    public static void main(String[] args) throws Exception {
        args = MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank();
        int size = MPI.COMM_WORLD.Size();

        // Only rank 0 reads the argument and broadcasts it, as if it came from input only rank 0 can see.
        // A bad value is broadcast too (as 0), so that every rank, not just rank 0, gives up.
        long[] intervals = {10_000_000L};
        if (rank == 0 && args.length > 0) {
            try {
                intervals[0] = Math.max(0, Long.parseLong(args[0]));
            } catch (NumberFormatException e) {
                intervals[0] = 0;
            }
        }
        double start = MPI.Wtime();
        MPI.COMM_WORLD.Bcast(intervals, 0, 1, MPI.LONG, 0);
        long n = intervals[0];
        if (n == 0) {
            if (rank == 0) System.err.println("Pi: intervals must be a positive integer, not " + args[0]);
            MPI.Finalize();
            System.exit(2);
            return;
        }

        // Cyclic distribution: rank r takes intervals r, r+size, r+2*size, ...
        double h = 1.0 / n;
        double sum = 0;
        for (long i = rank; i < n; i += size) {
            double x = h * (i + 0.5);
            sum += 4 / (1 + x * x);
        }
        double[] mine = {h * sum};
        double[] pi = new double[1];
        MPI.COMM_WORLD.Reduce(mine, 0, pi, 0, 1, MPI.DOUBLE, MPI.SUM, 0);
        double seconds = MPI.Wtime() - start;

        boolean ok = true;
        if (rank == 0) {
            double error = Math.abs(pi[0] - Math.PI);
            ok = error <= TOLERANCE;
            System.out.printf("pi = %.16f, error = %.3e, %d intervals on %d ranks, %.3f s%s%n", pi[0], error, n, size,
                    seconds, ok ? "" : " (error above " + TOLERANCE + ")");
        }
        MPI.Finalize();
        // Only after Finalize: exiting earlier would look like a crashed rank to mpirun.
        if (!ok) System.exit(1);
    }
}
