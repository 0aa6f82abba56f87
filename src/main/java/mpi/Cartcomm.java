package mpi;

import natmpj.jni.NativeMPI;

/** A communicator whose ranks sit on a Cartesian grid. Made by {@link Intracomm#Create_cart}. */
public class Cartcomm extends Intracomm {
    Cartcomm(long handle, String name) {
        super(handle, name);
    }

    /** The grid's dimensions and periodicity and this rank's coordinates. */
    public CartParms Get() throws MPIException {
        return Get("Cartcomm.Get");
    }

    /** {@link #Get} for a call named {@code call} (either API's spelling). */
    CartParms Get(String call) {
        requireLive(call);
        int n = ndims(call);
        int[] dims = new int[n], periods = new int[n], coords = new int[n];
        MPIException.check(NativeMPI.cart_get(handle, n, dims, periods, coords), call);
        CartParms p = new CartParms();
        p.dims = dims;
        p.coords = coords;
        p.periods = new boolean[n];
        for (int i = 0; i < n; i++) p.periods[i] = periods[i] != 0;
        return p;
    }

    /** The rank at {@code coords} (wrapped along periodic dimensions). */
    public int Rank(int[] coords) throws MPIException {
        return Rank("Cartcomm.Rank", coords);
    }

    /** {@link #Rank} for a call named {@code call} (either API's spelling). */
    int Rank(String call, int[] coords) {
        requireLive(call);
        if (coords == null) throw new NullPointerException(call + ": coords is null");
        CartParms p = Get();
        if (coords.length < p.dims.length) { // MPI reads one per dimension; the rest of a longer array is unread
            throw new IllegalArgumentException(call + ": coords has " + coords.length + " entries, the grid "
                    + p.dims.length + " dimensions");
        }
        for (int i = 0; i < p.dims.length; i++) {
            if (!p.periods[i] && (coords[i] < 0 || coords[i] >= p.dims[i])) {
                throw new IllegalArgumentException(call + ": coords[" + i + "] is " + coords[i]
                        + ", outside the non-periodic dimension 0.." + (p.dims[i] - 1));
            }
        }
        int[] rank = new int[1];
        MPIException.check(NativeMPI.cart_rank(handle, coords, rank), call);
        return rank[0];
    }

    /** The coordinates of {@code rank}. */
    public int[] Coords(int rank) throws MPIException {
        return Coords("Cartcomm.Coords", rank);
    }

    /** {@link #Coords} for a call named {@code call} (either API's spelling). */
    int[] Coords(String call, int rank) {
        requireLive(call);
        if (rank < 0 || rank >= size) {
            throw new IllegalArgumentException(call + ": rank is " + rank + ", not a rank of " + this + " (size "
                    + size + ")");
        }
        int n = ndims(call);
        int[] coords = new int[n];
        MPIException.check(NativeMPI.cart_coords(handle, rank, n, coords), call);
        return coords;
    }

    /** The neighbours {@code disp} steps down and up {@code direction}: where a shift receives from and sends to. */
    public ShiftParms Shift(int direction, int disp) throws MPIException {
        return Shift("Cartcomm.Shift", direction, disp);
    }

    /** {@link #Shift} for a call named {@code call} (either API's spelling). */
    ShiftParms Shift(String call, int direction, int disp) {
        requireLive(call);
        int n = ndims(call);
        if (n == 0) throw new IllegalArgumentException(call + ": the grid has 0 dimensions, none to shift along");
        if (direction < 0 || direction >= n) {
            throw new IllegalArgumentException(call + ": direction is " + direction + ", must be in 0.." + (n - 1));
        }
        int[] source = new int[1], dest = new int[1];
        MPIException.check(NativeMPI.cart_shift(handle, direction, disp, source, dest), call);
        ShiftParms p = new ShiftParms();
        p.rank_source = source[0];
        p.rank_dest = dest[0];
        return p;
    }

    /**
     * The sub-grids keeping the dimensions marked true (collective): one communicator per slice. With none kept,
     * a 0-dimensional Cartesian communicator holding the calling process alone.
     */
    public Cartcomm Sub(boolean[] remain_dims) throws MPIException {
        return Sub("Cartcomm.Sub", remain_dims);
    }

    /** {@link #Sub} for a call named {@code call} (either API's spelling). */
    Cartcomm Sub(String call, boolean[] remain_dims) {
        requireLive(call);
        if (remain_dims == null) throw new NullPointerException(call + ": remain_dims is null");
        int n = ndims(call);
        if (remain_dims.length < n) { // MPI reads one per dimension; the rest of a longer array is unread
            throw new IllegalArgumentException(call + ": remain_dims has " + remain_dims.length + " entries, the grid "
                    + n + " dimensions");
        }
        boolean keepsAny = false;
        for (int i = 0; i < n; i++) keepsAny |= remain_dims[i];
        long[] sub = new long[1];
        if (keepsAny) {
            MPIException.check(NativeMPI.cart_sub(handle, ints(remain_dims), sub), call);
        } else {
            // No dimension kept: MPI (3.0 on) makes a 0-dimensional Cartesian communicator of each process alone.
            // MPICH 4.0's MPI_Cart_sub gives it to one rank and MPI_COMM_NULL to the others; one made from
            // MPI_COMM_SELF is the same thing on every MPI, and needs no communication.
            MPIException.check(NativeMPI.cart_create(MPI.COMM_SELF.handle, 0, new int[0], new int[0], 0, sub),
                    call);
        }
        return (Cartcomm) created(sub[0], "Cartesian sub-grid");
    }

    /** The rank this process would have on such a grid ({@code MPI.UNDEFINED} if outside it). */
    public int Map(int[] dims, boolean[] periods) throws MPIException {
        return Map("Cartcomm.Map", dims, periods);
    }

    /** {@link #Map} for a call named {@code call} (either API's spelling). */
    int Map(String call, int[] dims, boolean[] periods) {
        requireLive(call);
        checkGrid(call, dims, periods, this);
        int[] rank = new int[1];
        MPIException.check(NativeMPI.cart_map(handle, dims.length, dims, ints(periods), rank), call);
        return rank[0];
    }

    /** {@code MPI.CART}. */
    @Override
    public int Topo_test() throws MPIException {
        return super.Topo_test();
    }

    /**
     * Fills the zero entries of {@code dims} with a balanced factorisation of {@code nnodes} (non-zero entries are
     * kept and must divide nnodes).
     */
    public static void Dims_create(int nnodes, int[] dims) throws MPIException {
        Dims_create("Cartcomm.Dims_create", nnodes, dims);
    }

    /** {@link #Dims_create} for a call named {@code call} (either API's spelling). */
    static void Dims_create(String call, int nnodes, int[] dims) {
        MPI.requireActive(call);
        if (dims == null) throw new NullPointerException(call + ": dims is null");
        if (nnodes < 1) throw new IllegalArgumentException(call + ": nnodes is " + nnodes + ", must be >= 1");
        long fixed = 1;
        for (int i = 0; i < dims.length; i++) {
            if (dims[i] < 0) throw new IllegalArgumentException(call + ": dims[" + i + "] is " + dims[i]);
            if (dims[i] > 0) fixed *= dims[i];
        }
        if (nnodes % fixed != 0) {
            throw new IllegalArgumentException(call + ": the fixed entries of dims (product " + fixed
                    + ") do not divide nnodes " + nnodes);
        }
        int[] filled = new int[dims.length];
        MPIException.check(NativeMPI.dims_create(nnodes, dims.length, dims, filled), call);
        System.arraycopy(filled, 0, dims, 0, dims.length);
    }

    private int ndims(String call) {
        int[] n = new int[1];
        MPIException.check(NativeMPI.cartdim_get(handle, n), call);
        return n[0];
    }

    /** A grid of {@code dims} with {@code periods} that fits in {@code comm}'s ranks. */
    static void checkGrid(String call, int[] dims, boolean[] periods, Comm comm) {
        if (dims == null) throw new NullPointerException(call + ": dims is null");
        if (periods == null) throw new NullPointerException(call + ": periods is null");
        if (periods.length < dims.length) { // one per dimension; the rest of a longer array is unread
            throw new IllegalArgumentException(call + ": periods has " + periods.length + " entries but dims has "
                    + dims.length);
        }
        long cells = cells(call, dims);
        if (cells > comm.size) {
            throw new IllegalArgumentException(call + ": dims give a grid of " + cells + " cells but " + comm
                    + " has only "
                    + comm.size + " ranks");
        }
    }

    private static long cells(String call, int[] dims) {
        long cells = 1;
        for (int i = 0; i < dims.length; i++) {
            if (dims[i] <= 0) {
                throw new IllegalArgumentException(call + ": dims[" + i + "] is " + dims[i] + ", must be > 0");
            }
            cells *= dims[i];
            if (cells > Integer.MAX_VALUE) throw new IllegalArgumentException(call + ": the grid is too large");
        }
        return cells;
    }

    static int[] ints(boolean[] flags) {
        int[] ints = new int[flags.length];
        for (int i = 0; i < flags.length; i++) ints[i] = flags[i] ? 1 : 0;
        return ints;
    }
}
