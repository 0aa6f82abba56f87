package natmpj.it;

import java.nio.ByteBuffer;
import java.nio.IntBuffer;
import java.util.Arrays;

import mpi.CartComm;
import mpi.Datatype;
import mpi.DistGraphNeighbors;
import mpi.GraphComm;
import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;
import mpi.Op;
import mpi.Request;
import mpi.UserFunction;
import natmpj.internal.Pins;
import natmpj.testkit.Allocators;
import natmpj.testkit.Cases;
import natmpj.testkit.Check;
import natmpj.testkit.MultiRank;

/**
 * Non-blocking collectives and neighbourhood collectives (Open MPI's Java API members), on Java arrays wrapped in
 * heap buffers (pinned or staged until the request completes) and on direct buffers: every collective and each of
 * its forms (in place, root-only, send-only) against the values it must deliver, several pending at once, user ops,
 * the collector running while they are pending, the caller's count arrays changed while pending, the three kinds of
 * process topology, and bad input.
 */
@MultiRank(jvm = {"", "-Xcheck:jni"}, extraJdks = true, extraJdkJvm = {"-XX:+UseG1GC"})
public final class NonBlockingCollectiveSuite {
    public static void main(String[] args) throws Exception {
        Cases.job(args).run(NonBlockingCollectiveSuite::addCases);
    }

    /** Sums ints over MPI's memory. */
    static final class IntSum extends UserFunction {
        @Override
        public void call(ByteBuffer in, ByteBuffer inOut, int count, Datatype type) {
            for (int i = 0; i < count; i++) inOut.putInt(4 * i, inOut.getInt(4 * i) + in.getInt(4 * i));
        }
    }

    /** Throws at every call. */
    static final class Failing extends UserFunction {
        @Override
        public void call(ByteBuffer in, ByteBuffer inOut, int count, Datatype type) {
            throw new IllegalStateException("user function failed on purpose");
        }
    }

    /** n ints: a heap buffer over an array (offset {@code off} into it), or a direct buffer. */
    static IntBuffer ints(boolean direct, int n) {
        if (direct) return MPI.newIntBuffer(n);
        int off = 3;
        return IntBuffer.wrap(new int[n + off + 2], off, n).slice();
    }

    static IntBuffer filled(boolean direct, int n, int base) {
        IntBuffer b = ints(direct, n);
        for (int i = 0; i < n; i++) b.put(i, base + i);
        return b;
    }

    static void fill(IntBuffer b, int value) {
        for (int i = 0; i < b.capacity(); i++) b.put(i, value);
    }

    private static void addCases(Cases cases) {
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank(), size = world.getSize();
        int right = (rank + 1) % size, left = (rank + size - 1) % size;

        for (boolean direct : new boolean[] {false, true}) {
            String kind = direct ? "direct" : "heap";

            cases.add("ibarrier_and_ibcast_" + kind, () -> {
                Request b = world.iBarrier();
                b.waitFor();
                Check.isTrue(b.isNull(), "completed barrier is null");
                for (int root = 0; root < size; root++) {
                    IntBuffer buf = rank == root ? filled(direct, 100, 1000 * root) : ints(direct, 100);
                    if (rank != root) fill(buf, -1);
                    Request r = world.iBcast(buf, 100, MPI.INT, root);
                    r.waitFor();
                    for (int i = 0; i < 100; i++) Check.eq(1000 * root + i, buf.get(i), "bcast from " + root);
                }
            });

            cases.add("ireductions_" + kind, () -> {
                int n = 257;
                IntBuffer send = filled(direct, n, rank), recv = ints(direct, n);
                fill(recv, -1);
                world.iAllReduce(send, recv, n, MPI.INT, MPI.SUM).waitFor();
                int sumRanks = size * (size - 1) / 2;
                for (int i = 0; i < n; i++) Check.eq(sumRanks + size * i, recv.get(i), "iAllReduce [" + i + "]");
                IntBuffer inPlace = filled(direct, n, rank);
                world.iAllReduce(inPlace, n, MPI.INT, MPI.MAX).waitFor();
                for (int i = 0; i < n; i++) Check.eq(size - 1 + i, inPlace.get(i), "iAllReduce in place");
                for (int root = 0; root < size; root++) {
                    IntBuffer r = ints(direct, n);
                    fill(r, -1);
                    world.iReduce(filled(direct, n, rank + 1), r, n, MPI.INT, MPI.SUM, root).waitFor();
                    for (int i = 0; i < n; i++) {
                        Check.eq(rank == root ? size * (size + 1) / 2 + size * i : -1, r.get(i), "iReduce to " + root);
                    }
                    IntBuffer p = filled(direct, n, rank + 1);
                    world.iReduce(p, n, MPI.INT, MPI.SUM, root).waitFor();
                    if (rank == root) Check.eq(size * (size + 1) / 2, p.get(0), "iReduce in place");
                    else Check.eq(rank + 1, p.get(0), "iReduce in place leaves the senders' buffers");
                }
                IntBuffer scan = ints(direct, 3);
                world.iScan(filled(direct, 3, rank + 1), scan, 3, MPI.INT, MPI.SUM).waitFor();
                Check.eq((rank + 1) * (rank + 2) / 2, scan.get(0), "iScan");
                IntBuffer ex = ints(direct, 3);
                fill(ex, -7);
                world.iExScan(filled(direct, 3, rank + 1), ex, 3, MPI.INT, MPI.SUM).waitFor();
                if (rank > 0) Check.eq(rank * (rank + 1) / 2, ex.get(0), "iExScan");
                IntBuffer scanInPlace = filled(direct, 1, rank + 1);
                world.iScan(scanInPlace, 1, MPI.INT, MPI.SUM).waitFor();
                Check.eq((rank + 1) * (rank + 2) / 2, scanInPlace.get(0), "iScan in place");
                IntBuffer exInPlace = filled(direct, 1, rank + 1);
                world.iExScan(exInPlace, 1, MPI.INT, MPI.SUM).waitFor();
                if (rank > 0) Check.eq(rank * (rank + 1) / 2, exInPlace.get(0), "iExScan in place");
            });

            cases.add("ireduce_scatter_" + kind, () -> {
                int[] counts = new int[size];
                int total = 0;
                for (int i = 0; i < size; i++) total += counts[i] = i + 1;
                IntBuffer send = ints(direct, total), recv = ints(direct, counts[rank]);
                for (int i = 0; i < total; i++) send.put(i, i);
                world.iReduceScatter(send, recv, counts, MPI.INT, MPI.SUM).waitFor();
                int first = rank * (rank + 1) / 2;
                for (int i = 0; i < counts[rank]; i++) Check.eq(size * (first + i), recv.get(i), "iReduceScatter");
                IntBuffer buf = ints(direct, total);
                for (int i = 0; i < total; i++) buf.put(i, i);
                world.iReduceScatter(buf, counts, MPI.INT, MPI.SUM).waitFor();
                for (int i = 0; i < counts[rank]; i++) Check.eq(size * (first + i), buf.get(i), "in place");
                IntBuffer blocks = ints(direct, 2 * size), mine = ints(direct, 2);
                for (int i = 0; i < 2 * size; i++) blocks.put(i, i + rank);
                world.iReduceScatterBlock(blocks, mine, 2, MPI.INT, MPI.SUM).waitFor();
                Check.eq(size * 2 * rank + size * (size - 1) / 2, mine.get(0), "iReduceScatterBlock");
                world.iReduceScatterBlock(blocks, 2, MPI.INT, MPI.SUM).waitFor();
                Check.eq(size * 2 * rank + size * (size - 1) / 2, blocks.get(0), "iReduceScatterBlock in place");
            });

            cases.add("igather_iscatter_" + kind, () -> {
                for (int root = 0; root < size; root++) {
                    IntBuffer all = ints(direct, 2 * size);
                    fill(all, -1);
                    world.iGather(filled(direct, 2, 10 * rank), 2, MPI.INT, all, 2, MPI.INT, root).waitFor();
                    for (int i = 0; i < 2 * size; i++) {
                        Check.eq(rank == root ? 10 * (i / 2) + i % 2 : -1, all.get(i), "iGather at " + i);
                    }
                    IntBuffer g = rank == root ? ints(direct, 2 * size) : filled(direct, 2, 10 * rank);
                    if (rank == root) {
                        fill(g, -1);
                        g.put(2 * root, 10 * root);
                        g.put(2 * root + 1, 10 * root + 1);
                    }
                    world.iGather(g, 2, MPI.INT, root).waitFor();
                    if (rank == root) {
                        for (int i = 0; i < 2 * size; i++) Check.eq(10 * (i / 2) + i % 2, g.get(i), "in place");
                    }
                    IntBuffer part = ints(direct, 3);
                    world.iScatter(filled(direct, 3 * size, 0), 3, MPI.INT, part, 3, MPI.INT, root).waitFor();
                    for (int i = 0; i < 3; i++) Check.eq(3 * rank + i, part.get(i), "iScatter");
                    IntBuffer sc = rank == root ? filled(direct, 3 * size, 100) : ints(direct, 3);
                    world.iScatter(sc, 3, MPI.INT, root).waitFor();
                    Check.eq(100 + 3 * rank, sc.get(rank == root ? 3 * rank : 0), "iScatter in place");
                }
            });

            cases.add("iallgather_ialltoall_" + kind, () -> {
                IntBuffer all = ints(direct, 2 * size);
                world.iAllGather(filled(direct, 2, 10 * rank), 2, MPI.INT, all, 2, MPI.INT).waitFor();
                for (int i = 0; i < 2 * size; i++) Check.eq(10 * (i / 2) + i % 2, all.get(i), "iAllGather");
                IntBuffer own = ints(direct, 2 * size);
                fill(own, -1);
                own.put(2 * rank, 10 * rank);
                own.put(2 * rank + 1, 10 * rank + 1);
                world.iAllGather(own, 2, MPI.INT).waitFor();
                for (int i = 0; i < 2 * size; i++) Check.eq(10 * (i / 2) + i % 2, own.get(i), "iAllGather in place");
                IntBuffer send = ints(direct, 2 * size), recv = ints(direct, 2 * size);
                for (int i = 0; i < 2 * size; i++) send.put(i, 100 * rank + i);
                world.iAllToAll(send, 2, MPI.INT, recv, 2, MPI.INT).waitFor();
                for (int j = 0; j < size; j++) {
                    Check.eq(100 * j + 2 * rank, recv.get(2 * j), "iAllToAll from " + j);
                    Check.eq(100 * j + 2 * rank + 1, recv.get(2 * j + 1), "iAllToAll from " + j);
                }
            });

            cases.add("v_collectives_keep_gaps_" + kind, () -> {
                // rank j's block of j + 1 items lands at 3 * j: the items between blocks keep their -1
                int[] counts = new int[size], displs = new int[size];
                for (int j = 0; j < size; j++) {
                    counts[j] = j + 1;
                    displs[j] = 3 * j + (j > 1 ? j : 0);
                }
                int span = displs[size - 1] + counts[size - 1];
                int[] expect = new int[span];
                Arrays.fill(expect, -1);
                for (int j = 0; j < size; j++) for (int i = 0; i < counts[j]; i++) expect[displs[j] + i] = 10 * j + i;
                for (int root = 0; root < size; root++) {
                    IntBuffer recv = ints(direct, span);
                    fill(recv, -1);
                    Request r = rank == root
                            ? world.iGatherv(filled(direct, rank + 1, 10 * rank), rank + 1, MPI.INT, recv, counts,
                                    displs, MPI.INT, root)
                            : world.iGatherv(filled(direct, rank + 1, 10 * rank), rank + 1, MPI.INT, root);
                    r.waitFor();
                    if (rank == root) for (int i = 0; i < span; i++) Check.eq(expect[i], recv.get(i), "iGatherv " + i);
                    IntBuffer place = ints(direct, span);
                    fill(place, -1);
                    for (int i = 0; i <= rank; i++) place.put(displs[rank] + i, 10 * rank + i);
                    r = rank == root ? world.iGatherv(place, counts, displs, MPI.INT, root)
                            : world.iGatherv(filled(direct, rank + 1, 10 * rank), rank + 1, MPI.INT, root);
                    r.waitFor();
                    if (rank == root) for (int i = 0; i < span; i++) Check.eq(expect[i], place.get(i), "in place " + i);
                    IntBuffer mine = ints(direct, rank + 1);
                    IntBuffer src = ints(direct, span);
                    for (int i = 0; i < span; i++) src.put(i, expect[i]);
                    r = rank == root ? world.iScatterv(src, counts, displs, MPI.INT, mine, rank + 1, MPI.INT, root)
                            : world.iScatterv(mine, rank + 1, MPI.INT, root);
                    r.waitFor();
                    for (int i = 0; i <= rank; i++) Check.eq(10 * rank + i, mine.get(i), "iScatterv");
                    if (rank == root) {
                        world.iScatterv(src, counts, displs, MPI.INT, root).waitFor();
                        Check.eq(10 * rank, src.get(displs[rank]), "iScatterv in place keeps the root's block");
                    } else {
                        IntBuffer m2 = ints(direct, rank + 1);
                        world.iScatterv(m2, rank + 1, MPI.INT, root).waitFor();
                        Check.eq(10 * rank, m2.get(0), "iScatterv receive-only");
                    }
                }
                IntBuffer all = ints(direct, span);
                fill(all, -1);
                world.iAllGatherv(filled(direct, rank + 1, 10 * rank), rank + 1, MPI.INT, all, counts, displs,
                        MPI.INT).waitFor();
                for (int i = 0; i < span; i++) Check.eq(expect[i], all.get(i), "iAllGatherv " + i);
                IntBuffer own = ints(direct, span);
                fill(own, -1);
                for (int i = 0; i <= rank; i++) own.put(displs[rank] + i, 10 * rank + i);
                world.iAllGatherv(own, counts, displs, MPI.INT).waitFor();
                for (int i = 0; i < span; i++) Check.eq(expect[i], own.get(i), "iAllGatherv in place " + i);
            });

            cases.add("ialltoallv_and_w_" + kind, () -> {
                // rank r sends j + 1 items to rank j, at 4 * j; receives r + 1 items from each j, at 5 * j
                int[] sc = new int[size], sd = new int[size], rc = new int[size], rd = new int[size];
                for (int j = 0; j < size; j++) {
                    sc[j] = j + 1;
                    sd[j] = 4 * j;
                    rc[j] = rank + 1;
                    rd[j] = 5 * j;
                }
                IntBuffer send = ints(direct, 4 * size), recv = ints(direct, 5 * size);
                for (int i = 0; i < 4 * size; i++) send.put(i, 1000 * rank + i);
                fill(recv, -1);
                world.iAllToAllv(send, sc, sd, MPI.INT, recv, rc, rd, MPI.INT).waitFor();
                for (int j = 0; j < size; j++) {
                    for (int i = 0; i < 5; i++) {
                        int want = i <= rank ? 1000 * j + 4 * rank + i : -1;
                        Check.eq(want, recv.get(5 * j + i), "iAllToAllv from " + j + " item " + i);
                    }
                }
                // the w form: byte displacements, a type per rank
                int[] sdb = new int[size], rdb = new int[size];
                Datatype[] types = new Datatype[size];
                for (int j = 0; j < size; j++) {
                    sdb[j] = 4 * sd[j];
                    rdb[j] = 4 * rd[j];
                    types[j] = MPI.INT;
                }
                IntBuffer recvW = ints(direct, 5 * size);
                fill(recvW, -1);
                world.iAllToAllw(send, sc, sdb, types, recvW, rc, rdb, types).waitFor();
                for (int i = 0; i < 5 * size; i++) Check.eq(recv.get(i), recvW.get(i), "iAllToAllw item " + i);
            });

            cases.add("several_pending_at_once_" + kind, () -> {
                int n = 1000;
                IntBuffer a = filled(direct, n, rank), b = ints(direct, n), c = ints(direct, size);
                IntBuffer d = rank == 0 ? filled(direct, n, 5) : ints(direct, n);
                Request[] pending = {
                    world.iAllReduce(a, b, n, MPI.INT, MPI.SUM),
                    world.iAllGather(filled(direct, 1, rank * 3), 1, MPI.INT, c, 1, MPI.INT),
                    world.iBcast(d, n, MPI.INT, 0),
                    world.iBarrier(),
                };
                Request.waitAll(pending);
                Check.eq(size * (size - 1) / 2 + size * 7, b.get(7), "allReduce");
                for (int j = 0; j < size; j++) Check.eq(3 * j, c.get(j), "allGather");
                Check.eq(5 + 999, d.get(999), "bcast");
                for (Request r : pending) Check.isTrue(r.isNull(), "completed");
            });

            cases.add("user_ops_" + kind, () -> {
                Op sum = new Op(new IntSum(), true);
                IntBuffer r = ints(direct, 50);
                world.iAllReduce(filled(direct, 50, rank), r, 50, MPI.INT, sum).waitFor();
                for (int i = 0; i < 50; i++) Check.eq(size * (size - 1) / 2 + size * i, r.get(i), "user op sum");
                IntBuffer s = filled(direct, 50, rank);
                world.iReduce(s, 50, MPI.INT, sum, 0).waitFor();
                if (rank == 0) Check.eq(size * (size - 1) / 2, s.get(0), "user op in place at the root");
                sum.free();
            });
        }

        cases.add("mpijava_naming_on_arrays_with_offsets", () -> {
            int off = 2, n = 5;
            Request b = world.Ibarrier();
            int[] bc = new int[off + n];
            if (rank == 0) for (int i = 0; i < n; i++) bc[off + i] = 50 + i;
            Request bcast = world.Ibcast(bc, off, n, MPI.INT, 0);
            int[] in = new int[off + n], out = new int[n + 1];
            for (int i = 0; i < n; i++) in[off + i] = rank + i;
            Request allreduce = world.Iallreduce(in, off, out, 1, n, MPI.INT, MPI.SUM);
            long[] place = {rank, 2L * rank};
            Request inPlace = world.Iallreduce(place, 0, place, 0, 2, MPI.LONG, MPI.MAX);
            Request.Waitall(new Request[] {b, bcast, allreduce, inPlace});
            for (int i = 0; i < n; i++) Check.eq(50 + i, bc[off + i], "Ibcast");
            for (int i = 0; i < n; i++) Check.eq(size * (size - 1) / 2 + size * i, out[1 + i], "Iallreduce");
            Check.eq(2L * (size - 1), place[1], "Iallreduce in place");
            double[] red = new double[3];
            world.Ireduce(new double[] {9, rank, 1}, 1, red, 0, 2, MPI.DOUBLE, MPI.SUM, 0).Wait();
            if (rank == 0) Check.eq((double) size * (size - 1) / 2, red[0], "Ireduce");
            int[] scan = new int[1];
            world.Iscan(new int[] {1}, 0, scan, 0, 1, MPI.INT, MPI.SUM).Wait();
            Check.eq(rank + 1, scan[0], "Iscan");
            int[] counts = new int[size];
            Arrays.fill(counts, 2);
            int[] rs = new int[2];
            int[] all = new int[2 * size];
            Arrays.fill(all, 1);
            world.Ireduce_scatter(all, 0, rs, 0, counts, MPI.INT, MPI.SUM).Wait();
            Check.eq(size, rs[1], "Ireduce_scatter");
            int[] g = new int[1 + size], displs = new int[size], ones = new int[size];
            for (int j = 0; j < size; j++) {
                displs[j] = j;
                ones[j] = 1;
            }
            world.Igather(new int[] {7, rank}, 1, 1, MPI.INT, g, 1, 1, MPI.INT, 0).Wait();
            if (rank == 0) for (int j = 0; j < size; j++) Check.eq(j, g[1 + j], "Igather");
            int[] gv = new int[size];
            world.Igatherv(new int[] {rank * 3}, 0, 1, MPI.INT, gv, 0, ones, displs, MPI.INT, 0).Wait();
            if (rank == 0) for (int j = 0; j < size; j++) Check.eq(3 * j, gv[j], "Igatherv");
            int[] sc = new int[1], src = new int[size];
            for (int j = 0; j < size; j++) src[j] = 10 + j;
            world.Iscatter(src, 0, 1, MPI.INT, sc, 0, 1, MPI.INT, 0).Wait();
            Check.eq(10 + rank, sc[0], "Iscatter");
            int[] scv = new int[1];
            world.Iscatterv(src, 0, ones, displs, MPI.INT, scv, 0, 1, MPI.INT, 0).Wait();
            Check.eq(10 + rank, scv[0], "Iscatterv");
            int[] ag = new int[size], agv = new int[size];
            world.Iallgather(new int[] {rank}, 0, 1, MPI.INT, ag, 0, 1, MPI.INT).Wait();
            world.Iallgatherv(new int[] {rank}, 0, 1, MPI.INT, agv, 0, ones, displs, MPI.INT).Wait();
            int[] a2a = new int[size], a2av = new int[size], send = new int[size];
            for (int j = 0; j < size; j++) send[j] = 100 * rank + j;
            world.Ialltoall(send, 0, 1, MPI.INT, a2a, 0, 1, MPI.INT).Wait();
            world.Ialltoallv(send, 0, ones, displs, MPI.INT, a2av, 0, ones, displs, MPI.INT).Wait();
            for (int j = 0; j < size; j++) {
                Check.eq(j, ag[j], "Iallgather");
                Check.eq(j, agv[j], "Iallgatherv");
                Check.eq(100 * j + rank, a2a[j], "Ialltoall");
                Check.eq(100 * j + rank, a2av[j], "Ialltoallv");
            }
            ByteBuffer direct = MPI.newByteBuffer(8).order(java.nio.ByteOrder.nativeOrder());
            direct.putInt(0, rank + 1);
            world.Iallreduce(direct, 0, direct, 1, 1, MPI.INT, MPI.SUM).Wait();
            Check.eq(size * (size + 1) / 2, direct.getInt(4), "Iallreduce on a direct ByteBuffer");
            Check.throwsWith(IllegalArgumentException.class,
                    () -> world.Ibcast(new Object[1], 0, 1, MPI.OBJECT, 0), "Intracomm.Ibcast", "MPI.OBJECT");
        });

        cases.add("failing_user_op_reported_at_completion", () -> {
            Op failing = new Op(new Failing(), true);
            Request r = world.iAllReduce(filled(false, 4, rank), ints(false, 4), 4, MPI.INT, failing);
            // the ranks whose MPI ran the function get its exception when the request completes, as it is
            int[] threw = {0};
            try {
                r.waitFor();
            } catch (IllegalStateException e) {
                Check.isTrue(e.getMessage().contains("on purpose"), "the function's own exception: " + e);
                threw[0] = 1;
            }
            Check.isTrue(r.isNull(), "the request completed all the same");
            world.allReduce(threw, 1, MPI.INT, MPI.MAX);
            if (size > 1) Check.eq(1, threw[0], "some rank got the exception");
            failing.free();
        });

        cases.add("count_arrays_copied_at_the_call", () -> {
            int[] counts = new int[size], displs = new int[size];
            for (int j = 0; j < size; j++) {
                counts[j] = 2;
                displs[j] = 2 * j;
            }
            IntBuffer all = ints(false, 2 * size);
            Request r = world.iAllGatherv(filled(false, 2, 10 * rank), 2, MPI.INT, all, counts, displs, MPI.INT);
            Arrays.fill(counts, 1 << 20); // the program's arrays are its own again once the call returns
            Arrays.fill(displs, -5);
            r.waitFor();
            for (int i = 0; i < 2 * size; i++) Check.eq(10 * (i / 2) + i % 2, all.get(i), "iAllGatherv " + i);
        });

        cases.add("collector_runs_while_pending", () -> {
            int n = 1 << 16, rounds = Cases.rounds(40, 10);
            int pins = Pins.count();
            long before = Allocators.collectionCount();
            for (int round = 0; round < rounds; round++) {
                int[] in = new int[n], out = new int[n];
                for (int i = 0; i < n; i++) in[i] = rank + round + i;
                Request r = world.iAllReduce(IntBuffer.wrap(in), IntBuffer.wrap(out), n, MPI.INT, MPI.SUM);
                in = null; // reachable through the request only
                byte[][] garbage = new byte[64][];
                for (int i = 0; i < garbage.length; i++) garbage[i] = new byte[1 << 16];
                if (round % 4 == 0) System.gc();
                r.waitFor();
                int expect0 = size * (size - 1) / 2 + size * round;
                Check.eq(expect0, out[0], "round " + round + " [0]");
                Check.eq(expect0 + size * (n - 1), out[n - 1], "round " + round + " [n-1]");
            }
            Check.isTrue(Allocators.collectionCount() > before, "collections ran");
            Check.eq(pins, Pins.count(), "pins after completion");
        });

        cases.add("ialltoallw_on_a_cartesian_communicator", () -> {
            // Open MPI 4.1.4's own MPI_Ialltoallw crashes on a Cartesian communicator: natmpj runs it on a twin
            CartComm ring = world.createCart(new int[] {size}, new boolean[] {true}, false);
            int[] counts = new int[size], displs = new int[size];
            Datatype[] types = new Datatype[size];
            for (int j = 0; j < size; j++) {
                counts[j] = 1;
                displs[j] = 4 * j;
                types[j] = MPI.INT;
            }
            for (int round = 0; round < 3; round++) {
                IntBuffer send = filled(true, size, 100 * rank + round), recv = ints(true, size);
                ring.iAllToAllw(send, counts, displs, types, recv, counts, displs, types).waitFor();
                for (int j = 0; j < size; j++) Check.eq(100 * j + round + rank, recv.get(j), "from " + j);
            }
            ring.free();
        });

        cases.add("neighbourhood_on_a_ring", () -> {
            CartComm ring = world.createCart(new int[] {size}, new boolean[] {true}, false);
            GraphComm graph = world.createGraph(ringIndex(size), ringEdges(size), false);
            GraphComm dist = world.createDistGraphAdjacent(new int[] {left, right}, new int[] {1, 2},
                    new int[] {left, right}, new int[] {1, 2}, MPI.INFO_NULL, false);
            DistGraphNeighbors nb = dist.getDistGraphNeighbors();
            Check.eq(2, nb.getInDegree(), "in-degree");
            Check.eq(2, nb.getOutDegree(), "out-degree");
            Check.isTrue(nb.isWeighted(), "weighted");
            Check.eq(left, nb.getSource(0), "source 0");
            Check.eq(2, nb.getDestinationWeight(1), "weight");
            for (mpi.Comm c : new mpi.Comm[] {ring, graph, dist}) {
                String what = c.getClass().getSimpleName();
                // the in-neighbours of a ring, in the topology's order: left then right (a Cartesian ring of 1 or
                // 2 has the same rank twice)
                int[] from = c == graph ? graphNeighbors(rank, size) : new int[] {left, right};
                for (boolean direct : new boolean[] {false, true}) {
                    IntBuffer got = ints(direct, 4);
                    fill(got, -1);
                    c.neighborAllGather(filled(direct, 2, 10 * rank), 2, MPI.INT, got, 2, MPI.INT);
                    for (int k = 0; k < 2; k++) Check.eq(10 * from[k], got.get(2 * k), what + " neighborAllGather");
                    IntBuffer got2 = ints(direct, 4);
                    c.iNeighborAllGather(filled(direct, 2, 10 * rank), 2, MPI.INT, got2, 2, MPI.INT).waitFor();
                    for (int k = 0; k < 4; k++) Check.eq(got.get(k), got2.get(k), what + " iNeighborAllGather");
                    IntBuffer send = ints(direct, 2), recv = ints(direct, 2);
                    send.put(0, 100 * rank);
                    send.put(1, 100 * rank + 1);
                    c.neighborAllToAll(send, 1, MPI.INT, recv, 1, MPI.INT);
                    IntBuffer recv2 = ints(direct, 2);
                    c.iNeighborAllToAll(send, 1, MPI.INT, recv2, 1, MPI.INT).waitFor();
                    // With one rank on both sides (2 ranks), which message reaches which block depends on the MPI:
                    // Open MPI 4.1's non-blocking form and MPICH 4.0's v-form pair them otherwise than the blocking
                    // ones (docs/ompi-api.md); with distinct neighbours every MPI agrees.
                    boolean distinct = left != right;
                    if (distinct) {
                        for (int k = 0; k < 2; k++) Check.eq(recv.get(k), recv2.get(k), what + " iNeighborAllToAll");
                        // the left neighbour's second item, the right one's first
                        Check.eq(100 * left + 1, recv.get(0), what + " neighborAllToAll from the left");
                        Check.eq(100 * right, recv.get(1), what + " neighborAllToAll from the right");
                    }
                    int[] counts = {1, 1}, displs = {2, 0};
                    IntBuffer v = ints(direct, 4);
                    fill(v, -1);
                    c.neighborAllGatherv(filled(direct, 1, 7 * rank), 1, MPI.INT, v, counts, displs, MPI.INT);
                    Check.eq(7 * from[0], v.get(2), what + " neighborAllGatherv [2]");
                    Check.eq(7 * from[1], v.get(0), what + " neighborAllGatherv [0]");
                    Check.eq(-1, v.get(1), what + " neighborAllGatherv gap");
                    IntBuffer v2 = ints(direct, 4);
                    fill(v2, -1);
                    c.iNeighborAllGatherv(filled(direct, 1, 7 * rank), 1, MPI.INT, v2, counts, displs, MPI.INT)
                            .waitFor();
                    for (int k = 0; k < 4; k++) Check.eq(v.get(k), v2.get(k), what + " iNeighborAllGatherv");
                    IntBuffer w = ints(direct, 2), w2 = ints(direct, 2);
                    c.neighborAllToAllv(send, counts, new int[] {0, 1}, MPI.INT, w, counts, new int[] {1, 0},
                            MPI.INT);
                    c.iNeighborAllToAllv(send, counts, new int[] {0, 1}, MPI.INT, w2, counts, new int[] {1, 0},
                            MPI.INT).waitFor();
                    if (distinct) {
                        for (int k = 0; k < 2; k++) Check.eq(recv.get(k), w.get(1 - k), what + " neighborAllToAllv");
                        for (int k = 0; k < 2; k++) Check.eq(w.get(k), w2.get(k), what + " iNeighborAllToAllv");
                    }
                }
            }
            // a distributed graph made by MPI_Dist_graph_create: each rank names its edge to the right
            GraphComm made = world.createDistGraph(new int[] {rank}, new int[] {1}, new int[] {right}, MPI.INFO_NULL,
                    false);
            DistGraphNeighbors m = made.getDistGraphNeighbors();
            Check.eq(1, m.getInDegree(), "createDistGraph in-degree");
            Check.eq(left, m.getSource(0), "createDistGraph source");
            Check.isTrue(!m.isWeighted(), "unweighted");
            int[] got = new int[1];
            made.neighborAllGather(new int[] {rank}, 1, MPI.INT, got, 1, MPI.INT);
            Check.eq(left, got[0], "neighbour of a created distributed graph");
            for (mpi.Comm c : new mpi.Comm[] {ring, graph, dist, made}) c.free();
        });

        cases.add("bad_input", () -> {
            IntBuffer four = MPI.newIntBuffer(4);
            refused(IndexOutOfBoundsException.class, MPI.ERR_BUFFER,
                    () -> world.iAllReduce(four, MPI.newIntBuffer(4), 5, MPI.INT, MPI.SUM), "Comm.iAllReduce");
            refused(IllegalArgumentException.class, MPI.ERR_ROOT, () -> world.iBcast(four, 1, MPI.INT, size),
                    "Comm.iBcast", "root");
            refused(NullPointerException.class, MPI.ERR_BUFFER,
                    () -> world.iAllGather(null, 1, MPI.INT, four, 1, MPI.INT), "Comm.iAllGather", "sendbuf");
            refused(IllegalArgumentException.class, MPI.ERR_COUNT,
                    () -> world.iGatherv(four, 1, MPI.INT, MPI.newIntBuffer(size), new int[Math.max(size - 1, 0)],
                            new int[size], MPI.INT, rank), "Comm.iGatherv", "recvcount");
            refused(IllegalArgumentException.class, MPI.ERR_ARG,
                    () -> world.iAllGatherv(four, 1, MPI.INT, MPI.newIntBuffer(4 * size), ones(size),
                            negative(size), MPI.INT), "Comm.iAllGatherv", "displs");
            refused(NullPointerException.class, MPI.ERR_OP,
                    () -> world.iAllReduce(four, 1, MPI.INT, null), "Comm.iAllReduce", "op");
            refused(IllegalArgumentException.class, MPI.ERR_BUFFER,
                    () -> world.iReduceScatterBlock(four, four, 1, MPI.INT, MPI.SUM), "sendbuf and recvbuf");
            int[] shared = new int[8];
            IntBuffer at0 = IntBuffer.wrap(shared, 0, 4).slice(), at1 = IntBuffer.wrap(shared, 1, 4).slice();
            refused(IllegalArgumentException.class, MPI.ERR_BUFFER,
                    () -> world.iAllReduce(at0, at1, 3, MPI.INT, MPI.SUM), "overlap");
            MPIException e = Check.throwsWith(MPIException.class,
                    () -> world.neighborAllGather(new int[1], 1, MPI.INT, new int[4], 1, MPI.INT),
                    "Comm.neighborAllGather", "topology");
            Check.eq(MPI.ERR_TOPOLOGY, e.getErrorClass(), "no topology: MPI.ERR_TOPOLOGY");
            refused(IllegalArgumentException.class, MPI.ERR_ARG,
                    () -> world.createDistGraphAdjacent(new int[] {size}, new int[0], MPI.INFO_NULL, false),
                    "Intracomm.createDistGraphAdjacent", "sources[0]");
            Op freed = new Op(new IntSum(), true);
            freed.free();
            Check.throwsWith(MPIException.class, () -> world.iAllReduce(four, 1, MPI.INT, freed), "Comm.iAllReduce");
            // nothing is left behind by the refused calls
            Request ok = world.iAllReduce(filled(false, 1, 1), ints(false, 1), 1, MPI.INT, MPI.SUM);
            ok.waitFor();
        });
    }

    private static int[] ones(int n) {
        int[] a = new int[n];
        Arrays.fill(a, 1);
        return a;
    }

    private static int[] negative(int n) {
        int[] a = new int[n];
        Arrays.fill(a, -1);
        return a;
    }

    /** A ring as MPI_Graph_create takes it: node i has neighbours i - 1 and i + 1 (mod n). */
    private static int[] ringIndex(int n) {
        int[] index = new int[n];
        for (int i = 0; i < n; i++) index[i] = 2 * (i + 1);
        return index;
    }

    private static int[] ringEdges(int n) {
        int[] edges = new int[2 * n];
        for (int i = 0; i < n; i++) {
            edges[2 * i] = (i + n - 1) % n;
            edges[2 * i + 1] = (i + 1) % n;
        }
        return edges;
    }

    private static int[] graphNeighbors(int rank, int n) {
        return new int[] {(rank + n - 1) % n, (rank + 1) % n};
    }

    private static void refused(Class<? extends RuntimeException> cause, int errorClass, Cases.Body call,
                                String... words) {
        MPIException e = Check.throwsWith(MPIException.class, call, words);
        Check.isTrue(cause.isInstance(e.getCause()), "cause " + e.getCause() + " is a " + cause.getSimpleName());
        Check.eq(errorClass, e.getErrorClass(), "error class of " + e.getMessage());
    }
}
