// compat: np=2,4
// Several threads per rank calling MPI at once (THREAD_MULTIPLE, then queryThread):
// each thread exchanges int[] messages (Isend + Recv + Wait) and MPI.OBJECT messages (Send + Recv with ANY_SOURCE)
// with the rank's partner on a communicator of its own, duplicated by the main thread beforehand, while one more
// thread does the same on COMM_WORLD with tags of its own. Every message is checked; each thread prints a checksum
// of what it received, the main thread prints after joining them all.
// MPJ Express 0.44's initThread is a stub (it returns null and initializes nothing) and its Init always allows
// threads (queryThread is THREAD_MULTIPLE), so on MPJ Express the program calls Init; natmpj's Init gives
// THREAD_SINGLE, as mpiJava's, so there it calls initThread.
import java.util.ArrayList;
import java.util.List;

import mpi.*;

public class Threaded {
    static final int THREADS = 3, ROUNDS = 200;
    static int rank;

    static void p(String s) {
        byte[] b = (rank + ": " + s + "\n").getBytes(java.nio.charset.StandardCharsets.UTF_8);
        System.out.write(b, 0, b.length); // one write(2) per line: lines of different ranks never mix
        System.out.flush();
    }

    /** THREADS threads on their own communicators, thread THREADS on COMM_WORLD with tags 100 + round % 7. */
    static long exchange(Intracomm comm, int t, int partner, boolean world) throws MPIException {
        long sum = 0;
        for (int r = 0; r < ROUNDS; r++) {
            int tag = world ? 100 + r % 7 : r % 7;
            int[] out = {rank, t, r}, in = new int[3];
            Request send = comm.Isend(out, 0, 3, MPI.INT, partner, tag);
            comm.Recv(in, 0, 3, MPI.INT, partner, tag);
            send.Wait();
            if (in[0] != partner || in[1] != t || in[2] != r) {
                throw new IllegalStateException("thread " + t + " round " + r + ": got "
                        + java.util.Arrays.toString(in));
            }
            sum += in[0] * 1000003L + in[1] * 1009L + in[2];
            if (r % 10 == 0) {
                Object[] o = {"t" + t + "r" + r + "from" + rank}, back = new Object[1];
                if (rank < partner) {
                    comm.Send(o, 0, 1, MPI.OBJECT, partner, tag);
                    comm.Recv(back, 0, 1, MPI.OBJECT, MPI.ANY_SOURCE, tag);
                } else {
                    comm.Recv(back, 0, 1, MPI.OBJECT, MPI.ANY_SOURCE, tag);
                    comm.Send(o, 0, 1, MPI.OBJECT, partner, tag);
                }
                String want = "t" + t + "r" + r + "from" + partner;
                if (!want.equals(back[0])) {
                    throw new IllegalStateException("thread " + t + " round " + r + ": got " + back[0]);
                }
                sum += back[0].hashCode();
            }
        }
        return sum;
    }

    static boolean onMpjExpress() {
        try {
            Class.forName("mpjdev.Constants");
            return true;
        } catch (ClassNotFoundException e) {
            return false;
        }
    }

    public static void main(String[] args) throws Exception {
        args = onMpjExpress() ? MPI.Init(args) : MPI.initThread(MPI.THREAD_MULTIPLE, MPI.THREAD_MULTIPLE, args);
        rank = MPI.COMM_WORLD.Rank();
        int size = MPI.COMM_WORLD.Size();
        p("queryThread is THREAD_MULTIPLE: " + (MPI.queryThread() == MPI.THREAD_MULTIPLE));
        int partner = rank ^ 1;
        if (partner >= size) partner = rank; // an odd rank count: the last rank talks to itself
        Intracomm[] comms = new Intracomm[THREADS];
        for (int t = 0; t < THREADS; t++) comms[t] = (Intracomm) MPI.COMM_WORLD.clone();
        long[] sums = new long[THREADS + 1];
        Throwable[] failures = new Throwable[THREADS + 1];
        List<Thread> threads = new ArrayList<>();
        for (int t = 0; t <= THREADS; t++) {
            final int id = t, peer = partner;
            Thread th = new Thread(() -> {
                try {
                    sums[id] = id < THREADS ? exchange(comms[id], id, peer, false)
                                            : exchange(MPI.COMM_WORLD, id, peer, true);
                } catch (Throwable e) {
                    failures[id] = e;
                }
            });
            threads.add(th);
            th.start();
        }
        for (Thread th : threads) th.join();
        for (int t = 0; t <= THREADS; t++) {
            p("thread " + t + (t == THREADS ? " (COMM_WORLD)" : "") + ": "
                    + (failures[t] == null ? "sum=" + sums[t] : "failed: " + failures[t]));
        }
        MPI.COMM_WORLD.Barrier();
        for (Intracomm c : comms) c.Free();
        p("done");
        MPI.Finalize();
    }
}
