package mpi;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * Open MPI's Java API's user-defined reduction function, for {@link Op#Op(UserFunction, boolean)}. MPI hands natmpj
 * the two vectors in its own memory; natmpj calls {@link #call(ByteBuffer, ByteBuffer, int, Datatype)} with direct
 * buffers over them (native byte order), as Open MPI's bindings do, except for MPI.BOOLEAN, whose vectors come as
 * boolean[] arrays to {@link #call(Object, Object, int, Datatype)}. The default buffer form copies the vectors into
 * arrays of the datatype's base type ({@code count * extent} elements), calls the array form and copies the result
 * back: override either.
 */
public abstract class UserFunction {
    public UserFunction() {}

    /** The reduction on arrays: {@code inOutVec[i] = inVec[i] op inOutVec[i]}. Not implemented by default. */
    public void call(Object inVec, Object inOutVec, int count, Datatype datatype) throws MPIException {
        throw new UnsupportedOperationException("UserFunction.call(Object, Object, int, Datatype): not overridden");
    }

    /** The reduction on MPI's memory; by default through {@link #call(Object, Object, int, Datatype)}. */
    public void call(ByteBuffer in, ByteBuffer inOut, int count, Datatype datatype) throws MPIException {
        if (datatype == null) throw new NullPointerException("UserFunction.call: datatype is null");
        natmpj.internal.Element e = datatype.layout.element;
        if (e.arrayClass == null || !e.arrayClass.getComponentType().isPrimitive()) {
            throw new IllegalArgumentException("UserFunction.call: datatype " + datatype + " has no primitive base");
        }
        int n = Math.multiplyExact(count, datatype.layout.extent);
        Object a = java.lang.reflect.Array.newInstance(e.arrayClass.getComponentType(), n);
        Object b = java.lang.reflect.Array.newInstance(e.arrayClass.getComponentType(), n);
        natmpj.internal.UserOps.toArray(in.order(ByteOrder.nativeOrder()), 0, a, 0, n);
        natmpj.internal.UserOps.toArray(inOut.order(ByteOrder.nativeOrder()), 0, b, 0, n);
        call(a, b, count, datatype);
        natmpj.internal.UserOps.fromArray(b, 0, n, inOut, 0);
    }
}
