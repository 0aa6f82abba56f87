package natmpj.it;

import java.util.concurrent.atomic.AtomicReference;

import mpi.Datatype;
import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;
import mpi.Op;
import mpi.User_function;
import natmpj.testkit.Cases;
import natmpj.testkit.Check;
import natmpj.testkit.Values;

/**
 * The collectives beyond Bcast/Reduce/Allreduce under a real mpirun: Gather(v), Scatter(v), Allgather(v),
 * Alltoall(v) on every datatype as arrays at an offset and direct buffers (uneven counts, reversed displacements,
 * guards around every block), Reduce_scatter and Scan, MAXLOC/MINLOC on the five pair types with ties, and user
 * ops: non-commutative (rank order shows), commutative on every numeric type, used from another thread, throwing,
 * freed, and thousands of reductions in a row.
 */
public final class CollectiveVSuite {
    static final int B = 3; // items per block

    public static void main(String[] args) throws Exception {
        // One case calls MPI from a second thread, in turn.
        Cases.job(args).threadLevel(MPI.THREAD_SERIALIZED).run(CollectiveVSuite::addCases);
    }

    private static void addCases(Cases cases) {
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.Rank(), size = world.Size();

        for (String kind : new String[] {"array", "direct"}) {
            for (String type : Values.NAMES) {
                cases.add("gather_scatter_" + type + "_" + kind, () -> gatherScatter(world, rank, size, kind, type));
                cases.add("allgather_alltoall_" + type + "_" + kind, () -> allToAll(world, rank, size, kind, type));
                cases.add("v_variants_" + type + "_" + kind, () -> vVariants(world, rank, size, kind, type));
            }
        }
        cases.add("scan_and_reduce_scatter", () -> {
            long[] in = new long[size * 2];
            for (int i = 0; i < in.length; i++) in[i] = rank + i;
            long[] prefix = new long[size * 2];
            world.Scan(in, 0, prefix, 0, in.length, MPI.LONG, MPI.SUM);
            for (int i = 0; i < in.length; i++) Check.eq((long) rank * (rank + 1) / 2 + (long) (rank + 1) * i, prefix[i], "scan " + i);
            int[] counts = new int[size];
            for (int r = 0; r < size; r++) counts[r] = r == 0 ? 0 : 2; // rank 0 gets nothing
            int total = 2 * (size - 1);
            double[] send = new double[total];
            for (int i = 0; i < total; i++) send[i] = rank * 10 + i;
            double[] got = new double[3];
            world.Reduce_scatter(send, 0, got, 1, counts, MPI.DOUBLE, MPI.MAX);
            if (rank > 0) Check.eq((size - 1) * 10.0 + 2 * (rank - 1) + 1, got[2], "reduce_scatter max");
            Check.eq(0.0, got[0], "before the offset");
            long[] same = {rank, 1};
            world.Scan(same, 0, same, 0, 2, MPI.LONG, MPI.SUM); // in place
            Check.eq((long) rank * (rank + 1) / 2, same[0], "in-place scan");
        });
        cases.add("maxloc_minloc_pairs", () -> {
            // value = rank % 2 (ties everywhere), index = rank: max value 1 wins with the lowest odd rank.
            int[] ints = {rank % 2, rank, 7 - rank, rank};
            int[] out = new int[4];
            world.Allreduce(ints, 0, out, 0, 2, MPI.INT2, MPI.MAXLOC);
            Check.eq(size > 1 ? 1 : 0, out[0], "max value");
            Check.eq(size > 1 ? 1 : 0, out[1], "lowest index among ties");
            Check.eq(7, out[2], "second pair max");
            Check.eq(0, out[3], "second pair index");
            world.Allreduce(ints, 0, out, 0, 2, MPI.INT2, MPI.MINLOC);
            Check.eq(0, out[0], "min value");
            Check.eq(0, out[1], "lowest index of the min");
            Check.eq(7 - (size - 1), out[2], "second pair min");
            Check.eq(size - 1, out[3], "its index");
            short[] s = {(short) -rank, (short) rank};
            long[] l = {rank * 1000L, rank};
            float[] f = {rank * 0.5f, rank};
            double[] d = {-rank * 0.25, rank};
            short[] so = new short[2];
            long[] lo = new long[2];
            float[] fo = new float[2];
            double[] dout = new double[2];
            world.Reduce(s, 0, so, 0, 1, MPI.SHORT2, MPI.MINLOC, 0);
            world.Reduce(l, 0, lo, 0, 1, MPI.LONG2, MPI.MAXLOC, 0);
            world.Reduce(f, 0, fo, 0, 1, MPI.FLOAT2, MPI.MAXLOC, 0);
            world.Reduce(d, 0, dout, 0, 1, MPI.DOUBLE2, MPI.MINLOC, 0);
            if (rank == 0) {
                Check.eq((short) -(size - 1), so[0], "short2 min");
                Check.eq((long) size - 1, lo[1], "long2 argmax");
                Check.eq((float) size - 1, fo[1], "float2 argmax");
                Check.eq(size - 1.0, dout[1], "double2 argmin");
            }
            Check.throwsWith(IllegalArgumentException.class, () -> world.Allreduce(ints, 0, out, 0, 2, MPI.INT,
                    MPI.MAXLOC), "Intracomm.Allreduce", "pair");
            Check.throwsWith(IllegalArgumentException.class, () -> world.Allreduce(ints, 0, out, 0, 2, MPI.INT2,
                    MPI.SUM), "Intracomm.Allreduce", "pair");
        });
        cases.add("user_op_non_commutative_matrix_product", () -> {
            // 2x2 matrices in groups of 4 doubles; the product in rank order differs from any other order.
            Op product = new Op(new User_function() {
                @Override
                public void Call(Object invec, int inoffset, Object inoutvec, int inoutoffset, int count,
                                 Datatype datatype) {
                    double[] a = (double[]) invec, b = (double[]) inoutvec;
                    for (int m = 0; m < count / 4; m++) {
                        int i = inoffset + 4 * m, o = inoutoffset + 4 * m;
                        double c0 = a[i] * b[o] + a[i + 1] * b[o + 2], c1 = a[i] * b[o + 1] + a[i + 1] * b[o + 3];
                        double c2 = a[i + 2] * b[o] + a[i + 3] * b[o + 2], c3 = a[i + 2] * b[o + 1] + a[i + 3] * b[o + 3];
                        b[o] = c0;
                        b[o + 1] = c1;
                        b[o + 2] = c2;
                        b[o + 3] = c3;
                    }
                }
            }, false);
            double[] mine = {1, rank + 1, 0, 1, 1, 0, rank, 1}; // two matrices
            double[] expected = {1, 0, 0, 1, 1, 0, 0, 1};
            for (int r = 0; r < size; r++) {
                double[] m = {1, r + 1, 0, 1, 1, 0, r, 1};
                for (int k = 0; k < 2; k++) {
                    int o = 4 * k;
                    double c0 = expected[o] * m[o] + expected[o + 1] * m[o + 2];
                    double c1 = expected[o] * m[o + 1] + expected[o + 1] * m[o + 3];
                    double c2 = expected[o + 2] * m[o] + expected[o + 3] * m[o + 2];
                    double c3 = expected[o + 2] * m[o + 1] + expected[o + 3] * m[o + 3];
                    expected[o] = c0;
                    expected[o + 1] = c1;
                    expected[o + 2] = c2;
                    expected[o + 3] = c3;
                }
            }
            double[] out = new double[8];
            world.Allreduce(mine, 0, out, 0, 8, MPI.DOUBLE, product);
            Check.eq(java.util.Arrays.toString(expected), java.util.Arrays.toString(out), "product in rank order");
            java.nio.ByteBuffer direct = java.nio.ByteBuffer.allocateDirect(64).order(java.nio.ByteOrder.nativeOrder());
            java.nio.ByteBuffer dout = java.nio.ByteBuffer.allocateDirect(64).order(java.nio.ByteOrder.nativeOrder());
            for (int i = 0; i < 8; i++) direct.putDouble(8 * i, mine[i]);
            world.Reduce(direct, 0, dout, 0, 8, MPI.DOUBLE, product, size - 1);
            if (rank == size - 1) Check.eq(expected[1], dout.getDouble(8), "direct buffers, reduce");
            product.Free();
            Check.throwsWith(IllegalStateException.class, () -> world.Allreduce(mine, 0, out, 0, 8, MPI.DOUBLE,
                    product), "Intracomm.Allreduce", "freed");
        });
        cases.add("user_op_commutative_every_type_and_thread", () -> {
            Op sum = new Op(new User_function() {
                @Override
                public void Call(Object invec, int inoffset, Object inoutvec, int inoutoffset, int count,
                                 Datatype datatype) {
                    for (int i = 0; i < count; i++) {
                        int a = inoffset + i, b = inoutoffset + i;
                        if (invec instanceof int[]) ((int[]) inoutvec)[b] += ((int[]) invec)[a];
                        else if (invec instanceof long[]) ((long[]) inoutvec)[b] += ((long[]) invec)[a];
                        else if (invec instanceof short[]) ((short[]) inoutvec)[b] += ((short[]) invec)[a];
                        else if (invec instanceof byte[]) ((byte[]) inoutvec)[b] += ((byte[]) invec)[a];
                        else if (invec instanceof char[]) ((char[]) inoutvec)[b] += ((char[]) invec)[a];
                        else if (invec instanceof float[]) ((float[]) inoutvec)[b] += ((float[]) invec)[a];
                        else ((double[]) inoutvec)[b] += ((double[]) invec)[a];
                    }
                }
            }, true);
            for (String type : new String[] {"BYTE", "CHAR", "SHORT", "INT", "LONG", "FLOAT", "DOUBLE"}) {
                Object in = Values.array(type, 5), out = Values.array(type, 5);
                for (int i = 0; i < 5; i++) Values.set(type, in, i, rank + i);
                world.Allreduce(in, 0, out, 1, 4, Values.type(type), sum);
                Object model = Values.array(type, 1);
                Values.set(type, model, 0, (long) size * (size - 1) / 2 + 3L * size);
                Check.eq(Values.get(type, model, 0), Values.get(type, out, 4), type + " user sum");
            }
            AtomicReference<Object> fromThread = new AtomicReference<>();
            Thread t = new Thread(() -> {
                try {
                    int[] out = new int[1];
                    world.Allreduce(new int[] {rank + 1}, 0, out, 0, 1, MPI.INT, sum);
                    fromThread.set(out[0]);
                } catch (Throwable e) {
                    fromThread.set(e);
                }
            });
            t.start();
            t.join();
            Check.eq(size * (size + 1) / 2, fromThread.get(), "user op from another thread");
            int[] acc = new int[1];
            for (int round = 0; round < 2000; round++) world.Allreduce(new int[] {1}, 0, acc, 0, 1, MPI.INT, sum);
            Check.eq(size, acc[0], "2000 reductions in a row");
            sum.Free();
        });
        cases.add("user_op_that_throws", () -> {
            Op bad = new Op(new User_function() {
                @Override
                public void Call(Object invec, int inoffset, Object inoutvec, int inoutoffset, int count,
                                 Datatype datatype) {
                    throw new IllegalStateException("boom from the user function");
                }
            }, true);
            int[] out = new int[1];
            if (size > 1) {
                Check.throwsWith(IllegalStateException.class, () -> world.Allreduce(new int[] {1}, 0, out, 0, 1,
                        MPI.INT, bad), "boom");
            }
            world.Allreduce(new int[] {1}, 0, out, 0, 1, MPI.INT, MPI.SUM);
            Check.eq(size, out[0], "the next collective works");
            bad.Free();
            Check.throwsWith(IllegalArgumentException.class, MPI.SUM::Free, "Op.Free", "predefined");
        });
        cases.add("bad_input", () -> {
            int[] b = new int[size];
            Check.throwsWith(IllegalArgumentException.class, () -> world.Gatherv(b, 0, 1, MPI.INT, b, 0,
                    new int[size - 1], new int[size], MPI.INT, rank), "Intracomm.Gatherv", "recvcount");
            // (each rank names itself root: receive-side arguments are checked at the root, before MPI is called)
            Check.throwsWith(IndexOutOfBoundsException.class, () -> world.Allgather(b, 0, 1, MPI.INT, b, 1, 1,
                    MPI.INT), "Intracomm.Allgather", "recvbuf");
            Check.throwsWith(IllegalArgumentException.class, () -> world.Scatter(b, 0, 1, MPI.INT, b, 0, 1, MPI.INT,
                    size), "Intracomm.Scatter", "root");
            Check.throwsWith(NullPointerException.class, () -> world.Alltoallv(b, 0, null, new int[size], MPI.INT, b,
                    0, new int[size], new int[size], MPI.INT), "Intracomm.Alltoallv", "sendcount");
            Check.throwsWith(IllegalArgumentException.class, () -> world.Allgatherv(b, 0, 1, MPI.INT, b, 0,
                    new int[size], filled(size, -1), MPI.INT), "Intracomm.Allgatherv", "displs");
            Check.throwsWith(IllegalArgumentException.class, () -> world.Gather(b, 0, 1, MPI.INT, new Object[size], 0,
                    1, MPI.OBJECT, 0), "Intracomm.Gather", "MPI.OBJECT");
        });
    }

    static int[] filled(int n, int v) {
        int[] a = new int[n];
        java.util.Arrays.fill(a, v);
        return a;
    }

    static long seed(int from, int to) {
        return 1000L * from + 10L * to;
    }

    static void gatherScatter(Intracomm world, int rank, int size, String kind, String type) {
        Datatype dt = Values.type(type);
        for (int root = 0; root < size; root++) {
            Object send = Values.buffer(kind, type, B + 1);
            Values.fill(type, send, 1, 1 + B, seed(rank, root));
            Object recv = Values.buffer(kind, type, 2 + size * B + 2);
            Values.fill(type, recv, 0, recv instanceof java.nio.ByteBuffer ? 2 + size * B + 2
                    : java.lang.reflect.Array.getLength(recv), -1);
            world.Gather(send, 1, B, dt, recv, 2, B, dt, root);
            if (rank == root) {
                for (int r = 0; r < size; r++) Values.expect(type, recv, 2 + r * B, 2 + (r + 1) * B, seed(r, root), "gather from " + r);
                Values.expect(type, recv, 0, 2, -1, "before");
                Values.expect(type, recv, 2 + size * B, 4 + size * B, -1 + 2 + size * B, "after");
            }
            // Scatter back: block r of root's buffer to rank r.
            Object mine = Values.buffer(kind, type, B + 2);
            if (rank == root) for (int r = 0; r < size; r++) Values.fill(type, recv, 2 + r * B, 2 + (r + 1) * B, seed(root, r));
            world.Scatter(recv, 2, B, dt, mine, 1, B, dt, root);
            Values.expect(type, mine, 1, 1 + B, seed(root, rank), "scatter from " + root);
        }
    }

    static void allToAll(Intracomm world, int rank, int size, String kind, String type) {
        Datatype dt = Values.type(type);
        Object send = Values.buffer(kind, type, size * B);
        for (int r = 0; r < size; r++) Values.fill(type, send, r * B, (r + 1) * B, seed(rank, r));
        Object recv = Values.buffer(kind, type, size * B + 1);
        world.Alltoall(send, 0, B, dt, recv, 1, B, dt);
        for (int r = 0; r < size; r++) Values.expect(type, recv, 1 + r * B, 1 + (r + 1) * B, seed(r, rank), "alltoall from " + r);
        Object mine = Values.buffer(kind, type, B);
        Values.fill(type, mine, 0, B, seed(rank, 99));
        Object all = Values.buffer(kind, type, size * B);
        world.Allgather(mine, 0, B, dt, all, 0, B, dt);
        for (int r = 0; r < size; r++) Values.expect(type, all, r * B, (r + 1) * B, seed(r, 99), "allgather " + r);
    }

    /** Rank r contributes r+1 items; blocks land in reverse rank order with a one-item gap between them. */
    static void vVariants(Intracomm world, int rank, int size, String kind, String type) {
        Datatype dt = Values.type(type);
        int[] counts = new int[size], displs = new int[size];
        int at = 0;
        for (int r = size - 1; r >= 0; r--) {
            counts[r] = r + 1;
            displs[r] = at;
            at += r + 2; // gap of one
        }
        int span = at;
        Object mine = Values.buffer(kind, type, rank + 1);
        Values.fill(type, mine, 0, rank + 1, seed(rank, 7));
        Object all = Values.buffer(kind, type, span);
        Values.fill(type, all, 0, span, -5);
        world.Allgatherv(mine, 0, rank + 1, dt, all, 0, counts, displs, dt);
        for (int r = 0; r < size; r++) {
            Values.expect(type, all, displs[r], displs[r] + counts[r], seed(r, 7), "allgatherv " + r);
            Values.expect(type, all, displs[r] + counts[r], displs[r] + counts[r] + 1, -5 + displs[r] + counts[r], "gap after " + r);
        }
        int root = size - 1;
        Object gathered = Values.buffer(kind, type, span);
        world.Gatherv(mine, 0, rank + 1, dt, gathered, 0, counts, displs, dt, root);
        if (rank == root) for (int r = 0; r < size; r++) Values.expect(type, gathered, displs[r], displs[r] + counts[r], seed(r, 7), "gatherv " + r);
        Object back = Values.buffer(kind, type, rank + 1);
        world.Scatterv(all, 0, counts, displs, dt, back, 0, rank + 1, dt, 0);
        Values.expect(type, back, 0, rank + 1, seed(rank, 7), "scatterv");
        // Alltoallv: rank sends (r+1) items to each r, from reversed positions.
        int[] sc = new int[size], sd = new int[size], rc = new int[size], rd = new int[size];
        int sAt = 0, rAt = 0;
        for (int r = size - 1; r >= 0; r--) {
            sc[r] = r + 1;
            sd[r] = sAt;
            sAt += r + 1;
        }
        for (int r = 0; r < size; r++) {
            rc[r] = rank + 1;
            rd[r] = rAt;
            rAt += rank + 1;
        }
        Object sbuf = Values.buffer(kind, type, sAt);
        for (int r = 0; r < size; r++) Values.fill(type, sbuf, sd[r], sd[r] + sc[r], seed(rank, r));
        Object rbuf = Values.buffer(kind, type, rAt);
        world.Alltoallv(sbuf, 0, sc, sd, dt, rbuf, 0, rc, rd, dt);
        for (int r = 0; r < size; r++) Values.expect(type, rbuf, rd[r], rd[r] + rc[r], seed(r, rank), "alltoallv from " + r);
    }
}
