// compat: np=2,4
// Gatherv, Scatterv, Allgatherv and Alltoallv on primitive types with uneven counts (rank r contributes r+1
// items), reversed displacements with gaps, and count/displacement arrays LONGER than the communicator (only the
// first Size() entries count).
import java.util.Arrays;

import mpi.*;

public class CollectivesV {
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
        int extra = 3; // the arrays have this many entries beyond Size()
        int[] counts = new int[size + extra], displs = new int[size + extra];
        int total = 0;
        for (int r = size - 1; r >= 0; r--) { // reversed, one free slot before each block
            counts[r] = r + 1;
            displs[r] = total + 1;
            total += r + 2;
        }
        for (int i = size; i < size + extra; i++) {
            counts[i] = 1000;
            displs[i] = -5;
        }

        for (int root = 0; root < size; root++) {
            int[] mine = new int[rank + 2];
            for (int i = 0; i < mine.length; i++) {
                mine[i] = rank * 10 + i;
            }
            int[] g = new int[total];
            Arrays.fill(g, -1);
            w.Gatherv(mine, 1, rank + 1, MPI.INT, g, 0, counts, displs, MPI.INT, root);
            p("Gatherv INT root " + root + ": " + (rank == root ? Arrays.toString(g) : "(not root)"));

            double[] src = new double[total];
            for (int i = 0; i < total; i++) {
                src[i] = root + i / 100.0;
            }
            double[] sc = new double[rank + 1];
            w.Scatterv(src, 0, counts, displs, MPI.DOUBLE, sc, 0, rank + 1, MPI.DOUBLE, root);
            p("Scatterv DOUBLE root " + root + ": " + Arrays.toString(sc));
        }

        long[] ag = new long[total];
        long[] mineL = new long[rank + 1];
        Arrays.fill(mineL, 7L * rank);
        w.Allgatherv(mineL, 0, rank + 1, MPI.LONG, ag, 0, counts, displs, MPI.LONG);
        p("Allgatherv LONG: " + Arrays.toString(ag));

        // Alltoallv: rank r sends j+1 bytes to rank j (values r*16+j); receives r+1 from each
        int[] sc = new int[size + extra], sd = new int[size + extra], rc = new int[size + extra],
            rd = new int[size + extra];
        int so = 0, ro = 0;
        for (int j = 0; j < size; j++) {
            sc[j] = j + 1;
            sd[j] = so;
            so += j + 1;
            rc[j] = rank + 1;
            rd[j] = ro;
            ro += rank + 1;
        }
        byte[] sb = new byte[so];
        for (int j = 0; j < size; j++) {
            for (int k = 0; k < sc[j]; k++) {
                sb[sd[j] + k] = (byte) (rank * 16 + j);
            }
        }
        byte[] rb = new byte[ro];
        w.Alltoallv(sb, 0, sc, sd, MPI.BYTE, rb, 0, rc, rd, MPI.BYTE);
        p("Alltoallv BYTE: " + Arrays.toString(rb));

        // Zero counts: rank 0 contributes nothing to a Gatherv
        int[] zc = new int[size], zd = new int[size];
        for (int r = 0; r < size; r++) {
            zc[r] = r == 0 ? 0 : 1;
            zd[r] = r;
        }
        int[] zg = new int[size];
        Arrays.fill(zg, -1);
        w.Gatherv(new int[] {rank}, 0, rank == 0 ? 0 : 1, MPI.INT, zg, 0, zc, zd, MPI.INT, 0);
        p("Gatherv zero count: " + (rank == 0 ? Arrays.toString(zg) : "(not root)"));

        w.Barrier();
        MPI.Finalize();
    }
}
