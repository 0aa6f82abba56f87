package mpi;

import static natmpj.jni.NativeMPIConstants.*;

import java.nio.Buffer;

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
public class Comm implements Freeable, Cloneable {
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
    /**
     * How many ranks point-to-point calls may name: size, or the remote group's size of an intercommunicator. Also
     * the processes a collective exchanges blocks with (Collectives).
     */
    int peers = -1;
    /**
     * An intercommunicator: point-to-point ranks and a collective's blocks are the remote group's, a collective's
     * root is MPI.ROOT or MPI.PROC_NULL in its own group (see {@link #isRoot}), and nothing is in place.
     */
    final boolean inter;

    Comm(long handle, String name) {
        this.handle = handle;
        this.name = name;
        this.inter = this instanceof Intercomm;
        this.group = Group.of(this);
    }

    /** MPI.COMM_NULL. */
    static Comm nullComm(long handle) {
        return new Comm(handle, "MPI.COMM_NULL").asNull();
    }

    /** This object, made MPI_COMM_NULL: every call refuses it; isNull() is true. */
    @SuppressWarnings("unchecked")
    final <C extends Comm> C asNull() {
        unusable = "is MPI.COMM_NULL";
        group = null;
        return (C) this;
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
            // CartComm and GraphComm (Open MPI's names) are Cartcomm and Graphcomm (mpiJava's) too: either API's
            // members apply to every topology communicator, whichever API made it.
            // A distributed graph is a GraphComm too, as Open MPI's API makes it (createDistGraph returns one).
            c = value[0] == MPI.CART ? new CartComm(handle, name)
                    : value[0] == MPI.GRAPH || value[0] == MPI.DIST_GRAPH ? new GraphComm(handle, name)
                    : new Intracomm(handle, name);
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
        return Status.of(sentAndReceived("Comm.Sendrecv", sendbuf, sendoffset, sendcount, sendtype, dest, sendtag,
                recvbuf, recvoffset, recvcount, recvtype, source, recvtag));
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
    private Object sentAndReceived(String call, Object sendbuf, int sendoffset, int sendcount, Datatype sendtype,
                                   int dest, int sendtag, Object recvbuf, int recvoffset, int recvcount,
                                   Datatype recvtype, int source, int recvtag) {
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
        // With MPI.PROC_NULL on both sides no byte moves, so the buffers may be one (as in Open MPI's bindings, which
        // copy); MPI then gets no buffer at all (MPICH refuses one address for both even when nothing moves).
        boolean nowhere = dest == MPI.PROC_NULL && source == MPI.PROC_NULL;
        if (!nowhere && sendbuf != null && sendbuf == recvbuf && stype.dense() && rtype.dense() && sFrom < sTo
                && rFrom < rTo && sFrom < rTo && rFrom < sTo) {
            throw new IllegalArgumentException(call + ": sendbuf and recvbuf overlap; use Sendrecv_replace");
        }
        if (ObjectMessages.isObject(sendtype) || ObjectMessages.isObject(recvtype)) {
            return ObjectMessages.sendrecv(this, sendbuf, sendoffset, sendcount, sendtype, dest, sendtag, recvbuf,
                    recvoffset, recvcount, recvtype, source, recvtag);
        }
        StatusBuffer status = StatusBuffer.current();
        boolean stage = Message.stageBlockingArrays;
        int scount = nowhere ? 0 : sendcount, rcount = nowhere ? 0 : recvcount;
        Message s = Message.blocking(call, sendbuf, soff, scount, stype, stage, Message.READ);
        Message r = Message.blocking(call, recvbuf, roff, rcount, rtype, stage, Message.WRITE);
        int rc = NativeMPI.sendrecv(s.array, s.address, s.off, scount, stype.handle(), dest, sendtag, r.array,
                r.address, r.off, rcount, rtype.handle(), source, recvtag, handle, status.address);
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
        return Irecv("Comm.Irecv", buf, offset, count, datatype, source, tag);
    }

    /** {@link #Irecv} for a call named {@code call} (either API's spelling). */
    Request Irecv(String call, Object buf, int offset, int count, Datatype datatype, int source, int tag) {
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
        return Recv_init("Comm.Recv_init", buf, offset, count, datatype, source, tag);
    }

    /** {@link #Recv_init} for a call named {@code call} (either API's spelling). */
    Prequest Recv_init(String call, Object buf, int offset, int count, Datatype datatype, int source, int tag) {
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
        return Pack_size("Comm.Pack_size", incount, datatype);
    }

    /** {@link #Pack_size} for a call named {@code call} (either API's spelling). */
    int Pack_size(String call, int incount, Datatype datatype) {
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
        return Pack("Comm.Pack", inbuf, offset, incount, datatype, outbuf, position);
    }

    /** {@link #Pack} for a call named {@code call} (either API's spelling). */
    int Pack(String call, Object inbuf, int offset, int incount, Datatype datatype, byte[] outbuf, int position) {
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
        return Unpack("Comm.Unpack", inbuf, position, outbuf, offset, outcount, datatype);
    }

    /** {@link #Unpack} for a call named {@code call} (either API's spelling). */
    int Unpack(String call, byte[] inbuf, int position, Object outbuf, int offset, int outcount, Datatype datatype) {
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
        return Probe("Comm.Probe", source, tag);
    }

    /** {@link #Probe} for a call named {@code call} (either API's spelling). */
    Status Probe(String call, int source, int tag) {
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
        return Iprobe("Comm.Iprobe", source, tag);
    }

    /** {@link #Iprobe} for a call named {@code call} (either API's spelling). */
    Status Iprobe(String call, int source, int tag) {
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
        abort("Comm.Abort", errorcode);
    }

    final void abort(String call, int errorcode) {
        MPI.requireActiveOnAnyThread(call); // an emergency exit: allowed from any thread
        if (unusable != null) throw new IllegalStateException(call + ": the communicator " + unusable);
        System.out.flush();
        System.err.flush();
        MPIException.check(NativeMPI.abort(handle, errorcode), call);
    }

    /** Sets what MPI does on errors on this communicator: {@code MPI.ERRORS_RETURN} or {@code ERRORS_ARE_FATAL}. */
    public void Errhandler_set(Errhandler errhandler) throws MPIException {
        setErrhandler("Comm.Errhandler_set", errhandler);
    }

    final void setErrhandler(String call, Errhandler errhandler) {
        requireLive(call);
        if (errhandler == null) throw new NullPointerException(call + ": errhandler is null");
        MPIException.check(NativeMPI.comm_set_errhandler(handle, errhandler.handle), call);
    }

    /** The error handler of this communicator. */
    public Errhandler Errhandler_get() throws MPIException {
        return errhandler("Comm.Errhandler_get");
    }

    final Errhandler errhandler(String call) {
        requireLive(call);
        long[] value = new long[1];
        MPIException.check(NativeMPI.comm_get_errhandler(handle, value), call);
        return Errhandler.of(value[0]);
    }

    /** mpiJava 1.2's spelling of {@link #Errhandler_get}. */
    public Errhandler Errorhandler_get() throws MPIException {
        return Errhandler_get();
    }

    /** The group of this communicator (the local group of an intercommunicator). */
    public Group Group() throws MPIException {
        return Group("Comm.Group");
    }

    /** {@link #Group} for a call named {@code call} (either API's spelling). */
    Group Group(String call) {
        requireLive(call);
        long[] group = new long[1];
        MPIException.check(NativeMPI.comm_group(handle, group), call);
        return Group.wrap(group[0]);
    }

    /** {@code MPI.IDENT} (the same communicator), {@code CONGRUENT} (same group and order, another context),
     *  {@code SIMILAR} (same members, another order) or {@code UNEQUAL}. */
    public static int Compare(Comm comm1, Comm comm2) throws MPIException {
        return Compare("Comm.Compare", comm1, comm2);
    }

    /** {@link #Compare} for a call named {@code call} (either API's spelling). */
    static int Compare(String call, Comm comm1, Comm comm2) {
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
        Free("Comm.Free");
    }

    /** {@link #Free} for a call named {@code call} (either API's spelling). */
    void Free(String call) {
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
        return Test_inter("Comm.Test_inter");
    }

    /** {@link #Test_inter} for a call named {@code call} (either API's spelling). */
    boolean Test_inter(String call) {
        requireLive(call);
        int[] flag = new int[1];
        MPIException.check(NativeMPI.comm_test_inter(handle, flag), call);
        return flag[0] != 0;
    }

    /** A duplicate (MPI_Comm_dup, collective): same group and topology, separate messages. */
    @Override
    public Comm clone() throws MPIException {
        return duplicate(getClass().getSimpleName() + ".clone");
    }

    /** MPI_Comm_dup as the class of this communicator; the attributes Java keeps (setAttr) are copied. */
    final Comm duplicate(String call) {
        requireLive(call);
        long[] dup = new long[1];
        MPIException.check(NativeMPI.comm_dup(handle, dup), call);
        return duplicated(dup[0]);
    }

    /** MPI_Comm_dup_with_info as the class of this communicator; the attributes Java keeps are copied. */
    final Comm duplicate(String call, Info info) {
        requireLive(call);
        long infoHandle = Info.handleOf(call, "info", info);
        long[] dup = new long[1];
        MPIException.check(NativeMPI.comm_dup_with_info(handle, infoHandle, dup), call);
        return duplicated(dup[0]);
    }

    private Comm duplicated(long dup) {
        Comm c = created(dup, "dup of " + this);
        attributes.copyTo(c.attributes);
        return c;
    }

    /**
     * Creates an intercommunicator between this process's {@code local_comm} and another group, with this
     * communicator as the peer that connects their leaders ({@code local_leader} in local_comm,
     * {@code remote_leader} in this communicator); collective over both groups.
     */
    public Intercomm Create_intercomm(Comm local_comm, int local_leader, int remote_leader, int tag)
            throws MPIException {
        return Create_intercomm("Comm.Create_intercomm", local_comm, local_leader, remote_leader, tag);
    }

    /** {@link #Create_intercomm} for a call named {@code call} (either API's spelling). */
    Intercomm Create_intercomm(String call, Comm local_comm, int local_leader, int remote_leader, int tag) {
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
        return Attr_get("Comm.Attr_get", keyval);
    }

    /** {@link #Attr_get} for a call named {@code call} (either API's spelling). */
    Object Attr_get(String call, int keyval) {
        requireLive(call);
        int[] value = new int[1], found = new int[1];
        MPIException.check(NativeMPI.comm_get_attr_int(handle, keyval, value, found), call);
        return found[0] != 0 ? Integer.valueOf(value[0]) : null;
    }

    /** Deletes an attribute (MPI refuses the predefined ones with an MPIException). */
    public void Attr_delete(int keyval) throws MPIException {
        Attr_delete("Comm.Attr_delete", keyval);
    }

    /** {@link #Attr_delete} for a call named {@code call} (either API's spelling). */
    void Attr_delete(String call, int keyval) {
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

    // ================================================================ Open MPI's Java API
    //
    // The camel-case members of Open MPI's Java bindings, over the same paths as mpiJava's members. Buffers are
    // Java arrays (from element 0), direct buffers (from their start, their position ignored) or heap buffers
    // (their backing array from arrayOffset(), what MPI.slice makes); see OmpiArgs. Exceptions name the member as
    // Open MPI spells it.

    /**
     * Open MPI's value of MPI_COMM_TYPE_SHARED for {@code Intracomm.splitType}, a compile-time constant in its
     * bindings (so in the classes compiled against them); natmpj translates it to the host MPI's value.
     */
    public static final int TYPE_SHARED = 0;

    /** Attributes set through {@link #setAttr}, serialized as Open MPI's bindings keep them. */
    final Attributes attributes = new Attributes();

    /** MPI_Comm_dup. */
    public Comm dup() throws MPIException {
        try {
            return duplicate(getClass().getSimpleName() + ".dup");
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /**
     * MPI_Comm_idup: starts duplicating this communicator and returns the new one, of this communicator's class, at
     * once; it becomes usable when the request {@link #getRequest} returns completes (until then every call on it
     * throws, naming iDup). As Open MPI's bindings do, the request is only reachable through getRequest.
     */
    public Comm iDup() throws MPIException {
        try {
            return iDuplicate(getClass().getSimpleName() + ".iDup");
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** MPI_Comm_dup_with_info: a duplicate with the hints of {@code info} (MPI.INFO_NULL: none). */
    public Comm dupWithInfo(Info info) throws MPIException {
        try {
            return duplicate(getClass().getSimpleName() + ".dupWithInfo", info);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** The request of MPI_Comm_idup for a communicator {@link #iDup} made; null for any other communicator. */
    public final Request getRequest() {
        return idupRequest;
    }

    /** For a communicator {@link #iDup} made: the request of its MPI_Comm_idup. */
    private Request idupRequest;

    /**
     * MPI_Comm_idup. MPI writes the new communicator's handle when the request completes, into native memory the
     * request holds (Held) until then; its completion makes the Java object usable.
     */
    final Comm iDuplicate(String call) {
        requireLive(call);
        Comm c = this instanceof Intercomm ? new Intercomm(MPI.COMM_NULL.handle, "iDup of " + this)
                : this instanceof CartComm ? new CartComm(MPI.COMM_NULL.handle, "iDup of " + this)
                : this instanceof GraphComm ? new GraphComm(MPI.COMM_NULL.handle, "iDup of " + this)
                : new Intracomm(MPI.COMM_NULL.handle, "iDup of " + this);
        c.unusable = "is not usable yet: the iDup that makes it has not completed (complete getRequest() first)";
        natmpj.internal.Held held = new natmpj.internal.Held();
        long slot = held.memory(call, Long.BYTES);
        StatusBuffer out = StatusBuffer.current();
        int rc = NativeMPI.comm_idup(handle, slot, out.handleAddress);
        if (rc != 0) {
            held.release();
            throw MPIException.fromCode(rc, call);
        }
        long request = out.handle();
        held.onCompletion(() -> {
            long[] made = new long[1];
            MPIException.check(NativeMPI.comm_idup_result(slot, made), call);
            c.handle = made[0];
            c.unusable = null;
            c.cacheShape();
            c.tracked = DroppedHandles.track(c, LiveHandles.Kind.COMMUNICATOR, c.name, null);
        });
        attributes.copyTo(c.attributes);
        c.idupRequest = new Request(request, held);
        return c;
    }

    /** Number of processes in this communicator. */
    public final int getSize() throws MPIException {
        try {
            requireLive("Comm.getSize");
            return size;
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** Rank of the calling process in this communicator. */
    public final int getRank() throws MPIException {
        try {
            requireLive("Comm.getRank");
            return rank;
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** MPI_Comm_compare: MPI.IDENT, MPI.CONGRUENT, MPI.SIMILAR or MPI.UNEQUAL. */
    public static int compare(Comm comm1, Comm comm2) throws MPIException {
        try {
            return Compare("Comm.compare", comm1, comm2);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** MPI_Comm_free. */
    public final void free() throws MPIException {
        try {
            Free("Comm.free");
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** Whether this is MPI.COMM_NULL or freed. */
    public final boolean isNull() {
        try {
            return unusable != null;
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** MPI_Comm_set_info: hints for this communicator (MPI may ignore any of them). */
    public final void setInfo(Info info) throws MPIException {
        try {
            String call = "Comm.setInfo";
            requireLive(call);
            MPIException.check(NativeMPI.comm_set_info(handle, Info.handleOf(call, "info", info)), call);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** MPI_Comm_get_info: a new Info with the hints MPI uses for this communicator (the program frees it). */
    public final Info getInfo() throws MPIException {
        try {
            String call = "Comm.getInfo";
            requireLive(call);
            long[] info = new long[1];
            MPIException.check(NativeMPI.comm_get_info(handle, info), call);
            return Info.created(info[0], call);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /**
     * MPI_Comm_disconnect: waits for the pending communication on this communicator (an intercommunicator of
     * spawn, accept or connect, typically) and frees it; it is MPI.COMM_NULL afterwards (isNull() is true).
     * Collective. See docs/ompi-api.md for where dynamic processes work.
     */
    public final void disconnect() throws MPIException {
        try {
            String call = "Comm.disconnect";
            requireLive(call);
            if (this == MPI.COMM_WORLD || this == MPI.COMM_SELF) {
                throw new IllegalArgumentException(call + ": " + this + " is predefined and cannot be disconnected");
            }
            MPIException.check(NativeMPI.comm_disconnect(handle), call);
            unusable = "has been disconnected";
            handle = MPI.COMM_NULL.handle;
            if (tracked != null) tracked.freed();
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** MPI_Comm_group. */
    public final Group getGroup() throws MPIException {
        try {
            return Group("Comm.getGroup");
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** Whether this is an intercommunicator. */
    public final boolean isInter() throws MPIException {
        try {
            return Test_inter("Comm.isInter");
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** MPI_Intercomm_create with this communicator as the peer communicator. */
    public final Intercomm createIntercomm(Comm local_comm, int local_leader, int remote_leader, int tag)
            throws MPIException {
        try {
            return Create_intercomm("Comm.createIntercomm", local_comm, local_leader, remote_leader, tag);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** Blocking standard-mode send of {@code count} items. */
    public final void send(Object buf, int count, Datatype type, int dest, int tag) throws MPIException {
        try {
            type = OmpiArgs.type(type, buf);
            send(SEND_STANDARD, "Comm.send", OmpiArgs.base("Comm.send", "buf", buf), OmpiArgs.offset(buf), count, type,
                    dest, tag);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** Blocking receive. */
    public final Status recv(Object buf, int count, Datatype type, int source, int tag) throws MPIException {
        try {
            type = OmpiArgs.type(type, buf);
            return Status.of(received(false, "Comm.recv", OmpiArgs.base("Comm.recv", "buf", buf), OmpiArgs.offset(buf),
                    count, type, 0, 0, source, tag));
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** Sends one message and receives another. */
    public final Status sendRecv(Object sendbuf, int sendcount, Datatype sendtype, int dest, int sendtag,
                                 Object recvbuf, int recvcount, Datatype recvtype, int source, int recvtag)
            throws MPIException {
        try {
            sendtype = OmpiArgs.type(sendtype, sendbuf);
            recvtype = OmpiArgs.type(recvtype, recvbuf);
            String call = "Comm.sendRecv";
            return Status.of(sentAndReceived(call, OmpiArgs.base(call, "sendbuf", sendbuf), OmpiArgs.offset(sendbuf),
                    sendcount, sendtype, dest, sendtag, OmpiArgs.base(call, "recvbuf", recvbuf),
                    OmpiArgs.offset(recvbuf), recvcount, recvtype, source, recvtag));
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** Sends the buffer and replaces it with the message received. */
    public final Status sendRecvReplace(Object buf, int count, Datatype type, int dest, int sendtag, int source,
                                        int recvtag) throws MPIException {
        try {
            type = OmpiArgs.type(type, buf);
            String call = "Comm.sendRecvReplace";
            return Status.of(received(true, call, OmpiArgs.base(call, "buf", buf), OmpiArgs.offset(buf), count, type,
                    dest, sendtag, source, recvtag));
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** Blocking buffered send (MPI.attachBuffer). */
    public final void bSend(Object buf, int count, Datatype type, int dest, int tag) throws MPIException {
        try {
            type = OmpiArgs.type(type, buf);
            send(SEND_BUFFERED, "Comm.bSend", OmpiArgs.base("Comm.bSend", "buf", buf), OmpiArgs.offset(buf), count,
                    type, dest, tag);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** Blocking synchronous send. */
    public final void sSend(Object buf, int count, Datatype type, int dest, int tag) throws MPIException {
        try {
            type = OmpiArgs.type(type, buf);
            send(SEND_SYNCHRONOUS, "Comm.sSend", OmpiArgs.base("Comm.sSend", "buf", buf), OmpiArgs.offset(buf), count,
                    type, dest, tag);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** Blocking ready send. */
    public final void rSend(Object buf, int count, Datatype type, int dest, int tag) throws MPIException {
        try {
            type = OmpiArgs.type(type, buf);
            send(SEND_READY, "Comm.rSend", OmpiArgs.base("Comm.rSend", "buf", buf), OmpiArgs.offset(buf), count, type,
                    dest, tag);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /**
     * Starts a standard-mode send. A direct buffer is passed by address; unlike Open MPI's bindings, a heap buffer
     * (an array wrapped, or MPI.slice of an array) is accepted too: its array is pinned or staged until the request
     * completes.
     */
    public final Request iSend(Buffer buf, int count, Datatype type, int dest, int tag) throws MPIException {
        try {
            type = OmpiArgs.type(type, buf);
            return isend(SEND_STANDARD, "Comm.iSend", OmpiArgs.base("Comm.iSend", "buf", buf), OmpiArgs.offset(buf),
                    count, type, dest, tag);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** Starts a buffered-mode send. */
    public final Request ibSend(Buffer buf, int count, Datatype type, int dest, int tag) throws MPIException {
        try {
            type = OmpiArgs.type(type, buf);
            return isend(SEND_BUFFERED, "Comm.ibSend", OmpiArgs.base("Comm.ibSend", "buf", buf), OmpiArgs.offset(buf),
                    count, type, dest, tag);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** Starts a synchronous-mode send. */
    public final Request isSend(Buffer buf, int count, Datatype type, int dest, int tag) throws MPIException {
        try {
            type = OmpiArgs.type(type, buf);
            return isend(SEND_SYNCHRONOUS, "Comm.isSend", OmpiArgs.base("Comm.isSend", "buf", buf),
                    OmpiArgs.offset(buf), count, type, dest, tag);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** Starts a ready-mode send. */
    public final Request irSend(Buffer buf, int count, Datatype type, int dest, int tag) throws MPIException {
        try {
            type = OmpiArgs.type(type, buf);
            return isend(SEND_READY, "Comm.irSend", OmpiArgs.base("Comm.irSend", "buf", buf), OmpiArgs.offset(buf),
                    count, type, dest, tag);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** Starts a receive; heap buffers are accepted as in {@link #iSend}. */
    public final Request iRecv(Buffer buf, int count, Datatype type, int source, int tag) throws MPIException {
        try {
            type = OmpiArgs.type(type, buf);
            return Irecv("Comm.iRecv", OmpiArgs.base("Comm.iRecv", "buf", buf), OmpiArgs.offset(buf), count, type,
                    source, tag);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** A persistent standard-mode send. */
    public final Prequest sendInit(Buffer buf, int count, Datatype type, int dest, int tag) throws MPIException {
        try {
            type = OmpiArgs.type(type, buf);
            return sendInit(SEND_STANDARD, "Comm.sendInit", OmpiArgs.base("Comm.sendInit", "buf", buf),
                    OmpiArgs.offset(buf), count, type, dest, tag);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** A persistent buffered-mode send. */
    public final Prequest bSendInit(Buffer buf, int count, Datatype type, int dest, int tag) throws MPIException {
        try {
            type = OmpiArgs.type(type, buf);
            return sendInit(SEND_BUFFERED, "Comm.bSendInit", OmpiArgs.base("Comm.bSendInit", "buf", buf),
                    OmpiArgs.offset(buf), count, type, dest, tag);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** A persistent synchronous-mode send. */
    public final Prequest sSendInit(Buffer buf, int count, Datatype type, int dest, int tag) throws MPIException {
        try {
            type = OmpiArgs.type(type, buf);
            return sendInit(SEND_SYNCHRONOUS, "Comm.sSendInit", OmpiArgs.base("Comm.sSendInit", "buf", buf),
                    OmpiArgs.offset(buf), count, type, dest, tag);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** A persistent ready-mode send. */
    public final Prequest rSendInit(Buffer buf, int count, Datatype type, int dest, int tag) throws MPIException {
        try {
            type = OmpiArgs.type(type, buf);
            return sendInit(SEND_READY, "Comm.rSendInit", OmpiArgs.base("Comm.rSendInit", "buf", buf),
                    OmpiArgs.offset(buf), count, type, dest, tag);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** A persistent receive. */
    public final Prequest recvInit(Buffer buf, int count, Datatype type, int source, int tag) throws MPIException {
        try {
            type = OmpiArgs.type(type, buf);
            return Recv_init("Comm.recvInit", OmpiArgs.base("Comm.recvInit", "buf", buf), OmpiArgs.offset(buf), count,
                    type, source, tag);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** MPI_Pack into {@code outbuf} from {@code position}; returns the new position. */
    public final int pack(Object inbuf, int incount, Datatype type, byte[] outbuf, int position)
            throws MPIException {
        try {
            return Pack("Comm.pack", OmpiArgs.base("Comm.pack", "inbuf", inbuf), OmpiArgs.offset(inbuf), incount, type,
                    outbuf, position);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** MPI_Unpack from {@code inbuf} at {@code position}; returns the new position. */
    public final int unpack(byte[] inbuf, int position, Object outbuf, int outcount, Datatype type)
            throws MPIException {
        try {
            return Unpack("Comm.unpack", inbuf, position, OmpiArgs.base("Comm.unpack", "outbuf", outbuf),
                    OmpiArgs.offset(outbuf), outcount, type);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** MPI_Pack_size. */
    public final int packSize(int incount, Datatype type) throws MPIException {
        try {
            return Pack_size("Comm.packSize", incount, type);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** MPI_Iprobe: the status of a matching message, or null when there is none yet. */
    public final Status iProbe(int source, int tag) throws MPIException {
        try {
            return Iprobe("Comm.iProbe", source, tag);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** MPI_Probe. */
    public final Status probe(int source, int tag) throws MPIException {
        try {
            return Probe("Comm.probe", source, tag);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** A new attribute key for {@link #setAttr} (MPI_Comm_create_keyval). */
    public static int createKeyval() throws MPIException {
        try {
            return KEYS.create("Comm.createKeyval", NativeMPI::comm_create_keyval);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** MPI_Comm_free_keyval. */
    public static void freeKeyval(int keyval) throws MPIException {
        try {
            KEYS.free("Comm.freeKeyval", keyval, NativeMPI::comm_free_keyval);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /**
     * Sets an attribute: the value is serialized, as Open MPI's bindings do, so {@link #getAttr} returns a copy and
     * {@link #dup} copies it. The key must come from {@link #createKeyval}.
     */
    public final void setAttr(int keyval, Object value) throws MPIException {
        try {
            String call = "Comm.setAttr";
            requireLive(call);
            KEYS.requireUser(call, keyval);
            attributes.set(call, keyval, value);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /**
     * An attribute: for the predefined keys (MPI.TAG_UB, MPI.HOST, MPI.IO, MPI.WTIME_IS_GLOBAL, MPI.APPNUM,
     * MPI.UNIVERSE_SIZE, MPI.LASTUSEDCODE) an Integer (a Boolean for WTIME_IS_GLOBAL) or null when MPI has no value;
     * for keys of {@link #createKeyval}, a copy of what {@link #setAttr} stored, or null.
     */
    public final Object getAttr(int keyval) throws MPIException {
        try {
            String call = "Comm.getAttr";
            requireLive(call);
            if (KEYS.isPredefined(keyval)) {
                Object value = Attr_get(call, keyval);
                if (keyval == MPI.WTIME_IS_GLOBAL && value != null) return ((Integer) value) != 0;
                return value;
            }
            KEYS.requireUser(call, keyval);
            return attributes.get(call, keyval, null);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** Removes an attribute set by {@link #setAttr}. */
    public final void deleteAttr(int keyval) throws MPIException {
        try {
            String call = "Comm.deleteAttr";
            requireLive(call);
            KEYS.requireUser(call, keyval);
            attributes.delete(keyval);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** The keys of createKeyval not yet freed, and MPI's own. */
    private static final Attributes.Keys KEYS = new Attributes.Keys("Comm", keyval -> keyval == MPI.TAG_UB
            || keyval == MPI.HOST || keyval == MPI.IO || keyval == MPI.WTIME_IS_GLOBAL || keyval == MPI.APPNUM
            || keyval == MPI.UNIVERSE_SIZE || keyval == MPI.LASTUSEDCODE);

    /** MPI_Topo_test: MPI.CART, MPI.GRAPH, MPI.DIST_GRAPH or MPI.UNDEFINED. */
    public final int getTopology() throws MPIException {
        try {
            String call = "Comm.getTopology";
            requireLive(call);
            int[] kind = new int[1];
            MPIException.check(NativeMPI.topo_test(handle, kind), call);
            return kind[0];
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** MPI_Abort. */
    public final void abort(int errorcode) throws MPIException {
        try {
            abort("Comm.abort", errorcode);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** MPI_Comm_set_errhandler. */
    public final void setErrhandler(Errhandler errhandler) throws MPIException {
        try {
            setErrhandler("Comm.setErrhandler", errhandler);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** MPI_Comm_get_errhandler. */
    public final Errhandler getErrhandler() throws MPIException {
        try {
            return errhandler("Comm.getErrhandler");
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /**
     * MPI_Comm_call_errhandler: runs the communicator's error handler on {@code errorCode}; with MPI.ERRORS_RETURN
     * (natmpj's default) it returns, with MPI.ERRORS_ARE_FATAL the job ends.
     */
    public void callErrhandler(int errorCode) throws MPIException {
        try {
            String call = "Comm.callErrhandler";
            requireLive(call);
            // With MPI.ERRORS_RETURN the handler returns the code, and so does the call, which is no failure of
            // the call: programs call it to run the handler (Open MPI's bindings return normally too).
            NativeMPI.comm_call_errhandler(handle, errorCode);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** MPI_Comm_set_name. */
    public final void setName(String name) throws MPIException {
        try {
            String call = "Comm.setName";
            requireLive(call);
            if (name == null) throw new NullPointerException(call + ": name is null");
            MPIException.check(NativeMPI.comm_set_name(handle, name), call);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** MPI_Comm_get_name. */
    public final String getName() throws MPIException {
        try {
            String call = "Comm.getName";
            requireLive(call);
            MPIException.check(NativeMPI.comm_get_name(handle), call);
            return NativeMPI.text();
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    // ---------------------------------------------------------------- collectives' roles (Collectives, Icollectives)

    /**
     * Whether this process is a rooted collective's root: rank == root in an intracommunicator; in an
     * intercommunicator, the process of the root's group that passes MPI.ROOT.
     */
    final boolean isRoot(int root) {
        return inter ? root == MPI.ROOT : rank == root;
    }

    /**
     * Whether this process sends to (or receives from) a rooted collective's root: every process of an
     * intracommunicator, the root included; in an intercommunicator, the other group's processes, which pass the
     * root's rank (the root's own group passes MPI.ROOT or MPI.PROC_NULL).
     */
    final boolean toRoot(int root) {
        return !inter || root >= 0;
    }

    /** A rooted collective's root: a rank of the group; in an intercommunicator also MPI.ROOT or MPI.PROC_NULL. */
    final void checkRoot(String call, int root) {
        if (inter) {
            if (root == MPI.ROOT || root == MPI.PROC_NULL || root >= 0 && root < peers) return;
            throw new IllegalArgumentException(call + ": root is " + root + ", neither MPI.ROOT, MPI.PROC_NULL nor a"
                    + " rank of the remote group of " + this + " (remote size " + peers + ")");
        }
        if (root < 0 || root >= size) {
            throw new IllegalArgumentException(call + ": root is " + root + ", not a rank of " + this + " (size "
                    + size + ")");
        }
    }

    /**
     * {@link #requireLive(String)}, then: MPI_IN_PLACE is for intracommunicators (MPI-3.1 5.2.2), so an in-place
     * form on an intercommunicator is refused.
     */
    final void refuseInPlace(String call) {
        requireLive(call);
        if (inter) {
            throw new IllegalArgumentException(call + ": the in-place form is not defined on an intercommunicator ("
                    + this + "); pass a send and a receive buffer");
        }
    }

    /** What one entry of a collective's count or displacement array is for, in messages. */
    final String peer() {
        return inter ? "rank of the remote group" : "rank";
    }

    // ---------------------------------------------------------------- Open MPI's collectives (on Comm)

    /** MPI_Barrier. */
    public final void barrier() throws MPIException {
        try {
            Collectives.barrier(this, "Comm.barrier");
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** MPI_Bcast. */
    public final void bcast(Object buf, int count, Datatype type, int root) throws MPIException {
        try {
            type = OmpiArgs.type(type, buf);
            String call = "Comm.bcast";
            Collectives.bcast(this, call, OmpiArgs.base(call, "buf", buf), OmpiArgs.offset(buf), count, type, root);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** MPI_Gather. */
    public final void gather(Object sendbuf, int sendcount, Datatype sendtype, Object recvbuf, int recvcount,
                             Datatype recvtype, int root) throws MPIException {
        try {
            sendtype = OmpiArgs.type(sendtype, sendbuf);
            recvtype = OmpiArgs.type(recvtype, recvbuf);
            String call = "Comm.gather";
            Collectives.gather(this, call, OmpiArgs.base(call, "sendbuf", sendbuf), OmpiArgs.offset(sendbuf), sendcount,
                    sendtype, OmpiArgs.base(call, "recvbuf", recvbuf), OmpiArgs.offset(recvbuf), recvcount, recvtype,
                    root);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** MPI_Gather in place: the root's own block is already in {@code buf}. */
    public final void gather(Object buf, int count, Datatype type, int root) throws MPIException {
        try {
            type = OmpiArgs.type(type, buf);
            String call = "Comm.gather";
            Collectives.gatherInPlace(this, call, OmpiArgs.base(call, "buf", buf), OmpiArgs.offset(buf), count, type,
                    root);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** MPI_Gatherv. */
    public final void gatherv(Object sendbuf, int sendcount, Datatype sendtype, Object recvbuf, int[] recvcount,
                              int[] displs, Datatype recvtype, int root) throws MPIException {
        try {
            sendtype = OmpiArgs.type(sendtype, sendbuf);
            recvtype = OmpiArgs.type(recvtype, recvbuf);
            String call = "Comm.gatherv";
            Collectives.gatherv(this, call, OmpiArgs.base(call, "sendbuf", sendbuf), OmpiArgs.offset(sendbuf),
                    sendcount, sendtype, OmpiArgs.base(call, "recvbuf", recvbuf), OmpiArgs.offset(recvbuf), recvcount,
                    displs, recvtype, root);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** MPI_Gatherv in place, at the root. */
    public final void gatherv(Object recvbuf, int[] recvcount, int[] displs, Datatype recvtype, int root)
            throws MPIException {
        try {
            recvtype = OmpiArgs.type(recvtype, recvbuf);
            String call = "Comm.gatherv";
            Collectives.gathervInPlace(this, call, OmpiArgs.base(call, "recvbuf", recvbuf), OmpiArgs.offset(recvbuf),
                    recvcount, displs, recvtype, root);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** MPI_Gatherv at a rank other than the root, which sends only. */
    public final void gatherv(Object sendbuf, int sendcount, Datatype sendtype, int root) throws MPIException {
        try {
            sendtype = OmpiArgs.type(sendtype, sendbuf);
            String call = "Comm.gatherv";
            Collectives.gathervSendOnly(this, call, OmpiArgs.base(call, "sendbuf", sendbuf), OmpiArgs.offset(sendbuf),
                    sendcount, sendtype, root);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** MPI_Scatter. */
    public final void scatter(Object sendbuf, int sendcount, Datatype sendtype, Object recvbuf, int recvcount,
                              Datatype recvtype, int root) throws MPIException {
        try {
            sendtype = OmpiArgs.type(sendtype, sendbuf);
            recvtype = OmpiArgs.type(recvtype, recvbuf);
            String call = "Comm.scatter";
            Collectives.scatter(this, call, OmpiArgs.base(call, "sendbuf", sendbuf), OmpiArgs.offset(sendbuf),
                    sendcount, sendtype, OmpiArgs.base(call, "recvbuf", recvbuf), OmpiArgs.offset(recvbuf), recvcount,
                    recvtype, root);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** MPI_Scatter in place: the root keeps its own block in {@code buf}. */
    public final void scatter(Object buf, int count, Datatype type, int root) throws MPIException {
        try {
            type = OmpiArgs.type(type, buf);
            String call = "Comm.scatter";
            Collectives.scatterInPlace(this, call, OmpiArgs.base(call, "buf", buf), OmpiArgs.offset(buf), count, type,
                    root);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** MPI_Scatterv. */
    public final void scatterv(Object sendbuf, int[] sendcount, int[] displs, Datatype sendtype, Object recvbuf,
                               int recvcount, Datatype recvtype, int root) throws MPIException {
        try {
            sendtype = OmpiArgs.type(sendtype, sendbuf);
            recvtype = OmpiArgs.type(recvtype, recvbuf);
            String call = "Comm.scatterv";
            Collectives.scatterv(this, call, OmpiArgs.base(call, "sendbuf", sendbuf), OmpiArgs.offset(sendbuf),
                    sendcount, displs, sendtype, OmpiArgs.base(call, "recvbuf", recvbuf), OmpiArgs.offset(recvbuf),
                    recvcount, recvtype, root);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** MPI_Scatterv in place, at the root. */
    public final void scatterv(Object sendbuf, int[] sendcount, int[] displs, Datatype sendtype, int root)
            throws MPIException {
        try {
            sendtype = OmpiArgs.type(sendtype, sendbuf);
            String call = "Comm.scatterv";
            Collectives.scattervInPlace(this, call, OmpiArgs.base(call, "sendbuf", sendbuf), OmpiArgs.offset(sendbuf),
                    sendcount, displs, sendtype, root);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** MPI_Scatterv at a rank other than the root, which receives only. */
    public final void scatterv(Object recvbuf, int recvcount, Datatype recvtype, int root) throws MPIException {
        try {
            recvtype = OmpiArgs.type(recvtype, recvbuf);
            String call = "Comm.scatterv";
            Collectives.scattervReceiveOnly(this, call, OmpiArgs.base(call, "recvbuf", recvbuf),
                    OmpiArgs.offset(recvbuf), recvcount, recvtype, root);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** MPI_Allgather. */
    public final void allGather(Object sendbuf, int sendcount, Datatype sendtype, Object recvbuf, int recvcount,
                                Datatype recvtype) throws MPIException {
        try {
            sendtype = OmpiArgs.type(sendtype, sendbuf);
            recvtype = OmpiArgs.type(recvtype, recvbuf);
            String call = "Comm.allGather";
            Collectives.allgather(this, call, OmpiArgs.base(call, "sendbuf", sendbuf), OmpiArgs.offset(sendbuf),
                    sendcount, sendtype, OmpiArgs.base(call, "recvbuf", recvbuf), OmpiArgs.offset(recvbuf), recvcount,
                    recvtype);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** MPI_Allgather in place. */
    public final void allGather(Object buf, int count, Datatype type) throws MPIException {
        try {
            type = OmpiArgs.type(type, buf);
            String call = "Comm.allGather";
            Collectives.allgatherInPlace(this, call, OmpiArgs.base(call, "buf", buf), OmpiArgs.offset(buf), count,
                    type);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** MPI_Allgatherv. */
    public final void allGatherv(Object sendbuf, int sendcount, Datatype sendtype, Object recvbuf, int[] recvcount,
                                 int[] displs, Datatype recvtype) throws MPIException {
        try {
            sendtype = OmpiArgs.type(sendtype, sendbuf);
            recvtype = OmpiArgs.type(recvtype, recvbuf);
            String call = "Comm.allGatherv";
            Collectives.allgatherv(this, call, OmpiArgs.base(call, "sendbuf", sendbuf), OmpiArgs.offset(sendbuf),
                    sendcount, sendtype, OmpiArgs.base(call, "recvbuf", recvbuf), OmpiArgs.offset(recvbuf), recvcount,
                    displs, recvtype);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** MPI_Allgatherv in place. */
    public final void allGatherv(Object recvbuf, int[] recvcount, int[] displs, Datatype recvtype)
            throws MPIException {
        try {
            recvtype = OmpiArgs.type(recvtype, recvbuf);
            String call = "Comm.allGatherv";
            Collectives.allgathervInPlace(this, call, OmpiArgs.base(call, "recvbuf", recvbuf), OmpiArgs.offset(recvbuf),
                    recvcount, displs, recvtype);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** MPI_Alltoall. */
    public final void allToAll(Object sendbuf, int sendcount, Datatype sendtype, Object recvbuf, int recvcount,
                               Datatype recvtype) throws MPIException {
        try {
            sendtype = OmpiArgs.type(sendtype, sendbuf);
            recvtype = OmpiArgs.type(recvtype, recvbuf);
            String call = "Comm.allToAll";
            Collectives.alltoall(this, call, OmpiArgs.base(call, "sendbuf", sendbuf), OmpiArgs.offset(sendbuf),
                    sendcount, sendtype, OmpiArgs.base(call, "recvbuf", recvbuf), OmpiArgs.offset(recvbuf), recvcount,
                    recvtype);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** MPI_Alltoallv. */
    public final void allToAllv(Object sendbuf, int[] sendcount, int[] sdispls, Datatype sendtype, Object recvbuf,
                                int[] recvcount, int[] rdispls, Datatype recvtype) throws MPIException {
        try {
            sendtype = OmpiArgs.type(sendtype, sendbuf);
            recvtype = OmpiArgs.type(recvtype, recvbuf);
            String call = "Comm.allToAllv";
            Collectives.alltoallv(this, call, OmpiArgs.base(call, "sendbuf", sendbuf), OmpiArgs.offset(sendbuf),
                    sendcount, sdispls, sendtype, OmpiArgs.base(call, "recvbuf", recvbuf), OmpiArgs.offset(recvbuf),
                    recvcount, rdispls, recvtype);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /**
     * MPI_Alltoallw: to and from each rank its own count and datatype, at displacements in bytes from the start of
     * the buffers (direct buffers, or heap buffers over arrays).
     */
    public final void allToAllw(Buffer sendbuf, int[] sendcount, int[] sdispls, Datatype[] sendtypes, Buffer recvbuf,
                                int[] recvcount, int[] rdispls, Datatype[] recvtypes) throws MPIException {
        try {
            allToAllw((Object) sendbuf, sendcount, sdispls, sendtypes, recvbuf, recvcount, rdispls, recvtypes);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** Open MPI 5's form of MPI_Alltoallw: the buffers may be arrays too (displacements still in bytes). */
    public final void allToAllw(Object sendbuf, int[] sendcount, int[] sdispls, Datatype[] sendtypes, Object recvbuf,
                                int[] recvcount, int[] rdispls, Datatype[] recvtypes) throws MPIException {
        try {
            String call = "Comm.allToAllw";
            Collectives.alltoallw(this, call, OmpiArgs.base(call, "sendbuf", sendbuf), OmpiArgs.byteOffset(sendbuf),
                    sendcount, sdispls, sendtypes, OmpiArgs.base(call, "recvbuf", recvbuf),
                    OmpiArgs.byteOffset(recvbuf), recvcount, rdispls, recvtypes, sendbuf, recvbuf);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** MPI_Reduce. */
    public final void reduce(Object sendbuf, Object recvbuf, int count, Datatype type, Op op, int root)
            throws MPIException {
        try {
            type = OmpiArgs.type(type, sendbuf, recvbuf);
            String call = "Comm.reduce";
            Collectives.reduce(this, call, OmpiArgs.base(call, "sendbuf", sendbuf), OmpiArgs.offset(sendbuf),
                    OmpiArgs.base(call, "recvbuf", recvbuf), OmpiArgs.offset(recvbuf), count, type, op, root);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** MPI_Reduce in place at the root ({@code buf} is the send buffer elsewhere). */
    public final void reduce(Object buf, int count, Datatype type, Op op, int root) throws MPIException {
        try {
            type = OmpiArgs.type(type, buf);
            String call = "Comm.reduce";
            refuseInPlace(call);
            Object base = OmpiArgs.base(call, "buf", buf);
            int off = OmpiArgs.offset(buf);
            Collectives.reduce(this, call, base, off, base, off, count, type, op, root);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** MPI_Allreduce. */
    public final void allReduce(Object sendbuf, Object recvbuf, int count, Datatype type, Op op)
            throws MPIException {
        try {
            type = OmpiArgs.type(type, sendbuf, recvbuf);
            String call = "Comm.allReduce";
            Collectives.allreduce(this, call, OmpiArgs.base(call, "sendbuf", sendbuf), OmpiArgs.offset(sendbuf),
                    OmpiArgs.base(call, "recvbuf", recvbuf), OmpiArgs.offset(recvbuf), count, type, op);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** MPI_Allreduce in place. */
    public final void allReduce(Object buf, int count, Datatype type, Op op) throws MPIException {
        try {
            type = OmpiArgs.type(type, buf);
            String call = "Comm.allReduce";
            refuseInPlace(call);
            Object base = OmpiArgs.base(call, "buf", buf);
            int off = OmpiArgs.offset(buf);
            Collectives.allreduce(this, call, base, off, base, off, count, type, op);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** MPI_Reduce_scatter. */
    public final void reduceScatter(Object sendbuf, Object recvbuf, int[] recvcounts, Datatype type, Op op)
            throws MPIException {
        try {
            type = OmpiArgs.type(type, sendbuf, recvbuf);
            String call = "Comm.reduceScatter";
            Collectives.reduceScatter(this, call, OmpiArgs.base(call, "sendbuf", sendbuf), OmpiArgs.offset(sendbuf),
                    OmpiArgs.base(call, "recvbuf", recvbuf), OmpiArgs.offset(recvbuf), recvcounts, type, op);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** MPI_Reduce_scatter in place. */
    public final void reduceScatter(Object buf, int[] counts, Datatype type, Op op) throws MPIException {
        try {
            type = OmpiArgs.type(type, buf);
            String call = "Comm.reduceScatter";
            Object base = OmpiArgs.base(call, "buf", buf);
            int off = OmpiArgs.offset(buf);
            Collectives.reduceScatterInPlace(this, call, base, off, counts, type, op);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** MPI_Reduce_scatter_block. */
    public final void reduceScatterBlock(Object sendbuf, Object recvbuf, int recvcount, Datatype type, Op op)
            throws MPIException {
        try {
            type = OmpiArgs.type(type, sendbuf, recvbuf);
            String call = "Comm.reduceScatterBlock";
            Collectives.reduceScatterBlock(this, call, OmpiArgs.base(call, "sendbuf", sendbuf),
                    OmpiArgs.offset(sendbuf), OmpiArgs.base(call, "recvbuf", recvbuf), OmpiArgs.offset(recvbuf),
                    recvcount, type, op, false, "recvcount");
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** MPI_Reduce_scatter_block in place. */
    public final void reduceScatterBlock(Object buf, int count, Datatype type, Op op) throws MPIException {
        try {
            type = OmpiArgs.type(type, buf);
            String call = "Comm.reduceScatterBlock";
            Object base = OmpiArgs.base(call, "buf", buf);
            int off = OmpiArgs.offset(buf);
            Collectives.reduceScatterBlock(this, call, base, off, base, off, count, type, op, true, "count");
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** MPI_Reduce_local: {@code inOutBuf[i] = inBuf[i] op inOutBuf[i]} in this process. */
    public static void reduceLocal(Object inBuf, Object inOutBuf, int count, Datatype type, Op op)
            throws MPIException {
        try {
            String call = "Comm.reduceLocal";
            MPI.requireActive(call);
            if (op == null) throw new NullPointerException(call + ": op is null");
            if (type == null) throw new NullPointerException(call + ": type is null");
            if (ObjectMessages.isObject(type)) {
                throw new IllegalArgumentException(call + ": type is " + type + ", which holds Java objects");
            }
            BufferType layout = type.layout;
            Object in = OmpiArgs.base(call, "inBuf", inBuf), inout = OmpiArgs.base(call, "inOutBuf", inOutBuf);
            long soff = Buffers.offset(call, "inBuf", in, OmpiArgs.offset(inBuf), count, layout);
            long roff = Buffers.offset(call, "inOutBuf", inout, OmpiArgs.offset(inOutBuf), count, layout);
            Buffers.requireNativeOrder(call, "inBuf", in, layout);
            Buffers.requireNativeOrder(call, "inOutBuf", inout, layout);
            long opHandle = op.handleFor(type, call);
            boolean user = op.isUser(), stage = user || Message.stageBlockingArrays;
            Message s = Message.blocking(call, in, soff, count, layout, stage, Message.READ);
            Message r = Message.blocking(call, inout, roff, count, layout, stage, Message.READ_WRITE);
            if (user) op.enter(type);
            int rc = NativeMPI.reduce_local(s.array, s.address, s.off, r.array, r.address, r.off, count,
                    layout.handle(), opHandle);
            if (user) {
                try {
                    op.exit(type, call); // rethrows what the user function threw
                } catch (RuntimeException | Error e) {
                    s.release();
                    r.release();
                    throw e;
                }
            }
            s.finish(call, rc);
            r.finish(call, rc);
            MPIException.check(rc, call);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    // Non-blocking and neighbourhood collectives (Icollectives): Java arrays wrapped in heap buffers are accepted
    // wherever Open MPI's bindings took only direct buffers; they are pinned or staged until the request completes.

    private static Object b(String call, String name, Object buf) {
        return OmpiArgs.base(call, name, buf);
    }

    private static int o(Object buf) {
        return OmpiArgs.offset(buf);
    }

    /** MPI_Ibarrier. */
    public final Request iBarrier() throws MPIException {
        try {
            String call = "Comm.iBarrier";
            return Icollectives.iBarrier(this, call);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** MPI_Ibcast. */
    public final Request iBcast(Buffer buf, int count, Datatype type, int root) throws MPIException {
        try {
            String call = "Comm.iBcast";
            return Icollectives.iBcast(this, call, b(call, "buf", buf), o(buf), count, OmpiArgs.type(type, buf),
                    root);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** MPI_Igather. */
    public final Request iGather(Buffer sendbuf, int sendcount, Datatype sendtype, Buffer recvbuf, int recvcount,
            Datatype recvtype, int root) throws MPIException {
        try {
            String call = "Comm.iGather";
            return Icollectives.blocks(this, IGATHER, call, b(call, "sendbuf", sendbuf), o(sendbuf), sendcount,
                    OmpiArgs.type(sendtype, sendbuf), b(call, "recvbuf", recvbuf), o(recvbuf), recvcount,
                    OmpiArgs.type(recvtype, recvbuf), root, false);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** MPI_Igather in place: the root's own block is already in {@code buf}; the other ranks send from it. */
    public final Request iGather(Buffer buf, int count, Datatype type, int root) throws MPIException {
        try {
            String call = "Comm.iGather";
            return Icollectives.blocks(this, IGATHER, call, b(call, "buf", buf), o(buf), count,
                    OmpiArgs.type(type, buf), null, 0, count, null, root, true);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** MPI_Igatherv. */
    public final Request iGatherv(Buffer sendbuf, int sendcount, Datatype sendtype, Buffer recvbuf, int[] recvcount,
            int[] displs, Datatype recvtype, int root) throws MPIException {
        try {
            String call = "Comm.iGatherv";
            return Icollectives.gatherv(this, IGATHER, call, b(call, "sendbuf", sendbuf), o(sendbuf), sendcount,
                    OmpiArgs.type(sendtype, sendbuf), b(call, "recvbuf", recvbuf), o(recvbuf), recvcount, displs,
                    OmpiArgs.type(recvtype, recvbuf), root, 0);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** MPI_Igatherv in place, at the root. */
    public final Request iGatherv(Buffer recvbuf, int[] recvcount, int[] displs, Datatype recvtype,
            int root) throws MPIException {
        try {
            String call = "Comm.iGatherv";
            return Icollectives.gatherv(this, IGATHER, call, null, 0, 0, null, b(call, "recvbuf", recvbuf),
                    o(recvbuf), recvcount, displs, OmpiArgs.type(recvtype, recvbuf), root, 1);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** MPI_Igatherv at a rank other than the root, which sends only. */
    public final Request iGatherv(Buffer sendbuf, int sendcount, Datatype sendtype, int root) throws MPIException {
        try {
            String call = "Comm.iGatherv";
            return Icollectives.gatherv(this, IGATHER, call, b(call, "sendbuf", sendbuf), o(sendbuf), sendcount,
                    OmpiArgs.type(sendtype, sendbuf), null, 0, null, null, null, root, 2);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** MPI_Iscatter. */
    public final Request iScatter(Buffer sendbuf, int sendcount, Datatype sendtype, Buffer recvbuf, int recvcount,
            Datatype recvtype, int root) throws MPIException {
        try {
            String call = "Comm.iScatter";
            return Icollectives.blocks(this, ISCATTER, call, b(call, "sendbuf", sendbuf), o(sendbuf), sendcount,
                    OmpiArgs.type(sendtype, sendbuf), b(call, "recvbuf", recvbuf), o(recvbuf), recvcount,
                    OmpiArgs.type(recvtype, recvbuf), root, false);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** MPI_Iscatter in place: the root keeps its own block in {@code buf}; the other ranks receive into it. */
    public final Request iScatter(Buffer buf, int count, Datatype type, int root) throws MPIException {
        try {
            String call = "Comm.iScatter";
            return Icollectives.blocks(this, ISCATTER, call, b(call, "buf", buf), o(buf), count,
                    OmpiArgs.type(type, buf), null, 0, count, null, root, true);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** MPI_Iscatterv. */
    public final Request iScatterv(Buffer sendbuf, int[] sendcount, int[] displs, Datatype sendtype, Buffer recvbuf,
            int recvcount, Datatype recvtype, int root) throws MPIException {
        try {
            String call = "Comm.iScatterv";
            return Icollectives.scatterv(this, call, b(call, "sendbuf", sendbuf), o(sendbuf), sendcount, displs,
                    OmpiArgs.type(sendtype, sendbuf), b(call, "recvbuf", recvbuf), o(recvbuf), recvcount,
                    OmpiArgs.type(recvtype, recvbuf), root, 0);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** MPI_Iscatterv in place, at the root. */
    public final Request iScatterv(Buffer sendbuf, int[] sendcount, int[] displs, Datatype sendtype,
            int root) throws MPIException {
        try {
            String call = "Comm.iScatterv";
            return Icollectives.scatterv(this, call, b(call, "sendbuf", sendbuf), o(sendbuf), sendcount, displs,
                    OmpiArgs.type(sendtype, sendbuf), null, 0, 0, null, root, 1);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** MPI_Iscatterv at a rank other than the root, which receives only. */
    public final Request iScatterv(Buffer recvbuf, int recvcount, Datatype recvtype, int root) throws MPIException {
        try {
            String call = "Comm.iScatterv";
            return Icollectives.scatterv(this, call, null, 0, null, null, null, b(call, "recvbuf", recvbuf),
                    o(recvbuf), recvcount, OmpiArgs.type(recvtype, recvbuf), root, 2);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** MPI_Iallgather. */
    public final Request iAllGather(Buffer sendbuf, int sendcount, Datatype sendtype, Buffer recvbuf, int recvcount,
            Datatype recvtype) throws MPIException {
        try {
            String call = "Comm.iAllGather";
            return Icollectives.blocks(this, IALLGATHER, call, b(call, "sendbuf", sendbuf), o(sendbuf),
                    sendcount, OmpiArgs.type(sendtype, sendbuf), b(call, "recvbuf", recvbuf), o(recvbuf), recvcount,
                    OmpiArgs.type(recvtype, recvbuf), -1, false);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** MPI_Iallgather in place (each rank's block already at item rank * count of {@code buf}). */
    public final Request iAllGather(Buffer buf, int count, Datatype type) throws MPIException {
        try {
            String call = "Comm.iAllGather";
            return Icollectives.blocks(this, IALLGATHER, call, b(call, "buf", buf), o(buf), count,
                    OmpiArgs.type(type, buf), null, 0, count, null, -1, true);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** MPI_Iallgatherv. */
    public final Request iAllGatherv(Buffer sendbuf, int sendcount, Datatype sendtype, Buffer recvbuf, int[] recvcount,
            int[] displs, Datatype recvtype) throws MPIException {
        try {
            String call = "Comm.iAllGatherv";
            return Icollectives.gatherv(this, IALLGATHER, call, b(call, "sendbuf", sendbuf), o(sendbuf),
                    sendcount, OmpiArgs.type(sendtype, sendbuf), b(call, "recvbuf", recvbuf), o(recvbuf), recvcount,
                    displs, OmpiArgs.type(recvtype, recvbuf), -1, 0);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** MPI_Iallgatherv in place. */
    public final Request iAllGatherv(Buffer buf, int[] count, int[] displs, Datatype type) throws MPIException {
        try {
            String call = "Comm.iAllGatherv";
            return Icollectives.gatherv(this, IALLGATHER, call, null, 0, 0, null, b(call, "buf", buf), o(buf),
                    count, displs, OmpiArgs.type(type, buf), -1, 1);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** MPI_Ialltoall. */
    public final Request iAllToAll(Buffer sendbuf, int sendcount, Datatype sendtype, Buffer recvbuf, int recvcount,
            Datatype recvtype) throws MPIException {
        try {
            String call = "Comm.iAllToAll";
            return Icollectives.blocks(this, IALLTOALL, call, b(call, "sendbuf", sendbuf), o(sendbuf),
                    sendcount, OmpiArgs.type(sendtype, sendbuf), b(call, "recvbuf", recvbuf), o(recvbuf), recvcount,
                    OmpiArgs.type(recvtype, recvbuf), -1, false);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** MPI_Ialltoallv. */
    public final Request iAllToAllv(Buffer sendbuf, int[] sendcount, int[] sdispls, Datatype sendtype, Buffer recvbuf,
            int[] recvcount, int[] rdispls, Datatype recvtype) throws MPIException {
        try {
            String call = "Comm.iAllToAllv";
            return Icollectives.allToAllv(this, call, b(call, "sendbuf", sendbuf), o(sendbuf), sendcount,
                    sdispls, OmpiArgs.type(sendtype, sendbuf), b(call, "recvbuf", recvbuf), o(recvbuf), recvcount,
                    rdispls, OmpiArgs.type(recvtype, recvbuf));
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** MPI_Ialltoallw: displacements in bytes, a datatype per rank. */
    public final Request iAllToAllw(Buffer sendbuf, int[] sendcount, int[] sdispls, Datatype[] sendtypes,
            Buffer recvbuf, int[] recvcount, int[] rdispls, Datatype[] recvtypes) throws MPIException {
        try {
            String call = "Comm.iAllToAllw";
            return Icollectives.allToAllw(this, call, b(call, "sendbuf", sendbuf), OmpiArgs.byteOffset(sendbuf),
                    sendcount, sdispls, sendtypes, b(call, "recvbuf", recvbuf), OmpiArgs.byteOffset(recvbuf),
                    recvcount, rdispls, recvtypes, sendbuf, recvbuf);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** MPI_Neighbor_allgather: {@code recvcount} items from each in-neighbour of the process topology. */
    public final void neighborAllGather(Object sendbuf, int sendcount, Datatype sendtype, Object recvbuf,
            int recvcount, Datatype recvtype) throws MPIException {
        try {
            String call = "Comm.neighborAllGather";
            Icollectives.neighborBlocks(this, INEIGHBOR_ALLGATHER, call, false, b(call, "sendbuf", sendbuf),
                    o(sendbuf), sendcount, OmpiArgs.type(sendtype, sendbuf), b(call, "recvbuf", recvbuf), o(recvbuf),
                    recvcount, OmpiArgs.type(recvtype, recvbuf));
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** MPI_Ineighbor_allgather. */
    public final Request iNeighborAllGather(Buffer sendbuf, int sendcount, Datatype sendtype, Buffer recvbuf,
            int recvcount, Datatype recvtype) throws MPIException {
        try {
            String call = "Comm.iNeighborAllGather";
            return Icollectives.neighborBlocks(this, INEIGHBOR_ALLGATHER, call, true,
                    b(call, "sendbuf", sendbuf), o(sendbuf), sendcount, OmpiArgs.type(sendtype, sendbuf),
                    b(call, "recvbuf", recvbuf), o(recvbuf), recvcount, OmpiArgs.type(recvtype, recvbuf));
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** MPI_Neighbor_allgatherv: counts and displacements per in-neighbour. */
    public final void neighborAllGatherv(Object sendbuf, int sendcount, Datatype sendtype, Object recvbuf,
            int[] recvcount, int[] displs, Datatype recvtype) throws MPIException {
        try {
            String call = "Comm.neighborAllGatherv";
            Icollectives.neighborAllGatherv(this, call, false, b(call, "sendbuf", sendbuf), o(sendbuf),
                    sendcount, OmpiArgs.type(sendtype, sendbuf), b(call, "recvbuf", recvbuf), o(recvbuf), recvcount,
                    displs, OmpiArgs.type(recvtype, recvbuf));
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** MPI_Ineighbor_allgatherv. */
    public final Request iNeighborAllGatherv(Buffer sendbuf, int sendcount, Datatype sendtype, Buffer recvbuf,
            int[] recvcount, int[] displs, Datatype recvtype) throws MPIException {
        try {
            String call = "Comm.iNeighborAllGatherv";
            return Icollectives.neighborAllGatherv(this, call, true, b(call, "sendbuf", sendbuf), o(sendbuf),
                    sendcount, OmpiArgs.type(sendtype, sendbuf), b(call, "recvbuf", recvbuf), o(recvbuf), recvcount,
                    displs, OmpiArgs.type(recvtype, recvbuf));
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** MPI_Neighbor_alltoall: {@code sendcount} items to each out-neighbour, {@code recvcount} from each in-one. */
    public final void neighborAllToAll(Object sendbuf, int sendcount, Datatype sendtype, Object recvbuf, int recvcount,
            Datatype recvtype) throws MPIException {
        try {
            String call = "Comm.neighborAllToAll";
            Icollectives.neighborBlocks(this, INEIGHBOR_ALLTOALL, call, false, b(call, "sendbuf", sendbuf),
                    o(sendbuf), sendcount, OmpiArgs.type(sendtype, sendbuf), b(call, "recvbuf", recvbuf), o(recvbuf),
                    recvcount, OmpiArgs.type(recvtype, recvbuf));
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** MPI_Ineighbor_alltoall. */
    public final Request iNeighborAllToAll(Buffer sendbuf, int sendcount, Datatype sendtype, Buffer recvbuf,
            int recvcount, Datatype recvtype) throws MPIException {
        try {
            String call = "Comm.iNeighborAllToAll";
            return Icollectives.neighborBlocks(this, INEIGHBOR_ALLTOALL, call, true,
                    b(call, "sendbuf", sendbuf), o(sendbuf), sendcount, OmpiArgs.type(sendtype, sendbuf),
                    b(call, "recvbuf", recvbuf), o(recvbuf), recvcount, OmpiArgs.type(recvtype, recvbuf));
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** MPI_Neighbor_alltoallv: send counts/displacements per out-neighbour, receive ones per in-neighbour. */
    public final void neighborAllToAllv(Object sendbuf, int[] sendcount, int[] sdispls, Datatype sendtype,
            Object recvbuf, int[] recvcount, int[] rdispls, Datatype recvtype) throws MPIException {
        try {
            String call = "Comm.neighborAllToAllv";
            Icollectives.neighborAllToAllv(this, call, false, b(call, "sendbuf", sendbuf), o(sendbuf),
                    sendcount, sdispls, OmpiArgs.type(sendtype, sendbuf), b(call, "recvbuf", recvbuf), o(recvbuf),
                    recvcount, rdispls, OmpiArgs.type(recvtype, recvbuf));
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** MPI_Ineighbor_alltoallv. */
    public final Request iNeighborAllToAllv(Buffer sendbuf, int[] sendcount, int[] sdispls, Datatype sendtype,
            Buffer recvbuf, int[] recvcount, int[] rdispls, Datatype recvtype) throws MPIException {
        try {
            String call = "Comm.iNeighborAllToAllv";
            return Icollectives.neighborAllToAllv(this, call, true, b(call, "sendbuf", sendbuf), o(sendbuf),
                    sendcount, sdispls, OmpiArgs.type(sendtype, sendbuf), b(call, "recvbuf", recvbuf), o(recvbuf),
                    recvcount, rdispls, OmpiArgs.type(recvtype, recvbuf));
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** MPI_Ireduce. */
    public final Request iReduce(Buffer sendbuf, Buffer recvbuf, int count, Datatype type, Op op,
            int root) throws MPIException {
        try {
            String call = "Comm.iReduce";
            return Icollectives.iReduce(this, call, b(call, "sendbuf", sendbuf), o(sendbuf),
                    b(call, "recvbuf", recvbuf), o(recvbuf), count, OmpiArgs.type(type, sendbuf, recvbuf), op, root,
                    false);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** MPI_Ireduce in place at the root; the other ranks reduce from {@code buf}. */
    public final Request iReduce(Buffer buf, int count, Datatype type, Op op, int root) throws MPIException {
        try {
            String call = "Comm.iReduce";
            return Icollectives.iReduce(this, call, b(call, "buf", buf), o(buf), null, 0, count,
                    OmpiArgs.type(type, buf), op, root, true);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** MPI_Iallreduce. */
    public final Request iAllReduce(Buffer sendbuf, Buffer recvbuf, int count, Datatype type,
            Op op) throws MPIException {
        try {
            String call = "Comm.iAllReduce";
            return Icollectives.iAllReduce(this, call, b(call, "sendbuf", sendbuf), o(sendbuf),
                    b(call, "recvbuf", recvbuf), o(recvbuf), count, OmpiArgs.type(type, sendbuf, recvbuf), op, false);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** MPI_Iallreduce in place. */
    public final Request iAllReduce(Buffer buf, int count, Datatype type, Op op) throws MPIException {
        try {
            String call = "Comm.iAllReduce";
            return Icollectives.iAllReduce(this, call, b(call, "buf", buf), o(buf), null, 0, count,
                    OmpiArgs.type(type, buf), op, true);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** MPI_Ireduce_scatter. */
    public final Request iReduceScatter(Buffer sendbuf, Buffer recvbuf, int[] recvcounts, Datatype type,
            Op op) throws MPIException {
        try {
            String call = "Comm.iReduceScatter";
            return Icollectives.iReduceScatter(this, call, b(call, "sendbuf", sendbuf), o(sendbuf),
                    b(call, "recvbuf", recvbuf), o(recvbuf), recvcounts, OmpiArgs.type(type, sendbuf, recvbuf), op,
                    false);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** MPI_Ireduce_scatter in place: buf holds every rank's counts; the result is in its first counts[rank]. */
    public final Request iReduceScatter(Buffer buf, int[] counts, Datatype type, Op op) throws MPIException {
        try {
            String call = "Comm.iReduceScatter";
            return Icollectives.iReduceScatter(this, call, b(call, "buf", buf), o(buf), null, 0, counts,
                    OmpiArgs.type(type, buf), op, true);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** MPI_Ireduce_scatter_block. */
    public final Request iReduceScatterBlock(Buffer sendbuf, Buffer recvbuf, int recvcount, Datatype type,
            Op op) throws MPIException {
        try {
            String call = "Comm.iReduceScatterBlock";
            return Icollectives.iReduceScatterBlock(this, call, b(call, "sendbuf", sendbuf), o(sendbuf),
                    b(call, "recvbuf", recvbuf), o(recvbuf), recvcount, OmpiArgs.type(type, sendbuf, recvbuf), op,
                    false);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** MPI_Ireduce_scatter_block in place: buf holds size * count items; the result is in its first count. */
    public final Request iReduceScatterBlock(Buffer buf, int count, Datatype type, Op op) throws MPIException {
        try {
            String call = "Comm.iReduceScatterBlock";
            return Icollectives.iReduceScatterBlock(this, call, b(call, "buf", buf), o(buf), null, 0, count,
                    OmpiArgs.type(type, buf), op, true);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }
}
