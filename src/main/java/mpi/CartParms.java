package mpi;

/** What {@link Cartcomm#Get} returns: the grid's extent and periodicity per dimension, and this rank's coordinates. */
public class CartParms {
    public int[] dims;
    public boolean[] periods;
    public int[] coords;

    // Open MPI's Java API: getters over the same values.

    /** Number of dimensions. */
    public int getDimCount() {
        return dims.length;
    }

    /** Extent of dimension {@code i}. */
    public int getDim(int i) {
        return dims[i];
    }

    /** Whether dimension {@code i} is periodic. */
    public boolean getPeriod(int i) {
        return periods[i];
    }

    /** This process's coordinate in dimension {@code i}. */
    public int getCoord(int i) {
        return coords[i];
    }
}
