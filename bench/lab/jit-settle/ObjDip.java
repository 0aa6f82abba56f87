import mpi.*;
/** Lab: MPI.OBJECT double[] ping-pong in phases "size:count", printing us per half round trip per 1000-trip batch. */
public class ObjDip {
    static void run(int rank, int peer, Object[] out, Object[] in) throws Exception {
                for (int i = 0; i < 1000; i++) {
                    if (rank == 0) { MPI.COMM_WORLD.Send(out, 0, 1, MPI.OBJECT, peer, 1); MPI.COMM_WORLD.Recv(in, 0, 1, MPI.OBJECT, peer, 1); }
                    else { MPI.COMM_WORLD.Recv(in, 0, 1, MPI.OBJECT, peer, 1); out[0] = in[0]; MPI.COMM_WORLD.Send(out, 0, 1, MPI.OBJECT, peer, 1); }
                }
    }
    public static void main(String[] a) throws Exception {
        MPI.Init(a);
        int rank = MPI.COMM_WORLD.Rank(), peer = 1 - rank;
        Object[] out = new Object[1], in = new Object[1];
        StringBuilder sb = new StringBuilder();
        for (String ph : a) {
            if (!ph.contains(":")) continue;
            int size = Integer.parseInt(ph.split(":")[0]); int n = Integer.parseInt(ph.split(":")[1]);
            out[0] = new double[size / 8];
            System.out.println("PHASE rank" + rank + " " + size); sb.append(size).append(':');
            for (int b = 0; b < n / 1000; b++) {
                long t0 = System.nanoTime();
                run(rank, peer, out, in);
                long t = System.nanoTime() - t0;
                sb.append(String.format(" %.1f", t / 2000.0 / 1000.0));
            }
            sb.append('\n');
        }
        if (rank == 0) System.out.print(sb);
        MPI.Finalize();
    }
}
