package mpi;

import static natmpj.jni.NativeMPIConstants.MESSAGE_NO_PROC;
import static natmpj.jni.NativeMPIConstants.MESSAGE_NULL;
import static natmpj.jni.NativeMPIConstants.STATUS_FLAG;

import java.nio.Buffer;

import natmpj.internal.BufferType;
import natmpj.internal.Buffers;
import natmpj.internal.StatusBuffer;
import natmpj.jni.NativeMPI;

/**
 * Open MPI's Java API's matched-probe message (MPI_Message): {@link #mProbe} or {@link #imProbe} matches a message
 * and removes it from the queue, so that no other receive (of another thread, say) can take it; {@link #mRecv} or
 * {@link #imRecv} then receives exactly that message, and this object is MPI_MESSAGE_NULL again. A new Message is
 * MPI_MESSAGE_NULL; a probe of {@code MPI.PROC_NULL} gives MPI_MESSAGE_NO_PROC ({@link #isNoProc}), whose receive
 * completes at once with source {@code MPI.PROC_NULL}.
 * <p>
 * Unlike Open MPI's bindings, which hand MPI whatever handle the object holds, natmpj refuses with an exception
 * (an MPIException whose cause names the call) a receive on a Message that holds no matched message (never probed,
 * or already received), and a probe into a Message that still holds one (the matched message could never be
 * received again). Buffers are as in {@link Comm#recv} (arrays, direct or heap buffers); {@link #imRecv} also takes
 * heap buffers, as {@link Comm#iRecv} does. MPI.OBJECT is not offered here (Open MPI's API has no MPI.OBJECT).
 * Not thread-safe: one Message is used by one thread at a time, as MPI_Message is.
 */
public final class Message {
    /** MPI_MESSAGE_NULL and MPI_MESSAGE_NO_PROC of the MPI natmpj runs on; read at the first probe. */
    private static long nullHandle, noProcHandle;
    private static volatile boolean constantsRead;
    /** The MPI_Message, or 0 before the first probe (MPI_MESSAGE_NULL). */
    private long handle;
    private boolean matched, noProc;

    /** MPI_MESSAGE_NULL. */
    public Message() {}

    /** Whether this is MPI_MESSAGE_NULL (no message matched yet, or received). */
    public boolean isNull() {
        return !matched;
    }

    /** Whether this is MPI_MESSAGE_NO_PROC (a probe of MPI.PROC_NULL not yet received). */
    public boolean isNoProc() {
        return matched && noProc;
    }

    private static void readConstants() {
        if (!constantsRead) {
            nullHandle = NativeMPI.handle_constant(MESSAGE_NULL);
            noProcHandle = NativeMPI.handle_constant(MESSAGE_NO_PROC);
            constantsRead = true;
        }
    }

    /** Checks shared by both probes: MPI active, this Message free, the communicator live, source and tag. */
    private void beforeProbe(String call, int source, int tag, Comm comm) {
        MPI.requireActive(call);
        if (comm == null) throw new NullPointerException(call + ": comm is null");
        comm.requireLive(call, "comm");
        if (matched) {
            throw new IllegalStateException(call + ": this Message still holds a matched message (" + describe()
                    + ") that was not received; receive it (mRecv/imRecv) first, or use another Message");
        }
        if (source != MPI.PROC_NULL) comm.checkSource(call, source);
        Comm.checkRecvTag(call, tag);
        readConstants();
    }

    private String describe() {
        return noProc ? "MPI_MESSAGE_NO_PROC" : "a message of another process";
    }

    private void matched(long message) {
        handle = message;
        matched = message != nullHandle;
        noProc = message == noProcHandle;
    }

    /** MPI_Mprobe: waits for a message matching {@code source} and {@code tag} on {@code comm} and matches it. */
    public Status mProbe(int source, int tag, Comm comm) throws MPIException {
        try {
            String call = "Message.mProbe";
            beforeProbe(call, source, tag, comm);
            StatusBuffer status = StatusBuffer.current();
            long[] message = new long[1];
            MPIException.check(NativeMPI.mprobe(source, tag, comm.handle, status.address, message), call);
            matched(message[0]);
            return new Status(status);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /**
     * MPI_Improbe: matches a pending message if there is one and returns its status; null (and this Message stays
     * MPI_MESSAGE_NULL) when none is pending.
     */
    public Status imProbe(int source, int tag, Comm comm) throws MPIException {
        try {
            String call = "Message.imProbe";
            beforeProbe(call, source, tag, comm);
            StatusBuffer status = StatusBuffer.current();
            long[] message = new long[1];
            MPIException.check(NativeMPI.improbe(source, tag, comm.handle, status.address, message), call);
            if (status.get(STATUS_FLAG) == 0) return null;
            matched(message[0]);
            return new Status(status);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** The matched message's handle for a receive, which makes this Message MPI_MESSAGE_NULL whatever happens. */
    private long take(String call) {
        MPI.requireActive(call);
        if (!matched) {
            throw new IllegalStateException(call + ": this Message holds no matched message (it is"
                    + " MPI_MESSAGE_NULL: never probed with mProbe/imProbe, or already received)");
        }
        return handle;
    }

    private void received() {
        matched = noProc = false;
        handle = nullHandle;
    }

    /** MPI_Mrecv: receives the matched message into {@code buf} (an array, or a direct or heap buffer). */
    public Status mRecv(Object buf, int count, Datatype type) throws MPIException {
        try {
            String call = "Message.mRecv";
            MPI.requireActive(call);
            type = OmpiArgs.type(type, buf);
            Object base = OmpiArgs.base(call, "buf", buf);
            if (ObjectMessages.isObject(type)) {
                throw new IllegalArgumentException(call + ": MPI.OBJECT is not offered by matched receives");
            }
            BufferType layout = Datatype.layout(type);
            long off = Buffers.offset(call, "buf", base, OmpiArgs.offset(buf), count, layout);
            long message = take(call); // after the arguments' checks: a refused call leaves the message matched
            StatusBuffer status = StatusBuffer.current();
            natmpj.internal.Message m = natmpj.internal.Message.blocking(call, base, off, count, layout,
                    natmpj.internal.Message.stageBlockingArrays, natmpj.internal.Message.WRITE);
            int rc = NativeMPI.recv_matched(m.array, m.address, m.off, count, layout.handle(), message,
                    status.address);
            received();
            m.finish(call, rc, m.staged() && rc == 0 ? Status.bytes(status) : -1);
            MPIException.check(rc, call);
            return new Status(status);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /**
     * MPI_Imrecv: starts the receive of the matched message into {@code buf}; the request completes when it has
     * arrived. A direct buffer is passed by address; a heap buffer is accepted too, as by {@link Comm#iRecv}.
     */
    public Request imRecv(Buffer buf, int count, Datatype type) throws MPIException {
        try {
            String call = "Message.imRecv";
            MPI.requireActive(call);
            type = OmpiArgs.type(type, buf);
            Object base = OmpiArgs.base(call, "buf", buf);
            if (ObjectMessages.isObject(type)) {
                throw new IllegalArgumentException(call + ": MPI.OBJECT is not offered by matched receives");
            }
            BufferType layout = Datatype.layout(type);
            long off = Buffers.offset(call, "buf", base, OmpiArgs.offset(buf), count, layout);
            long message = take(call);
            natmpj.internal.Message data = natmpj.internal.Message.receiveRequest(call, base, off, count, layout);
            StatusBuffer out = StatusBuffer.current();
            int rc = NativeMPI.imrecv(data.address, count, layout.handle(), message, out.handleAddress);
            received();
            if (rc != 0) {
                data.release();
                throw MPIException.fromCode(rc, call);
            }
            return new Request(out.handle(), false, true, data);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }
}
