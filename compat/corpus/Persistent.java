// compat: np=2
// Persistent requests: Send_init, Ssend_init, Bsend_init, Rsend_init and Recv_init started several times with
// Start and Startall and completed with Wait, Waitall and Test; the buffer's contents at each Start are sent.
// Also Is_null of a persistent request before its first start and after it completed (it stays a persistent
// request that can be started again). (MPJ Express declares no Request.Free.)
import java.util.Arrays;

import mpi.*;

public class Persistent {
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
        MPI.Buffer_attach(java.nio.ByteBuffer.allocateDirect(1 << 16));

        int[] out = new int[3];
        int[] in = new int[5];
        Prequest recv = w.Recv_init(in, 1, 3, MPI.INT, prev, 9);
        Prequest[] sends = {
            w.Send_init(out, 0, 3, MPI.INT, next, 9), w.Ssend_init(out, 0, 3, MPI.INT, next, 9),
            w.Bsend_init(out, 0, 3, MPI.INT, next, 9), w.Rsend_init(out, 0, 3, MPI.INT, next, 9)};
        String[] names = {"Send_init", "Ssend_init", "Bsend_init", "Rsend_init"};
        p("Recv_init Is_null before Start: " + recv.Is_null());
        for (int round = 0; round < 2; round++) {
            for (int m = 0; m < sends.length; m++) {
                if (mpje && round > 0 && names[m].equals("Bsend_init")) {
                    p(names[m] + " round " + round + ": not started again on MPJ Express: its second Start hangs");
                    continue;
                }
                out[0] = rank;
                out[1] = round;
                out[2] = m;
                recv.Start();
                w.Barrier(); // every receive is posted: Rsend_init may start
                sends[m].Start();
                Status s;
                if (m % 2 == 0) {
                    s = recv.Wait();
                } else {
                    while ((s = recv.Test()) == null) {
                        Thread.yield();
                    }
                }
                sends[m].Wait();
                p(names[m] + " round " + round + ": " + Arrays.toString(in) + " source=" + s.source + " tag="
                        + s.tag + " count=" + s.Get_count(MPI.INT));
            }
        }

        // Startall on receives and sends, Waitall; three rounds with new contents each time
        double[] dout = new double[2];
        double[] din = new double[2];
        Prequest[] both = {w.Recv_init(din, 0, 2, MPI.DOUBLE, prev, 10), w.Send_init(dout, 0, 2, MPI.DOUBLE, next, 10)};
        for (int round = 0; round < 3; round++) {
            dout[0] = rank + 0.5;
            dout[1] = round;
            Prequest.Startall(both);
            Status[] st = Request.Waitall(both);
            p("Startall round " + round + ": " + Arrays.toString(din) + " source=" + st[0].source + " tag="
                    + st[0].tag);
        }

        // A completed persistent request is inactive, not a null request: it can be started again
        p("Recv_init Is_null after completion: " + recv.Is_null());
        p("Send_init Is_null after completion: " + sends[0].Is_null());
        // ... and starts again
        out[0] = 100 + rank;
        recv.Start();
        sends[0].Start();
        recv.Wait();
        sends[0].Wait();
        p("restarted: " + Arrays.toString(in));

        w.Barrier();
        MPI.Finalize();
    }
}
