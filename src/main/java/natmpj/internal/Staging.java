package natmpj.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.concurrent.atomic.AtomicLong;

import natmpj.jni.NativeMPI;

/**
 * Native memory a Java array is staged in while a non-blocking or persistent request, an attached send buffer or a
 * serialized object uses it.
 *
 * <p>Why staging: once a JNI call returns, the JVM may move an array (or, on JDK 17, must not be kept from
 * collecting while a critical region is held), so MPI can only keep addresses it was given for the duration of one
 * call. A request on a Java array therefore copies the array into native memory when it starts (sends) and back
 * when it completes (receives) -- except where the collector pins objects without stopping collection (G1 on JDK
 * 22+, Shenandoah): there requests pin the array instead ({@link Pins}). Direct ByteBuffers need none of this: MPI
 * gets their address and the request keeps the buffer reachable. Blocks are pooled by power-of-two size, so a loop
 * of requests allocates nothing after the first round.
 */
public final class Staging {
    private static final int MIN_CLASS = 12;                      // 4 KiB
    private static final int MAX_CLASS = 30;                      // blocks above 1 GiB are not pooled
    private static final long MAX_POOLED_BYTES = 512L << 20; // a bibw window: 128 requests of 4 MiB
    @SuppressWarnings("unchecked")
    private static final ConcurrentLinkedDeque<Staging>[] POOL = new ConcurrentLinkedDeque[MAX_CLASS + 1];
    private static final AtomicLong POOLED_BYTES = new AtomicLong();
    /** Blocks of requests freed while active: MPI may still write them, so they live until Finalize. */
    private static final List<Staging> ORPHANS = new ArrayList<>();

    static {
        for (int c = MIN_CLASS; c <= MAX_CLASS; c++) POOL[c] = new ConcurrentLinkedDeque<>();
    }

    public final long address;
    public final long capacity;

    private Staging(long address, long capacity) {
        this.address = address;
        this.capacity = capacity;
    }

    /** A block of at least {@code bytes} bytes (contents undefined). */
    public static Staging acquire(long bytes, String call) {
        int c = sizeClass(bytes);
        if (c <= MAX_CLASS) {
            Staging s = POOL[c].pollFirst();
            if (s != null) {
                POOLED_BYTES.addAndGet(-s.capacity);
                return s;
            }
        }
        long capacity = c <= MAX_CLASS ? 1L << c : bytes;
        long address = NativeMPI.alloc(capacity);
        if (address == 0) {
            throw new OutOfMemoryError(call + ": no native memory for a " + capacity + "-byte staging buffer");
        }
        return new Staging(address, capacity);
    }

    /** Returns the block to the pool (or to the system when the pool is full). */
    public void release() {
        int c = sizeClass(capacity);
        if (c <= MAX_CLASS && POOLED_BYTES.addAndGet(capacity) <= MAX_POOLED_BYTES) {
            POOL[c].offerFirst(this);
        } else {
            if (c <= MAX_CLASS) POOLED_BYTES.addAndGet(-capacity);
            NativeMPI.free(address);
        }
    }

    /** Keeps the block until {@link #releaseAll()}: MPI still owns it. */
    public void orphan() {
        synchronized (ORPHANS) {
            ORPHANS.add(this);
        }
    }

    /** At Finalize, when MPI is done with every buffer: orphaned and pooled blocks, and arrays still pinned. */
    public static void releaseAll() {
        Pins.releaseAll();
        synchronized (ORPHANS) {
            for (Staging s : ORPHANS) NativeMPI.free(s.address);
            ORPHANS.clear();
        }
        for (int c = MIN_CLASS; c <= MAX_CLASS; c++) {
            for (Staging s; (s = POOL[c].pollFirst()) != null; ) {
                POOLED_BYTES.addAndGet(-s.capacity);
                NativeMPI.free(s.address);
            }
        }
    }

    private static int sizeClass(long bytes) {
        if (bytes <= 1L << MIN_CLASS) return MIN_CLASS;
        return 64 - Long.numberOfLeadingZeros(bytes - 1);
    }
}
