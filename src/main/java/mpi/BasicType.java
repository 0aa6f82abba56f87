package mpi;

/**
 * The Java element kinds behind mpiJava's datatypes: what array a buffer must be, how wide an element is, and the
 * number MPJ Express's {@code Datatype.getType()} reports for it.
 */
enum BasicType {
    BYTE(byte[].class, 1, Kind.INTEGER, 1),
    CHAR(char[].class, 2, Kind.INTEGER, 2),
    SHORT(short[].class, 2, Kind.INTEGER, 3),
    BOOLEAN(boolean[].class, 1, Kind.LOGICAL, 4),
    INT(int[].class, 4, Kind.INTEGER, 5),
    LONG(long[].class, 8, Kind.INTEGER, 6),
    FLOAT(float[].class, 4, Kind.FLOATING, 7),
    DOUBLE(double[].class, 8, Kind.FLOATING, 8),
    PACKED(byte[].class, 1, Kind.OPAQUE, 9),
    /** Java objects: one "byte" per element, so offsets and displacements stay element counts. */
    OBJECT(Object[].class, 1, Kind.OBJECT, 12),
    /** No data at all: MPI.NULL and the MPI.LB / MPI.UB bound markers. */
    NONE(null, 1, Kind.NONE, -1),
    /**
     * A derived type of size 0 with no element type at all: a Struct of MPI.LB / MPI.UB markers only, and the types
     * built from it. It has bounds (in elements of whatever buffer it is used with) and an MPI handle, whose bytes
     * are its elements; it moves no data, so it fits any buffer. MPJ Express numbers its base type -1, like LB/UB.
     */
    EMPTY(null, 1, Kind.EMPTY, -1);

    enum Kind { INTEGER, FLOATING, LOGICAL, OPAQUE, OBJECT, NONE, EMPTY }

    final Class<?> arrayClass;
    final int bytes;
    final Kind kind;
    /** MPJ Express's numbering of base types (its Datatype.baseType). */
    final int mpjCode;

    BasicType(Class<?> arrayClass, int bytes, Kind kind, int mpjCode) {
        this.arrayClass = arrayClass;
        this.bytes = bytes;
        this.kind = kind;
        this.mpjCode = mpjCode;
    }

    /** Whether MPI itself describes (and moves) these elements: everything but OBJECT and NONE. */
    boolean movedByMpi() {
        return kind != Kind.OBJECT && kind != Kind.NONE;
    }
}
