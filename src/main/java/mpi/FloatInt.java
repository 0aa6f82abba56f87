package mpi;

/**
 * The pair of a C float and an int that MPI's MAXLOC and MINLOC reduce with the datatype {@code MPI.FLOAT_INT}: its
 * layout, for reading and writing such pairs in a byte buffer ({@link #getData}). {@code MPI.floatInt} is the one
 * instance, which {@link MPI} makes with the offsets and sizes of the C struct.
 */
public final class FloatInt extends Struct {
    private final int indexOffset, indexSize;

    /**
     * Made only by {@link MPI}: the offset of the int and the size of a C int, in bytes.
     */
    protected FloatInt(int intOff, int intSize) {
        if (intSize != 4 && intSize != 8) {
            throw new IllegalArgumentException("FloatInt: unsupported int size " + intSize + " bytes");
        }
        indexSize = intSize;
        addFloat();
        setOffset(intOff);
        indexOffset = addSigned(intSize, "int");
    }

    /** A new view of a pair. */
    @Override
    protected FloatInt.Data newData() {
        return new FloatInt.Data();
    }

    /** A view of one pair in a buffer. */
    public final class Data extends Struct.Data {
        /** The value. */
        public float getValue() {
            return getFloat(0);
        }

        /** The index. */
        public int getIndex() {
            return (int) getSigned(indexOffset, indexSize);
        }

        /** Sets the value. */
        public void putValue(float v) {
            putFloat(0, v);
        }

        /** Sets the index. */
        public void putIndex(int v) {
            putSigned(indexOffset, indexSize, v);
        }
    }
}
