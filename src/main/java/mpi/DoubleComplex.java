package mpi;

import java.nio.ByteBuffer;
import java.nio.DoubleBuffer;

/**
 * A view of one complex number of double precision, stored as two doubles (real part, imaginary part) in a buffer or an
 * array: the layout of {@code MPI.DOUBLE_COMPLEX}. Item {@code index} is at double {@code 2 * index}. Reads and
 * writes go
 * straight to the storage.
 */
public final class DoubleComplex {
    private final DoubleBuffer buffer;
    /** The real part's position in {@link #buffer}, in doubles. */
    private final int at;

    private DoubleComplex(DoubleBuffer buffer, int index) {
        if (buffer == null) throw new NullPointerException("DoubleComplex.get: null buffer");
        this.buffer = buffer;
        this.at = Math.multiplyExact(index, 2);
    }

    /** The first complex number of {@code buffer} (at its index 0). */
    public static DoubleComplex get(DoubleBuffer buffer) {
        return new DoubleComplex(buffer, 0);
    }

    /** Complex number {@code index} of {@code buffer}. */
    public static DoubleComplex get(DoubleBuffer buffer, int index) {
        return new DoubleComplex(buffer, index);
    }

    /** The first complex number of {@code array}. */
    public static DoubleComplex get(double[] array) {
        return new DoubleComplex(DoubleBuffer.wrap(array), 0);
    }

    /** Complex number {@code index} of {@code array}. */
    public static DoubleComplex get(double[] array, int index) {
        return new DoubleComplex(DoubleBuffer.wrap(array), index);
    }

    /**
     * The first complex number of {@code buffer}, seen as doubles in its byte order from its current position (as
     * {@link ByteBuffer#asDoubleBuffer} sees it).
     */
    public static DoubleComplex get(ByteBuffer buffer) {
        return new DoubleComplex(buffer.asDoubleBuffer(), 0);
    }

    /** Complex number {@code index} of {@code buffer}, seen as {@link #get(ByteBuffer)} says. */
    public static DoubleComplex get(ByteBuffer buffer, int index) {
        return new DoubleComplex(buffer.asDoubleBuffer(), index);
    }

    /** The real part. */
    public double getReal() {
        return buffer.get(at);
    }

    /** The imaginary part. */
    public double getImag() {
        return buffer.get(at + 1);
    }

    /** Sets the real part. */
    public void putReal(double real) {
        buffer.put(at, real);
    }

    /** Sets the imaginary part. */
    public void putImag(double imag) {
        buffer.put(at + 1, imag);
    }

    /**
     * The storage from this number on: the whole buffer for the first number, else a buffer sharing its content from
     * this number to its capacity (the original's position and limit are left as they are).
     */
    public DoubleBuffer getBuffer() {
        if (at == 0) return buffer;
        DoubleBuffer d = buffer.duplicate();
        d.clear();
        d.position(at);
        return d.slice();
    }
}
