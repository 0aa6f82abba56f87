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

    /** The error handler of MPI handle {@code handle}: a predefined one (the same object) or a new Errhandler. */
    static Errhandler of(long handle) {
        if (handle == MPI.ERRORS_RETURN.handle) return MPI.ERRORS_RETURN;
        if (handle == MPI.ERRORS_ARE_FATAL.handle) return MPI.ERRORS_ARE_FATAL;
        if (MPI.ERRORS_ABORT != null && handle == MPI.ERRORS_ABORT.handle) return MPI.ERRORS_ABORT;
        return new Errhandler(handle, "Errhandler(" + handle + ")");
    }

    @Override
    public String toString() {
        return name;
    }
}
