// compat: np=2,4
// User-defined reduction operations in Open MPI's Java API: new Op(UserFunction, commute) whose function overrides
// call(Object, Object, int, Datatype) (given Java arrays: int[], double[], boolean[], ... converted from the
// native buffers) or call(ByteBuffer, ByteBuffer, int, Datatype) (the native buffers themselves, in native byte
// order), used on Java arrays and direct buffers in reduce, allReduce, reduceScatterBlock, scan and exScan;
// a non-commutative op (2x2 matrix product: the result shows the order of combination), a derived datatype
// (contiguous pairs), Op.isCommutative, Op.free, and Comm.reduceLocal.
import java.nio.*;
import java.util.*;

import mpi.*;

public class UserOps {
    static int rank;

    static void p(String s) {
        byte[] b = (rank + ": " + s + "\n").getBytes(java.nio.charset.StandardCharsets.UTF_8);
        System.out.write(b, 0, b.length); // one write(2) per line: lines of different ranks never mix
        System.out.flush();
    }

    /** 2x2 integer matrices [a b; c d], row-major, count of them: inOut = in x inOut (in comes first). */
    static class MatMul extends UserFunction {
        @Override
        public void call(Object in, Object inOut, int count, Datatype type) throws MPIException {
            int[] a = (int[]) in, b = (int[]) inOut;
            for (int k = 0; k < count; k++) {
                int o = 4 * k;
                int m0 = a[o] * b[o] + a[o + 1] * b[o + 2], m1 = a[o] * b[o + 1] + a[o + 1] * b[o + 3];
                int m2 = a[o + 2] * b[o] + a[o + 3] * b[o + 2], m3 = a[o + 2] * b[o + 1] + a[o + 3] * b[o + 3];
                b[o] = m0;
                b[o + 1] = m1;
                b[o + 2] = m2;
                b[o + 3] = m3;
            }
        }
    }

    /** The element of larger absolute value, on double arrays. */
    static class AbsMax extends UserFunction {
        @Override
        public void call(Object in, Object inOut, int count, Datatype type) throws MPIException {
            double[] a = (double[]) in, b = (double[]) inOut;
            for (int i = 0; i < count; i++) if (Math.abs(a[i]) > Math.abs(b[i])) b[i] = a[i];
        }
    }

    /** The first of the two (associative, not commutative: the result is the lowest rank's), on booleans. */
    static class First extends UserFunction {
        @Override
        public void call(Object in, Object inOut, int count, Datatype type) throws MPIException {
            boolean[] a = (boolean[]) in, b = (boolean[]) inOut;
            for (int i = 0; i < count; i++) b[i] = a[i];
        }
    }

    /** On the native buffers: sum of ints, the datatype's element count included in the result's check. */
    static class ByteSum extends UserFunction {
        @Override
        public void call(ByteBuffer in, ByteBuffer inOut, int count, Datatype type) throws MPIException {
            IntBuffer a = in.asIntBuffer(), b = inOut.asIntBuffer();
            if (in.order() != ByteOrder.nativeOrder()) throw new MPIException("not in native order");
            for (int i = 0; i < count; i++) b.put(i, a.get(i) + b.get(i));
        }
    }

    /** On the native buffers of long pairs (a contiguous type of 2 LONG): (x1, y1) + (x2, y2) = (x1 + x2, max). */
    static class PairOp extends UserFunction {
        @Override
        public void call(ByteBuffer in, ByteBuffer inOut, int count, Datatype type) throws MPIException {
            LongBuffer a = in.asLongBuffer(), b = inOut.asLongBuffer();
            for (int i = 0; i < count; i++) {
                b.put(2 * i, a.get(2 * i) + b.get(2 * i));
                b.put(2 * i + 1, Math.max(a.get(2 * i + 1), b.get(2 * i + 1)));
            }
        }
    }

    /**
     * Through call(Object...) with a derived type: count items of two shorts each, so 2 * count shorts. An item
     * (digits, 10^length) is a string of decimal digits; the op concatenates (associative, not commutative).
     */
    static class Digits extends UserFunction {
        @Override
        public void call(Object in, Object inOut, int count, Datatype type) throws MPIException {
            short[] a = (short[]) in, b = (short[]) inOut;
            for (int i = 0; i < count; i++) {
                b[2 * i] = (short) (a[2 * i] * b[2 * i + 1] + b[2 * i]);
                b[2 * i + 1] = (short) (a[2 * i + 1] * b[2 * i + 1]);
            }
        }
    }

    static String ints(IntBuffer b) {
        StringBuilder s = new StringBuilder("[");
        for (int i = 0; i < b.capacity(); i++) s.append(i > 0 ? ", " : "").append(b.get(i));
        return s.append("]").toString();
    }

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm w = MPI.COMM_WORLD;
        rank = w.getRank();
        int size = w.getSize(), r = rank, last = size - 1;

        p("isCommutative: " + new Op(new MatMul(), false).isCommutative() + " " + new Op(new AbsMax(), true).isCommutative());

        // two matrices per rank: [r+1 1; 1 0] and [1 r; 0 1]
        int[] mats = {r + 1, 1, 1, 0, 1, r, 0, 1};
        // the matrices travel as a contiguous type of 4 INT: the function reads count items of 4 ints
        Datatype mat = Datatype.createContiguous(4, MPI.INT);
        mat.commit();
        int[] prod2 = new int[8];
        w.allReduce(mats, prod2, 2, mat, new Op(new MatMul(), false));
        p("allReduce matmul: " + Arrays.toString(prod2));
        int[] rprod = new int[8];
        w.reduce(mats, rprod, 2, mat, new Op(new MatMul(), false), 0);
        p("reduce matmul: " + (r == 0 ? Arrays.toString(rprod) : "not root"));
        int[] sprod = new int[8];
        w.scan(mats, sprod, 2, mat, new Op(new MatMul(), false));
        p("scan matmul: " + Arrays.toString(sprod));
        int[] xprod = new int[8];
        w.exScan(mats, xprod, 2, mat, new Op(new MatMul(), false));
        p("exScan matmul: " + (r == 0 ? "undefined on rank 0" : Arrays.toString(xprod)));
        IntBuffer bm = MPI.newIntBuffer(8), bp = MPI.newIntBuffer(8);
        for (int i = 0; i < 8; i++) bm.put(i, mats[i]);
        w.allReduce(bm, bp, 2, mat, new Op(new MatMul(), false));
        p("allReduce matmul direct: " + ints(bp));
        int[] inplace = mats.clone();
        w.allReduce(inplace, 2, mat, new Op(new MatMul(), false));
        p("allReduce matmul in place: " + Arrays.toString(inplace));

        double[] d = {r - 1.25, (r % 2 == 0 ? -1 : 1) * (r + 0.25), 0};
        double[] dmax = new double[3];
        w.allReduce(d, dmax, 3, MPI.DOUBLE, new Op(new AbsMax(), true));
        p("allReduce absmax double[]: " + Arrays.toString(dmax));
        DoubleBuffer db = MPI.newDoubleBuffer(3), dbr = MPI.newDoubleBuffer(3);
        for (int i = 0; i < 3; i++) db.put(i, d[i]);
        w.reduce(db, dbr, 3, MPI.DOUBLE, new Op(new AbsMax(), true), last);
        p("reduce absmax direct: " + (r == last ? dbr.get(0) + " " + dbr.get(1) + " " + dbr.get(2) : "not root"));

        boolean[] bs = {r % 2 == 0, r == last, true, false};
        boolean[] bres = new boolean[4];
        w.allReduce(bs, bres, 4, MPI.BOOLEAN, new Op(new First(), false));
        p("allReduce first boolean[]: " + Arrays.toString(bres));
        w.scan(bs, bres, 4, MPI.BOOLEAN, new Op(new First(), false));
        p("scan first boolean[]: " + Arrays.toString(bres));

        int[] iv = {r, 10 * r, -r};
        int[] isum = new int[3];
        w.allReduce(iv, isum, 3, MPI.INT, new Op(new ByteSum(), true));
        p("allReduce bytesum int[]: " + Arrays.toString(isum));
        IntBuffer ib = MPI.newIntBuffer(size), ibr = MPI.newIntBuffer(1);
        for (int i = 0; i < size; i++) ib.put(i, r * 100 + i);
        w.reduceScatterBlock(ib, ibr, 1, MPI.INT, new Op(new ByteSum(), true));
        p("reduceScatterBlock bytesum direct: " + ints(ibr));

        Datatype pair = Datatype.createContiguous(2, MPI.LONG);
        pair.commit();
        long[] pv = {r, 7 - r, 1L << (40 + r), r * r};
        long[] pres = new long[4];
        w.allReduce(pv, pres, 2, pair, new Op(new PairOp(), true));
        p("allReduce pairs of long: " + Arrays.toString(pres));

        Datatype spair = Datatype.createContiguous(2, MPI.SHORT);
        spair.commit();
        short[] sv = {(short) (r + 1), 10, (short) r, 10};
        short[] sres = new short[4];
        w.allReduce(sv, sres, 2, spair, new Op(new Digits(), false));
        p("allReduce digit strings: " + Arrays.toString(sres));

        // One Op object in several calls. Open MPI's bindings keep the JNI environment and the local reference
        // to the Op of its first call (ompi_op_set_java_callback), stale in any later call (NullPointerException
        // in Op.call, or a crash): not called there; compat/ompi_expected_differences.py has the correct line.
        if (MPI.class.getResource("Constant.class") != null) { // mpi.Constant: a class of Open MPI's jar only
            p("one Op in three calls: not called on Open MPI's bindings");
        } else {
            Op reused = new Op(new MatMul(), false);
            int[] once = new int[8], twice = new int[8], thrice = new int[8];
            w.allReduce(mats, once, 2, mat, reused);
            w.allReduce(once, twice, 2, mat, reused);
            w.scan(mats, thrice, 2, mat, reused);
            reused.free();
            p("one Op in three calls: " + Arrays.toString(once) + " " + Arrays.toString(twice) + " "
                    + Arrays.toString(thrice));
        }

        // reduceLocal: inOut = in op inOut, on this rank only
        int[] a = {2, 0, 0, 2}, b = {1, r, 0, 1};
        Intracomm.reduceLocal(a, b, 1, mat, new Op(new MatMul(), false));
        p("reduceLocal matmul: " + Arrays.toString(b));
        double[] la = {-5, 1}, lb = {2, -3};
        Comm.reduceLocal(la, lb, 2, MPI.DOUBLE, new Op(new AbsMax(), true));
        p("reduceLocal absmax: " + Arrays.toString(lb));
        int[] lm = {r, 4}, ln = {3, 3};
        Comm.reduceLocal(lm, ln, 2, MPI.INT, MPI.MAX);
        p("reduceLocal MAX: " + Arrays.toString(ln));

        Op fresh = new Op(new AbsMax(), true);
        fresh.free();
        mat.free();
        pair.free();
        spair.free();
        p("freed: ops and types");
        w.barrier();
        MPI.Finalize();
    }
}
