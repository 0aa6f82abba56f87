package natmpj.it;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.DoubleBuffer;
import java.nio.IntBuffer;
import java.nio.LongBuffer;
import java.util.Arrays;

import mpi.Datatype;
import mpi.Group;
import mpi.Info;
import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;
import mpi.Op;
import mpi.Request;
import mpi.UserFunction;
import mpi.Win;
import natmpj.internal.Pins;
import natmpj.testkit.Cases;
import natmpj.testkit.Check;
import natmpj.testkit.MultiRank;

/**
 * One-sided communication (Open MPI's {@code mpi.Win}) on 2 and 4 ranks: every member, windows over direct buffers
 * and pinned arrays, allocated, shared and dynamic windows; every RMA operation and r-form with direct and heap
 * origin buffers (heap results reach the array at the synchronisation that completes them, and not before when
 * staged); every synchronisation (fence, post/start/complete/wait/test, lock/unlock, lockAll/unlockAll, flushes,
 * sync); the collector moving objects while r-requests and blocking operations are pending; window memory kept
 * reachable when the program drops it; bad input, in Java and from MPI, as MPIExceptions of the MPI error class.
 * Under the build's JDK (17: requests stage arrays, a heap window is refused) and Shenandoah (arrays pinned), and on
 * JDK 25 under Serial (staged) and G1 (pinned).
 */
@MultiRank(jvm = {"", "-XX:+UseShenandoahGC"}, jvmEach = "-Xmx256m", extraJdks = true,
        extraJdkJvm = {"-Xmx256m", "-XX:+UseG1GC -Xmx256m"})
public final class WinSuite {
    public static void main(String[] args) throws Exception {
        Cases.job(args).run(WinSuite::addCases);
    }

    static IntBuffer ints(int n) {
        return ByteBuffer.allocateDirect(4 * n).order(ByteOrder.nativeOrder()).asIntBuffer();
    }

    static Win intWindow(IntBuffer mem) throws MPIException {
        return new Win(mem, mem.capacity(), 1, MPI.INFO_NULL, MPI.COMM_WORLD);
    }

    /** Fills {@code n} values as a rank would, to check where they land. */
    static int value(int rank, int i) {
        return 1000 * (rank + 1) + i;
    }

    private static void addCases(Cases cases) {
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank(), size = world.getSize();
        int right = (rank + 1) % size, left = (rank + size - 1) % size;
        boolean pinned = Pins.requestsPinned();

        cases.add("fence_put_get_direct", () -> {
            IntBuffer mem = ints(4 * size);
            Win win = intWindow(mem);
            win.fence(0);
            IntBuffer out = ints(4);
            for (int i = 0; i < 4; i++) out.put(i, value(rank, i));
            for (int t = 0; t < size; t++) win.put(out, 4, MPI.INT, t, 4 * rank, 4, MPI.INT);
            win.fence(0);
            for (int r = 0; r < size; r++) {
                for (int i = 0; i < 4; i++) Check.eq(value(r, i), mem.get(4 * r + i), "mem[" + (4 * r + i) + "]");
            }
            IntBuffer in = ints(2);
            win.get(in, 2, MPI.INT, right, 4 * left + 1, 2, MPI.INT);
            win.fence(MPI.MODE_NOSUCCEED);
            Check.eq(value(left, 1), in.get(0), "got[0]");
            Check.eq(value(left, 2), in.get(1), "got[1]");
            win.free();
        });

        cases.add("fence_heap_origins_results_at_fence", () -> {
            DoubleBuffer mem = ByteBuffer.allocateDirect(8 * size).order(ByteOrder.nativeOrder()).asDoubleBuffer();
            Win win = new Win(mem, size, 1, MPI.INFO_NULL, world);
            win.fence(0);
            double[] out = {-1, -1, rank + 0.5, -1};
            // a heap buffer from its array offset: element 2 of out
            win.put(DoubleBuffer.wrap(out, 2, 1).slice(), 1, MPI.DOUBLE, right, rank, 1, MPI.DOUBLE);
            out[2] = -99; // staged at the put, or pinned: MPI may read either until the fence; only the fence says
            win.fence(0);
            double[] in = new double[size + 2];
            Arrays.fill(in, -7);
            win.get(DoubleBuffer.wrap(in, 1, size).slice(), size, MPI.DOUBLE, left, 0, size, MPI.DOUBLE);
            if (!pinned) Check.eq(-7.0, in[1], "a staged get's result before the fence");
            win.fence(0);
            Check.eq(-7.0, in[0], "before the result");
            Check.eq(-7.0, in[size + 1], "after the result");
            // the left neighbour's window holds what its left neighbour put at its own rank's slot
            int ll = (left + size - 1) % size;
            Check.isTrue(in[1 + ll] == ll + 0.5 || in[1 + ll] == -99, "put value " + in[1 + ll]);
            if (!pinned) Check.eq(ll + 0.5, in[1 + ll], "staged put: the value at the put");
            win.free();
        });

        cases.add("window_over_heap_buffer", () -> {
            int[] memory = new int[size + 2];
            IntBuffer base = IntBuffer.wrap(memory, 2, size).slice(); // arrayOffset 2
            if (!pinned) {
                MPIException e = Check.throwsWith(MPIException.class,
                        () -> new Win(base, size, 1, MPI.INFO_NULL, world), "Win.Win", "base", "direct buffer");
                Check.isTrue(e.getCause() instanceof IllegalArgumentException, "cause " + e.getCause());
                // an empty window needs no memory: any buffer does
                Win empty = new Win(IntBuffer.allocate(0), 0, 1, MPI.INFO_NULL, world);
                empty.free();
                return;
            }
            Win win;
            try {
                win = new Win(base, size, 1, MPI.INFO_NULL, world);
            } catch (MPIException e) {
                // the MPICH family takes only 16-byte aligned bases: where the array lies decides, on any rank
                Check.isTrue(MPI.getLibVersion().contains("MPICH") && (e.getMessage().contains("multiple of 16")
                        || e.getMessage().contains("another rank")), "refused: " + e.getMessage());
                return;
            }
            win.fence(0);
            win.put(IntBuffer.wrap(new int[] {value(rank, 0)}), 1, MPI.INT, right, rank, 1, MPI.INT);
            win.fence(0);
            byte[][] garbage = new byte[64][];
            for (int i = 0; i < 2000; i++) garbage[i % 64] = new byte[64 * 1024]; // the array must not move
            System.gc();
            Check.eq(value(left, 0), memory[2 + left], "pinned window memory");
            win.fence(0);
            int[] got = new int[1];
            win.get(IntBuffer.wrap(got), 1, MPI.INT, right, rank, 1, MPI.INT);
            win.fence(0);
            Check.eq(value(rank, 0), got[0], "read back");
            win.free();
            memory[2] = 5; // unpinned: the array is the program's again
        });

        cases.add("window_memory_kept_when_dropped", () -> {
            Win win = new Win(ints(size), size, 1, MPI.INFO_NULL, world); // no other reference to the buffer
            for (int i = 0; i < 5; i++) {
                byte[][] garbage = new byte[64][];
                for (int j = 0; j < 500; j++) garbage[j % 64] = new byte[64 * 1024];
                System.gc();
            }
            win.fence(0);
            win.put(IntBuffer.wrap(new int[] {value(rank, 7)}), 1, MPI.INT, right, rank, 1, MPI.INT);
            win.fence(0);
            IntBuffer got = ints(1);
            win.get(got, 1, MPI.INT, right, rank, 1, MPI.INT);
            win.fence(0);
            Check.eq(value(rank, 7), got.get(0), "through a window whose buffer only the window holds");
            win.free();
        });

        cases.add("accumulate_and_get_accumulate", () -> {
            LongBuffer mem = ByteBuffer.allocateDirect(8 * 4).order(ByteOrder.nativeOrder()).asLongBuffer();
            Win win = new Win(mem, 4, 1, MPI.INFO_NULL, world);
            win.fence(0);
            win.accumulate(LongBuffer.wrap(new long[] {rank + 1, 10}), 2, MPI.LONG, 0, 0, 2, MPI.LONG, MPI.SUM);
            win.accumulate(LongBuffer.wrap(new long[] {rank}), 1, MPI.LONG, 0, 2, 1, MPI.LONG, MPI.MAX);
            if (rank == size - 1) win.accumulate(ByteBuffer.allocateDirect(8).order(ByteOrder.nativeOrder())
                    .putLong(0, 77).asLongBuffer(), 1, MPI.LONG, 0, 3, 1, MPI.LONG, MPI.REPLACE);
            win.fence(0);
            if (rank == 0) {
                Check.eq((long) size * (size + 1) / 2, mem.get(0), "sum");
                Check.eq(10L * size, mem.get(1), "sum of 10s");
                Check.eq((long) size - 1, mem.get(2), "max");
                Check.eq(77L, mem.get(3), "replace");
            }
            win.fence(0);
            long[] old = new long[2];
            win.getAccumulate(LongBuffer.wrap(new long[] {1}), 1, MPI.LONG, LongBuffer.wrap(old, 1, 1).slice(), 1,
                    MPI.LONG, 0, 1, 1, MPI.LONG, MPI.SUM);
            win.fence(0);
            Check.isTrue(old[1] >= 10L * size && old[1] < 10L * size + size, "old value " + old[1]);
            Check.eq(0L, old[0], "outside the result");
            long[] now = new long[1];
            win.getAccumulate(null, 0, null, LongBuffer.wrap(now), 1, MPI.LONG, 0, 1, 1, MPI.LONG, MPI.NO_OP);
            win.fence(0);
            Check.eq(10L * size + size, now[0], "NO_OP reads");
            win.free();
        });

        cases.add("fetch_and_op_counter_under_locks", () -> {
            IntBuffer mem = ints(2);
            Win win = intWindow(mem);
            world.barrier();
            int[] got = new int[1];
            win.lock(MPI.LOCK_SHARED, 0, 0);
            win.fetchAndOp(IntBuffer.wrap(new int[] {1}), IntBuffer.wrap(got), MPI.INT, 0, 0, MPI.SUM);
            win.unlock(0);
            int[] all = new int[size];
            world.allGather(got, 1, MPI.INT, all, 1, MPI.INT);
            Arrays.sort(all);
            for (int i = 0; i < size; i++) Check.eq(i, all[i], "each old value once");
            // compare-and-swap: exactly one rank replaces the initial 0 at slot 1
            IntBuffer result = ints(1);
            win.lock(MPI.LOCK_EXCLUSIVE, 0, 0);
            win.compareAndSwap(IntBuffer.wrap(new int[] {rank + 1}), IntBuffer.wrap(new int[] {0}), result, MPI.INT,
                    0, 1);
            win.unlock(0);
            int[] won = {result.get(0) == 0 ? 1 : 0};
            int[] wins = new int[1];
            world.allReduce(won, wins, 1, MPI.INT, MPI.SUM);
            Check.eq(1, wins[0], "one winner");
            world.barrier();
            if (rank == 0) Check.isTrue(mem.get(1) >= 1 && mem.get(1) <= size, "the winner's value " + mem.get(1));
            int[] seen = new int[1];
            win.lock(MPI.LOCK_SHARED, 0, MPI.MODE_NOCHECK);
            win.fetchAndOp(null, IntBuffer.wrap(seen), MPI.INT, 0, 0, MPI.NO_OP);
            win.flush(0);
            Check.eq(size, seen[0], "the counter, at the flush");
            win.unlock(0);
            win.free();
        });

        cases.add("passive_target_flushes_and_sync", () -> {
            IntBuffer mem = ints(8);
            Win win = intWindow(mem);
            world.barrier();
            win.lockAll(0);
            int[] src = {value(rank, 0), value(rank, 1)};
            win.put(IntBuffer.wrap(src), 2, MPI.INT, right, 0, 2, MPI.INT);
            win.flushLocal(right); // the origin may be reused: staged or pinned, it is released now
            src[0] = -1;
            win.flush(right);
            win.put(IntBuffer.wrap(src, 1, 1).slice(), 1, MPI.INT, right, 2, 1, MPI.INT);
            win.flushLocalAll();
            win.put(IntBuffer.wrap(new int[] {rank}), 1, MPI.INT, right, 3, 1, MPI.INT);
            win.flushAll();
            win.sync();
            win.unlockAll();
            world.barrier();
            win.lock(MPI.LOCK_EXCLUSIVE, rank, 0);
            win.sync();
            Check.eq(value(left, 0), mem.get(0), "put, flushed");
            Check.eq(value(left, 1), mem.get(1), "second value");
            Check.eq(value(left, 1), mem.get(2), "put after flushLocalAll");
            Check.eq(left, mem.get(3), "put before flushAll");
            win.unlock(rank);
            world.barrier();
            int[] got = new int[2];
            win.lock(MPI.LOCK_SHARED, left, 0);
            win.get(IntBuffer.wrap(got), 2, MPI.INT, left, 0, 2, MPI.INT);
            win.unlock(left);
            int ll = (left + size - 1) % size;
            Check.eq(value(ll, 0), got[0], "get under a lock, at unlock");
            world.barrier();
            win.free();
        });

        cases.add("post_start_complete_wait_test", () -> {
            IntBuffer mem = ints(2);
            Win win = intWindow(mem);
            Group all = world.getGroup();
            Group from = all.incl(new int[] {left}), to = all.incl(new int[] {right});
            win.post(from, 0);
            win.start(to, 0);
            win.put(IntBuffer.wrap(new int[] {value(rank, 3), value(rank, 4)}), 2, MPI.INT, right, 0, 2, MPI.INT);
            win.complete();
            if (rank % 2 == 0) {
                while (!win.test()) Thread.yield();
            } else {
                win.waitFor();
            }
            Check.eq(value(left, 3), mem.get(0), "exposed and written");
            Check.eq(value(left, 4), mem.get(1), "second");
            from.free();
            to.free();
            all.free();
            win.free();
        });

        cases.add("r_forms_direct_and_heap", () -> {
            IntBuffer mem = ints(4);
            for (int i = 0; i < 4; i++) mem.put(i, value(rank, i));
            Win win = intWindow(mem);
            world.barrier();
            win.lockAll(0);
            int[] heap = new int[4];
            IntBuffer direct = ints(4);
            Request g1 = win.rGet(IntBuffer.wrap(heap), 4, MPI.INT, right, 0, 4, MPI.INT);
            Request g2 = win.rGet(direct, 4, MPI.INT, left, 0, 4, MPI.INT);
            Request.waitAll(new Request[] {g1, g2});
            for (int i = 0; i < 4; i++) {
                Check.eq(value(right, i), heap[i], "rGet heap[" + i + "]");
                Check.eq(value(left, i), direct.get(i), "rGet direct[" + i + "]");
            }
            win.unlockAll();
            world.barrier();
            win.lockAll(0);
            Request p = win.rPut(IntBuffer.wrap(new int[] {-rank}), 1, MPI.INT, right, 3, 1, MPI.INT);
            p.waitFor();
            win.flushAll();
            Request a = win.rAccumulate(IntBuffer.wrap(new int[] {5}), 1, MPI.INT, right, 2, 1, MPI.INT, MPI.SUM);
            a.waitFor();
            win.flush(right);
            int[] old = new int[1];
            Request ga = win.rGetAccumulate(IntBuffer.wrap(new int[] {1}), 1, MPI.INT, IntBuffer.wrap(old), 1,
                    MPI.INT, right, 2, 1, MPI.INT, MPI.SUM);
            ga.waitFor();
            Check.eq(value(right, 2) + 5, old[0], "rGetAccumulate's old value");
            Check.isTrue(g1.isNull() && ga.isNull(), "completed requests are null");
            win.unlockAll();
            world.barrier();
            Check.eq(-left, mem.get(3), "rPut");
            Check.eq(value(rank, 2) + 6, mem.get(2), "rAccumulate and rGetAccumulate");
            win.free();
        });

        cases.add("collector_moves_objects_while_pending", () -> {
            int n = 64 * 1024;
            IntBuffer mem = ints(n);
            for (int i = 0; i < n; i++) mem.put(i, value(rank, i));
            Win win = intWindow(mem);
            world.barrier();
            win.lockAll(0);
            int rounds = Cases.rounds(6, 3);
            for (int round = 0; round < rounds; round++) {
                int[][] arrays = new int[8][];
                Request[] pending = new Request[8];
                int[] blocking = new int[n / 4];
                for (int i = 0; i < 8; i++) {
                    arrays[i] = new int[n / 8];
                    pending[i] = win.rGet(IntBuffer.wrap(arrays[i]), n / 8, MPI.INT, right, i * (n / 8), n / 8,
                            MPI.INT);
                }
                win.get(IntBuffer.wrap(blocking), n / 4, MPI.INT, left, 0, n / 4, MPI.INT);
                byte[][] garbage = new byte[128][];
                for (int j = 0; j < 3000; j++) garbage[j % 128] = new byte[16 * 1024];
                System.gc();
                Request.waitAll(pending);
                win.flushAll();
                for (int i = 0; i < 8; i++) {
                    for (int j = 0; j < n / 8; j += 997) {
                        Check.eq(value(right, i * (n / 8) + j), arrays[i][j], "round " + round + " rGet " + i);
                    }
                }
                for (int j = 0; j < n / 4; j += 991) Check.eq(value(left, j), blocking[j], "blocking get");
            }
            win.unlockAll();
            world.barrier();
            win.free();
        });

        cases.add("allocate_private_and_shared", () -> {
            for (int flavor : new int[] {Win.FLAVOR_PRIVATE, Win.FLAVOR_SHARED}) {
                ByteBuffer base = ByteBuffer.allocateDirect(8).order(ByteOrder.nativeOrder());
                Win win = new Win(4 * size, 4, MPI.INFO_NULL, world, base, flavor); // bytes of a ByteBuffer
                long address = base.getLong(0);
                Check.isTrue(address != 0, "the memory's address is written to base");
                // not compared with address: MPICH 4.0's MPI.WIN_BASE of such windows may differ from it by 8
                Check.isTrue(((Long) win.getAttr(MPI.WIN_BASE)) != 0L, "MPI.WIN_BASE");
                Check.eq(4 * size, win.getAttr(MPI.WIN_SIZE), "MPI.WIN_SIZE");
                Check.eq(4, win.getAttr(MPI.WIN_DISP_UNIT), "MPI.WIN_DISP_UNIT");
                win.fence(0);
                win.put(IntBuffer.wrap(new int[] {value(rank, flavor)}), 1, MPI.INT, right, rank, 1, MPI.INT);
                win.fence(0);
                int[] got = new int[1];
                win.get(IntBuffer.wrap(got), 1, MPI.INT, right, rank, 1, MPI.INT);
                win.fence(0);
                Check.eq(value(rank, flavor), got[0], "flavor " + flavor);
                win.free();
            }
            MPIException e = Check.throwsWith(MPIException.class,
                    () -> new Win(8, 1, MPI.INFO_NULL, world, ByteBuffer.allocate(8), Win.FLAVOR_PRIVATE),
                    "Win.Win", "base", "direct");
            Check.isTrue(e.getCause() instanceof IllegalArgumentException, "heap base");
            Check.throwsWith(MPIException.class,
                    () -> new Win(8, 1, MPI.INFO_NULL, world, ByteBuffer.allocateDirect(8), 5), "flavor");
            Check.throwsWith(MPIException.class,
                    () -> new Win(8, 1, MPI.INFO_NULL, world, ByteBuffer.allocateDirect(4), 0), "base", "8 bytes");
        });

        cases.add("dynamic_attach_detach", () -> {
            Win win = new Win(MPI.INFO_NULL, world);
            ByteBuffer a = ByteBuffer.allocateDirect(64), b = ByteBuffer.allocateDirect(32);
            win.attach(a, 64);
            win.attach(b.asIntBuffer(), 8); // 8 ints: 32 bytes
            Check.throwsWith(MPIException.class, () -> win.attach(ByteBuffer.allocateDirect(4), 5), "size 5",
                    "past the end of base");
            Check.throwsWith(MPIException.class, () -> win.attach(ByteBuffer.allocate(4), 4), "heap buffer");
            MPIException e = Check.throwsWith(MPIException.class,
                    () -> win.put(IntBuffer.wrap(new int[1]), 1, MPI.INT, right, 0, 1, MPI.INT), "Win.put", "dynamic");
            Check.eq(MPI.ERR_WIN, e.getErrorClass(), "error class");
            win.detach(a);
            Check.throwsWith(MPIException.class, () -> win.detach(a), "not attached");
            win.detach(b);
            win.free();
            Win plain = new Win(ints(1), 1, 1, MPI.INFO_NULL, world);
            Check.throwsWith(MPIException.class, () -> plain.attach(ByteBuffer.allocateDirect(4), 4), "not dynamic");
            plain.free();
        });

        cases.add("group_info_name_errhandler_attributes", () -> {
            Win win = intWindow(ints(1));
            Group g = win.getGroup();
            Check.eq(size, g.getSize(), "group size");
            Check.eq(rank, g.getRank(), "group rank");
            g.free();
            win.setName("natmpj window");
            Check.eq("natmpj window", win.getName(), "name");
            Info info = win.getInfo();
            Check.isTrue(info.size() >= 0, "info keys");
            info.free();
            Info hints = new Info();
            hints.set("no_locks", "false");
            win.setInfo(hints);
            hints.free();
            Check.isTrue(win.getErrhandler() == MPI.ERRORS_RETURN, "natmpj's default on windows");
            win.setErrhandler(MPI.ERRORS_RETURN);
            win.callErrhandler(MPI.ERR_OTHER); // ERRORS_RETURN: returns
            int key = Win.createKeyval();
            Check.eq(null, win.getAttr(key), "unset");
            win.setAttr(key, "value " + rank);
            Check.eq("value " + rank, win.getAttr(key), "set");
            win.deleteAttr(key);
            Check.eq(null, win.getAttr(key), "deleted");
            Win.freeKeyval(key);
            Check.throwsWith(MPIException.class, () -> win.getAttr(key), "keyval");
            win.free();
        });

        cases.add("bad_input_named_with_mpi_error_classes", () -> {
            IntBuffer mem = ints(4);
            Win win = intWindow(mem);
            IntBuffer one = ints(1);
            win.fence(0);
            MPIException e = Check.throwsWith(MPIException.class,
                    () -> win.put(one, 1, MPI.INT, size, 0, 1, MPI.INT), "Win.put", "targetRank is " + size);
            Check.eq(MPI.ERR_RANK, e.getErrorClass(), "rank");
            e = Check.throwsWith(MPIException.class, () -> win.get(one, 1, MPI.INT, right, -1, 1, MPI.INT),
                    "targetDisp is -1");
            Check.eq(MPI.ERR_DISP, e.getErrorClass(), "negative displacement");
            e = Check.throwsWith(MPIException.class, () -> win.put(one, 1, MPI.INT, right, 4, 1, MPI.INT),
                    "outside the window of rank " + right);
            Check.eq(MPI.ERR_DISP, e.getErrorClass(), "out of the window");
            e = Check.throwsWith(MPIException.class, () -> win.put(one, 2, MPI.INT, right, 0, 2, MPI.INT),
                    "orgCount 2", "past the end of origin");
            Check.eq(MPI.ERR_COUNT, e.getErrorClass(), "origin count");
            Check.throwsWith(MPIException.class, () -> win.put(one, -1, MPI.INT, right, 0, 1, MPI.INT),
                    "orgCount is -1");
            Check.throwsWith(MPIException.class, () -> win.put(null, 1, MPI.INT, right, 0, 1, MPI.INT),
                    "origin is null");
            Op mine = new Op(new UserFunction() {
                @Override
                public void call(ByteBuffer in, ByteBuffer inOut, int count, Datatype type) {
                }
            }, true);
            Check.throwsWith(MPIException.class,
                    () -> win.accumulate(one, 1, MPI.INT, right, 0, 1, MPI.INT, mine), "user-defined op");
            mine.free();
            Check.throwsWith(MPIException.class,
                    () -> win.accumulate(one, 1, MPI.INT, right, 0, 1, MPI.INT, MPI.NO_OP), "MPI.NO_OP");
            Check.throwsWith(MPIException.class,
                    () -> win.accumulate(one, 1, MPI.INT, right, 0, 1, MPI.DOUBLE, MPI.SUM), "same basic datatype");
            e = Check.throwsWith(MPIException.class, () -> win.lock(12345, right, 0), "lockType");
            Check.eq(MPI.ERR_LOCKTYPE, e.getErrorClass(), "lock type");
            e = Check.throwsWith(MPIException.class, () -> win.fence(-1), "assertion");
            Check.eq(MPI.ERR_ASSERT, e.getErrorClass(), "assertion");
            win.fence(0);
            // MPI's own error: ending an access epoch never started
            e = Check.throwsWith(MPIException.class, () -> win.unlock(right), "Win.unlock");
            Check.eq(MPI.ERR_RMA_SYNC, e.getErrorClass(), "MPI's class");
            win.fence(0);
            win.free();
            e = Check.throwsWith(MPIException.class, win::free, "freed");
            Check.eq(MPI.ERR_WIN, e.getErrorClass(), "freed twice");
            Check.throwsWith(MPIException.class, () -> win.put(one, 1, MPI.INT, right, 0, 1, MPI.INT), "freed");
            Check.throwsWith(MPIException.class, () -> new Win(ints(1), 2, 1, MPI.INFO_NULL, world), "size 2");
            Check.throwsWith(MPIException.class, () -> new Win(ints(1), 1, 0, MPI.INFO_NULL, world), "dispUnit");
            Check.throwsWith(MPIException.class, () -> new Win(ints(1), 1, 1, null, world), "info is null");
            // one rank's refusal is every rank's exception (the ranks agree before MPI_Win_create), never a hang
            Check.throwsWith(MPIException.class, () -> new Win(ints(1), 1, rank == 0 ? 0 : 1, MPI.INFO_NULL, world),
                    rank == 0 ? "dispUnit is 0" : "another rank of comm refused");
            Check.throwsWith(MPIException.class, () -> new Win(rank == size - 1 ? -1 : 8, 1, MPI.INFO_NULL, world,
                    ByteBuffer.allocateDirect(8), Win.FLAVOR_PRIVATE),
                    rank == size - 1 ? "size is -1" : "another rank");
            Check.throwsWith(MPIException.class, () -> new Win(rank == 0 ? null : MPI.INFO_NULL, world),
                    rank == 0 ? "info is null" : "another rank");
            // a base 4 bytes past a 16-byte boundary: refused on the MPICH family, which would write before it
            ByteBuffer skewed = ByteBuffer.allocateDirect(64).position(4).slice().order(ByteOrder.nativeOrder());
            if (MPI.getLibVersion().contains("MPICH")) {
                Check.throwsWith(MPIException.class, () -> new Win(skewed, 16, 4, MPI.INFO_NULL, world),
                        "multiple of 16");
            } else {
                Win w = new Win(skewed, 16, 4, MPI.INFO_NULL, world);
                w.fence(0);
                w.put(IntBuffer.wrap(new int[] {value(rank, 9)}), 1, MPI.INT, right, 1, 1, MPI.INT);
                w.fence(0);
                Check.eq(value(left, 9), skewed.getInt(4), "put into a skewed window");
                w.free();
            }
        });
    }
}
