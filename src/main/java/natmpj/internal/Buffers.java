package natmpj.internal;

import java.lang.ref.WeakReference;
import java.lang.reflect.Array;
import java.nio.Buffer;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

import natmpj.jni.NativeMPI;

/**
 * Checks a message buffer and splits it into what the C layer takes: a Java array (pinned, not copied) or a
 * direct buffer's address, plus a byte offset. Every bad buffer becomes a Java exception here, before MPI; the
 * messages name the call and the argument as the facade gives them. {@link Message} builds on this.
 *
 * <p>An array's offset and size count its elements; a direct buffer's (a ByteBuffer, or a view of one such as
 * {@code asIntBuffer()}, whose capacity counts as its bytes) count items of the datatype, from the buffer's own
 * start (its position is ignored, so {@code slice()} gives a view at another start).
 */
public final class Buffers {
    private Buffers() {}

    /**
     * For calls given a datatype without a buffer: it must be set, not freed, and describe data (a derived type of
     * size 0 does; MPI.NULL and the LB/UB markers do not).
     */
    public static void requireData(String call, String name, BufferType type) {
        if (type == null) throw new NullPointerException(call + ": " + name + " is null");
        if (type.isFreed()) throw new IllegalStateException(call + ": " + name + " has been freed");
        if (type.element == Element.NONE) {
            throw new IllegalArgumentException(call + ": " + name + " is " + type + ", which describes no data");
        }
    }

    /**
     * Validates (buf, offset, count, type) and returns the byte offset into it. The common case, a predefined type
     * on an array of its element type or a direct ByteBuffer that holds the items, is decided here in a few tests;
     * everything else, every error included, goes to {@link #checkedOffset}, which builds the messages. Kept small,
     * so that C2 inlines it, and the calls that use it, into the program's loop early.
     */
    public static long offset(String call, String name, Object buf, int offset, int count, BufferType type) {
        if (type != null && type.plain && (offset | count) >= 0 && buf != null) {
            long bytes = type.element.bytes;
            if (!(buf instanceof Buffer)) {
                if (buf.getClass() == type.element.arrayClass && (long) offset + count <= Array.getLength(buf)) {
                    return offset * bytes;
                }
            } else if (buf instanceof ByteBuffer && ((Buffer) buf).isDirect()
                    && ((long) offset + count) * bytes <= ((Buffer) buf).capacity()) {
                return offset * bytes;
            }
        }
        return checkedOffset(call, name, buf, offset, count, type);
    }

    /** {@link #offset} in full: the same result for what it accepts, the exception naming the argument otherwise. */
    private static long checkedOffset(String call, String name, Object buf, int offset, int count, BufferType type) {
        if (type == null) throw new NullPointerException(call + ": datatype of " + name + " is null");
        if (count < 0) {
            throw new IllegalArgumentException(call + ": count of " + name + " is " + count + ", must be >= 0");
        }
        if (offset < 0) {
            throw new IndexOutOfBoundsException(call + ": offset of " + name + " is " + offset + ", must be >= 0");
        }
        if (!type.plain) return derivedOffset(call, name, buf, offset, count, type);
        if (buf == null) {
            if (count == 0) return 0;
            throw new NullPointerException(call + ": " + name + " is null but count is " + count);
        }
        if (buf instanceof Buffer) return directOffset(call, name, (Buffer) buf, offset, count, type);
        Class<?> cls = buf.getClass();
        if (cls != type.element.arrayClass) {
            throw new IllegalArgumentException(call + ": " + name + " is a " + describe(cls) + " but datatype " + type
                    + " needs a " + type.element.arrayClass.getSimpleName() + " or a direct ByteBuffer");
        }
        int length = Array.getLength(buf);
        if ((long) offset + count > length) {
            throw new IndexOutOfBoundsException(call + ": offset " + offset + " + count " + count + " of " + name
                    + " is past the end of the array (length " + length + ")");
        }
        return (long) offset * type.element.bytes;
    }

    /**
     * Derived types, MPI.OBJECT and the types that describe no data. An item may reach before its position (negative
     * lower bound) and past it by more than its size, so the elements [offset + spanStart, offset + spanEnd) it
     * touches must lie inside the buffer. In elements, with long arithmetic: spans stay below 2^62.
     */
    private static long derivedOffset(String call, String name, Object buf, int offset, int count, BufferType type) {
        if (type.isFreed()) throw new IllegalStateException(call + ": the datatype of " + name + " has been freed");
        if (type.element == Element.NONE) {
            throw new IllegalArgumentException(call + ": datatype of " + name + " is " + type
                    + ", which describes no data");
        }
        if (type.element == Element.EMPTY) return emptyOffset(call, name, buf, offset);
        if (buf == null) {
            if (count == 0 || type.size == 0) return 0; // nothing to touch: MPI takes no buffer
            throw new NullPointerException(call + ": " + name + " is null but count is " + count);
        }
        long length;
        String where;
        if (buf instanceof Buffer) {
            if (type.element == Element.OBJECT) {
                throw new IllegalArgumentException(call + ": " + name + " is a " + describe(buf.getClass())
                        + " but datatype " + type + " holds Java objects and needs an Object[]");
            }
            requireDirect(call, name, (Buffer) buf);
            long capacity = capacityBytes((Buffer) buf);
            length = capacity / type.element.bytes;
            where = "buffer (capacity " + capacity + " bytes, " + length + " elements)";
        } else {
            boolean matches = type.element == Element.OBJECT ? buf instanceof Object[]
                    : buf.getClass() == type.element.arrayClass;
            if (!matches) {
                throw new IllegalArgumentException(call + ": " + name + " is a " + describe(buf.getClass())
                        + " but datatype " + type + " needs a " + type.element.arrayClass.getSimpleName()
                        + (type.element == Element.OBJECT ? "" : " or a direct ByteBuffer"));
            }
            length = Array.getLength(buf);
            where = "array (length " + length + ")";
        }
        long start = offset + type.spanStart(count), end = offset + type.spanEnd(count);
        if (start < 0 || end > length || start == end && offset > length) {
            throw new IndexOutOfBoundsException(call + ": offset " + offset + " + count " + count + " items of "
                    + type + " of " + name + " touch elements [" + start + ", " + end + "), outside the " + where);
        }
        return (long) offset * type.element.bytes;
    }

    /**
     * A type with no element type (LB/UB markers only) touches no memory: any array or direct buffer takes any count
     * of it, as does null; offset counts the buffer's own elements and must not pass its end. MPI gets no memory.
     */
    private static long emptyOffset(String call, String name, Object buf, int offset) {
        if (buf == null) return 0;
        long length;
        if (buf instanceof Buffer) {
            requireDirect(call, name, (Buffer) buf);
            length = ((Buffer) buf).capacity();
        } else if (buf.getClass().isArray()) {
            length = Array.getLength(buf);
        } else {
            throw new IllegalArgumentException(call + ": " + name + " is a " + describe(buf.getClass())
                    + "; natmpj takes Java arrays and direct ByteBuffers");
        }
        if (offset > length) {
            throw new IndexOutOfBoundsException(call + ": offset " + offset + " of " + name + " is past the end of "
                    + "the " + (buf instanceof Buffer ? "buffer" : "array") + " (length " + length + ")");
        }
        return 0;
    }

    /**
     * Direct buffers of any element type are memory by address (a view such as ByteBuffer.asIntBuffer included, its
     * capacity counted in bytes); heap buffers are refused: the facade passes their arrays.
     */
    private static void requireDirect(String call, String name, Buffer buf) {
        if (!buf.isDirect()) {
            throw new IllegalArgumentException(call + ": " + name + " is a heap " + kind(buf)
                    + "; use a direct buffer (ByteBuffer.allocateDirect) or pass the array itself");
        }
    }

    private static long directOffset(String call, String name, Buffer buf, int offset, int count, BufferType type) {
        requireDirect(call, name, buf);
        long size = type.element.bytes;
        long end = ((long) offset + count) * size;
        long capacity = capacityBytes(buf);
        if (end > capacity) {
            throw new IndexOutOfBoundsException(call + ": offset " + offset + " + count " + count + " items of " + type
                    + " (" + end + " bytes) of " + name + " is past the end of the buffer (capacity "
                    + capacity + " bytes)");
        }
        return offset * size;
    }

    /**
     * A buffer's capacity in bytes: a ByteBuffer's capacity, or a view's (an IntBuffer of ByteBuffer.asIntBuffer,
     * say) times its element width.
     */
    public static long capacityBytes(Buffer b) {
        long c = b.capacity();
        if (b instanceof ByteBuffer) return c;
        if (b instanceof java.nio.IntBuffer || b instanceof java.nio.FloatBuffer) return 4 * c;
        if (b instanceof java.nio.LongBuffer || b instanceof java.nio.DoubleBuffer) return 8 * c;
        return 2 * c; // CharBuffer, ShortBuffer
    }

    /** The array to pin, or null when buf is a direct buffer. */
    public static Object array(Object buf) {
        return buf instanceof Buffer ? null : buf;
    }

    /**
     * The array to pin for a blocking message of {@code count} items of {@code type}: none when the message is
     * empty (no items, or a type of size 0), since MPI then touches no memory, and pinning an array costs two JNI
     * transitions into the VM (~10 ns per array, about what a 0-byte MPI_Sendrecv costs in C). A type of size 0
     * may come with any array, an Object[] too, which must never reach GetPrimitiveArrayCritical.
     */
    public static Object array(Object buf, int count, BufferType type) {
        return count == 0 || type.size == 0 ? null : array(buf);
    }

    /**
     * The direct buffer's address for a message of {@code count} items of {@code type}, as {@link #address(Object)};
     * 0 when the message touches no memory, so that MPI never sees one address as both a send and a receive buffer
     * (MPICH refuses that even for no data).
     */
    public static long address(Object buf, int count, BufferType type) {
        return count == 0 || type.size == 0 ? 0 : address(buf);
    }

    /**
     * The address of a direct buffer (0 for an array or null). The JNI lookup costs more than the rest of a small
     * send, and a buffer's address never changes, so recent ones are remembered, in pairs of slots chosen by the
     * buffer's identity hash: two buffers whose hashes fall on one pair (a send and a receive buffer, say) both stay,
     * where one slot each would have them evict each other at every call. Entries are immutable and hold the buffer
     * weakly: a racy read sees a whole entry or none, and the cache keeps no buffer alive. Callers keep the buffer
     * reachable until MPI is done with it (Reference.reachabilityFence), since MPI sees only the address.
     */
    public static long address(Object buf) {
        if (!(buf instanceof Buffer)) return 0;
        int slot = System.identityHashCode(buf) & (KNOWN.length - 2);
        Known known = KNOWN[slot];
        if (known != null && known.buffer.get() == buf) return known.address;
        known = KNOWN[slot + 1];
        if (known != null && known.buffer.get() == buf) return known.address;
        return lookUp((Buffer) buf, slot);
    }

    /**
     * {@link #address}'s miss, out of line: it keeps the code that every blocking call inlines small (C2 declines to
     * inline methods already compiled to more than 2,500 bytes, and a Message returned from a call that is not
     * inlined cannot be removed by escape analysis). The new entry takes the pair's first slot, the one there moves
     * to the second.
     */
    private static long lookUp(Buffer buf, int slot) {
        long address = NativeMPI.buffer_address(buf);
        Known previous = KNOWN[slot];
        if (previous != null && previous.buffer.get() != null) KNOWN[slot + 1] = previous;
        KNOWN[slot] = new Known(buf, address);
        return address;
    }

    /** Pairs of slots: index {@code hash & (length - 2)} and the next. */
    private static final Known[] KNOWN = new Known[128];

    private static final class Known {
        final WeakReference<Buffer> buffer;
        final long address;

        Known(Buffer buffer, long address) {
            this.buffer = new WeakReference<>(buffer);
            this.address = address;
        }
    }

    /** MPI computes on native-order values: a reduction over a big-endian view would silently be wrong. */
    public static void requireNativeOrder(String call, String name, Object buf, BufferType type) {
        ByteOrder order = buf instanceof Buffer ? order((Buffer) buf) : null;
        if (order != null && type.element.bytes > 1 && order != ByteOrder.nativeOrder()) {
            throw new IllegalArgumentException(call + ": " + name + " is in " + order
                    + " order; reductions need ByteOrder.nativeOrder() (" + ByteOrder.nativeOrder() + ")");
        }
    }

    /** The public type of a buffer: ByteBuffer, IntBuffer, ... */
    private static String kind(Buffer b) {
        for (Class<?> c : new Class<?>[] {ByteBuffer.class, java.nio.CharBuffer.class, java.nio.ShortBuffer.class,
                java.nio.IntBuffer.class, java.nio.LongBuffer.class, java.nio.FloatBuffer.class,
                java.nio.DoubleBuffer.class}) {
            if (c.isInstance(b)) return c.getSimpleName();
        }
        return b.getClass().getName();
    }

    private static ByteOrder order(Buffer b) {
        if (b instanceof ByteBuffer) return ((ByteBuffer) b).order();
        if (b instanceof java.nio.IntBuffer) return ((java.nio.IntBuffer) b).order();
        if (b instanceof java.nio.LongBuffer) return ((java.nio.LongBuffer) b).order();
        if (b instanceof java.nio.DoubleBuffer) return ((java.nio.DoubleBuffer) b).order();
        if (b instanceof java.nio.FloatBuffer) return ((java.nio.FloatBuffer) b).order();
        if (b instanceof java.nio.ShortBuffer) return ((java.nio.ShortBuffer) b).order();
        if (b instanceof java.nio.CharBuffer) return ((java.nio.CharBuffer) b).order();
        return null;
    }

    /**
     * For collectives whose send and receive buffers may be the same array: true when they are the very same
     * range (MPI_IN_PLACE), an exception when they overlap otherwise, false when disjoint.
     */
    public static boolean inPlace(String call, Object sendbuf, long soff, Object recvbuf, long roff, long bytes) {
        if (sendbuf == null || sendbuf != recvbuf || bytes == 0) return false;
        if (soff == roff) return true;
        if (soff < roff + bytes && roff < soff + bytes) {
            throw new IllegalArgumentException(call + ": sendbuf and recvbuf overlap (byte offsets " + soff + " and "
                    + roff + ", " + bytes + " bytes); pass the same offset to reduce in place");
        }
        return false;
    }

    /** {@link #inPlace} over the byte spans {@code count} items of {@code type} touch from each position. */
    public static boolean inPlace(String call, Object sendbuf, long soff, Object recvbuf, long roff, BufferType type,
                           int count) {
        if (sendbuf == null || sendbuf != recvbuf || count == 0) return false;
        if (soff == roff) return true;
        if (!type.dense()) return false; // interleaved layouts may share a span without sharing elements
        long sFrom = soff + type.spanStartBytes(count), sTo = soff + type.spanEndBytes(count);
        long rFrom = roff + type.spanStartBytes(count), rTo = roff + type.spanEndBytes(count);
        if (sFrom < rTo && rFrom < sTo) {
            throw new IllegalArgumentException(call + ": sendbuf and recvbuf overlap (byte offsets " + soff + " and "
                    + roff + "); pass the same offset to reduce in place");
        }
        return false;
    }

    private static String describe(Class<?> cls) {
        return cls.isArray() ? cls.getSimpleName() : cls.getName();
    }
}
