import java.lang.management.ManagementFactory;
import java.nio.ByteBuffer;
import mpi.*;

public class AllocProbe {
    static final com.sun.management.ThreadMXBean TM = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    interface Pattern { void run(int n) throws Exception; }
    static int rank, peer;
    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        rank = MPI.COMM_WORLD.Rank(); peer = 1 - rank;
        for (boolean direct : new boolean[] {false, true}) {
            Object a = direct ? ByteBuffer.allocateDirect(64).order(java.nio.ByteOrder.nativeOrder()) : new byte[64];
            Object b = direct ? ByteBuffer.allocateDirect(64).order(java.nio.ByteOrder.nativeOrder()) : new byte[64];
            Object fa = direct ? ByteBuffer.allocateDirect(64).order(java.nio.ByteOrder.nativeOrder()) : new float[16];
            Object fb = direct ? ByteBuffer.allocateDirect(64).order(java.nio.ByteOrder.nativeOrder()) : new float[16];
            String k = direct ? "direct" : "array";
            measure("pingpong " + k, n -> { for (int i = 0; i < n; i++) { if (rank == 0) { MPI.COMM_WORLD.Send(a, 0, 8, MPI.BYTE, peer, 1); MPI.COMM_WORLD.Recv(b, 0, 8, MPI.BYTE, peer, 1); } else { MPI.COMM_WORLD.Recv(b, 0, 8, MPI.BYTE, peer, 1); MPI.COMM_WORLD.Send(a, 0, 8, MPI.BYTE, peer, 1); } } });
            measure("pingpong-source " + k, n -> { int s = 0; for (int i = 0; i < n; i++) { if (rank == 0) { MPI.COMM_WORLD.Send(a, 0, 8, MPI.BYTE, peer, 1); s += MPI.COMM_WORLD.Recv(b, 0, 8, MPI.BYTE, MPI.ANY_SOURCE, 1).source; } else { s += MPI.COMM_WORLD.Recv(b, 0, 8, MPI.BYTE, peer, 1).tag; MPI.COMM_WORLD.Send(a, 0, 8, MPI.BYTE, peer, 1); } } if (s == 42) System.out.print(""); });
            measure("sendrecv " + k, n -> { for (int i = 0; i < n; i++) MPI.COMM_WORLD.Sendrecv(a, 0, 8, MPI.BYTE, peer, 2, b, 0, 8, MPI.BYTE, peer, 2); });
            measure("sendrecv_replace " + k, n -> { for (int i = 0; i < n; i++) MPI.COMM_WORLD.Sendrecv_replace(a, 0, 8, MPI.BYTE, peer, 3, peer, 3); });
            measure("bcast " + k, n -> { for (int i = 0; i < n; i++) MPI.COMM_WORLD.Bcast(a, 0, 8, MPI.BYTE, 0); });
            measure("allreduce " + k, n -> { for (int i = 0; i < n; i++) MPI.COMM_WORLD.Allreduce(fa, 0, fb, 0, 2, MPI.FLOAT, MPI.SUM); });
            measure("barrier " + k, n -> { for (int i = 0; i < n; i++) MPI.COMM_WORLD.Barrier(); });
            measure("iprobe " + k, n -> { for (int i = 0; i < n; i++) MPI.COMM_WORLD.Iprobe(peer, 99); });
            measure("isend-irecv-wait " + k, n -> { for (int i = 0; i < n; i++) { Request r = MPI.COMM_WORLD.Irecv(b, 0, 8, MPI.BYTE, peer, 4); Request s = MPI.COMM_WORLD.Isend(a, 0, 8, MPI.BYTE, peer, 4); s.Wait(); r.Wait(); } });
        }
        MPI.Finalize();
    }
    static String only = System.getProperty("only", "");
    static void measure(String name, Pattern p) throws Exception {
        if (!name.contains(only)) return;
        int batch = 20000;
        StringBuilder sb = new StringBuilder();
        for (int round = 0; round < 25; round++) {
            long t = Thread.currentThread().getId();
            long before = TM.getThreadAllocatedBytes(t);
            p.run(batch);
            long bytes = TM.getThreadAllocatedBytes(t) - before;
            if (round % 3 == 0 || round == 24) sb.append(String.format(" %.1f", bytes / (double) batch));
        }
        if (rank == 0) System.out.println(name + ":" + sb);
    }
}
