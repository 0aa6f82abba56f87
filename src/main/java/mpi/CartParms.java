package mpi;

/** What {@link Cartcomm#Get} returns: the grid's extent and periodicity per dimension, and this rank's coordinates. */
public class CartParms {
    public int[] dims;
    public boolean[] periods;
    public int[] coords;
}
