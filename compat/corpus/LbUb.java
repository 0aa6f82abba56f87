// compat: np=2
// MPI.LB and MPI.UB markers in Struct: bounds and extent of a type with markers, a resized type sent with count
// > 1 (the markers space the items), and zero-size types: a Struct of only LB/UB markers (extent from the
// markers, size 0) sent with count > 0, alone and inside another Struct.
import java.util.Arrays;

import mpi.*;

public class LbUb {
    static int rank;
    static boolean mpje;
    static final String NPE = "not called on MPJ Express: sending or receiving a type with LB/UB markers throws "
            + "NullPointerException (itemPacker is null)";

    static void p(String s) {
        byte[] b = (rank + ": " + s + "\n").getBytes(java.nio.charset.StandardCharsets.UTF_8);
        System.out.write(b, 0, b.length); // one write(2) per line: lines of different ranks never mix
        System.out.flush();
    }

    static String bounds(Datatype t) throws MPIException {
        return "extent=" + t.Extent() + " size=" + t.Size() + " lb=" + t.Lb() + " ub=" + t.Ub();
    }

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        try {
            Class.forName("mpjdev.Comm");
            mpje = true;
        } catch (ClassNotFoundException e) {
            mpje = false;
        }
        Intracomm w = MPI.COMM_WORLD;
        rank = w.Rank();
        int size = w.Size();
        int next = (rank + 1) % size, prev = (rank + size - 1) % size;

        // 2 ints at displacement 1, LB at 0, UB at 4: extent 4
        Datatype padded = Datatype.Struct(new int[] {1, 2, 1}, new int[] {0, 1, 4},
                new Datatype[] {MPI.LB, MPI.INT, MPI.UB});
        padded.Commit();
        p("Struct(LB@0, 2 INT@1, UB@4): " + bounds(padded));
        int[] src = new int[12];
        for (int i = 0; i < src.length; i++) {
            src[i] = rank * 100 + i;
        }
        int[] in = new int[6];
        Arrays.fill(in, -1);
        Status s;
        if (mpje) {
            p("3 padded items received as INT: " + NPE);
            p("6 INT received as 3 padded items: " + NPE);
        } else {
            s = w.Sendrecv(src, 0, 3, padded, next, 1, in, 0, 6, MPI.INT, prev, 1);
            p("3 padded items received as INT: " + Arrays.toString(in) + " count=" + s.Get_count(MPI.INT));
            int[] spread = new int[12];
            Arrays.fill(spread, -1);
            s = w.Sendrecv(src, 0, 6, MPI.INT, next, 2, spread, 0, 3, padded, prev, 2);
            p("6 INT received as 3 padded items: " + Arrays.toString(spread) + " count(type)="
                    + s.Get_count(padded));
        }

        // LB after the data: a negative lower bound is not possible from offset 0, so LB at 2, data at 3..4, UB 6
        Datatype shifted = Datatype.Struct(new int[] {1, 2, 1}, new int[] {2, 3, 6},
                new Datatype[] {MPI.LB, MPI.INT, MPI.UB});
        shifted.Commit();
        p("Struct(LB@2, 2 INT@3, UB@6): " + bounds(shifted));

        // A Vector of the padded type: its extent comes from the markers
        Datatype vec = Datatype.Vector(2, 1, 2, padded);
        vec.Commit();
        p("Vector(2,1,2) of padded: " + bounds(vec));

        // Zero-size types: only markers
        Datatype empty = Datatype.Struct(new int[] {1, 1}, new int[] {0, 3}, new Datatype[] {MPI.LB, MPI.UB});
        empty.Commit();
        p("Struct(LB@0, UB@3): " + bounds(empty));
        int[] zin = {-1, -1};
        if (mpje) {
            p("5 zero-size items: " + NPE);
            p("zero-size Isend/Irecv: " + NPE);
        } else {
            s = w.Sendrecv(src, 0, 5, empty, next, 3, zin, 0, 5, empty, prev, 3);
            p("5 zero-size items: " + Arrays.toString(zin) + " count(type)=" + s.Get_count(empty) + " count(INT)="
                    + s.Get_count(MPI.INT) + " source=" + s.source + " tag=" + s.tag);
            Request rr = w.Irecv(zin, 0, 2, empty, prev, 4);
            w.Send(src, 0, 2, empty, next, 4);
            s = rr.Wait();
            p("zero-size Isend/Irecv: " + Arrays.toString(zin) + " source=" + s.source + " tag=" + s.tag);
        }
        // inside another Struct: 2 zero-size items (markers at 0, 3, 3, 6) and an INT at 4 (ub 6 either way)
        Datatype outer = Datatype.Struct(new int[] {2, 1}, new int[] {0, 4}, new Datatype[] {empty, MPI.INT});
        outer.Commit();
        p("Struct(2 zero-size, INT@4): " + bounds(outer));
        int[] oin = new int[8];
        Arrays.fill(oin, -1);
        if (mpje) {
            p("Struct with zero-size part: " + NPE);
        } else {
            w.Sendrecv(src, 0, 1, outer, next, 5, oin, 0, 1, outer, prev, 5);
            p("Struct with zero-size part: " + Arrays.toString(oin));
        }

        w.Barrier();
        MPI.Finalize();
    }
}
