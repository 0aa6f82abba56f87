package natmpj.internal;

import java.util.function.Supplier;

/**
 * What the core needs to know of a datatype to resolve, check and stage a message buffer, whatever facade made it:
 * its MPI handle, its element, and the shape of one item in elements (lower bound, extent, size, true bounds of the
 * data). A facade's datatype object holds one ({@code mpi.Datatype}'s {@code layout}); the core never sees the
 * facade's class, only {@link #owner}, given back where a callback needs it (see {@link UserOps}).
 */
public final class BufferType {
    /**
     * The MPI handle: MPI_DATATYPE_NULL for types MPI never sees (OBJECT-based, null types, markers), and once freed.
     */
    private long handle;
    public final Element element;
    /** How messages name the type ("MPI.INT", "Vector(2, 1, 3, MPI.INT)", ...). */
    public final String name;
    /**
     * One item, in elements: lower bound, extent (the stride between consecutive items), size (elements of data) and
     * the true lower and upper bounds of the data itself (which bound markers may place outside lb..lb+extent).
     */
    public final int lb, extent, size, trueLb, trueUb;
    /** A predefined type over a Java primitive: one element per item, the fast path of {@link Buffers}. */
    public final boolean plain;
    /** The facade's object for this type (an mpi.Datatype), for the callbacks that must hand it back. */
    public final Object owner;
    private final Supplier<int[]> mapper;
    private int[] map;
    private volatile boolean freed;

    public BufferType(Object owner, long handle, Element element, String name, int lb, int extent, int size,
                      int trueLb, int trueUb, boolean plain, Supplier<int[]> mapper) {
        this.owner = owner;
        this.handle = handle;
        this.element = element;
        this.name = name;
        this.lb = lb;
        this.extent = extent;
        this.size = size;
        this.trueLb = trueLb;
        this.trueUb = trueUb;
        this.plain = plain;
        this.mapper = mapper;
    }

    public long handle() {
        return handle;
    }

    /** The type was freed: from now on it has the null handle and every call refuses it. */
    public void freed(long nullHandle) {
        freed = true;
        handle = nullHandle;
    }

    public boolean isFreed() {
        return freed;
    }

    /** Items laid end to end with no gaps: their byte spans are exactly the bytes they touch. */
    public boolean dense() {
        return size == extent && trueLb == 0 && trueUb == extent;
    }

    /** Bytes between consecutive items: what counts and displacements of v-collectives are multiplied by. */
    public long extentBytes() {
        return (long) extent * element.bytes;
    }

    /**
     * Elements [start, end) that {@code count} items starting at a buffer position touch, relative to that
     * position: what Buffers checks against the buffer's length. Empty when there is no data. Exact: |extent| and
     * the bounds are below 2^31, so the results stay below 2^62.
     */
    public long spanStart(int count) {
        if (count == 0 || size == 0) return 0;
        long last = (long) (count - 1) * extent;
        return Math.min(trueLb, last + trueLb);
    }

    public long spanEnd(int count) {
        if (count == 0 || size == 0) return 0;
        long last = (long) (count - 1) * extent;
        return Math.max(trueUb, last + trueUb);
    }

    /** {@link #spanStart} in bytes, for buffers Buffers.offset has already accepted (so no overflow). */
    public long spanStartBytes(int count) {
        return spanStart(count) * element.bytes;
    }

    public long spanEndBytes(int count) {
        return spanEnd(count) * element.bytes;
    }

    /**
     * The displacement, in elements, of every element of one item, in type-map order ({0} for a predefined type,
     * {} for a type without data). Computed on first use; callers must not modify it.
     */
    public int[] displacements() {
        int[] d = map;
        if (d == null) {
            d = mapper != null ? mapper.get() : element.arrayClass == null ? new int[0] : new int[] {0};
            map = d;
        }
        return d;
    }

    @Override
    public String toString() {
        return name;
    }
}
