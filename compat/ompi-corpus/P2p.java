// compat: np=2,4
// Blocking point-to-point in Open MPI's Java API: send/recv, sendRecv, sendRecvReplace, bSend (attachBuffer),
// sSend and rSend with Java arrays of every primitive type, with direct buffers (MPI.newXxxBuffer) and with
// MPI.slice offsets (of arrays: heap buffers; and of direct buffers); Status getSource/getTag/getCount/
// getElements; ANY_SOURCE/ANY_TAG; PROC_NULL; empty messages.
import java.nio.*;
import java.util.*;

import mpi.*;

public class P2p {
    static int rank;

    static void p(String s) {
        byte[] b = (rank + ": " + s + "\n").getBytes(java.nio.charset.StandardCharsets.UTF_8);
        System.out.write(b, 0, b.length); // one write(2) per line: lines of different ranks never mix
        System.out.flush();
    }

    static String st(Status s, Datatype t) throws MPIException {
        return "source=" + s.getSource() + " tag=" + s.getTag() + " count=" + s.getCount(t) + " elements="
                + s.getElements(t);
    }

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm w = MPI.COMM_WORLD;
        rank = w.getRank();
        int size = w.getSize();
        int next = (rank + 1) % size, prev = (rank + size - 1) % size;
        int r = rank;

        // Arrays of every primitive type: elements 1..4 sent, received into a fresh array (ring).
        Object[][] data = {
            {"BYTE", MPI.BYTE, new byte[] {9, (byte) r, Byte.MIN_VALUE, Byte.MAX_VALUE, -1}, new byte[6]},
            {"CHAR", MPI.CHAR, new char[] {'z', (char) ('a' + r), '\u00e9', '\uffff', 0}, new char[6]},
            {"SHORT", MPI.SHORT, new short[] {9, (short) r, Short.MIN_VALUE, Short.MAX_VALUE, -1}, new short[6]},
            {"BOOLEAN", MPI.BOOLEAN, new boolean[] {false, r % 2 == 0, true, false, true}, new boolean[6]},
            {"INT", MPI.INT, new int[] {9, r, Integer.MIN_VALUE, Integer.MAX_VALUE, -1}, new int[6]},
            {"LONG", MPI.LONG, new long[] {9, r, Long.MIN_VALUE, Long.MAX_VALUE, -1}, new long[6]},
            {"FLOAT", MPI.FLOAT, new float[] {9, r + 0.5f, Float.MIN_VALUE, Float.MAX_VALUE, -0.0f}, new float[6]},
            {"DOUBLE", MPI.DOUBLE, new double[] {9, r + 0.25, Double.MIN_VALUE, Double.MAX_VALUE, Double.NaN},
                new double[6]},
        };
        for (int i = 0; i < data.length; i++) {
            String name = (String) data[i][0];
            Datatype t = (Datatype) data[i][1];
            Object out = data[i][2], in = data[i][3];
            Status s;
            if (rank % 2 == 0) {
                w.send(out, 5, t, next, i);
                s = w.recv(in, 5, t, prev, i);
            } else {
                s = w.recv(in, 5, t, prev, i);
                w.send(out, 5, t, next, i);
            }
            p("array " + name + ": " + show(in) + " " + st(s, t));
        }

        // MPI.slice of arrays (heap buffers): elements 1..3 of the source into elements 2..4 of the target.
        {
            int[] src = {r * 10, r * 10 + 1, r * 10 + 2, r * 10 + 3, r * 10 + 4};
            int[] dst = new int[6];
            Arrays.fill(dst, -1);
            Status s = w.sendRecv(MPI.slice(src, 1), 3, MPI.INT, next, 20, MPI.slice(dst, 2), 3, MPI.INT, prev, 20);
            p("slice int[]: " + Arrays.toString(dst) + " " + st(s, MPI.INT));
            double[] dsrc = {r + 0.5, r + 1.5, r + 2.5, r + 3.5};
            double[] ddst = new double[5];
            s = w.sendRecv(MPI.slice(dsrc, 2), 2, MPI.DOUBLE, next, 21, MPI.slice(ddst, 3), 2, MPI.DOUBLE, prev, 21);
            p("slice double[]: " + Arrays.toString(ddst) + " " + st(s, MPI.DOUBLE));
            char[] csrc = "abcdef".toCharArray();
            csrc[0] = (char) ('A' + r);
            char[] cdst = new char[4];
            s = w.sendRecv(MPI.slice(csrc, 0), 3, MPI.CHAR, next, 22, MPI.slice(cdst, 1), 3, MPI.CHAR, prev, 22);
            p("slice char[]: " + new String(cdst).replace('\0', '.') + " " + st(s, MPI.CHAR));
            byte[] bsrc = {1, 2, 3, (byte) r, 5};
            byte[] bdst = new byte[5];
            s = w.sendRecv(MPI.slice(bsrc, 3), 2, MPI.BYTE, next, 23, MPI.slice(bdst, 1), 2, MPI.BYTE, prev, 23);
            p("slice byte[]: " + Arrays.toString(bdst) + " " + st(s, MPI.BYTE));
        }

        // Direct buffers of every buffer type, and slices of direct buffers.
        {
            ByteBuffer bo = MPI.newByteBuffer(4), bi = MPI.newByteBuffer(4);
            for (int k = 0; k < 4; k++) bo.put(k, (byte) (r * 4 + k - 8));
            Status s = w.sendRecv(bo, 4, MPI.BYTE, next, 30, bi, 4, MPI.BYTE, prev, 30);
            p("direct ByteBuffer: " + bytes(bi, 4) + " " + st(s, MPI.BYTE));

            CharBuffer co = MPI.newCharBuffer(3), ci = MPI.newCharBuffer(3);
            co.put(0, 'x').put(1, (char) ('0' + r)).put(2, '\u20ac');
            s = w.sendRecv(co, 3, MPI.CHAR, next, 31, ci, 3, MPI.CHAR, prev, 31);
            p("direct CharBuffer: " + (int) ci.get(0) + " " + (int) ci.get(1) + " " + (int) ci.get(2) + " "
                    + st(s, MPI.CHAR));

            ShortBuffer so = MPI.newShortBuffer(3), si = MPI.newShortBuffer(3);
            so.put(0, (short) r).put(1, Short.MIN_VALUE).put(2, (short) -7);
            s = w.sendRecv(so, 3, MPI.SHORT, next, 32, si, 3, MPI.SHORT, prev, 32);
            p("direct ShortBuffer: " + si.get(0) + " " + si.get(1) + " " + si.get(2) + " " + st(s, MPI.SHORT));

            IntBuffer io = MPI.newIntBuffer(5), ii = MPI.newIntBuffer(5);
            for (int k = 0; k < 5; k++) io.put(k, r * 100 + k);
            if (rank % 2 == 0) {
                w.send(io, 5, MPI.INT, next, 33);
                s = w.recv(ii, 5, MPI.INT, prev, 33);
            } else {
                s = w.recv(ii, 5, MPI.INT, prev, 33);
                w.send(io, 5, MPI.INT, next, 33);
            }
            p("direct IntBuffer: " + ints(ii, 5) + " " + st(s, MPI.INT));

            // slices of direct buffers: elements 2..4 into elements 1..3
            IntBuffer ij = MPI.newIntBuffer(5);
            for (int k = 0; k < 5; k++) ij.put(k, -1);
            s = w.sendRecv(MPI.slice(io, 2), 3, MPI.INT, next, 34, MPI.slice(ij, 1), 3, MPI.INT, prev, 34);
            p("direct IntBuffer slice: " + ints(ij, 5) + " " + st(s, MPI.INT));

            LongBuffer lo = MPI.newLongBuffer(2), li = MPI.newLongBuffer(2);
            lo.put(0, Long.MAX_VALUE - r).put(1, ((long) r) << 40);
            s = w.sendRecv(lo, 2, MPI.LONG, next, 35, li, 2, MPI.LONG, prev, 35);
            p("direct LongBuffer: " + li.get(0) + " " + li.get(1) + " " + st(s, MPI.LONG));

            FloatBuffer fo = MPI.newFloatBuffer(2), fi = MPI.newFloatBuffer(2);
            fo.put(0, r + 0.125f).put(1, -1e30f);
            s = w.sendRecv(fo, 2, MPI.FLOAT, next, 36, fi, 2, MPI.FLOAT, prev, 36);
            p("direct FloatBuffer: " + fi.get(0) + " " + fi.get(1) + " " + st(s, MPI.FLOAT));

            DoubleBuffer dob = MPI.newDoubleBuffer(4), dib = MPI.newDoubleBuffer(4);
            for (int k = 0; k < 4; k++) dob.put(k, r + k / 8.0);
            s = w.sendRecv(MPI.slice(dob, 1), 3, MPI.DOUBLE, next, 37, dib, 4, MPI.DOUBLE, prev, 37);
            p("direct DoubleBuffer slice: " + dib.get(0) + " " + dib.get(1) + " " + dib.get(2) + " " + dib.get(3)
                    + " " + st(s, MPI.DOUBLE));
        }

        // sendRecvReplace with an array and with a direct buffer
        {
            long[] a = {r, r * 2L, -r};
            Status s = w.sendRecvReplace(a, 3, MPI.LONG, next, 40, prev, 40);
            p("sendRecvReplace long[]: " + Arrays.toString(a) + " " + st(s, MPI.LONG));
            FloatBuffer f = MPI.newFloatBuffer(2);
            f.put(0, r).put(1, r + 0.5f);
            s = w.sendRecvReplace(f, 2, MPI.FLOAT, next, 41, prev, 41);
            p("sendRecvReplace FloatBuffer: " + f.get(0) + " " + f.get(1) + " " + st(s, MPI.FLOAT));
        }

        // bSend with an attached buffer; sSend; rSend after the receive is posted (iRecv on a direct buffer).
        {
            byte[] attached = new byte[4096 + 4 * MPI.BSEND_OVERHEAD];
            MPI.attachBuffer(attached);
            short[] out = {(short) r, 7, (short) (r * -3)};
            short[] in = new short[3];
            w.bSend(out, 3, MPI.SHORT, next, 50);
            Status s = w.recv(in, 3, MPI.SHORT, prev, 50);
            p("bSend short[]: " + Arrays.toString(in) + " " + st(s, MPI.SHORT));
            DoubleBuffer dout = MPI.newDoubleBuffer(2), din = MPI.newDoubleBuffer(2);
            dout.put(0, r * 1.5).put(1, -r);
            w.bSend(dout, 2, MPI.DOUBLE, next, 51);
            s = w.recv(din, 2, MPI.DOUBLE, prev, 51);
            p("bSend DoubleBuffer: " + din.get(0) + " " + din.get(1) + " " + st(s, MPI.DOUBLE));
            byte[] detached = MPI.detachBuffer();
            p("detachBuffer: same array " + (detached == attached));

            boolean[] bout = {true, r % 2 == 1, false}, bin = new boolean[3];
            if (rank % 2 == 0) {
                w.sSend(bout, 3, MPI.BOOLEAN, next, 52);
                s = w.recv(bin, 3, MPI.BOOLEAN, prev, 52);
            } else {
                s = w.recv(bin, 3, MPI.BOOLEAN, prev, 52);
                w.sSend(bout, 3, MPI.BOOLEAN, next, 52);
            }
            p("sSend boolean[]: " + Arrays.toString(bin) + " " + st(s, MPI.BOOLEAN));

            IntBuffer rin = MPI.newIntBuffer(2);
            Request req = w.iRecv(rin, 2, MPI.INT, prev, 53);
            w.barrier(); // every receive is posted before any ready send
            w.rSend(new int[] {r, -r}, 2, MPI.INT, next, 53);
            s = req.waitStatus();
            p("rSend int[]: " + ints(rin, 2) + " " + st(s, MPI.INT));
        }

        // ANY_SOURCE / ANY_TAG: rank 0 collects one message from each other rank, tagged with the sender's rank.
        if (rank == 0) {
            List<String> got = new ArrayList<>();
            for (int k = 1; k < size; k++) {
                int[] buf = new int[3];
                Status s = w.recv(buf, 3, MPI.INT, MPI.ANY_SOURCE, MPI.ANY_TAG);
                got.add("from " + s.getSource() + " tag " + s.getTag() + " count " + s.getCount(MPI.INT) + " "
                        + Arrays.toString(Arrays.copyOf(buf, s.getCount(MPI.INT))));
            }
            Collections.sort(got);
            for (String g : got) p("any: " + g);
        } else {
            int[] msg = new int[rank % 3 + 1];
            Arrays.fill(msg, rank * 11);
            w.send(msg, msg.length, MPI.INT, 0, 100 + rank);
        }
        w.barrier(); // no later message may reach rank 0's ANY_TAG receives

        // PROC_NULL: send and receive complete at once; the status says source PROC_NULL, tag ANY_TAG, count 0.
        {
            int[] buf = {42, 43};
            w.send(buf, 2, MPI.INT, MPI.PROC_NULL, 60);
            Status s = w.recv(buf, 2, MPI.INT, MPI.PROC_NULL, 60);
            p("PROC_NULL recv: buf=" + Arrays.toString(buf) + " source==PROC_NULL " + (s.getSource() == MPI.PROC_NULL)
                    + " tag==ANY_TAG " + (s.getTag() == MPI.ANY_TAG) + " count=" + s.getCount(MPI.INT));
            s = w.sendRecv(buf, 2, MPI.INT, MPI.PROC_NULL, 61, buf, 2, MPI.INT, MPI.PROC_NULL, 61);
            p("PROC_NULL sendRecv: source==PROC_NULL " + (s.getSource() == MPI.PROC_NULL) + " count="
                    + s.getCount(MPI.INT));
        }

        // A message shorter than the receive buffer, and an empty one: only the received elements change
        // (MPI 3.2.4), into an array and into a direct buffer.
        {
            int[] shortMsg = {-1, -1, -1, -1};
            Status s = w.sendRecv(new int[] {r, r + 1}, 2, MPI.INT, next, 70, shortMsg, 4, MPI.INT, prev, 70);
            p("short message into int[4]: " + Arrays.toString(shortMsg) + " " + st(s, MPI.INT));
            int[] none = {5, 6};
            s = w.sendRecv(new int[0], 0, MPI.INT, next, 71, none, 2, MPI.INT, prev, 71);
            p("empty message into int[2]: " + Arrays.toString(none) + " " + st(s, MPI.INT));
            IntBuffer shortBuf = MPI.newIntBuffer(4);
            for (int k = 0; k < 4; k++) shortBuf.put(k, -1);
            s = w.sendRecv(new int[] {r, r + 1}, 2, MPI.INT, next, 72, shortBuf, 4, MPI.INT, prev, 72);
            p("short message into IntBuffer(4): " + ints(shortBuf, 4) + " " + st(s, MPI.INT));
        }

        // probe / iProbe before receiving
        {
            if (rank % 2 == 0) w.send(new long[] {r, r + 1, r + 2}, 3, MPI.LONG, next, 80);
            Status ps = w.probe(prev, 80);
            p("probe: " + st(ps, MPI.LONG));
            long[] got = new long[ps.getCount(MPI.LONG)];
            w.recv(got, got.length, MPI.LONG, prev, 80);
            if (rank % 2 == 1) w.send(new long[] {r, r + 1, r + 2}, 3, MPI.LONG, next, 80);
            p("probed recv: " + Arrays.toString(got));
            w.barrier();
            Status none = w.iProbe(MPI.ANY_SOURCE, 81);
            p("iProbe with nothing sent: " + (none == null ? "null" : "a status"));
        }

        w.barrier();
        MPI.Finalize();
    }

    static String bytes(ByteBuffer b, int n) {
        StringBuilder s = new StringBuilder("[");
        for (int i = 0; i < n; i++) s.append(i > 0 ? ", " : "").append(b.get(i));
        return s.append("]").toString();
    }

    static String ints(IntBuffer b, int n) {
        StringBuilder s = new StringBuilder("[");
        for (int i = 0; i < n; i++) s.append(i > 0 ? ", " : "").append(b.get(i));
        return s.append("]").toString();
    }

    static String show(Object a) {
        if (a instanceof byte[]) return Arrays.toString((byte[]) a);
        if (a instanceof char[]) {
            StringBuilder b = new StringBuilder();
            for (char c : (char[]) a) b.append((int) c).append(' ');
            return b.toString().trim();
        }
        if (a instanceof short[]) return Arrays.toString((short[]) a);
        if (a instanceof boolean[]) return Arrays.toString((boolean[]) a);
        if (a instanceof int[]) return Arrays.toString((int[]) a);
        if (a instanceof long[]) return Arrays.toString((long[]) a);
        if (a instanceof float[]) return Arrays.toString((float[]) a);
        return Arrays.toString((double[]) a);
    }
}
