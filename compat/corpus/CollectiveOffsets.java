// compat: np=2,4
// Every collective with non-zero offsets into its send and receive arrays (the mpiJava offset arguments): Bcast,
// Gather, Gatherv, Scatter, Scatterv, Allgather, Allgatherv, Alltoall, Alltoallv, Reduce, Allreduce,
// Reduce_scatter and Scan. Receive arrays are pre-filled with -1 so misplaced data shows.
import java.util.Arrays;

import mpi.*;

public class CollectiveOffsets {
    static int rank, size;
    static boolean mpje;

    static void p(String s) {
        byte[] b = (rank + ": " + s + "\n").getBytes(java.nio.charset.StandardCharsets.UTF_8);
        System.out.write(b, 0, b.length); // one write(2) per line: lines of different ranks never mix
        System.out.flush();
    }

    static int[] filled(int n) {
        int[] a = new int[n];
        Arrays.fill(a, -1);
        return a;
    }

    /** {pad, pad, v0, v1, ...}: the payload starts at offset 2 */
    static int[] src(int... v) {
        int[] a = new int[v.length + 2];
        a[0] = a[1] = -9;
        System.arraycopy(v, 0, a, 2, v.length);
        return a;
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
        size = w.Size();
        int root = size - 1;
        int[] ones = new int[size], displs = new int[size];
        for (int i = 0; i < size; i++) {
            ones[i] = 1;
            displs[i] = i;
        }

        int[] b = rank == root ? src(5, 6) : filled(4);
        w.Bcast(b, 2, 2, MPI.INT, root);
        p("Bcast: " + Arrays.toString(b));

        int[] g = filled(size + 1);
        w.Gather(src(rank), 2, 1, MPI.INT, g, 1, 1, MPI.INT, root);
        p("Gather: " + (rank == root ? Arrays.toString(g) : "(not root)"));

        g = filled(size + 1);
        w.Gatherv(src(rank), 2, 1, MPI.INT, g, 1, ones, displs, MPI.INT, root);
        p("Gatherv: " + (rank == root ? Arrays.toString(g) : "(not root)"));

        int[] all = new int[size];
        for (int i = 0; i < size; i++) {
            all[i] = 100 + i;
        }
        int[] sc = filled(2);
        w.Scatter(src(all), 2, 1, MPI.INT, sc, 1, 1, MPI.INT, root);
        p("Scatter: " + Arrays.toString(sc));

        sc = filled(2);
        w.Scatterv(src(all), 2, ones, displs, MPI.INT, sc, 1, 1, MPI.INT, root);
        p("Scatterv: " + Arrays.toString(sc));

        int[] ag = filled(size + 1);
        w.Allgather(src(rank * 3), 2, 1, MPI.INT, ag, 1, 1, MPI.INT);
        p("Allgather: " + Arrays.toString(ag));

        ag = filled(size + 1);
        w.Allgatherv(src(rank * 3), 2, 1, MPI.INT, ag, 1, ones, displs, MPI.INT);
        p("Allgatherv: " + Arrays.toString(ag));

        int[] mine = new int[size];
        for (int i = 0; i < size; i++) {
            mine[i] = rank * 10 + i;
        }
        int[] a2a = filled(size + 1);
        w.Alltoall(src(mine), 2, 1, MPI.INT, a2a, 1, 1, MPI.INT);
        p("Alltoall: " + Arrays.toString(a2a));

        a2a = filled(size + 1);
        w.Alltoallv(src(mine), 2, ones, displs, MPI.INT, a2a, 1, ones, displs, MPI.INT);
        p("Alltoallv: " + Arrays.toString(a2a));

        int[] red = filled(3);
        String aioobe = "not called on MPJ Express: ArrayIndexOutOfBoundsException for a send offset > 0";
        if (mpje) {
            p("Reduce: " + aioobe);
        } else {
            w.Reduce(src(rank, 1), 2, red, 1, 2, MPI.INT, MPI.SUM, root);
            p("Reduce: " + (rank == root ? Arrays.toString(red) : "(not root)"));
        }

        red = filled(3);
        if (mpje) {
            p("Allreduce: " + aioobe);
        } else {
            w.Allreduce(src(rank, 1), 2, red, 1, 2, MPI.INT, MPI.SUM);
            p("Allreduce: " + Arrays.toString(red));
        }

        red = filled(3);
        w.Scan(src(rank, 1), 2, red, 1, 2, MPI.INT, MPI.SUM);
        p("Scan: " + Arrays.toString(red));

        int[] rs = filled(2);
        w.Reduce_scatter(src(mine), 2, rs, 1, ones, MPI.INT, MPI.SUM);
        p("Reduce_scatter: " + Arrays.toString(rs));

        w.Barrier();
        MPI.Finalize();
    }
}
