package natmpj.it;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;

import mpi.Datatype;
import mpi.Intracomm;
import mpi.MPI;
import mpi.Prequest;
import mpi.Request;
import mpi.Status;
import natmpj.internal.Staging;
import natmpj.testkit.Cases;
import natmpj.testkit.Check;
import natmpj.testkit.MultiRank;
import natmpj.testkit.Values;

/**
 * Non-blocking and persistent requests under a real mpirun: every datatype x (array at an offset, direct buffer)
 * x sizes in a ring (each rank sends right and receives from the left), every send mode, the calls on several
 * requests, cancel, buffered sends with an attached buffer, Pack/Unpack, and a garbage-collector stress where the
 * arrays and buffers in flight are moved or dropped between post and completion. Arrays are pinned for the request
 * under Shenandoah and G1 on JDK 25, staged elsewhere (checked: {@link PinPath}).
 */
@MultiRank(jvm = {"", "-XX:+UseShenandoahGC"}, extraJdks = true, extraJdkJvm = "-XX:+UseG1GC")
public final class RequestSuite {
    static final int OFFSET = 3, GUARD = 5;

    public static void main(String[] args) throws Exception {
        Cases.job(args).run(RequestSuite::addCases);
    }

    private static void addCases(Cases cases) {
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.Rank(), size = world.Size();
        int right = (rank + 1) % size, left = (rank + size - 1) % size;

        cases.add("requests_take_the_expected_path", () -> PinPath.check(world, right, left, 60));
        cases.add("object_isends_in_flight_keep_their_bytes", () -> {
            // Each serializes into the thread's reused buffer: a request pinning it would send the next one's bytes.
            int n = 32;
            Request[] sends = new Request[n];
            for (int i = 0; i < n; i++) {
                sends[i] = world.Isend(new Object[] {i + ":" + "x".repeat(50000 + i)}, 0, 1, MPI.OBJECT, right, 70 + i);
            }
            world.Barrier();
            for (int i = 0; i < n; i++) {
                Object[] in = new Object[1];
                world.Recv(in, 0, 1, MPI.OBJECT, left, 70 + i);
                Check.eq(i + ":" + "x".repeat(50000 + i), in[0], "object message " + i);
            }
            Request.Waitall(sends);
        });
        for (String kind : new String[] {"array", "direct"}) {
            for (String type : Values.NAMES) {
                int bytes = Values.bytes(type);
                for (int count : new int[] {0, 1, 1024 / bytes, (1 << 20) / bytes + 17}) {
                    cases.add("isend_irecv_" + type + "_" + kind + "_" + count * bytes + "B",
                            () -> ring(world, rank, right, left, kind, type, count));
                }
            }
        }
        for (String mode : new String[] {"Isend", "Issend", "Irsend", "Ibsend"}) {
            for (String kind : new String[] {"array", "direct"}) {
                cases.add("mode_" + mode + "_" + kind, () -> mode(world, rank, right, left, mode, kind));
            }
        }
        cases.add("bsend_with_byte_array_buffer", () -> {
            byte[] attached = new byte[4 * (4000 + MPI.BSEND_OVERHEAD)];
            MPI.Buffer_attach(attached);
            for (int round = 0; round < 3; round++) {
                int[] out = new int[1000];
                Values.fill("INT", out, 0, 1000, rank * 10 + round);
                world.Bsend(out, 0, 1000, MPI.INT, right, round);
            }
            for (int round = 0; round < 3; round++) {
                int[] in = new int[1000];
                world.Recv(in, 0, 1000, MPI.INT, left, round);
                Values.expect("INT", in, 0, 1000, left * 10 + round, "bsend round " + round);
            }
            Check.isTrue(MPI.Buffer_detach() == attached, "Buffer_detach returns the attached buffer");
        });
        cases.add("shorter_message_leaves_the_rest_untouched", () -> shorterMessages(world, rank, right, left));
        for (String type : Values.NAMES) {
            cases.add("wait_copies_back_what_arrived_at_an_offset_" + type,
                    () -> waitCopiesBack(world, rank, right, left, type));
        }
        cases.add("waitall_testall_statuses", () -> {
            int n = 6;
            Request[] reqs = new Request[2 * n + 1];
            int[][] in = new int[n][];
            for (int i = 0; i < n; i++) {
                in[i] = new int[100 + i];
                reqs[i] = world.Irecv(in[i], 0, 100 + i, MPI.INT, left, 40 + i);
            }
            reqs[2 * n] = MPI.REQUEST_NULL;
            Request[] recvs = java.util.Arrays.copyOf(reqs, n);
            // Before the barrier nobody can have sent (every send follows it); after it the left neighbour may have.
            Check.isTrue(Request.Testall(recvs) == null, "Testall before any send is null");
            world.Barrier();
            for (int i = 0; i < n; i++) {
                int[] out = new int[100 + i];
                Values.fill("INT", out, 0, out.length, rank * 100 + i);
                reqs[n + i] = world.Isend(out, 0, out.length, MPI.INT, right, 40 + i);
            }
            Status[] st = Request.Waitall(reqs);
            Check.eq(2 * n + 1, st.length, "statuses");
            for (int i = 0; i < n; i++) {
                Values.expect("INT", in[i], 0, in[i].length, left * 100 + i, "waitall message " + i);
                Check.eq(left, st[i].source, "source " + i);
                Check.eq(40 + i, st[i].tag, "tag " + i);
                Check.eq(100 + i, st[i].Get_count(MPI.INT), "count " + i);
                Check.isTrue(reqs[i].Is_null(), "completed request is null");
            }
            Check.eq(MPI.ANY_SOURCE, st[2 * n].source, "REQUEST_NULL gives the empty status");
        });
        cases.add("waitany_waitsome_testany_testsome", () -> {
            int n = 5;
            double[][] in = new double[n][10];
            Request[] recvs = new Request[n];
            for (int i = 0; i < n; i++) recvs[i] = world.Irecv(in[i], 0, 10, MPI.DOUBLE, left, 60 + i);
            Check.isTrue(Request.Testany(recvs) == null, "Testany with nothing sent is null");
            Check.eq(0, Request.Testsome(recvs).length, "Testsome with nothing sent is empty");
            world.Barrier();
            List<Request> sends = new ArrayList<>();
            for (int i = n - 1; i >= 0; i--) {
                double[] out = new double[10];
                Values.fill("DOUBLE", out, 0, 10, rank * 1000 + i);
                sends.add(world.Isend(out, 0, 10, MPI.DOUBLE, right, 60 + i));
            }
            boolean[] seen = new boolean[n];
            Status first = Request.Waitany(recvs);
            seen[first.index] = true;
            Check.eq(60 + first.index, first.tag, "Waitany index matches the tag");
            int got = 1;
            while (got < n) {
                for (Status s : Request.Waitsome(recvs)) {
                    Check.isTrue(!seen[s.index], "index " + s.index + " reported twice");
                    seen[s.index] = true;
                    Check.eq(60 + s.index, s.tag, "Waitsome index matches the tag");
                    got++;
                }
            }
            for (int i = 0; i < n; i++) Values.expect("DOUBLE", in[i], 0, 10, left * 1000 + i, "message " + i);
            Status none = Request.Waitany(recvs);
            Check.eq(MPI.UNDEFINED, none.index, "Waitany on completed requests");
            Check.eq(0, Request.Waitsome(recvs).length, "Waitsome on completed requests");
            Request.Waitall(sends.toArray(new Request[0]));
        });
        cases.add("test_polls_until_complete", () -> {
            long[] in = new long[3];
            Request r = world.Irecv(in, 0, 3, MPI.LONG, left, 70);
            Check.isTrue(r.Test() == null, "Test before the send");
            world.Barrier();
            world.Send(new long[] {rank, 2L * rank, 3L * rank}, 0, 3, MPI.LONG, right, 70);
            Status s;
            while ((s = r.Test()) == null) Thread.onSpinWait();
            Check.eq(left, s.source, "source");
            Check.eq(3L * left, in[2], "data");
            Check.isTrue(r.Is_null(), "null after completion");
            Check.eq(MPI.ANY_SOURCE, r.Wait().source, "Wait on a completed request gives the empty status");
        });
        cases.add("cancel_unmatched_receive", () -> {
            int[] in = {-1, -1, -1};
            Request r = world.Irecv(in, 1, 1, MPI.INT, left, 999);
            r.Cancel();
            Status s = r.Wait();
            Check.isTrue(s.Test_cancelled(), "receive was cancelled");
            Check.eq(-1, in[1], "a cancelled receive leaves the array alone");
        });
        for (String kind : new String[] {"array", "direct"}) {
            cases.add("persistent_" + kind, () -> persistent(world, rank, right, left, kind));
        }
        cases.add("persistent_modes_startall", () -> {
            float[] out = new float[64];
            float[] in = new float[3 * 64];
            byte[] attached = new byte[64 * 4 + MPI.BSEND_OVERHEAD];
            MPI.Buffer_attach(attached);
            Prequest[] recvs = new Prequest[3];
            for (int i = 0; i < 3; i++) recvs[i] = world.Recv_init(in, i * 64, 64, MPI.FLOAT, left, 80 + i);
            Prequest[] sends = {world.Ssend_init(out, 0, 64, MPI.FLOAT, right, 80),
                world.Bsend_init(out, 0, 64, MPI.FLOAT, right, 81),
                world.Rsend_init(out, 0, 64, MPI.FLOAT, right, 82)};
            for (int round = 0; round < 20; round++) {
                Prequest.Startall(recvs);
                world.Barrier(); // the ready send needs its receive posted
                Values.fill("FLOAT", out, 0, 64, rank * 100 + round);
                for (Prequest p : sends) {
                    p.Start();
                    p.Wait();
                }
                Request.Waitall(recvs);
                for (int i = 0; i < 3; i++) {
                    Values.expect("FLOAT", in, i * 64, i * 64 + 64, left * 100 + round, "round " + round + " req " + i);
                }
            }
            for (Prequest p : recvs) p.Free();
            for (Prequest p : sends) p.Free();
            MPI.Buffer_detach();
        });
        cases.add("pack_unpack", () -> {
            int[] ints = {rank, rank + 1, rank + 2};
            double[] doubles = {rank * 0.5, rank * 1.5};
            int bytes = world.Pack_size(3, MPI.INT) + world.Pack_size(2, MPI.DOUBLE);
            byte[] packed = new byte[bytes + 7];
            int pos = world.Pack(ints, 0, 3, MPI.INT, packed, 7);
            pos = world.Pack(doubles, 0, 2, MPI.DOUBLE, packed, pos);
            Status st = world.Sendrecv(packed, 7, pos - 7, MPI.PACKED, right, 90,
                    packed = new byte[bytes], 0, bytes, MPI.PACKED, left, 90);
            int[] gotInts = new int[4];
            double[] gotDoubles = new double[2];
            int at = world.Unpack(packed, 0, gotInts, 1, 3, MPI.INT);
            at = world.Unpack(packed, at, gotDoubles, 0, 2, MPI.DOUBLE);
            Check.eq(st.Get_count(MPI.PACKED), at, "consumed every packed byte");
            Check.eq(0, gotInts[0], "element before the offset");
            Check.eq(left + 2, gotInts[3], "ints");
            Check.eq(left * 1.5, gotDoubles[1], "doubles");
        });
        cases.add("pending_sends_of_one_range_share_staging", () -> sharedSends(world, rank, right, left));
        cases.add("pending_receives_into_one_range_share_staging", () -> sharedReceives(world, rank, right, left));
        cases.add("gc_stress_arrays_and_direct", () -> gcStress(world, rank, right, left));
        cases.add("bad_input", () -> badInput(world, right));
    }

    /**
     * Pending Isends of one array range: on the staged path they share one block (one copy, {@link Staging}), and
     * each receiver gets the bytes. Sends of another range of the same array, a shorter one, one started after the
     * others completed and the array changed, and one sharing a block with a send freed while active carry their own.
     */
    static void sharedSends(Intracomm world, int rank, int right, int left) throws Exception {
        int n = 8, len = 20000; // 80 KB of ints: above the sharing threshold, rendezvous on both MPIs
        int[] out = new int[len + 10];
        Values.fill("INT", out, 0, out.length, rank * 7L);
        long before = Staging.sharedSendCount();
        Request[] sends = new Request[n + 2];
        for (int i = 0; i < n; i++) sends[i] = world.Isend(out, 5, len, MPI.INT, right, 300 + i);
        sends[n] = world.Isend(out, 6, len, MPI.INT, right, 300 + n);
        sends[n + 1] = world.Isend(out, 5, len / 2, MPI.INT, right, 301 + n);
        long shared = Staging.sharedSendCount() - before;
        int[][] in = new int[n + 2][len];
        for (int i = 0; i < n + 2; i++) world.Recv(in[i], 0, len, MPI.INT, left, 300 + i);
        Request.Waitall(sends);
        for (int i = 0; i < n; i++) Values.expect("INT", in[i], 0, len, left * 7L + 5, "shared send " + i);
        Values.expect("INT", in[n], 0, len, left * 7L + 6, "send of the range one element on");
        Values.expect("INT", in[n + 1], 0, len / 2, left * 7L + 5, "shorter send");
        Check.eq(PinPath.PINNED ? 0L : n - 1L, shared, "sends that used a pending send's block (" + PinPath.describe()
                + ")");

        // All completed: the next send copies the array as it is now.
        Values.fill("INT", out, 0, out.length, rank * 7L + 1000);
        Request again = world.Isend(out, 5, len, MPI.INT, right, 310);
        world.Recv(in[0], 0, len, MPI.INT, left, 310);
        again.Wait();
        Values.expect("INT", in[0], 0, len, left * 7L + 1005, "send after the array changed");

        // One of two sharing sends freed while active: the other's block stays MPI's, the next send copies anew.
        Request a = world.Isend(out, 5, len, MPI.INT, right, 311), b = world.Isend(out, 5, len, MPI.INT, right, 312);
        a.Free();
        world.Recv(in[0], 0, len, MPI.INT, left, 311);
        world.Recv(in[1], 0, len, MPI.INT, left, 312);
        b.Wait();
        world.Barrier(); // every rank has both messages: the freed send is done too
        Values.expect("INT", in[0], 0, len, left * 7L + 1005, "send freed while active");
        Values.expect("INT", in[1], 0, len, left * 7L + 1005, "send sharing a freed send's block");
        Values.fill("INT", out, 0, out.length, rank * 7L + 2000);
        Request c = world.Isend(out, 5, len, MPI.INT, right, 313);
        world.Recv(in[2], 0, len, MPI.INT, left, 313);
        c.Wait();
        Values.expect("INT", in[2], 0, len, left * 7L + 2005, "send after a shared block was orphaned");
    }

    /**
     * Pending Irecvs into one array range: on the staged path they share one block ({@link Staging#acquireReceive}),
     * and a Waitall copies it back once, covering the longest message. Checked: a window whose first and last
     * messages are shorter (a copy back of either alone would leave the array's tail unwritten), two receives waited
     * one at a time with the second message sent only after the first was checked, two halves of one array (not
     * shared), receives completed by Waitsome, and one sharing a block with a receive freed while active.
     */
    static void sharedReceives(Intracomm world, int rank, int right, int left) throws Exception {
        int n = 8, len = 20000; // 80 KB of ints: above the sharing threshold, rendezvous on both MPIs
        int[] in = new int[len + 10], out = new int[len];
        Values.fill("INT", in, 0, in.length, -1);
        Values.fill("INT", out, 0, len, rank * 11L);
        long shared0 = Staging.sharedReceiveCount(), skipped0 = Staging.skippedCopyCount();
        Request[] recvs = new Request[n], sends = new Request[n];
        for (int i = 0; i < n; i++) recvs[i] = world.Irecv(in, 5, len, MPI.INT, left, 400 + i);
        long shared = Staging.sharedReceiveCount() - shared0;
        for (int i = 0; i < n; i++) {
            sends[i] = world.Isend(out, 0, i == 0 || i == n - 1 ? len / 2 : len, MPI.INT, right, 400 + i);
        }
        Status[] got = Request.Waitall(recvs);
        Request.Waitall(sends);
        long skipped = Staging.skippedCopyCount() - skipped0;
        Values.expect("INT", in, 5, 5 + len, left * 11L, "window of receives into one range, first and last shorter");
        Values.expect("INT", in, 0, 5, -1, "elements before the range");
        Values.expect("INT", in, 5 + len, in.length, -1 + 5 + len, "elements after the range");
        for (int i = 0; i < n; i++) {
            Check.eq(i == 0 || i == n - 1 ? len / 2 : len, got[i].Get_count(MPI.INT), "count " + i);
        }
        String path = " (" + PinPath.describe() + ")";
        Check.eq(PinPath.PINNED ? 0L : n - 1L, shared, "receives that used a pending receive's block" + path);
        Check.eq(PinPath.PINNED ? 0L : n - 1L, skipped, "copies back the Waitall left to one of them" + path);

        // Waited one at a time: each completion copies back what has arrived, the second only after a barrier.
        int[] one = new int[len];
        shared0 = Staging.sharedReceiveCount();
        Request a = world.Irecv(one, 0, len, MPI.INT, left, 410), b = world.Irecv(one, 0, len, MPI.INT, left, 411);
        Check.eq(PinPath.PINNED ? 0L : 1L, Staging.sharedReceiveCount() - shared0, "second receive shares" + path);
        Values.fill("INT", out, 0, len, rank * 11L + 100);
        Request s = world.Isend(out, 0, len, MPI.INT, right, 410);
        a.Wait();
        s.Wait();
        Values.expect("INT", one, 0, len, left * 11L + 100, "first of two receives sharing a block, waited alone");
        world.Barrier();
        Values.fill("INT", out, 0, len, rank * 11L + 200);
        s = world.Isend(out, 0, len, MPI.INT, right, 411);
        b.Wait();
        s.Wait();
        Values.expect("INT", one, 0, len, left * 11L + 200, "second of two receives sharing a block");

        // Two halves of one array: different ranges, each its own block.
        int half = len / 2;
        Request lo = world.Irecv(one, 0, half, MPI.INT, left, 420), hi = world.Irecv(one, half, half, MPI.INT, left,
                421);
        Values.fill("INT", out, 0, len, rank * 11L + 300);
        Request s1 = world.Isend(out, 0, half, MPI.INT, right, 420), s2 = world.Isend(out, half, half, MPI.INT, right,
                421);
        Request.Waitall(new Request[] {hi, s1, lo, s2});
        Values.expect("INT", one, 0, len, left * 11L + 300, "two halves of one array received at once");

        // Completed by Waitsome, in however many calls it takes.
        Values.fill("INT", in, 0, in.length, -1);
        for (int i = 0; i < n; i++) recvs[i] = world.Irecv(in, 5, len, MPI.INT, left, 430 + i);
        Values.fill("INT", out, 0, len, rank * 11L + 400);
        for (int i = 0; i < n; i++) sends[i] = world.Isend(out, 0, len, MPI.INT, right, 430 + i);
        for (int done = 0; done < n; ) done += Request.Waitsome(recvs).length;
        Request.Waitall(sends);
        Values.expect("INT", in, 5, 5 + len, left * 11L + 400, "receives into one range completed by Waitsome");
        Values.expect("INT", in, 5 + len, in.length, -1 + 5 + len, "elements after the range, Waitsome");

        // One of two sharing receives freed while active: its block stays MPI's; the next receive gets a new one.
        Values.fill("INT", out, 0, len, rank * 11L + 500);
        Request c = world.Irecv(one, 0, len, MPI.INT, left, 440), d = world.Irecv(one, 0, len, MPI.INT, left, 441);
        c.Free();
        Request s3 = world.Isend(out, 0, len, MPI.INT, right, 440), s4 = world.Isend(out, 0, len, MPI.INT, right, 441);
        d.Wait();
        Request.Waitall(new Request[] {s3, s4});
        world.Barrier(); // every rank's sends are done: the freed receive has its message too
        Values.expect("INT", one, 0, len, left * 11L + 500, "receive sharing a block with one freed while active");
        Values.fill("INT", out, 0, len, rank * 11L + 600);
        Request e = world.Irecv(one, 0, len, MPI.INT, left, 442);
        s = world.Isend(out, 0, len, MPI.INT, right, 442);
        e.Wait();
        s.Wait();
        Values.expect("INT", one, 0, len, left * 11L + 600, "receive after a shared block was orphaned");
    }

    static void ring(Intracomm world, int rank, int right, int left, String kind, String type, int count) {
        Datatype dt = Values.type(type);
        int length = OFFSET + count + GUARD;
        long seed = 7L * count + type.length();
        Object in = Values.buffer(kind, type, length);
        Values.fill(type, in, 0, length, -1);
        Request r = world.Irecv(in, OFFSET, count, dt, left, 11);
        Object out = Values.buffer(kind, type, length);
        Values.fill(type, out, OFFSET, OFFSET + count, seed + rank);
        Request s = world.Isend(out, OFFSET, count, dt, right, 11);
        Status st = r.Wait();
        s.Wait();
        Values.expect(type, in, OFFSET, OFFSET + count, seed + left, "received");
        Values.expect(type, in, 0, OFFSET, -1, "elements before the offset");
        Values.expect(type, in, OFFSET + count, length, -1 + OFFSET + count, "elements after the message");
        Check.eq(count, st.Get_count(dt), "Get_count");
        Check.eq(left, st.source, "source");
        Check.eq(11, st.tag, "tag");
    }

    static void mode(Intracomm world, int rank, int right, int left, String mode, String kind) {
        int n = 100000; // past eager limits: a synchronous send really waits
        Object in = Values.buffer(kind, "INT", n);
        Request r = world.Irecv(in, 0, n, MPI.INT, left, 21);
        world.Barrier(); // every receive is posted: Irsend is legal
        Object out = Values.buffer(kind, "INT", n);
        Values.fill("INT", out, 0, n, rank * 3L);
        ByteBuffer attached = null;
        if (mode.equals("Ibsend")) {
            attached = ByteBuffer.allocateDirect(n * 4 + MPI.BSEND_OVERHEAD);
            MPI.Buffer_attach(attached);
        }
        Request s;
        switch (mode) {
        case "Issend": s = world.Issend(out, 0, n, MPI.INT, right, 21); break;
        case "Irsend": s = world.Irsend(out, 0, n, MPI.INT, right, 21); break;
        case "Ibsend": s = world.Ibsend(out, 0, n, MPI.INT, right, 21); break;
        default: s = world.Isend(out, 0, n, MPI.INT, right, 21);
        }
        Request.Waitall(new Request[] {s, r});
        Values.expect("INT", in, 0, n, left * 3L, mode);
        if (attached != null) Check.isTrue(MPI.Buffer_detach() == null, "detaching a direct buffer returns null");
    }

    static void persistent(Intracomm world, int rank, int right, int left, String kind) {
        int n = 5000;
        Object out = Values.buffer(kind, "LONG", n + 2);
        Object in = Values.buffer(kind, "LONG", n + 2);
        Prequest send = world.Send_init(out, 1, n, MPI.LONG, right, 31);
        Prequest recv = world.Recv_init(in, 1, n, MPI.LONG, left, 31);
        Check.isTrue(!recv.Is_null(), "a persistent request is not null");
        for (int round = 0; round < 50; round++) {
            Values.fill("LONG", out, 1, n + 1, rank * 1000L + round); // new data every start
            recv.Start();
            send.Start();
            Request.Waitall(new Request[] {recv, send});
            Values.expect("LONG", in, 1, n + 1, left * 1000L + round, "round " + round);
            Check.isTrue(!recv.Is_null(), "still usable after completion");
        }
        Check.eq(0L, Values.getLong(in, 0), "element before the message");
        Check.eq(0L, Values.getLong(in, n + 1), "element after the message");
        send.Free();
        recv.Free();
        Check.isTrue(recv.Is_null(), "null after Free");
    }

    /** Posts, then moves and drops everything the collector can move or drop, then completes and verifies. */
    static void gcStress(Intracomm world, int rank, int right, int left) {
        List<Object> junk = new ArrayList<>();
        for (int round = 0; round < 2000; round++) {
            int n = 1 + (round * 37) % 3000;
            int[] in = new int[n];
            Request r = world.Irecv(in, 0, n, MPI.INT, left, 50);
            ByteBuffer din = ByteBuffer.allocateDirect(8 * n).order(ByteOrder.nativeOrder());
            Request rd = world.Irecv(din, 0, n, MPI.DOUBLE, left, 51);
            int[] out = new int[n];
            Values.fill("INT", out, 0, n, round * 7L + rank);
            Request s = world.Isend(out, 0, n, MPI.INT, right, 50);
            ByteBuffer dout = ByteBuffer.allocateDirect(8 * n).order(ByteOrder.nativeOrder());
            for (int i = 0; i < n; i++) dout.putDouble(8 * i, round + i + rank * 0.5);
            Request sd = world.Isend(dout, 0, n, MPI.DOUBLE, right, 51);
            out = null; // the requests alone must keep the data valid
            dout = null;
            for (int k = 0; k < 20; k++) junk.add(new long[1000 + k]);
            if (junk.size() > 400) junk.clear();
            if (round % 50 == 0) System.gc();
            Request.Waitall(new Request[] {r, rd, s, sd});
            Values.expect("INT", in, 0, n, round * 7L + left, "round " + round);
            for (int i = 0; i < n; i += 97) {
                Check.eq(round + i + left * 0.5, din.getDouble(8 * i), "direct round " + round + " element " + i);
            }
        }
    }

    /**
     * MPI modifies only the locations of the message it receives (MPI-3.1 3.2.4): a staged receive copies back no
     * more than arrived. Dense and derived types (a last item received in part), non-blocking and persistent.
     */
    /**
     * Wait on one receive into a staged array completes with the copy back in the same native call: only what
     * arrived, at the receive's offset, for a plain and a persistent receive; a cancelled one copies nothing. Under
     * a JVM that pins request arrays the same program runs pinned and must give the same arrays.
     */
    static void waitCopiesBack(Intracomm world, int rank, int right, int left, String type) {
        int n = 40, off = 7, length = n + 2 * off;
        Datatype t = Values.type(type);
        for (int sent : new int[] {n, n - 3, 1, 0}) {
            Object in = Values.array(type, length);
            Values.fill(type, in, 0, length, 900 + rank);
            Request r = world.Irecv(in, off, n, t, left, 72);
            Object out = Values.array(type, n);
            Values.fill(type, out, 0, n, 100L * rank + sent);
            world.Send(out, 0, sent, t, right, 72);
            Status s = r.Wait();
            Check.eq(sent, s.Get_count(t), type + ", " + sent + " sent: count");
            Values.expect(type, in, 0, off, 900 + rank, type + ", " + sent + " sent: before the offset");
            Values.expect(type, in, off, off + sent, 100L * left + sent, type + ", " + sent + " sent: what arrived");
            Values.expect(type, in, off + sent, length, 900 + rank + off + sent, type + ", " + sent + " sent: rest");
        }
        Object in = Values.array(type, length);
        Prequest recv = world.Recv_init(in, off, n, t, left, 73);
        for (int round = 0; round < 3; round++) {
            int sent = n - 5 * round;
            Values.fill(type, in, 0, length, 500 + round);
            recv.Start();
            Object out = Values.array(type, n);
            Values.fill(type, out, 0, n, 10L * rank + round);
            world.Send(out, 0, sent, t, right, 73);
            recv.Wait();
            Values.expect(type, in, 0, off, 500 + round, type + ", persistent round " + round + ": before");
            Values.expect(type, in, off, off + sent, 10L * left + round, type + ", persistent round " + round);
            Values.expect(type, in, off + sent, length, 500 + round + off + sent, type + ", persistent: rest");
        }
        recv.Free();
        Values.fill(type, in, 0, length, 77);
        Request r = world.Irecv(in, off, n, t, left, 999);
        r.Cancel();
        Check.isTrue(r.Wait().Test_cancelled(), type + ": receive was cancelled");
        Values.expect(type, in, 0, length, 77, type + ": a cancelled receive leaves the array alone");
        world.Barrier();
    }

    static void shorterMessages(Intracomm world, int rank, int right, int left) {
        for (String kind : new String[] {"array", "direct"}) {
            Object in = kind.equals("array") ? new int[8] : Values.direct("INT", 8);
            for (int i = 0; i < 8; i++) Values.set("INT", in, i, -1);
            Request r = world.Irecv(in, 0, 8, MPI.INT, left, 70);
            world.Send(new int[] {rank, rank + 1, rank + 2}, 0, 3, MPI.INT, right, 70);
            Status s = r.Wait();
            Check.eq(3, s.Get_count(MPI.INT), kind + ": count");
            for (int i = 0; i < 8; i++) {
                Check.eq(i < 3 ? (double) (left + i) : -1.0, Values.get("INT", in, i), kind + ": element " + i);
            }
        }
        // Items of 4 ints 2 apart; 5 ints arrive: the first item whole, then 1 element of the second
        Datatype strided = Datatype.Vector(4, 1, 2, MPI.INT);
        int[] in = new int[16];
        java.util.Arrays.fill(in, -1);
        Prequest recv = world.Recv_init(in, 0, 2, strided, left, 71);
        for (int round = 0; round < 2; round++) {
            java.util.Arrays.fill(in, -1);
            int arriving = round == 0 ? 5 : 2;
            recv.Start();
            int[] out = {10 * rank, 10 * rank + 1, 10 * rank + 2, 10 * rank + 3, 10 * rank + 4};
            world.Send(out, 0, arriving, MPI.INT, right, 71);
            Status s = recv.Wait();
            Check.eq(arriving, s.Get_elements(strided), "round " + round + ": elements");
            int[] expected = new int[16];
            java.util.Arrays.fill(expected, -1);
            for (int k = 0; k < arriving; k++) expected[7 * (k / 4) + 2 * (k % 4)] = 10 * left + k; // extent 7
            Check.eq(java.util.Arrays.toString(expected), java.util.Arrays.toString(in), "round " + round);
        }
        recv.Free();
        strided.Free();
    }

    static void badInput(Intracomm world, int right) {
        Check.throwsWith(NullPointerException.class, () -> world.Isend(null, 0, 1, MPI.INT, right, 1), "Comm.Isend",
                "buf");
        Check.throwsWith(IndexOutOfBoundsException.class, () -> world.Irecv(new int[2], 1, 2, MPI.INT, right, 1),
                "Comm.Irecv", "past the end");
        Check.throwsWith(IllegalArgumentException.class, () -> world.Send_init(new int[2], 0, 1, MPI.INT, 99, 1),
                "Comm.Send_init", "dest");
        Check.throwsWith(IllegalArgumentException.class, () -> world.Recv_init(new int[2], 0, 1, MPI.LONG, right, 1),
                "Comm.Recv_init", "int[]");
        Check.throwsWith(NullPointerException.class, () -> Request.Waitall(null), "Request.Waitall",
                "array_of_requests");
        // A null element is an inactive request (MpjPatternsSuite): nothing is active, so the index is UNDEFINED
        Check.eq(MPI.UNDEFINED, Request.Waitany(new Request[] {MPI.REQUEST_NULL, null}).index, "Waitany on nulls");
        Prequest p = world.Recv_init(new int[1], 0, 1, MPI.INT, right, 5);
        p.Free();
        Check.throwsWith(IllegalStateException.class, p::Start, "Prequest.Start", "freed");
        Check.throwsWith(IllegalStateException.class, p::Wait, "Request.Wait", "freed");
        Check.throwsWith(IllegalStateException.class, MPI::Buffer_detach, "MPI.Buffer_detach", "no buffer");
        Check.throwsWith(NullPointerException.class, () -> MPI.Buffer_attach((byte[]) null), "MPI.Buffer_attach",
                "buffer");
        Check.throwsWith(NullPointerException.class, () -> world.Pack(new int[1], 0, 1, MPI.INT, null, 0),
                "Comm.Pack", "outbuf");
        Check.throwsWith(IndexOutOfBoundsException.class, () -> world.Unpack(new byte[4], 5, new int[1], 0, 1,
                MPI.INT), "Comm.Unpack", "position");
        Check.throwsWith(IllegalStateException.class, () -> MPI.Init_thread(new String[0], MPI.THREAD_MULTIPLE),
                "MPI.Init_thread", "already initialized");
        // The process goes on working.
        int[] x = {0};
        world.Sendrecv(new int[] {1}, 0, 1, MPI.INT, right, 3, x, 0, 1, MPI.INT, MPI.ANY_SOURCE, 3);
        Check.eq(1, x[0], "still working");
    }
}
