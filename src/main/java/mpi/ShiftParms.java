package mpi;

/** What {@link Cartcomm#Shift} returns: the ranks to receive from and send to ({@code MPI.PROC_NULL} off a
 *  non-periodic edge). */
public class ShiftParms {
    public int rank_source;
    public int rank_dest;
}
