package mpi;

/**
 * The body of a user-defined reduction operation (see {@link Op#Op(User_function, boolean)}).
 *
 * <p>{@link #Call} combines {@code count} items of {@code datatype} from {@code invec} into {@code inoutvec}, item by
 * item: {@code inoutvec[i] = invec[i] op inoutvec[i]}. For a non-commutative op, {@code invec} holds the operand of
 * the lower-ranked processes, as in MPI. natmpj calls it once per MPI callback with Java arrays of the datatype's
 * base type ({@code short[]} for {@code MPI.SHORT} and {@code MPI.SHORT2}, {@code byte[]} for {@code MPI.PACKED},
 * ...), each holding {@code count * extent} elements (the extent in base elements: 1 for the basic types, 2 for the
 * pair types), at offset 0. Both arrays are copies: only what is written to {@code inoutvec} comes back.
 *
 * <p>It may run on a thread other than the one that called the collective (natmpj attaches such a thread to the
 * JVM as a daemon), and must not call MPI. Whatever it throws is caught, the collective runs to its end, and the
 * collective then throws it (an unchecked exception as is, a checked one wrapped in an MPIException).
 */
public abstract class User_function {
    public User_function() {}

    /**
     * Combines {@code count} items of {@code datatype}: {@code inoutvec} (from {@code inoutoffset}) becomes
     * {@code invec} (from {@code inoffset}) op {@code inoutvec}.
     */
    public abstract void Call(Object invec, int inoffset, Object inoutvec, int inoutoffset, int count,
                              Datatype datatype) throws MPIException;
}
