package mpi;

/**
 * The pair of two C ints that MPI's MAXLOC and MINLOC reduce with the datatype {@code MPI.INT2}: its layout, for
 * reading and writing such pairs in a byte buffer ({@link #getData}). {@code MPI.int2} is the one instance, which
 * {@link MPI} makes with the offsets and sizes of the C struct.
 */
public final class Int2 extends Struct {
    private final int valueSize, indexOffset, indexSize;

    /**
     * Made only by {@link MPI}: the offset of the second int and the size of a C int, in bytes.
     */
    protected Int2(int intOff, int intSize) {
        if (intSize != 4 && intSize != 8) {
            throw new IllegalArgumentException("Int2: unsupported int size " + intSize + " bytes");
        }
        valueSize = intSize;
        indexSize = intSize;
        addSigned(intSize, "int");
        setOffset(intOff);
        indexOffset = addSigned(intSize, "int");
    }

    /** A new view of a pair. */
    @Override
    protected Int2.Data newData() {
        return new Int2.Data();
    }

    /** A view of one pair in a buffer. */
    public final class Data extends Struct.Data {
        /** The value. */
        public int getValue() {
            return (int) getSigned(0, valueSize);
        }

        /** The index. */
        public int getIndex() {
            return (int) getSigned(indexOffset, indexSize);
        }

        /** Sets the value. */
        public void putValue(int v) {
            putSigned(0, valueSize, v);
        }

        /** Sets the index. */
        public void putIndex(int v) {
            putSigned(indexOffset, indexSize, v);
        }
    }
}
