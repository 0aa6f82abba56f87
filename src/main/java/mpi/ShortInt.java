package mpi;

/**
 * The pair of a C short and an int that MPI's MAXLOC and MINLOC reduce with the datatype {@code MPI.SHORT_INT}: its
 * layout, for reading and writing such pairs in a byte buffer ({@link #getData}). {@code MPI.shortInt} is the one
 * instance, which {@link MPI} makes with the offsets and sizes of the C struct.
 */
public final class ShortInt extends Struct {
    private final int valueSize, indexOffset, indexSize;

    /**
     * Made only by {@link MPI}: the size of a C short, the offset of the int and the size of a C int, in bytes.
     */
    protected ShortInt(int shortSize, int intOff, int intSize) {
        if (shortSize != 2 && shortSize != 4 && shortSize != 8) {
            throw new IllegalArgumentException("ShortInt: unsupported short size " + shortSize + " bytes");
        }
        if (intSize != 4 && intSize != 8) {
            throw new IllegalArgumentException("ShortInt: unsupported int size " + intSize + " bytes");
        }
        valueSize = shortSize;
        indexSize = intSize;
        addSigned(shortSize, "short");
        setOffset(intOff);
        indexOffset = addSigned(intSize, "int");
    }

    /** A new view of a pair. */
    @Override
    protected ShortInt.Data newData() {
        return new ShortInt.Data();
    }

    /** A view of one pair in a buffer. */
    public final class Data extends Struct.Data {
        /** The value. */
        public short getValue() {
            return (short) getSigned(0, valueSize);
        }

        /** The index. */
        public int getIndex() {
            return (int) getSigned(indexOffset, indexSize);
        }

        /** Sets the value. */
        public void putValue(short v) {
            putSigned(0, valueSize, v);
        }

        /** Sets the index. */
        public void putIndex(int v) {
            putSigned(indexOffset, indexSize, v);
        }
    }
}
