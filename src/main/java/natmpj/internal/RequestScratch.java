package natmpj.internal;

import static natmpj.jni.NativeMPIConstants.STATUS_SLOTS;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

import natmpj.jni.NativeMPI;

/**
 * Per-thread native memory for calls on several requests (Waitall, Testsome, Startall, ...): n request handles, n
 * indices and n statuses, laid out for the C layer, grown as needed. No allocation or JNI pinning per call.
 */
public final class RequestScratch {
    private static final ThreadLocal<RequestScratch> PER_THREAD = ThreadLocal.withInitial(RequestScratch::new);
    private static final int STATUS_BYTES = STATUS_SLOTS * Integer.BYTES;

    /** The last thread's scratch: a loop of Waitall on one thread skips the ThreadLocal lookup (as StatusBuffer). */
    private static volatile RequestScratch last;

    private final Thread owner = Thread.currentThread();
    private ByteBuffer memory;
    private long address;
    private int capacity;

    public static RequestScratch forRequests(int n) {
        RequestScratch s = last;
        if (s == null || s.owner != Thread.currentThread()) s = other();
        if (n > s.capacity) s.grow(Math.max(n, 2 * s.capacity));
        return s;
    }

    private static RequestScratch other() {
        RequestScratch s = PER_THREAD.get();
        last = s;
        return s;
    }

    private void grow(int n) {
        memory = ByteBuffer.allocateDirect(n * (Long.BYTES + Long.BYTES + STATUS_BYTES)).order(ByteOrder.nativeOrder());
        address = NativeMPI.buffer_address(memory);
        capacity = n;
    }

    public long requests() {
        return address;
    }

    public long indices() {
        return address + (long) capacity * Long.BYTES;
    }

    public long statuses() {
        return address + 2L * capacity * Long.BYTES;
    }

    public void setHandle(int i, long handle) {
        memory.putLong(i * Long.BYTES, handle);
    }

    public long handle(int i) {
        return memory.getLong(i * Long.BYTES);
    }

    public int index(int i) {
        return memory.getInt(capacity * Long.BYTES + i * Integer.BYTES);
    }

    /** The memory the statuses are in, for the facade to read status i at {@link #statusAt}. */
    public ByteBuffer memory() {
        return memory;
    }

    /** Where in {@link #memory()} the C layer wrote the i-th status (a status slot block, see natmpj.h). */
    public int statusAt(int i) {
        return 2 * capacity * Long.BYTES + i * STATUS_BYTES;
    }
}
