package mpi;

import static natmpj.jni.NativeMPIConstants.STATUS_FLAG;

import java.lang.ref.Reference;

import natmpj.jni.NativeMPIConstants;
import natmpj.jni.NativeMPIJNI;

/** Point-to-point of {@code MPI.OBJECT} buffers: serialized by {@link ObjectCodec}, sent as bytes. */
final class ObjectMessages {
    private ObjectMessages() {}

    static boolean isObject(Datatype type) {
        return type != null && type.base == BasicType.OBJECT;
    }

    /**
     * An object receive is matched by a probe, never posted in advance, so a ready-mode send (which requires a
     * posted receive) would be erroneous in MPI: objects go in standard mode instead.
     */
    private static int wireMode(int mode) {
        return mode == NativeMPIConstants.SEND_READY ? NativeMPIConstants.SEND_STANDARD : mode;
    }

    static void send(Comm comm, int mode, String call, Object buf, int offset, int count, Datatype type, int dest,
                     int tag) {
        mode = wireMode(mode);
        ObjectCodec.Bytes bytes = ObjectCodec.serialize(call, "buf", buf, offset, count, type);
        RequestBuffer staged = RequestBuffer.forBlocking(call, "buf", bytes.array(), 0, bytes.size(), MPI.BYTE);
        int rc;
        if (staged == null) {
            rc = NativeMPIJNI.send(mode, bytes.array(), 0, 0, bytes.size(), MPI.BYTE.handle, dest, tag, comm.handle);
        } else {
            staged.copyIn(call);
            rc = NativeMPIJNI.send(mode, null, staged.address, 0, bytes.size(), MPI.BYTE.handle, dest, tag,
                    comm.handle);
            staged.release();
        }
        MPIException.check(rc, call);
    }

    static Request isend(Comm comm, int mode, String call, Object buf, int offset, int count, Datatype type, int dest,
                         int tag) {
        mode = wireMode(mode);
        ObjectCodec.Bytes bytes = ObjectCodec.serialize(call, "buf", buf, offset, count, type);
        RequestBuffer data = RequestBuffer.of(call, "buf", bytes.array(), 0, bytes.size(), MPI.BYTE);
        data.copyIn(call);
        long[] request = new long[1];
        int rc = NativeMPIJNI.isend(mode, data.address, bytes.size(), MPI.BYTE.handle, dest, tag, comm.handle,
                request);
        if (rc != 0) {
            data.release();
            throw MPIException.fromCode(rc, call);
        }
        return new Request(request[0], false, false, data);
    }

    /** Blocking receive: matched probe, then receive of exactly the probed size. */
    static Status recv(Comm comm, String call, Object buf, int offset, int count, Datatype type, int source, int tag) {
        StatusBuffer sb = StatusBuffer.current();
        long[] message = new long[1];
        MPIException.check(NativeMPIJNI.mprobe(source, tag, comm.handle, sb.address, message), call);
        return receiveMatched(call, message[0], new Status(sb), buf, offset, count, type);
    }

    /** Non-blocking matched probe: the status of a received message, or null when none is pending. */
    static Status tryRecv(Comm comm, String call, Object buf, int offset, int count, Datatype type, int source,
                          int tag) {
        StatusBuffer sb = StatusBuffer.current();
        long[] message = new long[1];
        MPIException.check(NativeMPIJNI.improbe(source, tag, comm.handle, sb.address, message), call);
        if (sb.get(STATUS_FLAG) == 0) return null;
        return receiveMatched(call, message[0], new Status(sb), buf, offset, count, type);
    }

    private static Status receiveMatched(String call, long message, Status probed, Object buf, int offset, int count,
                                         Datatype type) {
        int size = probed.source == MPI.PROC_NULL ? 0 : probed.Get_count(MPI.BYTE);
        ObjectCodec.Bytes in = ObjectCodec.receiveBuffer();
        byte[] bytes = in.forReceive(size);
        StatusBuffer sb = StatusBuffer.current();
        RequestBuffer staged = RequestBuffer.forBlocking(call, "buf", bytes, 0, size, MPI.BYTE);
        int rc;
        if (staged == null) {
            rc = NativeMPIJNI.mrecv(size > 0 ? bytes : null, 0, size, MPI.BYTE.handle, message, sb.address);
        } else {
            rc = NativeMPIJNI.mrecv(null, staged.address, size, MPI.BYTE.handle, message, sb.address);
            staged.finishReceive(rc, call);
        }
        Reference.reachabilityFence(bytes);
        MPIException.check(rc, call);
        Status status = new Status(sb);
        status.objects = size == 0 ? 0 : ObjectCodec.deserialize(call, "buf", bytes, size, buf, offset, count, type);
        in.trim();
        return status;
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
