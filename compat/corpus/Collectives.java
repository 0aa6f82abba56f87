// compat: np=2,4
// Barrier, Bcast, Gather, Scatter, Allgather and Alltoall on several primitive types, from every root, and on a
// sub-communicator of COMM_WORLD (even and odd ranks). Buffers start at offset 0 (CollectiveOffsets does the
// rest).
import java.util.Arrays;

import mpi.*;

public class Collectives {
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
        w.Barrier();

        for (int root = 0; root < size; root++) {
            // Bcast
            int[] bi = {-1, -1, -1, -1};
            if (rank == root) {
                bi = new int[] {-1, root, root * 10, root * 100};
            }
            w.Bcast(bi, 0, 4, MPI.INT, root);
            p("Bcast INT root " + root + ": " + Arrays.toString(bi));
            boolean[] bb = new boolean[3];
            if (rank == root) {
                bb = new boolean[] {true, root % 2 == 1, false};
            }
            w.Bcast(bb, 0, 3, MPI.BOOLEAN, root);
            p("Bcast BOOLEAN root " + root + ": " + Arrays.toString(bb));

            // Gather: 2 doubles per rank
            double[] gd = new double[2 * size + 1];
            w.Gather(new double[] {rank + 0.5, -rank, 99}, 0, 2, MPI.DOUBLE, gd, 0, 2, MPI.DOUBLE, root);
            p("Gather DOUBLE root " + root + ": " + (rank == root ? Arrays.toString(gd) : "(not root)"));

            // Scatter: 2 shorts per rank
            short[] src = new short[2 * size];
            for (int i = 0; i < src.length; i++) {
                src[i] = (short) (root * 1000 + i);
            }
            short[] sc = new short[3];
            w.Scatter(src, 0, 2, MPI.SHORT, sc, 0, 2, MPI.SHORT, root);
            p("Scatter SHORT root " + root + ": " + Arrays.toString(sc));
        }

        // Allgather: 3 longs per rank
        long[] ag = new long[3 * size];
        w.Allgather(new long[] {rank, rank * rank, -rank}, 0, 3, MPI.LONG, ag, 0, 3, MPI.LONG);
        p("Allgather LONG: " + Arrays.toString(ag));
        char[] agc = new char[size];
        w.Allgather(new char[] {(char) ('A' + rank)}, 0, 1, MPI.CHAR, agc, 0, 1, MPI.CHAR);
        p("Allgather CHAR: " + new String(agc));

        // Alltoall: 2 ints to each rank
        int[] a2a = new int[2 * size];
        for (int i = 0; i < size; i++) {
            a2a[2 * i] = rank * 100 + i;
            a2a[2 * i + 1] = -(rank * 100 + i);
        }
        int[] a2aIn = new int[2 * size];
        w.Alltoall(a2a, 0, 2, MPI.INT, a2aIn, 0, 2, MPI.INT);
        p("Alltoall INT: " + Arrays.toString(a2aIn));
        float[] a2f = new float[size];
        for (int i = 0; i < size; i++) {
            a2f[i] = rank + i / 10f;
        }
        float[] a2fIn = new float[size];
        w.Alltoall(a2f, 0, 1, MPI.FLOAT, a2fIn, 0, 1, MPI.FLOAT);
        p("Alltoall FLOAT: " + Arrays.toString(a2fIn));

        // The same on a split communicator
        Intracomm half = w.Split(rank % 2, rank);
        int[] hb = {half.Rank() == 0 ? 500 + rank : 0};
        half.Bcast(hb, 0, 1, MPI.INT, 0);
        int[] hg = new int[half.Size()];
        half.Allgather(new int[] {rank}, 0, 1, MPI.INT, hg, 0, 1, MPI.INT);
        p("split Bcast/Allgather: " + hb[0] + " " + Arrays.toString(hg));

        w.Barrier();
        MPI.Finalize();
    }
}
