package mpi;

import static natmpj.jni.NativeMPIConstants.*;

/** What a receive or probe learned about a message: its source, tag and size. */
public class Status {
    /** Rank of the sender (or {@code MPI.PROC_NULL}). */
    public int source;
    /** Tag of the message. */
    public int tag;
    /** Index of the completed request in Waitany/Testany/..., else {@code MPI.UNDEFINED}. */
    public int index;
    private long bytes;
    private boolean cancelled;

    public Status() {
        index = MPI.UNDEFINED;
    }

    /** Builds a Status from what the C layer just wrote into this thread's status buffer. */
    Status(StatusBuffer raw) {
        this();
        source = raw.get(STATUS_SOURCE);
        tag = raw.get(STATUS_TAG);
        bytes = (raw.get(STATUS_BYTES_LO) & 0xffffffffL) | ((long) raw.get(STATUS_BYTES_HI) << 32);
        cancelled = raw.get(STATUS_CANCELLED) != 0;
    }

    /** Number of items of {@code datatype} received, or {@code MPI.UNDEFINED} if not a whole number. */
    public int Get_count(Datatype datatype) throws MPIException {
        if (datatype == null) throw new NullPointerException("Status.Get_count: datatype is null");
        long size = datatype.base.bytes;
        if (bytes % size != 0 || bytes / size > Integer.MAX_VALUE) return MPI.UNDEFINED;
        return (int) (bytes / size);
    }

    /** Number of basic elements received; for the predefined types the same as {@link #Get_count}. */
    public int Get_elements(Datatype datatype) throws MPIException {
        return Get_count(datatype);
    }

    /** Whether the request this status came from was cancelled. */
    public boolean Test_cancelled() throws MPIException {
        return cancelled;
    }

    @Override
    public String toString() {
        return "Status[source=" + source + ", tag=" + tag + ", bytes=" + bytes + "]";
    }
}
