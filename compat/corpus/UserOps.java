// compat: np=2,4
// User-defined ops (new Op(User_function, commute)) with Reduce, Allreduce and Scan on INT and DOUBLE arrays: a
// commutative one (sum of absolute values) and a non-commutative one (2x2 integer matrix product, whose result
// shows the order in which MPI applied it: rank order), and one used with Reduce_scatter.
import java.util.Arrays;

import mpi.*;

public class UserOps {
    static int rank, size;

    static void p(String s) {
        byte[] b = (rank + ": " + s + "\n").getBytes(java.nio.charset.StandardCharsets.UTF_8);
        System.out.write(b, 0, b.length); // one write(2) per line: lines of different ranks never mix
        System.out.flush();
    }

    /** inout[i] = |in[i]| + |inout[i]| */
    static class AbsSum extends User_function {
        public void Call(Object in, int inOff, Object inout, int inoutOff, int count, Datatype type) {
            if (in instanceof int[]) {
                int[] a = (int[]) in, b = (int[]) inout;
                for (int i = 0; i < count; i++) {
                    b[inoutOff + i] = Math.abs(a[inOff + i]) + Math.abs(b[inoutOff + i]);
                }
            } else {
                double[] a = (double[]) in, b = (double[]) inout;
                for (int i = 0; i < count; i++) {
                    b[inoutOff + i] = Math.abs(a[inOff + i]) + Math.abs(b[inoutOff + i]);
                }
            }
        }
    }

    /** 2x2 matrices of 4 ints each: inout = in x inout (MPI applies op(in, inout) with in from lower ranks). */
    static class MatMul extends User_function {
        public void Call(Object in, int inOff, Object inout, int inoutOff, int count, Datatype type) {
            int[] a = (int[]) in, b = (int[]) inout;
            for (int m = 0; m < count; m += 4) {
                int i = inOff + m, o = inoutOff + m;
                int c0 = a[i] * b[o] + a[i + 1] * b[o + 2], c1 = a[i] * b[o + 1] + a[i + 1] * b[o + 3];
                int c2 = a[i + 2] * b[o] + a[i + 3] * b[o + 2], c3 = a[i + 2] * b[o + 1] + a[i + 3] * b[o + 3];
                b[o] = c0;
                b[o + 1] = c1;
                b[o + 2] = c2;
                b[o + 3] = c3;
            }
        }
    }

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm w = MPI.COMM_WORLD;
        rank = w.Rank();
        size = w.Size();

        Op abs = new Op(new AbsSum(), true);
        int[] in = {rank - 2, -rank, 5};
        int[] out = new int[3];
        w.Reduce(in, 0, out, 0, 3, MPI.INT, abs, size - 1);
        p("AbsSum Reduce INT: " + (rank == size - 1 ? Arrays.toString(out) : "(not root)"));
        out = new int[3];
        w.Allreduce(in, 0, out, 0, 3, MPI.INT, abs);
        p("AbsSum Allreduce INT: " + Arrays.toString(out));
        double[] din = {rank - 0.5, -rank * 0.25};
        double[] dout = new double[2];
        w.Allreduce(din, 0, dout, 0, 2, MPI.DOUBLE, abs);
        p("AbsSum Allreduce DOUBLE: " + Arrays.toString(dout));
        out = new int[3];
        w.Scan(in, 0, out, 0, 3, MPI.INT, abs);
        p("AbsSum Scan INT: " + Arrays.toString(out));

        // Rank r's matrix is [[1, r+1], [0, 1]] (shear, commutes) times ... use [[r+1, 1], [1, 0]], which does not
        Op mat = new Op(new MatMul(), false);
        int[] m = {rank + 1, 1, 1, 0, 1, rank, 0, 1};
        int[] mo = new int[8];
        w.Reduce(m, 0, mo, 0, 8, MPI.INT, mat, 0);
        p("MatMul Reduce: " + (rank == 0 ? Arrays.toString(mo) : "(not root)"));
        mo = new int[8];
        w.Allreduce(m, 0, mo, 0, 8, MPI.INT, mat);
        p("MatMul Allreduce: " + Arrays.toString(mo));
        mo = new int[8];
        w.Scan(m, 0, mo, 0, 8, MPI.INT, mat);
        p("MatMul Scan: " + Arrays.toString(mo));

        // Reduce_scatter with the commutative user op: one result per rank
        int[] counts = new int[size];
        Arrays.fill(counts, 1);
        int[] rs = new int[size];
        for (int i = 0; i < size; i++) {
            rs[i] = (i - rank) * (i % 2 == 0 ? 1 : -1);
        }
        int[] rsOut = new int[1];
        w.Reduce_scatter(rs, 0, rsOut, 0, counts, MPI.INT, abs);
        p("AbsSum Reduce_scatter: " + rsOut[0]);

        w.Barrier();
        MPI.Finalize();
    }
}
