// compat: np=2,4
// MPI.OBJECT where a device that sends an object as two messages goes wrong (natmpjdev contract §5.1): blocking
// receives from ANY_SOURCE with a fixed tag and with ANY_TAG, payloads of different lengths from each sender; two
// pending Irecvs from one source and tag waited in reverse order (non-overtaking: the first posted gets the first
// sent); Isend and a persistent send (Send_init/Start) whose sender Waits before the receiver posts (small messages,
// which every MPI and MPJ Express deliver eagerly); Iprobe loops with ANY_SOURCE/ANY_TAG on an object message,
// Get_count(MPI.OBJECT) from the probe, then the receive; tags up to 32767 (the least TAG_UB MPI allows).
// MPJ Express's multicore device hangs on the send-Wait-before-post part: there the program says so instead.
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;

import mpi.*;

public class ObjectWildcards {
    static int rank;

    static void p(String s) {
        byte[] b = (rank + ": " + s + "\n").getBytes(java.nio.charset.StandardCharsets.UTF_8);
        System.out.write(b, 0, b.length); // one write(2) per line: lines of different ranks never mix
        System.out.flush();
    }

    /** What rank src sends with tag: a string whose length depends on both, and the pair as an int[]. */
    static Object[] payload(int src, int tag) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i <= src * 3 + tag % 4; i++) {
            b.append((char) ('a' + (src + i) % 26));
        }
        return new Object[] {b.toString(), new int[] {src, tag}};
    }

    /** The first three words of a string. */
    static String head(Object o) {
        String[] w = String.valueOf(o).split(" ");
        return w.length < 3 ? String.valueOf(o) : w[0] + " " + w[1] + " " + w[2];
    }

    static boolean matches(Object[] got, int src, int tag) {
        Object[] want = payload(src, tag);
        return want[0].equals(got[0]) && Arrays.equals((int[]) want[1], (int[]) got[1]);
    }

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm w = MPI.COMM_WORLD;
        rank = w.Rank();
        int size = w.Size();
        int next = (rank + 1) % size, prev = (rank + size - 1) % size;

        // 1. Wildcard blocking receives at rank 0: every other rank sends tags 5 and 6
        if (rank == 0) {
            List<String> got = new ArrayList<>();
            boolean ok = true;
            for (int i = 1; i < size; i++) {
                Object[] in = new Object[2];
                Status s = w.Recv(in, 0, 2, MPI.OBJECT, MPI.ANY_SOURCE, 6);
                ok &= s.tag == 6 && matches(in, s.source, s.tag) && s.Get_count(MPI.OBJECT) == 2;
                got.add(s.source + "/" + s.tag);
            }
            for (int i = 1; i < size; i++) {
                Object[] in = new Object[2];
                Status s = w.Recv(in, 0, 2, MPI.OBJECT, MPI.ANY_SOURCE, MPI.ANY_TAG);
                ok &= s.tag == 5 && matches(in, s.source, s.tag) && s.Get_count(MPI.OBJECT) == 2;
                got.add(s.source + "/" + s.tag);
            }
            Collections.sort(got);
            p("Recv ANY_SOURCE tag 6, then ANY_SOURCE ANY_TAG: " + got);
            p("payloads match the status's source and tag: " + ok);
        } else {
            Request[] r = {w.Isend(payload(rank, 5), 0, 2, MPI.OBJECT, 0, 5),
                w.Isend(payload(rank, 6), 0, 2, MPI.OBJECT, 0, 6)};
            Request.Waitall(r);
        }
        // (rank 0's ANY_TAG receives above could otherwise match prev's tag-8 message below: sends complete eagerly)
        w.Barrier();

        // 2. Two Irecvs from one source with one tag, waited in reverse order
        Object[] first = new Object[1], second = new Object[1];
        Request ra = w.Irecv(first, 0, 1, MPI.OBJECT, prev, 8);
        Request rb = w.Irecv(second, 0, 1, MPI.OBJECT, prev, 8);
        Request sa = w.Isend(new Object[] {"first from " + rank}, 0, 1, MPI.OBJECT, next, 8);
        Request sb = w.Isend(new Object[] {"second from " + rank + " and a longer one " + Arrays.toString(new int[40])},
                0, 1, MPI.OBJECT, next, 8);
        Status stb = rb.Wait();
        Status sta = ra.Wait();
        sb.Wait();
        sa.Wait();
        p("Irecv x2 waited in reverse: first=" + head(first[0]) + " second=" + head(second[0]) + " sources="
                + sta.source + "," + stb.source);

        // The same with ANY_SOURCE and ANY_TAG on the receives (one sender: prev), waited in reverse
        ra = w.Irecv(first, 0, 1, MPI.OBJECT, MPI.ANY_SOURCE, MPI.ANY_TAG);
        rb = w.Irecv(second, 0, 1, MPI.OBJECT, MPI.ANY_SOURCE, MPI.ANY_TAG);
        sa = w.Isend(new Object[] {Integer.valueOf(rank)}, 0, 1, MPI.OBJECT, next, 31);
        sb = w.Isend(new Object[] {new int[] {rank, rank, rank}}, 0, 1, MPI.OBJECT, next, 32);
        stb = rb.Wait();
        sta = ra.Wait();
        Request.Waitall(new Request[] {sa, sb});
        p("Irecv ANY_SOURCE ANY_TAG x2 waited in reverse: first=" + Arrays.deepToString(first) + " tag=" + sta.tag
                + " second=" + Arrays.deepToString(second) + " tag=" + stb.tag);
        w.Barrier();

        // 3. Isend of objects: the sender's Wait returns before the receiver posts its receive. MPJ Express's
        // multicore device cannot: its Wait on an object Isend waits for the receive, so every rank hangs there.
        if (device().equals("multicore")) {
            p("Isend OBJECT, Wait before the receive is posted: " + MULTICORE_HANGS);
            for (int round = 0; round < 2; round++) {
                p("Send_init/Start OBJECT round " + round + ", Wait before the receive is posted: " + MULTICORE_HANGS);
            }
        } else {
            waitBeforePost(w, next, prev);
        }

        // 4. Iprobe loop with wildcards on an object message, then Recv of exactly Get_count objects
        Object[] pl = new Object[rank + 1];
        for (int i = 0; i < pl.length; i++) {
            pl[i] = "o" + rank + "." + i;
        }
        Request sp = w.Isend(pl, 0, pl.length, MPI.OBJECT, next, 32767);
        Status ip;
        while ((ip = w.Iprobe(MPI.ANY_SOURCE, MPI.ANY_TAG)) == null) {
            Thread.yield();
        }
        // MPJ Express's native device: Status.Get_count after a probe divides by MPI.OBJECT's byte size (0)
        boolean nat = device().equals("native");
        int n = nat ? prev + 1 : ip.Get_count(MPI.OBJECT);
        Object[] got = new Object[n];
        Status s = w.Recv(got, 0, n, MPI.OBJECT, ip.source, ip.tag);
        sp.Wait();
        p("Iprobe ANY_SOURCE ANY_TAG: source=" + ip.source + " tag=" + ip.tag + " received=" + Arrays.toString(got)
                + " count=" + s.Get_count(MPI.OBJECT));
        p("Get_count(OBJECT) after Iprobe: " + (nat ? "not called on MPJ Express's native device: "
                + "ArithmeticException (/ by zero) in mpi.Status.Get_count" : "" + n));

        w.Barrier();
        MPI.Finalize();
    }

    static final String MULTICORE_HANGS = "not called on MPJ Express's multicore device: the sender's Wait waits "
            + "for the receive (all ranks hang)";

    /** "natmpj", or MPJ Express's device: "native" (natmpjdev) or "multicore". */
    static String device() {
        try {
            Class<?> c = Class.forName("mpjdev.Constants");
            return c.getField("isNative").getBoolean(null) ? "native" : "multicore";
        } catch (ReflectiveOperationException e) {
            return "natmpj";
        }
    }

    static void waitBeforePost(Intracomm w, int next, int prev) throws MPIException {
        Request si = w.Isend(payload(rank, 9), 0, 2, MPI.OBJECT, next, 9);
        si.Wait();
        w.Barrier();
        Object[] in = new Object[2];
        Status s = w.Irecv(in, 0, 2, MPI.OBJECT, prev, 9).Wait();
        p("Isend OBJECT, Wait before the receive is posted: match=" + matches(in, prev, 9) + " source=" + s.source);

        // Persistent send of objects, two rounds, the same way; the contents at each Start are sent
        Object[] pout = new Object[1];
        Prequest ps = w.Send_init(pout, 0, 1, MPI.OBJECT, next, 10);
        Object[] pin = new Object[1];
        Prequest pr = w.Recv_init(pin, 0, 1, MPI.OBJECT, prev, 10);
        for (int round = 0; round < 2; round++) {
            pout[0] = "round " + round + " from " + rank;
            ps.Start();
            ps.Wait();
            w.Barrier();
            pr.Start();
            pr.Wait();
            p("Send_init/Start OBJECT round " + round + ", Wait before the receive is posted: " + pin[0]);
        }
    }
}
