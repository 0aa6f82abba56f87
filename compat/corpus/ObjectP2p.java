// compat: np=2,4
// MPI.OBJECT through point-to-point: Send/Recv, Ssend, Bsend, Rsend, Isend/Irecv, Sendrecv, Sendrecv_replace and
// persistent requests, with Strings, boxed numbers, arrays, null elements, a shared reference and a Serializable
// class of the program's own, at offsets; Status.Get_count(MPI.OBJECT) after a receive.
import java.io.Serializable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import mpi.*;

public class ObjectP2p {
    static int rank;

    static void p(String s) {
        byte[] b = (rank + ": " + s + "\n").getBytes(java.nio.charset.StandardCharsets.UTF_8);
        System.out.write(b, 0, b.length); // one write(2) per line: lines of different ranks never mix
        System.out.flush();
    }

    static class Point implements Serializable {
        private static final long serialVersionUID = 1L;
        final int x;
        final String label;

        Point(int x, String label) {
            this.x = x;
            this.label = label;
        }

        public String toString() {
            return "Point(" + x + "," + label + ")";
        }
    }

    static String show(Object[] a) {
        StringBuilder b = new StringBuilder("[");
        for (int i = 0; i < a.length; i++) {
            Object o = a[i];
            b.append(i == 0 ? "" : ", ");
            if (o instanceof int[]) {
                b.append(Arrays.toString((int[]) o));
            } else {
                b.append(o);
            }
        }
        return b.append("]").toString();
    }

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm w = MPI.COMM_WORLD;
        rank = w.Rank();
        int size = w.Size();
        int next = (rank + 1) % size, prev = (rank + size - 1) % size;
        MPI.Buffer_attach(java.nio.ByteBuffer.allocateDirect(1 << 20));

        String[] modes = {"Send", "Ssend", "Bsend", "Rsend"};
        for (int m = 0; m < modes.length; m++) {
            Object[] out = {"skip", "from " + rank, Integer.valueOf(rank * 10 + m), new int[] {rank, m}, null};
            Object[] in = new Object[6];
            Status s;
            if (modes[m].equals("Rsend")) {
                Request r = w.Irecv(in, 1, 4, MPI.OBJECT, prev, m);
                w.Barrier();
                w.Rsend(out, 1, 4, MPI.OBJECT, next, m);
                s = r.Wait();
            } else if (rank % 2 == 0) {
                send(w, modes[m], out, next, m);
                s = w.Recv(in, 1, 4, MPI.OBJECT, prev, m);
            } else {
                s = w.Recv(in, 1, 4, MPI.OBJECT, prev, m);
                send(w, modes[m], out, next, m);
            }
            p(modes[m] + " OBJECT: " + show(in) + " source=" + s.source + " tag=" + s.tag + " count="
                    + s.Get_count(MPI.OBJECT));
        }

        // Objects of the program's own class; one object twice (shared on arrival)
        Point pt = new Point(rank, "p" + rank);
        Object[] pts = {pt, new Point(-rank, null), pt};
        Object[] pin = new Object[3];
        Request rr = w.Irecv(pin, 0, 3, MPI.OBJECT, prev, 10);
        Request sr = w.Isend(pts, 0, 3, MPI.OBJECT, next, 10);
        Status s = rr.Wait();
        sr.Wait();
        p("Isend/Irecv Point: " + show(pin) + " shared=" + (pin[0] == pin[2]) + " count=" + s.Get_count(MPI.OBJECT));

        // Collections
        List<String> list = new ArrayList<>();
        for (int i = 0; i <= rank; i++) {
            list.add("e" + i);
        }
        Object[] lin = new Object[1];
        s = w.Sendrecv(new Object[] {list}, 0, 1, MPI.OBJECT, next, 11, lin, 0, 1, MPI.OBJECT, prev, 11);
        p("Sendrecv ArrayList: " + lin[0] + " source=" + s.source);

        Object[] rep = {"keep", "r" + rank, Double.valueOf(rank + 0.5)};
        s = w.Sendrecv_replace(rep, 1, 2, MPI.OBJECT, next, 12, prev, 12);
        p("Sendrecv_replace: " + show(rep) + " count=" + s.Get_count(MPI.OBJECT));

        // Persistent: two rounds, new contents each time
        Object[] pout = new Object[1];
        Object[] pinn = new Object[1];
        Prequest precv = w.Recv_init(pinn, 0, 1, MPI.OBJECT, prev, 13);
        Prequest psend = w.Send_init(pout, 0, 1, MPI.OBJECT, next, 13);
        for (int round = 0; round < 2; round++) {
            pout[0] = "round " + round + " from " + rank;
            precv.Start();
            psend.Start();
            precv.Wait();
            psend.Wait();
            p("persistent OBJECT round " + round + ": " + pinn[0]);
        }

        // Probe of an object message, then Recv
        Request r3 = w.Isend(new Object[] {"probed", rank}, 0, 2, MPI.OBJECT, next, 14);
        Status ps = w.Probe(prev, 14);
        Object[] probed = new Object[2];
        s = w.Recv(probed, 0, 2, MPI.OBJECT, ps.source, ps.tag);
        r3.Wait();
        p("Probe then Recv OBJECT: " + show(probed) + " source=" + ps.source + " tag=" + ps.tag + " count="
                + s.Get_count(MPI.OBJECT));

        w.Barrier();
        MPI.Finalize();
    }

    static void send(Intracomm w, String mode, Object[] out, int dest, int tag) throws MPIException {
        switch (mode) {
            case "Send": w.Send(out, 1, 4, MPI.OBJECT, dest, tag); break;
            case "Ssend": w.Ssend(out, 1, 4, MPI.OBJECT, dest, tag); break;
            case "Bsend": w.Bsend(out, 1, 4, MPI.OBJECT, dest, tag); break;
            default: throw new IllegalStateException(mode);
        }
    }
}
