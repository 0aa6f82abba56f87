package mpi;

/** An MPI object the program releases explicitly (communicators, datatypes, groups, ops, requests, windows, ...). */
public interface Freeable {
    /** Releases the MPI object. */
    void free() throws MPIException;
}
