package mpi;

/**
 * The pair of a C double and an int that MPI's MAXLOC and MINLOC reduce with the datatype {@code MPI.DOUBLE_INT}: its
 * layout, for reading and writing such pairs in a byte buffer ({@link #getData}). {@code MPI.doubleInt} is the one
 * instance, which {@link MPI} makes with the offsets and sizes of the C struct.
 */
public final class DoubleInt extends Struct {
    private final int indexOffset, indexSize;

    /**
     * Made only by {@link MPI}: the offset of the int and the size of a C int, in bytes.
     */
    protected DoubleInt(int intOff, int intSize) {
        if (intSize != 4 && intSize != 8) {
            throw new IllegalArgumentException("DoubleInt: unsupported int size " + intSize + " bytes");
        }
        indexSize = intSize;
        addDouble();
        setOffset(intOff);
        indexOffset = addSigned(intSize, "int");
    }

    /** A new view of a pair. */
    @Override
    protected DoubleInt.Data newData() {
        return new DoubleInt.Data();
    }

    /** A view of one pair in a buffer. */
    public final class Data extends Struct.Data {
        /** The value. */
        public double getValue() {
            return getDouble(0);
        }

        /** The index. */
        public int getIndex() {
            return (int) getSigned(indexOffset, indexSize);
        }

        /** Sets the value. */
        public void putValue(double v) {
            putDouble(0, v);
        }

        /** Sets the index. */
        public void putIndex(int v) {
            putSigned(indexOffset, indexSize, v);
        }
    }
}
