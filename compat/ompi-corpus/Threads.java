// compat: np=2,4
// MPI.InitThread(args, MPI.THREAD_MULTIPLE) in Open MPI's Java API: the level provided (and queryThread), then,
// where THREAD_MULTIPLE is provided, three threads per rank exchanging with the pair partner (rank ^ 1) at the same
// time, each on its own tag, with blocking calls on arrays and non-blocking ones on direct buffers, and a
// communicator per thread (dup) for a collective; isThreadMain in the main thread and in the others.
import java.nio.*;
import java.util.*;

import mpi.*;

public class Threads {
    static int rank;

    static void p(String s) {
        byte[] b = (rank + ": " + s + "\n").getBytes(java.nio.charset.StandardCharsets.UTF_8);
        System.out.write(b, 0, b.length); // one write(2) per line: lines of different ranks never mix
        System.out.flush();
    }

    public static void main(String[] args) throws Exception {
        int provided = MPI.InitThread(args, MPI.THREAD_MULTIPLE);
        Intracomm w = MPI.COMM_WORLD;
        rank = w.getRank();
        int size = w.getSize();
        int peer = rank ^ 1;
        p("provided THREAD_MULTIPLE: " + (provided == MPI.THREAD_MULTIPLE) + ", queryThread agrees: "
                + (MPI.queryThread() == provided) + ", isThreadMain: " + MPI.isThreadMain());
        if (provided != MPI.THREAD_MULTIPLE) {
            MPI.Finalize();
            return;
        }
        final int threads = 3, rounds = 20;
        Intracomm[] comms = new Intracomm[threads];
        for (int t = 0; t < threads; t++) comms[t] = w.dup(); // in the main thread, in the same order everywhere
        String[] results = new String[threads];
        Thread[] ts = new Thread[threads];
        for (int t = 0; t < threads; t++) {
            final int id = t;
            ts[t] = new Thread(() -> {
                try {
                    long sum = 0;
                    int[] out = new int[4], in = new int[4];
                    IntBuffer bout = MPI.newIntBuffer(2), bin = MPI.newIntBuffer(2);
                    for (int k = 0; k < rounds; k++) {
                        for (int i = 0; i < 4; i++) out[i] = rank * 1000 + id * 100 + k + i;
                        w.sendRecv(out, 4, MPI.INT, peer, 10 + id, in, 4, MPI.INT, peer, 10 + id);
                        for (int x : in) sum += x;
                        bout.put(0, k * id).put(1, -rank);
                        Request rr = w.iRecv(bin, 2, MPI.INT, peer, 20 + id);
                        Request sr = w.iSend(bout, 2, MPI.INT, peer, 20 + id);
                        rr.waitFor();
                        sr.waitFor();
                        sum += bin.get(0) + bin.get(1);
                    }
                    int[] total = new int[1];
                    comms[id].allReduce(new int[] {rank + id}, total, 1, MPI.INT, MPI.SUM);
                    results[id] = "thread " + id + ": sum from the peer " + sum + ", allReduce on its dup " + total[0]
                            + ", isThreadMain " + MPI.isThreadMain();
                } catch (MPIException e) {
                    results[id] = "thread " + id + ": " + e;
                }
            });
        }
        for (Thread t : ts) t.start();
        for (Thread t : ts) t.join();
        for (String r : results) p(r);
        for (Intracomm c : comms) c.free();
        w.barrier();
        MPI.Finalize();
    }
}
