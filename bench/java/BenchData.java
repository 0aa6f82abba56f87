import java.lang.reflect.Method;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

import mpi.MPI;

/**
 * Message buffers of the suite and the patterns that validate them (bench/c/bench_common.h has the same ones).
 * Buffers are Java arrays or direct ByteBuffers, passed to MPI as Object: the same source then runs on MPJ
 * Express, which takes arrays only. Offsets and sizes here are in bytes (floats for the float forms).
 */
final class BenchData {
    private BenchData() {
    }

    /**
     * How direct buffers are made: false (--buffer direct) with natmpj's MPI.newByteBuffer, whose memory from 2 MiB
     * on is 2 MiB-aligned and on transparent huge pages like the C twins' buffers (--buffer c-thp), or with
     * ByteBuffer.allocateDirect where the MPI library has no such method; true (--buffer allocate-direct) always with
     * ByteBuffer.allocateDirect, whose memory is malloc'd (partly small pages, docs/buffers.md). Set by BenchOptions.
     */
    static boolean allocateDirect;

    /** natmpj's {@code MPI.newByteBuffer(int)}, or null: looked up so that this source compiles on MPJ Express too. */
    private static final Method NEW_BYTE_BUFFER = newByteBuffer();

    private static Method newByteBuffer() {
        try {
            return MPI.class.getMethod("newByteBuffer", int.class);
        } catch (NoSuchMethodException e) {
            return null;
        }
    }

    /** A direct ByteBuffer of capacity bytes in native order, made as {@link #allocateDirect} says. */
    static ByteBuffer direct(int capacity) {
        if (allocateDirect || NEW_BYTE_BUFFER == null) {
            return ByteBuffer.allocateDirect(capacity).order(ByteOrder.nativeOrder());
        }
        try {
            return (ByteBuffer) NEW_BYTE_BUFFER.invoke(null, capacity);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("MPI.newByteBuffer(" + capacity + ")", e);
        }
    }

    /** A byte[] or a direct ByteBuffer of capacity bytes. */
    static Object bytes(boolean direct, int capacity) {
        return direct ? direct(capacity) : new byte[capacity];
    }

    /** A float[] or a direct ByteBuffer of count floats in native order (what MPI reads). */
    static Object floats(boolean direct, int count) {
        return direct ? direct(count * 4) : new float[count];
    }

    /** Byte i of a message: depends on size, round and sender, so a stale or misplaced buffer shows. */
    static byte pattern(int i, int size, int round, int sender) {
        int x = (i + size * 131 + round * 7919 + sender * 104729) * 0x9E3779B1;
        return (byte) (x >>> 24);
    }

    /** Float i of a reduction operand: a small integer, so that sums over ranks are exact in any order. */
    static float floatPattern(int i, int round, int sender) {
        return (i * 7 + round * 3 + sender * 5) % 61;
    }

    static void fill(Object buf, int offset, int size, int round, int sender) {
        if (buf instanceof byte[]) {
            byte[] a = (byte[]) buf;
            for (int i = 0; i < size; i++) a[offset + i] = pattern(i, size, round, sender);
        } else {
            ByteBuffer b = (ByteBuffer) buf;
            for (int i = 0; i < size; i++) b.put(offset + i, pattern(i, size, round, sender));
        }
    }

    static void clear(Object buf, int offset, int size) {
        if (buf instanceof byte[]) {
            java.util.Arrays.fill((byte[]) buf, offset, offset + size, (byte) 0);
        } else {
            ByteBuffer b = (ByteBuffer) buf;
            for (int i = 0; i < size; i++) b.put(offset + i, (byte) 0);
        }
    }

    /** Checks size bytes at offset against sender's pattern; on a mismatch reports it and aborts the job. */
    static void check(Object buf, int offset, int size, int round, int sender, String what) {
        for (int i = 0; i < size; i++) {
            byte want = pattern(i, size, round, sender);
            byte got = buf instanceof byte[] ? ((byte[]) buf)[offset + i] : ((ByteBuffer) buf).get(offset + i);
            if (got != want) fail(what, size, i, got & 0xff, want & 0xff);
        }
    }

    static void fillFloats(Object buf, int offset, int count, int round, int sender) {
        for (int i = 0; i < count; i++) putFloat(buf, offset + i, floatPattern(i, round, sender));
    }

    static void clearFloats(Object buf, int offset, int count) {
        for (int i = 0; i < count; i++) putFloat(buf, offset + i, 0f);
    }

    /** Checks count floats against the sum of the patterns of ranks 0..ranks-1 (a SUM reduction's result). */
    static void checkFloatSum(Object buf, int offset, int count, int round, int ranks, String what) {
        for (int i = 0; i < count; i++) {
            float want = 0;
            for (int r = 0; r < ranks; r++) want += floatPattern(i, round, r);
            float got = buf instanceof float[] ? ((float[]) buf)[offset + i]
                    : ((ByteBuffer) buf).getFloat(4 * (offset + i));
            if (got != want) fail(what, count * 4, i, got, want);
        }
    }

    private static void putFloat(Object buf, int i, float v) {
        if (buf instanceof float[]) ((float[]) buf)[i] = v;
        else ((ByteBuffer) buf).putFloat(4 * i, v);
    }

    private static void fail(String what, int size, int index, Object got, Object want) {
        System.err.printf("%s: rank %d: size %d: element %d is %s, expected %s%n", what, MPI.COMM_WORLD.Rank(),
                size, index, got, want);
        System.err.flush();
        MPI.COMM_WORLD.Abort(2);
        System.exit(2); // MPJ Express's Abort does nothing and returns
    }
}
