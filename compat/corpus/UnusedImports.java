// compat: np=2,4
// compat: natmpj-compiled
// A program as IDEs write them for MPJ Express: on-demand imports of MPJ Express's own packages mpjdev and mpjbuf
// that nothing uses, and single-type imports of the mpi classes whose simple names those packages share (Status,
// Request), which MPJ Express's jar needs to tell them apart. It must compile against natmpj.jar unchanged, with
// javac and Eclipse's compiler, and print the same as when compiled against mpj.jar: ci/test-compat also builds it
// against natmpj.jar both ways and runs those classes ("natmpj-compiled" above).
import mpi.*;
import mpi.Request;
import mpi.Status;
import mpjbuf.*;
import mpjdev.*;

public class UnusedImports {
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
        int right = (rank + 1) % size, left = (rank + size - 1) % size;

        int[] out = {rank * 10, rank * 10 + 1}, in = new int[2];
        Status s = w.Sendrecv(out, 0, 2, MPI.INT, right, 7, in, 0, 2, MPI.INT, left, 7);
        p("Sendrecv from " + s.source + " tag " + s.tag + ": " + in[0] + " " + in[1]);

        double[] send = {rank + 0.5}, recv = new double[1];
        Request[] reqs = {w.Irecv(recv, 0, 1, MPI.DOUBLE, left, 8), w.Isend(send, 0, 1, MPI.DOUBLE, right, 8)};
        Status[] st = Request.Waitall(reqs);
        p("Irecv/Isend: " + recv[0] + " from " + st[0].source);

        long[] sum = new long[1];
        w.Allreduce(new long[] {rank + 1}, 0, sum, 0, 1, MPI.LONG, MPI.SUM);
        p("Allreduce SUM of rank+1: " + sum[0]);
        MPI.Finalize();
    }
}
