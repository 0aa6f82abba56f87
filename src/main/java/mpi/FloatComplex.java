package mpi;

import java.nio.ByteBuffer;
import java.nio.FloatBuffer;

/**
 * A view of one complex number of float precision, stored as two floats (real part, imaginary part) in a buffer or an
 * array: the layout of {@code MPI.FLOAT_COMPLEX}. Item {@code index} is at float {@code 2 * index}. Reads and writes go
 * straight to the storage.
 */
public final class FloatComplex {
    private final FloatBuffer buffer;
    /** The real part's position in {@link #buffer}, in floats. */
    private final int at;

    private FloatComplex(FloatBuffer buffer, int index) {
        if (buffer == null) throw new NullPointerException("FloatComplex.get: null buffer");
        this.buffer = buffer;
        this.at = Math.multiplyExact(index, 2);
    }

    /** The first complex number of {@code buffer} (at its index 0). */
    public static FloatComplex get(FloatBuffer buffer) {
        return new FloatComplex(buffer, 0);
    }

    /** Complex number {@code index} of {@code buffer}. */
    public static FloatComplex get(FloatBuffer buffer, int index) {
        return new FloatComplex(buffer, index);
    }

    /** The first complex number of {@code array}. */
    public static FloatComplex get(float[] array) {
        return new FloatComplex(FloatBuffer.wrap(array), 0);
    }

    /** Complex number {@code index} of {@code array}. */
    public static FloatComplex get(float[] array, int index) {
        return new FloatComplex(FloatBuffer.wrap(array), index);
    }

    /**
     * The first complex number of {@code buffer}, seen as floats in its byte order from its current position (as
     * {@link ByteBuffer#asFloatBuffer} sees it).
     */
    public static FloatComplex get(ByteBuffer buffer) {
        return new FloatComplex(buffer.asFloatBuffer(), 0);
    }

    /** Complex number {@code index} of {@code buffer}, seen as {@link #get(ByteBuffer)} says. */
    public static FloatComplex get(ByteBuffer buffer, int index) {
        return new FloatComplex(buffer.asFloatBuffer(), index);
    }

    /** The real part. */
    public float getReal() {
        return buffer.get(at);
    }

    /** The imaginary part. */
    public float getImag() {
        return buffer.get(at + 1);
    }

    /** Sets the real part. */
    public void putReal(float real) {
        buffer.put(at, real);
    }

    /** Sets the imaginary part. */
    public void putImag(float imag) {
        buffer.put(at + 1, imag);
    }

    /**
     * The storage from this number on: the whole buffer for the first number, else a buffer sharing its content from
     * this number to its capacity (the original's position and limit are left as they are).
     */
    public FloatBuffer getBuffer() {
        if (at == 0) return buffer;
        FloatBuffer d = buffer.duplicate();
        d.clear();
        d.position(at);
        return d.slice();
    }
}
