package natmpj.internal;

import java.lang.ref.Reference;
import java.nio.Buffer;

import natmpj.jni.NativeMPI;

/**
 * One message buffer as the C layer takes it: every call that hands MPI a buffer (point-to-point, collectives,
 * requests, Pack/Unpack) resolves it here, so the mechanism (pin, stage or pass an address) is decided in one place.
 * The C layer gets {@link #array} (a Java array it pins for the call) or {@link #address} (memory that stays put),
 * plus the byte offset {@link #off}.
 *
 * <ul>
 *   <li>A direct ByteBuffer: its address, zero-copy, for any call. The caller keeps the buffer reachable until MPI is
 *       done with it ({@link #finish} for blocking calls; a request holds its Message).</li>
 *   <li>A Java array in a blocking call: pinned by the C layer for the call (GetPrimitiveArrayCritical), not copied
 *       -- or, when {@code stage} says so, staged like a request's.</li>
 *   <li>A Java array in a request, where the collector pins objects without stopping collection (G1 on JDK 22+,
 *       Shenandoah; see {@link Pins}): pinned from the request's creation to its completion (a persistent one: to
 *       its Free), and MPI gets the array's own storage, zero-copy.</li>
 *   <li>A Java array in a request elsewhere: staged in native memory ({@link Staging}), copied in when a send starts
 *       ({@link #copyIn}), out when a receive completes ({@link #copyOut}, only the elements the type map covers).
 *       A HotSpot array may move once the JNI call returns, and a critical region held beyond the call would stop
 *       the collector, so MPI can keep only addresses of memory that stays.</li>
 *   <li>No memory touched (count 0, or a type of size 0): no array and no address; the C layer gives MPI a
 *       placeholder.</li>
 * </ul>
 * Callers validate first ({@link Buffers#offset}, which returns {@code off}): resolving allocates staging, which a
 * failed check would otherwise leak.
 */
public final class Message {
    /** What MPI does with a buffer: reads it (a send), writes it (a receive), or both. */
    public static final int READ = 1, WRITE = 2, READ_WRITE = READ | WRITE;

    /**
     * Set by the facade at MPI initialization: blocking calls stage arrays instead of pinning them. With
     * THREAD_MULTIPLE, a thread blocked in MPI while holding a critical region keeps the JVM from collecting, so
     * another thread of this JVM that must allocate before sending the awaited message would never send it; JDK 22+
     * with G1 pins regions instead and needs none of this.
     */
    public static volatile boolean stageBlockingArrays;

    static {
        // C2 inlines no method while a class of its signature is not loaded ("unloaded signature classes"), and a
        // program on direct buffers or blocking calls alone never loads Staging, a parameter of the constructor:
        // its Send and Recv would call the constructor out of line, and escape analysis could not remove the Message.
        Staging.class.getName();
    }

    /** No buffer: the insignificant side of a rooted collective, or the send side of an in-place one. */
    public static final Message NONE = new Message(null, null, 0, 0, 0, null, 0, 0, 0, 0, null, 0);

    /** The caller's buffer: kept reachable until MPI is done with it. */
    public final Object buf;
    /** The array for the C layer to pin for the call, or null. */
    public final Object array;
    /** Memory that stays put (a direct buffer, or staging), or 0; with {@link #off}, where item 0 is. */
    public final long address;
    /** Byte offset the C layer adds to array or address. */
    public final long off;
    /** Byte offset of item 0 in the caller's buffer (what in-place detection compares). */
    public final long position;
    private final Staging staging;
    /** Where a pinned array's storage starts (what the pin returned, to give back at unpin), or 0. */
    private final long pinned;
    private final long spanStart, spanBytes;
    private final int count, access;
    private final BufferType type;
    /** A request's pinned buffer: its membership in {@link Pins}' set until unpinned; null otherwise. */
    private LiveSet.Link pin;

    private Message(Object buf, Object array, long address, long off, long position, Staging staging, long spanStart,
                    long spanBytes, int count, int access, BufferType type, long pinned) {
        this.buf = buf;
        this.array = array;
        this.address = address;
        this.off = off;
        this.position = position;
        this.staging = staging;
        this.spanStart = spanStart;
        this.spanBytes = spanBytes;
        this.count = count;
        this.access = access;
        this.type = type;
        this.pinned = pinned;
    }

    /**
     * A blocking call's buffer, already validated ({@code off} from {@link Buffers#offset}): pinned, or staged when
     * {@code stage} (a user-op reduction, whose Java callback must not run inside a critical region, or
     * {@link #stageBlockingArrays}). A staged buffer MPI reads is copied in now.
     */
    public static Message blocking(String call, Object buf, long off, int count, BufferType type, boolean stage,
                                   int access) {
        boolean empty = count == 0 || type.size == 0;
        if (!empty && stage && buf != null && !(buf instanceof Buffer)) {
            return staged(call, buf, off, count, type, access, true);
        }
        // One allocation for the empty and the other case: escape analysis removes an inlined Message only where no
        // other object merges with it (C2 before JDK 22 cannot split such merges).
        return new Message(buf, empty ? null : Buffers.array(buf), empty ? 0 : Buffers.address(buf), empty ? 0 : off,
                off, null, 0, 0, empty ? 0 : count, access, type, 0);
    }

    /**
     * A request's buffer, already validated: arrays are pinned where {@link Pins#requestsPinned}, else staged (not
     * copied yet: see {@link #copyIn}); direct buffers are passed by address. {@link #address} is where item 0 is,
     * {@link #off} is 0. The caller ends it with {@link #release} (completed, refused or freed inactive) or
     * {@link #orphan} (freed while active).
     */
    public static Message request(String call, Object buf, long off, int count, BufferType type, int access) {
        return request(call, buf, off, count, type, access, false);
    }

    /**
     * A non-blocking send's buffer, for a send that starts now: {@link #request}, with a staged array copied in --
     * or, for a range of {@link Staging#SHARE_MIN_BYTES} or more, given the block of a pending send of the same
     * range, which holds the same bytes ({@link Staging#acquireSend}). Not for persistent sends (each start copies)
     * nor for arrays the caller changes while the send is pending.
     */
    public static Message sendRequest(String call, Object buf, long off, int count, BufferType type) {
        return request(call, buf, off, count, type, READ, true);
    }

    /**
     * A non-blocking receive's buffer, for a receive posted now: {@link #request}, with a staged array range of
     * {@link Staging#SHARE_MIN_BYTES} or more given the block of a pending receive into the same range
     * ({@link Staging#acquireReceive}), as MPI would get one address for both had the program been written in C. Not
     * for persistent receives (their block is theirs from one start to the next).
     */
    public static Message receiveRequest(String call, Object buf, long off, int count, BufferType type) {
        return request(call, buf, off, count, type, WRITE, true);
    }


    /**
     * {@code startsNow}: a send that starts now, its staged data copied in or shared ({@link #sendRequest}), or a
     * receive posted now, its staging shared ({@link #receiveRequest}).
     */
    private static Message request(String call, Object buf, long off, int count, BufferType type, int access,
                                   boolean startsNow) {
        if (buf == null || count == 0 || type.size == 0) {
            return new Message(buf, null, 0, 0, off, null, 0, 0, 0, access, type, 0);
        }
        if (buf instanceof Buffer) {
            return new Message(buf, null, Buffers.address(buf) + off, 0, off, null, 0, 0, count, access, type,
                    0);
        }
        if (Pins.requestsPinned()) {
            long base = Pins.pin(buf);
            if (base != 0) {
                Message m = new Message(buf, null, base + off, 0, off, null, 0, 0, count, access, type, base);
                m.pin = Pins.register(m);
                return m;
            }
        }
        if (startsNow && access == READ) {
            long start = type.spanStartBytes(count), bytes = type.spanEndBytes(count) - start;
            Staging staging = Staging.acquireSend(buf, off + start, bytes, call,
                    (address, c) -> Failures.check(NativeMPI.copy_in(buf, off + start, address, bytes), c));
            return new Message(buf, null, staging.address - start, 0, off, staging, start, bytes, count, READ, type,
                    0);
        }
        if (startsNow && access == WRITE) {
            long start = type.spanStartBytes(count), bytes = type.spanEndBytes(count) - start;
            Staging staging = Staging.acquireReceive(buf, off + start, bytes, call);
            return new Message(buf, null, staging.address - start, 0, off, staging, start, bytes, count, WRITE, type,
                    0);
        }
        return staged(call, buf, off, count, type, access, false);
    }

    /**
     * A request's buffer that is a staging block its caller filled (an MPI.OBJECT message assembled there by
     * ObjectCodec) from {@code offset} on: MPI reads it at {@link #address}; nothing to copy in or out; released
     * with the request.
     */
    public static Message ofStaging(Staging staging, long offset) {
        return new Message(null, null, staging.address + offset, 0, 0, staging, 0, 0, 0, READ, null, 0);
    }

    private static Message staged(String call, Object buf, long off, int count, BufferType type, int access,
                                  boolean copyNow) {
        long start = type.spanStartBytes(count), end = type.spanEndBytes(count);
        Staging staging = Staging.acquire(end - start, call);
        Message m = new Message(buf, null, staging.address - start, 0, off, staging, start, end - start, count,
                access, type, 0);
        // A buffer MPI writes is copied in too when the copy back covers more than MPI writes (the gaps of a
        // v-collective's blocks): they keep the array's values.
        if (copyNow && (access & READ) != 0) m.copyIn(call);
        return m;
    }

    /** Whether MPI writes this buffer. */
    public boolean writes() {
        return (access & WRITE) != 0;
    }

    public boolean staged() {
        return staging != null;
    }

    /** Whether pending requests of the same array range share this buffer's staging block now. */
    public boolean sharedStaging() {
        return staging != null && staging.shared();
    }

    /**
     * Whether {@link #copyOut} of this buffer and of {@code other} copy the same elements of the same array from the
     * same block, given the same bytes received: one block, count and type.
     */
    public boolean sameCopyBack(Message other) {
        return staging == other.staging && count == other.count && type == other.type;
    }

    /**
     * Whether a receive into this buffer can complete with {@link #waitCopyingBack}: staged, of a gap-free type
     * (whose copy back is one run of bytes).
     */
    public boolean copiesBackInWait() {
        return staging != null && type.dense();
    }

    /**
     * MPI_Wait on {@code request}, a receive into this buffer ({@link #copiesBackInWait}), with its {@link #copyOut}
     * in the same native call: what arrived, unless MPI reports the receive cancelled. The status lands at
     * {@code status}; returns MPI's error code (or the copy's).
     */
    public int waitCopyingBack(long request, long status) {
        return NativeMPI.wait_copy_out(request, status, staging.address, buf, position + spanStart, wholeBytes());
    }

    /** The bytes of a whole message: {@link #copyOut} copies no more, however many arrived. */
    public long wholeBytes() {
        return (long) count * type.size * type.element.bytes;
    }

    /** Array to staging: before a send starts (each start of a persistent one). Nothing to do unless staged. */
    public void copyIn(String call) {
        if (staging == null) return;
        Failures.check(NativeMPI.copy_in(buf, position + spanStart, staging.address, spanBytes), call);
    }

    /**
     * Staging to array, after a receive of {@code receivedBytes} completed (-1: the whole span, for a buffer that was
     * copied in first, whose gaps staging holds as they were). MPI modifies only the locations of the message it
     * received (MPI-3.1 3.2.4), so only those are copied: the first received bytes of a gap-free type; for a type
     * with gaps, the elements the type map covers, full items through MPI, then those of a last partial item.
     */
    public void copyOut(String call, long receivedBytes) {
        if (staging == null) return;
        long whole = (long) count * type.size * type.element.bytes;
        long received = receivedBytes < 0 ? whole : Math.min(receivedBytes, whole);
        if (type.dense()) {
            long bytes = receivedBytes < 0 ? spanBytes : received; // dense: item 0 is the span's start
            Failures.check(NativeMPI.copy_out(staging.address, buf, position + spanStart, bytes), call);
            return;
        }
        long elementBytes = type.element.bytes, itemBytes = type.size * elementBytes;
        int items = (int) (received / itemBytes);
        if (items > 0) Failures.check(NativeMPI.copy_out_typed(address, buf, position, items, type.handle()), call);
        long partial = (received - items * itemBytes) / elementBytes;
        int[] map = partial > 0 ? type.displacements() : null;
        for (int e = 0; e < partial; e++) {
            long at = ((long) items * type.extent + map[e]) * elementBytes;
            Failures.check(NativeMPI.copy_out(address + at, buf, position + at, elementBytes), call);
        }
    }

    /**
     * After a blocking call: copies back what MPI wrote into a staged buffer (if the call succeeded:
     * {@code receivedBytes} as {@link #copyOut}), gives staging back, and keeps the caller's buffer reachable until
     * here (MPI saw only the address of a direct buffer).
     */
    public void finish(String call, int rc, long receivedBytes) {
        try {
            if (staging != null && rc == 0 && (access & WRITE) != 0) copyOut(call, receivedBytes);
        } finally {
            // Only staging goes back: a blocking call's Message is never pinned beyond the call (the C layer pins an
            // array for the call alone). release() also unpins, a branch only pinned requests take, so it is left out
            // here (when Pins' set was keyed by the Message, that branch made every blocking call's Message escape:
            // 88 bytes of garbage per call).
            if (staging != null) staging.release();
            Reference.reachabilityFence(buf);
        }
    }

    /** {@link #finish(String, int, long)} of a call whose buffers MPI reads, or fills whole (collectives). */
    public void finish(String call, int rc) {
        finish(call, rc, -1);
    }

    /**
     * Gives staging memory back or unpins the array (a completed or failed request, a finished blocking call).
     * Unpinning happens once, on whatever thread completes the request.
     */
    public void release() {
        if (staging != null) staging.release();
        if (pinned != 0 && Pins.unregister(pin)) NativeMPI.unpin(buf, pinned);
    }

    /**
     * The request was freed while MPI may still use the memory: keep it until MPI is finalized (staging as an orphan,
     * a pinned array still registered with {@link Pins}, which unpins it then).
     */
    public void orphan() {
        if (staging != null) staging.orphan();
    }
}
