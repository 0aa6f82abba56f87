package mpi;

import static natmpj.jni.NativeMPIConstants.STATUS_FLAG;
import static natmpj.jni.NativeMPIConstants.STATUS_SOURCE;
import static natmpj.jni.NativeMPIConstants.STATUS_TAG;

import java.util.ArrayList;
import java.util.List;

import natmpj.internal.StatusBuffer;
import natmpj.jni.NativeMPI;

/**
 * A non-blocking receive of {@code MPI.OBJECT}: its size is unknown until a message matches, so there is no MPI
 * request; testing it runs a matched probe (MPI_Improbe) and, on a match, receives and deserializes at once, and
 * waiting runs MPI_Mprobe. Calls on several requests poll it (see {@link Polling}).
 *
 * <p>Matching order. MPI matches a message to the first posted receive that fits it (non-overtaking), so of two
 * pending receives of one thread, the one posted first gets the first message even if the other is waited first.
 * Each communicator keeps its pending object receives in post order ({@link Comm#objectReceives}); before a
 * receive of a thread takes a message, the thread's receives posted before it take, in post order, what is there
 * for them, and a message that one of them fits is left to it. Blocking receives of objects do the same. Receives of
 * different threads are not ordered (MPI does not order them either), so a thread never takes a message that a
 * receive another thread is waiting for could get. While a communicator holds messages received ahead (see
 * {@link ObjectMessages.Ahead}) receives match in the order they are completed.
 */
final class ObjectRecvRequest extends Request {
    private final Comm comm;
    private final Object buf;
    private final int offset, count, source, tag;
    private final Datatype type;
    /** The thread that posted it: only its own later receives hand it a message. */
    private final Thread owner = Thread.currentThread();
    private volatile Status done;
    /** Why receiving the message another call handed it failed: thrown by its Test or Wait. */
    private volatile RuntimeException failed;
    private boolean reported, cancelled;
    /** Guarded by comm.objectReceives: a thread is completing it (busy), or handing it a message (claimed). */
    private boolean busy, claimed;

    ObjectRecvRequest(Comm comm, Object buf, int offset, int count, Datatype type, int source, int tag) {
        super(MPI.requestNullHandle);
        this.comm = comm;
        this.buf = buf;
        this.offset = offset;
        this.count = count;
        this.type = type;
        this.source = source;
        this.tag = tag;
        synchronized (comm.objectReceives) {
            comm.objectReceives.add(this);
        }
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
        if (done == null && !reported) complete("Request.Test", false);
        return done != null || failed != null;
    }

    @Override
    Status testOne(String call) {
        requireUsable(call);
        if (reported) return Status.empty();
        if (done == null) complete(call, false);
        return done == null && failed == null ? null : report();
    }

    @Override
    Status waitOne(String call) {
        requireUsable(call);
        if (reported) return Status.empty();
        if (done == null) complete(call, true);
        return report();
    }

    /** Tries to receive its message (blocking: until it has one); sets done, or failed when handed one. */
    private void complete(String call, boolean block) {
        // Claimed: a later receive's call is receiving this one's message into it; wait for the outcome below.
        synchronized (comm.objectReceives) {
            if (!claimed && done == null && failed == null) busy = true;
        }
        if (!busy) {
            for (int spins = 0; done == null && failed == null; spins++) {
                if (spins < 1000) Thread.onSpinWait(); else Thread.yield();
            }
            return;
        }
        try {
            Status s = receiveInOrder(comm, call, this, buf, offset, count, type, source, tag, block);
            if (s != null) done = s;
        } finally {
            synchronized (comm.objectReceives) {
                busy = false;
                if (done != null) comm.objectReceives.remove(this);
            }
        }
    }

    private boolean fits(int src, int t) {
        return (source == MPI.ANY_SOURCE || source == src) && (tag == MPI.ANY_TAG || tag == t);
    }

    /**
     * Receives a message for {@code self} (null: a blocking Recv, which comes after every pending receive) with
     * source and tag, in MPI's matching order: the receives of this thread posted before {@code self} that are still
     * pending, then {@code self}, each take in post order the first message there for them, unless one before it
     * that got nothing fits that message; with none pending, a plain matched probe (blocking: MPI_Mprobe). Returns
     * the status, or null when not blocking and nothing is there yet.
     */
    static Status receiveInOrder(Comm comm, String call, ObjectRecvRequest self, Object buf, int offset, int count,
                                 Datatype type, int source, int tag, boolean block) {
        if (comm.ahead != null) {
            return block ? ObjectMessages.recv(comm, call, buf, offset, count, type, source, tag)
                         : ObjectMessages.tryRecv(comm, call, buf, offset, count, type, source, tag);
        }
        Thread me = Thread.currentThread();
        for (int spins = 0; ; spins++) {
            List<ObjectRecvRequest> earlier = new ArrayList<>();
            synchronized (comm.objectReceives) {
                for (ObjectRecvRequest r : comm.objectReceives) {
                    if (r == self) break;
                    if (r.owner == me && !r.busy && !r.claimed && r.done == null && r.failed == null && !r.cancelled) {
                        r.claimed = true;
                        earlier.add(r);
                    }
                }
            }
            List<ObjectRecvRequest> pending = new ArrayList<>();
            for (ObjectRecvRequest r : earlier) {
                try {
                    Status s = takeUnlessEarlierFits(comm, call, pending, r.buf, r.offset, r.count, r.type, r.source,
                            r.tag);
                    if (s != null) r.done = s; else pending.add(r);
                } catch (RuntimeException e) {
                    r.failed = e;
                } finally {
                    synchronized (comm.objectReceives) {
                        r.claimed = false;
                        if (r.done != null || r.failed != null) comm.objectReceives.remove(r);
                    }
                }
            }
            if (pending.isEmpty() && block) {
                return ObjectMessages.probeAndReceive(comm, call, buf, offset, count, type, source, tag, true);
            }
            Status s = takeUnlessEarlierFits(comm, call, pending, buf, offset, count, type, source, tag);
            if (s != null || !block) return s;
            if (spins < 1000) Thread.onSpinWait(); else Thread.yield();
        }
    }

    /**
     * The first message there for source and tag, received, unless a receive in {@code earlier} (posted before, still
     * without a message) fits it too: that one must get it first, so it stays queued (MPI_Iprobe looks, then
     * MPI_Improbe on its exact source and tag takes that very message: messages do not overtake). Null: none taken.
     */
    private static Status takeUnlessEarlierFits(Comm comm, String call, List<ObjectRecvRequest> earlier, Object buf,
                                                int offset, int count, Datatype type, int source, int tag) {
        if (earlier.isEmpty()) {
            return ObjectMessages.probeAndReceive(comm, call, buf, offset, count, type, source, tag, false);
        }
        StatusBuffer sb = StatusBuffer.current();
        MPIException.check(NativeMPI.iprobe(source, tag, comm.handle, sb.address), call);
        if (sb.get(STATUS_FLAG) == 0) return null;
        int src = sb.get(STATUS_SOURCE), t = sb.get(STATUS_TAG);
        for (ObjectRecvRequest r : earlier) {
            if (r.fits(src, t)) return null;
        }
        return ObjectMessages.probeAndReceive(comm, call, buf, offset, count, type, src, t, false);
    }

    /** Not yet matched: nothing was received, so cancelling always succeeds. */
    @Override
    public void Cancel() throws MPIException {
        requireUsable("Request.Cancel");
        synchronized (comm.objectReceives) {
            if (done == null && failed == null && !reported && !busy && !claimed) {
                cancelled = true;
                Status s = Status.empty();
                s.cancelled = true;
                done = s;
                comm.objectReceives.remove(this);
            }
        }
    }

    @Override
    public void Free() throws MPIException {
        requireUsable("Request.Free");
        reported = true;
        synchronized (comm.objectReceives) {
            comm.objectReceives.remove(this);
        }
        super.Free();
    }

    private Status report() {
        reported = true;
        if (failed != null) throw failed;
        Status s = done;
        done = null;
        if (cancelled) s.cancelled = true;
        return s;
    }
}
