package mpi;

/**
 * The members of Open MPI's Java API whose MPI-3 mechanism natmpj's core does not offer yet (one-sided windows,
 * MPI-IO, non-blocking and neighbourhood collectives, ...): each exists with its exact signature, so programs compile
 * and link, and throws the exception made here, naming the call and the MPI feature. docs/ompi-api.md lists them.
 */
final class Pending {
    private Pending() {}

    /**
     * {@code call}: the Java member ("Win.put"); {@code feature}: what it needs, as MPI names it ("one-sided
     * communication (MPI_Put)").
     */
    static UnsupportedOperationException of(String call, String feature) {
        return new UnsupportedOperationException(call + ": " + feature
                + " is not offered yet by natmpj's Open MPI Java API (the MPI-3 mechanisms are pending; see"
                + " docs/ompi-api.md)");
    }
}
