// compat: np=2,4
// Collectives in Open MPI's Java API, with Java arrays and direct buffers: barrier, bcast, gather(v), scatter(v),
// allGather(v), allToAll(v), reduce/allReduce with every predefined op on the types where it applies, MINLOC and
// MAXLOC on MPI.INT2, reduceScatter, reduceScatterBlock, scan, exScan, and the in-place forms (the overloads
// without a send buffer). Floating-point values are exact in any order of combination.
import java.nio.*;
import java.util.*;

import mpi.*;

public class Collectives {
    static int rank, size;

    static void p(String s) {
        byte[] b = (rank + ": " + s + "\n").getBytes(java.nio.charset.StandardCharsets.UTF_8);
        System.out.write(b, 0, b.length); // one write(2) per line: lines of different ranks never mix
        System.out.flush();
    }

    static final String[] TYPES = {"BYTE", "CHAR", "SHORT", "BOOLEAN", "INT", "LONG", "FLOAT", "DOUBLE"};

    static Datatype type(String name) {
        switch (name) {
            case "BYTE": return MPI.BYTE;
            case "CHAR": return MPI.CHAR;
            case "SHORT": return MPI.SHORT;
            case "BOOLEAN": return MPI.BOOLEAN;
            case "INT": return MPI.INT;
            case "LONG": return MPI.LONG;
            case "FLOAT": return MPI.FLOAT;
            default: return MPI.DOUBLE;
        }
    }

    /** Three values of the type on rank r. */
    static Object values(String name, int r) {
        switch (name) {
            case "BYTE": return new byte[] {(byte) (r + 1), (byte) (r - 2), (byte) (r * 37 + 5)};
            case "CHAR": return new char[] {(char) (r + 1), (char) ('a' + r), (char) (60000 + r * 3)};
            case "SHORT": return new short[] {(short) (r + 1), (short) (r - 2), (short) (r * 1000 + 7)};
            case "BOOLEAN": return new boolean[] {r % 2 == 0, true, r == 1};
            case "INT": return new int[] {r + 1, r - 2, r * 100000 + 7};
            case "LONG": return new long[] {r + 1, r - 2, ((long) r << 40) + 7};
            case "FLOAT": return new float[] {r + 0.5f, -(r + 1), (1 << r) * 0.75f};
            default: return new double[] {r + 0.5, -(r + 1), (1 << r) * 0.75};
        }
    }

    static Object newArray(String name, int n) {
        switch (name) {
            case "BYTE": return new byte[n];
            case "CHAR": return new char[n];
            case "SHORT": return new short[n];
            case "BOOLEAN": return new boolean[n];
            case "INT": return new int[n];
            case "LONG": return new long[n];
            case "FLOAT": return new float[n];
            default: return new double[n];
        }
    }

    static String show(Object a) {
        if (a instanceof byte[]) return Arrays.toString((byte[]) a);
        if (a instanceof char[]) {
            StringBuilder b = new StringBuilder("[");
            for (char c : (char[]) a) b.append(b.length() > 1 ? ", " : "").append((int) c);
            return b.append("]").toString();
        }
        if (a instanceof short[]) return Arrays.toString((short[]) a);
        if (a instanceof boolean[]) return Arrays.toString((boolean[]) a);
        if (a instanceof int[]) return Arrays.toString((int[]) a);
        if (a instanceof long[]) return Arrays.toString((long[]) a);
        if (a instanceof float[]) return Arrays.toString((float[]) a);
        return Arrays.toString((double[]) a);
    }

    static String ints(IntBuffer b) {
        StringBuilder s = new StringBuilder("[");
        for (int i = 0; i < b.capacity(); i++) s.append(i > 0 ? ", " : "").append(b.get(i));
        return s.append("]").toString();
    }

    static String doubles(DoubleBuffer b) {
        StringBuilder s = new StringBuilder("[");
        for (int i = 0; i < b.capacity(); i++) s.append(i > 0 ? ", " : "").append(b.get(i));
        return s.append("]").toString();
    }

    static IntBuffer ibuf(int... v) {
        IntBuffer b = MPI.newIntBuffer(v.length);
        for (int i = 0; i < v.length; i++) b.put(i, v[i]);
        return b;
    }

    static int[] filled(int n, int v) {
        int[] a = new int[n];
        Arrays.fill(a, v);
        return a;
    }

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm w = MPI.COMM_WORLD;
        rank = w.getRank();
        size = w.getSize();
        int r = rank, last = size - 1;

        w.barrier();
        p("barrier: passed");

        // bcast of every type from the last rank, into elements 1..3 of a 5-element array (MPI.slice)
        for (String t : TYPES) {
            Object a = newArray(t, 5);
            if (r == last) System.arraycopy(values(t, 9), 0, a, 1, 3);
            if (t.equals("BOOLEAN")) { // no MPI.slice for boolean[]: a 3-element array, copied to 1..3
                boolean[] b3 = new boolean[3];
                if (r == last) System.arraycopy(a, 1, b3, 0, 3);
                w.bcast(b3, 3, MPI.BOOLEAN, last);
                System.arraycopy(b3, 0, a, 1, 3);
            } else {
                w.bcast(slice(a, 1), 3, type(t), last);
            }
            p("bcast " + t + ": " + show(a));
        }
        {
            IntBuffer b = r == 0 ? ibuf(7, 8, 9) : ibuf(0, 0, 0);
            w.bcast(b, 3, MPI.INT, 0);
            DoubleBuffer d = MPI.newDoubleBuffer(2);
            if (r == last) d.put(0, 2.5).put(1, -1);
            w.bcast(d, 2, MPI.DOUBLE, last);
            p("bcast direct: " + ints(b) + " " + doubles(d));
        }

        // gather / gatherv, arrays and direct buffers, to the last rank
        {
            int[] all = filled(2 * size, -1);
            w.gather(new int[] {r, r * 10}, 2, MPI.INT, all, 2, MPI.INT, last);
            p("gather int[]: " + (r == last ? Arrays.toString(all) : "not root"));
            IntBuffer ball = MPI.newIntBuffer(2 * size);
            w.gather(ibuf(r + 100, r + 200), 2, MPI.INT, ball, 2, MPI.INT, 0);
            p("gather direct: " + (r == 0 ? ints(ball) : "not root"));
            // in place: the root's own part is already in its buffer; the others send from theirs
            int[] ip = r == last ? filled(2 * size, -1) : new int[] {r + 1, -(r + 1)};
            if (r == last) {
                ip[2 * r] = 77;
                ip[2 * r + 1] = 78;
            }
            w.gather(ip, 2, MPI.INT, last);
            p("gather in place: " + Arrays.toString(ip));

            int[] counts = new int[size], displs = new int[size];
            for (int i = 0, d = 0; i < size; i++) {
                counts[i] = i + 1;
                displs[i] = d + 1; // one gap before each block
                d += i + 2;
            }
            int total = displs[last] + counts[last];
            long[] mine = new long[r + 1];
            for (int i = 0; i <= r; i++) mine[i] = r * 1000L + i;
            long[] lall = new long[total];
            Arrays.fill(lall, -1);
            w.gatherv(mine, r + 1, MPI.LONG, lall, counts, displs, MPI.LONG, 0);
            p("gatherv long[]: " + (r == 0 ? Arrays.toString(lall) : "not root"));
            if (r == 0) {
                long[] ipv = new long[total];
                Arrays.fill(ipv, -1);
                ipv[displs[0]] = 55;
                w.gatherv(ipv, counts, displs, MPI.LONG, 0);
                p("gatherv in place: " + Arrays.toString(ipv));
            } else {
                w.gatherv(mine, r + 1, MPI.LONG, 0);
                p("gatherv in place: sent " + Arrays.toString(mine));
            }
            DoubleBuffer dv = MPI.newDoubleBuffer(total);
            DoubleBuffer dmine = MPI.newDoubleBuffer(r + 1);
            for (int i = 0; i <= r; i++) dmine.put(i, r + i / 4.0);
            w.gatherv(dmine, r + 1, MPI.DOUBLE, dv, counts, displs, MPI.DOUBLE, last);
            p("gatherv direct: " + (r == last ? doubles(dv) : "not root"));
        }

        // scatter / scatterv from the last rank
        {
            int[] src = new int[3 * size];
            for (int i = 0; i < src.length; i++) src[i] = 100 + i;
            int[] got = filled(4, -1);
            w.scatter(src, 3, MPI.INT, MPI.slice(got, 1), 3, MPI.INT, last);
            p("scatter int[] into slice: " + Arrays.toString(got));
            IntBuffer bsrc = MPI.newIntBuffer(2 * size), bgot = MPI.newIntBuffer(2);
            for (int i = 0; i < 2 * size; i++) bsrc.put(i, -i);
            w.scatter(bsrc, 2, MPI.INT, bgot, 2, MPI.INT, 0);
            p("scatter direct: " + ints(bgot));
            // in place: the root keeps its part in place; the others receive into their buffers
            short[] ip = r == last ? new short[2 * size] : new short[] {-1, -1};
            if (r == last) for (int i = 0; i < ip.length; i++) ip[i] = (short) (i * 3);
            w.scatter(ip, 2, MPI.SHORT, last);
            p("scatter in place: " + Arrays.toString(ip));

            int[] counts = new int[size], displs = new int[size];
            for (int i = 0; i < size; i++) {
                counts[i] = size - i;
                displs[i] = 2 * i;
            }
            float[] fsrc = new float[3 * size];
            for (int i = 0; i < fsrc.length; i++) fsrc[i] = i + 0.5f;
            float[] fgot = new float[size];
            w.scatterv(fsrc, counts, displs, MPI.FLOAT, fgot, counts[r], MPI.FLOAT, 0);
            p("scatterv float[]: " + Arrays.toString(fgot));
            if (r == 0) {
                float[] keep = fsrc.clone();
                w.scatterv(keep, counts, displs, MPI.FLOAT, 0);
                p("scatterv in place: root buffer " + Arrays.toString(keep));
            } else {
                float[] in = new float[size];
                w.scatterv(in, counts[r], MPI.FLOAT, 0);
                p("scatterv in place: " + Arrays.toString(in));
            }
            IntBuffer vsrc = MPI.newIntBuffer(3 * size), vgot = MPI.newIntBuffer(size);
            for (int i = 0; i < 3 * size; i++) vsrc.put(i, i * i);
            w.scatterv(vsrc, counts, displs, MPI.INT, vgot, counts[r], MPI.INT, last);
            p("scatterv direct: " + ints(vgot));
        }

        // allGather / allGatherv
        {
            char[] all = new char[2 * size];
            w.allGather(new char[] {(char) ('a' + r), (char) ('A' + r)}, 2, MPI.CHAR, all, 2, MPI.CHAR);
            p("allGather char[]: " + new String(all));
            int[] ip = filled(size, -1);
            ip[r] = r * r;
            w.allGather(ip, 1, MPI.INT);
            p("allGather in place: " + Arrays.toString(ip));
            DoubleBuffer d = MPI.newDoubleBuffer(size);
            DoubleBuffer dm = MPI.newDoubleBuffer(1);
            dm.put(0, -r - 0.5);
            w.allGather(dm, 1, MPI.DOUBLE, d, 1, MPI.DOUBLE);
            p("allGather direct: " + doubles(d));

            int[] counts = new int[size], displs = new int[size];
            int total = 0;
            for (int i = 0; i < size; i++) {
                counts[i] = i % 2 + 1;
                displs[i] = total;
                total += counts[i];
            }
            int[] mine = filled(counts[r], r + 1);
            int[] vall = new int[total];
            w.allGatherv(mine, counts[r], MPI.INT, vall, counts, displs, MPI.INT);
            p("allGatherv int[]: " + Arrays.toString(vall));
            int[] vip = filled(total, 0);
            for (int i = 0; i < counts[r]; i++) vip[displs[r] + i] = -(r + 1);
            w.allGatherv(vip, counts, displs, MPI.INT);
            p("allGatherv in place: " + Arrays.toString(vip));
            IntBuffer bv = MPI.newIntBuffer(total), bm = MPI.newIntBuffer(counts[r]);
            for (int i = 0; i < counts[r]; i++) bm.put(i, r * 10 + i);
            w.allGatherv(bm, counts[r], MPI.INT, bv, counts, displs, MPI.INT);
            p("allGatherv direct: " + ints(bv));
        }

        // allToAll / allToAllv
        {
            long[] out = new long[2 * size], in = new long[2 * size];
            for (int i = 0; i < out.length; i++) out[i] = r * 100 + i;
            w.allToAll(out, 2, MPI.LONG, in, 2, MPI.LONG);
            p("allToAll long[]: " + Arrays.toString(in));
            IntBuffer bo = MPI.newIntBuffer(size), bi = MPI.newIntBuffer(size);
            for (int i = 0; i < size; i++) bo.put(i, r * 10 + i);
            w.allToAll(bo, 1, MPI.INT, bi, 1, MPI.INT);
            p("allToAll direct: " + ints(bi));

            // rank r sends i+1 elements to rank i and receives r+1 from each
            int[] sc = new int[size], sd = new int[size], rc = new int[size], rd = new int[size];
            int st = 0;
            for (int i = 0; i < size; i++) {
                sc[i] = i + 1;
                sd[i] = st;
                st += i + 1;
                rc[i] = r + 1;
                rd[i] = i * (r + 2); // a gap of one after each block
            }
            int[] vo = new int[st], vi = filled(size * (r + 2), -1);
            for (int i = 0; i < st; i++) vo[i] = r * 100 + i;
            w.allToAllv(vo, sc, sd, MPI.INT, vi, rc, rd, MPI.INT);
            p("allToAllv int[]: " + Arrays.toString(vi));
            IntBuffer bvo = MPI.newIntBuffer(st), bvi = MPI.newIntBuffer(size * (r + 2));
            for (int i = 0; i < st; i++) bvo.put(i, -(r * 100 + i));
            w.allToAllv(bvo, sc, sd, MPI.INT, bvi, rc, rd, MPI.INT);
            p("allToAllv direct: " + ints(bvi));
        }

        // allReduce: every predefined op on the types it applies to
        String[][] opTypes = {
            {"MAX", "BYTE CHAR SHORT INT LONG FLOAT DOUBLE"},
            {"MIN", "BYTE CHAR SHORT INT LONG FLOAT DOUBLE"},
            {"SUM", "BYTE CHAR SHORT INT LONG FLOAT DOUBLE"},
            {"PROD", "BYTE CHAR SHORT INT LONG FLOAT DOUBLE"},
            {"LAND", "BOOLEAN BYTE CHAR SHORT INT LONG"},
            {"LOR", "BOOLEAN BYTE CHAR SHORT INT LONG"},
            {"LXOR", "BOOLEAN BYTE CHAR SHORT INT LONG"},
            {"BAND", "BOOLEAN BYTE CHAR SHORT INT LONG"},
            {"BOR", "BOOLEAN BYTE CHAR SHORT INT LONG"},
            {"BXOR", "BOOLEAN BYTE CHAR SHORT INT LONG"},
        };
        for (String[] ot : opTypes) {
            Op op = op(ot[0]);
            for (String t : ot[1].split(" ")) {
                Object res = newArray(t, 3);
                w.allReduce(values(t, r), res, 3, type(t), op);
                p("allReduce " + ot[0] + " " + t + ": " + show(res));
            }
        }

        // MINLOC / MAXLOC on MPI.INT2 pairs (value, index): MPI.INT2's buffers are byte[] or ByteBuffer, read
        // and written through MPI.int2's Int2.Data views
        {
            int[] pairs = {r % 2, r, 10 - r, r, 5, size - 1 - r};
            ByteBuffer in = MPI.newByteBuffer(3 * MPI.int2.getExtent());
            byte[] inArray = new byte[3 * MPI.int2.getExtent()];
            for (int i = 0; i < 3; i++) {
                Int2.Data d = MPI.int2.getData(in, i);
                d.putValue(pairs[2 * i]);
                d.putIndex(pairs[2 * i + 1]);
                Int2.Data a = MPI.int2.getData(inArray, i);
                a.putValue(pairs[2 * i]);
                a.putIndex(pairs[2 * i + 1]);
            }
            ByteBuffer min = MPI.newByteBuffer(3 * MPI.int2.getExtent());
            byte[] max = new byte[3 * MPI.int2.getExtent()];
            w.allReduce(in, min, 3, MPI.INT2, MPI.MINLOC);
            w.allReduce(inArray, max, 3, MPI.INT2, MPI.MAXLOC);
            StringBuilder smin = new StringBuilder(), smax = new StringBuilder();
            for (int i = 0; i < 3; i++) {
                Int2.Data d = MPI.int2.getData(min, i);
                smin.append(" (").append(d.getValue()).append(",").append(d.getIndex()).append(")");
                d = MPI.int2.getData(max, i);
                smax.append(" (").append(d.getValue()).append(",").append(d.getIndex()).append(")");
            }
            p("MINLOC INT2 direct:" + smin);
            p("MAXLOC INT2 byte[]:" + smax);
            ByteBuffer rmin = MPI.newByteBuffer(3 * MPI.int2.getExtent());
            w.reduce(in, rmin, 3, MPI.INT2, MPI.MINLOC, last);
            Int2.Data d = MPI.int2.getData(rmin, 1);
            p("MINLOC INT2 reduce: " + (r == last ? "(" + d.getValue() + "," + d.getIndex() + ")" : "not root"));
        }

        // reduce to a root, in place, with direct buffers
        {
            int[] sum = filled(3, -1);
            w.reduce(values("INT", r), sum, 3, MPI.INT, MPI.SUM, last);
            p("reduce SUM int[]: " + (r == last ? Arrays.toString(sum) : "not root " + Arrays.toString(sum)));
            double[] ip = (double[]) values("DOUBLE", r);
            w.reduce(ip, 3, MPI.DOUBLE, MPI.MAX, 0);
            p("reduce in place MAX: " + (r == 0 ? Arrays.toString(ip) : "not root"));
            DoubleBuffer ds = MPI.newDoubleBuffer(3), dr = MPI.newDoubleBuffer(3);
            double[] v = (double[]) values("DOUBLE", r);
            for (int i = 0; i < 3; i++) ds.put(i, v[i]);
            w.reduce(ds, dr, 3, MPI.DOUBLE, MPI.SUM, 0);
            p("reduce direct SUM: " + (r == 0 ? doubles(dr) : "not root"));
            long[] lip = (long[]) values("LONG", r);
            w.allReduce(lip, 3, MPI.LONG, MPI.BOR);
            p("allReduce in place BOR: " + Arrays.toString(lip));
            IntBuffer bip = ibuf((int[]) values("INT", r));
            w.allReduce(bip, 3, MPI.INT, MPI.MIN);
            p("allReduce in place direct MIN: " + ints(bip));
            IntBuffer bs = ibuf((int[]) values("INT", r)), br = MPI.newIntBuffer(3);
            w.allReduce(bs, br, 3, MPI.INT, MPI.PROD);
            p("allReduce direct PROD: " + ints(br));
            // the slice of an array as send and as receive buffer
            int[] big = {-9, r + 1, r + 2, -9}, out = filled(4, -1);
            w.allReduce(MPI.slice(big, 1), MPI.slice(out, 2), 2, MPI.INT, MPI.SUM);
            p("allReduce slices: " + Arrays.toString(out));
        }

        // reduceScatter / reduceScatterBlock, and in place
        {
            int[] counts = new int[size];
            int total = 0;
            for (int i = 0; i < size; i++) total += counts[i] = i % 2 + 1;
            int[] in = new int[total];
            for (int i = 0; i < total; i++) in[i] = r * 10 + i;
            int[] out = filled(counts[r], -1);
            w.reduceScatter(in, out, counts, MPI.INT, MPI.SUM);
            p("reduceScatter int[]: " + Arrays.toString(out));
            int[] ip = in.clone();
            w.reduceScatter(ip, counts, MPI.INT, MPI.MAX);
            p("reduceScatter in place: " + Arrays.toString(Arrays.copyOf(ip, counts[r])));
            IntBuffer bin = ibuf(in), bout = MPI.newIntBuffer(counts[r]);
            w.reduceScatter(bin, bout, counts, MPI.INT, MPI.SUM);
            p("reduceScatter direct: " + ints(bout));

            double[] din = new double[2 * size];
            for (int i = 0; i < din.length; i++) din[i] = r + i * 0.5;
            double[] dout = new double[2];
            w.reduceScatterBlock(din, dout, 2, MPI.DOUBLE, MPI.SUM);
            p("reduceScatterBlock double[]: " + Arrays.toString(dout));
            double[] dip = din.clone();
            w.reduceScatterBlock(dip, 2, MPI.DOUBLE, MPI.MIN);
            p("reduceScatterBlock in place: " + Arrays.toString(Arrays.copyOf(dip, 2)));
            IntBuffer bbin = MPI.newIntBuffer(size), bbout = MPI.newIntBuffer(1);
            for (int i = 0; i < size; i++) bbin.put(i, (r + 1) * (i + 1));
            w.reduceScatterBlock(bbin, bbout, 1, MPI.INT, MPI.PROD);
            p("reduceScatterBlock direct: " + ints(bbout));
        }

        // scan / exScan (exScan's result on rank 0 is undefined: not printed)
        {
            int[] sc = new int[3];
            w.scan(values("INT", r), sc, 3, MPI.INT, MPI.SUM);
            p("scan SUM int[]: " + Arrays.toString(sc));
            long[] lip = (long[]) values("LONG", r);
            w.scan(lip, 3, MPI.LONG, MPI.MAX);
            p("scan in place MAX: " + Arrays.toString(lip));
            IntBuffer bs = ibuf(r + 1, 2), br = MPI.newIntBuffer(2);
            w.scan(bs, br, 2, MPI.INT, MPI.PROD);
            p("scan direct PROD: " + ints(br));
            int[] ex = filled(3, -1);
            w.exScan(values("INT", r), ex, 3, MPI.INT, MPI.SUM);
            p("exScan SUM int[]: " + (r == 0 ? "undefined on rank 0" : Arrays.toString(ex)));
            int[] exip = (int[]) values("INT", r);
            w.exScan(exip, 3, MPI.INT, MPI.BXOR);
            p("exScan in place BXOR: " + (r == 0 ? "undefined on rank 0" : Arrays.toString(exip)));
            DoubleBuffer ds = MPI.newDoubleBuffer(1), dr = MPI.newDoubleBuffer(1);
            ds.put(0, r + 0.25);
            w.exScan(ds, dr, 1, MPI.DOUBLE, MPI.SUM);
            p("exScan direct SUM: " + (r == 0 ? "undefined on rank 0" : doubles(dr)));
        }

        w.barrier();
        MPI.Finalize();
    }

    static Op op(String name) {
        switch (name) {
            case "MAX": return MPI.MAX;
            case "MIN": return MPI.MIN;
            case "SUM": return MPI.SUM;
            case "PROD": return MPI.PROD;
            case "LAND": return MPI.LAND;
            case "LOR": return MPI.LOR;
            case "LXOR": return MPI.LXOR;
            case "BAND": return MPI.BAND;
            case "BOR": return MPI.BOR;
            default: return MPI.BXOR;
        }
    }

    /** MPI.slice of the array from the offset on (a heap buffer of the array's type). */
    static Buffer slice(Object a, int offset) {
        if (a instanceof byte[]) return MPI.slice((byte[]) a, offset);
        if (a instanceof char[]) return MPI.slice((char[]) a, offset);
        if (a instanceof short[]) return MPI.slice((short[]) a, offset);
        if (a instanceof int[]) return MPI.slice((int[]) a, offset);
        if (a instanceof long[]) return MPI.slice((long[]) a, offset);
        if (a instanceof float[]) return MPI.slice((float[]) a, offset);
        return MPI.slice((double[]) a, offset);
    }
}
