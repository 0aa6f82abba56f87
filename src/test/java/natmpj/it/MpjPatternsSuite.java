package natmpj.it;

import java.io.Serializable;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import mpi.CartParms;
import mpi.Cartcomm;
import mpi.Datatype;
import mpi.Group;
import mpi.Intracomm;
import mpi.MPI;
import mpi.Op;
import mpi.Prequest;
import mpi.Request;
import mpi.Status;
import mpi.User_function;
import natmpj.testkit.Cases;
import natmpj.testkit.Check;
import natmpj.testkit.MultiRank;
import natmpj.testkit.Values;

/**
 * What programs written for MPJ Express (and the mpiJava test suites it runs) do that MPI allows and natmpj once
 * refused at first, each pattern with its neighbours:
 * <ul>
 *   <li>null elements in the request arrays of Waitall/any/some, Testall/any/some and Startall: inactive requests;</li>
 *   <li>types of size 0 (a Struct of MPI.LB / MPI.UB markers only, and types built from it) in every call that takes
 *       a datatype, with any buffer;</li>
 *   <li>counts and displacements arrays longer than the communicator in every v-collective, for every datatype,
 *       MPI.OBJECT included; too short ones refused, naming the argument; the same for graph edges, per-dimension
 *       flags of Cartesian calls and the block lists of datatype constructors;</li>
 *   <li>Reduce_scatter of MPI.OBJECT with a user op (non-commutative, in rank order);</li>
 *   <li>Status.Get_count(MPI.OBJECT) after Probe/Iprobe, to size the receive (the message is received ahead);</li>
 *   <li>Group.Range_incl/Range_excl triplets whose last is not a rank but whose generated ranks all are;</li>
 *   <li>Cartcomm.Sub with no dimension kept: a 0-dimensional Cartesian communicator of the calling rank alone.</li>
 * </ul>
 * Also runs with the JVM's JNI checks (-Xcheck:jni), where any misuse of JNI is a fatal error.
 */
@MultiRank(jvm = {"", "-Xcheck:jni"})
public final class MpjPatternsSuite {
    /** A serializable record for MPI.OBJECT messages. */
    static final class Item implements Serializable {
        private static final long serialVersionUID = 1L;
        final String text;

        Item(String text) {
            this.text = text;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Item && ((Item) o).text.equals(text);
        }

        @Override
        public int hashCode() {
            return text.hashCode();
        }

        @Override
        public String toString() {
            return text;
        }
    }

    public static void main(String[] args) throws Exception {
        Cases.job(args).run(MpjPatternsSuite::addCases);
    }

    private static void addCases(Cases cases) {
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.Rank(), size = world.Size();
        int right = (rank + 1) % size, left = (rank + size - 1) % size;

        nullRequests(cases, world, rank, size, right, left);
        zeroSizeTypes(cases, world, rank, size, right, left);
        longCounts(cases, world, rank, size);
        longArraysElsewhere(cases, world, rank, size);
        objectReduceScatter(cases, world, rank, size);
        probeThenCount(cases, world, rank, size);
        ranges(cases, world, rank, size);
        cartesianSub(cases, world, rank, size);

    }

    // ------------------------------------------------------------------ 1. null elements in request arrays

    private static void nullRequests(Cases cases, Intracomm world, int rank, int size, int right, int left) {
        cases.add("waitall_with_null_elements", () -> {
            int[] in = new int[1];
            Request[] reqs = {null, world.Irecv(in, 0, 1, MPI.INT, left, 1), null,
                    world.Isend(new int[] {rank}, 0, 1, MPI.INT, right, 1), null};
            Status[] st = Request.Waitall(reqs);
            Check.eq(5, st.length, "one status per element");
            for (int i : new int[] {0, 2, 4}) {
                Check.isTrue(reqs[i] == null, "the program's array keeps its null at " + i);
                empty(st[i], "status of null element " + i);
            }
            Check.eq(left, st[1].source, "receive's source");
            Check.eq(1, st[1].tag, "receive's tag");
            Check.eq(left, in[0], "received value");
            // Only nulls: nothing to wait for
            for (Status s : Request.Waitall(new Request[] {null, null})) empty(s, "all-null Waitall");
            Check.eq(0, Request.Waitall(new Request[0]).length, "empty array");
        });
        cases.add("testall_with_null_elements", () -> {
            int[] in = new int[1];
            Request[] reqs = {world.Irecv(in, 0, 1, MPI.INT, left, 2), null};
            world.Send(new int[] {rank}, 0, 1, MPI.INT, right, 2);
            Status[] st = null;
            for (long deadline = deadline(); st == null; ) {
                st = Request.Testall(reqs);
                if (System.nanoTime() > deadline) throw new AssertionError("Testall never completed");
            }
            Check.eq(left, st[0].source, "source");
            empty(st[1], "status of the null element");
            Check.isTrue(Request.Testall(new Request[] {null}) != null, "all-null Testall completes at once");
        });
        cases.add("waitany_testany_with_null_elements", () -> {
            int[] in = new int[2];
            Request[] reqs = {null, world.Irecv(in, 0, 1, MPI.INT, left, 3), null,
                    world.Irecv(in, 1, 1, MPI.INT, left, 4), null};
            world.Send(new int[] {rank}, 0, 1, MPI.INT, right, 3);
            world.Send(new int[] {-rank}, 0, 1, MPI.INT, right, 4);
            List<Integer> done = new ArrayList<>();
            for (int k = 0; k < 2; k++) {
                Status s = Request.Waitany(reqs);
                Check.isTrue(s.index == 1 || s.index == 3, "Waitany index is a real request: " + s.index);
                Check.eq(left, s.source, "Waitany source");
                done.add(s.index);
            }
            Check.isTrue(done.contains(1) && done.contains(3), "both completed: " + done);
            Check.eq(left, in[0], "first value");
            Check.eq(-left, in[1], "second value");
            Status none = Request.Waitany(reqs);
            Check.eq(MPI.UNDEFINED, none.index, "Waitany with no active request");
            empty(none, "Waitany with no active request");
            Status nulls = Request.Waitany(new Request[] {null, null, null});
            Check.eq(MPI.UNDEFINED, nulls.index, "Waitany over nulls only");
            Status tested = Request.Testany(new Request[] {null, MPI.REQUEST_NULL, null});
            Check.isTrue(tested != null, "Testany with nothing active completes at once");
            Check.eq(MPI.UNDEFINED, tested.index, "Testany index over nulls only");
            Request[] one = {null, world.Irecv(in, 0, 1, MPI.INT, left, 5)};
            world.Send(new int[] {7 * rank}, 0, 1, MPI.INT, right, 5);
            Status t = null;
            for (long deadline = deadline(); t == null; ) {
                t = Request.Testany(one);
                if (System.nanoTime() > deadline) throw new AssertionError("Testany never completed");
            }
            Check.eq(1, t.index, "Testany index");
            Check.eq(7 * left, in[0], "Testany value");
        });
        cases.add("waitsome_testsome_with_null_elements", () -> {
            int[] in = new int[3];
            Request[] reqs = {null, world.Irecv(in, 0, 1, MPI.INT, left, 6), null, world.Irecv(in, 1, 1, MPI.INT,
                    left, 7), null};
            world.Send(new int[] {rank + 100}, 0, 1, MPI.INT, right, 6);
            world.Send(new int[] {rank + 200}, 0, 1, MPI.INT, right, 7);
            List<Integer> done = new ArrayList<>();
            while (done.size() < 2) {
                for (Status s : Request.Waitsome(reqs)) {
                    Check.isTrue(s.index == 1 || s.index == 3, "Waitsome index is a real request: " + s.index);
                    done.add(s.index);
                }
            }
            Check.eq(0, Request.Waitsome(reqs).length, "Waitsome with nothing active");
            Check.eq(0, Request.Waitsome(new Request[] {null}).length, "Waitsome over a null");
            Check.eq(0, Request.Testsome(new Request[] {null, null}).length, "Testsome over nulls");
            Check.eq(left + 100, in[0], "first value");
            Check.eq(left + 200, in[1], "second value");
            Request[] one = {world.Irecv(in, 2, 1, MPI.INT, left, 8), null};
            world.Send(new int[] {rank + 300}, 0, 1, MPI.INT, right, 8);
            List<Status> got = new ArrayList<>();
            for (long deadline = deadline(); got.isEmpty(); ) {
                got.addAll(Arrays.asList(Request.Testsome(one)));
                if (System.nanoTime() > deadline) throw new AssertionError("Testsome never completed");
            }
            Check.eq(0, got.get(0).index, "Testsome index");
            Check.eq(left + 300, in[2], "Testsome value");
        });
        cases.add("object_requests_with_null_elements", () -> {
            Object[] in = new Object[2];
            Request[] reqs = {null, world.Irecv(in, 0, 2, MPI.OBJECT, left, 9), null};
            world.Send(new Object[] {new Item("a" + rank), new Item("b" + rank)}, 0, 2, MPI.OBJECT, right, 9);
            Status[] st = Request.Waitall(reqs);
            empty(st[0], "null before an object receive");
            empty(st[2], "null after an object receive");
            Check.eq(2, st[1].Get_count(MPI.OBJECT), "objects received");
            Check.eq(new Item("b" + left), in[1], "object received");
            Check.eq(MPI.UNDEFINED, Request.Waitany(reqs).index, "Waitany after all completed");
        });
        cases.add("active_request_twice_refused", () -> {
            // MPI frees such a request twice (Open MPI: glibc aborts the process; MPICH: an assertion fails)
            int[] in = new int[1];
            Request q = world.Irecv(in, 0, 1, MPI.INT, left, 11);
            Request[] twice = {q, null, q};
            Check.throwsWith(IllegalArgumentException.class, () -> Request.Waitall(twice), "Request.Waitall",
                    "array_of_requests[2]", "appears earlier");
            Check.throwsWith(IllegalArgumentException.class, () -> Request.Waitany(twice), "Request.Waitany",
                    "array_of_requests[2]");
            Check.throwsWith(IllegalArgumentException.class, () -> Request.Waitsome(twice), "Request.Waitsome",
                    "array_of_requests[2]");
            Check.throwsWith(IllegalArgumentException.class, () -> Request.Testall(twice), "Request.Testall",
                    "array_of_requests[2]");
            Check.throwsWith(IllegalArgumentException.class, () -> Request.Testany(twice), "Request.Testany",
                    "array_of_requests[2]");
            Check.throwsWith(IllegalArgumentException.class, () -> Request.Testsome(twice), "Request.Testsome",
                    "array_of_requests[2]");
            world.Send(new int[] {rank}, 0, 1, MPI.INT, right, 11);
            Status[] st = Request.Waitall(new Request[] {q, MPI.REQUEST_NULL, MPI.REQUEST_NULL});
            Check.eq(left, st[0].source, "the request still completes normally");
            Check.eq(left, in[0], "value");
            Request.Waitall(twice); // completed now: inactive, so a repeat is harmless
            Prequest p = world.Recv_init(in, 0, 1, MPI.INT, left, 12);
            Request.Waitall(new Request[] {p, p}); // inactive persistent: harmless too
            p.Free();
        });
        cases.add("startall_with_null_elements", () -> {
            int[] out = {rank, rank * 2}, in = new int[2];
            Prequest send = world.Send_init(out, 0, 2, MPI.INT, right, 10);
            Prequest recv = world.Recv_init(in, 0, 2, MPI.INT, left, 10);
            Prequest[] both = {null, recv, null, send, null};
            for (int round = 0; round < 3; round++) {
                out[0] = rank + round;
                Prequest.Startall(both);
                Request.Waitall(both);
                Check.eq(left + round, in[0], "round " + round);
                Check.eq(left * 2, in[1], "round " + round + " second element");
            }
            Prequest.Startall(new Prequest[] {null, null});
            Prequest.Startall(new Prequest[0]);
            Check.throwsWith(IllegalArgumentException.class, () -> Prequest.Startall(new Prequest[] {recv, null,
                    recv}), "Prequest.Startall", "array_of_requests[2]", "repeats");
            Check.throwsWith(NullPointerException.class, () -> Prequest.Startall(null), "Prequest.Startall",
                    "array_of_requests");
            Check.throwsWith(NullPointerException.class, () -> Request.Waitall(null), "Request.Waitall",
                    "array_of_requests");
            send.Free();
            recv.Free();
        });
    }

    /** When a Test loop gives up: a minute from now (oversubscribed ranks wait for time slices). */
    private static long deadline() {
        return System.nanoTime() + 60_000_000_000L;
    }

    /** MPI's empty status: what an inactive (or null) request completes with. */
    private static void empty(Status s, String what) {
        Check.isTrue(s != null, what + ": a status, not null");
        Check.eq(MPI.ANY_SOURCE, s.source, what + ": source");
        Check.eq(MPI.ANY_TAG, s.tag, what + ": tag");
    }

    // ------------------------------------------------------------------ 2. types of size 0

    /** LB at 2 and UB at 7: a type of size 0 and extent 5, as in MPI-1. */
    private static Datatype markersOnly() {
        return Datatype.Struct(new int[] {1, 1}, new int[] {2, 7}, new Datatype[] {MPI.LB, MPI.UB});
    }

    /** Buffers a type of size 0 must accept, each filled with a known pattern to prove nothing is written. */
    private static List<Object> anyBuffers() {
        List<Object> bufs = new ArrayList<>();
        bufs.add(new int[] {11, 12, 13, 14});
        bufs.add(new double[] {1.5, 2.5});
        bufs.add(new Object[] {"kept", "as", "is"});
        ByteBuffer direct = ByteBuffer.allocateDirect(16).order(ByteOrder.nativeOrder());
        for (int i = 0; i < 16; i++) direct.put(i, (byte) (i + 1));
        bufs.add(direct);
        bufs.add(new byte[0]);
        bufs.add(null);
        return bufs;
    }

    private static String describe(Object buf) {
        return buf == null ? "null" : buf instanceof ByteBuffer ? "direct" : buf.getClass().getSimpleName();
    }

    /** Checks a buffer from anyBuffers() still holds its pattern. */
    private static void untouched(Object buf, String what) {
        if (buf instanceof int[]) Check.eq("[11, 12, 13, 14]", Arrays.toString((int[]) buf), what);
        if (buf instanceof double[]) Check.eq("[1.5, 2.5]", Arrays.toString((double[]) buf), what);
        if (buf instanceof Object[]) Check.eq("[kept, as, is]", Arrays.toString((Object[]) buf), what);
        if (buf instanceof ByteBuffer) {
            for (int i = 0; i < 16; i++) Check.eq((byte) (i + 1), ((ByteBuffer) buf).get(i), what + ": byte " + i);
        }
    }

    private static void zeroSizeTypes(Cases cases, Intracomm world, int rank, int size, int right, int left) {
        cases.add("zero_size_struct_shape", () -> {
            Datatype z = markersOnly();
            Check.eq(0, z.Size(), "Size");
            Check.eq(5, z.Extent(), "Extent");
            Check.eq(2, z.Lb(), "Lb");
            Check.eq(7, z.Ub(), "Ub");
            Check.eq(-1, z.getType(), "MPJ Express's base type number of a type with no data");
            Check.eq(0, z.getByteSize(), "getByteSize");
            z.Commit();
            Datatype onlyUb = Datatype.Struct(new int[] {1}, new int[] {4}, new Datatype[] {MPI.UB});
            Check.eq(0, onlyUb.Size(), "only UB: Size");
            Check.eq(4, onlyUb.Ub(), "only UB: Ub");
            Datatype contiguous = Datatype.Contiguous(3, z);
            Check.eq(0, contiguous.Size(), "Contiguous of it: Size");
            Check.eq(15, contiguous.Extent(), "Contiguous of it: Extent");
            Check.eq(2, contiguous.Lb(), "Contiguous of it: Lb");
            Datatype vector = Datatype.Vector(2, 2, 3, z);
            Check.eq(0, vector.Size(), "Vector of it: Size");
            // MPI-1: markers from LB of the first copy (2) to UB of the last, at 3 extents + 1 extent (15 + 5 + 7)
            Check.eq(25, vector.Extent(), "Vector of it: Extent (blocks 3 extents apart, 2 copies each)");
            Datatype indexed = Datatype.Indexed(new int[] {1, 1}, new int[] {0, 4}, z);
            Check.eq(25, indexed.Extent(), "Indexed of it: Extent");
            for (Datatype t : new Datatype[] {z, onlyUb, contiguous, vector, indexed}) t.Free();
        });
        cases.add("zero_size_struct_point_to_point_any_buffer", () -> {
            Datatype z = markersOnly();
            for (Object send : anyBuffers()) {
                for (Object recv : anyBuffers()) {
                    String what = describe(send) + " to " + describe(recv);
                    Status s = world.Sendrecv(send, 0, 5, z, right, 20, recv, 0, 5, z, left, 20);
                    Check.eq(left, s.source, what + ": source");
                    Check.eq(0, s.Get_count(z), what + ": Get_count");
                    Check.eq(0, s.Get_elements(z), what + ": Get_elements");
                    Check.eq(0, s.Get_count(MPI.BYTE), what + ": bytes");
                    untouched(send, what + ": send buffer");
                    untouched(recv, what + ": receive buffer");
                }
            }
            int[] buf = {11, 12, 13, 14};
            for (String mode : new String[] {"Send", "Ssend", "Bsend"}) {
                if (mode.equals("Bsend")) MPI.Buffer_attach(ByteBuffer.allocateDirect(1024 + MPI.BSEND_OVERHEAD));
                Request r = world.Irecv(buf, 1, 3, z, left, 21);
                if (mode.equals("Send")) world.Send(buf, 2, 3, z, right, 21);
                if (mode.equals("Ssend")) world.Ssend(buf, 2, 3, z, right, 21);
                if (mode.equals("Bsend")) world.Bsend(buf, 2, 3, z, right, 21);
                Status s = r.Wait();
                Check.eq(0, s.Get_count(z), mode + ": Get_count");
                if (mode.equals("Bsend")) MPI.Buffer_detach();
            }
            world.Sendrecv_replace(buf, 0, 4, z, right, 22, left, 22);
            untouched(buf, "every mode and Sendrecv_replace");
            Prequest ps = world.Send_init(new Object[1], 0, 2, z, right, 23);
            Prequest pr = world.Recv_init(null, 0, 2, z, left, 23);
            for (int round = 0; round < 2; round++) {
                Prequest.Startall(new Prequest[] {pr, ps});
                Status[] st = Request.Waitall(new Request[] {pr, ps});
                Check.eq(left, st[0].source, "persistent round " + round);
            }
            ps.Free();
            pr.Free();
            Check.throwsWith(IndexOutOfBoundsException.class, () -> world.Send(new int[2], 3, 1, z, right, 24),
                    "Comm.Send", "offset 3");
            Check.throwsWith(IllegalArgumentException.class, () -> world.Send("text", 0, 1, z, right, 24),
                    "Comm.Send", "String");
            z.Free();
        });
        cases.add("zero_size_struct_collectives", () -> {
            Datatype z = markersOnly();
            int[] counts = new int[size], displs = new int[size];
            Arrays.fill(counts, 3);
            for (Object buf : anyBuffers()) {
                String what = describe(buf);
                Object other = buf instanceof int[] ? new int[] {11, 12, 13, 14} : buf;
                world.Bcast(buf, 0, 4, z, 0);
                world.Gather(buf, 0, 2, z, other, 0, 2, z, 0);
                world.Gatherv(buf, 0, 3, z, other, 0, counts, displs, z, size - 1);
                world.Scatter(buf, 0, 2, z, other, 0, 2, z, 0);
                world.Scatterv(buf, 0, counts, displs, z, other, 0, 3, z, 0);
                world.Allgather(buf, 0, 1, z, other, 0, 1, z);
                world.Allgatherv(buf, 0, 3, z, other, 0, counts, displs, z);
                world.Alltoall(buf, 0, 1, z, other, 0, 1, z);
                world.Alltoallv(buf, 0, counts, displs, z, other, 0, counts, displs, z);
                world.Reduce(buf, 0, other, 0, 3, z, MPI.SUM, 0);
                world.Allreduce(buf, 0, other, 0, 3, z, MPI.MAX);
                world.Reduce_scatter(buf, 0, other, 0, counts, z, MPI.PROD);
                world.Scan(buf, 0, other, 0, 2, z, MPI.BOR);
                untouched(buf, what + " after every collective");
                untouched(other, what + " (receive side) after every collective");
            }
            Op user = new Op(new User_function() {
                @Override
                public void Call(Object in, int inoffset, Object inout, int inoutoffset, int count, Datatype type) {
                    throw new AssertionError("a user op was called for a type of size 0");
                }
            }, true);
            int[] a = {11, 12, 13, 14}, b = {11, 12, 13, 14};
            world.Allreduce(a, 0, b, 0, 4, z, user);
            untouched(b, "user op over a type of size 0");
            user.Free();
            Check.throwsWith(NullPointerException.class, () -> world.Allreduce(a, 0, b, 0, 1, z, null),
                    "Intracomm.Allreduce", "op");
            z.Free();
        });
        cases.add("zero_size_struct_pack_unpack", () -> {
            Datatype z = markersOnly();
            byte[] packed = new byte[16];
            Check.isTrue(world.Pack_size(4, z) >= 0, "Pack_size");
            int end = world.Pack(new int[] {11, 12, 13, 14}, 0, 4, z, packed, 3);
            Check.eq(3, end, "Pack of no data moves the position by nothing");
            int[] out = {11, 12, 13, 14};
            Check.eq(3, world.Unpack(packed, 3, out, 0, 4, z), "Unpack position");
            untouched(out, "Unpack of no data");
            z.Free();
        });
        cases.add("zero_size_component_in_struct_of_data", () -> {
            // An UB marker 4 elements after position 1 makes the item 5 ints long; the int at 0 is its only data.
            Datatype ub = Datatype.Struct(new int[] {1}, new int[] {4}, new Datatype[] {MPI.UB});
            Datatype item = Datatype.Struct(new int[] {1, 1}, new int[] {0, 1}, new Datatype[] {MPI.INT, ub});
            Check.eq(1, item.Size(), "Size");
            Check.eq(0, item.Lb(), "Lb");
            Check.eq(5, item.Extent(), "Extent");
            int[] out = new int[12], in = new int[12];
            for (int i = 0; i < out.length; i++) out[i] = 100 * rank + i;
            Arrays.fill(in, -1);
            for (Object send : new Object[] {out, direct(out)}) {
                Arrays.fill(in, -1);
                Status s = world.Sendrecv(send, 1, 2, item, right, 30, in, 2, 2, item, left, 30);
                Check.eq(2, s.Get_count(item), "Get_count");
                for (int i = 0; i < in.length; i++) {
                    int expected = i == 2 ? 100 * left + 1 : i == 7 ? 100 * left + 6 : -1;
                    Check.eq(expected, in[i], describe(send) + ": element " + i);
                }
            }
            Datatype two = Datatype.Contiguous(2, item);
            Check.eq(10, two.Extent(), "Contiguous of it: Extent");
            int[] got = new int[5 * size];
            world.Allgather(new int[] {rank + 1}, 0, 1, item, got, 0, 1, item);
            for (int i = 0; i < got.length; i++) {
                Check.eq(i % 5 == 0 ? i / 5 + 1 : 0, got[i], "Allgather: rank " + i / 5 + "'s item, element " + i);
            }
            ub.Free();
            item.Free();
            two.Free();
        });
        cases.add("zero_size_contiguous_of_data_type", () -> {
            Datatype none = Datatype.Contiguous(0, MPI.INT);
            Status s = world.Sendrecv(null, 0, 3, none, right, 31, null, 0, 3, none, left, 31);
            Check.eq(left, s.source, "source");
            int[] kept = {11, 12, 13, 14};
            world.Allreduce(kept, 0, kept.clone(), 0, 2, none, MPI.SUM);
            untouched(kept, "a Contiguous of 0 ints moves nothing");
            none.Free();
        });
    }

    private static ByteBuffer direct(int[] values) {
        ByteBuffer b = ByteBuffer.allocateDirect(4 * values.length).order(ByteOrder.nativeOrder());
        for (int i = 0; i < values.length; i++) b.putInt(4 * i, values[i]);
        return b;
    }

    // ------------------------------------------------------------------ 3. counts arrays longer than the group

    /** size real entries, then entries MPI must never read (negative, huge). */
    private static int[] padded(int[] real) {
        int[] a = Arrays.copyOf(real, real.length + 4);
        a[real.length] = -7;
        a[real.length + 1] = Integer.MAX_VALUE;
        a[real.length + 2] = Integer.MIN_VALUE;
        a[real.length + 3] = 12345;
        return a;
    }

    private static void longCounts(Cases cases, Intracomm world, int rank, int size) {
        // rank i contributes i + 1 items; they sit back to back, with one gap element after each block
        int[] counts = new int[size], displs = new int[size];
        for (int i = 0, at = 0; i < size; i++) {
            counts[i] = i + 1;
            displs[i] = at;
            at += counts[i] + 1;
        }
        int span = displs[size - 1] + counts[size - 1];
        int[] pc = padded(counts), pd = padded(displs);
        for (String type : Values.NAMES) {
            Datatype t = Values.type(type);
            cases.add("v_collectives_long_arrays_" + type, () -> {
                Object mine = Values.array(type, rank + 1);
                Values.fill(type, mine, 0, rank + 1, 1000 * rank);
                for (int root : new int[] {0, size - 1}) {
                    Object all = Values.array(type, span);
                    world.Gatherv(mine, 0, rank + 1, t, all, 0, pc, pd, t, root);
                    if (rank == root) expectBlocks(type, all, counts, displs, "Gatherv to " + root);
                }
                Object all = Values.array(type, span);
                world.Allgatherv(mine, 0, rank + 1, t, all, 0, pc, pd, t);
                expectBlocks(type, all, counts, displs, "Allgatherv");
                Object source = Values.array(type, span);
                for (int i = 0; i < size; i++) Values.fill(type, source, displs[i], displs[i] + counts[i], 1000 * i);
                Object got = Values.array(type, rank + 1);
                world.Scatterv(source, 0, pc, pd, t, got, 0, rank + 1, t, 0);
                Values.expect(type, got, 0, rank + 1, 1000 * rank, "Scatterv");
                // Alltoallv: rank r sends block i (i + 1 items) of its source to rank i, receives r + 1 from each
                int[] rcounts = new int[size], rdispls = new int[size];
                for (int i = 0; i < size; i++) {
                    rcounts[i] = rank + 1;
                    rdispls[i] = i * (rank + 2);
                }
                Object out = Values.array(type, span);
                for (int i = 0; i < size; i++) Values.fill(type, out, displs[i], displs[i] + counts[i], 1000 * rank);
                Object in = Values.array(type, size * (rank + 2));
                world.Alltoallv(out, 0, pc, pd, t, in, 0, padded(rcounts), padded(rdispls), t);
                for (int i = 0; i < size; i++) {
                    Values.expect(type, in, rdispls[i], rdispls[i] + rank + 1, 1000 * i, "Alltoallv from " + i);
                }
            });
        }
        cases.add("v_collectives_long_arrays_OBJECT", () -> {
            Object[] mine = new Object[rank + 1];
            for (int k = 0; k <= rank; k++) mine[k] = new Item(rank + "." + k);
            Object[] all = new Object[span + 1];
            world.Gatherv(mine, 0, rank + 1, MPI.OBJECT, all, 1, pc, pd, MPI.OBJECT, 0);
            if (rank == 0) expectItems(all, 1, counts, displs, "Gatherv");
            all = new Object[span + 1];
            world.Allgatherv(mine, 0, rank + 1, MPI.OBJECT, all, 1, pc, pd, MPI.OBJECT);
            expectItems(all, 1, counts, displs, "Allgatherv");
            Object[] source = new Object[span];
            for (int i = 0; i < size; i++) {
                for (int k = 0; k < counts[i]; k++) source[displs[i] + k] = new Item(i + "." + k);
            }
            Object[] got = new Object[rank + 1];
            world.Scatterv(source, 0, pc, pd, MPI.OBJECT, got, 0, rank + 1, MPI.OBJECT, size - 1);
            for (int k = 0; k <= rank; k++) Check.eq(new Item(rank + "." + k), got[k], "Scatterv item " + k);
            Object[] in = new Object[size * (rank + 1)];
            Check.throwsWith(IndexOutOfBoundsException.class, () -> world.Alltoallv(source, 0, pc, pd, MPI.OBJECT,
                    new Object[size * (rank + 1) - 1], 0, fill(size, rank + 1), steps(size, rank + 1), MPI.OBJECT),
                    "Intracomm.Alltoallv", "recvbuf");
            world.Alltoallv(source, 0, pc, pd, MPI.OBJECT, in, 0, padded(fill(size, rank + 1)),
                    padded(steps(size, rank + 1)), MPI.OBJECT);
            for (int i = 0; i < size; i++) {
                for (int k = 0; k <= rank; k++) {
                    Check.eq(new Item(rank + "." + k), in[i * (rank + 1) + k], "Alltoallv from " + i + " item " + k);
                }
            }
        });
        cases.add("reduce_scatter_long_recvcounts", () -> {
            int total = 0;
            for (int c : counts) total += c;
            int[] send = new int[total];
            for (int i = 0; i < total; i++) send[i] = rank * i;
            int[] got = new int[rank + 1];
            world.Reduce_scatter(send, 0, got, 0, pc, MPI.INT, MPI.SUM);
            int first = 0;
            for (int i = 0; i < rank; i++) first += counts[i];
            int ranks = size * (size - 1) / 2;
            for (int k = 0; k <= rank; k++) Check.eq(ranks * (first + k), got[k], "item " + k);
        });
        cases.add("v_collectives_short_arrays_refused", () -> {
            int[] shortOnes = new int[size - 1];
            Object[] objects = new Object[4 * size];
            Check.throwsWith(IllegalArgumentException.class, () -> world.Allgatherv(new int[1], 0, 1, MPI.INT,
                    new int[4 * size], 0, shortOnes, displs, MPI.INT), "Intracomm.Allgatherv", "recvcount");
            Check.throwsWith(IllegalArgumentException.class, () -> world.Allgatherv(new Object[1], 0, 1, MPI.OBJECT,
                    objects, 0, counts, shortOnes, MPI.OBJECT), "Intracomm.Allgatherv", "displs");
            Check.throwsWith(IllegalArgumentException.class, () -> world.Alltoallv(new int[4 * size], 0, counts,
                    displs, MPI.INT, new int[4 * size], 0, counts, shortOnes, MPI.INT), "Intracomm.Alltoallv",
                    "rdispls");
            Check.throwsWith(IllegalArgumentException.class, () -> world.Alltoallv(objects, 0, shortOnes, displs,
                    MPI.OBJECT, new Object[4 * size], 0, counts, displs, MPI.OBJECT), "Intracomm.Alltoallv",
                    "sendcount");
            Check.throwsWith(IllegalArgumentException.class, () -> world.Reduce_scatter(new int[4 * size], 0,
                    new int[4], 0, shortOnes, MPI.INT, MPI.SUM), "Intracomm.Reduce_scatter", "recvcounts");
            // Gatherv and Scatterv read their arrays at the root only: a root alone (COMM_SELF) shows the check.
            Intracomm self = MPI.COMM_SELF;
            Check.throwsWith(IllegalArgumentException.class, () -> self.Gatherv(new int[1], 0, 1, MPI.INT,
                    new int[1], 0, new int[0], new int[1], MPI.INT, 0), "Intracomm.Gatherv", "recvcount");
            Check.throwsWith(IllegalArgumentException.class, () -> self.Scatterv(new Object[1], 0, new int[1],
                    new int[0], MPI.OBJECT, new Object[1], 0, 1, MPI.OBJECT, 0), "Intracomm.Scatterv", "displs");
        });
    }

    private static int[] fill(int n, int value) {
        int[] a = new int[n];
        Arrays.fill(a, value);
        return a;
    }

    private static int[] steps(int n, int step) {
        int[] a = new int[n];
        for (int i = 0; i < n; i++) a[i] = i * step;
        return a;
    }

    private static void expectBlocks(String type, Object all, int[] counts, int[] displs, String what) {
        for (int i = 0; i < counts.length; i++) {
            Values.expect(type, all, displs[i], displs[i] + counts[i], 1000 * i, what + " block " + i);
            if (i + 1 < counts.length) {
                Check.eq(0.0, Values.get(type, all, displs[i] + counts[i]), what + ": gap after block " + i);
            }
        }
    }

    private static void expectItems(Object[] all, int offset, int[] counts, int[] displs, String what) {
        Check.eq(null, all[0], what + ": element before the offset");
        for (int i = 0; i < counts.length; i++) {
            for (int k = 0; k < counts[i]; k++) {
                Check.eq(new Item(i + "." + k), all[offset + displs[i] + k], what + ": block " + i + " item " + k);
            }
            if (i + 1 < counts.length) Check.eq(null, all[offset + displs[i] + counts[i]], what + ": gap " + i);
        }
    }

    // ------------------------------------------------------------------ 3b. the same for topologies and types

    /** Arrays longer than what MPI reads (graph edges, per-dimension flags, block lists): the rest is unread. */
    static void longArraysElsewhere(Cases cases, Intracomm world, int rank, int size) {
        cases.add("graph_edges_longer_than_index", () -> {
            // A ring: node i's neighbours are i-1 and i+1; then entries MPI must not read (not even valid nodes)
            int[] index = new int[size], edges = new int[2 * size + 3];
            for (int i = 0; i < size; i++) {
                index[i] = 2 * (i + 1);
                edges[2 * i] = (i + size - 1) % size;
                edges[2 * i + 1] = (i + 1) % size;
            }
            edges[2 * size] = -5;
            edges[2 * size + 1] = size + 9;
            edges[2 * size + 2] = Integer.MAX_VALUE;
            mpi.Graphcomm graph = world.Create_graph(index, edges, false);
            int[] neighbours = graph.Neighbours(rank);
            Check.eq(Arrays.toString(new int[] {(rank + size - 1) % size, (rank + 1) % size}),
                    Arrays.toString(neighbours), "Neighbours");
            Check.eq(2 * size, graph.Get().edges.length, "Get: only the edges index names");
            graph.Free();
            Check.throwsWith(IllegalArgumentException.class, () -> world.Create_graph(index,
                    Arrays.copyOf(edges, 2 * size - 1), false), "Intracomm.Create_graph", "edges has only");
        });
        cases.add("cart_flags_longer_than_dims", () -> {
            int[] dims = new int[2];
            Cartcomm.Dims_create(size, dims);
            Cartcomm cart = world.Create_cart(dims, new boolean[] {true, false, true, true}, false);
            CartParms p = cart.Get();
            Check.eq("[true, false]", Arrays.toString(p.periods), "periods read for 2 dimensions");
            Check.eq(rank, cart.Rank(new int[] {p.coords[0], p.coords[1], -99}), "Rank with a longer coords array");
            Cartcomm rows = cart.Sub(new boolean[] {false, true, true, true});
            Check.eq(dims[1], rows.Size(), "Sub with a longer remain_dims");
            Check.eq(rank, cart.Map(dims, new boolean[] {true, false, false}), "Map with a longer periods");
            Check.throwsWith(IllegalArgumentException.class, () -> cart.Sub(new boolean[] {true}), "Cartcomm.Sub",
                    "remain_dims");
            Check.throwsWith(IllegalArgumentException.class, () -> cart.Rank(new int[] {0}), "Cartcomm.Rank",
                    "coords");
            Check.throwsWith(IllegalArgumentException.class, () -> world.Create_cart(dims, new boolean[1], false),
                    "Intracomm.Create_cart", "periods");
            rows.Free();
            cart.Free();
        });
        cases.add("type_constructors_longer_arrays", () -> {
            int[] lengths = {2, 1};
            Datatype indexed = Datatype.Indexed(lengths, new int[] {0, 5, -77, 1 << 30}, MPI.INT);
            Datatype hindexed = Datatype.Hindexed(lengths, new int[] {0, 5, -77}, MPI.INT);
            Datatype struct = Datatype.Struct(lengths, new int[] {0, 5, 99}, new Datatype[] {MPI.INT, MPI.INT,
                    MPI.DOUBLE, null});
            for (Datatype t : new Datatype[] {indexed, hindexed, struct}) {
                Check.eq(3, t.Size(), t + ": Size");
                Check.eq(6, t.Extent(), t + ": Extent");
                int[] out = {10 + rank, 11 + rank, 12, 13, 14, 15 + rank}, in = new int[6];
                world.Sendrecv(out, 0, 1, t, (rank + 1) % size, 40, in, 0, 1, t, (rank + size - 1) % size, 40);
                int left = (rank + size - 1) % size;
                Check.eq("[" + (10 + left) + ", " + (11 + left) + ", 0, 0, 0, " + (15 + left) + "]",
                        Arrays.toString(in), t + ": received");
                t.Free();
            }
            Check.throwsWith(IllegalArgumentException.class, () -> Datatype.Indexed(lengths, new int[1], MPI.INT),
                    "Datatype.Indexed", "displacements has only 1");
            Check.throwsWith(IllegalArgumentException.class, () -> Datatype.Struct(lengths, new int[2],
                    new Datatype[] {MPI.INT}), "Datatype.Struct", "types has only 1");
        });
    }

    // ------------------------------------------------------------------ 4. Reduce_scatter of MPI.OBJECT

    private static void objectReduceScatter(Cases cases, Intracomm world, int rank, int size) {
        cases.add("reduce_scatter_object_in_rank_order", () -> {
            // Concatenation is not commutative: the result shows the order the parts were combined in.
            Op concat = new Op(new User_function() {
                @Override
                public void Call(Object in, int inoffset, Object inout, int inoutoffset, int count, Datatype type) {
                    Object[] a = (Object[]) in, b = (Object[]) inout;
                    for (int i = 0; i < count; i++) b[inoutoffset + i] = a[inoffset + i] + "|" + b[inoutoffset + i];
                }
            }, false);
            int[] counts = new int[size];
            for (int i = 0; i < size; i++) counts[i] = (i * 2) % 3; // 0, 2, 1, 0, ... (a rank may get nothing)
            int total = Arrays.stream(counts).sum();
            Object[] send = new Object[total + 2];
            for (int i = 0; i < total; i++) send[i + 2] = "r" + rank + "e" + i;
            Object[] got = new Object[counts[rank] + 1];
            world.Reduce_scatter(send, 2, got, 1, padded(counts), MPI.OBJECT, concat);
            int first = 0;
            for (int i = 0; i < rank; i++) first += counts[i];
            Check.eq(null, got[0], "element before recvoffset");
            for (int k = 0; k < counts[rank]; k++) {
                StringBuilder expected = new StringBuilder();
                for (int r = 0; r < size; r++) expected.append(r == 0 ? "" : "|").append("r" + r + "e" + (first + k));
                Check.eq(expected.toString(), got[1 + k], "item " + k);
            }
            Check.throwsWith(IllegalArgumentException.class, () -> world.Reduce_scatter(send, 2, got, 1, counts,
                    MPI.OBJECT, MPI.SUM), "Intracomm.Reduce_scatter", "user-defined op");
            Check.throwsWith(IndexOutOfBoundsException.class, () -> world.Reduce_scatter(send, total + 1, got, 1,
                    counts, MPI.OBJECT, concat), "Intracomm.Reduce_scatter", "sendbuf");
            concat.Free();
        });
    }

    // ------------------------------------------------------------------ 4b. probe, count the objects, receive

    private static Object[] items(String prefix, int n) {
        Object[] a = new Object[n];
        for (int i = 0; i < n; i++) a[i] = new Item(prefix + i);
        return a;
    }

    /** MPJ Express's idiom for object messages of unknown length: Probe, Get_count(MPI.OBJECT), allocate, Recv. */
    static void probeThenCount(Cases cases, Intracomm world, int rank, int size) {
        int right = (rank + 1) % size, left = (rank + size - 1) % size;
        cases.add("probe_get_count_object_then_receive", () -> {
            world.Send(items("a" + rank, rank + 2), 0, rank + 2, MPI.OBJECT, right, 50);
            world.Send(items("b" + rank, 3), 0, 3, MPI.OBJECT, right, 50);
            Status probed = world.Probe(left, 50);
            int n = probed.Get_count(MPI.OBJECT);
            Check.eq(left + 2, n, "objects in the probed message");
            Check.eq(n, probed.Get_count(MPI.OBJECT), "counted once, same answer");
            Check.eq(n, probed.Get_elements(MPI.OBJECT), "Get_elements");
            Check.isTrue(probed.Get_count(MPI.BYTE) > 0, "Get_count(MPI.BYTE) still counts the serialized bytes");
            Status again = world.Probe(left, 50); // the message now waits in natmpj, not in MPI: same message
            Check.eq(n, again.Get_count(MPI.OBJECT), "a second probe sees the same message");
            Object[] in = new Object[n];
            Status got = world.Recv(in, 0, n, MPI.OBJECT, left, 50);
            Check.eq(n, got.Get_count(MPI.OBJECT), "received count");
            Check.eq(Arrays.toString(items("a" + left, n)), Arrays.toString(in), "objects of the first message");
            Object[] second = new Object[3];
            world.Recv(second, 0, 3, MPI.OBJECT, left, 50);
            Check.eq(Arrays.toString(items("b" + left, 3)), Arrays.toString(second), "the second, in order");
        });
        cases.add("iprobe_wildcards_get_count_object_then_irecv", () -> {
            world.Send(items("c" + rank, 4), 0, 4, MPI.OBJECT, right, 51 + rank);
            Status probed = null;
            for (long deadline = deadline(); probed == null; ) {
                probed = world.Iprobe(MPI.ANY_SOURCE, MPI.ANY_TAG);
                if (System.nanoTime() > deadline) throw new AssertionError("Iprobe found nothing");
            }
            Check.eq(left, probed.source, "source");
            Check.eq(51 + left, probed.tag, "tag");
            Datatype pairs = Datatype.Contiguous(2, MPI.OBJECT);
            Check.eq(2, probed.Get_count(pairs), "items of a derived object type");
            Check.eq(4, probed.Get_elements(pairs), "elements of a derived object type");
            Object[] in = new Object[4];
            Request r = world.Irecv(in, 0, 2, pairs, probed.source, probed.tag);
            Status got = r.Wait();
            Check.eq(2, got.Get_count(pairs), "received items");
            Check.eq(Arrays.toString(items("c" + left, 4)), Arrays.toString(in), "objects");
            pairs.Free();
        });
        cases.add("probe_get_count_object_truncation_and_non_objects", () -> {
            world.Send(items("d" + rank, 5), 0, 5, MPI.OBJECT, right, 52);
            Status probed = world.Probe(left, 52);
            Check.eq(5, probed.Get_count(MPI.OBJECT), "count");
            Check.throwsWith(mpi.MPIException.class, () -> world.Recv(new Object[2], 0, 2, MPI.OBJECT, left, 52),
                    "Comm.Recv", "truncated");
            // a message of ints asked for objects: not objects
            world.Send(new int[] {1, 2, 3}, 0, 3, MPI.INT, right, 53);
            Status ints = world.Probe(left, 53);
            Check.eq(MPI.UNDEFINED, ints.Get_count(MPI.OBJECT), "ints are no objects");
            Check.throwsWith(mpi.MPIException.class, () -> world.Recv(new Object[3], 0, 3, MPI.OBJECT, left, 53),
                    "Comm.Recv", "deserialize");
            // PROC_NULL: no message, no objects
            Check.eq(0, world.Probe(MPI.PROC_NULL, 54).Get_count(MPI.OBJECT), "PROC_NULL");
        });
    }

    // ------------------------------------------------------------------ 5. Range_incl / Range_excl

    /** The ranks a triplet generates, as MPI-3.1 6.3.2 defines them: first + k * stride while not past last. */
    private static List<Integer> generated(int[][] ranges) {
        List<Integer> out = new ArrayList<>();
        for (int[] r : ranges) {
            for (long k = r[0]; r[2] > 0 ? k <= r[1] : k >= r[1]; k += r[2]) out.add((int) k);
        }
        return out;
    }

    private static void ranges(Cases cases, Intracomm world, int rank, int size) {
        cases.add("range_triplets_last_not_a_rank", () -> {
            Group all = world.Group();
            List<int[][]> candidates = new ArrayList<>();
            candidates.add(new int[][] {{size - 3, size, 2}});          // in a group of 8: {5, 8, 2} gives 5 and 7
            candidates.add(new int[][] {{0, size + 5, size + 6}});      // 0 only
            candidates.add(new int[][] {{size - 1, -1, -(size + 1)}});  // size - 1 only
            candidates.add(new int[][] {{size - 1, -1, -2}});           // down by 2, last below rank 0
            candidates.add(new int[][] {{size - 1, 0, -2}});
            candidates.add(new int[][] {{1, size, 2}, {0, size, 2}});   // odd ranks, then even ones
            candidates.add(new int[][] {{0, 0, 1}, {size - 1, size + 1, 3}});
            List<int[][]> triplets = new ArrayList<>();
            int lastOutside = 0;
            for (int[][] t : candidates) {
                List<Integer> ranks = generated(t);
                if (ranks.stream().anyMatch(r -> r < 0 || r >= size) || ranks.stream().distinct().count()
                        != ranks.size()) {
                    continue; // erroneous at this size (the refusals are checked below)
                }
                triplets.add(t);
                for (int[] r : t) if (r[1] < 0 || r[1] >= size) lastOutside++;
            }
            Check.isTrue(lastOutside >= 3, "at least 3 valid triplets whose last is not a rank: " + lastOutside);
            for (int[][] t : triplets) {
                List<Integer> ranks = generated(t);
                String what = Arrays.deepToString(t);
                Group incl = all.Range_incl(t), excl = all.Range_excl(t);
                Check.eq(ranks.size(), incl.Size(), what + ": Range_incl size");
                Check.eq(size - ranks.size(), excl.Size(), what + ": Range_excl size");
                Check.eq(ranks.indexOf(rank) >= 0 ? ranks.indexOf(rank) : MPI.UNDEFINED, incl.Rank(),
                        what + ": my rank in Range_incl");
                int[] inWorld = Group.Translate_ranks(incl, java.util.stream.IntStream.range(0, incl.Size())
                        .toArray(), all);
                Check.eq(ranks.toString(), Arrays.toString(inWorld), what + ": members in order");
                Check.isTrue(Group.Intersection(incl, excl).Size() == 0, what + ": incl and excl are disjoint");
                incl.Free();
                excl.Free();
            }
            Check.throwsWith(IllegalArgumentException.class, () -> all.Range_incl(new int[][] {{0, size, 1}}),
                    "Group.Range_incl", "ranges[0]", "generates rank " + size);
            Check.throwsWith(IllegalArgumentException.class, () -> all.Range_excl(new int[][] {{size - 1, -1, -1}}),
                    "Group.Range_excl", "ranges[0]", "generates rank -1");
            Check.throwsWith(IllegalArgumentException.class, () -> all.Range_incl(new int[][] {{0, 0, 1},
                    {0, size - 1, size}}), "Group.Range_incl", "ranges[1]", "already");
            Check.throwsWith(IllegalArgumentException.class, () -> all.Range_incl(new int[][] {{1, 0, 1}}),
                    "Group.Range_incl", "ranges[0]", "selects no rank");
            Check.throwsWith(IllegalArgumentException.class, () -> all.Range_incl(new int[][] {{0, 1, 0}}),
                    "Group.Range_incl", "stride 0");
            Check.eq(0, all.Range_incl(new int[0][]).Size(), "no ranges: empty group");
            Check.eq(size, all.Range_excl(new int[0][]).Size(), "no ranges excluded: the whole group");
            all.Free();
        });
    }

    // ------------------------------------------------------------------ 6. Cartcomm.Sub keeping no dimension

    private static void cartesianSub(Cases cases, Intracomm world, int rank, int size) {
        for (int ndims : new int[] {1, 2, 3}) {
            cases.add("cart_sub_no_dimension_kept_" + ndims + "d", () -> {
                int[] dims = new int[ndims];
                Cartcomm.Dims_create(size, dims);
                Cartcomm cart = world.Create_cart(dims, new boolean[ndims], false);
                Cartcomm zero = cart.Sub(new boolean[ndims]);
                Check.isTrue(zero != null, "every rank gets a communicator");
                Check.eq(1, zero.Size(), "Size");
                Check.eq(0, zero.Rank(), "Rank");
                Check.eq(MPI.CART, zero.Topo_test(), "Topo_test");
                CartParms p = zero.Get();
                Check.eq(0, p.dims.length, "Get: dims");
                Check.eq(0, p.coords.length, "Get: coords");
                Check.eq(0, p.periods.length, "Get: periods");
                Check.eq(0, zero.Rank(new int[0]), "Rank of no coordinates");
                Check.eq(0, zero.Coords(0).length, "Coords");
                Check.throwsWith(IllegalArgumentException.class, () -> zero.Shift(0, 1), "Cartcomm.Shift",
                        "0 dimensions");
                int[] value = {rank};
                zero.Allreduce(new int[] {rank}, 0, value, 0, 1, MPI.INT, MPI.SUM);
                Check.eq(rank, value[0], "a collective on it involves this rank alone");
                Cartcomm again = zero.Sub(new boolean[0]);
                Check.eq(1, again.Size(), "Sub of a 0-dimensional grid");
                // Its neighbours still work: keeping every dimension gives the grid back.
                boolean[] keepAll = new boolean[ndims];
                Arrays.fill(keepAll, true);
                Cartcomm whole = cart.Sub(keepAll);
                Check.eq(size, whole.Size(), "Sub keeping every dimension");
                again.Free();
                zero.Free();
                whole.Free();
                cart.Free();
            });
        }
    }
}
