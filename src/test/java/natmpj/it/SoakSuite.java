package natmpj.it;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.Map;

import mpi.Datatype;
import mpi.Group;
import mpi.Intracomm;
import mpi.MPI;
import mpi.Prequest;
import mpi.Request;
import natmpj.internal.LiveHandles;
import natmpj.testkit.Cases;
import natmpj.testkit.Check;
import natmpj.testkit.MultiRank;
import natmpj.testkit.Values;

/**
 * A soak: many rounds, each doing a blocking exchange, a non-blocking one, a persistent one, a derived datatype
 * built, used and freed (and one dropped now and then, for the Cleaner), a communicator dup and a group made and
 * freed. Resident memory and natmpj's live MPI handle counts are taken after a warm-up (a fifth of the rounds, at
 * least 5000 or half) and at the end and must stay flat; both are printed as a SOAK line. A million rounds at 2 ranks
 * (ci), 400 when ranks outnumber cores; longer runs: {@code -Dnatmpj.it.soak.rounds=N} (see ci/soak and README).
 *
 * <p>MPICH on UCX before pmodels/mpich#7966 (merged September 2026) leaks 64 bytes for each committed derived datatype
 * whose UCX handle has bit 31 set: in some runs every such type, depending on where the allocator places them. A C
 * program committing and freeing the same vector leaks the same 64 bytes a type (heaptrack: ucp_dt_create_generic
 * from MPI_Type_commit). On that MPI the allowed growth includes 72 bytes per datatype built while measuring.
 *
 * <p>Runs with a heap committed up front, so resident memory shows native growth, not the heap's.
 */
@MultiRank(jvm = "-Xms96m -Xmx96m -XX:+AlwaysPreTouch")
public final class SoakSuite {
    static final Integer ROUNDS_SET = Integer.getInteger("natmpj.it.soak.rounds");
    /** Resident memory may grow this much over the measured rounds (JIT code, malloc arenas settling). */
    static final long RSS_SLACK_KIB = Long.getLong("natmpj.it.soak.rss.slack.kib", 8 * 1024);
    /** What MPICH on UCX loses per committed derived datatype, at worst (see above): the 64-byte record plus what
     *  the allocator loses around it (64.7 bytes a type measured over 8 million types). */
    static final long MPICH_UCX_BYTES_PER_TYPE = 72;
    static final int N = 64;

    public static void main(String[] args) throws Exception {
        Cases.job(args).run(SoakSuite::addCases);
    }

    private static void addCases(Cases cases) {
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.Rank(), size = world.Size();
        int right = (rank + 1) % size, left = (rank + size - 1) % size;

        // By default a million rounds (10 to 20 s), or 400 when ranks outnumber cores: oversubscribed MPICH ranks
        // poll for their time slices, some 40 ms a round. An explicit -Dnatmpj.it.soak.rounds always wins.
        int rounds = ROUNDS_SET != null ? ROUNDS_SET : Cases.rounds(1_000_000, 400);
        String library = MPI.Get_library_version();
        boolean typesLeakInMpi = library.contains("MPICH") && library.contains("ch4:ucx");
        cases.add("rss_and_live_handles_stay_flat", () -> {
            Soak soak = new Soak(world, rank, right, left);
            // Long enough for the JIT to have compiled the round (its arenas and code cache grow until then).
            int warmUp = Math.max(rounds / 5, Math.min(5000, rounds / 2));
            for (int i = 0; i < warmUp; i++) soak.round(i);
            settle();
            Map<LiveHandles.Kind, Long> handlesBefore = LiveHandles.snapshot();
            long rssBefore = rssKib();
            for (int i = warmUp; i < rounds; i++) soak.round(i);
            settle();
            Map<LiveHandles.Kind, Long> handlesAfter = LiveHandles.snapshot();
            long rssAfter = rssKib();
            soak.close();
            System.out.println("SOAK rank " + rank + " of " + size + ": " + rounds + " rounds (" + 4L * rounds
                    + " messages, " + 4L * rounds + " requests, " + rounds + " datatypes, " + rounds
                    + " communicator dups and frees); measured after " + warmUp + ": resident " + rssBefore
                    + " KiB -> " + rssAfter + " KiB (" + (rssAfter - rssBefore) + " KiB), live handles "
                    + handlesBefore + " -> " + handlesAfter + (typesLeakInMpi ? "; MPICH on UCX may leak 64 bytes"
                    + " per datatype (pmodels/mpich#7966)" : ""));
            Check.eq(handlesBefore, handlesAfter, "live MPI handles");
            long allowed = RSS_SLACK_KIB + (typesLeakInMpi ? (rounds - warmUp) * MPICH_UCX_BYTES_PER_TYPE / 1024 : 0);
            Check.isTrue(rssAfter - rssBefore <= allowed, "resident memory grew " + (rssAfter - rssBefore)
                    + " KiB over " + (rounds - warmUp) + " rounds (allowed " + allowed + " KiB"
                    + (typesLeakInMpi ? ", with " + MPICH_UCX_BYTES_PER_TYPE + " bytes per datatype MPICH on UCX may leak"
                    : "") + ")");
        });
    }

    /** Lets the Cleaner queue what was dropped, then a handle-creating call frees it. */
    static void settle() throws InterruptedException {
        for (int i = 0; i < 3; i++) {
            System.gc();
            Thread.sleep(50);
        }
        Datatype.Contiguous(1, MPI.INT).Free();
    }

    static long rssKib() throws IOException {
        for (String line : Files.readAllLines(Paths.get("/proc/self/status"))) {
            if (line.startsWith("VmRSS:")) return Long.parseLong(line.replaceAll("[^0-9]", ""));
        }
        throw new IOException("no VmRSS in /proc/self/status");
    }

    /** One rank's share of the soak; every round's data is checked. */
    static final class Soak {
        final Intracomm world;
        final int rank, right, left;
        final int[] out = new int[N], in = new int[N], pout = new int[N], pin = new int[N];
        final ByteBuffer dout = Values.direct("INT", N), din = Values.direct("INT", N);
        final Prequest[] persistent;

        Soak(Intracomm world, int rank, int right, int left) {
            this.world = world;
            this.rank = rank;
            this.right = right;
            this.left = left;
            persistent = new Prequest[] {world.Recv_init(pin, 0, N, MPI.INT, left, 3),
                    world.Send_init(pout, 0, N, MPI.INT, right, 3)};
        }

        void round(int i) {
            // Blocking, on arrays and direct buffers in turn.
            if (i % 2 == 0) {
                fill(out, i);
                world.Sendrecv(out, 0, N, MPI.INT, right, 1, in, 0, N, MPI.INT, left, 1);
                expect(in, i, "Sendrecv");
            } else {
                for (int k = 0; k < N; k++) dout.putInt(4 * k, value(rank, i, k));
                world.Sendrecv(dout, 0, N, MPI.INT, right, 1, din, 0, N, MPI.INT, left, 1);
                for (int k = 0; k < N; k++) check(din.getInt(4 * k), value(left, i, k), "direct Sendrecv", i);
            }
            // Non-blocking.
            fill(out, i + 1);
            Request r = world.Irecv(in, 0, N, MPI.INT, left, 2);
            Request s = world.Isend(out, 0, N, MPI.INT, right, 2);
            Request.Waitall(new Request[] {r, s});
            expect(in, i + 1, "Irecv");
            // Persistent.
            fill(pout, i + 2);
            Prequest.Startall(persistent);
            Request.Waitall(persistent);
            expect(pin, i + 2, "persistent");
            // A derived type, used then freed; every 64th dropped instead.
            Datatype pairs = Datatype.Vector(N / 2, 1, 2, MPI.INT);
            fill(out, i + 3);
            world.Sendrecv(out, 0, 1, pairs, right, 4, in, 0, N / 2, MPI.INT, left, 4);
            for (int k = 0; k < N / 2; k++) check(in[k], value(left, i + 3, 2 * k), "vector", i);
            if (i % 64 != 0) pairs.Free();
            // A communicator and a group.
            Intracomm dup = (Intracomm) world.clone();
            Group group = dup.Group();
            check(group.Size(), world.Size(), "group size", i);
            group.Free();
            dup.Free();
        }

        void close() {
            for (Prequest p : persistent) p.Free();
        }

        void fill(int[] a, int i) {
            for (int k = 0; k < N; k++) a[k] = value(rank, i, k);
        }

        void expect(int[] a, int i, String what) {
            for (int k = 0; k < N; k++) check(a[k], value(left, i, k), what, i);
        }

        static int value(int rank, int i, int k) {
            return rank * 1_000_003 + i * 131 + k;
        }

        static void check(int actual, int expected, String what, int round) {
            if (actual != expected) {
                throw new AssertionError(what + " round " + round + ": expected " + expected + " got " + actual);
            }
        }
    }
}
