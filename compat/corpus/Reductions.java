// compat: np=2,4
// Reduce, Allreduce, Scan and Reduce_scatter with the built-in ops on every primitive type they apply to in both
// MPJ Express and mpiJava 1.2: MAX MIN SUM PROD on BYTE SHORT CHAR INT LONG FLOAT DOUBLE, BAND BOR BXOR on the
// integer types and CHAR, LAND LOR LXOR on BOOLEAN. Values are small integers (exact in every order of reduction).
import java.util.Arrays;

import mpi.*;

public class Reductions {
    static int rank, size;

    static void p(String s) {
        byte[] b = (rank + ": " + s + "\n").getBytes(java.nio.charset.StandardCharsets.UTF_8);
        System.out.write(b, 0, b.length); // one write(2) per line: lines of different ranks never mix
        System.out.flush();
    }

    /** 3 values per rank: i + 1, rank - i, rank * 3 + i (kept small: products of up to 4 of them fit a byte) */
    static long v(int i) {
        return i == 0 ? rank + 1 : i == 1 ? rank - 1 : rank * 3 + i - 2;
    }

    static Object array(String type) {
        int n = 3;
        switch (type) {
            case "BYTE": { byte[] a = new byte[n]; for (int i = 0; i < n; i++) a[i] = (byte) v(i); return a; }
            case "SHORT": { short[] a = new short[n]; for (int i = 0; i < n; i++) a[i] = (short) v(i); return a; }
            case "CHAR": { char[] a = new char[n]; for (int i = 0; i < n; i++) a[i] = (char) (v(i) + 2); return a; }
            case "INT": { int[] a = new int[n]; for (int i = 0; i < n; i++) a[i] = (int) v(i); return a; }
            case "LONG": { long[] a = new long[n]; for (int i = 0; i < n; i++) a[i] = v(i) << 33; return a; }
            case "FLOAT": { float[] a = new float[n]; for (int i = 0; i < n; i++) a[i] = v(i) / 2f; return a; }
            default: { double[] a = new double[n]; for (int i = 0; i < n; i++) a[i] = v(i) / 4.0; return a; }
        }
    }

    static Object empty(String type, int n) {
        switch (type) {
            case "BYTE": return new byte[n];
            case "SHORT": return new short[n];
            case "CHAR": return new char[n];
            case "INT": return new int[n];
            case "LONG": return new long[n];
            case "FLOAT": return new float[n];
            case "BOOLEAN": return new boolean[n];
            default: return new double[n];
        }
    }

    static String show(Object a) {
        if (a instanceof byte[]) return Arrays.toString((byte[]) a);
        if (a instanceof char[]) {
            int[] c = new int[((char[]) a).length];
            for (int i = 0; i < c.length; i++) c[i] = ((char[]) a)[i];
            return Arrays.toString(c);
        }
        if (a instanceof short[]) return Arrays.toString((short[]) a);
        if (a instanceof boolean[]) return Arrays.toString((boolean[]) a);
        if (a instanceof int[]) return Arrays.toString((int[]) a);
        if (a instanceof long[]) return Arrays.toString((long[]) a);
        if (a instanceof float[]) return Arrays.toString((float[]) a);
        return Arrays.toString((double[]) a);
    }

    static Datatype type(String name) {
        switch (name) {
            case "BYTE": return MPI.BYTE;
            case "SHORT": return MPI.SHORT;
            case "CHAR": return MPI.CHAR;
            case "INT": return MPI.INT;
            case "LONG": return MPI.LONG;
            case "FLOAT": return MPI.FLOAT;
            case "BOOLEAN": return MPI.BOOLEAN;
            default: return MPI.DOUBLE;
        }
    }

    static void all(Intracomm w, String tn, Object send, Op op, String opName) throws MPIException {
        Datatype t = type(tn);
        int root = opName.length() % size;
        Object r = empty(tn, 3);
        w.Reduce(send, 0, r, 0, 3, t, op, root);
        p("Reduce " + opName + " " + tn + " root " + root + ": " + (rank == root ? show(r) : "(not root)"));
        r = empty(tn, 3);
        w.Allreduce(send, 0, r, 0, 3, t, op);
        p("Allreduce " + opName + " " + tn + ": " + show(r));
        r = empty(tn, 3);
        w.Scan(send, 0, r, 0, 3, t, op);
        p("Scan " + opName + " " + tn + ": " + show(r));
    }

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm w = MPI.COMM_WORLD;
        rank = w.Rank();
        size = w.Size();

        String[] numeric = {"BYTE", "SHORT", "CHAR", "INT", "LONG", "FLOAT", "DOUBLE"};
        Op[] arith = {MPI.MAX, MPI.MIN, MPI.SUM, MPI.PROD};
        String[] arithNames = {"MAX", "MIN", "SUM", "PROD"};
        for (String tn : numeric) {
            for (int o = 0; o < arith.length; o++) {
                all(w, tn, array(tn), arith[o], arithNames[o]);
            }
        }
        String[] integer = {"BYTE", "SHORT", "CHAR", "INT", "LONG"};
        Op[] bits = {MPI.BAND, MPI.BOR, MPI.BXOR};
        String[] bitNames = {"BAND", "BOR", "BXOR"};
        for (String tn : integer) {
            for (int o = 0; o < bits.length; o++) {
                all(w, tn, array(tn), bits[o], bitNames[o]);
            }
        }
        boolean[] bools = {true, rank % 2 == 0, rank == 1};
        Op[] logic = {MPI.LAND, MPI.LOR, MPI.LXOR};
        String[] logicNames = {"LAND", "LOR", "LXOR"};
        for (int o = 0; o < logic.length; o++) {
            all(w, "BOOLEAN", bools, logic[o], logicNames[o]);
        }

        // Reduce_scatter: rank r gets r + 1 sums
        int total = size * (size + 1) / 2;
        int[] counts = new int[size];
        for (int r = 0; r < size; r++) {
            counts[r] = r + 1;
        }
        int[] in = new int[total];
        double[] din = new double[total];
        for (int i = 0; i < total; i++) {
            in[i] = rank * 100 + i;
            din[i] = rank + i / 8.0;
        }
        int[] out = new int[rank + 1];
        w.Reduce_scatter(in, 0, out, 0, counts, MPI.INT, MPI.SUM);
        p("Reduce_scatter SUM INT: " + Arrays.toString(out));
        double[] dout = new double[rank + 1];
        w.Reduce_scatter(din, 0, dout, 0, counts, MPI.DOUBLE, MPI.MAX);
        p("Reduce_scatter MAX DOUBLE: " + Arrays.toString(dout));

        w.Barrier();
        MPI.Finalize();
    }
}
