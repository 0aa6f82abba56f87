// compat: np=2
// Pack_size, and Pack/Unpack in the form MPJ Express 0.44 declares (mpiJava 1.2 packs into a byte[]; MPJ
// Express into an mpjbuf.Buffer, a class its mpj.jar carries, so programs built against mpj.jar use this form):
// ints and doubles packed one after the other, committed, unpacked again. Positions are the implementation's
// business and are not printed; only the data.
import java.util.Arrays;

import mpi.*;

public class PackUnpack {
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
        int bytes = w.Pack_size(3, MPI.INT) + w.Pack_size(2, MPI.DOUBLE);
        p("Pack_size(3, INT) + Pack_size(2, DOUBLE) >= 28: " + (bytes >= 28));

        mpjbuf.Buffer buf = new mpjbuf.Buffer(bytes);
        int pos = w.Pack(new int[] {rank, 20, 30}, 0, 3, MPI.INT, buf, 0);
        pos = w.Pack(new double[] {9, rank + 0.5, 7}, 1, 2, MPI.DOUBLE, buf, pos);
        p("packed within Pack_size: " + (pos > 0 && pos <= bytes));
        buf.commit();
        int[] ints = new int[4];
        double[] doubles = new double[2];
        int back = w.Unpack(buf, 0, ints, 1, 3, MPI.INT);
        w.Unpack(buf, back, doubles, 0, 2, MPI.DOUBLE);
        p("unpacked: " + Arrays.toString(ints) + " " + Arrays.toString(doubles));
        w.Barrier();
        MPI.Finalize();
    }
}
