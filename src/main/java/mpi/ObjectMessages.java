package mpi;

import static natmpj.jni.NativeMPIConstants.STATUS_FLAG;

import natmpj.internal.BufferType;
import natmpj.internal.Element;
import natmpj.internal.Message;
import natmpj.internal.ObjectCodec;
import natmpj.internal.Staging;
import natmpj.internal.StatusBuffer;
import natmpj.jni.NativeMPIConstants;
import natmpj.jni.NativeMPI;

/** Point-to-point of {@code MPI.OBJECT} buffers: serialized by {@link ObjectCodec}, sent as one message of bytes. */
final class ObjectMessages {
    private ObjectMessages() {}

    static boolean isObject(Datatype type) {
        return type != null && type.layout.element == Element.OBJECT;
    }

    /**
     * An object receive is matched by a probe, never posted in advance, so a ready-mode send (which requires a
     * posted receive) would be erroneous in MPI: objects go in standard mode instead.
     */
    private static int wireMode(int mode) {
        return mode == NativeMPIConstants.SEND_READY ? NativeMPIConstants.SEND_STANDARD : mode;
    }

    /**
     * A message without arrays outside the stream goes from the thread's serialization buffer (pinned, or staged as
     * any array), and so does one with them up to {@link ObjectCodec#INLINE_BYTES} once they are copied in; a larger
     * one is assembled in a staging block (the arrays' one copy) and sent from there.
     */
    static void send(Comm comm, int mode, String call, Object buf, int offset, int count, Datatype type, int dest,
                     int tag) {
        mode = wireMode(mode);
        ObjectCodec.Encoded e = ObjectCodec.serialize(call, "buf", buf, offset, count, type.layout);
        BufferType b = MPI.BYTE.layout;
        int rc;
        if (e.size() <= ObjectCodec.INLINE_BYTES) e.inline();
        if (e.contiguous()) {
            Message m = Message.blocking(call, e.array(), 0, e.size(), b, Message.stageBlockingArrays,
                    Message.READ);
            rc = NativeMPI.send(mode, m.array, m.address, m.off, e.size(), b.handle(), dest, tag, comm.handle);
            m.finish(call, rc);
        } else {
            Staging s = e.stage(call);
            try {
                rc = NativeMPI.send(mode, null, s.address + ObjectCodec.STAGING_OFFSET, 0, e.size(), b.handle(), dest,
                        tag, comm.handle);
            } finally {
                s.release();
            }
        }
        MPIException.check(rc, call);
    }

    static Request isend(Comm comm, int mode, String call, Object buf, int offset, int count, Datatype type, int dest,
                         int tag) {
        mode = wireMode(mode);
        ObjectCodec.Encoded e = ObjectCodec.serialize(call, "buf", buf, offset, count, type.layout);
        BufferType b = MPI.BYTE.layout;
        // The per-thread serialization buffer is reused by the next message: the request needs its own copy.
        Message data = Message.ofStaging(e.stage(call), ObjectCodec.STAGING_OFFSET);
        StatusBuffer out = StatusBuffer.current();
        int rc = NativeMPI.isend(mode, data.address, e.size(), b.handle(), dest, tag, comm.handle, out.handleAddress);
        if (rc != 0) {
            data.release();
            throw MPIException.fromCode(rc, call);
        }
        return new Request(out.handle(), false, false, data);
    }

    /**
     * Blocking receive: matched probe, then receive of exactly the probed size. A message received ahead (see
     * {@link Ahead}) comes first; once a communicator has held one, its blocking receives wait by polling both
     * that store and MPI, since another thread may move the message they wait for there.
     */
    static Status recv(Comm comm, String call, Object buf, int offset, int count, Datatype type, int source, int tag) {
        if (comm.ahead != null) {
            for (int spins = 0; ; spins++) {
                Status s = tryRecv(comm, call, buf, offset, count, type, source, tag);
                if (s != null) return s;
                if (spins < 1000) Thread.onSpinWait(); else Thread.yield();
            }
        }
        return probeAndReceive(comm, call, buf, offset, count, type, source, tag, true);
    }

    /** Non-blocking matched probe: the status of a received message, or null when none is pending. */
    static Status tryRecv(Comm comm, String call, Object buf, int offset, int count, Datatype type, int source,
                          int tag) {
        Ahead ahead = comm.ahead;
        if (ahead != null) {
            Ahead.Message m = ahead.take(source, tag);
            if (m != null) {
                Status status = m.status.copy();
                status.objects = m.size == 0 ? 0
                        : ObjectCodec.deserialize(call, "buf", m.bytes, m.size, buf, offset, count, type.layout);
                return status;
            }
        }
        return probeAndReceive(comm, call, buf, offset, count, type, source, tag, false);
    }

    /** MPI_Mprobe (blocking) or MPI_Improbe in MPI's queue only, then the receive of what it matched; null: none. */
    static Status probeAndReceive(Comm comm, String call, Object buf, int offset, int count, Datatype type,
                                  int source, int tag, boolean block) {
        StatusBuffer sb = StatusBuffer.current();
        long[] message = new long[1];
        if (block) {
            MPIException.check(NativeMPI.mprobe(source, tag, comm.handle, sb.address, message), call);
        } else {
            MPIException.check(NativeMPI.improbe(source, tag, comm.handle, sb.address, message), call);
            if (sb.get(STATUS_FLAG) == 0) return null;
        }
        return receiveMatched(call, message[0], new Status(sb), buf, offset, count, type);
    }

    private static Status receiveMatched(String call, long message, Status probed, Object buf, int offset, int count,
                                         Datatype type) {
        int size = probed.source == MPI.PROC_NULL ? 0 : probed.Get_count(MPI.BYTE);
        ObjectCodec.Bytes in = ObjectCodec.receiveBuffer();
        byte[] bytes = in.forReceive(size);
        StatusBuffer sb = StatusBuffer.current();
        int rc = receiveBytes(call, message, bytes, size, sb);
        MPIException.check(rc, call);
        Status status = new Status(sb);
        status.objects = size == 0 ? 0
                : ObjectCodec.deserialize(call, "buf", bytes, size, buf, offset, count, type.layout);
        in.trim();
        return status;
    }

    /**
     * Messages received ahead on a communicator: {@code Status.Get_count(MPI.OBJECT)} of a probe's status must count
     * objects, which only the message itself holds (the MPI status counts bytes). So it receives the message then
     * (MPI_Improbe + MPI_Mrecv on the probed source and tag: the probed message, since messages do not overtake),
     * counts it, and keeps it here until an object receive or a probe matching it comes. Those look here first: a
     * message here arrived before any still in MPI's queue from its source.
     */
    static final class Ahead {
        /** One message received ahead: its bytes, the status of its receive and its object count. */
        static final class Message {
            final byte[] bytes;
            final int size, objects;
            final Status status;

            Message(byte[] bytes, int size, int objects, Status status) {
                this.bytes = bytes;
                this.size = size;
                this.objects = objects;
                this.status = status;
            }
        }

        private final java.util.ArrayDeque<Message> messages = new java.util.ArrayDeque<>();

        private static boolean matches(Message m, int source, int tag) {
            return (source == MPI.ANY_SOURCE || source == m.status.source)
                    && (tag == MPI.ANY_TAG || tag == m.status.tag);
        }

        /** The oldest message matching source and tag (wildcards allowed), removed; null when none. */
        synchronized Message take(int source, int tag) {
            for (java.util.Iterator<Message> it = messages.iterator(); it.hasNext(); ) {
                Message m = it.next();
                if (matches(m, source, tag)) {
                    it.remove();
                    return m;
                }
            }
            return null;
        }

        /** The oldest message matching, left in place; null when none. */
        synchronized Message peek(int source, int tag) {
            for (Message m : messages) if (matches(m, source, tag)) return m;
            return null;
        }

        synchronized void add(Message m) {
            messages.add(m);
        }
    }

    /** Probe and Iprobe: the oldest matching message received ahead, as a probe's status; null when none. */
    static Status probeAhead(Comm comm, int source, int tag) {
        Ahead ahead = comm.ahead;
        Ahead.Message m = ahead == null ? null : ahead.peek(source, tag);
        if (m == null) return null;
        Status status = m.status.copy();
        status.objects = m.objects;
        return status;
    }

    /**
     * Status.Get_count(MPI.OBJECT) of a probe's status ({@code probed}, with its source and tag): the number of
     * objects in the message, received ahead now if it is not yet; MPI.UNDEFINED when it is no object message, or
     * another receive took it meanwhile.
     */
    static int countAhead(Comm comm, Status probed, String call) {
        if (probed.source == MPI.PROC_NULL) return 0;
        Ahead ahead;
        synchronized (Ahead.class) { // rare: once per communicator
            ahead = comm.ahead;
            if (ahead == null) comm.ahead = ahead = new Ahead();
        }
        synchronized (ahead) {
            Ahead.Message m = ahead.peek(probed.source, probed.tag);
            if (m != null) return m.objects; // received ahead by an earlier count: the oldest is the probed one
            StatusBuffer sb = StatusBuffer.current();
            long[] message = new long[1];
            MPIException.check(NativeMPI.improbe(probed.source, probed.tag, comm.handle, sb.address, message),
                    call);
            if (sb.get(STATUS_FLAG) == 0) return MPI.UNDEFINED; // another receive took it
            Status matched = new Status(sb);
            int size = matched.Get_count(MPI.BYTE);
            byte[] bytes = new byte[size];
            MPIException.check(receiveBytes(call, message[0], bytes, size, sb), call);
            Status received = new Status(sb);
            int objects = size == 0 ? 0 : ObjectCodec.count(bytes, size);
            if (objects < 0) objects = MPI.UNDEFINED; // no object message
            ahead.add(new Ahead.Message(bytes, size, objects, received));
            return objects;
        }
    }

    /** MPI_Mrecv of a matched message's {@code size} bytes into {@code bytes}, on the one buffer path. */
    private static int receiveBytes(String call, long message, byte[] bytes, int size, StatusBuffer sb) {
        BufferType b = MPI.BYTE.layout;
        Message m = Message.blocking(call, bytes, 0, size, b, Message.stageBlockingArrays, Message.WRITE);
        int rc = NativeMPI.mrecv(m.array, m.address, size, b.handle(), message, sb.address); // off is 0 here
        m.finish(call, rc, size);
        return rc;
    }

    /** Sendrecv where either side is MPI.OBJECT: the send goes first as a request, so both directions progress. */
    static Status sendrecv(Comm comm, Object sendbuf, int sendoffset, int sendcount, Datatype sendtype, int dest,
                           int sendtag, Object recvbuf, int recvoffset, int recvcount, Datatype recvtype, int source,
                           int recvtag) {
        Request send = comm.Isend(sendbuf, sendoffset, sendcount, sendtype, dest, sendtag);
        Status status = comm.Recv(recvbuf, recvoffset, recvcount, recvtype, source, recvtag);
        send.Wait();
        return status;
    }
}
