// compat: np=2
// Send/Recv of every primitive datatype (BYTE CHAR SHORT BOOLEAN INT LONG FLOAT DOUBLE) from an offset into an
// offset, extreme values included, with Get_count and Get_elements; and empty messages (count 0).
import java.util.Arrays;

import mpi.*;

public class P2pTypes {
    static int rank;

    static void p(String s) {
        byte[] b = (rank + ": " + s + "\n").getBytes(java.nio.charset.StandardCharsets.UTF_8);
        System.out.write(b, 0, b.length); // one write(2) per line: lines of different ranks never mix
        System.out.flush();
    }

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm w = MPI.COMM_WORLD;
        rank = w.Rank();
        int size = w.Size();
        int next = (rank + 1) % size, prev = (rank + size - 1) % size;
        int r = rank;

        Object[][] data = {
            {"BYTE", MPI.BYTE, new byte[] {9, (byte) r, Byte.MIN_VALUE, Byte.MAX_VALUE, -1}, new byte[6]},
            {"CHAR", MPI.CHAR, new char[] {'z', (char) ('a' + r), '\u00e9', '\uffff', 0}, new char[6]},
            {"SHORT", MPI.SHORT, new short[] {9, (short) r, Short.MIN_VALUE, Short.MAX_VALUE, -1}, new short[6]},
            {"BOOLEAN", MPI.BOOLEAN, new boolean[] {false, r % 2 == 0, true, false, true}, new boolean[6]},
            {"INT", MPI.INT, new int[] {9, r, Integer.MIN_VALUE, Integer.MAX_VALUE, -1}, new int[6]},
            {"LONG", MPI.LONG, new long[] {9, r, Long.MIN_VALUE, Long.MAX_VALUE, -1}, new long[6]},
            {"FLOAT", MPI.FLOAT, new float[] {9, r + 0.5f, Float.MIN_VALUE, Float.MAX_VALUE, -0.0f}, new float[6]},
            {"DOUBLE", MPI.DOUBLE, new double[] {9, r + 0.25, Double.MIN_VALUE, Double.MAX_VALUE, Double.NaN},
                new double[6]},
        };
        for (int i = 0; i < data.length; i++) {
            String name = (String) data[i][0];
            Datatype t = (Datatype) data[i][1];
            Object out = data[i][2], in = data[i][3];
            Status s;
            // elements 1..4 of out into elements 2..5 of in
            if (rank % 2 == 0) {
                w.Send(out, 1, 4, t, next, i);
                s = w.Recv(in, 2, 4, t, prev, i);
            } else {
                s = w.Recv(in, 2, 4, t, prev, i);
                w.Send(out, 1, 4, t, next, i);
            }
            p(name + ": " + show(in) + " count=" + s.Get_count(t) + " elements=" + s.Get_elements(t) + " source="
                    + s.source + " tag=" + s.tag);
        }

        // Empty messages
        int[] none = {5, 6};
        Request rr = w.Irecv(none, 1, 0, MPI.INT, prev, 70);
        w.Send(none, 0, 0, MPI.INT, next, 70);
        Status s = rr.Wait();
        p("empty: " + Arrays.toString(none) + " count=" + s.Get_count(MPI.INT) + " source=" + s.source + " tag="
                + s.tag);

        w.Barrier();
        MPI.Finalize();
    }

    static String show(Object a) {
        if (a instanceof byte[]) return Arrays.toString((byte[]) a);
        if (a instanceof char[]) {
            StringBuilder b = new StringBuilder();
            for (char c : (char[]) a) b.append((int) c).append(' ');
            return b.toString().trim();
        }
        if (a instanceof short[]) return Arrays.toString((short[]) a);
        if (a instanceof boolean[]) return Arrays.toString((boolean[]) a);
        if (a instanceof int[]) return Arrays.toString((int[]) a);
        if (a instanceof long[]) return Arrays.toString((long[]) a);
        if (a instanceof float[]) return Arrays.toString((float[]) a);
        return Arrays.toString((double[]) a);
    }
}
