import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import mpi.*;

/** Per-request cost in one rank: Irecv + Isend of 1 B on COMM_SELF, then Wait both; ns per pair. */
public class ReqCost {
    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        boolean direct = args.length > 0 && args[0].equals("direct");
        Object a = direct ? ByteBuffer.allocateDirect(8).order(ByteOrder.nativeOrder()) : new byte[8];
        Object b = direct ? ByteBuffer.allocateDirect(8).order(ByteOrder.nativeOrder()) : new byte[8];
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 12;
        for (int round = 0; round < rounds; round++) {
            long t0 = System.nanoTime();
            run(a, b, 500_000);
            long t = System.nanoTime() - t0;
            if (round >= 6) System.out.printf("%s %.1f ns%n", direct ? "direct" : "array", t / 500_000.0);
        }
        MPI.Finalize();
    }
    static void run(Object a, Object b, int n) throws MPIException {
        for (int i = 0; i < n; i++) {
            Request r = MPI.COMM_SELF.Irecv(b, 0, 1, MPI.BYTE, 0, 1);
            Request s = MPI.COMM_SELF.Isend(a, 0, 1, MPI.BYTE, 0, 1);
            s.Wait();
            r.Wait();
        }
    }
}
