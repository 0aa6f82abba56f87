// compat: np=2
// Buffered mode: Buffer_attach of a direct ByteBuffer, Bsend and Ibsend of several messages before any receive
// is posted, Buffer_detach (which waits for the buffered messages to leave), attaching a second buffer, and
// MPI.BSEND_OVERHEAD.
import java.nio.ByteBuffer;
import java.util.Arrays;

import mpi.*;

public class Buffered {
    static int rank;
    static boolean mpje;

    static void p(String s) {
        byte[] b = (rank + ": " + s + "\n").getBytes(java.nio.charset.StandardCharsets.UTF_8);
        System.out.write(b, 0, b.length); // one write(2) per line: lines of different ranks never mix
        System.out.flush();
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
        p("BSEND_OVERHEAD >= 0: " + (MPI.BSEND_OVERHEAD >= 0));

        MPI.Buffer_attach(ByteBuffer.allocateDirect(4 * (1000 * 4 + 8 * MPI.BSEND_OVERHEAD) + 4096));
        // Every rank buffers three messages to the next before anyone receives (on MPJ Express, whose Bsend
        // waits for its receive, the receives are posted first: the data lines stay comparable)
        int[][] in = new int[3][1000];
        double[] d = new double[1];
        Request[] pre = new Request[4];
        if (mpje) {
            p("Bsend x3 and Ibsend before any receive: not tested on MPJ Express: its Bsend waits for the "
                    + "matching receive (all ranks hang)");
            for (int m = 0; m < 3; m++) {
                pre[m] = w.Irecv(in[m], 0, 1000, MPI.INT, prev, m);
            }
            pre[3] = w.Irecv(d, 0, 1, MPI.DOUBLE, prev, 3);
            w.Barrier();
        }
        for (int m = 0; m < 3; m++) {
            int[] out = new int[1000];
            Arrays.fill(out, rank * 10 + m);
            w.Bsend(out, 0, 1000, MPI.INT, next, m);
        }
        Request ib = w.Ibsend(new double[] {rank + 0.5}, 0, 1, MPI.DOUBLE, next, 3);
        if (!mpje) {
            p("Bsend x3 and Ibsend before any receive: returned");
        }
        w.Barrier();
        long total = 0;
        for (int m = 2; m >= 0; m--) { // receive in reverse tag order
            Status s = mpje ? pre[m].Wait() : w.Recv(in[m], 0, 1000, MPI.INT, prev, m);
            total += in[m][0] + in[m][999];
            p("Bsend tag " + m + ": first=" + in[m][0] + " last=" + in[m][999] + " count=" + s.Get_count(MPI.INT));
        }
        if (mpje) {
            pre[3].Wait();
        } else {
            w.Recv(d, 0, 1, MPI.DOUBLE, prev, 3);
        }
        ib.Wait();
        p("Ibsend: " + d[0] + " total=" + total);
        MPI.Buffer_detach();
        p("Buffer_detach returned");

        // A second buffer after the first was detached
        MPI.Buffer_attach(ByteBuffer.allocateDirect(1024 + MPI.BSEND_OVERHEAD));
        w.Bsend(new int[] {rank}, 0, 1, MPI.INT, next, 9);
        int[] one = new int[1];
        w.Recv(one, 0, 1, MPI.INT, prev, 9);
        MPI.Buffer_detach();
        p("second buffer: " + one[0]);

        w.Barrier();
        MPI.Finalize();
    }
}
