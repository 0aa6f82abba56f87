import java.io.Serializable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Locale;

import mpi.MPI;
import mpi.Request;

/**
 * Ping-pong of serialized Java objects (MPI.OBJECT) between ranks 0 and 1; other ranks wait at the final barrier.
 * Rank 0 sends one object, rank 1 receives it and sends back what it received, so each way pays serialization,
 * the message and deserialization. time_us is half the round trip, as for P2pBench's latency, in the median of
 * {@link #BATCHES} timed batches.
 *
 * <ul>
 *   <li>doubles: one double[] of size/8 elements (Java serialization writes a primitive array in bulk).</li>
 *   <li>records: a java.util.ArrayList of size/32 small Serializable records (3 doubles, 2 ints: 32 bytes of
 *       fields each), serialized field by field.</li>
 * </ul>
 * size_bytes counts the primitive fields only (what a hand-written format would send), not Java serialization's
 * headers. The same source runs on natmpj and on MPJ Express 0.44 (no C twin: C has no MPI.OBJECT).
 */
public class ObjectBench {
    static final String NAME = "ObjectBench";
    static final int TAG = 3;
    static final int DOUBLE_BYTES = 8, RECORD_BYTES = Particle.BYTES;
    static final int DEFAULT_MIN = 64, DEFAULT_MAX_DOUBLES = 1 << 20, DEFAULT_MAX_RECORDS = 256 << 10;
    /**
     * Round trips of the smallest size before the first one, for the JIT (serialization code included); a tenth as
     * many follow at {@link #MID_WARMUP_SIZE}. 20,000 at the smallest size alone left the smallest sizes 1.5-2x slower
     * than warm (C2 had not finished), and the paths of larger messages (natmpj's out-of-band arrays) compiling while
     * the first size that takes them was timed (a 4x dip at 8 KiB). 100,000 (about 0.25 s at natmpj's speed) left
     * the first size of some runs before steady state on a slower machine (2026-11-27, AMD EPYC KVM, Open MPI,
     * JDK 17: 64 B took 11-18 us in 2 of 5 runs against 2.3-4.2 in the others and 5-8 us at 128 B in the same runs);
     * with 400,000, 2.4-4.9 us in 4 of 4. MPJ Express's devices, 4-30x slower per round trip, warm up for longer
     * than that with ci/bench's 100,000 (it passes --jit-warmup 100000 to them).
     */
    static final long JIT_WARMUP = 400_000;
    /** The second warm-up's size: large enough for every path of large messages, cheap enough to repeat. */
    static final int MID_WARMUP_SIZE = 16 << 10;

    /** A small record: 32 bytes of primitive fields. Static nested, so both ranks' class loaders agree on it. */
    static final class Particle implements Serializable {
        private static final long serialVersionUID = 1L;
        static final int BYTES = 3 * 8 + 2 * 4;
        final double x, y, z;
        final int id, flags;

        Particle(double x, double y, double z, int id, int flags) {
            this.x = x;
            this.y = y;
            this.z = z;
            this.id = id;
            this.flags = flags;
        }

        @Override
        public boolean equals(Object o) {
            if (!(o instanceof Particle)) return false;
            Particle p = (Particle) o;
            return x == p.x && y == p.y && z == p.z && id == p.id && flags == p.flags;
        }

        @Override
        public int hashCode() {
            return id;
        }

        @Override
        public String toString() {
            return String.format(Locale.ROOT, "Particle(%s, %s, %s, %d, %d)", x, y, z, id, flags);
        }
    }

    static String usage(int max) {
        return BenchOptions.usage(""
                + "Usage: mpirun -np 2 java ... ObjectBench [options]\n"
                + "Ping-pong of MPI.OBJECT messages between ranks 0 and 1 (other ranks wait); time_us is half\n"
                + "the round trip, in the median of " + BATCHES + " timed batches.\n"
                + "  --payload doubles|records  one double[] of size/8 elements (default), or an ArrayList of\n"
                + "                         size/32 records of 3 doubles + 2 ints; size counts the fields' bytes\n"
                + "                         (sizes: multiples of 8 or 32; default --max " + DEFAULT_MAX_DOUBLES
                + " for doubles, " + DEFAULT_MAX_RECORDS + " for records)\n"
                + "  (--buffer is always array: the objects are Java objects; --jit-warmup counts round trips of\n"
                + "  the smallest size, and a tenth as many of 16 KiB follow, or of --max if smaller; each size\n"
                + "  then warms up with up to 2,000 round trips, 512 MiB of doubles or 64 MiB of records)\n",
                DEFAULT_MIN, max, JIT_WARMUP);
    }

    public static void main(String[] args) throws Exception {
        // The default --max depends on --payload, which BenchOptions reads only after MPI.Init: look ahead for it.
        boolean recordsAsked = false;
        for (int i = 0; i + 1 < args.length; i++) {
            if (args[i].equals("--payload")) recordsAsked = args[i + 1].equals("records");
        }
        int defaultMax = recordsAsked ? DEFAULT_MAX_RECORDS : DEFAULT_MAX_DOUBLES;
        String usage = usage(defaultMax);
        BenchOptions opt = BenchOptions.init(args, NAME, usage, DEFAULT_MIN, defaultMax, JIT_WARMUP, "--payload",
                "doubles");
        int rank = MPI.COMM_WORLD.Rank(), ranks = MPI.COMM_WORLD.Size();
        String payload = opt.choice;
        if (!payload.equals("doubles") && !payload.equals("records")) {
            BenchOptions.fail(NAME, "--payload must be one of doubles|records, not " + payload + "\n" + usage);
        }
        int unit = payload.equals("doubles") ? DOUBLE_BYTES : RECORD_BYTES;
        if (opt.min < unit || opt.min % unit != 0) {
            BenchOptions.fail(NAME, "--min must be a positive multiple of " + unit + " for --payload " + payload
                    + " (the size of one element), not " + opt.min);
        }
        if (opt.direct) BenchOptions.fail(NAME, "--buffer direct: MPI.OBJECT messages are Java objects (arrays)");
        if (ranks < 2) BenchOptions.fail(NAME, "needs at least 2 ranks, got " + ranks);

        if (rank < 2) {
            ObjectBench b = new ObjectBench(payload, unit, opt.nonBlocking, rank);
            if (rank == 0) System.out.println(BenchOptions.CSV_HEADER);
            b.setPayload(opt.min, 0);
            b.run(opt.jitWarmup);
            int mid = Math.max(opt.min, Math.min(opt.max, MID_WARMUP_SIZE) / unit * unit);
            b.setPayload(mid, 0);
            b.run(opt.jitWarmup / 10);
            for (int size : opt.sizes()) {
                long n = opt.scaled(iterations(size, unit));
                b.setPayload(size, 0);
                b.validate(size, 0);
                long warm = warmups(size, unit);
                b.run(warm);
                Settle.settle(b::run, warm, b.peer, opt.settle, "object-" + payload + " " + size);
                long perBatch = Math.max(1, n / BATCHES);
                long[] ns = new long[BATCHES];
                for (int i = 0; i < BATCHES; i++) {
                    long t0 = System.nanoTime();
                    b.run(perBatch);
                    ns[i] = System.nanoTime() - t0;
                }
                b.setPayload(size, 1);
                b.validate(size, 1);
                if (rank == 0) {
                    Arrays.sort(ns);
                    double us = ns[BATCHES / 2] / 1e3 / perBatch / 2;
                    opt.print("object-" + payload, ranks, size, perBatch * BATCHES, us, size / us);
                }
            }
        }
        MPI.COMM_WORLD.Barrier();
        MPI.Finalize();
    }

    /**
     * Timed round trips: ~128 MiB (doubles) or ~16 MiB (records: ~30x slower per byte) each way at large sizes, at
     * most 20,000 at small ones (before --iters-scale). They run in {@link #BATCHES} batches and
     * the median batch is reported: a single timed loop of a few hundred round trips met a young collection or a
     * slow phase of the machine in some repetitions and not others, and sizes next to each other differed 2-5x.
     */
    static long iterations(int size, int unit) {
        return Math.max(5 * BATCHES, Math.min(20_000, budget(unit) / size));
    }

    /** Bytes each way that the timed round trips of a large size move. */
    static long budget(int unit) {
        return unit == DOUBLE_BYTES ? 128L << 20 : 16L << 20;
    }

    /** Timed batches per size; the median one is reported. */
    static final int BATCHES = 5;

    /**
     * Warm-up round trips of each size (never scaled): four times the timed budget's bytes, at most 2,000 round
     * trips, and at least a tenth of the timed ones. Each received message is a new array, and when the size grows
     * the collector takes a while to settle at the new allocation rate: with a tenth of the timed round trips (13 MiB
     * at 256 KiB) as warm-up, 256 KiB after 128 KiB ran at 0.9-2.7 GB/s in most runs against 3.4-3.8 when run alone
     * (JDK 25, G1, 2026-11-25); with 512 MiB, 5 runs of 5 at 3.4-3.7.
     */
    static long warmups(int size, int unit) {
        return Math.max(Math.max(5, iterations(size, unit) / 10), Math.min(2_000, 4 * budget(unit) / size));
    }

    final String payload;
    final int unit, rank, peer;
    final boolean nonBlocking;
    /** What rank 0 sends (its payload), then what each rank received; rank 1 sends back what it received. */
    final Object[] out = new Object[1], in = new Object[1];

    ObjectBench(String payload, int unit, boolean nonBlocking, int rank) {
        this.payload = payload;
        this.unit = unit;
        this.nonBlocking = nonBlocking;
        this.rank = rank;
        this.peer = 1 - rank;
    }

    /** Rank 0's message for a size and round: built once per size and round, outside the timing. */
    void setPayload(int size, int round) {
        if (rank == 0) out[0] = payload(payload, size / unit, size, round);
    }

    /** Values from BenchData's byte pattern plus the index: distinct, exact, and different per size and round. */
    static Object payload(String payload, int count, int size, int round) {
        if (payload.equals("doubles")) {
            double[] a = new double[count];
            for (int i = 0; i < count; i++) a[i] = value(i, size, round);
            return a;
        }
        ArrayList<Particle> list = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            list.add(new Particle(value(3 * i, size, round), value(3 * i + 1, size, round),
                    value(3 * i + 2, size, round), i, BenchData.pattern(i, size, round, 0)));
        }
        return list;
    }

    static double value(int i, int size, int round) {
        return i + BenchData.pattern(i, size, round, 0) / 256.0;
    }

    /** n round trips: rank 0 sends its payload and receives the echo; rank 1 echoes what it receives. */
    void run(long n) throws Exception {
        for (long i = 0; i < n; i++) {
            if (rank == 0) {
                send();
                receive();
            } else {
                receive();
                out[0] = in[0];
                send();
            }
        }
    }

    void send() throws Exception {
        if (nonBlocking) MPI.COMM_WORLD.Isend(out, 0, 1, MPI.OBJECT, peer, TAG).Wait();
        else MPI.COMM_WORLD.Send(out, 0, 1, MPI.OBJECT, peer, TAG);
    }

    void receive() throws Exception {
        in[0] = null;
        if (nonBlocking) {
            Request r = MPI.COMM_WORLD.Irecv(in, 0, 1, MPI.OBJECT, peer, TAG);
            r.Wait();
        } else {
            MPI.COMM_WORLD.Recv(in, 0, 1, MPI.OBJECT, peer, TAG);
        }
    }

    /**
     * One round trip of this round's payload: rank 1 checks what it received, rank 0 checks the echo. Each holds
     * the expected message built independently of what travelled.
     */
    void validate(int size, int round) throws Exception {
        run(1);
        Object want = payload(payload, size / unit, size, round);
        String what = NAME + " " + payload + " round " + round + (rank == 0 ? " (echo)" : "");
        if (payload.equals("doubles")) {
            double[] w = (double[]) want;
            if (!(in[0] instanceof double[])) fail(what, size, "a double[]", in[0]);
            double[] g = (double[]) in[0];
            if (g.length != w.length) fail(what, size, w.length + " doubles", g.length + " doubles");
            for (int i = 0; i < w.length; i++) {
                if (Double.doubleToLongBits(g[i]) != Double.doubleToLongBits(w[i])) {
                    fail(what, size, "element " + i + " = " + w[i], g[i]);
                }
            }
        } else {
            ArrayList<?> w = (ArrayList<?>) want;
            if (!(in[0] instanceof ArrayList)) fail(what, size, "an ArrayList", in[0]);
            ArrayList<?> g = (ArrayList<?>) in[0];
            if (g.size() != w.size()) fail(what, size, w.size() + " records", g.size() + " records");
            for (int i = 0; i < w.size(); i++) {
                if (!w.get(i).equals(g.get(i))) fail(what, size, "record " + i + " = " + w.get(i), g.get(i));
            }
        }
    }

    /** Reports a wrong message and ends the job (MPJ Express's Abort does nothing, so exit as well). */
    static void fail(String what, int size, String expected, Object got) {
        System.err.printf("%s: rank %d: size %d: expected %s, got %s%n", what, MPI.COMM_WORLD.Rank(), size,
                expected, got == null ? "null" : got instanceof Object[] ? "an Object[]" : got);
        System.err.flush();
        MPI.COMM_WORLD.Abort(2);
        System.exit(2);
    }
}
