package natmpj.internal;

import static natmpj.jni.NativeMPIConstants.STATUS_SLOTS;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

import natmpj.jni.NativeMPI;

/**
 * Per-thread native memory the C layer writes an MPI_Status into. Passing its address costs nothing, where a
 * fresh int[] per receive would cost an allocation plus pinning it through JNI.
 */
public final class StatusBuffer {
    private static final ThreadLocal<StatusBuffer> PER_THREAD = ThreadLocal.withInitial(StatusBuffer::new);
    /** The last thread's buffer: a receive loop on one thread skips the ThreadLocal lookup. */
    private static volatile StatusBuffer last;

    private final Thread owner = Thread.currentThread();
    public final ByteBuffer slots =
            ByteBuffer.allocateDirect(STATUS_SLOTS * Integer.BYTES).order(ByteOrder.nativeOrder());
    public final long address = NativeMPI.buffer_address(slots);

    public static StatusBuffer current() {
        StatusBuffer s = last;
        if (s != null && s.owner == Thread.currentThread()) return s;
        s = PER_THREAD.get();
        last = s;
        return s;
    }

    public int get(int slot) {
        return slots.getInt(slot * Integer.BYTES);
    }
}
