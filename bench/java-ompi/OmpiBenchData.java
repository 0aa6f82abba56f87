import java.nio.ByteBuffer;
import java.nio.ByteOrder;

import mpi.MPI;

/**
 * The byte buffers and validation patterns of bench/java/BenchData.java, written to Open MPI's Java API, for
 * OmpiP2pBench: the same patterns (bench/c/bench_common.h has them too). Buffers are byte[] or direct ByteBuffers.
 */
final class OmpiBenchData {
    private OmpiBenchData() {
    }

    /**
     * How direct buffers are made: false (--buffer direct) with MPI.newByteBuffer (natmpj: from 2 MiB on
     * 2 MiB-aligned, on transparent huge pages, like the C twins' buffers; Open MPI's bindings:
     * ByteBuffer.allocateDirect in native order), true (--buffer allocate-direct) with ByteBuffer.allocateDirect.
     */
    static boolean allocateDirect;

    /** A direct ByteBuffer of capacity bytes in native order, made as {@link #allocateDirect} says. */
    static ByteBuffer direct(int capacity) {
        if (allocateDirect) return ByteBuffer.allocateDirect(capacity).order(ByteOrder.nativeOrder());
        return MPI.newByteBuffer(capacity);
    }

    /** A byte[] or a direct ByteBuffer of capacity bytes. */
    static Object bytes(boolean direct, int capacity) {
        return direct ? direct(capacity) : new byte[capacity];
    }

    /** Byte i of a message: depends on size, round and sender, so a stale or misplaced buffer shows. */
    static byte pattern(int i, int size, int round, int sender) {
        int x = (i + size * 131 + round * 7919 + sender * 104729) * 0x9E3779B1;
        return (byte) (x >>> 24);
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
    static void check(Object buf, int offset, int size, int round, int sender, String what) throws Exception {
        for (int i = 0; i < size; i++) {
            byte want = pattern(i, size, round, sender);
            byte got = buf instanceof byte[] ? ((byte[]) buf)[offset + i] : ((ByteBuffer) buf).get(offset + i);
            if (got != want) {
                System.err.printf("%s: rank %d: size %d: element %d is %s, expected %s%n", what,
                        MPI.COMM_WORLD.getRank(), size, i, got & 0xff, want & 0xff);
                System.err.flush();
                MPI.COMM_WORLD.abort(2);
                System.exit(2);
            }
        }
    }
}
