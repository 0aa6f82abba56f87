package mpi;

/** What {@link Cartcomm#Shift} returns: the ranks to receive from and send to ({@code MPI.PROC_NULL} off a
 *  non-periodic edge). */
public class ShiftParms {
    public int rank_source;
    public int rank_dest;

    // Open MPI's Java API: getters over the same values.

    /** The rank to receive from. */
    public int getRankSource() {
        return rank_source;
    }

    /** The rank to send to. */
    public int getRankDest() {
        return rank_dest;
    }
}
