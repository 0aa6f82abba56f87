package mpi;

/** The Java element kinds behind mpiJava's datatypes: what array a buffer must be and how wide an element is. */
enum BasicType {
    BYTE(byte[].class, 1, Kind.INTEGER),
    CHAR(char[].class, 2, Kind.INTEGER),
    SHORT(short[].class, 2, Kind.INTEGER),
    BOOLEAN(boolean[].class, 1, Kind.LOGICAL),
    INT(int[].class, 4, Kind.INTEGER),
    LONG(long[].class, 8, Kind.INTEGER),
    FLOAT(float[].class, 4, Kind.FLOATING),
    DOUBLE(double[].class, 8, Kind.FLOATING),
    PACKED(byte[].class, 1, Kind.OPAQUE);

    enum Kind { INTEGER, FLOATING, LOGICAL, OPAQUE }

    final Class<?> arrayClass;
    final int bytes;
    final Kind kind;

    BasicType(Class<?> arrayClass, int bytes, Kind kind) {
        this.arrayClass = arrayClass;
        this.bytes = bytes;
        this.kind = kind;
    }
}
