package mpi;

import java.nio.Buffer;

import natmpj.jni.NativeMPIJNI;

/**
 * The memory a request hands to MPI for one buffer: a direct ByteBuffer's own memory (zero-copy; the request keeps
 * the buffer reachable), or a {@link Staging} block a Java array is copied into before each send starts and out of
 * after each receive completes.
 */
final class RequestBuffer {
    /** The caller's buffer: kept reachable until the request is done with it. */
    final Object buf;
    /** Address of the first item, as MPI gets it. */
    final long address;
    private final Staging staging;
    private final long arrayOffset, spanStart, spanBytes;
    private final int count;
    private final Datatype type;

    private RequestBuffer(Object buf, long address, Staging staging, long arrayOffset, long spanStart, long spanBytes,
                          int count, Datatype type) {
        this.buf = buf;
        this.address = address;
        this.staging = staging;
        this.arrayOffset = arrayOffset;
        this.spanStart = spanStart;
        this.spanBytes = spanBytes;
        this.count = count;
        this.type = type;
    }

    /** Validates (buf, offset, count, type) like a blocking call and prepares its memory (not yet copied in). */
    static RequestBuffer of(String call, String name, Object buf, int offset, int count, Datatype type) {
        long off = Buffers.offset(call, name, buf, offset, count, type);
        // No items, or items of a type of size 0: MPI touches no memory (and such a type fits any array, Object[] too)
        if (buf == null || count == 0 || type.size == 0) return new RequestBuffer(buf, 0, null, 0, 0, 0, 0, type);
        long start = type.spanStartBytes(count), end = type.spanEndBytes(count);
        if (buf instanceof Buffer) {
            return new RequestBuffer(buf, Buffers.address(buf) + off, null, 0, 0, 0, count, type);
        }
        Staging staging = Staging.acquire(end - start, call);
        return new RequestBuffer(buf, staging.address - start, staging, off, start, end - start, count, type);
    }

    /**
     * For a blocking call on a Java array when pinning it for the call's whole duration could deadlock: with
     * THREAD_MULTIPLE, a thread blocked in MPI while holding a critical region keeps the JVM from collecting, so
     * another thread of this JVM that must allocate before sending the awaited message would never get to send
     * (JDK 22+ with G1 pins regions instead and needs no staging). Null when the call can pin as usual.
     */
    static RequestBuffer forBlocking(String call, String name, Object buf, int offset, int count, Datatype type) {
        if (!MPI.stageBlockingArrays || buf == null || buf instanceof Buffer || count == 0 || type.size == 0) {
            return null;
        }
        return of(call, name, buf, offset, count, type);
    }

    /** After a staged blocking receive: copy back what arrived, give the memory back. */
    void finishReceive(int rc, String call) {
        try {
            if (rc == 0) copyOut(call);
        } finally {
            release();
        }
    }

    boolean staged() {
        return staging != null;
    }

    /** Array to staging: before a send starts. */
    void copyIn(String call) {
        if (staging == null) return;
        MPIException.check(NativeMPIJNI.copy_in(buf, arrayOffset + spanStart, staging.address, spanBytes), call);
    }

    /** Staging to array: after a receive completed. Only the elements the type map covers are written. */
    void copyOut(String call) {
        if (staging == null) return;
        int rc = type.dense()
                ? NativeMPIJNI.copy_out(staging.address, buf, arrayOffset + spanStart, spanBytes)
                : NativeMPIJNI.copy_out_typed(address, buf, arrayOffset, count, type.handle);
        MPIException.check(rc, call);
    }

    void release() {
        if (staging != null) staging.release();
    }

    /** The request was freed while MPI may still use the memory: keep it until Finalize. */
    void orphan() {
        if (staging != null) staging.orphan();
    }
}
