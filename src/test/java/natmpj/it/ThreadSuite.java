package natmpj.it;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;

import mpi.Intracomm;
import mpi.MPI;
import mpi.Request;
import mpi.Status;
import natmpj.testkit.Cases;
import natmpj.testkit.Check;
import natmpj.testkit.MultiRank;
import natmpj.testkit.Threads;
import natmpj.testkit.Values;

/**
 * MPI_THREAD_MULTIPLE under a real mpirun: several Java threads per rank exchange messages at once, each on its own
 * duplicated communicator and on COMM_WORLD with its own tags (blocking and non-blocking, arrays and direct
 * buffers), while others run collectives on their own duplicates, thousands of rounds, all data verified. Threads
 * allocate as they go, so collections happen while arrays are in MPI's hands (see natmpj.internal.Message).
 * MPI-3's objects too: non-blocking collectives, windows, matched probes and files, each thread on its own.
 */
@MultiRank(jvm = {"", "-XX:+UseShenandoahGC"}, extraJdks = true, extraJdkJvm = "-XX:+UseG1GC")
public final class ThreadSuite {
    /** Rounds per thread at 2 ranks (halved at 4: 4 ranks x 5 threads share 2 cores, and MPI threads spin). */
    static final int THREADS = 4, ROUNDS = 1000, COLLECTIVE_ROUNDS = 400;
    /** Most messages are small (many rounds, quick); every LARGE_EVERY-th is beyond the eager limits of both MPIs. */
    static final int SMALL = 600, LARGE = 40000, LARGE_EVERY = 97;

    public static void main(String[] args) throws Exception {
        Cases.job(args).threadLevel(MPI.THREAD_MULTIPLE).run(ThreadSuite::addCases);
    }

    private static void addCases(Cases cases) {
        int provided = cases.provided();
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.Rank(), size = world.Size();
        int right = (rank + 1) % size, left = (rank + size - 1) % size;
        int rounds = size <= 2 ? ROUNDS : ROUNDS / 2, collectiveRounds = size <= 2 ? COLLECTIVE_ROUNDS
                : COLLECTIVE_ROUNDS / 2;

        cases.add("provides_thread_multiple", () -> {
            Check.eq(MPI.THREAD_MULTIPLE, provided, "provided level");
            Check.eq(MPI.THREAD_MULTIPLE, MPI.Query_thread(), "Query_thread");
            Check.eq(MPI.THREAD_MULTIPLE, MPI.queryThread(), "queryThread");
            Check.isTrue(MPI.Is_thread_main() && MPI.isMainThread(), "the thread that called Init is main");
            AtomicReference<Boolean> other = new AtomicReference<>();
            Thread t = new Thread(() -> other.set(MPI.Is_thread_main()));
            t.start();
            t.join();
            Check.eq(Boolean.FALSE, other.get(), "another thread is not main");
        });
        cases.add("shorter_blocking_receive_leaves_the_rest_untouched", () -> {
            // Under THREAD_MULTIPLE (before JDK 22 with G1) blocking calls stage arrays: only what arrives comes back
            int[] in = new int[6];
            java.util.Arrays.fill(in, -1);
            Status s = world.Sendrecv(new int[] {rank, rank}, 0, 2, MPI.INT, right, 80, in, 0, 6, MPI.INT, left, 80);
            Check.eq(2, s.Get_count(MPI.INT), "count");
            Check.eq("[" + left + ", " + left + ", -1, -1, -1, -1]", java.util.Arrays.toString(in), "received");
            java.util.Arrays.fill(in, -1);
            world.Send(new int[] {rank}, 0, 1, MPI.INT, right, 81);
            world.Recv(in, 0, 6, MPI.INT, left, 81);
            Check.eq("[" + left + ", -1, -1, -1, -1, -1]", java.util.Arrays.toString(in), "Recv");
        });
        cases.add("threads_exchange_concurrently", () -> {
            Intracomm[] comms = dups(world, THREADS);
            Threads.inThreads("exchanger", THREADS, id -> exchange(world, comms[id], rank, right, left, id, rounds));
            for (Intracomm c : comms) c.Free();
        });
        cases.add("collectives_on_duplicated_communicators", () -> {
            Intracomm[] comms = dups(world, THREADS);
            Threads.inThreads("collective", THREADS, id -> collectives(comms[id], rank, size, id, collectiveRounds));
            for (Intracomm c : comms) c.Free();
        });
        cases.add("non_blocking_collectives_from_threads", () -> {
            // each thread keeps two non-blocking collectives pending on its own communicator, arrays and direct
            // buffers alternating, while the others do the same and allocate
            Intracomm[] comms = dups(world, THREADS);
            int nbRounds = Math.max(20, collectiveRounds / 4);
            Threads.inThreads("nonblocking", THREADS, id -> {
                Intracomm c = comms[id];
                List<long[]> junk = new ArrayList<>();
                for (int round = 0; round < nbRounds; round++) {
                    int n = 1 + (round * 31 + id) % 2000;
                    boolean direct = (round + id) % 2 == 0;
                    java.nio.IntBuffer in = direct ? MPI.newIntBuffer(n) : java.nio.IntBuffer.wrap(new int[n]);
                    java.nio.IntBuffer out = direct ? java.nio.IntBuffer.wrap(new int[n]) : MPI.newIntBuffer(n);
                    for (int i = 0; i < n; i++) in.put(i, rank + id + round + i);
                    java.nio.IntBuffer all = MPI.newIntBuffer(size);
                    mpi.Request[] pending = {
                        c.iAllReduce(in, out, n, MPI.INT, MPI.SUM),
                        c.iAllGather(java.nio.IntBuffer.wrap(new int[] {rank * 7 + id}), 1, MPI.INT, all, 1, MPI.INT),
                    };
                    junk.add(new long[1 + round % 512]);
                    if (junk.size() > 64) junk.clear();
                    mpi.Request.waitAll(pending);
                    int expect0 = size * (size - 1) / 2 + size * (id + round);
                    Check.eq(expect0, out.get(0), "thread " + id + " round " + round + " iAllReduce [0]");
                    Check.eq(expect0 + size * (n - 1), out.get(n - 1), "iAllReduce [n-1]");
                    for (int j = 0; j < size; j++) Check.eq(j * 7 + id, all.get(j), "iAllGather [" + j + "]");
                }
            });
            for (Intracomm c : comms) c.Free();
        });
        cases.add("windows_files_and_matched_probes_from_threads", () -> {
            // MPI-3 objects from several threads at once, each thread on its own communicator: windows (fence
            // epochs: put to the right neighbour, get back), matched probes (mProbe + mRecv, imProbe + imRecv) and
            // a file (each rank its own block, explicit offsets, blocking and non-blocking), all data checked
            Intracomm[] comms = dups(world, THREADS);
            byte[] path = new byte[4096];
            if (rank == 0) {
                byte[] p = java.nio.file.Files.createTempDirectory("natmpj-threads-").toString().getBytes("UTF-8");
                System.arraycopy(p, 0, path, 0, p.length);
            }
            world.Bcast(path, 0, path.length, MPI.BYTE, 0);
            int length = 0;
            while (path[length] != 0) length++;
            java.nio.file.Path dir = java.nio.file.Paths.get(new String(path, 0, length, "UTF-8"));
            int mpi3Rounds = Math.max(20, collectiveRounds / 4);
            Threads.inThreads("mpi3", THREADS, id -> {
                Intracomm c = comms[id];
                if (id % 3 == 0) windowRounds(c, rank, size, right, left, id, mpi3Rounds);
                else if (id % 3 == 1) matchedProbeRounds(c, rank, right, left, id, mpi3Rounds);
                else fileRounds(c, rank, dir.resolve("thread-" + id).toString(), id, mpi3Rounds);
            });
            for (Intracomm c : comms) c.Free();
            world.Barrier();
            if (rank == 0) {
                try (java.util.stream.Stream<java.nio.file.Path> files = java.nio.file.Files.list(dir)) {
                    for (java.nio.file.Path f : (Iterable<java.nio.file.Path>) files::iterator) {
                        java.nio.file.Files.delete(f);
                    }
                }
                java.nio.file.Files.delete(dir);
            }
        });
        cases.add("exchanges_and_collectives_at_once", () -> {
            Intracomm[] comms = dups(world, THREADS);
            Threads.inThreads("mixed", THREADS, id -> {
                if (id % 2 == 0) exchange(world, comms[id], rank, right, left, id, rounds / 8);
                else collectives(comms[id], rank, size, id, collectiveRounds / 4);
            });
            for (Intracomm c : comms) c.Free();
        });
    }

    private static int mark(int round, int rank, int id, int i) {
        return round * 1_000_000 + rank * 10_000 + id * 1000 + i;
    }

    /** Each round: put 64 ints into the right neighbour's window, check the left one's, get them back. */
    static void windowRounds(Intracomm c, int rank, int size, int right, int left, int id, int rounds) {
        int n = 64;
        java.nio.IntBuffer memory = MPI.newIntBuffer(size * n);
        mpi.Win win = new mpi.Win(memory, size * n, 1, MPI.INFO_NULL, c);
        for (int round = 0; round < rounds; round++) {
            int[] origin = new int[n], back = new int[n];
            for (int i = 0; i < n; i++) origin[i] = mark(round, rank, id, i);
            boolean direct = round % 2 == 0;
            java.nio.IntBuffer out = direct ? MPI.newIntBuffer(n).put(origin) : java.nio.IntBuffer.wrap(origin);
            win.fence(0);
            win.put(out, n, MPI.INT, right, rank * n, n, MPI.INT);
            win.fence(0);
            for (int i = 0; i < n; i++) {
                Check.eq(mark(round, left, id, i), memory.get(left * n + i), "window thread " + id + " round " + round);
            }
            win.get(java.nio.IntBuffer.wrap(back), n, MPI.INT, right, rank * n, n, MPI.INT);
            win.fence(0);
            Check.eq(java.util.Arrays.toString(origin), java.util.Arrays.toString(back), "get, round " + round);
        }
        win.free();
    }

    /** Each round: a message to the right neighbour, received from the left one by a matched probe. */
    static void matchedProbeRounds(Intracomm c, int rank, int right, int left, int id, int rounds) {
        for (int round = 0; round < rounds; round++) {
            int n = 1 + (round * 53) % (round % 11 == 0 ? LARGE : SMALL), tag = round % 5;
            int[] out = new int[n];
            for (int i = 0; i < n; i++) out[i] = mark(round, rank, id, i);
            Request send = c.iSend(java.nio.IntBuffer.wrap(out), n, MPI.INT, right, tag);
            mpi.Message m = new mpi.Message();
            Status probed;
            if (round % 2 == 0) {
                probed = m.mProbe(left, tag, c);
            } else {
                while ((probed = m.imProbe(MPI.ANY_SOURCE, tag, c)) == null) Thread.onSpinWait();
            }
            Check.eq(left, probed.getSource(), "probed source");
            int count = probed.getCount(MPI.INT);
            Check.eq(n, count, "probed count, round " + round);
            int[] in = new int[count];
            if (round % 3 == 0) {
                m.imRecv(java.nio.IntBuffer.wrap(in), count, MPI.INT).waitFor();
            } else {
                m.mRecv(in, count, MPI.INT);
            }
            Check.isTrue(m.isNull(), "the message is received");
            send.waitFor();
            for (int i = 0; i < count; i += 1 + count / 50) {
                Check.eq(mark(round, left, id, i), in[i], "mRecv round " + round + " [" + i + "]");
            }
        }
    }

    /**
     * Each round: this rank writes its block of the thread's file and reads it back (blocking, non-blocking).
     * Not non-blocking under Open MPI's OMPIO: its progress engine walks its list of pending file requests without
     * a lock, so another thread's MPI call crashed in it (mca_common_ompio_progress, Open MPI 4.1.4) while a request
     * completed; Open MPI documents file operations as not THREAD_MULTIPLE-safe (docs/threads.md).
     */
    static void fileRounds(Intracomm c, int rank, String name, int id, int rounds) {
        int n = 256;
        boolean nonBlocking = !ompio();
        mpi.File f = new mpi.File(c, name, MPI.MODE_CREATE | MPI.MODE_RDWR);
        for (int round = 0; round < rounds; round++) {
            int[] out = new int[n], in = new int[n];
            for (int i = 0; i < n; i++) out[i] = mark(round, rank, id, i);
            long offset = ((long) round % 8 * c.getSize() + rank) * n * 4;
            if (round % 2 == 0 || !nonBlocking) {
                f.writeAt(offset, out, n, MPI.INT);
                f.readAt(offset, in, n, MPI.INT);
            } else {
                f.iWriteAt(offset, java.nio.IntBuffer.wrap(out), n, MPI.INT).waitFor();
                f.iReadAt(offset, java.nio.IntBuffer.wrap(in), n, MPI.INT).waitFor();
            }
            Check.eq(java.util.Arrays.toString(out), java.util.Arrays.toString(in), "file round " + round);
        }
        f.close();
    }

    /** Whether files go through Open MPI's OMPIO: Open MPI, unless its ROMIO is chosen (OMPI_MCA_io). */
    static boolean ompio() {
        String io = System.getenv("OMPI_MCA_io");
        return MPI.Get_library_version().startsWith("Open MPI") && (io == null || !io.contains("romio"));
    }

    /** n duplicates of comm (collective: called by the main thread of every rank in the same order). */
    static Intracomm[] dups(Intracomm comm, int n) {
        Intracomm[] comms = new Intracomm[n];
        for (int i = 0; i < n; i++) comms[i] = (Intracomm) comm.clone();
        return comms;
    }

    /**
     * Thread id sends to thread id of the right neighbour and receives from the left one's, on its own communicator
     * or on COMM_WORLD with its own tags, cycling through the kinds of call; every round allocates garbage. The
     * receive buffer has a guard element on each side, which must stay untouched.
     */
    static void exchange(Intracomm world, Intracomm own, int rank, int right, int left, int id, int rounds) {
        List<long[]> junk = new ArrayList<>();
        int mine = 100 + id;
        for (int round = 0; round < rounds; round++) {
            int n = round % LARGE_EVERY == LARGE_EVERY - 1 ? LARGE : 1 + (round * 131 + id * 17) % SMALL;
            long seed = round * 10L + id + rank * 100000L, leftSeed = round * 10L + id + left * 100000L;
            String what = "round " + round + " (" + n + " ints)";
            int kind = round % 5;
            if (kind < 3) { // Java arrays
                int[] out = new int[n];
                Values.fill("INT", out, 0, n, seed);
                int[] in = new int[n + 2];
                in[0] = -7;
                in[n + 1] = -9;
                if (kind == 0) {
                    Request s = own.Isend(out, 0, n, MPI.INT, right, 1);
                    own.Recv(in, 1, n, MPI.INT, left, 1);
                    s.Wait();
                } else if (kind == 1) {
                    own.Sendrecv(out, 0, n, MPI.INT, right, 2, in, 1, n, MPI.INT, left, 2);
                } else {
                    Request r = world.Irecv(in, 1, n, MPI.INT, left, mine);
                    world.Send(out, 0, n, MPI.INT, right, mine);
                    r.Wait();
                }
                Values.expect("INT", in, 1, n + 1, leftSeed, "kind " + kind + " " + what);
                Check.isTrue(in[0] == -7 && in[n + 1] == -9, "kind " + kind + " guards " + what);
            } else { // direct buffers
                ByteBuffer out = Values.direct("INT", n), in = Values.direct("INT", n);
                Values.fill("INT", out, 0, n, seed);
                if (kind == 3) {
                    Request[] both = {world.Irecv(in, 0, n, MPI.INT, left, mine + THREADS),
                            world.Isend(out, 0, n, MPI.INT, right, mine + THREADS)};
                    Request.Waitall(both);
                } else {
                    own.Sendrecv(out, 0, n, MPI.INT, right, 3, in, 0, n, MPI.INT, left, 3);
                }
                Values.expect("INT", in, 0, n, leftSeed, "kind " + kind + " " + what);
            }
            for (int k = 0; k < 8; k++) junk.add(new long[2000]);
            if (junk.size() > 400) junk.clear();
        }
    }

    /** A sequence of collectives on comm, on direct buffers and arrays, each result computed independently. */
    static void collectives(Intracomm comm, int rank, int size, int id, int rounds) {
        ByteBuffer in = Values.direct("LONG", 64), out = Values.direct("LONG", 64);
        long[] gathered = new long[size];
        for (int round = 0; round < rounds; round++) {
            for (int i = 0; i < 64; i++) in.putLong(8 * i, (long) rank * round + i + id);
            comm.Allreduce(in, 0, out, 0, 64, MPI.LONG, MPI.SUM);
            long expected = (long) round * size * (size - 1) / 2 + (long) size * (5 + id);
            Check.eq(expected, out.getLong(8 * 5), "thread " + id + " allreduce round " + round);
            int root = round % size;
            if (rank == root) out.putLong(0, round * 1000L + id);
            comm.Bcast(out, 0, 1, MPI.LONG, root);
            Check.eq(round * 1000L + id, out.getLong(0), "thread " + id + " bcast round " + round);
            long[] mine = {rank * 7L + round + id};
            comm.Allgather(mine, 0, 1, MPI.LONG, gathered, 0, 1, MPI.LONG);
            for (int r = 0; r < size; r++) {
                Check.eq(r * 7L + round + id, gathered[r], "thread " + id + " allgather round " + round + " from " + r);
            }
        }
    }
}
