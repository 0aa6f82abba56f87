// compat: np=2
// The environment: Initialized, Wtime and Wtick (sane, not printed), Get_processor_name (non-empty, not
// printed), the predefined constants that programs compare against (distinct where MPI requires), Pack_size
// (bounds only: its value is the implementation's), datatype sizes and extents of the basic types, and
// COMM_WORLD's size and rank seen through its group.
import mpi.*;

public class Environment {
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
        p("Initialized: " + MPI.Initialized());
        double t0 = MPI.Wtime();
        w.Barrier();
        double t1 = MPI.Wtime();
        p("Wtime non-decreasing: " + (t1 >= t0) + " Wtick positive: " + (MPI.Wtick() > 0));
        String name = MPI.Get_processor_name();
        p("Get_processor_name non-empty: " + (name != null && name.length() > 0));
        p("ANY_SOURCE, ANY_TAG, PROC_NULL, UNDEFINED distinct from ranks: "
                + (MPI.ANY_SOURCE < 0 && MPI.PROC_NULL < 0 && MPI.UNDEFINED < 0 && MPI.ANY_TAG < 0
                && MPI.ANY_SOURCE != MPI.PROC_NULL));
        p("IDENT CONGRUENT SIMILAR UNEQUAL distinct: " + (new java.util.HashSet<Integer>(java.util.Arrays.asList(
                MPI.IDENT, MPI.CONGRUENT, MPI.SIMILAR, MPI.UNEQUAL)).size() == 4));
        p("CART != GRAPH: " + (MPI.CART != MPI.GRAPH));
        p("group: size=" + w.Group().Size() + " rank=" + w.Group().Rank() + " comm size=" + size);

        Datatype[] types = {MPI.BYTE, MPI.CHAR, MPI.SHORT, MPI.BOOLEAN, MPI.INT, MPI.LONG, MPI.FLOAT, MPI.DOUBLE};
        String[] names = {"BYTE", "CHAR", "SHORT", "BOOLEAN", "INT", "LONG", "FLOAT", "DOUBLE"};
        int[] widths = {1, 2, 2, 1, 4, 8, 4, 8};
        for (int i = 0; i < types.length; i++) {
            int ps = w.Pack_size(10, types[i]);
            p(names[i] + ": Size=" + types[i].Size() + " Extent=" + types[i].Extent() + " Lb=" + types[i].Lb()
                    + " Pack_size(10) >= 10 * width: " + (ps >= 10 * widths[i]));
        }
        w.Barrier();
        MPI.Finalize();
    }
}
