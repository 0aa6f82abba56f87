// compat: np=2,4
// Probe and Iprobe (specific and ANY_SOURCE/ANY_TAG), receives from ANY_SOURCE/ANY_TAG collected in a
// deterministic order, and the Status fields, Get_count and Get_elements after a probe and after a receive,
// including a derived datatype (Get_count of a partial type is MPI.UNDEFINED, Get_elements counts basic elements).
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;

import mpi.*;

public class ProbeStatus {
    static int rank;

    static void p(String s) {
        byte[] b = (rank + ": " + s + "\n").getBytes(java.nio.charset.StandardCharsets.UTF_8);
        System.out.write(b, 0, b.length); // one write(2) per line: lines of different ranks never mix
        System.out.flush();
    }

    static final String NATIVE_IPROBE = "not called on MPJ Express's native device: its Iprobe is a blocking Probe "
            + "(hangs with nothing to receive)";

    static String cnt(int c) {
        return c == MPI.UNDEFINED ? "UNDEFINED" : "" + c;
    }

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm w = MPI.COMM_WORLD;
        rank = w.Rank();
        int size = w.Size();

        // Nothing has been sent yet (MPJ Express's native device: Comm.Iprobe calls the device's blocking probe)
        if (device().equals("native")) {
            p("Iprobe before any send: " + NATIVE_IPROBE);
        } else {
            Status none = w.Iprobe(MPI.ANY_SOURCE, 77);
            p("Iprobe before any send: " + (none == null ? "null" : "status"));
        }
        w.Barrier();

        // Every rank but 0 sends two messages to 0: tag 10+rank (rank+1 ints), then tag 20+rank (2 doubles)
        if (rank != 0) {
            int[] a = new int[rank + 1];
            Arrays.fill(a, rank);
            w.Send(a, 0, rank + 1, MPI.INT, 0, 10 + rank);
            w.Send(new double[] {rank, -rank}, 0, 2, MPI.DOUBLE, 0, 20 + rank);
        } else {
            List<String> got = new ArrayList<>();
            for (int src = size - 1; src >= 1; src--) {
                // Probe a specific source with ANY_TAG: its first message (messages do not overtake)
                Status s = w.Probe(src, MPI.ANY_TAG);
                int n = s.Get_count(MPI.INT);
                p("Probe(" + src + ", ANY_TAG): source=" + s.source + " tag=" + s.tag + " count=" + n);
                int[] a = new int[n];
                Status r = w.Recv(a, 0, n, MPI.INT, s.source, s.tag);
                p("Recv after Probe: " + Arrays.toString(a) + " source=" + r.source + " tag=" + r.tag);
            }
            // The doubles, from ANY_SOURCE: sorted by source afterwards
            for (int i = 1; i < size; i++) {
                Status s;
                while ((s = w.Iprobe(MPI.ANY_SOURCE, MPI.ANY_TAG)) == null) {
                    Thread.yield();
                }
                int n = s.Get_count(MPI.DOUBLE);
                double[] d = new double[n];
                Status r = w.Recv(d, 0, n, MPI.DOUBLE, MPI.ANY_SOURCE, s.tag);
                got.add("source=" + r.source + " tag=" + r.tag + " count=" + r.Get_count(MPI.DOUBLE) + " "
                        + Arrays.toString(d));
            }
            Collections.sort(got);
            p("ANY_SOURCE receives: " + got);
        }
        w.Barrier();

        // Get_count and Get_elements with a derived type: 3 pairs of ints, then 5 ints (2.5 pairs)
        Datatype pair = Datatype.Contiguous(2, MPI.INT);
        pair.Commit();
        int next = (rank + 1) % size, prev = (rank + size - 1) % size;
        int[] in = new int[10];
        // (Isend: a blocking Send may wait for its receive, and every rank sends first)
        Request sr = w.Isend(new int[] {1, 2, 3, 4, 5, 6}, 0, 6, MPI.INT, next, 30);
        Status s = w.Recv(in, 0, 5, pair, prev, 30);
        sr.Wait();
        p("3 pairs: count(pair)=" + cnt(s.Get_count(pair)) + " elements(pair)=" + s.Get_elements(pair)
                + " count(INT)=" + s.Get_count(MPI.INT));
        sr = w.Isend(new int[] {1, 2, 3, 4, 5}, 0, 5, MPI.INT, next, 31);
        s = w.Probe(prev, 31);
        p("probed 5 ints: count(INT)=" + s.Get_count(MPI.INT) + " source=" + s.source + " tag=" + s.tag);
        s = w.Recv(in, 0, 5, pair, prev, 31);
        p("5 ints as pairs: count(pair)=" + cnt(s.Get_count(pair)) + " elements(pair)=" + s.Get_elements(pair)
                + " data=" + Arrays.toString(in));
        sr.Wait();

        // ANY_TAG receive of a message with a large tag
        sr = w.Isend(new int[] {rank}, 0, 1, MPI.INT, next, 32767);
        s = w.Recv(in, 0, 1, MPI.INT, MPI.ANY_SOURCE, MPI.ANY_TAG);
        sr.Wait();
        p("tag 32767: source=" + s.source + " tag=" + s.tag + " data=" + in[0]);

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
