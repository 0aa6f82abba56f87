package mpi;

/** What MPI does on an error: {@code MPI.ERRORS_RETURN} (natmpj's default: an MPIException) or
 *  {@code MPI.ERRORS_ARE_FATAL} (the whole job aborts). */
public class Errhandler {
    final long handle;
    private final String name;

    Errhandler(long handle, String name) {
        this.handle = handle;
        this.name = name;
    }

    @Override
    public String toString() {
        return name;
    }
}
