package natmpj.it;

import java.nio.ByteBuffer;
import java.util.HashSet;
import java.util.Set;

import mpi.Datatype;
import mpi.Intracomm;
import mpi.MPI;
import mpi.Status;
import natmpj.testkit.Cases;
import natmpj.testkit.Check;
import natmpj.testkit.MultiRank;
import natmpj.testkit.Values;

/**
 * Point-to-point under a real mpirun: every datatype x (array at a non-zero offset, direct buffer) x sizes 0, 1,
 * ~1 KiB and past 1 MiB (beyond every eager limit), each send mode, Status fields, ANY_SOURCE/ANY_TAG, PROC_NULL,
 * Sendrecv, Sendrecv_replace, Probe/Iprobe. Ranks work in pairs (0,1), (2,3), ...; an odd last rank idles.
 */
@MultiRank(extraJdks = true)
public final class PointToPointSuite {
    static final int OFFSET = 3;
    static final int GUARD = 5; // elements past the message that must stay untouched

    public static void main(String[] args) throws Exception {
        Cases.job(args).run(PointToPointSuite::addCases);
    }

    private static void addCases(Cases cases) {
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.Rank(), size = world.Size();
        int partner = rank % 2 == 0 ? rank + 1 : rank - 1;
        boolean paired = partner < size;

        for (String kind : new String[] {"array", "direct"}) {
            for (String type : Values.NAMES) {
                int bytes = Values.bytes(type);
                for (int count : new int[] {0, 1, 1024 / bytes, (1 << 20) / bytes + 17}) {
                    String name = "sendrecv_" + type + "_" + kind + "_" + count * bytes + "B";
                    cases.add(name, () -> {
                        if (paired) exchange(world, rank, partner, kind, type, count);
                    });
                }
            }
        }
        cases.add("ssend_rsend_modes", () -> {
            if (paired) modes(world, rank, partner);
        });
        cases.add("status_fields_and_get_count", () -> {
            if (!paired) return;
            int[] data = new int[10];
            if (rank % 2 == 0) {
                world.Send(data, 2, 7, MPI.INT, partner, 42);
            } else {
                Status s = world.Recv(data, 0, 10, MPI.INT, partner, 42);
                Check.eq(partner, s.source, "source");
                Check.eq(42, s.tag, "tag");
                Check.eq(7, s.Get_count(MPI.INT), "Get_count(INT)");
                Check.eq(7, s.Get_elements(MPI.INT), "Get_elements(INT)");
                Check.eq(28, s.Get_count(MPI.BYTE), "Get_count(BYTE)");
                Check.eq(MPI.UNDEFINED, s.Get_count(MPI.LONG), "Get_count(LONG) of 28 bytes");
                Check.eq(false, s.Test_cancelled(), "Test_cancelled");
            }
        });
        cases.add("any_source_any_tag", () -> {
            if (rank == 0) {
                Set<Integer> seen = new HashSet<>();
                int[] v = new int[1];
                for (int i = 1; i < size; i++) {
                    Status s = world.Recv(v, 0, 1, MPI.INT, MPI.ANY_SOURCE, MPI.ANY_TAG);
                    Check.eq(s.source * 100, v[0], "payload from " + s.source);
                    Check.eq(1000 + s.source, s.tag, "tag from " + s.source);
                    seen.add(s.source);
                }
                Check.eq(size - 1, seen.size(), "distinct sources");
            } else {
                world.Send(new int[] {rank * 100}, 0, 1, MPI.INT, 0, 1000 + rank);
            }
        });
        cases.add("proc_null", () -> {
            double[] d = {1.5, 2.5};
            world.Send(d, 0, 2, MPI.DOUBLE, MPI.PROC_NULL, 5);
            Status s = world.Recv(d, 0, 2, MPI.DOUBLE, MPI.PROC_NULL, 5);
            Check.eq(MPI.PROC_NULL, s.source, "source of a receive from PROC_NULL");
            Check.eq(0, s.Get_count(MPI.DOUBLE), "count of a receive from PROC_NULL");
            Check.eq(1.5, d[0], "buffer untouched");
            Status r = world.Sendrecv(d, 0, 2, MPI.DOUBLE, MPI.PROC_NULL, 1, d, 0, 0, MPI.DOUBLE, MPI.PROC_NULL, 1);
            Check.eq(MPI.PROC_NULL, r.source, "Sendrecv source");
        });
        cases.add("null_buffer_with_zero_count", () -> {
            if (!paired) return;
            if (rank % 2 == 0) {
                world.Send(null, 0, 0, MPI.INT, partner, 3);
            } else {
                Status s = world.Recv(null, 0, 0, MPI.INT, partner, 3);
                Check.eq(0, s.Get_count(MPI.INT), "count");
            }
        });
        cases.add("sendrecv_ring", () -> {
            int right = (rank + 1) % size, left = (rank + size - 1) % size;
            long[] out = {rank, rank * 7L}, in = new long[4];
            Status s = world.Sendrecv(out, 0, 2, MPI.LONG, right, 9, in, 1, 2, MPI.LONG, left, 9);
            Check.eq((long) left, in[1], "value from left");
            Check.eq(left * 7L, in[2], "second value from left");
            Check.eq(left, s.source, "source");
            Check.eq(2, s.Get_count(MPI.LONG), "count");
        });
        cases.add("sendrecv_mixed_array_and_direct", () -> {
            int right = (rank + 1) % size, left = (rank + size - 1) % size;
            double[] out = {rank + 0.25};
            ByteBuffer in = Values.direct("DOUBLE", 2);
            world.Sendrecv(out, 0, 1, MPI.DOUBLE, right, 10, in, 1, 1, MPI.DOUBLE, left, 10);
            Check.eq(left + 0.25, in.getDouble(8), "direct buffer item 1");
        });
        cases.add("sendrecv_replace_ring", () -> {
            int right = (rank + 1) % size, left = (rank + size - 1) % size;
            int[] buf = new int[300000];
            Values.fill("INT", buf, 0, buf.length, rank);
            Status s = world.Sendrecv_replace(buf, 0, buf.length, MPI.INT, right, 11, left, 11);
            Values.expect("INT", buf, 0, buf.length, left, "replaced buffer");
            Check.eq(left, s.source, "source");
        });
        cases.add("probe_then_recv", () -> {
            if (!paired) return;
            if (rank % 2 == 0) {
                world.Send(new short[] {1, 2, 3, 4, 5}, 0, 5, MPI.SHORT, partner, 77);
            } else {
                Status p = world.Probe(partner, 77);
                Check.eq(5, p.Get_count(MPI.SHORT), "probed count");
                short[] got = new short[p.Get_count(MPI.SHORT)];
                world.Recv(got, 0, got.length, MPI.SHORT, p.source, p.tag);
                Check.eq(5, (int) got[4], "last element");
            }
        });
        cases.add("iprobe_null_then_message", () -> {
            Check.eq(null, world.Iprobe(MPI.ANY_SOURCE, 4321), "Iprobe with nothing pending");
            world.Barrier();
            if (!paired) return;
            if (rank % 2 == 0) {
                world.Send(new byte[] {9}, 0, 1, MPI.BYTE, partner, 4321);
            } else {
                Status s = null;
                long deadline = System.nanoTime() + 30_000_000_000L;
                while (s == null && System.nanoTime() < deadline) s = world.Iprobe(MPI.ANY_SOURCE, 4321);
                Check.isTrue(s != null, "Iprobe never saw the message");
                Check.eq(partner, s.source, "source");
                world.Recv(new byte[1], 0, 1, MPI.BYTE, partner, 4321);
            }
        });
        cases.add("environment", () -> {
            Check.isTrue(MPI.Initialized(), "Initialized");
            Check.isTrue(!MPI.Get_processor_name().isEmpty(), "processor name");
            double t0 = MPI.Wtime();
            Thread.sleep(20);
            Check.isTrue(MPI.Wtime() - t0 >= 0.015, "Wtime advances");
            Check.isTrue(MPI.Wtick() > 0 && MPI.Wtick() < 0.01, "Wtick " + MPI.Wtick());
            Check.eq(1, MPI.COMM_SELF.Size(), "COMM_SELF size");
            Check.eq(0, MPI.COMM_SELF.Rank(), "COMM_SELF rank");
        });
    }

    /** Even rank sends [OFFSET, OFFSET+count) of a patterned buffer; odd rank checks it and the guard elements. */
    static void exchange(Intracomm world, int rank, int partner, String kind, String type, int count) {
        Datatype dt = Values.type(type);
        int length = OFFSET + count + GUARD;
        long seed = 1000L * count + type.length();
        if (rank % 2 == 0) {
            Object buf = Values.buffer(kind, type, length);
            Values.fill(type, buf, OFFSET, OFFSET + count, seed);
            world.Send(buf, OFFSET, count, dt, partner, 7);
            Object echo = Values.buffer(kind, type, length);
            world.Recv(echo, OFFSET, count, dt, partner, 8);
            Values.expect(type, echo, OFFSET, OFFSET + count, seed + 1, "echo");
        } else {
            Object buf = Values.buffer(kind, type, length);
            Values.fill(type, buf, 0, length, -1); // sentinels everywhere
            Status s = world.Recv(buf, OFFSET, count, dt, partner, 7);
            Values.expect(type, buf, OFFSET, OFFSET + count, seed, "received");
            Values.expect(type, buf, 0, OFFSET, -1, "elements before the offset");
            Values.expect(type, buf, OFFSET + count, length, -1 + OFFSET + count, "elements after the message");
            Check.eq(count, s.Get_count(dt), "Get_count");
            Check.eq(partner, s.source, "source");
            Check.eq(7, s.tag, "tag");
            Values.fill(type, buf, OFFSET, OFFSET + count, seed + 1);
            world.Send(buf, OFFSET, count, dt, partner, 8);
        }
    }

    static void modes(Intracomm world, int rank, int partner) throws InterruptedException {
        int n = 200000; // past the eager limit, so Ssend really waits for the receiver
        if (rank % 2 == 0) {
            int[] a = new int[n];
            Values.fill("INT", a, 0, n, 5);
            world.Ssend(a, 0, n, MPI.INT, partner, 21);
            world.Recv(new int[1], 0, 1, MPI.INT, partner, 23); // the partner posts its Recv right after this
            Thread.sleep(200);
            world.Rsend(a, 0, n, MPI.INT, partner, 22);
        } else {
            int[] b = new int[n];
            world.Recv(b, 0, n, MPI.INT, partner, 21);
            Values.expect("INT", b, 0, n, 5, "Ssend payload");
            world.Send(new int[1], 0, 1, MPI.INT, partner, 23);
            int[] c = new int[n];
            world.Recv(c, 0, n, MPI.INT, partner, 22);
            Values.expect("INT", c, 0, n, 5, "Rsend payload");
        }
    }
}
