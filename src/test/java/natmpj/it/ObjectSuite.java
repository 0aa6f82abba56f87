package natmpj.it;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import mpi.Datatype;
import mpi.Intracomm;
import mpi.MPI;
import mpi.Op;
import mpi.Prequest;
import mpi.Request;
import mpi.Status;
import mpi.User_function;
import natmpj.testkit.Cases;
import natmpj.testkit.Check;

/**
 * MPI.OBJECT under a real mpirun: object graphs through every point-to-point mode, blocking, non-blocking (alone
 * and mixed with primitive requests in the calls on several requests) and persistent; every collective; user ops on
 * objects with MPI's rank order checked; sizes the receiver cannot know in advance, from empty to megabytes.
 */
public final class ObjectSuite {
    /** A small object graph: records that share a list. */
    static final class Rec implements Serializable {
        private static final long serialVersionUID = 1L;
        final String name;
        final double[] values;
        final List<String> shared;

        Rec(String name, int n, List<String> shared) {
            this.name = name;
            this.values = new double[n];
            for (int i = 0; i < n; i++) values[i] = name.hashCode() + i;
            this.shared = shared;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Rec && ((Rec) o).name.equals(name) && Arrays.equals(((Rec) o).values, values);
        }

        @Override
        public int hashCode() {
            return name.hashCode();
        }

        @Override
        public String toString() {
            return "Rec(" + name + ", " + values.length + ")";
        }
    }

    /**
     * Primitive arrays of every type at one length (in elements), so a message holds arrays below, at and above
     * ObjectCodec's out-of-band threshold at once; plus the same array referenced twice, a null array, a
     * two-dimensional array and arrays nested in a list. Contents depend on the sender's rank and the length.
     */
    static final class Arrays8 implements Serializable {
        private static final long serialVersionUID = 1L;
        final byte[] b;
        final short[] s;
        final int[] i;
        final long[] j;
        final float[] f;
        final double[] d;
        final char[] c;
        final boolean[] z;
        final double[] shared1, shared2;
        final long[] none = null;
        final double[][] matrix;
        final List<Object> nested;

        Arrays8(int rank, int n) {
            Object[] a = bare(rank, n);
            b = (byte[]) a[0];
            s = (short[]) a[1];
            i = (int[]) a[2];
            j = (long[]) a[3];
            f = (float[]) a[4];
            d = (double[]) a[5];
            c = (char[]) a[6];
            z = (boolean[]) a[7];
            shared1 = d;
            shared2 = d;
            matrix = new double[][] {d.clone(), new double[n / 2 + 1], null, new double[0]};
            nested = new ArrayList<>(List.of(i, "x" + rank, new int[][] {i, new int[] {n}}));
        }

        /** Deep equality plus the identities the graph had when sent. */
        void check(Arrays8 got, String what) {
            Check.isTrue(Arrays.equals(b, got.b), what + ": byte[]");
            Check.isTrue(Arrays.equals(s, got.s), what + ": short[]");
            Check.isTrue(Arrays.equals(i, got.i), what + ": int[]");
            Check.isTrue(Arrays.equals(j, got.j), what + ": long[]");
            Check.isTrue(Arrays.equals(f, got.f), what + ": float[]");
            Check.isTrue(Arrays.equals(d, got.d), what + ": double[]");
            Check.isTrue(Arrays.equals(c, got.c), what + ": char[]");
            Check.isTrue(Arrays.equals(z, got.z), what + ": boolean[]");
            Check.isTrue(got.shared1 == got.d && got.shared2 == got.d, what + ": one array referenced thrice");
            Check.eq(null, got.none, what + ": null array");
            Check.isTrue(Arrays.deepEquals(matrix, got.matrix), what + ": double[][]");
            Check.isTrue(got.matrix[0] != got.d, what + ": a copy stays a copy");
            Check.eq(3, got.nested.size(), what + ": nested list");
            Check.isTrue(got.nested.get(0) == got.i, what + ": array shared between object and list");
            int[][] inner = (int[][]) got.nested.get(2);
            Check.isTrue(inner[0] == got.i && inner[1][0] == i.length, what + ": int[][] sharing a row");
        }
    }

    /**
     * Element counts around ObjectCodec's threshold for every element size (1, 2, 4, 8 bytes), none, one and
     * large (a megabyte of doubles).
     */
    static int[] arrayLengths() {
        int t = natmpj.internal.ObjectCodec.OUT_OF_BAND_BYTES;
        return new int[] {0, 1, t / 8 - 1, t / 8, t / 8 + 1, t / 4 - 1, t / 4, t / 2, t - 1, t, t + 1, 131072};
    }

    static Object[] recs(String prefix, int count, int size) {
        List<String> shared = new ArrayList<>(List.of(prefix));
        Object[] a = new Object[count];
        for (int i = 0; i < count; i++) a[i] = new Rec(prefix + "-" + i, size, shared);
        return a;
    }

    public static void main(String[] args) throws Exception {
        Cases.job(args).run(ObjectSuite::addCases);
    }

    private static void addCases(Cases cases) {
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.Rank(), size = world.Size();
        int right = (rank + 1) % size, left = (rank + size - 1) % size;

        for (int n : new int[] {0, 1, 1000, 200000}) {
            cases.add("send_recv_records_" + n + "_doubles", () -> {
                Object[] out = recs("r" + rank, 3, n);
                Object[] in = new Object[6];
                in[0] = "before";
                Status s = world.Sendrecv(out, 0, 3, MPI.OBJECT, right, 5, in, 1, 4, MPI.OBJECT, left, 5);
                Object[] expected = recs("r" + left, 3, n);
                for (int i = 0; i < 3; i++) Check.eq(expected[i], in[1 + i], "object " + i);
                Check.isTrue(((Rec) in[1]).shared == ((Rec) in[3]).shared, "shared list stays shared");
                Check.eq("before", in[0], "element before the offset");
                Check.eq(null, in[4], "room left unused");
                Check.eq(3, s.Get_count(MPI.OBJECT), "Get_count counts objects");
                Check.eq(left, s.source, "source");
            });
        }
        for (int n : arrayLengths()) {
            cases.add("primitive_arrays_" + n + "_elements_every_mode", () -> arrayModes(world, rank, right, left, n));
        }
        cases.add("primitive_arrays_collectives", () -> arrayCollectives(world, rank, size));
        for (int n : arrayLengths()) {
            cases.add("bare_arrays_" + n + "_elements_every_mode", () -> bareModes(world, rank, size, right, left, n));
        }
        cases.add("bare_arrays_identity_null_room_and_types", () -> bareEdges(world, rank, right, left));
        cases.add("primitive_arrays_bad_input_leaves_comm_usable", () -> {
            int n = 100000;
            // The arrays before the bad object were already taken out of band: the failure must drop them.
            Object[] bad = {new Arrays8(rank, n), new Object()};
            Check.throwsWith(IllegalArgumentException.class, () -> world.Send(bad, 0, 2, MPI.OBJECT, right, 70),
                    "Comm.Send", "buf", "not Serializable");
            Check.throwsWith(IllegalArgumentException.class, () -> world.Isend(bad, 0, 2, MPI.OBJECT, right, 70),
                    "Comm.Isend", "not Serializable");
            byte[] raw = new byte[4000];
            world.Send(raw, 0, raw.length, MPI.BYTE, right, 71);
            Object[] in = new Object[2];
            Check.throwsWith(mpi.MPIException.class, () -> world.Recv(in, 0, 2, MPI.OBJECT, left, 71),
                    "Comm.Recv", "not an MPI.OBJECT message");
            Object[] out = {new Arrays8(rank, n), "after"};
            Status s = world.Sendrecv(out, 0, 2, MPI.OBJECT, right, 72, in, 0, 2, MPI.OBJECT, left, 72);
            new Arrays8(left, n).check((Arrays8) in[0], "after the failures");
            Check.eq("after", in[1], "second object");
            Check.eq(2, s.Get_count(MPI.OBJECT), "count");
        });
        for (String mode : new String[] {"Send", "Ssend", "Rsend", "Bsend"}) {
            cases.add("blocking_" + mode, () -> {
                Object[] in = new Object[2];
                Request r = world.Irecv(in, 0, 2, MPI.OBJECT, left, 6);
                world.Barrier();
                Object[] out = {"hello from " + rank, List.of(rank, rank * 2)};
                byte[] attached = mode.equals("Bsend") ? new byte[1 << 16] : null;
                if (attached != null) MPI.Buffer_attach(attached);
                Request w = mode.equals("Ssend") ? world.Issend(out, 0, 2, MPI.OBJECT, right, 6) : null;
                if (w == null) {
                    switch (mode) {
                    case "Rsend": world.Rsend(out, 0, 2, MPI.OBJECT, right, 6); break;
                    case "Bsend": world.Bsend(out, 0, 2, MPI.OBJECT, right, 6); break;
                    default: world.Send(out, 0, 2, MPI.OBJECT, right, 6);
                    }
                }
                r.Wait();
                if (w != null) w.Wait();
                if (attached != null) MPI.Buffer_detach();
                Check.eq("hello from " + left, in[0], mode);
                Check.eq(List.of(left, left * 2), in[1], mode);
            });
        }
        cases.add("irecv_mixed_with_primitive_requests", () -> {
            Object[] objs = new Object[1];
            int[] ints = new int[4];
            Request[] reqs = {world.Irecv(objs, 0, 1, MPI.OBJECT, left, 7), world.Irecv(ints, 0, 4, MPI.INT, left, 8)};
            Check.isTrue(Request.Testall(reqs) == null, "nothing sent yet");
            world.Barrier();
            Request a = world.Isend(new Object[] {"obj" + rank}, 0, 1, MPI.OBJECT, right, 7);
            Request b = world.Isend(new int[] {rank, 1, 2, 3}, 0, 4, MPI.INT, right, 8);
            Status[] st = Request.Waitall(reqs);
            Request.Waitall(new Request[] {a, b});
            Check.eq("obj" + left, objs[0], "object");
            Check.eq(left, ints[0], "ints");
            Check.eq(8, st[1].tag, "status of the int receive");
            Check.eq(1, st[0].Get_count(MPI.OBJECT), "count of the object receive");
            Check.isTrue(reqs[0].Is_null(), "completed object receive is null");
        });
        cases.add("waitany_and_testsome_over_object_receives", () -> {
            Object[][] in = new Object[3][1];
            Request[] reqs = new Request[3];
            for (int i = 0; i < 3; i++) reqs[i] = world.Irecv(in[i], 0, 1, MPI.OBJECT, MPI.ANY_SOURCE, 20 + i);
            Check.eq(0, Request.Testsome(reqs).length, "nothing yet");
            world.Barrier();
            world.Send(new Object[] {"two"}, 0, 1, MPI.OBJECT, right, 22);
            Status s = Request.Waitany(reqs);
            int index = s.index;
            world.Barrier(); // nobody sends tags 20/21 before every rank's Waitany has returned
            Check.eq(2, index, "index");
            Check.eq("two", in[2][0], "object");
            world.Send(new Object[] {"zero"}, 0, 1, MPI.OBJECT, right, 20);
            world.Send(new Object[] {"one"}, 0, 1, MPI.OBJECT, right, 21);
            int got = 0;
            while (got < 2) got += Request.Waitsome(reqs).length;
            Check.eq("zero", in[0][0], "zero");
            Check.eq("one", in[1][0], "one");
            Check.eq(MPI.UNDEFINED, Request.Waitany(reqs).index, "all done");
        });
        cases.add("receives_match_in_post_order_whatever_the_wait_order", () -> {
            // MPI's non-overtaking rule: of pending receives that fit, the first posted gets the first message.
            Object[] a = new Object[1], b = new Object[1], c = new Object[1], d = new Object[1], e = new Object[1];
            Request ra = world.Irecv(a, 0, 1, MPI.OBJECT, left, 30);
            Request rb = world.Irecv(b, 0, 1, MPI.OBJECT, left, 30);
            Request rc = world.Irecv(c, 0, 1, MPI.OBJECT, MPI.ANY_SOURCE, MPI.ANY_TAG);
            Request rd = world.Irecv(d, 0, 1, MPI.OBJECT, left, 31);
            for (int i = 1; i <= 4; i++) {
                world.Send(new Object[] {"m" + i + " from " + rank}, 0, 1, MPI.OBJECT, right, i == 4 ? 31 : 30);
            }
            world.Send(new Object[] {"m5 from " + rank}, 0, 1, MPI.OBJECT, right, 32);
            // Waited last to first, a blocking receive before them: each still gets what MPI's order gives it.
            Status sd = rd.Wait();
            world.Recv(e, 0, 1, MPI.OBJECT, left, 32);
            Status sc = rc.Wait();
            rb.Wait();
            ra.Wait();
            Check.eq("m1 from " + left, a[0], "first posted");
            Check.eq("m2 from " + left, b[0], "second posted");
            Check.eq("m3 from " + left, c[0], "wildcard, third posted");
            Check.eq(30, sc.tag, "wildcard's tag");
            Check.eq("m4 from " + left, d[0], "tag 31");
            Check.eq(31, sd.tag, "tag 31's status");
            Check.eq("m5 from " + left, e[0], "blocking receive");
            world.Barrier();
        });
        cases.add("persistent_objects", () -> {
            Object[] out = new Object[1];
            Object[] in = new Object[1];
            Prequest send = world.Send_init(out, 0, 1, MPI.OBJECT, right, 30);
            Prequest recv = world.Recv_init(in, 0, 1, MPI.OBJECT, left, 30);
            for (int round = 0; round < 30; round++) {
                out[0] = "round " + round + " from " + rank; // serialized afresh at every Start
                Prequest.Startall(new Prequest[] {recv, send});
                Request.Waitall(new Request[] {recv, send});
                Check.eq("round " + round + " from " + left, in[0], "round " + round);
            }
            send.Free();
            recv.Free();
        });
        cases.add("sendrecv_replace_and_mixed_types", () -> {
            Object[] buf = {rank, "x" + rank};
            world.Sendrecv_replace(buf, 0, 2, MPI.OBJECT, right, 40, left, 40);
            Check.eq(left, buf[0], "replaced");
            int[] got = new int[1];
            world.Sendrecv(new Object[] {"s"}, 0, 1, MPI.OBJECT, right, 41, new Object[1], 0, 1, MPI.OBJECT, left, 41);
            world.Sendrecv(new int[] {rank}, 0, 1, MPI.INT, right, 42, got, 0, 1, MPI.INT, left, 42);
            Check.eq(left, got[0], "ints still fine");
        });
        cases.add("proc_null_and_cancel", () -> {
            Object[] in = {"keep"};
            Status s = world.Recv(in, 0, 1, MPI.OBJECT, MPI.PROC_NULL, 1);
            Check.eq(MPI.PROC_NULL, s.source, "PROC_NULL source");
            Check.eq("keep", in[0], "nothing received from PROC_NULL");
            Request r = world.Irecv(in, 0, 1, MPI.OBJECT, left, 999);
            r.Cancel();
            Check.isTrue(r.Wait().Test_cancelled(), "cancelled");
            Check.eq("keep", in[0], "cancelled receive leaves the buffer");
        });
        cases.add("truncation_and_not_serializable", () -> {
            Check.throwsWith(IllegalArgumentException.class, () -> world.Send(new Object[] {new Object()}, 0, 1,
                    MPI.OBJECT, right, 50), "Comm.Send", "not Serializable");
            world.Send(new Object[] {1, 2, 3}, 0, 3, MPI.OBJECT, right, 51);
            Object[] small = new Object[2];
            Check.throwsWith(mpi.MPIException.class, () -> world.Recv(small, 0, 2, MPI.OBJECT, left, 51),
                    "Comm.Recv", "truncated");
            Check.throwsWith(IllegalArgumentException.class, () -> world.Send(new int[1], 0, 1, MPI.OBJECT, right, 1),
                    "Comm.Send", "buf");
        });
        cases.add("collectives", () -> collectives(world, rank, size));
        cases.add("reduce_scan_with_user_op", () -> {
            // String concatenation: associative, not commutative, so MPI's rank order shows.
            Op concat = new Op(new User_function() {
                @Override
                public void Call(Object invec, int inoffset, Object inoutvec, int inoutoffset, int count,
                                 Datatype datatype) {
                    Object[] in = (Object[]) invec, inout = (Object[]) inoutvec;
                    for (int i = 0; i < count; i++) inout[inoutoffset + i] = "" + in[inoffset + i] + inout[inoutoffset + i];
                }
            }, false);
            Object[] mine = {"a" + rank, "b" + rank};
            StringBuilder a = new StringBuilder(), b = new StringBuilder();
            for (int r = 0; r < size; r++) {
                a.append("a").append(r);
                b.append("b").append(r);
            }
            Object[] out = new Object[3];
            world.Reduce(mine, 0, out, 1, 2, MPI.OBJECT, concat, size - 1);
            if (rank == size - 1) Check.eq(List.of(a.toString(), b.toString()), Arrays.asList(out[1], out[2]), "reduce");
            Object[] all = new Object[2];
            world.Allreduce(mine, 0, all, 0, 2, MPI.OBJECT, concat);
            Check.eq(a.toString(), all[0], "allreduce");
            Object[] prefix = new Object[2];
            world.Scan(mine, 0, prefix, 0, 2, MPI.OBJECT, concat);
            StringBuilder p = new StringBuilder();
            for (int r = 0; r <= rank; r++) p.append("b").append(r);
            Check.eq(p.toString(), prefix[1], "scan");
        });
        cases.add("gc_stress_object_requests", () -> {
            for (int round = 0; round < 500; round++) {
                Object[] in = new Object[1];
                Request r = world.Irecv(in, 0, 1, MPI.OBJECT, left, 60);
                Request s = world.Isend(new Object[] {new int[] {round, rank}}, 0, 1, MPI.OBJECT, right, 60);
                if (round % 50 == 0) System.gc();
                Request.Waitall(new Request[] {s, r});
                Check.isTrue(Arrays.equals(new int[] {round, left}, (int[]) in[0]), "round " + round);
            }
        });
    }

    /**
     * Objects holding arrays of {@code n} elements of every type through Sendrecv, blocking Send/Recv, Isend/Irecv,
     * persistent requests, wildcard receives and Probe/Get_count; the same array as two elements of the message
     * arrives as one array.
     */
    static void arrayModes(Intracomm world, int rank, int right, int left, int n) {
        String what = n + " elements";
        Arrays8 mine = new Arrays8(rank, n), theirs = new Arrays8(left, n);
        Object[] out = {mine, mine.d, "end"};
        Object[] in = new Object[3];
        Status s = world.Sendrecv(out, 0, 3, MPI.OBJECT, right, 60, in, 0, 3, MPI.OBJECT, left, 60);
        theirs.check((Arrays8) in[0], what + ", Sendrecv");
        Check.isTrue(in[1] == ((Arrays8) in[0]).d, what + ": array shared between two elements");
        Check.eq(3, s.Get_count(MPI.OBJECT), what + ": count");

        Object[] in2 = new Object[3];
        if (rank % 2 == 0) {
            world.Send(out, 0, 3, MPI.OBJECT, right, 61);
            world.Recv(in2, 0, 3, MPI.OBJECT, left, 61);
        } else {
            world.Recv(in2, 0, 3, MPI.OBJECT, left, 61);
            world.Send(out, 0, 3, MPI.OBJECT, right, 61);
        }
        theirs.check((Arrays8) in2[0], what + ", Send/Recv");

        Object[] in3 = new Object[3];
        Request r = world.Irecv(in3, 0, 3, MPI.OBJECT, MPI.ANY_SOURCE, MPI.ANY_TAG);
        Request w = world.Isend(out, 0, 3, MPI.OBJECT, right, 62);
        Status rs = r.Wait();
        w.Wait();
        theirs.check((Arrays8) in3[0], what + ", Isend/Irecv with wildcards");
        Check.eq(left, rs.source, what + ": wildcard source");
        Check.eq(62, rs.tag, what + ": wildcard tag");

        Object[] pout = new Object[1], pin = new Object[1];
        Prequest ps = world.Send_init(pout, 0, 1, MPI.OBJECT, right, 63);
        Prequest pr = world.Recv_init(pin, 0, 1, MPI.OBJECT, left, 63);
        for (int round = 0; round < 3; round++) {
            pout[0] = new Arrays8(rank + round, n);
            Prequest.Startall(new Prequest[] {pr, ps});
            Request.Waitall(new Request[] {pr, ps});
            new Arrays8(left + round, n).check((Arrays8) pin[0], what + ", persistent round " + round);
        }
        ps.Free();
        pr.Free();

        // Get_count after a probe leaves a communicator matching in completion order (docs/object.md): on a copy.
        Intracomm dup = (Intracomm) world.clone();
        Request w4 = dup.Isend(out, 0, 3, MPI.OBJECT, right, 64);
        Status probed = dup.Probe(left, 64);
        Check.eq(3, probed.Get_count(MPI.OBJECT), what + ": Get_count after Probe");
        Object[] in4 = new Object[probed.Get_count(MPI.OBJECT)];
        dup.Recv(in4, 0, in4.length, MPI.OBJECT, left, 64);
        w4.Wait();
        dup.Free();
        theirs.check((Arrays8) in4[0], what + ", Probe then Recv");
        Check.eq("end", in4[2], what + ": last object");
    }

    /**
     * A message of primitive arrays only: the eight element types, then a second double[], each with contents of the
     * rank, the length and its place. ObjectCodec sends such a message without a serialization stream.
     */
    static Object[] bare(int rank, int n) {
        byte[] b = new byte[n];
        short[] s = new short[n];
        int[] i = new int[n];
        long[] j = new long[n];
        float[] f = new float[n];
        double[] d = new double[n], d2 = new double[n / 3];
        char[] c = new char[n];
        boolean[] z = new boolean[n];
        for (int k = 0; k < n; k++) {
            int v = rank * 7919 + k * 31 + n;
            b[k] = (byte) v;
            s[k] = (short) v;
            i[k] = v;
            j[k] = (long) v << 33 | k;
            f[k] = v / 3f;
            d[k] = v / 7.0;
            c[k] = (char) v;
            z[k] = v % 3 == 0;
        }
        for (int k = 0; k < d2.length; k++) d2[k] = -rank - k / 11.0;
        return new Object[] {b, s, i, j, f, d, c, z, d2};
    }

    /** Element by element, types included, from {@code at} in {@code got}. */
    static void checkBare(Object[] want, Object[] got, int at, String what) {
        for (int k = 0; k < want.length; k++) {
            Object w = want[k], g = got[at + k];
            String where = what + ", object " + k;
            Check.isTrue(g != null && g.getClass() == w.getClass(), where + ": a " + w.getClass().getSimpleName()
                    + ", got " + (g == null ? "null" : g.getClass().getSimpleName()));
            Check.isTrue(Arrays.deepEquals(new Object[] {w}, new Object[] {g}), where + ": contents");
        }
    }

    /**
     * Messages of primitive arrays only (no serialization stream) through every point-to-point mode, Probe and
     * Get_count, a derived datatype over MPI.OBJECT, and the collectives.
     */
    static void bareModes(Intracomm world, int rank, int size, int right, int left, int n) {
        String what = "bare arrays of " + n + " elements";
        Object[] out = bare(rank, n), theirs = bare(left, n);
        int k = out.length;
        Object[] in = new Object[k + 2];
        in[0] = "before";
        Status s = world.Sendrecv(out, 0, k, MPI.OBJECT, right, 80, in, 1, k + 1, MPI.OBJECT, left, 80);
        checkBare(theirs, in, 1, what + ", Sendrecv");
        Check.eq("before", in[0], what + ": element before the offset");
        Check.eq(null, in[k + 1], what + ": room left unused");
        Check.eq(k, s.Get_count(MPI.OBJECT), what + ": count");

        for (String mode : new String[] {"Send", "Ssend", "Bsend"}) {
            Object[] got = new Object[k];
            byte[] attached = mode.equals("Bsend") ? new byte[(int) (2L * k * (n * 8 + 64) + 4096)] : null;
            if (attached != null) MPI.Buffer_attach(attached);
            Request r = world.Irecv(got, 0, k, MPI.OBJECT, left, 81);
            // An object receive matches when waited for: a send that may wait for its receive (Ssend; Send of a
            // large message) goes first on even ranks only.
            boolean first = mode.equals("Bsend") || rank % 2 == 0;
            if (!first) r.Wait();
            switch (mode) {
            case "Ssend": world.Ssend(out, 0, k, MPI.OBJECT, right, 81); break;
            case "Bsend": world.Bsend(out, 0, k, MPI.OBJECT, right, 81); break;
            default: world.Send(out, 0, k, MPI.OBJECT, right, 81);
            }
            if (first) r.Wait();
            if (attached != null) MPI.Buffer_detach();
            checkBare(theirs, got, 0, what + ", " + mode + " to Irecv");
        }

        Object[] got = new Object[k];
        Request w = world.Isend(out, 0, k, MPI.OBJECT, right, 82);
        world.Recv(got, 0, k, MPI.OBJECT, MPI.ANY_SOURCE, 82);
        w.Wait();
        checkBare(theirs, got, 0, what + ", Isend to Recv");

        Object[] pout = new Object[k], pin = new Object[k];
        Prequest ps = world.Send_init(pout, 0, k, MPI.OBJECT, right, 83);
        Prequest pr = world.Recv_init(pin, 0, k, MPI.OBJECT, left, 83);
        for (int round = 0; round < 3; round++) {
            System.arraycopy(bare(rank + round, n), 0, pout, 0, k);
            Prequest.Startall(new Prequest[] {pr, ps});
            Request.Waitall(new Request[] {pr, ps});
            checkBare(bare(left + round, n), pin, 0, what + ", persistent round " + round);
        }
        ps.Free();
        pr.Free();

        Intracomm dup = (Intracomm) world.clone();
        Request w4 = dup.Isend(out, 0, k, MPI.OBJECT, right, 84);
        Status probed = dup.Probe(left, 84);
        Check.eq(k, probed.Get_count(MPI.OBJECT), what + ": Get_count after Probe");
        Object[] in4 = new Object[probed.Get_count(MPI.OBJECT)];
        dup.Recv(in4, 0, in4.length, MPI.OBJECT, left, 84);
        w4.Wait();
        dup.Free();
        checkBare(theirs, in4, 0, what + ", Probe then Recv");

        // Two items of a vector type (2 blocks of 1, stride 2: extent 3): elements 0, 2, 3 and 5 of out, received
        // contiguously.
        Datatype every2 = Datatype.Vector(2, 1, 2, MPI.OBJECT);
        Object[] picked = new Object[4];
        world.Sendrecv(out, 0, 2, every2, right, 85, picked, 0, 4, MPI.OBJECT, left, 85);
        checkBare(new Object[] {theirs[0], theirs[2], theirs[3], theirs[5]}, picked, 0, what + ", vector type");

        for (int root = 0; root < size; root++) {
            Object[] b = rank == root ? bare(root, n) : new Object[k];
            world.Bcast(b, 0, k, MPI.OBJECT, root);
            checkBare(bare(root, n), b, 0, what + ", Bcast from " + root);
        }
        Object[] all = new Object[k * size];
        world.Allgather(out, 0, k, MPI.OBJECT, all, 0, k, MPI.OBJECT);
        for (int r = 0; r < size; r++) checkBare(bare(r, n), all, r * k, what + ", Allgather " + r);
    }

    /**
     * Where a message of arrays needs the stream after all, or is refused: an array given twice arrives as one
     * array; a null among arrays arrives as null; too little room is a truncation; a receive buffer that cannot
     * hold a double[] fails naming it, and the communicator stays usable.
     */
    static void bareEdges(Intracomm world, int rank, int right, int left) {
        for (int n : new int[] {3, 4096}) {
            double[] d = new double[n];
            Arrays.fill(d, rank);
            Object[] in = new Object[3];
            world.Sendrecv(new Object[] {d, new int[] {rank}, d}, 0, 3, MPI.OBJECT, right, 90, in, 0, 3, MPI.OBJECT,
                    left, 90);
            Check.isTrue(in[0] == in[2], n + ": an array given twice arrives as one array");
            Check.eq((double) left, ((double[]) in[0])[n - 1], n + ": its contents");
            Check.eq(left, ((int[]) in[1])[0], n + ": the array between");
            // 20 references to one array
            Object[] many = new Object[20];
            Arrays.fill(many, d);
            Object[] got = new Object[20];
            world.Sendrecv(many, 0, 20, MPI.OBJECT, right, 91, got, 0, 20, MPI.OBJECT, left, 91);
            for (int i = 1; i < 20; i++) Check.isTrue(got[i] == got[0], n + ": reference " + i + " of 20");
            // 19 distinct arrays, then the first again: found by the set, past the pairwise check
            Object[] late = new Object[20];
            for (int i = 0; i < 19; i++) late[i] = new int[] {rank, i};
            late[19] = late[0];
            Object[] gotLate = new Object[20];
            world.Sendrecv(late, 0, 20, MPI.OBJECT, right, 96, gotLate, 0, 20, MPI.OBJECT, left, 96);
            Check.isTrue(gotLate[19] == gotLate[0], n + ": the 20th reference, to the first array");
            Check.eq(18, ((int[]) gotLate[18])[1], n + ": the 19th array");
            Object[] withNull = {d, null, new long[] {rank}};
            Object[] got2 = {"x", "y", "z"};
            world.Sendrecv(withNull, 0, 3, MPI.OBJECT, right, 92, got2, 0, 3, MPI.OBJECT, left, 92);
            Check.eq(null, got2[1], n + ": null among arrays");
            Check.eq((long) left, ((long[]) got2[2])[0], n + ": array after the null");

            Request three = world.Isend(new Object[] {d, new int[n], new byte[n]}, 0, 3, MPI.OBJECT, right, 93);
            Object[] two = new Object[2];
            Check.throwsWith(mpi.MPIException.class, () -> world.Recv(two, 0, 2, MPI.OBJECT, left, 93),
                    "Comm.Recv", "3 objects", "truncated");
            three.Wait();
            Request one = world.Isend(new Object[] {d}, 0, 1, MPI.OBJECT, right, 94);
            String[] strings = new String[1];
            Check.throwsWith(IllegalArgumentException.class, () -> world.Recv(strings, 0, 1, MPI.OBJECT, left, 94),
                    "Comm.Recv", "buf", "cannot hold");
            one.Wait();
            Object[] after = new Object[1];
            world.Sendrecv(new Object[] {d}, 0, 1, MPI.OBJECT, right, 95, after, 0, 1, MPI.OBJECT, left, 95);
            Check.eq((double) left, ((double[]) after[0])[0], n + ": the communicator after the failures");
        }
    }

    /** Objects holding large and small arrays through the collectives (they move whole messages as bytes). */
    static void arrayCollectives(Intracomm world, int rank, int size) {
        int[] lengths = {3, 50000};
        for (int n : lengths) {
            String what = n + " elements";
            for (int root = 0; root < size; root++) {
                Object[] b = rank == root ? new Object[] {new Arrays8(root, n)} : new Object[1];
                world.Bcast(b, 0, 1, MPI.OBJECT, root);
                new Arrays8(root, n).check((Arrays8) b[0], what + ", Bcast from " + root);
            }
            Object[] mine = {new Arrays8(rank, n)};
            Object[] all = new Object[size];
            world.Allgather(mine, 0, 1, MPI.OBJECT, all, 0, 1, MPI.OBJECT);
            for (int r = 0; r < size; r++) new Arrays8(r, n).check((Arrays8) all[r], what + ", Allgather " + r);
            Object[] gathered = new Object[size];
            world.Gather(mine, 0, 1, MPI.OBJECT, gathered, 0, 1, MPI.OBJECT, size - 1);
            if (rank == size - 1) {
                for (int r = 0; r < size; r++) new Arrays8(r, n).check((Arrays8) gathered[r], what + ", Gather " + r);
            }
            Object[] send = new Object[size], recv = new Object[size];
            for (int r = 0; r < size; r++) send[r] = new Arrays8(rank * size + r, n);
            world.Alltoall(send, 0, 1, MPI.OBJECT, recv, 0, 1, MPI.OBJECT);
            for (int r = 0; r < size; r++) {
                new Arrays8(r * size + rank, n).check((Arrays8) recv[r], what + ", Alltoall from " + r);
            }
            Object[] one = new Object[1];
            world.Scatter(send, 0, 1, MPI.OBJECT, one, 0, 1, MPI.OBJECT, 0);
            new Arrays8(rank, n).check((Arrays8) one[0], what + ", Scatter");
        }
    }

    static void collectives(Intracomm world, int rank, int size) {
        for (int root = 0; root < size; root++) {
            Object[] b = rank == root ? new Object[] {"x", List.of(root)} : new Object[2];
            world.Bcast(b, 0, 2, MPI.OBJECT, root);
            Check.eq(List.of(root), b[1], "bcast from " + root);
        }
        Object[] mine = {"g" + rank, rank};
        Object[] gathered = new Object[2 * size + 1];
        world.Gather(mine, 0, 2, MPI.OBJECT, gathered, 1, 2, MPI.OBJECT, 0);
        if (rank == 0) for (int r = 0; r < size; r++) Check.eq("g" + r, gathered[1 + 2 * r], "gather " + r);
        Object[] all = new Object[2 * size];
        world.Allgather(mine, 0, 2, MPI.OBJECT, all, 0, 2, MPI.OBJECT);
        for (int r = 0; r < size; r++) Check.eq(r, all[2 * r + 1], "allgather " + r);
        // v-variants: rank r contributes r+1 objects, placed in reverse rank order.
        int[] counts = new int[size], displs = new int[size];
        int total = 0;
        for (int r = size - 1; r >= 0; r--) {
            counts[r] = r + 1;
            displs[r] = total;
            total += r + 1;
        }
        Object[] part = new Object[rank + 1];
        for (int i = 0; i <= rank; i++) part[i] = rank * 100 + i;
        Object[] vall = new Object[total];
        world.Allgatherv(part, 0, rank + 1, MPI.OBJECT, vall, 0, counts, displs, MPI.OBJECT);
        for (int r = 0; r < size; r++) Check.eq(r * 100 + r, vall[displs[r] + r], "allgatherv " + r);
        Object[] vroot = new Object[total];
        world.Gatherv(part, 0, rank + 1, MPI.OBJECT, vroot, 0, counts, displs, MPI.OBJECT, size - 1);
        if (rank == size - 1) Check.eq(Arrays.asList(vall), Arrays.asList(vroot), "gatherv");
        Object[] back = new Object[rank + 1];
        world.Scatterv(vall, 0, counts, displs, MPI.OBJECT, back, 0, rank + 1, MPI.OBJECT, 0);
        Check.eq(Arrays.asList(part), Arrays.asList(back), "scatterv");
        Object[] one = new Object[1];
        Object[] src = new Object[size];
        for (int r = 0; r < size; r++) src[r] = "to" + r;
        world.Scatter(src, 0, 1, MPI.OBJECT, one, 0, 1, MPI.OBJECT, 0);
        Check.eq("to" + rank, one[0], "scatter");
        Object[] send = new Object[size], recv = new Object[size];
        for (int r = 0; r < size; r++) send[r] = rank + "->" + r;
        world.Alltoall(send, 0, 1, MPI.OBJECT, recv, 0, 1, MPI.OBJECT);
        for (int r = 0; r < size; r++) Check.eq(r + "->" + rank, recv[r], "alltoall " + r);
        int[] ones = new int[size], seq = new int[size];
        for (int r = 0; r < size; r++) {
            ones[r] = 1;
            seq[r] = size - 1 - r;
        }
        Object[] recv2 = new Object[size];
        world.Alltoallv(send, 0, ones, seq, MPI.OBJECT, recv2, 0, ones, seq, MPI.OBJECT);
        // rank r sends send[size-1-dest] to dest, which stores the block from r at size-1-r
        for (int r = 0; r < size; r++) Check.eq(r + "->" + (size - 1 - rank), recv2[size - 1 - r], "alltoallv " + r);
    }
}
