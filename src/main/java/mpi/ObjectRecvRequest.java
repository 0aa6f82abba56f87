package mpi;

/**
 * A non-blocking receive of {@code MPI.OBJECT}: its size is unknown until a message matches, so there is no MPI
 * request; testing it runs a matched probe (MPI_Improbe) and, on a match, receives and deserializes at once, and
 * waiting runs MPI_Mprobe. Calls on several requests poll it (see {@link Polling}). A receive posted this way
 * matches when it is tested or waited for, not when it is posted.
 */
final class ObjectRecvRequest extends Request {
    private final Comm comm;
    private final Object buf;
    private final int offset, count, source, tag;
    private final Datatype type;
    private Status done;
    private boolean reported, cancelled;

    ObjectRecvRequest(Comm comm, Object buf, int offset, int count, Datatype type, int source, int tag) {
        super(MPI.requestNullHandle);
        this.comm = comm;
        this.buf = buf;
        this.offset = offset;
        this.count = count;
        this.type = type;
        this.source = source;
        this.tag = tag;
    }

    @Override
    boolean polled() {
        return true;
    }

    @Override
    boolean pendingWithoutHandle() {
        return !reported;
    }

    @Override
    boolean idle() {
        return reported;
    }

    @Override
    boolean progress() {
        if (done == null && !reported) done = ObjectMessages.tryRecv(comm, "Request.Test", buf, offset, count, type,
                source, tag);
        return done != null;
    }

    @Override
    Status testOne(String call) {
        requireUsable(call);
        if (reported) return Status.empty();
        if (done == null) done = ObjectMessages.tryRecv(comm, call, buf, offset, count, type, source, tag);
        return done == null ? null : report();
    }

    @Override
    Status waitOne(String call) {
        requireUsable(call);
        if (reported) return Status.empty();
        if (done == null) done = ObjectMessages.recv(comm, call, buf, offset, count, type, source, tag);
        return report();
    }

    /** Not yet matched: nothing was received, so cancelling always succeeds. */
    @Override
    public void Cancel() throws MPIException {
        requireUsable("Request.Cancel");
        if (done == null && !reported) {
            cancelled = true;
            done = Status.empty();
            done.cancelled = true;
        }
    }

    @Override
    public void Free() throws MPIException {
        requireUsable("Request.Free");
        reported = true;
        super.Free();
    }

    private Status report() {
        reported = true;
        Status s = done;
        done = null;
        if (cancelled) s.cancelled = true;
        return s;
    }
}
