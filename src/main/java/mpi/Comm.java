package mpi;

import static natmpj.jni.NativeMPIConstants.*;

import natmpj.internal.BufferType;
import natmpj.internal.Buffers;
import natmpj.internal.DroppedHandles;
import natmpj.internal.LiveHandles;
import natmpj.internal.Message;
import natmpj.internal.StatusBuffer;
import natmpj.jni.NativeMPI;

/**
 * A communicator: point-to-point messaging within a group of ranks.
 *
 * <p>Buffers are Java primitive arrays of the datatype's element type (offset and count in elements) or direct
 * ByteBuffers (offset and count in items of the datatype). Blocking calls hand both to MPI without copying:
 * arrays are pinned for the duration of the call, direct buffers are passed by address.
 */
public class Comm {
    /**
     * Opt-in ({@code -Dnatmpj.recvWaitsUnpinned=true}), and only where a pinned array stops the collector (see
     * NativeLibrary.gcPinsRegions): a blocking Recv into an array waits for its message unpinned (MPI_Mprobe) and
     * pins only to copy it in (MPI_Mrecv), so the JVM's other threads can allocate meanwhile. Off by default: it
     * costs 0.1-0.17 us a receive (README, Threads).
     */
    private static final boolean RECV_WAITS_UNPINNED = Boolean.getBoolean("natmpj.recvWaitsUnpinned")
            && !natmpj.internal.NativeLibrary.gcPinsRegions();

    /**
     * MPJ Express's public field: this communicator's group (the remote group of an intercommunicator), the same
     * object each time; null for MPI.COMM_NULL. natmpj asks MPI for the group when the program first uses it (see
     * Group.of). Comm.Group() and Intercomm.Remote_group() return a new group at each call, as MPI does.
     */
    public Group group;
    long handle;
    /** MPI.OBJECT messages received ahead by Status.Get_count of a probe's status; null until the first. */
    volatile ObjectMessages.Ahead ahead;
    /** Pending non-blocking MPI.OBJECT receives, in the order posted (see ObjectRecvRequest); its own lock. */
    final java.util.ArrayList<ObjectRecvRequest> objectReceives = new java.util.ArrayList<>(0);
    private final String name;
    /** Freed, or MPI.COMM_NULL: every call refuses it rather than hand MPI a dead handle. */
    private String unusable;
    /** For a communicator natmpj created: its registration with the Cleaner (see DroppedHandles). */
    private DroppedHandles.Tracked tracked;
    /** Cached once known (at Init for the predefined communicators): Rank() and Size() make no native call. */
    int rank = -1;
    int size = -1;
    /** How many ranks point-to-point calls may name: size, or the remote group's size of an intercommunicator. */
    int peers = -1;

    Comm(long handle, String name) {
        this.handle = handle;
        this.name = name;
        this.group = Group.of(this);
    }

    /** MPI.COMM_NULL. */
    static Comm nullComm(long handle) {
        Comm c = new Comm(handle, "MPI.COMM_NULL");
        c.unusable = "is MPI.COMM_NULL";
        c.group = null;
        return c;
    }

    /** For the first use of {@link #group}: MPI's group of this communicator (remote group of an intercomm). */
    long fetchGroup(String call) {
        if (unusable != null) {
            throw new IllegalStateException(call + ": the group (Comm.group of " + this + ") was first used after"
                    + " its communicator " + unusable + "; read it before freeing the communicator");
        }
        long[] group = new long[1];
        MPIException.check(this instanceof Intercomm ? NativeMPI.comm_remote_group(handle, group)
                : NativeMPI.comm_group(handle, group), call);
        return group[0];
    }

    /** Wraps a communicator MPI just created as the class its kind calls for; null for MPI_COMM_NULL. */
    static Comm created(long handle, String name) {
        if (handle == MPI.COMM_NULL.handle) return null;
        int[] value = new int[1];
        MPIException.check(NativeMPI.comm_test_inter(handle, value), name);
        Comm c;
        if (value[0] != 0) {
            c = new Intercomm(handle, name);
        } else {
            MPIException.check(NativeMPI.topo_test(handle, value), name);
            c = value[0] == MPI.CART ? new Cartcomm(handle, name)
                    : value[0] == MPI.GRAPH ? new Graphcomm(handle, name) : new Intracomm(handle, name);
        }
        c.cacheShape();
        c.tracked = DroppedHandles.track(c, LiveHandles.Kind.COMMUNICATOR, name, null);
        return c;
    }

    /** {@link #requireLive(String)} for a communicator passed as argument {@code name}: messages name it. */
    final void requireLive(String call, String name) {
        MPI.requireActive(call);
        if (unusable != null) throw unusable(call, name + " (a communicator)");
    }

    /** MPI.requireActive, and this communicator neither freed nor MPI.COMM_NULL. One field read more. */
    final void requireLive(String call) {
        MPI.requireActive(call);
        if (unusable != null) throw unusable(call, "the communicator");
    }

    /*
     * The hot paths (Send, Recv, Isend, ...) inline their checks; the exceptions are built in methods of their own,
     * so that the checks stay a few bytes of bytecode and C2 inlines whole calls into the program's loop early.
     */
    private IllegalStateException unusable(String call, String what) {
        return new IllegalStateException(call + ": " + what + " " + unusable);
    }

    void cacheShape() {
        int[] value = new int[1];
        MPIException.check(NativeMPI.comm_rank(handle, value), "MPI_Comm_rank");
        rank = value[0];
        MPIException.check(NativeMPI.comm_size(handle, value), "MPI_Comm_size");
        size = value[0];
        peers = size;
    }

    /** Rank of the calling process in this communicator. */
    public int Rank() throws MPIException {
        requireLive("Comm.Rank");
        return rank;
    }

    /** Number of processes in this communicator. */
    public int Size() throws MPIException {
        requireLive("Comm.Size");
        return size;
    }

    /** Blocking standard-mode send. */
    public void Send(Object buf, int offset, int count, Datatype datatype, int dest, int tag) throws MPIException {
        send(SEND_STANDARD, "Comm.Send", buf, offset, count, datatype, dest, tag);
    }

    /** Blocking synchronous send: returns once the matching receive has started. */
    public void Ssend(Object buf, int offset, int count, Datatype datatype, int dest, int tag) throws MPIException {
        send(SEND_SYNCHRONOUS, "Comm.Ssend", buf, offset, count, datatype, dest, tag);
    }

    /** Blocking ready send: the matching receive must already be posted. */
    public void Rsend(Object buf, int offset, int count, Datatype datatype, int dest, int tag) throws MPIException {
        send(SEND_READY, "Comm.Rsend", buf, offset, count, datatype, dest, tag);
    }

    private void send(int mode, String call, Object buf, int offset, int count, Datatype datatype, int dest, int tag) {
        requireLive(call);
        BufferType type = Datatype.layout(datatype);
        long off = Buffers.offset(call, "buf", buf, offset, count, type);
        checkRank(call, "dest", dest);
        checkTag(call, tag);
        if (ObjectMessages.isObject(datatype)) {
            ObjectMessages.send(this, mode, call, buf, offset, count, datatype, dest, tag);
            return;
        }
        Message m = Message.blocking(call, buf, off, count, type, Message.stageBlockingArrays, Message.READ);
        int rc = NativeMPI.send(mode, m.array, m.address, m.off, count, type.handle(), dest, tag, handle);
        m.finish(call, rc);
        MPIException.check(rc, call);
    }

    /** Blocking receive; {@code source} may be {@code MPI.ANY_SOURCE}, {@code tag} {@code MPI.ANY_TAG}. */
    public Status Recv(Object buf, int offset, int count, Datatype datatype, int source, int tag) throws MPIException {
        return Status.of(received(false, "Comm.Recv", buf, offset, count, datatype, 0, 0, source, tag));
    }

    /** Sends one message and receives another in one call; the two buffers must not overlap. */
    public Status Sendrecv(Object sendbuf, int sendoffset, int sendcount, Datatype sendtype, int dest, int sendtag,
                           Object recvbuf, int recvoffset, int recvcount, Datatype recvtype, int source, int recvtag)
            throws MPIException {
        return Status.of(sentAndReceived(sendbuf, sendoffset, sendcount, sendtype, dest, sendtag, recvbuf, recvoffset,
                recvcount, recvtype, source, recvtag));
    }

    /** Sends the buffer and replaces its contents with the message received. */
    public Status Sendrecv_replace(Object buf, int offset, int count, Datatype datatype, int dest, int sendtag,
                                   int source, int recvtag) throws MPIException {
        return Status.of(received(true, "Comm.Sendrecv_replace", buf, offset, count, datatype, dest, sendtag, source,
                recvtag));
    }

    /*
     * The blocking calls that return a Status do their work out of line, in received (Recv, and Sendrecv_replace
     * with replace set) and sentAndReceived (Sendrecv), which return the thread's StatusBuffer, where the C layer
     * wrote the MPI_Status, or the Status of an MPI.OBJECT message. The public methods only add the Status.
     *
     * On purpose: the bytecode of each of the two is larger than C2's FreqInlineSize (325 bytes), so C2 never inlines
     * them, and the public methods compile to a call and the building of a Status: small enough for C2 to inline
     * them into the program's loop, where escape analysis removes the Status when the program drops it or only reads
     * its fields, so a receive allocates nothing. Recv with its work inlined compiled to ~2,900 bytes, more than
     * InlineSmallCode (2,500), and no caller could inline it ("already compiled into a big method"): each Recv left a
     * Status of garbage, ~100 MB/s in a ping-pong, which on G1 cost latency while the young generation grew
     * (docs/performance.md). Recv and Sendrecv_replace share one method (together they pass the size; the rare
     * Sendrecv_replace then shares Recv's profile); Sendrecv has its own. AllocationSuite checks the result.
     */

    /**
     * Recv, or with {@code replace} Sendrecv_replace (dest and sendtag unused for Recv); see above. The two share
     * their call sites (Message, finish): a program that receives with one of them for a while and then with the
     * other still finds those sites hot, and C2 inlines them, which escape analysis needs to remove the Message.
     */
    private Object received(boolean replace, String call, Object buf, int offset, int count, Datatype datatype,
                            int dest, int sendtag, int source, int recvtag) {
        requireLive(call);
        BufferType type = Datatype.layout(datatype);
        long off = Buffers.offset(call, "buf", buf, offset, count, type);
        if (replace) {
            checkRank(call, "dest", dest);
            checkTag(call, "sendtag", sendtag);
            checkSource(call, source);
            checkRecvTag(call, "recvtag", recvtag);
        } else {
            checkSource(call, source);
            checkRecvTag(call, recvtag);
        }
        if (ObjectMessages.isObject(datatype)) {
            return replace // serialized before the receive overwrites buf
                    ? ObjectMessages.sendrecv(this, buf, offset, count, datatype, dest, sendtag, buf, offset, count,
                            datatype, source, recvtag)
                    : ObjectRecvRequest.receiveInOrder(this, call, null, buf, offset, count, datatype, source, recvtag,
                            true);
        }
        StatusBuffer status = StatusBuffer.current();
        Message m = Message.blocking(call, buf, off, count, type, Message.stageBlockingArrays,
                replace ? Message.READ_WRITE : Message.WRITE);
        int rc = replace
                ? NativeMPI.sendrecv_replace(m.array, m.address, m.off, count, type.handle(), dest, sendtag, source,
                        recvtag, handle, status.address)
                : RECV_WAITS_UNPINNED && m.array != null && source != MPI.PROC_NULL
                ? recvUnpinned(m, count, type, source, recvtag, status)
                : NativeMPI.recv(m.array, m.address, m.off, count, type.handle(), source, recvtag, handle,
                        status.address);
        m.finish(call, rc, m.staged() && rc == 0 ? Status.bytes(status) : -1);
        MPIException.check(rc, call);
        return status;
    }

    /** Sendrecv's work; see above. */
    private Object sentAndReceived(Object sendbuf, int sendoffset, int sendcount, Datatype sendtype, int dest,
                                   int sendtag, Object recvbuf, int recvoffset, int recvcount, Datatype recvtype,
                                   int source, int recvtag) {
        String call = "Comm.Sendrecv";
        requireLive(call);
        BufferType stype = Datatype.layout(sendtype), rtype = Datatype.layout(recvtype);
        long soff = Buffers.offset(call, "sendbuf", sendbuf, sendoffset, sendcount, stype);
        long roff = Buffers.offset(call, "recvbuf", recvbuf, recvoffset, recvcount, rtype);
        checkRank(call, "dest", dest);
        checkTag(call, "sendtag", sendtag);
        checkSource(call, source);
        checkRecvTag(call, "recvtag", recvtag);
        long sFrom = soff + stype.spanStartBytes(sendcount), sTo = soff + stype.spanEndBytes(sendcount);
        long rFrom = roff + rtype.spanStartBytes(recvcount), rTo = roff + rtype.spanEndBytes(recvcount);
        // Only for gap-free types: interleaved layouts (a halo column next to a sent column) may share a span.
        if (sendbuf != null && sendbuf == recvbuf && stype.dense() && rtype.dense() && sFrom < sTo && rFrom < rTo
                && sFrom < rTo && rFrom < sTo) {
            throw new IllegalArgumentException(call + ": sendbuf and recvbuf overlap; use Sendrecv_replace");
        }
        if (ObjectMessages.isObject(sendtype) || ObjectMessages.isObject(recvtype)) {
            return ObjectMessages.sendrecv(this, sendbuf, sendoffset, sendcount, sendtype, dest, sendtag, recvbuf,
                    recvoffset, recvcount, recvtype, source, recvtag);
        }
        StatusBuffer status = StatusBuffer.current();
        boolean stage = Message.stageBlockingArrays;
        Message s = Message.blocking(call, sendbuf, soff, sendcount, stype, stage, Message.READ);
        Message r = Message.blocking(call, recvbuf, roff, recvcount, rtype, stage, Message.WRITE);
        int rc = NativeMPI.sendrecv(s.array, s.address, s.off, sendcount, stype.handle(), dest, sendtag, r.array,
                r.address, r.off, recvcount, rtype.handle(), source, recvtag, handle, status.address);
        s.finish(call, rc);
        r.finish(call, rc, r.staged() && rc == 0 ? Status.bytes(status) : -1);
        MPIException.check(rc, call);
        return status;
    }

    /**
     * Recv's opt-in wait unpinned, pinning only to copy: a critical region held while waiting would stop every
     * collection in this JVM, so its other threads could not allocate (or would get OutOfMemoryError) until the
     * message came. A method of its own, so that the default path stays small.
     */
    private int recvUnpinned(Message m, int count, BufferType type, int source, int tag, StatusBuffer status) {
        long[] message = new long[1];
        int rc = NativeMPI.mprobe(source, tag, handle, status.address, message);
        return rc != 0 ? rc : NativeMPI.recv_matched(m.array, m.address, m.off, count, type.handle(), message[0],
                status.address);
    }

    /** Blocking buffered send: the message is copied into the buffer given to {@code MPI.Buffer_attach}. */
    public void Bsend(Object buf, int offset, int count, Datatype datatype, int dest, int tag) throws MPIException {
        send(SEND_BUFFERED, "Comm.Bsend", buf, offset, count, datatype, dest, tag);
    }

    /** Starts a standard-mode send; the buffer must not change until the request completes. */
    public Request Isend(Object buf, int offset, int count, Datatype datatype, int dest, int tag) throws MPIException {
        return isend(SEND_STANDARD, "Comm.Isend", buf, offset, count, datatype, dest, tag);
    }

    /** Starts a buffered-mode send (through the buffer given to {@code MPI.Buffer_attach}). */
    public Request Ibsend(Object buf, int offset, int count, Datatype datatype, int dest, int tag) throws MPIException {
        return isend(SEND_BUFFERED, "Comm.Ibsend", buf, offset, count, datatype, dest, tag);
    }

    /** Starts a synchronous-mode send: it completes once the matching receive has started. */
    public Request Issend(Object buf, int offset, int count, Datatype datatype, int dest, int tag) throws MPIException {
        return isend(SEND_SYNCHRONOUS, "Comm.Issend", buf, offset, count, datatype, dest, tag);
    }

    /** Starts a ready-mode send: the matching receive must already be posted. */
    public Request Irsend(Object buf, int offset, int count, Datatype datatype, int dest, int tag) throws MPIException {
        return isend(SEND_READY, "Comm.Irsend", buf, offset, count, datatype, dest, tag);
    }

    /** Starts a receive; the buffer holds the message once the request completes. */
    public Request Irecv(Object buf, int offset, int count, Datatype datatype, int source, int tag)
            throws MPIException {
        String call = "Comm.Irecv";
        requireLive(call);
        checkSource(call, source);
        checkRecvTag(call, tag);
        BufferType type = Datatype.layout(datatype);
        long off = Buffers.offset(call, "buf", buf, offset, count, type);
        if (ObjectMessages.isObject(datatype)) {
            return new ObjectRecvRequest(this, buf, offset, count, datatype, source, tag);
        }
        Message data = Message.receiveRequest(call, buf, off, count, type);
        StatusBuffer out = StatusBuffer.current();
        int rc = NativeMPI.irecv(data.address, count, type.handle(), source, tag, handle, out.handleAddress);
        if (rc != 0) throw failed(rc, call, data);
        return new Request(out.handle(), false, true, data);
    }

    /** A persistent standard-mode send, started by {@link Prequest#Start}. */
    public Prequest Send_init(Object buf, int offset, int count, Datatype datatype, int dest, int tag)
            throws MPIException {
        return sendInit(SEND_STANDARD, "Comm.Send_init", buf, offset, count, datatype, dest, tag);
    }

    /** A persistent buffered-mode send. */
    public Prequest Bsend_init(Object buf, int offset, int count, Datatype datatype, int dest, int tag)
            throws MPIException {
        return sendInit(SEND_BUFFERED, "Comm.Bsend_init", buf, offset, count, datatype, dest, tag);
    }

    /** A persistent synchronous-mode send. */
    public Prequest Ssend_init(Object buf, int offset, int count, Datatype datatype, int dest, int tag)
            throws MPIException {
        return sendInit(SEND_SYNCHRONOUS, "Comm.Ssend_init", buf, offset, count, datatype, dest, tag);
    }

    /** A persistent ready-mode send. */
    public Prequest Rsend_init(Object buf, int offset, int count, Datatype datatype, int dest, int tag)
            throws MPIException {
        return sendInit(SEND_READY, "Comm.Rsend_init", buf, offset, count, datatype, dest, tag);
    }

    /** A persistent receive, started by {@link Prequest#Start}. */
    public Prequest Recv_init(Object buf, int offset, int count, Datatype datatype, int source, int tag)
            throws MPIException {
        String call = "Comm.Recv_init";
        requireLive(call);
        checkSource(call, source);
        checkRecvTag(call, tag);
        BufferType type = Datatype.layout(datatype);
        long off = Buffers.offset(call, "buf", buf, offset, count, type);
        if (ObjectMessages.isObject(datatype)) {
            return new ObjectPrequest(true, () -> new ObjectRecvRequest(this, buf, offset, count, datatype, source,
                    tag));
        }
        Message data = Message.request(call, buf, off, count, type, Message.WRITE);
        StatusBuffer out = StatusBuffer.current();
        int rc = NativeMPI.recv_init(data.address, count, type.handle(), source, tag, handle, out.handleAddress);
        if (rc != 0) throw failed(rc, call, data);
        return new Prequest(out.handle(), true, data);
    }

    private Request isend(int mode, String call, Object buf, int offset, int count, Datatype datatype, int dest,
                          int tag) {
        requireLive(call);
        checkRank(call, "dest", dest);
        checkTag(call, tag);
        BufferType type = Datatype.layout(datatype);
        long off = Buffers.offset(call, "buf", buf, offset, count, type);
        if (ObjectMessages.isObject(datatype)) {
            return ObjectMessages.isend(this, mode, call, buf, offset, count, datatype, dest, tag);
        }
        Message data = Message.sendRequest(call, buf, off, count, type);
        StatusBuffer out = StatusBuffer.current();
        int rc = NativeMPI.isend(mode, data.address, count, type.handle(), dest, tag, handle, out.handleAddress);
        if (rc != 0) throw failed(rc, call, data);
        return new Request(out.handle(), false, false, data);
    }

    private Prequest sendInit(int mode, String call, Object buf, int offset, int count, Datatype datatype, int dest,
                              int tag) {
        requireLive(call);
        checkRank(call, "dest", dest);
        checkTag(call, tag);
        BufferType type = Datatype.layout(datatype);
        long off = Buffers.offset(call, "buf", buf, offset, count, type);
        if (ObjectMessages.isObject(datatype)) {
            return new ObjectPrequest(false, () -> ObjectMessages.isend(this, mode, call, buf, offset, count, datatype,
                    dest, tag));
        }
        Message data = Message.request(call, buf, off, count, type, Message.READ);
        StatusBuffer out = StatusBuffer.current();
        int rc = NativeMPI.send_init(mode, data.address, count, type.handle(), dest, tag, handle, out.handleAddress);
        if (rc != 0) throw failed(rc, call, data);
        return new Prequest(out.handle(), false, data);
    }

    /** MPI refused to start a request: its memory back, and the exception to throw. */
    private static MPIException failed(int rc, String call, Message data) {
        data.release();
        return MPIException.fromCode(rc, call);
    }

    /** Upper bound of the bytes {@link #Pack} writes for {@code incount} items of {@code datatype}. */
    public int Pack_size(int incount, Datatype datatype) throws MPIException {
        String call = "Comm.Pack_size";
        requireLive(call);
        Buffers.requireData(call, "datatype", Datatype.layout(datatype));
        requirePackable(call, datatype);
        if (incount < 0) throw new IllegalArgumentException(call + ": incount is " + incount + ", must be >= 0");
        int[] size = new int[1];
        MPIException.check(NativeMPI.pack_size(incount, datatype.layout.handle(), handle, size), call);
        if (size[0] < 0) { // MPI's int result overflowed
            throw new IllegalArgumentException(call + ": incount " + incount + " items of " + datatype
                    + " need more than Integer.MAX_VALUE bytes");
        }
        return size[0];
    }

    /**
     * Packs {@code incount} items into {@code outbuf} from byte {@code position} on (mpiJava 1.2) and returns the
     * position after them. Send the bytes with {@code MPI.PACKED}.
     */
    public int Pack(Object inbuf, int offset, int incount, Datatype datatype, byte[] outbuf, int position)
            throws MPIException {
        String call = "Comm.Pack";
        requireLive(call);
        requirePackable(call, datatype);
        BufferType type = Datatype.layout(datatype);
        long off = Buffers.offset(call, "inbuf", inbuf, offset, incount, type);
        checkPosition(call, "outbuf", outbuf, position);
        long needed = (long) incount * type.size * type.element.bytes; // packed data holds at least the data
        if (type.element.movedByMpi() && needed > outbuf.length - position) {
            throw new IndexOutOfBoundsException(call + ": incount " + incount + " items of " + datatype + " need "
                    + needed + " bytes but outbuf has " + (outbuf.length - position) + " after position " + position);
        }
        int[] end = new int[1];
        Message in = Message.blocking(call, inbuf, off, incount, type, false, Message.READ); // local: may pin
        int rc = NativeMPI.pack(in.array, in.address, in.off, incount, type.handle(), outbuf, 0, outbuf.length,
                position, handle, end);
        in.finish(call, rc);
        MPIException.check(rc, call);
        return end[0];
    }

    /**
     * Unpacks {@code outcount} items from {@code inbuf}, starting at byte {@code position}, into {@code outbuf}
     * (mpiJava 1.2); returns the position after the bytes used.
     */
    public int Unpack(byte[] inbuf, int position, Object outbuf, int offset, int outcount, Datatype datatype)
            throws MPIException {
        String call = "Comm.Unpack";
        requireLive(call);
        checkPosition(call, "inbuf", inbuf, position);
        requirePackable(call, datatype);
        BufferType type = Datatype.layout(datatype);
        long off = Buffers.offset(call, "outbuf", outbuf, offset, outcount, type);
        long needed = (long) outcount * type.size * type.element.bytes; // packed data holds at least the data
        if (type.element.movedByMpi() && needed > inbuf.length - position) {
            throw new IndexOutOfBoundsException(call + ": outcount " + outcount + " items of " + datatype + " need "
                    + needed + " bytes but inbuf has " + (inbuf.length - position) + " after position " + position);
        }
        int[] end = new int[1];
        Message out = Message.blocking(call, outbuf, off, outcount, type, false, Message.WRITE); // local: may pin
        int rc = NativeMPI.unpack(inbuf, 0, inbuf.length, position, out.array, out.address, out.off, outcount,
                type.handle(), handle, end);
        out.finish(call, rc);
        MPIException.check(rc, call);
        return end[0];
    }

    /**
     * MPI packs what MPI describes: Java objects have no MPI layout (and an Object[] must never reach the JNI calls
     * that pin primitive arrays). Send objects as MPI.OBJECT instead.
     */
    private static void requirePackable(String call, Datatype datatype) {
        if (ObjectMessages.isObject(datatype)) {
            throw new IllegalArgumentException(call + ": datatype is " + datatype + ", which holds Java objects; "
                    + "Pack and Unpack take the primitive datatypes and types built from them");
        }
    }

    private static void checkPosition(String call, String name, byte[] bytes, int position) {
        if (bytes == null) throw new NullPointerException(call + ": " + name + " is null");
        if (position < 0 || position > bytes.length) {
            throw new IndexOutOfBoundsException(call + ": position is " + position + ", outside " + name
                    + " (length " + bytes.length + ")");
        }
    }

    /** Waits until a matching message can be received and describes it, without receiving it. */
    public Status Probe(int source, int tag) throws MPIException {
        String call = "Comm.Probe";
        requireLive(call);
        checkSource(call, source);
        checkRecvTag(call, tag);
        Status ahead = ObjectMessages.probeAhead(this, source, tag);
        if (ahead != null) return ahead;
        StatusBuffer status = StatusBuffer.current();
        if (this.ahead != null) { // a message may be received ahead meanwhile: poll for both
            for (int spins = 0; ; spins++) {
                MPIException.check(NativeMPI.iprobe(source, tag, handle, status.address), call);
                if (status.get(STATUS_FLAG) != 0) return probed(new Status(status));
                if ((ahead = ObjectMessages.probeAhead(this, source, tag)) != null) return ahead;
                if (spins < 1000) Thread.onSpinWait(); else Thread.yield();
            }
        }
        MPIException.check(NativeMPI.probe(source, tag, handle, status.address), call);
        return probed(new Status(status));
    }

    /** A probe's status knows its communicator: Get_count(MPI.OBJECT) counts the message there. */
    private Status probed(Status status) {
        status.probedOn = this;
        return status;
    }

    /** Describes a matching message if one is pending, else returns null. */
    public Status Iprobe(int source, int tag) throws MPIException {
        String call = "Comm.Iprobe";
        requireLive(call);
        checkSource(call, source);
        checkRecvTag(call, tag);
        Status ahead = ObjectMessages.probeAhead(this, source, tag);
        if (ahead != null) return ahead;
        StatusBuffer status = StatusBuffer.current();
        MPIException.check(NativeMPI.iprobe(source, tag, handle, status.address), call);
        return status.get(STATUS_FLAG) != 0 ? probed(new Status(status)) : null;
    }

    /** Ends every process of the job (all of MPI_COMM_WORLD, in practice) with {@code errorcode}. */
    public void Abort(int errorcode) throws MPIException {
        MPI.requireActiveOnAnyThread("Comm.Abort"); // an emergency exit: allowed from any thread
        if (unusable != null) throw new IllegalStateException("Comm.Abort: the communicator " + unusable);
        System.out.flush();
        System.err.flush();
        MPIException.check(NativeMPI.abort(handle, errorcode), "Comm.Abort");
    }

    /** Sets what MPI does on errors on this communicator: {@code MPI.ERRORS_RETURN} or {@code ERRORS_ARE_FATAL}. */
    public void Errhandler_set(Errhandler errhandler) throws MPIException {
        requireLive("Comm.Errhandler_set");
        if (errhandler == null) throw new NullPointerException("Comm.Errhandler_set: errhandler is null");
        MPIException.check(NativeMPI.comm_set_errhandler(handle, errhandler.handle), "Comm.Errhandler_set");
    }

    /** The error handler of this communicator. */
    public Errhandler Errhandler_get() throws MPIException {
        requireLive("Comm.Errhandler_get");
        long[] value = new long[1];
        MPIException.check(NativeMPI.comm_get_errhandler(handle, value), "Comm.Errhandler_get");
        if (value[0] == MPI.ERRORS_RETURN.handle) return MPI.ERRORS_RETURN;
        if (value[0] == MPI.ERRORS_ARE_FATAL.handle) return MPI.ERRORS_ARE_FATAL;
        return new Errhandler(value[0], "Errhandler(" + value[0] + ")");
    }

    /** mpiJava 1.2's spelling of {@link #Errhandler_get}. */
    public Errhandler Errorhandler_get() throws MPIException {
        return Errhandler_get();
    }

    /** The group of this communicator (the local group of an intercommunicator). */
    public Group Group() throws MPIException {
        String call = "Comm.Group";
        requireLive(call);
        long[] group = new long[1];
        MPIException.check(NativeMPI.comm_group(handle, group), call);
        return Group.wrap(group[0]);
    }

    /** {@code MPI.IDENT} (the same communicator), {@code CONGRUENT} (same group and order, another context),
     *  {@code SIMILAR} (same members, another order) or {@code UNEQUAL}. */
    public static int Compare(Comm comm1, Comm comm2) throws MPIException {
        String call = "Comm.Compare";
        if (comm1 == null) throw new NullPointerException(call + ": comm1 is null");
        if (comm2 == null) throw new NullPointerException(call + ": comm2 is null");
        comm1.requireLive(call, "comm1");
        comm2.requireLive(call, "comm2");
        int[] result = new int[1];
        MPIException.check(NativeMPI.comm_compare(comm1.handle, comm2.handle, result), call);
        return MPI.comparison(result[0]);
    }

    /** Frees the communicator (collective); later use is an IllegalStateException. */
    public void Free() throws MPIException {
        String call = "Comm.Free";
        requireLive(call);
        if (this == MPI.COMM_WORLD || this == MPI.COMM_SELF) {
            throw new IllegalArgumentException(call + ": " + this + " is predefined and cannot be freed");
        }
        MPIException.check(NativeMPI.comm_free(handle), call);
        unusable = "has been freed";
        handle = MPI.COMM_NULL.handle;
        if (tracked != null) tracked.freed();
    }

    /** Whether this communicator has been freed or is MPI.COMM_NULL (mpiJava 1.2). */
    public boolean Is_null() throws MPIException {
        MPI.requireActive("Comm.Is_null");
        return unusable != null;
    }

    /** Whether this is an intercommunicator. */
    public boolean Test_inter() throws MPIException {
        String call = "Comm.Test_inter";
        requireLive(call);
        int[] flag = new int[1];
        MPIException.check(NativeMPI.comm_test_inter(handle, flag), call);
        return flag[0] != 0;
    }

    /** A duplicate (MPI_Comm_dup, collective): same group and topology, separate messages. */
    @Override
    public Object clone() throws MPIException {
        String call = getClass().getSimpleName() + ".clone";
        requireLive(call);
        long[] dup = new long[1];
        MPIException.check(NativeMPI.comm_dup(handle, dup), call);
        return created(dup[0], "dup of " + this);
    }

    /**
     * Creates an intercommunicator between this process's {@code local_comm} and another group, with this
     * communicator as the peer that connects their leaders ({@code local_leader} in local_comm,
     * {@code remote_leader} in this communicator); collective over both groups.
     */
    public Intercomm Create_intercomm(Comm local_comm, int local_leader, int remote_leader, int tag)
            throws MPIException {
        String call = "Comm.Create_intercomm";
        MPI.requireActive(call);
        if (local_comm == null) throw new NullPointerException(call + ": local_comm is null");
        local_comm.requireLive(call, "local_comm");
        if (local_leader < 0 || local_leader >= local_comm.size) {
            throw new IllegalArgumentException(call + ": local_leader is " + local_leader + ", not a rank of "
                    + local_comm + " (size " + local_comm.size + ")");
        }
        // The peer communicator and remote_leader matter only at the local leader (others may pass MPI.COMM_NULL).
        if (local_comm.rank == local_leader) requireLive(call);
        if (local_comm.rank == local_leader && (remote_leader < 0 || remote_leader >= size)) {
            throw new IllegalArgumentException(call + ": remote_leader is " + remote_leader + ", not a rank of "
                    + this + " (size " + size + ")");
        }
        checkTag(call, tag);
        long[] inter = new long[1];
        MPIException.check(NativeMPI.intercomm_create(local_comm.handle, local_leader, handle, remote_leader, tag,
                inter), call);
        return (Intercomm) created(inter[0], "intercommunicator");
    }

    /**
     * The value of a predefined attribute, {@code MPI.TAG_UB}, {@code HOST}, {@code IO} or
     * {@code WTIME_IS_GLOBAL}, as an Integer; null when MPI has no value for it.
     */
    public Object Attr_get(int keyval) throws MPIException {
        String call = "Comm.Attr_get";
        requireLive(call);
        int[] value = new int[1], found = new int[1];
        MPIException.check(NativeMPI.comm_get_attr_int(handle, keyval, value, found), call);
        return found[0] != 0 ? Integer.valueOf(value[0]) : null;
    }

    /** Deletes an attribute (MPI refuses the predefined ones with an MPIException). */
    public void Attr_delete(int keyval) throws MPIException {
        String call = "Comm.Attr_delete";
        requireLive(call);
        MPIException.check(NativeMPI.comm_delete_attr(handle, keyval), call);
    }

    /** {@code MPI.CART}, {@code MPI.GRAPH} or {@code MPI.UNDEFINED} (no topology). */
    public int Topo_test() throws MPIException {
        String call = getClass().getSimpleName() + ".Topo_test";
        requireLive(call);
        int[] kind = new int[1];
        MPIException.check(NativeMPI.topo_test(handle, kind), call);
        return kind[0];
    }

    final void checkRank(String call, String what, int r) {
        if (r != MPI.PROC_NULL && (r < 0 || r >= peers)) throw badRank(call, what, r);
    }

    private IllegalArgumentException badRank(String call, String what, int r) {
        return new IllegalArgumentException(call + ": " + what + " is " + r + ", not a rank of " + this + " ("
                + (peers == size ? "size " : "remote size ") + peers + ") nor MPI.PROC_NULL");
    }

    final void checkSource(String call, int source) {
        if (source != MPI.ANY_SOURCE) checkRank(call, "source", source);
    }

    static void checkTag(String call, int tag) {
        checkTag(call, "tag", tag);
    }

    static void checkTag(String call, String name, int tag) {
        if (tag < 0 || tag > MPI.tagUpperBound) throw badTag(call, name, tag);
    }

    private static IllegalArgumentException badTag(String call, String name, int tag) {
        return new IllegalArgumentException(call + ": " + name + " is " + tag + ", must be in 0.." + MPI.tagUpperBound);
    }

    static void checkRecvTag(String call, int tag) {
        checkRecvTag(call, "tag", tag);
    }

    static void checkRecvTag(String call, String name, int tag) {
        if (tag != MPI.ANY_TAG) checkTag(call, name, tag);
    }

    @Override
    public String toString() {
        return name;
    }
}
