// compat: np=2,4
// MPI.OBJECT in every collective: Bcast, Gather, Scatter, Allgather, Alltoall (at offsets), Reduce, Allreduce and
// Scan with a user op on objects (string concatenation: not commutative, so rank order shows), and
// Reduce_scatter of MPI.OBJECT (element-wise concatenation, rank r gets r + 1 results).
import java.util.Arrays;

import mpi.*;

public class ObjectCollectives {
    static int rank, size;

    static void p(String s) {
        byte[] b = (rank + ": " + s + "\n").getBytes(java.nio.charset.StandardCharsets.UTF_8);
        System.out.write(b, 0, b.length); // one write(2) per line: lines of different ranks never mix
        System.out.flush();
    }

    /** inout[i] = in[i] + inout[i] (strings; MPI applies in rank order: lower ranks' parts first) */
    static class Concat extends User_function {
        public void Call(Object in, int inOff, Object inout, int inoutOff, int count, Datatype type) {
            Object[] a = (Object[]) in, b = (Object[]) inout;
            for (int i = 0; i < count; i++) {
                b[inoutOff + i] = (String) a[inOff + i] + (String) b[inoutOff + i];
            }
        }
    }

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm w = MPI.COMM_WORLD;
        rank = w.Rank();
        size = w.Size();

        for (int root = 0; root < size; root++) {
            Object[] b = new Object[3];
            if (rank == root) {
                b = new Object[] {"x", "bcast from " + root, new int[] {root, root}};
            }
            w.Bcast(b, 1, 2, MPI.OBJECT, root);
            p("Bcast OBJECT root " + root + ": " + b[1] + " " + Arrays.toString((int[]) b[2]));

            Object[] g = new Object[size + 1];
            w.Gather(new Object[] {"g" + rank, "unused"}, 0, 1, MPI.OBJECT, g, 1, 1, MPI.OBJECT, root);
            p("Gather OBJECT root " + root + ": " + (rank == root ? Arrays.toString(g) : "(not root)"));

            Object[] src = new Object[2 * size + 1];
            for (int i = 0; i < src.length; i++) {
                src[i] = "s" + root + "." + i;
            }
            Object[] sc = new Object[2];
            w.Scatter(src, 1, 2, MPI.OBJECT, sc, 0, 2, MPI.OBJECT, root);
            p("Scatter OBJECT root " + root + ": " + Arrays.toString(sc));
        }

        Object[] ag = new Object[2 * size];
        w.Allgather(new Object[] {rank, "a" + rank}, 0, 2, MPI.OBJECT, ag, 0, 2, MPI.OBJECT);
        p("Allgather OBJECT: " + Arrays.toString(ag));

        Object[] mine = new Object[size];
        for (int i = 0; i < size; i++) {
            mine[i] = rank + "->" + i;
        }
        Object[] a2a = new Object[size];
        w.Alltoall(mine, 0, 1, MPI.OBJECT, a2a, 0, 1, MPI.OBJECT);
        p("Alltoall OBJECT: " + Arrays.toString(a2a));

        Op concat = new Op(new Concat(), false);
        Object[] in = {"<" + rank, rank + ">"};
        Object[] out = new Object[2];
        w.Reduce(in, 0, out, 0, 2, MPI.OBJECT, concat, size - 1);
        p("Reduce OBJECT: " + (rank == size - 1 ? Arrays.toString(out) : "(not root)"));
        out = new Object[2];
        w.Allreduce(in, 0, out, 0, 2, MPI.OBJECT, concat);
        p("Allreduce OBJECT: " + Arrays.toString(out));
        out = new Object[2];
        w.Scan(in, 0, out, 0, 2, MPI.OBJECT, concat);
        p("Scan OBJECT: " + Arrays.toString(out));

        // Reduce_scatter of MPI.OBJECT
        int total = size * (size + 1) / 2;
        int[] counts = new int[size];
        for (int r = 0; r < size; r++) {
            counts[r] = r + 1;
        }
        Object[] rs = new Object[total];
        for (int i = 0; i < total; i++) {
            rs[i] = i + "" + (char) ('a' + rank);
        }
        Object[] rsOut = new Object[rank + 1];
        w.Reduce_scatter(rs, 0, rsOut, 0, counts, MPI.OBJECT, concat);
        p("Reduce_scatter OBJECT: " + Arrays.toString(rsOut));

        w.Barrier();
        MPI.Finalize();
    }
}
