package natmpj.it;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

import mpi.Datatype;
import mpi.Group;
import mpi.Intracomm;
import mpi.MPI;
import mpi.Op;
import mpi.Prequest;
import mpi.Request;
import mpi.Status;
import mpi.User_function;
import natmpj.internal.LiveHandles;
import natmpj.internal.LiveHandles.Kind;
import natmpj.internal.Pins;
import natmpj.jni.NativeMPI;
import natmpj.testkit.Cases;
import natmpj.testkit.Check;
import natmpj.testkit.MultiRank;
import natmpj.testkit.Values;

/**
 * Handle lifetimes under a real mpirun: every handle natmpj creates is counted while live; Free gives it back;
 * handles the program drops are freed for it once the collector finds them (communicators are warned about
 * instead); a freed handle of every kind refuses use; MPI.Finalize with requests still pending reports them and
 * finalizes; arrays of requests freed while active or dropped while pending stay pinned (where requests pin: see
 * PinPath) until Finalize, which unpins them. Runs under G1, Parallel and Shenandoah, and G1 on JDK 25.
 */
@MultiRank(jvm = {"-XX:+UseG1GC", "-XX:+UseParallelGC", "-XX:+UseShenandoahGC"}, extraJdks = true,
        extraJdkJvm = "-XX:+UseG1GC")
public final class LifetimeSuite {
    static final int DROPPED_RECEIVES = 50;
    static final int HUGE_PAGE = 2 << 20;

    public static void main(String[] args) throws Exception {
        Cases.job(args).finalizedBySuite().run(LifetimeSuite::addCases);
    }

    private static void addCases(Cases cases) {
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.Rank(), size = world.Size();
        int right = (rank + 1) % size, left = (rank + size - 1) % size;

        cases.add("free_gives_every_kind_back", () -> {
            Map<Kind, Long> before = LiveHandles.snapshot();
            Intracomm dup = (Intracomm) world.clone();
            Group group = world.Group();
            Datatype vector = Datatype.Vector(3, 1, 2, MPI.INT);
            Op op = new Op(new Sum(), true);
            Prequest persistent = world.Recv_init(new int[4], 0, 4, MPI.INT, left, 3);
            Request pending = world.Irecv(new int[4], 0, 4, MPI.INT, left, 4);
            mpi.Info info = new mpi.Info(); // Open MPI's API's MPI_Info
            for (Kind k : Kind.values()) {
                Check.eq(before.get(k) + (k == Kind.REQUEST ? 2 : 1), LiveHandles.count(k), k + " while live");
            }
            world.Send(new int[4], 0, 4, MPI.INT, right, 4);
            pending.Wait();
            Check.eq(before.get(Kind.REQUEST) + 1, LiveHandles.count(Kind.REQUEST), "a completed request is gone");
            persistent.Free();
            op.Free();
            vector.Free();
            group.Free();
            dup.Free();
            info.free();
            Check.eq(before, LiveHandles.snapshot(), "after Free");
        });
        cases.add("freed_handles_refuse_use", () -> {
            Intracomm dup = (Intracomm) world.clone();
            dup.Free();
            Check.throwsWith(IllegalStateException.class, () -> dup.Send(new int[1], 0, 1, MPI.INT, 0, 0),
                    "Comm.Send", "has been freed");
            Check.throwsWith(IllegalStateException.class, dup::Free, "has been freed");
            Group group = world.Group();
            group.Free();
            Check.throwsWith(IllegalStateException.class, group::Size, "Group.Size", "has been freed");
            Datatype type = Datatype.Contiguous(2, MPI.INT);
            type.Free();
            Check.throwsWith(IllegalStateException.class, () -> world.Send(new int[2], 0, 1, type, right, 0),
                    "Comm.Send", "freed");
            Op op = new Op(new Sum(), true);
            op.Free();
            Check.throwsWith(IllegalStateException.class,
                    () -> world.Allreduce(new int[1], 0, new int[1], 0, 1, MPI.INT, op), "freed");
            Prequest persistent = world.Send_init(new int[1], 0, 1, MPI.INT, right, 0);
            persistent.Free();
            Check.throwsWith(IllegalStateException.class, persistent::Start, "Prequest.Start", "has been freed");
            Check.throwsWith(IllegalStateException.class, persistent::Wait, "Request.Wait", "has been freed");
        });
        cases.add("dropped_handles_are_freed", () -> {
            Map<Kind, Long> before = LiveHandles.snapshot();
            for (int i = 0; i < 500; i++) {
                Datatype.Vector(2, 1, 3, MPI.DOUBLE);
                world.Group();
                world.Send_init(new double[8], 0, 8, MPI.DOUBLE, right, 5);
                world.Recv_init(Values.direct("DOUBLE", 8), 0, 8, MPI.DOUBLE, left, 5);
            }
            Check.eq(before.get(Kind.DATATYPE) + 500, LiveHandles.count(Kind.DATATYPE), "types before collection");
            awaitCollected(() -> {
                Datatype.Contiguous(1, MPI.INT).Free(); // creating a handle frees what the Cleaner queued
                return LiveHandles.snapshot().equals(before);
            }, () -> "dropped types, groups and persistent requests freed: " + before + " vs " + LiveHandles.snapshot());
        });
        cases.add("dropped_communicator_is_warned_about", () -> {
            long before = LiveHandles.count(Kind.COMMUNICATOR);
            String err = capturingStderr(() -> {
                world.Split(0, rank); // dropped at once
                awaitCollected(() -> {
                    Datatype.Contiguous(1, MPI.INT).Free();
                    return false;
                }, null);
            });
            Check.isTrue(err.contains("garbage-collected without Comm.Free") && err.contains("split of"),
                    "warning on stderr: " + err);
            Check.eq(before + 1, LiveHandles.count(Kind.COMMUNICATOR), "MPI keeps the communicator");
        });
        cases.add("dropped_active_requests_stay_safe", () -> {
            // No reference to the requests nor to their buffers: natmpj keeps both until MPI is done with them
            // (here: until Finalize, which reports them, since nobody waits for them).
            int pins = Pins.count();
            for (int round = 0; round < DROPPED_RECEIVES; round++) {
                if (round % 2 == 0) {
                    world.Irecv(Values.direct("LONG", 1024), 0, 1024, MPI.LONG, left, 6);
                } else {
                    world.Irecv(new long[1024], 0, 1024, MPI.LONG, left, 6);
                }
                System.gc();
                long[] out = new long[1024];
                Values.fill("LONG", out, 0, 1024, round);
                world.Send(out, 0, 1024, MPI.LONG, right, 6);
            }
            long[] last = new long[4];
            world.Sendrecv(new long[] {1, 2, 3, 4}, 0, 4, MPI.LONG, right, 7, last, 0, 4, MPI.LONG, left, 7);
            Check.eq(10L, last[0] + last[1] + last[2] + last[3], "a message after them");
            Request freed = world.Irecv(new int[16], 0, 16, MPI.INT, left, 8);
            freed.Free(); // active: MPI still receives into it
            world.Send(new int[16], 0, 16, MPI.INT, right, 8);
            Check.eq(pins + (PinPath.PINNED ? DROPPED_RECEIVES / 2 + 1 : 0), Pins.count(),
                    "arrays of dropped and freed active receives stay pinned (" + PinPath.describe() + ")");
        });
        cases.add("new_byte_buffer_aligned_and_exchanged", () -> {
            for (int capacity : new int[] {0, 1000, HUGE_PAGE - 1, HUGE_PAGE, 5 * HUGE_PAGE + 3}) {
                ByteBuffer b = MPI.newByteBuffer(capacity);
                Check.isTrue(b.isDirect(), "a direct buffer of " + capacity + " bytes");
                Check.eq(capacity, b.capacity(), "capacity");
                Check.eq(ByteOrder.nativeOrder(), b.order(), "byte order");
                if (capacity >= HUGE_PAGE) {
                    Check.eq(0L, NativeMPI.buffer_address(b) % HUGE_PAGE, "address mod 2 MiB, " + capacity + " B");
                }
            }
            int n = 5 * HUGE_PAGE + 3;
            ByteBuffer out = MPI.newByteBuffer(n);
            Values.fill("BYTE", out, 0, n, rank * 7919L);
            // The receive gets only a view 64 bytes into a buffer nobody else refers to: the view keeps the buffer
            // alive through collections while the request is pending.
            ByteBuffer view = MPI.newByteBuffer(n + 64).position(64).slice();
            Request r = world.Irecv(view, 0, n, MPI.BYTE, left, 12);
            for (int i = 0; i < 3; i++) {
                System.gc();
                Thread.sleep(20);
            }
            world.Barrier();
            world.Send(out, 0, n, MPI.BYTE, right, 12);
            Status s = r.Wait();
            Check.eq(n, s.Get_count(MPI.BYTE), "bytes received");
            Values.expect("BYTE", view, 0, n, left * 7919L, "received");
            ByteBuffer back = MPI.newByteBuffer(n);
            world.Sendrecv(view, 0, n, MPI.BYTE, left, 13, back, 0, n, MPI.BYTE, right, 13);
            Values.expect("BYTE", back, 0, n, rank * 7919L, "returned");
        });
        cases.add("new_byte_buffers_dropped_are_freed", () -> {
            // 96 x 16 MiB, every page written: 1.5 GiB of resident memory if dropped buffers were never freed.
            awaitCollected(() -> false, null); // collect for a while first
            long before = SoakSuite.rssKib();
            int capacity = 8 * HUGE_PAGE;
            for (int i = 0; i < 96; i++) {
                ByteBuffer b = MPI.newByteBuffer(capacity);
                for (int at = 0; at < capacity; at += 4096) b.put(at, (byte) i);
                if (i % 8 == 7) System.gc();
            }
            awaitCollected(() -> {
                try {
                    return SoakSuite.rssKib() < before + 512 * 1024;
                } catch (java.io.IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            }, () -> "resident size back near " + before + " KiB after dropping 1.5 GiB of buffers");
        });
        cases.run(true);

        // Leaves one receive and one send pending at Finalize (their peers never match them): reported, not fatal.
        Request orphanReceive = world.Irecv(new int[8], 0, 8, MPI.INT, left, 99);
        Request orphanSend = world.Isend(new int[1 << 20], 0, 1 << 20, MPI.INT, right, 98);
        cases.add("finalize_reports_pending_requests", () -> {
            String err = capturingStderr(MPI::Finalize);
            Check.isTrue(err.contains("MPI.Finalize: " + (DROPPED_RECEIVES + 1)
                    + " receives and 1 send started and never completed"),
                    "report on stderr: " + err);
            Check.isTrue(orphanReceive != null && orphanSend != null, "requests kept");
            Check.eq(0, Pins.count(), "Finalize unpins every array");
        });
        cases.run(false); // no barrier after Finalize
    }

    /** Collects until {@code done} holds (null failure: just collect for a while). */
    static void awaitCollected(BooleanSupplier done, Supplier<String> failure) throws InterruptedException {
        long deadline = System.nanoTime() + 10_000_000_000L;
        int rounds = 0;
        while (!done.getAsBoolean()) {
            if (failure == null && rounds > 20) return;
            if (System.nanoTime() > deadline) throw new AssertionError(failure.get());
            System.gc();
            Thread.sleep(20);
            rounds++;
        }
    }

    static String capturingStderr(Cases.Body body) throws Exception {
        PrintStream original = System.err;
        ByteArrayOutputStream copy = new ByteArrayOutputStream();
        System.setErr(new PrintStream(copy, true, StandardCharsets.UTF_8));
        try {
            body.run();
        } finally {
            System.setErr(original);
        }
        String text = copy.toString(StandardCharsets.UTF_8);
        original.print(text);
        return text;
    }

    /** A user op for counting: element-wise int sum. */
    static final class Sum extends User_function {
        @Override
        public void Call(Object in, int inOffset, Object inout, int inoutOffset, int count, Datatype type) {
            for (int i = 0; i < count; i++) ((int[]) inout)[inoutOffset + i] += ((int[]) in)[inOffset + i];
        }
    }
}
