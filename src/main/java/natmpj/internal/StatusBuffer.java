package natmpj.internal;

import static natmpj.jni.NativeMPIConstants.STATUS_SLOTS;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

import natmpj.jni.NativeMPI;

/**
 * Per-thread native memory the C layer writes an MPI_Status into, and the handle a call creates (the request of an
 * Isend, Irecv or *_init). Passing its address costs nothing, where a fresh int[] or long[1] per
 * call would cost an allocation plus a JNI call to copy it back.
 */
public final class StatusBuffer {
    private static final ThreadLocal<StatusBuffer> PER_THREAD = ThreadLocal.withInitial(StatusBuffer::new);
    /** Where the handle is: after the status slots, 8-byte aligned. */
    private static final int HANDLE_AT = (STATUS_SLOTS * Integer.BYTES + Long.BYTES - 1) & -Long.BYTES;
    /** The last thread's buffer: a receive loop on one thread skips the ThreadLocal lookup. */
    private static volatile StatusBuffer last;

    private final Thread owner = Thread.currentThread();
    public final ByteBuffer slots = ByteBuffer.allocateDirect(HANDLE_AT + Long.BYTES).order(ByteOrder.nativeOrder());
    public final long address = NativeMPI.buffer_address(slots);
    /** Where the C layer writes the one handle a call creates; read it with {@link #handle()}. */
    public final long handleAddress = address + HANDLE_AT;

    public static StatusBuffer current() {
        StatusBuffer s = last;
        if (s != null && s.owner == Thread.currentThread()) return s;
        return other();
    }

    /** Another thread than the last: its own buffer, looked up (ThreadLocal.get is too big to inline). */
    private static StatusBuffer other() {
        StatusBuffer s = PER_THREAD.get();
        last = s;
        return s;
    }

    public int get(int slot) {
        return slots.getInt(slot * Integer.BYTES);
    }

    /** The handle the last call wrote at {@link #handleAddress}. */
    public long handle() {
        return slots.getLong(HANDLE_AT);
    }
}
