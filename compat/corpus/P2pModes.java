// compat: np=2,4
// Point-to-point in every blocking mode around a ring: Send, Ssend, Bsend (attached buffer), Rsend (receive
// posted first), Sendrecv and Sendrecv_replace, with the Status fields and Get_count of each receive; and
// MPI.PROC_NULL as destination and source.
import java.nio.ByteBuffer;

import mpi.*;

public class P2pModes {
    static int rank;
    static boolean mpje;

    static void p(String s) {
        byte[] b = (rank + ": " + s + "\n").getBytes(java.nio.charset.StandardCharsets.UTF_8);
        System.out.write(b, 0, b.length); // one write(2) per line: lines of different ranks never mix
        System.out.flush();
    }

    static String st(Status s, Datatype t) throws MPIException {
        return "source=" + s.source + " tag=" + s.tag + " count=" + s.Get_count(t);
    }

    static String str(int[] a) {
        return java.util.Arrays.toString(a);
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
        MPI.Buffer_attach(ByteBuffer.allocateDirect(1 << 16));

        String[] modes = {"Send", "Ssend", "Bsend", "Rsend"};
        for (int m = 0; m < modes.length; m++) {
            int[] out = {rank, 10 * rank, 100 + m, -rank};
            int[] in = new int[6];
            java.util.Arrays.fill(in, -7);
            int tag = 20 + m;
            Status s;
            if (modes[m].equals("Rsend")) {
                Request r = w.Irecv(in, 1, 4, MPI.INT, prev, tag);
                w.Barrier();
                w.Rsend(out, 0, 4, MPI.INT, next, tag);
                s = r.Wait();
            } else if (rank % 2 == 0) {
                send(w, modes[m], out, next, tag);
                s = w.Recv(in, 1, 4, MPI.INT, prev, tag);
            } else {
                s = w.Recv(in, 1, 4, MPI.INT, prev, tag);
                send(w, modes[m], out, next, tag);
            }
            p(modes[m] + ": " + str(in) + " " + st(s, MPI.INT));
        }

        // A shorter message than the receive buffer: the count is the message's
        double[] d = new double[8];
        if (rank % 2 == 0) {
            w.Send(new double[] {0.5 + rank, 1.5 + rank, 2.5 + rank}, 1, 2, MPI.DOUBLE, next, 7);
            Status s = w.Recv(d, 0, 8, MPI.DOUBLE, prev, 7);
            p("short message: " + java.util.Arrays.toString(d) + " " + st(s, MPI.DOUBLE));
        } else {
            Status s = w.Recv(d, 0, 8, MPI.DOUBLE, prev, 7);
            w.Send(new double[] {0.5 + rank, 1.5 + rank, 2.5 + rank}, 1, 2, MPI.DOUBLE, next, 7);
            p("short message: " + java.util.Arrays.toString(d) + " " + st(s, MPI.DOUBLE));
        }

        // Sendrecv: to next, from prev, different offsets and types of equal width
        long[] sl = {rank * 1000L + 1, rank * 1000L + 2, rank * 1000L + 3};
        long[] rl = new long[5];
        Status s = w.Sendrecv(sl, 1, 2, MPI.LONG, next, 31, rl, 2, 3, MPI.LONG, prev, 31);
        p("Sendrecv: " + java.util.Arrays.toString(rl) + " " + st(s, MPI.LONG));
        // Sendrecv with a receive from ANY_SOURCE and ANY_TAG (one message can match)
        int[] ri = new int[2];
        s = w.Sendrecv(new int[] {rank, 40 + rank}, 0, 2, MPI.INT, next, 40 + rank, ri, 0, 2, MPI.INT,
                MPI.ANY_SOURCE, MPI.ANY_TAG);
        p("Sendrecv ANY: " + str(ri) + " " + st(s, MPI.INT));

        // Sendrecv_replace: the buffer travels one step round the ring, then two steps the other way
        short[] sh = {(short) rank, (short) (rank + 1), (short) (rank + 2), 99};
        s = w.Sendrecv_replace(sh, 0, 3, MPI.SHORT, next, 50, prev, 50);
        p("Sendrecv_replace: " + java.util.Arrays.toString(sh) + " " + st(s, MPI.SHORT));
        char[] ch = {(char) ('a' + rank), (char) ('A' + rank)};
        s = w.Sendrecv_replace(ch, 1, 1, MPI.CHAR, prev, 51, next, MPI.ANY_TAG);
        p("Sendrecv_replace char: " + new String(ch) + " " + st(s, MPI.CHAR));

        // A message to oneself
        int[] self = new int[1];
        Request r = w.Irecv(self, 0, 1, MPI.INT, rank, 60);
        w.Send(new int[] {rank * 7}, 0, 1, MPI.INT, rank, 60);
        s = r.Wait();
        p("self: " + self[0] + " " + st(s, MPI.INT));

        // MPI.PROC_NULL: sends and receives that complete at once, moving nothing
        String noProcNull = "not called on MPJ Express: a send to PROC_NULL throws MPJDevException (\"requested "
                + "negative message destination\")";
        if (mpje) {
            p("Send, Recv to/from PROC_NULL: " + noProcNull);
            p("Sendrecv with PROC_NULL: " + noProcNull);
        } else {
            w.Send(new int[] {1}, 0, 1, MPI.INT, MPI.PROC_NULL, 70);
            int[] none = {-1};
            s = w.Recv(none, 0, 1, MPI.INT, MPI.PROC_NULL, 70);
            p("Send, Recv to/from PROC_NULL: source=" + (s.source == MPI.PROC_NULL ? "PROC_NULL" : "" + s.source)
                    + " tag=" + (s.tag == MPI.ANY_TAG ? "ANY_TAG" : "" + s.tag) + " count=" + s.Get_count(MPI.INT)
                    + " data=" + none[0]);
            s = w.Sendrecv(new int[] {1}, 0, 1, MPI.INT, MPI.PROC_NULL, 71, none, 0, 1, MPI.INT, MPI.PROC_NULL, 71);
            p("Sendrecv with PROC_NULL: source=" + (s.source == MPI.PROC_NULL ? "PROC_NULL" : "" + s.source)
                    + " data=" + none[0]);
        }

        w.Barrier();
        MPI.Finalize();
    }

    static void send(Intracomm w, String mode, int[] out, int dest, int tag) throws MPIException {
        switch (mode) {
            case "Send": w.Send(out, 0, 4, MPI.INT, dest, tag); break;
            case "Ssend": w.Ssend(out, 0, 4, MPI.INT, dest, tag); break;
            case "Bsend": w.Bsend(out, 0, 4, MPI.INT, dest, tag); break;
            default: throw new IllegalStateException(mode);
        }
    }
}
