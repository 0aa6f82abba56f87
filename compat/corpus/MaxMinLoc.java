// compat: np=2,4
// MAXLOC and MINLOC with Reduce, Allreduce and Scan on the pair types SHORT2 INT2 LONG2 FLOAT2 DOUBLE2, with ties
// (MPI: the lowest index wins a tie).
import java.util.Arrays;

import mpi.*;

public class MaxMinLoc {
    static int rank, size;

    static void p(String s) {
        byte[] b = (rank + ": " + s + "\n").getBytes(java.nio.charset.StandardCharsets.UTF_8);
        System.out.write(b, 0, b.length); // one write(2) per line: lines of different ranks never mix
        System.out.flush();
    }

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm w = MPI.COMM_WORLD;
        rank = w.Rank();
        size = w.Size();
        // Three pairs per rank: (value, index). Pair 0: distinct values; pair 1: all equal (tie); pair 2: the
        // two middle ranks tie for the maximum
        int[] v = {rank * 7 % 5, 3, rank == 1 || rank == 2 ? 9 : rank};
        Op[] ops = {MPI.MAXLOC, MPI.MINLOC};
        String[] opNames = {"MAXLOC", "MINLOC"};
        for (int o = 0; o < 2; o++) {
            int[] ii = new int[6];
            short[] ss = new short[6];
            long[] ll = new long[6];
            float[] ff = new float[6];
            double[] dd = new double[6];
            for (int k = 0; k < 3; k++) {
                ii[2 * k] = v[k] - 2;
                ii[2 * k + 1] = rank;
                ss[2 * k] = (short) (v[k] - 2);
                ss[2 * k + 1] = (short) rank;
                ll[2 * k] = (long) (v[k] - 2) << 40;
                ll[2 * k + 1] = rank;
                ff[2 * k] = v[k] / 2f;
                ff[2 * k + 1] = rank;
                dd[2 * k] = -v[k] / 4.0;
                dd[2 * k + 1] = rank;
            }
            Object[][] cases = {{"INT2", MPI.INT2, ii, new int[6], new int[6], new int[6]},
                {"SHORT2", MPI.SHORT2, ss, new short[6], new short[6], new short[6]},
                {"LONG2", MPI.LONG2, ll, new long[6], new long[6], new long[6]},
                {"FLOAT2", MPI.FLOAT2, ff, new float[6], new float[6], new float[6]},
                {"DOUBLE2", MPI.DOUBLE2, dd, new double[6], new double[6], new double[6]}};
            for (Object[] c : cases) {
                Datatype t = (Datatype) c[1];
                w.Reduce(c[2], 0, c[3], 0, 3, t, ops[o], 0);
                w.Allreduce(c[2], 0, c[4], 0, 3, t, ops[o]);
                w.Scan(c[2], 0, c[5], 0, 3, t, ops[o]);
                p(opNames[o] + " " + c[0] + " Reduce: " + (rank == 0 ? show(c[3]) : "(not root)"));
                p(opNames[o] + " " + c[0] + " Allreduce: " + show(c[4]));
                p(opNames[o] + " " + c[0] + " Scan: " + show(c[5]));
            }
        }
        w.Barrier();
        MPI.Finalize();
    }

    static String show(Object a) {
        if (a instanceof short[]) return Arrays.toString((short[]) a);
        if (a instanceof int[]) return Arrays.toString((int[]) a);
        if (a instanceof long[]) return Arrays.toString((long[]) a);
        if (a instanceof float[]) return Arrays.toString((float[]) a);
        return Arrays.toString((double[]) a);
    }
}
