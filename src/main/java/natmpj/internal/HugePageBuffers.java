package natmpj.internal;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

import natmpj.jni.NativeMPI;

/**
 * Direct buffers for messages whose memory is laid out as a C program's aligned buffer would be (the facade's
 * {@code MPI.newByteBuffer}). {@code ByteBuffer.allocateDirect} takes its memory from {@code malloc}: a block of a
 * few MiB is mapped wherever the kernel puts it, so its first 2 MiB-aligned address may lie up to 2 MiB in, and
 * everything before it is on small pages even where huge pages are advised. MPI's single-copy transfers (the
 * kernel's CMA, {@code process_vm_readv}) pin the peer's pages one by one, which on small pages costs bandwidth:
 * 15-25 % on one machine, 30-50 % for 4 MiB messages on another (docs/performance.md). From {@link #HUGE_PAGE}
 * on, a buffer here is 2 MiB-aligned, its size rounded up to a whole number of huge pages, and advised for
 * transparent huge pages ({@code natmpj_alloc}, the allocator of staging slabs); below, huge pages would waste more
 * than they save, and the buffer is {@code allocateDirect}'s. Either way it is in native byte order.
 *
 * <p>The memory is freed on the Cleaner's thread once the buffer is unreachable. A view of the buffer
 * ({@code slice()}, {@code duplicate()}, {@code asIntBuffer()}, ...) refers to the buffer it was made from (the JDK's
 * direct buffers keep their parent as their attachment), so the memory lives as long as any view; and a request in
 * progress keeps its buffer reachable (mpi.Request). The memory is outside the heap and outside
 * {@code -XX:MaxDirectMemorySize}: it counts in the process's resident size only.
 */
public final class HugePageBuffers {
    /** The size of a transparent huge page on x86-64 and of natmpj_alloc's alignment for large blocks. */
    public static final int HUGE_PAGE = 2 << 20;

    private HugePageBuffers() {}

    /** A direct buffer of {@code capacity} bytes in native byte order, as described above. */
    public static ByteBuffer allocate(String call, int capacity) {
        if (capacity < 0) throw new IllegalArgumentException(call + ": capacity is negative (" + capacity + ")");
        if (capacity < HUGE_PAGE) return ByteBuffer.allocateDirect(capacity).order(ByteOrder.nativeOrder());
        long address = NativeMPI.alloc(capacity);
        if (address == 0) {
            throw new OutOfMemoryError(call + ": no native memory for a buffer of " + capacity + " bytes");
        }
        ByteBuffer buffer = null;
        try {
            buffer = NativeMPI.direct_buffer(address, capacity);
        } finally {
            if (buffer == null) NativeMPI.free(address); // the JVM's exception (if any) propagates
        }
        if (buffer == null) { // NewDirectByteBuffer returned NULL without an exception: the JVM has no direct buffers
            throw new UnsupportedOperationException(call + ": this JVM makes no direct buffers from JNI");
        }
        DroppedHandles.whenUnreachable(buffer, () -> NativeMPI.free(address));
        return buffer.order(ByteOrder.nativeOrder());
    }
}
