package mpi;

import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.DoubleBuffer;
import java.nio.FloatBuffer;
import java.nio.IntBuffer;
import java.nio.LongBuffer;
import java.nio.ShortBuffer;

/**
 * The body of a user-defined reduction operation (Open MPI's Java API; see {@code new Op(UserFunction, boolean)}):
 * combines {@code count} items of {@code datatype} from the first operand into the second, item by item
 * ({@code inOut[i] = in[i] op inOut[i]}). A subclass overrides one of the two {@code call} methods:
 * <ul>
 *   <li>{@link #call(ByteBuffer, ByteBuffer, int, Datatype)}, on the operands' bytes;</li>
 *   <li>{@link #call(Object, Object, int, Datatype)}, on Java arrays of the datatype's base type, which the buffer
 *       form makes by default.</li>
 * </ul>
 */
public abstract class UserFunction {
    /** For subclasses. */
    public UserFunction() {}

    /**
     * Combines arrays of the datatype's base type ({@code int[]} for types built of ints, {@code byte[]} for
     * BYTE, PACKED and the types built of bytes such as structs, {@code boolean[]} for BOOLEAN, ...), each holding
     * {@code count} × extent elements (the extent in base elements, {@link Datatype#getExtent}); what is written to
     * {@code inOutVec} is the result. Not overridden, throws UnsupportedOperationException.
     */
    public void call(Object inVec, Object inOutVec, int count, Datatype datatype) throws MPIException {
        throw new UnsupportedOperationException("UserFunction.call: " + getClass().getName()
                + " overrides neither call(Object, Object, int, Datatype) nor call(ByteBuffer, ByteBuffer, int,"
                + " Datatype)");
    }

    /**
     * Combines the operands' bytes, {@code count} items of {@code datatype} from each buffer's position, in the
     * buffers' byte order. Not overridden, copies them into arrays of the base type, calls
     * {@link #call(Object, Object, int, Datatype)} and copies {@code inOutVec} back into {@code inOut}; neither
     * buffer's position moves. IllegalArgumentException for a datatype with no fixed-width base type.
     */
    public void call(ByteBuffer in, ByteBuffer inOut, int count, Datatype datatype) throws MPIException {
        int n = Math.multiplyExact(count, datatype.getExtent());
        int b = datatype.baseType;
        if (b == MPI.BYTE.baseType || b == MPI.PACKED.baseType) {
            byte[] x = new byte[n], y = new byte[n];
            in.duplicate().get(x);
            inOut.duplicate().get(y);
            call(x, y, count, datatype);
            inOut.duplicate().put(y);
        } else if (b == MPI.BOOLEAN.baseType) {
            byte[] x = new byte[n], y = new byte[n];
            in.duplicate().get(x);
            inOut.duplicate().get(y);
            boolean[] p = new boolean[n], q = new boolean[n];
            for (int i = 0; i < n; i++) {
                p[i] = x[i] != 0;
                q[i] = y[i] != 0;
            }
            call(p, q, count, datatype);
            for (int i = 0; i < n; i++) y[i] = (byte) (q[i] ? 1 : 0);
            inOut.duplicate().put(y);
        } else if (b == MPI.CHAR.baseType) {
            char[] x = new char[n], y = new char[n];
            in.asCharBuffer().get(x);
            CharBuffer io = inOut.asCharBuffer();
            io.get(y);
            call(x, y, count, datatype);
            io.clear();
            io.put(y);
        } else if (b == MPI.SHORT.baseType) {
            short[] x = new short[n], y = new short[n];
            in.asShortBuffer().get(x);
            ShortBuffer io = inOut.asShortBuffer();
            io.get(y);
            call(x, y, count, datatype);
            io.clear();
            io.put(y);
        } else if (b == MPI.INT.baseType) {
            int[] x = new int[n], y = new int[n];
            in.asIntBuffer().get(x);
            IntBuffer io = inOut.asIntBuffer();
            io.get(y);
            call(x, y, count, datatype);
            io.clear();
            io.put(y);
        } else if (b == MPI.LONG.baseType) {
            long[] x = new long[n], y = new long[n];
            in.asLongBuffer().get(x);
            LongBuffer io = inOut.asLongBuffer();
            io.get(y);
            call(x, y, count, datatype);
            io.clear();
            io.put(y);
        } else if (b == MPI.FLOAT.baseType) {
            float[] x = new float[n], y = new float[n];
            in.asFloatBuffer().get(x);
            FloatBuffer io = inOut.asFloatBuffer();
            io.get(y);
            call(x, y, count, datatype);
            io.clear();
            io.put(y);
        } else if (b == MPI.DOUBLE.baseType) {
            double[] x = new double[n], y = new double[n];
            in.asDoubleBuffer().get(x);
            DoubleBuffer io = inOut.asDoubleBuffer();
            io.get(y);
            call(x, y, count, datatype);
            io.clear();
            io.put(y);
        } else {
            throw new IllegalArgumentException("UserFunction.call: the datatype has no fixed-width base type (base"
                    + " type " + b + ")");
        }
    }
}
