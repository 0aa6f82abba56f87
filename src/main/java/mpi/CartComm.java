package mpi;

/**
 * Open MPI's Java API's Cartesian communicator: the same object as mpiJava's {@link Cartcomm} (every Cartesian
 * communicator natmpj makes is a CartComm), with Open MPI's members.
 */
public final class CartComm extends Cartcomm {
    CartComm(long handle, String name) {
        super(handle, name);
    }

    @Override
    public CartComm clone() throws MPIException {
        // shared with mpiJava (Comm.clone): its exceptions stay mpiJava's
        return (CartComm) duplicate("CartComm.clone");
    }

    @Override
    public CartComm dup() throws MPIException {
        try {
            return (CartComm) duplicate("CartComm.dup");
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    @Override
    public CartComm iDup() throws MPIException {
        try {
            return (CartComm) iDuplicate("CartComm.iDup");
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    @Override
    public CartComm dupWithInfo(Info info) throws MPIException {
        try {
            return (CartComm) duplicate("CartComm.dupWithInfo", info);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** MPI_Cart_get: dimensions, periods and this process's coordinates. */
    public CartParms getTopo() throws MPIException {
        try {
            return Get("CartComm.getTopo");
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** MPI_Cart_rank. */
    public int getRank(int[] coords) throws MPIException {
        try {
            return Rank("CartComm.getRank", coords);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** MPI_Cart_coords. */
    public int[] getCoords(int rank) throws MPIException {
        try {
            return Coords("CartComm.getCoords", rank);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** MPI_Cart_shift. */
    public ShiftParms shift(int direction, int disp) throws MPIException {
        try {
            return Shift("CartComm.shift", direction, disp);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** MPI_Cart_sub. */
    public CartComm sub(boolean[] remain_dims) throws MPIException {
        try {
            return (CartComm) Sub("CartComm.sub", remain_dims);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** MPI_Cart_map. */
    public int map(int[] dims, boolean[] periods) throws MPIException {
        try {
            return Map("CartComm.map", dims, periods);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** MPI_Dims_create: fills the 0 entries of {@code dims}. */
    public static void createDims(int nnodes, int[] dims) throws MPIException {
        try {
            Dims_create("CartComm.createDims", nnodes, dims);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }
}
