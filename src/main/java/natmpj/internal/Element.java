package natmpj.internal;

/**
 * What one element of a message buffer is: the Java array it lives in, its width in bytes, and what MPI's
 * predefined operations can do with it. Every datatype of a facade has one (its base type); MPI describes and moves
 * all of them but OBJECT (serialized by {@link ObjectCodec}) and NONE.
 */
public enum Element {
    BYTE(byte[].class, 1, Kind.INTEGER),
    CHAR(char[].class, 2, Kind.INTEGER),
    SHORT(short[].class, 2, Kind.INTEGER),
    BOOLEAN(boolean[].class, 1, Kind.LOGICAL),
    INT(int[].class, 4, Kind.INTEGER),
    LONG(long[].class, 8, Kind.INTEGER),
    FLOAT(float[].class, 4, Kind.FLOATING),
    DOUBLE(double[].class, 8, Kind.FLOATING),
    PACKED(byte[].class, 1, Kind.OPAQUE),
    /** Java objects: one "byte" per element, so offsets and displacements stay element counts. */
    OBJECT(Object[].class, 1, Kind.OBJECT),
    /** No data at all: a null type, and bound markers (mpiJava's MPI.LB / MPI.UB). */
    NONE(null, 1, Kind.NONE),
    /**
     * A derived type of size 0 with no element type at all (a Struct of bound markers only, and the types built from
     * it). It has bounds (in elements of whatever buffer it is used with) and an MPI handle, whose bytes are its
     * elements; it moves no data, so it fits any buffer.
     */
    EMPTY(null, 1, Kind.EMPTY);

    public enum Kind { INTEGER, FLOATING, LOGICAL, OPAQUE, OBJECT, NONE, EMPTY }

    /** The Java array of these elements (null for NONE and EMPTY, which have none). */
    public final Class<?> arrayClass;
    public final int bytes;
    public final Kind kind;

    Element(Class<?> arrayClass, int bytes, Kind kind) {
        this.arrayClass = arrayClass;
        this.bytes = bytes;
        this.kind = kind;
    }

    /** Whether MPI itself describes (and moves) these elements: everything but OBJECT and NONE. */
    public boolean movedByMpi() {
        return kind != Kind.OBJECT && kind != Kind.NONE;
    }
}
