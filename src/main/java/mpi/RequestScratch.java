package mpi;

import static natmpj.jni.NativeMPIConstants.STATUS_SLOTS;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

import natmpj.jni.NativeMPIJNI;

/**
 * Per-thread native memory for calls on several requests (Waitall, Testsome, Startall, ...): n request handles, n
 * indices and n statuses, laid out for the C layer, grown as needed. No allocation or JNI pinning per call.
 */
final class RequestScratch {
    private static final ThreadLocal<RequestScratch> PER_THREAD = ThreadLocal.withInitial(RequestScratch::new);
    private static final int STATUS_BYTES = STATUS_SLOTS * Integer.BYTES;

    private ByteBuffer memory;
    private long address;
    private int capacity;

    static RequestScratch forRequests(int n) {
        RequestScratch s = PER_THREAD.get();
        if (n > s.capacity) s.grow(Math.max(n, 2 * s.capacity));
        return s;
    }

    private void grow(int n) {
        memory = ByteBuffer.allocateDirect(n * (Long.BYTES + Long.BYTES + STATUS_BYTES)).order(ByteOrder.nativeOrder());
        address = NativeMPIJNI.buffer_address(memory);
        capacity = n;
    }

    long requests() {
        return address;
    }

    long indices() {
        return address + (long) capacity * Long.BYTES;
    }

    long statuses() {
        return address + 2L * capacity * Long.BYTES;
    }

    void setHandle(int i, long handle) {
        memory.putLong(i * Long.BYTES, handle);
    }

    long handle(int i) {
        return memory.getLong(i * Long.BYTES);
    }

    int index(int i) {
        return memory.getInt(capacity * Long.BYTES + i * Integer.BYTES);
    }

    /** The i-th status written by the C layer. */
    Status status(int i) {
        return new Status(memory, 2 * capacity * Long.BYTES + i * STATUS_BYTES);
    }
}
