// compat: np=2,4
// MPI.OBJECT in Gatherv, Scatterv, Allgatherv and Alltoallv with uneven counts and displacements, first with
// count/displacement arrays of exactly Size() entries, then with arrays LONGER than the communicator (only the
// first Size() entries count, as for the primitive types).
import java.util.Arrays;

import mpi.*;

public class ObjectCollectivesV {
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
        for (int extra : new int[] {0, 3}) {
            String tag = extra == 0 ? "exact" : "longer";
            int[] counts = new int[size + extra], displs = new int[size + extra];
            int total = 0;
            for (int r = size - 1; r >= 0; r--) {
                counts[r] = r + 1;
                displs[r] = total;
                total += r + 1;
            }
            for (int i = size; i < size + extra; i++) {
                counts[i] = 7;
                displs[i] = 2 * total;
            }
            int root = size - 1;

            Object[] mine = new Object[rank + 1];
            for (int i = 0; i <= rank; i++) {
                mine[i] = "r" + rank + "." + i;
            }
            Object[] g = new Object[total];
            w.Gatherv(mine, 0, rank + 1, MPI.OBJECT, g, 0, counts, displs, MPI.OBJECT, root);
            p("Gatherv OBJECT " + tag + ": " + (rank == root ? Arrays.toString(g) : "(not root)"));

            Object[] src = new Object[total];
            for (int i = 0; i < total; i++) {
                src[i] = Integer.valueOf(i * 11);
            }
            Object[] sc = new Object[rank + 1];
            w.Scatterv(src, 0, counts, displs, MPI.OBJECT, sc, 0, rank + 1, MPI.OBJECT, root);
            p("Scatterv OBJECT " + tag + ": " + Arrays.toString(sc));

            Object[] ag = new Object[total];
            w.Allgatherv(mine, 0, rank + 1, MPI.OBJECT, ag, 0, counts, displs, MPI.OBJECT);
            p("Allgatherv OBJECT " + tag + ": " + Arrays.toString(ag));

            // Alltoallv: rank r sends j + 1 objects to rank j, receives r + 1 from each
            int[] sco = new int[size + extra], sdi = new int[size + extra], rco = new int[size + extra],
                rdi = new int[size + extra];
            int so = 0, ro = 0;
            for (int j = 0; j < size; j++) {
                sco[j] = j + 1;
                sdi[j] = so;
                so += j + 1;
                rco[j] = rank + 1;
                rdi[j] = ro;
                ro += rank + 1;
            }
            for (int i = size; i < size + extra; i++) {
                sco[i] = rco[i] = 5;
                sdi[i] = rdi[i] = 3 * so;
            }
            Object[] sb = new Object[so];
            for (int j = 0; j < size; j++) {
                for (int k = 0; k < sco[j]; k++) {
                    sb[sdi[j] + k] = rank + ">" + j + "#" + k;
                }
            }
            Object[] rb = new Object[ro];
            w.Alltoallv(sb, 0, sco, sdi, MPI.OBJECT, rb, 0, rco, rdi, MPI.OBJECT);
            p("Alltoallv OBJECT " + tag + ": " + Arrays.toString(rb));
        }
        w.Barrier();
        MPI.Finalize();
    }
}
