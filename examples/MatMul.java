import mpi.MPI;

/**
 * Dense matrix product C = A x B of two n x n double matrices, by rows: rank 0 broadcasts B, scatters the rows of
 * A, every rank multiplies its rows by B and rank 0 gathers the rows of C. n need not be divisible by the number of
 * ranks, so the rows are dealt out with Scatterv and collected with Gatherv (per-rank counts and displacements).
 *
 * <pre>
 *   javac -d /tmp/ex -cp target/natmpj-0.1.0.jar examples/MatMul.java
 *   mpirun -np 4 java -cp target/natmpj-0.1.0.jar:/tmp/ex -Djava.library.path=target/native/openmpi MatMul [n]
 *   ... MatMul --help
 * </pre>
 *
 * n defaults to 512. Rank 0 then computes the product serially, as dot products of rows and columns (a different
 * order of operations), and exits with status 1 if any element differs by more than 1e-9 * n.
 */
public class MatMul {
    private static final int MAX_N = 4096;
    private static final String USAGE = ""
            + "Usage: mpirun -np P java ... MatMul [n]\n"
            + "Multiplies two n x n double matrices, rows of A and C spread over the ranks, and checks the result.\n"
            + "  n  matrix order, 1.." + MAX_N + " (default 512)\n";

    public static void main(String[] args) throws Exception {
        args = MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank();
        int size = MPI.COMM_WORLD.Size();

        // Rank 0 parses the arguments and broadcasts {status, n}: status 0 run, 1 --help, 2 bad arguments.
        int[] params = {0, 512};
        if (rank == 0) parse(args, params);
        MPI.COMM_WORLD.Bcast(params, 0, params.length, MPI.INT, 0);
        if (params[0] != 0) {
            MPI.Finalize();
            System.exit(params[0] == 1 ? 0 : 2);
            return;
        }
        int n = params[1];

        // Rank r gets rows [first(r), first(r+1)): the first n % size ranks one row more. Counts and displacements
        // are in doubles, whole rows of n.
        int[] counts = new int[size];
        int[] displs = new int[size];
        for (int r = 0; r < size; r++) {
            counts[r] = (n / size + (r < n % size ? 1 : 0)) * n;
            displs[r] = r == 0 ? 0 : displs[r - 1] + counts[r - 1];
        }
        int myRows = counts[rank] / n;

        // Only rank 0 holds A and C whole; every rank needs all of B.
        double[] a = rank == 0 ? new double[n * n] : new double[0];
        double[] b = new double[n * n];
        double[] c = rank == 0 ? new double[n * n] : new double[0];
        if (rank == 0) {
            for (int i = 0; i < n; i++) {
                for (int j = 0; j < n; j++) {
                    a[i * n + j] = elementA(i, j);
                    b[i * n + j] = elementB(i, j);
                }
            }
        }
        double[] myA = new double[myRows * n];
        double[] myC = new double[myRows * n];

        MPI.COMM_WORLD.Barrier();
        long start = System.nanoTime();
        MPI.COMM_WORLD.Bcast(b, 0, n * n, MPI.DOUBLE, 0);
        MPI.COMM_WORLD.Scatterv(a, 0, counts, displs, MPI.DOUBLE, myA, 0, myA.length, MPI.DOUBLE, 0);
        multiplyRows(myA, b, myC, myRows, n);
        MPI.COMM_WORLD.Gatherv(myC, 0, myC.length, MPI.DOUBLE, c, 0, counts, displs, MPI.DOUBLE, 0);
        double seconds = (System.nanoTime() - start) / 1e9;

        boolean ok = true;
        if (rank == 0) {
            double tolerance = 1e-9 * n;
            double maxDiff = 0;
            double[] column = new double[n];
            for (int j = 0; j < n; j++) {
                for (int k = 0; k < n; k++) column[k] = b[k * n + j];
                for (int i = 0; i < n; i++) {
                    double dot = 0;
                    for (int k = 0; k < n; k++) dot += a[i * n + k] * column[k];
                    maxDiff = Math.max(maxDiff, Math.abs(c[i * n + j] - dot));
                }
            }
            ok = maxDiff <= tolerance;
            double gflops = 2.0 * n * n * n / seconds / 1e9;
            System.out.printf("MatMul: %d x %d on %d ranks, %.3f s, %.2f GFLOP/s, max difference from serial %.3e%s%n",
                    n, n, size, seconds, gflops, maxDiff, ok ? "" : " (above " + tolerance + ")");
        }
        MPI.Finalize();
        // Only after Finalize: exiting earlier would look like a crashed rank to mpirun.
        if (!ok) System.exit(1);
    }

    /** Fills params {status, n} from the command line; prints the usage on --help or an error. */
    private static void parse(String[] args, int[] params) {
        if (args.length > 0 && (args[0].equals("--help") || args[0].equals("-h"))) {
            System.out.print(USAGE);
            params[0] = 1;
            return;
        }
        String error = null;
        if (args.length > 1) {
            error = "too many arguments";
        } else if (args.length > 0) {
            try {
                params[1] = Integer.parseInt(args[0]);
            } catch (NumberFormatException e) {
                params[1] = -1;
            }
            if (params[1] < 1 || params[1] > MAX_N) error = "n must be an integer in 1.." + MAX_N + ", not " + args[0];
        }
        if (error != null) {
            System.err.print("MatMul: " + error + "\n" + USAGE);
            params[0] = 2;
        }
    }

    // Entries are small multiples of 1/8, so every product and partial sum is exact in double: the serial check
    // must then agree exactly, whatever the order of the additions.
    private static double elementA(int i, int j) {
        return ((i * 7 + j * 3) % 17 - 8) / 8.0;
    }

    private static double elementB(int i, int j) {
        return ((i * 5 + j * 11) % 13 - 6) / 8.0;
    }

    /** myC = myA x b for rows rows; the i-k-j order walks b and myC row by row, which caches well. */
    private static void multiplyRows(double[] myA, double[] b, double[] myC, int rows, int n) {
        for (int i = 0; i < rows; i++) {
            int ci = i * n;
            for (int k = 0; k < n; k++) {
                double aik = myA[i * n + k];
                int bk = k * n;
                for (int j = 0; j < n; j++) myC[ci + j] += aik * b[bk + j];
            }
        }
    }
}
