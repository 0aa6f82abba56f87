package mpi;

/**
 * Open MPI's Java API's matched-probe message (MPI_Message). The matched probe and receive calls are pending: the
 * core's MPI-3 mechanisms come next. A new Message is MPI_MESSAGE_NULL.
 */
public final class Message {
    private boolean noProc;

    /** MPI_MESSAGE_NULL. */
    public Message() {}

    /** Whether this is MPI_MESSAGE_NULL (no message matched yet, or received). */
    public boolean isNull() {
        return !noProc;
    }

    /** Whether this is MPI_MESSAGE_NO_PROC (a probe of MPI.PROC_NULL). */
    public boolean isNoProc() {
        return noProc;
    }

    /** MPI_Mprobe: pending. */
    public Status mProbe(int source, int tag, Comm comm) throws MPIException {
        throw Pending.of("Message.mProbe", "matched probes (MPI_Mprobe)");
    }

    /** MPI_Improbe: pending. */
    public Status imProbe(int source, int tag, Comm comm) throws MPIException {
        throw Pending.of("Message.imProbe", "matched probes (MPI_Improbe)");
    }

    /** MPI_Mrecv: pending. */
    public Status mRecv(Object buf, int count, Datatype type) throws MPIException {
        throw Pending.of("Message.mRecv", "matched probes (MPI_Mrecv)");
    }

    /** MPI_Imrecv: pending. */
    public Request imRecv(java.nio.Buffer buf, int count, Datatype type) throws MPIException {
        throw Pending.of("Message.imRecv", "matched probes (MPI_Imrecv)");
    }
}
