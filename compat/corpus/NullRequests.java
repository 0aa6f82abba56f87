// compat: np=2
// Request arrays with null elements and MPI.REQUEST_NULL entries in Waitall, Waitany, Waitsome, Testall,
// Testany, Testsome and Startall (a null element is an inactive request, like REQUEST_NULL), and arrays with no
// active request at all. Ranks work in pairs (rank ^ 1). Where MPJ Express throws or spins forever the call is
// not made on MPJ Express; compat/expected_differences.py gives the correct line.
import java.util.Arrays;

import mpi.*;

public class NullRequests {
    static int rank;
    static boolean mpje;

    static void p(String s) {
        byte[] b = (rank + ": " + s + "\n").getBytes(java.nio.charset.StandardCharsets.UTF_8);
        System.out.write(b, 0, b.length); // one write(2) per line: lines of different ranks never mix
        System.out.flush();
    }

    /** An inactive entry's status: mpiJava 1.2 gives a null reference, MPI an empty status (ANY_SOURCE,
     *  ANY_TAG); both print as "empty". */
    static String st(Status s) {
        if (s == null || (s.source == MPI.ANY_SOURCE && s.tag == MPI.ANY_TAG)) {
            return "empty";
        }
        return "source=" + (s.source == MPI.ANY_SOURCE ? "ANY_SOURCE" : "" + s.source) + " tag="
                + (s.tag == MPI.ANY_TAG ? "ANY_TAG" : "" + s.tag);
    }

    /** Testany's null (no request completed) prints as "null". */
    static String idx(Status s) {
        return s == null ? "null" : "index=" + (s.index == MPI.UNDEFINED ? "UNDEFINED" : "" + s.index) + " " + st(s);
    }

    static String all(Status[] a) {
        if (a == null) {
            return "null";
        }
        StringBuilder b = new StringBuilder("[");
        for (int i = 0; i < a.length; i++) {
            b.append(i == 0 ? "" : ", ").append(st(a[i]));
        }
        return b.append("]").toString();
    }

    /** Waitsome/Testsome on no active request: MPI's outcount is MPI_UNDEFINED, which mpiJava 1.2 leaves
     *  open (a null or an empty array): both print as "none". */
    static String some(Status[] a) {
        if (a == null || a.length == 0) {
            return "none";
        }
        StringBuilder b = new StringBuilder("[");
        for (int i = 0; i < a.length; i++) {
            b.append(i == 0 ? "" : ", ").append(idx(a[i]));
        }
        return b.append("]").toString();
    }

    static void skipped(String key, String why) {
        p(key + ": not called on MPJ Express: " + why);
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
        int peer = rank ^ 1;
        int[] in = new int[2];

        // Waitall: {null, recv, REQUEST_NULL, send}
        Request r = w.Irecv(in, 0, 2, MPI.INT, peer, 1);
        Request s = w.Isend(new int[] {rank, 11}, 0, 2, MPI.INT, peer, 1);
        Status[] sts = Request.Waitall(new Request[] {null, r, MPI.REQUEST_NULL, s});
        p("Waitall null/REQUEST_NULL: data=" + Arrays.toString(in) + " [1] " + st(sts[1]) + " length=" + sts.length);
        p("Waitall null entry: " + st(sts[0]));
        p("Waitall REQUEST_NULL entry: " + st(sts[2]));

        // Testany: {null, REQUEST_NULL, recv}
        r = w.Irecv(in, 0, 2, MPI.INT, peer, 2);
        s = w.Isend(new int[] {rank, 22}, 0, 2, MPI.INT, peer, 2);
        Status t;
        while ((t = Request.Testany(new Request[] {null, MPI.REQUEST_NULL, r})) == null) {
            Thread.yield();
        }
        s.Wait();
        p("Testany null/REQUEST_NULL: data=" + Arrays.toString(in) + " " + idx(t));

        // Startall: {p1, null, p2}, then Waitall on the two
        int[] pin = new int[2];
        Prequest pr = w.Recv_init(pin, 0, 2, MPI.INT, peer, 3);
        Prequest ps = w.Send_init(new int[] {rank, 33}, 0, 2, MPI.INT, peer, 3);
        Prequest.Startall(new Prequest[] {pr, null, ps});
        Request.Waitall(new Request[] {pr, ps});
        p("Startall with a null element: data=" + Arrays.toString(pin));

        // Waitany: {null, recv, REQUEST_NULL}
        if (mpje) {
            skipped("Waitany null/REQUEST_NULL", "it calls Is_null() on the null element");
        } else {
            r = w.Irecv(in, 0, 2, MPI.INT, peer, 4);
            s = w.Isend(new int[] {rank, 44}, 0, 2, MPI.INT, peer, 4);
            t = Request.Waitany(new Request[] {null, r, MPI.REQUEST_NULL});
            s.Wait();
            p("Waitany null/REQUEST_NULL: data=" + Arrays.toString(in) + " " + idx(t));
        }

        // Waitsome: {REQUEST_NULL, null, recv}
        if (mpje) {
            skipped("Waitsome null/REQUEST_NULL", "it calls Is_null() on the null element");
        } else {
            r = w.Irecv(in, 0, 2, MPI.INT, peer, 5);
            s = w.Isend(new int[] {rank, 55}, 0, 2, MPI.INT, peer, 5);
            Status[] ws = Request.Waitsome(new Request[] {MPI.REQUEST_NULL, null, r});
            s.Wait();
            p("Waitsome null/REQUEST_NULL: data=" + Arrays.toString(in) + " " + some(ws));
        }

        // Testall: {null, recv, REQUEST_NULL}
        if (mpje) {
            skipped("Testall null/REQUEST_NULL", "it calls Wait() on the null element once all are done");
        } else {
            r = w.Irecv(in, 0, 2, MPI.INT, peer, 6);
            s = w.Isend(new int[] {rank, 66}, 0, 2, MPI.INT, peer, 6);
            Request[] a = {null, r, MPI.REQUEST_NULL};
            while ((sts = Request.Testall(a)) == null) {
                Thread.yield();
            }
            s.Wait();
            p("Testall null/REQUEST_NULL: data=" + Arrays.toString(in) + " [1] " + st(sts[1]) + " length="
                    + sts.length);
        }

        // Testsome: {null, recv, REQUEST_NULL}
        if (mpje) {
            skipped("Testsome null/REQUEST_NULL", "it calls Is_null() on the null element");
        } else {
            r = w.Irecv(in, 0, 2, MPI.INT, peer, 7);
            s = w.Isend(new int[] {rank, 77}, 0, 2, MPI.INT, peer, 7);
            Request[] a = {null, r, MPI.REQUEST_NULL};
            Status[] ts;
            while ((ts = Request.Testsome(a)) == null || ts.length == 0) {
                Thread.yield();
            }
            s.Wait();
            p("Testsome null/REQUEST_NULL: data=" + Arrays.toString(in) + " " + some(ts));
        }

        // Wait and Test on REQUEST_NULL, and on a request that already completed (MPI: it is then null)
        p("REQUEST_NULL.Wait(): " + st(MPI.REQUEST_NULL.Wait()));
        Status tn = MPI.REQUEST_NULL.Test();
        p("REQUEST_NULL.Test(): " + (tn == null ? "null" : st(tn)));
        r = w.Irecv(in, 0, 2, MPI.INT, peer, 8);
        s = w.Isend(new int[] {rank, 88}, 0, 2, MPI.INT, peer, 8);
        r.Wait();
        s.Wait();
        p("Wait again after completion: " + st(r.Wait()) + " Is_null=" + r.Is_null());
        tn = r.Test();
        p("Test after completion: " + (tn == null ? "null" : st(tn)));

        // An inactive persistent request (never started) among active ones: MPI treats it like a null request
        Prequest idle = w.Recv_init(new int[2], 0, 2, MPI.INT, peer, 9);
        r = w.Irecv(in, 0, 2, MPI.INT, peer, 10);
        s = w.Isend(new int[] {rank, 100}, 0, 2, MPI.INT, peer, 10);
        sts = Request.Waitall(new Request[] {idle, r, s});
        p("Waitall with a never-started persistent request: data=" + Arrays.toString(in) + " [0] " + st(sts[0])
                + " [1] " + st(sts[1]));

        // No active request at all (REQUEST_NULL entries only)
        Request[] none = {MPI.REQUEST_NULL, MPI.REQUEST_NULL};
        p("Waitall no active: " + all(Request.Waitall(none)));
        if (mpje) {
            skipped("Waitany no active", "it spins forever");
        } else {
            p("Waitany no active: " + idx(Request.Waitany(none)));
        }
        if (mpje) {
            skipped("Waitsome no active", "it spins forever");
        } else {
            p("Waitsome no active: " + some(Request.Waitsome(none)));
        }
        p("Testall no active: " + all(Request.Testall(none)));
        p("Testany no active: " + idx(Request.Testany(none)));
        p("Testsome no active: " + some(Request.Testsome(none)));

        w.Barrier();
        MPI.Finalize();
    }
}
