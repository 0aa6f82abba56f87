package mpi;

import natmpj.jni.NativeMPIJNI;

/**
 * An MPI datatype. The predefined ones map Java's fixed-width primitives to MPI's fixed-width types
 * ({@code MPI.INT} is MPI_INT32_T, {@code MPI.LONG} MPI_INT64_T, {@code MPI.CHAR} MPI_UINT16_T, {@code MPI.BOOLEAN}
 * the one-byte MPI_C_BOOL), so a Java {@code long} is never sent as a C {@code long}.
 */
public class Datatype {
    final long handle;
    final BasicType base;
    private final String name;
    /*
     * The shape of one item, in elements of the base type (mpiJava counts displacements and strides in base
     * elements, never bytes): lower bound, extent (the stride between consecutive items), size (elements of data)
     * and the true lower and upper bounds of the data itself (which LB/UB markers may place outside lb..lb+extent).
     * The predefined types are one element: 0, 1, 1, 0, 1.
     */
    final int lb, extent, size, trueLb, trueUb;

    Datatype(long handle, BasicType base, String name) {
        this(handle, base, name, 0, 1, 1, 0, 1);
    }

    Datatype(long handle, BasicType base, String name, int lb, int extent, int size, int trueLb, int trueUb) {
        this.handle = handle;
        this.base = base;
        this.name = name;
        this.lb = lb;
        this.extent = extent;
        this.size = size;
        this.trueLb = trueLb;
        this.trueUb = trueUb;
    }

    /** Bytes between consecutive items: what counts and displacements of v-collectives are multiplied by. */
    final long extentBytes() {
        return (long) extent * base.bytes;
    }

    /**
     * Byte range [start, end) that {@code count} items starting at a buffer position touch, relative to that
     * position: what Buffers checks against the buffer's length and what a staging copy must cover.
     */
    final long spanStartBytes(int count) {
        if (count == 0) return 0;
        long last = (long) (count - 1) * extent;
        return Math.min(trueLb, last + trueLb) * (long) base.bytes;
    }

    final long spanEndBytes(int count) {
        if (count == 0) return 0;
        long last = (long) (count - 1) * extent;
        return Math.max(trueUb, last + trueUb) * (long) base.bytes;
    }

    /** Bytes of data in one item of this type. */
    public int Size() throws MPIException {
        MPI.requireActive("Datatype.Size");
        return base.bytes;
    }

    /** Checks MPI agrees with Java on the width of this type; run once at Init. */
    void verifySize() {
        int[] size = new int[1];
        MPIException.check(NativeMPIJNI.type_size(handle, size), "MPI_Type_size(" + name + ")");
        if (size[0] != base.bytes) {
            throw new MPIException(name + " is " + size[0] + " bytes in this MPI but a Java " + base.name().toLowerCase()
                    + " is " + base.bytes + ": natmpj cannot run on this MPI");
        }
    }

    @Override
    public String toString() {
        return name;
    }
}
