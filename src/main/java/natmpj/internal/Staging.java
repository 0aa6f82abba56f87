package natmpj.internal;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
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
 *
 * <p>Sends of one array range share one block ({@link #acquireSend}): while a send of a range is pending, MPI forbids
 * the program to change it (MPI-4.1 3.7.2: "the sender should not modify any part of the send buffer after a
 * nonblocking send operation is called, until the send completes"), so a block filled from that range when the
 * first of them started still holds what a later one would copy, for as long as some send of it stays pending.
 * A window of 64 Isends of one array (a hand-written broadcast, a bandwidth test) then makes one copy, not 64.
 *
 * <p>Pending receives into one array range share one block too ({@link #acquireReceive}): MPI writes each message
 * into the one block, as it would into the array's own storage had the program posted them in C, and each receive
 * copies the block back when it completes. A receive copies back what arrived, so what the array holds afterwards is
 * what C's buffer would hold; and those completed by one Waitall or Waitsome need only one copy back between them
 * (Request, {@link #countSkippedCopies}). A window of 64 Irecvs into one array then keeps one block, not 64.
 */
public final class Staging {
    private static final int MIN_CLASS = 12;                      // 4 KiB
    private static final int MAX_CLASS = 30;                      // blocks above 1 GiB are not pooled
    private static final long MAX_POOLED_BYTES = 512L << 20; // a bibw window: 128 requests of 4 MiB
    @SuppressWarnings("unchecked")
    private static final ConcurrentLinkedDeque<Staging>[] POOL = new ConcurrentLinkedDeque[MAX_CLASS + 1];
    private static final AtomicLong POOLED_BYTES = new AtomicLong();
    /**
     * Blocks of 16 KiB to 1 MiB are carved out of 2 MiB slabs, which natmpj_alloc aligns and advises for transparent
     * huge pages as it does blocks from 2 MiB: MPI moves data from and into memory on 4 KiB pages slower (C's own
     * windows of non-blocking messages on malloc'd buffers ran at 0.69-0.85x of the same on huge pages, both MPIs),
     * and JDK 17's staged arrays, windows at 16 KiB-1 MiB, went from 0.63-0.77x C to 0.84-0.95x with slabs
     * (2026-11-25). A slab is freed at Finalize; its blocks go back to the pool whatever the pool's size, and past
     * {@link #MAX_SLAB_BYTES} of slabs blocks come from malloc again.
     */
    private static final int SLAB_MIN_CLASS = 14, SLAB_CLASS = 21;
    private static final long MAX_SLAB_BYTES = 256L << 20;
    /** The slabs' addresses, freed at Finalize; guarded by itself. */
    private static final List<Long> SLABS = new ArrayList<>();
    /** Blocks of requests freed while active: MPI may still write them, so they live until Finalize. */
    private static final List<Staging> ORPHANS = new ArrayList<>();

    static {
        for (int c = MIN_CLASS; c <= MAX_CLASS; c++) POOL[c] = new ConcurrentLinkedDeque<>();
    }

    /**
     * Below this, a copy costs about what looking for a block to share does. Windows of 64 non-blocking messages at
     * 4-16 KiB ran 1.1-1.5x faster with sharing from 4 KiB than from 16 KiB (JDK 17, both MPIs, 2026-11-25).
     */
    static final long SHARE_MIN_BYTES = 4 << 10;
    /** Blocks of pending sends and of pending receives, by the array range they hold; guarded by itself. */
    private static final Map<Range, Staging> SHARED = new HashMap<>();
    private static long sharedSends, sharedReceives, skippedCopies;

    public final long address;
    public final long capacity;
    /** Part of a slab: pooled whatever the pool's size, never freed alone. */
    private final boolean slab;
    /**
     * The range this block is shared under while in {@link #SHARED}, or null; and whether a request using it was
     * freed while active. Written under the lock of {@link #SHARED}, read without it by {@link #release} first:
     * volatile, and {@link #orphan} sets {@code orphaned} before clearing {@code range}, so a release that sees the
     * range cleared by an orphaning sees the orphaning too.
     */
    private volatile Range range;
    private volatile boolean orphaned;
    /** Pending requests using this block, while shared; guarded by {@link #SHARED}. */
    private int users;

    private Staging(long address, long capacity, boolean slab) {
        this.address = address;
        this.capacity = capacity;
        this.slab = slab;
    }

    /** A block of at least {@code bytes} bytes (contents undefined). */
    public static Staging acquire(long bytes, String call) {
        int c = sizeClass(bytes);
        if (c <= MAX_CLASS) {
            Staging s = POOL[c].pollFirst();
            if (s != null) {
                if (!s.slab) POOLED_BYTES.addAndGet(-s.capacity);
                return s;
            }
            if (c >= SLAB_MIN_CLASS && c < SLAB_CLASS) {
                s = carve(c);
                if (s != null) return s;
            }
        }
        long capacity = c <= MAX_CLASS ? 1L << c : bytes;
        long address = NativeMPI.alloc(capacity);
        if (address == 0) {
            throw new OutOfMemoryError(call + ": no native memory for a " + capacity + "-byte staging buffer");
        }
        return new Staging(address, capacity, false);
    }

    /** A new slab's first block of size class {@code c}; the others go to the pool. Null past the slabs' limit. */
    private static Staging carve(int c) {
        long slabBytes = 1L << SLAB_CLASS, address;
        synchronized (SLABS) {
            if ((SLABS.size() + 1) * slabBytes > MAX_SLAB_BYTES) return null;
            address = NativeMPI.alloc(slabBytes);
            if (address == 0) return null; // malloc's turn, which throws if it fails too
            SLABS.add(address);
        }
        for (long at = slabBytes - (1L << c); at > 0; at -= 1L << c) {
            POOL[c].offerFirst(new Staging(address + at, 1L << c, true));
        }
        return new Staging(address, 1L << c, true);
    }

    /**
     * A block holding {@code bytes} bytes of {@code array} from byte {@code start}, for a send that starts now: the
     * block of a pending send of the same range if there is one, else a new block filled by {@code copy} and offered
     * to the sends of that range that start while this one is pending.
     */
    public static Staging acquireSend(Object array, long start, long bytes, String call, Filler copy) {
        return acquireShared(array, start, bytes, call, copy);
    }

    /**
     * A block for a receive into {@code bytes} bytes of {@code array} from byte {@code start}, posted now: the block
     * of a pending receive into the same range if there is one, else a new one offered to the receives into that
     * range posted while this one is pending. Contents undefined.
     */
    public static Staging acquireReceive(Object array, long start, long bytes, String call) {
        return acquireShared(array, start, bytes, call, null);
    }

    /** {@code copy}: a send's filler, or null for a receive. */
    private static Staging acquireShared(Object array, long start, long bytes, String call, Filler copy) {
        if (bytes < SHARE_MIN_BYTES) {
            Staging s = acquire(bytes, call);
            if (copy != null) fill(s, copy, call);
            return s;
        }
        Range key = new Range(array, start, bytes, copy == null);
        synchronized (SHARED) {
            Staging s = SHARED.get(key);
            if (s != null) {
                s.users++;
                if (copy == null) sharedReceives++; else sharedSends++;
                return s;
            }
        }
        Staging s = acquire(bytes, call);
        if (copy != null) fill(s, copy, call); // outside the lock: other threads' sends go on meanwhile
        synchronized (SHARED) {
            if (SHARED.putIfAbsent(key, s) == null) { // else another thread's block is the shared one: keep ours
                s.range = key;
                s.users = 1;
            }
        }
        return s;
    }

    /** Whether pending requests of one array range share this block now (an orphaned one is no longer shared). */
    public boolean shared() {
        return range != null;
    }

    private static void fill(Staging s, Filler copy, String call) {
        try {
            copy.fill(s.address, call);
        } catch (RuntimeException | Error e) {
            s.release();
            throw e;
        }
    }

    /** Copies a send's data into a staging block at {@code address}. */
    @FunctionalInterface
    public interface Filler {
        void fill(long address, String call);
    }

    /** How many sends used a block another pending send had filled (tests check that sharing happens). */
    public static long sharedSendCount() {
        synchronized (SHARED) {
            return sharedSends;
        }
    }

    /** How many receives used the block of another pending receive into the same range. */
    public static long sharedReceiveCount() {
        synchronized (SHARED) {
            return sharedReceives;
        }
    }

    /** Counts copies back that completions of shared blocks made unnecessary (Request's Waitall and Waitsome). */
    public static void countSkippedCopies(int n) {
        synchronized (SHARED) {
            skippedCopies += n;
        }
    }

    /** How many copies back of shared receive blocks were skipped. */
    public static long skippedCopyCount() {
        synchronized (SHARED) {
            return skippedCopies;
        }
    }

    /** Returns the block to the pool (or to the system when the pool is full); a shared one, with its last send. */
    public void release() {
        if (range != null || orphaned) {
            synchronized (SHARED) {
                if (orphaned) return; // MPI may still read it: freed at Finalize
                if (range != null) {
                    if (--users > 0) return;
                    SHARED.remove(range, this);
                    range = null;
                }
            }
        }
        int c = sizeClass(capacity);
        if (slab) {
            POOL[c].offerFirst(this);
        } else if (c <= MAX_CLASS && POOLED_BYTES.addAndGet(capacity) <= MAX_POOLED_BYTES) {
            POOL[c].offerFirst(this);
        } else {
            if (c <= MAX_CLASS) POOLED_BYTES.addAndGet(-capacity);
            NativeMPI.free(address);
        }
    }

    /** Keeps the block until {@link #releaseAll()}: MPI still owns it. */
    public void orphan() {
        synchronized (SHARED) {
            if (orphaned) return; // a second request of a shared block freed while active
            orphaned = true;
            if (range != null) { // no request shares it from now on; the others' releases leave it alone
                SHARED.remove(range, this);
                range = null;
            }
        }
        synchronized (ORPHANS) {
            ORPHANS.add(this);
        }
    }

    /** At Finalize, when MPI is done with every buffer: orphaned and pooled blocks, and arrays still pinned. */
    public static void releaseAll() {
        Pins.releaseAll();
        synchronized (SHARED) {
            SHARED.clear(); // requests still pending at Finalize keep their blocks, as unshared ones do
        }
        synchronized (ORPHANS) {
            for (Staging s : ORPHANS) if (!s.slab) NativeMPI.free(s.address);
            ORPHANS.clear();
        }
        for (int c = MIN_CLASS; c <= MAX_CLASS; c++) {
            for (Staging s; (s = POOL[c].pollFirst()) != null; ) {
                if (s.slab) continue;
                POOLED_BYTES.addAndGet(-s.capacity);
                NativeMPI.free(s.address);
            }
        }
        synchronized (SLABS) {
            for (long slab : SLABS) NativeMPI.free(slab);
            SLABS.clear();
        }
    }

    private static int sizeClass(long bytes) {
        if (bytes <= 1L << MIN_CLASS) return MIN_CLASS;
        return 64 - Long.numberOfLeadingZeros(bytes - 1);
    }

    /** An array range, by the array's identity, for sends or for receives. */
    private static final class Range {
        final Object array;
        final long start, bytes;
        final boolean receive;

        Range(Object array, long start, long bytes, boolean receive) {
            this.array = array;
            this.start = start;
            this.bytes = bytes;
            this.receive = receive;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Range && ((Range) o).array == array && ((Range) o).start == start
                    && ((Range) o).bytes == bytes && ((Range) o).receive == receive;
        }

        @Override
        public int hashCode() {
            return System.identityHashCode(array) * 31 + Long.hashCode(start * 31 + bytes);
        }
    }
}
