package natmpj.testkit;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

import mpi.Datatype;
import mpi.MPI;

/**
 * Deterministic test data for every mpiJava basic type, in arrays and in direct ByteBuffers, read and written
 * through one long-valued view so a case can be written once for all eight types.
 */
public final class Values {
    private Values() {}

    public static final String[] NAMES = {"BYTE", "CHAR", "SHORT", "BOOLEAN", "INT", "LONG", "FLOAT", "DOUBLE"};

    public static Datatype type(String name) {
        switch (name) {
        case "BYTE": return MPI.BYTE;
        case "CHAR": return MPI.CHAR;
        case "SHORT": return MPI.SHORT;
        case "BOOLEAN": return MPI.BOOLEAN;
        case "INT": return MPI.INT;
        case "LONG": return MPI.LONG;
        case "FLOAT": return MPI.FLOAT;
        default: return MPI.DOUBLE;
        }
    }

    public static int bytes(String name) {
        switch (name) {
        case "BYTE": case "BOOLEAN": return 1;
        case "CHAR": case "SHORT": return 2;
        case "INT": case "FLOAT": return 4;
        default: return 8;
        }
    }

    public static Object array(String name, int length) {
        switch (name) {
        case "BYTE": return new byte[length];
        case "CHAR": return new char[length];
        case "SHORT": return new short[length];
        case "BOOLEAN": return new boolean[length];
        case "INT": return new int[length];
        case "LONG": return new long[length];
        case "FLOAT": return new float[length];
        default: return new double[length];
        }
    }

    public static ByteBuffer direct(String name, int length) {
        return ByteBuffer.allocateDirect(length * bytes(name)).order(ByteOrder.nativeOrder());
    }

    /** The value this type can hold exactly that stands for seed: all eight types round-trip it. */
    public static long pattern(long seed) {
        return (seed * 2654435761L) ^ (seed >>> 3);
    }

    /** Stores v, narrowed to the type as a Java cast would (floats as v / 8 of a small v, exact). */
    public static void set(String name, Object buf, int i, long v) {
        if (buf instanceof ByteBuffer) {
            ByteBuffer b = (ByteBuffer) buf;
            int at = i * bytes(name);
            switch (name) {
            case "BYTE": b.put(at, (byte) v); return;
            case "CHAR": b.putChar(at, (char) v); return;
            case "SHORT": b.putShort(at, (short) v); return;
            case "BOOLEAN": b.put(at, (byte) (v & 1)); return;
            case "INT": b.putInt(at, (int) v); return;
            case "LONG": b.putLong(at, v); return;
            case "FLOAT": b.putFloat(at, (float) (v % 1000000) / 8f); return;
            default: b.putDouble(at, (double) (v % 1000000000000L) / 16.0); return;
            }
        }
        switch (name) {
        case "BYTE": ((byte[]) buf)[i] = (byte) v; return;
        case "CHAR": ((char[]) buf)[i] = (char) v; return;
        case "SHORT": ((short[]) buf)[i] = (short) v; return;
        case "BOOLEAN": ((boolean[]) buf)[i] = (v & 1) == 1; return;
        case "INT": ((int[]) buf)[i] = (int) v; return;
        case "LONG": ((long[]) buf)[i] = v; return;
        case "FLOAT": ((float[]) buf)[i] = (float) (v % 1000000) / 8f; return;
        default: ((double[]) buf)[i] = (double) (v % 1000000000000L) / 16.0;
        }
    }

    /** Reads element i as a double (exact for every value set() writes, as a comparable key). */
    public static double get(String name, Object buf, int i) {
        if (buf instanceof ByteBuffer) {
            ByteBuffer b = (ByteBuffer) buf;
            int at = i * bytes(name);
            switch (name) {
            case "BYTE": return b.get(at);
            case "CHAR": return b.getChar(at);
            case "SHORT": return b.getShort(at);
            case "BOOLEAN": return b.get(at);
            case "INT": return b.getInt(at);
            case "LONG": return b.getLong(at);
            case "FLOAT": return b.getFloat(at);
            default: return b.getDouble(at);
            }
        }
        switch (name) {
        case "BYTE": return ((byte[]) buf)[i];
        case "CHAR": return ((char[]) buf)[i];
        case "SHORT": return ((short[]) buf)[i];
        case "BOOLEAN": return ((boolean[]) buf)[i] ? 1 : 0;
        case "INT": return ((int[]) buf)[i];
        case "LONG": return ((long[]) buf)[i];
        case "FLOAT": return ((float[]) buf)[i];
        default: return ((double[]) buf)[i];
        }
    }

    /** Exact comparison key for LONG, where a double would round. */
    public static long getLong(Object buf, int i) {
        return buf instanceof ByteBuffer ? ((ByteBuffer) buf).getLong(i * 8) : ((long[]) buf)[i];
    }

    /** A buffer of the kind ("array" or "direct") holding length elements. */
    public static Object buffer(String kind, String name, int length) {
        return kind.equals("array") ? array(name, length) : direct(name, length);
    }

    /** Checks elements [from, to) hold pattern(seed + i - from), reporting the first difference. */
    public static void expect(String name, Object buf, int from, int to, long seed, String what) {
        Object model = array(name, 1);
        for (int i = from; i < to; i++) {
            set(name, model, 0, pattern(seed + i - from));
            boolean same = name.equals("LONG") ? getLong(model, 0) == getLong(buf, i)
                    : Double.compare(get(name, model, 0), get(name, buf, i)) == 0;
            if (!same) {
                throw new AssertionError(what + ": element " + i + " is " + get(name, buf, i) + ", expected "
                        + get(name, model, 0));
            }
        }
    }

    public static void fill(String name, Object buf, int from, int to, long seed) {
        for (int i = from; i < to; i++) set(name, buf, i, pattern(seed + i - from));
    }
}
