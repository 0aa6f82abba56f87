// compat: np=2,4
// Non-blocking requests without null entries: Isend/Irecv (every send mode) with Wait and Test, and the calls on
// several requests (Waitall, Waitany, Waitsome, Testall, Testany, Testsome), Is_null before and after completion.
// Completion order may vary, so the calls on several requests are looped until every request is done and the
// program prints what is deterministic: the sorted indices, sources, tags and data.
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;

import mpi.*;

public class Requests {
    static int rank, size;

    static void p(String s) {
        byte[] b = (rank + ": " + s + "\n").getBytes(java.nio.charset.StandardCharsets.UTF_8);
        System.out.write(b, 0, b.length); // one write(2) per line: lines of different ranks never mix
        System.out.flush();
    }

    static Intracomm w;

    /** Every other rank sends one int (tag base+source) to this rank; returns the receives, indexed by source
     *  order skipping self, and starts the sends after a barrier so all receives are posted. */
    static Request[] exchange(int[] in, int base, List<Request> sends) throws MPIException {
        Request[] recvs = new Request[size - 1];
        int k = 0;
        for (int src = 0; src < size; src++) {
            if (src != rank) {
                recvs[k] = w.Irecv(in, k, 1, MPI.INT, src, base + src);
                k++;
            }
        }
        w.Barrier();
        for (int dst = 0; dst < size; dst++) {
            if (dst != rank) {
                sends.add(w.Isend(new int[] {1000 * rank + dst}, 0, 1, MPI.INT, dst, base + rank));
            }
        }
        return recvs;
    }

    static String sorted(List<String> l) {
        Collections.sort(l);
        return l.toString();
    }

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        w = MPI.COMM_WORLD;
        rank = w.Rank();
        size = w.Size();
        int next = (rank + 1) % size, prev = (rank + size - 1) % size;

        // Wait and Test on single requests, each send mode
        String[] modes = {"Isend", "Issend", "Ibsend", "Irsend"};
        MPI.Buffer_attach(java.nio.ByteBuffer.allocateDirect(1 << 16));
        for (int m = 0; m < modes.length; m++) {
            double[] in = new double[3];
            Request r = w.Irecv(in, 0, 3, MPI.DOUBLE, prev, 100 + m);
            p(modes[m] + " recv Is_null before: " + r.Is_null());
            w.Barrier();
            double[] out = {rank + 0.25, m, -rank};
            Request s;
            switch (m) {
                case 0: s = w.Isend(out, 0, 3, MPI.DOUBLE, next, 100 + m); break;
                case 1: s = w.Issend(out, 0, 3, MPI.DOUBLE, next, 100 + m); break;
                case 2: s = w.Ibsend(out, 0, 3, MPI.DOUBLE, next, 100 + m); break;
                default: s = w.Irsend(out, 0, 3, MPI.DOUBLE, next, 100 + m); break;
            }
            Status rs;
            if (m % 2 == 0) {
                rs = r.Wait();
            } else {
                while ((rs = r.Test()) == null) {
                    Thread.yield();
                }
            }
            s.Wait();
            p(modes[m] + ": " + Arrays.toString(in) + " source=" + rs.source + " tag=" + rs.tag + " count="
                    + rs.Get_count(MPI.DOUBLE));
            p(modes[m] + " recv Is_null after: " + r.Is_null());
        }

        // An Issend cannot complete before its receive is posted (the receiver posts it after a barrier)
        int[] sync = new int[1];
        Request is = w.Issend(new int[] {rank}, 0, 1, MPI.INT, next, 150);
        Status early = is.Test();
        w.Barrier();
        Request ir = w.Irecv(sync, 0, 1, MPI.INT, prev, 150);
        ir.Wait();
        is.Wait();
        p("Issend Test before the receive is posted: " + (early == null ? "null" : "completed") + " data="
                + sync[0]);

        // Waitall
        int[] in = new int[size - 1];
        List<Request> sends = new ArrayList<>();
        Request[] recvs = exchange(in, 200, sends);
        Status[] all = Request.Waitall(recvs);
        List<String> got = new ArrayList<>();
        for (Status s : all) {
            got.add("source=" + s.source + " tag=" + s.tag);
        }
        p("Waitall: " + Arrays.toString(in) + " " + got);
        Request.Waitall(sends.toArray(new Request[0]));

        // Waitany until every request is done; each index once
        in = new int[size - 1];
        sends.clear();
        recvs = exchange(in, 300, sends);
        got.clear();
        for (int i = 0; i < recvs.length; i++) {
            Status s = Request.Waitany(recvs);
            got.add("index=" + s.index + " source=" + s.source + " tag=" + s.tag);
        }
        p("Waitany: " + Arrays.toString(in) + " " + sorted(got));
        Request.Waitall(sends.toArray(new Request[0]));

        // Waitsome until every request is done
        in = new int[size - 1];
        sends.clear();
        recvs = exchange(in, 400, sends);
        got.clear();
        while (got.size() < recvs.length) {
            for (Status s : Request.Waitsome(recvs)) {
                got.add("index=" + s.index + " source=" + s.source + " tag=" + s.tag);
            }
        }
        p("Waitsome: " + Arrays.toString(in) + " " + sorted(got));
        Request.Waitall(sends.toArray(new Request[0]));

        // Testall until it returns the statuses
        in = new int[size - 1];
        sends.clear();
        recvs = exchange(in, 500, sends);
        if (recvs.length > 1 && device().equals("native")) {
            // MPJ Express's native requests: itest() of a request an earlier Testall call completed returns null
            Request.Waitall(recvs);
            p("Testall: not called on MPJ Express's native device with several requests: a request completed by "
                    + "an earlier call tests as incomplete ever after (loops forever unless all complete at once)");
        } else {
            Status[] ta;
            while ((ta = Request.Testall(recvs)) == null) {
                Thread.yield();
            }
            got.clear();
            for (Status s : ta) {
                got.add("source=" + s.source + " tag=" + s.tag);
            }
            p("Testall: " + Arrays.toString(in) + " " + got);
        }
        Request.Waitall(sends.toArray(new Request[0]));

        // Testany until every request is done
        in = new int[size - 1];
        sends.clear();
        recvs = exchange(in, 600, sends);
        got.clear();
        while (got.size() < recvs.length) {
            Status s = Request.Testany(recvs);
            if (s != null) {
                got.add("index=" + s.index + " source=" + s.source + " tag=" + s.tag);
            } else {
                Thread.yield();
            }
        }
        p("Testany: " + Arrays.toString(in) + " " + sorted(got));
        Request.Waitall(sends.toArray(new Request[0]));

        // Testsome until every request is done
        in = new int[size - 1];
        sends.clear();
        recvs = exchange(in, 700, sends);
        got.clear();
        while (got.size() < recvs.length) {
            Status[] some = Request.Testsome(recvs);
            for (Status s : some) {
                got.add("index=" + s.index + " source=" + s.source + " tag=" + s.tag);
            }
            if (some.length == 0) {
                Thread.yield();
            }
        }
        p("Testsome: " + Arrays.toString(in) + " " + sorted(got));
        Request.Waitall(sends.toArray(new Request[0]));

        // A large non-blocking message (past the eager limits), array at an offset
        long[] big = new long[300000];
        long[] bigIn = new long[300002];
        for (int i = 0; i < big.length; i++) {
            big[i] = (long) rank << 32 | i;
        }
        Request br = w.Irecv(bigIn, 2, 300000, MPI.LONG, prev, 800);
        Request bs = w.Isend(big, 0, 300000, MPI.LONG, next, 800);
        Status bst = br.Wait();
        bs.Wait();
        long sum = 0;
        for (long v : bigIn) {
            sum += v;
        }
        p("large Irecv: count=" + bst.Get_count(MPI.LONG) + " first=" + bigIn[2] + " last=" + bigIn[300001]
                + " sum=" + sum);

        w.Barrier();
        MPI.Finalize();
    }

    /** "natmpj", or MPJ Express's device: "native" (natmpjdev) or "multicore". */
    static String device() {
        try {
            Class<?> c = Class.forName("mpjdev.Constants");
            return c.getField("isNative").getBoolean(null) ? "native" : "multicore";
        } catch (ReflectiveOperationException e) {
            return "natmpj";
        }
    }
}
