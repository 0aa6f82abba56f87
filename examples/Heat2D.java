import mpi.Cartcomm;
import mpi.Datatype;
import mpi.MPI;
import mpi.ShiftParms;

/**
 * Steady-state heat on a square plate by Jacobi iteration: the N x N interior points of a grid whose top edge is
 * held at 100 and the other edges at 0, split into blocks over a 2-D Cartesian grid of ranks. Shows Cartesian
 * topologies (Dims_create, Create_cart, Shift, Coords), halo exchange with Sendrecv, a derived Vector datatype for
 * the non-contiguous block columns, Allreduce and Gatherv.
 *
 * <pre>
 *   javac -d /tmp/ex -cp target/natmpj-0.1.0.jar examples/Heat2D.java
 *   mpirun -np 4 java -cp target/natmpj-0.1.0.jar:/tmp/ex -Djava.library.path=target/native/openmpi \
 *       Heat2D [N] [iterations]
 *   ... Heat2D --help
 * </pre>
 *
 * N defaults to 256 and must be at least the number of ranks; iterations defaults to 500. N need not be divisible
 * by the rank grid: blocks differ by at most one row or column. For N up to 512, rank 0 repeats the iterations
 * serially on the whole grid and exits with status 1 if any point differs by more than 1e-9.
 *
 * <p>Needs an MPI-conforming binding: MPJ Express 0.44 compiles it, but its Shift returns -1 rather than PROC_NULL
 * at the edges, its Sendrecv does not accept PROC_NULL, and its Dims_create(5, ...) returns 2 x 2.
 */
public class Heat2D {
    private static final double TOP = 100.0;
    private static final double TOLERANCE = 1e-9;
    private static final int MAX_VERIFIED_N = 512;
    private static final int MAX_N = 4096;
    private static final int TAG = 0;
    private static final String USAGE = ""
            + "Usage: mpirun -np P java ... Heat2D [N] [iterations]\n"
            + "Jacobi iteration for steady-state heat on an N x N grid (top edge 100, other edges 0).\n"
            + "  N           interior points per side, P.." + MAX_N + " (default 256); checked serially if <= "
            + MAX_VERIFIED_N + "\n"
            + "  iterations  Jacobi sweeps, >= 1 (default 500)\n";

    public static void main(String[] args) throws Exception {
        args = MPI.Init(args);
        int worldRank = MPI.COMM_WORLD.Rank();
        int worldSize = MPI.COMM_WORLD.Size();

        // Rank 0 parses the arguments and broadcasts {status, N, iterations}, so that all ranks agree on whether
        // to run at all. Status: 0 run, 1 --help, 2 bad arguments.
        int[] params = {0, 256, 500};
        if (worldRank == 0) parse(args, params, worldSize);
        MPI.COMM_WORLD.Bcast(params, 0, params.length, MPI.INT, 0);
        if (params[0] != 0) {
            MPI.Finalize();
            System.exit(params[0] == 1 ? 0 : 2);
            return;
        }
        int n = params[1];
        int iterations = params[2];

        // A near-square grid of ranks; non-periodic, so ranks on the plate's edge get PROC_NULL neighbours and
        // Sendrecv leaves their boundary halo alone. reorder = true lets MPI renumber: from here on only the
        // Cartesian communicator's ranks are used.
        int[] dims = new int[2];
        Cartcomm.Dims_create(worldSize, dims);
        Cartcomm cart = MPI.COMM_WORLD.Create_cart(dims, new boolean[] {false, false}, true);
        int rank = cart.Rank();
        int[] coords = cart.Coords(rank);
        ShiftParms vertical = cart.Shift(0, 1);
        ShiftParms horizontal = cart.Shift(1, 1);
        int up = vertical.rank_source, down = vertical.rank_dest;
        int left = horizontal.rank_source, right = horizontal.rank_dest;

        int rows = blockSize(n, dims[0], coords[0]);
        int cols = blockSize(n, dims[1], coords[1]);
        int firstRow = blockStart(n, dims[0], coords[0]);
        int width = cols + 2; // local row length: the block plus a halo column on each side

        // Two local grids, read from one and written to the other each sweep. Both hold the fixed boundary in
        // their halo where the block touches the top edge; the other edges are 0 as allocated.
        double[] u = new double[(rows + 2) * width];
        double[] next = new double[(rows + 2) * width];
        if (firstRow == 0) {
            for (int j = 1; j <= cols; j++) {
                u[j] = TOP;
                next[j] = TOP;
            }
        }

        // One interior column of the block: rows elements, one per local row.
        Datatype column = Datatype.Vector(rows, 1, width, MPI.DOUBLE);
        column.Commit();

        cart.Barrier();
        long start = System.nanoTime();
        double[] localChange = new double[1];
        for (int it = 0; it < iterations; it++) {
            // Each rank sends its outermost interior rows and columns and receives its neighbours' into its halo.
            cart.Sendrecv(u, at(1, 1, width), cols, MPI.DOUBLE, up, TAG,
                    u, at(rows + 1, 1, width), cols, MPI.DOUBLE, down, TAG);
            cart.Sendrecv(u, at(rows, 1, width), cols, MPI.DOUBLE, down, TAG,
                    u, at(0, 1, width), cols, MPI.DOUBLE, up, TAG);
            cart.Sendrecv(u, at(1, 1, width), 1, column, left, TAG,
                    u, at(1, cols + 1, width), 1, column, right, TAG);
            cart.Sendrecv(u, at(1, cols, width), 1, column, right, TAG,
                    u, at(1, 0, width), 1, column, left, TAG);
            localChange[0] = sweep(u, next, rows, cols, width);
            double[] swap = u;
            u = next;
            next = swap;
        }
        // The residual: the largest change any point made in the last sweep, over all blocks.
        double[] change = new double[1];
        cart.Allreduce(localChange, 0, change, 0, 1, MPI.DOUBLE, MPI.MAX);
        double seconds = (System.nanoTime() - start) / 1e9;
        column.free();

        // Rank 0 collects the blocks, each a contiguous copy of the block's interior, in rank order with Gatherv:
        // the blocks differ in size when N is not divisible by the grid.
        int[] counts = new int[worldSize];
        int[] displs = new int[worldSize];
        for (int r = 0; r < worldSize; r++) {
            int[] c = cart.Coords(r);
            counts[r] = blockSize(n, dims[0], c[0]) * blockSize(n, dims[1], c[1]);
            displs[r] = r == 0 ? 0 : displs[r - 1] + counts[r - 1];
        }
        double[] block = new double[rows * cols];
        for (int i = 0; i < rows; i++) System.arraycopy(u, at(i + 1, 1, width), block, i * cols, cols);
        double[] all = rank == 0 ? new double[n * n] : new double[0];
        cart.Gatherv(block, 0, block.length, MPI.DOUBLE, all, 0, counts, displs, MPI.DOUBLE, 0);

        boolean ok = true;
        if (rank == 0) {
            String grid = n + " x " + n + ", " + iterations + " iterations on " + worldSize + " ranks (" + dims[0]
                    + " x " + dims[1] + ")";
            double total = 0;
            for (double v : all) total += v;
            System.out.printf("Heat2D: %s, residual %.6e, mean temperature %.6f, %.3f s%n", grid, change[0],
                    total / ((double) n * n), seconds);
            if (n <= MAX_VERIFIED_N) {
                double[] serialChange = new double[1];
                double[] serial = serial(n, iterations, serialChange);
                // The residual must agree too: both runs make the same sweeps.
                double maxDiff = Math.abs(serialChange[0] - change[0]);
                for (int r = 0; r < worldSize; r++) {
                    int[] c = cart.Coords(r);
                    int blockRows = blockSize(n, dims[0], c[0]), blockCols = blockSize(n, dims[1], c[1]);
                    int top = blockStart(n, dims[0], c[0]), leftmost = blockStart(n, dims[1], c[1]);
                    for (int i = 0; i < blockRows; i++) {
                        for (int j = 0; j < blockCols; j++) {
                            double got = all[displs[r] + i * blockCols + j];
                            double want = serial[at(top + i + 1, leftmost + j + 1, n + 2)];
                            maxDiff = Math.max(maxDiff, Math.abs(got - want));
                        }
                    }
                }
                ok = maxDiff <= TOLERANCE;
                System.out.printf("Heat2D: serial check: max difference %.3e%s%n", maxDiff,
                        ok ? "" : " (above " + TOLERANCE + ")");
            } else {
                System.out.println("Heat2D: serial check skipped (N > " + MAX_VERIFIED_N + ")");
            }
        }
        cart.Free();
        MPI.Finalize();
        // Only after Finalize: exiting earlier would look like a crashed rank to mpirun.
        if (!ok) System.exit(1);
    }

    /** Fills params {status, N, iterations} from the command line; prints the usage on --help or an error. */
    private static void parse(String[] args, int[] params, int ranks) {
        if (args.length > 0 && (args[0].equals("--help") || args[0].equals("-h"))) {
            System.out.print(USAGE);
            params[0] = 1;
            return;
        }
        String error = null;
        if (args.length > 0) params[1] = intArg(args[0]);
        if (args.length > 1) params[2] = intArg(args[1]);
        if (args.length > 2) {
            error = "too many arguments";
        } else if (params[1] < ranks || params[1] > MAX_N) {
            error = "N must be an integer in " + ranks + ".." + MAX_N + " (at least the number of ranks), not "
                    + (args.length > 0 ? args[0] : params[1]);
        } else if (params[2] < 1) {
            error = "iterations must be a positive integer, not " + args[1];
        }
        if (error != null) {
            System.err.print("Heat2D: " + error + "\n" + USAGE);
            params[0] = 2;
        }
    }

    private static int intArg(String s) {
        try {
            return Integer.parseInt(s);
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    /** One Jacobi sweep over the interior of a grid of the given row length; returns the largest change. */
    private static double sweep(double[] u, double[] next, int rows, int cols, int width) {
        double change = 0;
        for (int i = 1; i <= rows; i++) {
            for (int j = 1; j <= cols; j++) {
                int k = i * width + j;
                // The serial check runs this same expression, so both agree to the last bit.
                double v = 0.25 * (u[k - width] + u[k + width] + u[k - 1] + u[k + 1]);
                change = Math.max(change, Math.abs(v - u[k]));
                next[k] = v;
            }
        }
        return change;
    }

    /** The whole (N+2) x (N+2) grid, boundary included, after the same sweeps on one rank. */
    private static double[] serial(int n, int iterations, double[] change) {
        int width = n + 2;
        double[] u = new double[width * width];
        double[] next = new double[width * width];
        for (int j = 1; j <= n; j++) {
            u[j] = TOP;
            next[j] = TOP;
        }
        for (int it = 0; it < iterations; it++) {
            change[0] = sweep(u, next, n, n, width);
            double[] swap = u;
            u = next;
            next = swap;
        }
        return u;
    }

    /** Points in block c when n points are split into parts blocks, the first n % parts one point larger. */
    private static int blockSize(int n, int parts, int c) {
        return n / parts + (c < n % parts ? 1 : 0);
    }

    /** Index of the first point of block c. */
    private static int blockStart(int n, int parts, int c) {
        return c * (n / parts) + Math.min(c, n % parts);
    }

    /** Index of (row, column) in a row-major grid of the given row length. */
    private static int at(int row, int col, int width) {
        return row * width + col;
    }
}
