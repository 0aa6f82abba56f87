// compat: np=2,4
// Matched probes in Open MPI's Java API (Message): mProbe and mRecv into an array, of a size known only from the
// probe; imProbe (polled) and imRecv into a direct buffer; the matched message is the one received even when a
// plain receive comes in between; MPI_MESSAGE_NO_PROC from probes of MPI.PROC_NULL; isNull/isNoProc throughout.
import java.nio.*;

import mpi.*;

public class MatchedProbes {
    static int rank;

    static void p(String s) {
        byte[] b = (rank + ": " + s + "\n").getBytes(java.nio.charset.StandardCharsets.UTF_8);
        System.out.write(b, 0, b.length); // one write(2) per line: lines of different ranks never mix
        System.out.flush();
    }

    static String st(Status s, Datatype t) throws MPIException {
        return "source " + s.getSource() + " tag " + s.getTag() + " count " + s.getCount(t);
    }

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm w = MPI.COMM_WORLD;
        rank = w.getRank();
        int size = w.getSize(), right = (rank + 1) % size, left = (rank + size - 1) % size;

        Message m = new Message();
        p("new: isNull " + m.isNull() + " isNoProc " + m.isNoProc());

        // mProbe + mRecv, array, size from the probe
        int n = 2 * rank + 3;
        int[] out = new int[n];
        for (int i = 0; i < n; i++) out[i] = 100 * rank + i;
        IntBuffer sendBuf = MPI.newIntBuffer(n);
        sendBuf.put(out);
        Request s = w.iSend(sendBuf, n, MPI.INT, right, 5);
        Status probed = m.mProbe(left, 5, w);
        p("mProbe: " + st(probed, MPI.INT) + " isNull " + m.isNull());
        int[] in = new int[probed.getCount(MPI.INT)];
        Status got = m.mRecv(in, in.length, MPI.INT);
        p("mRecv: " + st(got, MPI.INT) + " first " + in[0] + " last " + in[in.length - 1] + " isNull " + m.isNull());
        s.waitFor();

        // the matched message is the one mRecv gets
        w.send(new int[] {1}, 1, MPI.INT, right, 6);
        w.send(new int[] {2}, 1, MPI.INT, right, 6);
        m.mProbe(left, 6, w);
        int[] plain = new int[1], matched = new int[1];
        w.recv(plain, 1, MPI.INT, left, 6);
        m.mRecv(matched, 1, MPI.INT);
        p("order: plain recv got " + plain[0] + ", mRecv got " + matched[0]);

        // imProbe (polled) + imRecv into a direct buffer
        w.send(new double[] {rank + 0.5, rank + 0.25}, 2, MPI.DOUBLE, right, 7);
        Status ip;
        while ((ip = m.imProbe(left, 7, w)) == null) Thread.yield();
        p("imProbe: " + st(ip, MPI.DOUBLE));
        DoubleBuffer db = MPI.newDoubleBuffer(2);
        Request r = m.imRecv(db, 2, MPI.DOUBLE);
        p("imRecv started: isNull " + m.isNull());
        Status rs = r.waitStatus();
        p("imRecv: " + st(rs, MPI.DOUBLE) + " values " + db.get(0) + " " + db.get(1));

        // MPI.PROC_NULL
        Status np = m.mProbe(MPI.PROC_NULL, 8, w);
        p("mProbe(PROC_NULL): source is PROC_NULL " + (np.getSource() == MPI.PROC_NULL) + " isNoProc " + m.isNoProc() + " isNull " + m.isNull());
        Status nr = m.mRecv(new int[1], 1, MPI.INT);
        p("mRecv(NO_PROC): source is PROC_NULL " + (nr.getSource() == MPI.PROC_NULL) + " count " + nr.getCount(MPI.INT) + " isNull " + m.isNull());
        Status ni = m.imProbe(MPI.PROC_NULL, 8, w);
        p("imProbe(PROC_NULL): found " + (ni != null) + " isNoProc " + m.isNoProc());
        Status nw = m.imRecv(MPI.newIntBuffer(1), 1, MPI.INT).waitStatus();
        p("imRecv(NO_PROC): source is PROC_NULL " + (nw.getSource() == MPI.PROC_NULL) + " isNull " + m.isNull());

        w.barrier();
        MPI.Finalize();
    }
}
