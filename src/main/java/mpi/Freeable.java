package mpi;

/** Open MPI's Java API: an object holding an MPI handle that the program may free. */
public interface Freeable {
    /** Frees the MPI object. */
    void free() throws MPIException;
}
