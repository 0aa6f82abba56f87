package mpi;

import static natmpj.jni.NativeMPIConstants.*;

import java.nio.ByteBuffer;

import natmpj.internal.Buffers;
import natmpj.internal.Element;
import natmpj.internal.StatusBuffer;
import natmpj.jni.NativeMPI;

/**
 * What a receive or probe learned about a message: its source and tag, and (through MPI itself) its size.
 *
 * <p>The MPI_Status is kept as opaque bytes and handed back to MPI by {@link #Get_count}, {@link #Get_elements}
 * and {@link #Test_cancelled}, so a receive pays for those only when they are asked.
 */
public class Status {
    /** Rank of the sender (or {@code MPI.PROC_NULL}). */
    public int source;
    /** Tag of the message. */
    public int tag;
    /** Index of the completed request in Waitany/Testany/..., else {@code MPI.UNDEFINED}. */
    public int index;
    private long raw0, raw1, raw2, raw3; // the MPI_Status, STATUS_RAW_LONGS longs
    /** For MPI.OBJECT messages received: how many objects arrived (the MPI_Status counts serialized bytes). */
    int objects = -1;
    /** Set for an MPI.OBJECT receive cancelled before it matched (it never had an MPI request). */
    boolean cancelled;
    /** For a status Probe or Iprobe returned: the communicator, where Get_count(MPI.OBJECT) counts the message. */
    Comm probedOn;

    public Status() {
        index = MPI.UNDEFINED;
    }

    /** Builds a Status from what the C layer just wrote into this thread's status buffer. */
    Status(StatusBuffer scratch) {
        this(scratch.slots, 0);
    }

    /**
     * What Comm's blocking receives return: a Status built from the thread's status buffer, or the Status an
     * MPI.OBJECT receive built. Small, so that it inlines with them into the caller (see Comm.received).
     */
    static Status of(Object received) {
        return received instanceof StatusBuffer ? new Status((StatusBuffer) received) : (Status) received;
    }

    /** The bytes of the message whose status is in the thread's status buffer (a staged receive copies them back). */
    static long bytes(StatusBuffer scratch) {
        return new Status(scratch).bytes();
    }

    /** Builds a Status from a status slot block the C layer wrote at {@code base} bytes into {@code memory}. */
    Status(ByteBuffer memory, int base) {
        this();
        source = memory.getInt(base + STATUS_SOURCE * Integer.BYTES);
        tag = memory.getInt(base + STATUS_TAG * Integer.BYTES);
        int raw = base + STATUS_RAW * Integer.BYTES;
        raw0 = memory.getLong(raw);
        raw1 = memory.getLong(raw + Long.BYTES);
        raw2 = memory.getLong(raw + 2 * Long.BYTES);
        raw3 = memory.getLong(raw + 3 * Long.BYTES);
    }

    /** The bytes the message held (MPI_Get_count with MPI_BYTE): what a staged receive copies back. */
    long bytes() {
        int[] count = new int[1];
        MPIException.check(NativeMPI.status_get_count(raw0, raw1, raw2, raw3, MPI.BYTE.layout.handle(), count),
                "MPI_Get_count");
        return count[0];
    }

    /** A copy, for each receive of a message received ahead. */
    Status copy() {
        Status s = new Status();
        s.source = source;
        s.tag = tag;
        s.index = index;
        s.raw0 = raw0;
        s.raw1 = raw1;
        s.raw2 = raw2;
        s.raw3 = raw3;
        s.objects = objects;
        return s;
    }

    /** The status of a request that was null or inactive: MPI's empty status. */
    static Status empty() {
        Status s = new Status();
        s.source = MPI.ANY_SOURCE;
        s.tag = MPI.ANY_TAG;
        return s;
    }

    /** Number of items of {@code datatype} received, or {@code MPI.UNDEFINED} if not a whole number. */
    public int Get_count(Datatype datatype) throws MPIException {
        return query("Status.Get_count", datatype, false);
    }

    /** Number of basic elements received; for the predefined types the same as {@link #Get_count}. */
    public int Get_elements(Datatype datatype) throws MPIException {
        return query("Status.Get_elements", datatype, true);
    }

    /** Whether the request this status came from was cancelled. */
    public boolean Test_cancelled() throws MPIException {
        return testCancelled("Status.Test_cancelled");
    }

    private boolean testCancelled(String call) {
        MPI.requireActive(call);
        if (cancelled) return true;
        int[] flag = new int[1];
        MPIException.check(NativeMPI.status_test_cancelled(raw0, raw1, raw2, raw3, flag), call);
        return flag[0] != 0;
    }

    private int query(String call, Datatype datatype, boolean elements) {
        MPI.requireActive(call);
        Buffers.requireData(call, "datatype", Datatype.layout(datatype));
        if (datatype.layout.element == Element.OBJECT) {
            int perItem = datatype.layout.displacements().length;
            // A probe's status: the objects are counted in the message itself, received ahead (ObjectMessages.Ahead)
            if (objects < 0 && probedOn != null) objects = ObjectMessages.countAhead(probedOn, this, call);
            if (objects < 0) return MPI.UNDEFINED;
            if (perItem == 0) return MPI.UNDEFINED;
            return elements ? objects : objects % perItem == 0 ? objects / perItem : MPI.UNDEFINED;
        }
        int[] count = new int[1];
        long type = datatype.layout.handle();
        int rc = elements ? NativeMPI.status_get_elements(raw0, raw1, raw2, raw3, type, count)
                : NativeMPI.status_get_count(raw0, raw1, raw2, raw3, type, count);
        MPIException.check(rc, call);
        return count[0];
    }

    /** MPJ Express's free(): a status holds nothing of MPI's, so it only checks, as every call does, that MPI is
     *  active. */
    public void free() throws MPIException {
        MPI.requireActive("Status.free");
    }

    @Override
    public String toString() {
        return "Status[source=" + source + ", tag=" + tag + "]";
    }

    // ================================================================ Open MPI's Java API

    /** MPI_Get_count: whole items of {@code datatype} received, or MPI.UNDEFINED. */
    public int getCount(Datatype datatype) throws MPIException {
        try {
            return query("Status.getCount", datatype, false);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** MPI_Test_cancelled. */
    public boolean isCancelled() throws MPIException {
        try {
            return testCancelled("Status.isCancelled");
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** MPI_Get_elements: basic elements received. */
    public int getElements(Datatype datatype) throws MPIException {
        try {
            return query("Status.getElements", datatype, true);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** MPI_Get_elements_x, as a Count (the count fits an int in what natmpj receives). */
    public Count getElementsX(Datatype datatype) throws MPIException {
        try {
            return new Count(query("Status.getElementsX", datatype, true));
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** MPI_Status_set_elements. */
    public void setElements(Datatype datatype, int count) throws MPIException {
        try {
            String call = "Status.setElements";
            if (count < 0) throw new IllegalArgumentException(call + ": count is " + count + ", must be >= 0");
            set(call, datatype, count, -1);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** MPI_Status_set_elements_x, for counts that fit an int. */
    public void setElementsX(Datatype datatype, Count count) throws MPIException {
        try {
            String call = "Status.setElementsX";
            if (count == null) throw new NullPointerException(call + ": count is null");
            long n = count.getCount();
            if (n < 0 || n > Integer.MAX_VALUE) {
                throw new IllegalArgumentException(call + ": count is " + n + ", must be in 0.." + Integer.MAX_VALUE);
            }
            set(call, datatype, (int) n, -1);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** MPI_Status_set_cancelled. */
    public void setCancelled(boolean flag) throws MPIException {
        try {
            set("Status.setCancelled", null, -1, flag ? 1 : 0);
            cancelled = flag;
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    private void set(String call, Datatype datatype, int elements, int cancelledFlag) {
        MPI.requireActive(call);
        long type = 0;
        if (elements >= 0) {
            Buffers.requireData(call, "datatype", Datatype.layout(datatype));
            type = datatype.layout.handle();
        }
        long[] raw = new long[4];
        MPIException.check(NativeMPI.status_set(raw0, raw1, raw2, raw3, type, elements, cancelledFlag, raw), call);
        raw0 = raw[0];
        raw1 = raw[1];
        raw2 = raw[2];
        raw3 = raw[3];
        objects = -1;
    }

    /** The source of the message. */
    public int getSource() {
        return source;
    }

    /** The tag of the message. */
    public int getTag() {
        return tag;
    }

    /** The MPI_ERROR field: meaningful after the calls on several requests that report MPI.ERR_IN_STATUS. */
    public int getError() {
        try {
            return NativeMPI.status_error(raw0, raw1, raw2, raw3);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** The index of the request this status is for, in the calls on several requests; MPI.UNDEFINED otherwise. */
    public int getIndex() {
        return index;
    }
}
