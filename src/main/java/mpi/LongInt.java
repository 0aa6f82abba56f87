package mpi;

/**
 * The pair of a C long and an int that MPI's MAXLOC and MINLOC reduce with the datatype {@code MPI.LONG_INT}: its
 * layout, for reading and writing such pairs in a byte buffer ({@link #getData}). {@code MPI.longInt} is the one
 * instance, which {@link MPI} makes with the offsets and sizes of the C struct.
 */
public final class LongInt extends Struct {
    private final int valueSize, indexOffset, indexSize;

    /**
     * Made only by {@link MPI}: the size of a C long, the offset of the int and the size of a C int, in bytes.
     */
    protected LongInt(int longSize, int intOff, int intSize) {
        if (longSize != 4 && longSize != 8) {
            throw new IllegalArgumentException("LongInt: unsupported long size " + longSize + " bytes");
        }
        if (intSize != 4 && intSize != 8) {
            throw new IllegalArgumentException("LongInt: unsupported int size " + intSize + " bytes");
        }
        valueSize = longSize;
        indexSize = intSize;
        addSigned(longSize, "long");
        setOffset(intOff);
        indexOffset = addSigned(intSize, "int");
    }

    /** A new view of a pair. */
    @Override
    protected LongInt.Data newData() {
        return new LongInt.Data();
    }

    /** A view of one pair in a buffer. */
    public final class Data extends Struct.Data {
        /** The value. */
        public long getValue() {
            return getSigned(0, valueSize);
        }

        /** The index. */
        public int getIndex() {
            return (int) getSigned(indexOffset, indexSize);
        }

        /** Sets the value. */
        public void putValue(long v) {
            putSigned(0, valueSize, v);
        }

        /** Sets the index. */
        public void putIndex(int v) {
            putSigned(indexOffset, indexSize, v);
        }
    }
}
