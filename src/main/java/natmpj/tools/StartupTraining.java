package natmpj.tools;

import java.nio.ByteBuffer;

import mpi.Datatype;
import mpi.Intracomm;
import mpi.MPI;
import mpi.Request;
import mpi.Status;

/**
 * The training run of natmpj's ahead-of-time cache (bin/natmpj-aot, JDK 25's -XX:AOTCacheOutput): what a program's
 * first seconds do, so that the cache holds natmpj's classes loaded and linked and the profiles of its hot paths:
 * Init, the communicator's shape, point-to-point on Java arrays and direct buffers (blocking, non-blocking,
 * Sendrecv, Probe), every common collective on arrays and on MPI.OBJECT, a derived type, Wtime, Finalize. Runs
 * on any number of ranks (bin/natmpj-aot uses 2, so that the collectives take the paths of a real communicator;
 * messages go to the rank itself on COMM_SELF); in natmpj.jar so that the cache's
 * class path is natmpj.jar alone, which every program's class path begins with under mpjrun and natmpj-java.
 */
public final class StartupTraining {
    private StartupTraining() {}

    public static void main(String[] args) throws Exception {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 2000;
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD, self = MPI.COMM_SELF;
        int rank = world.Rank(), size = world.Size();
        double[] d = new double[1024], dd = new double[1024];
        int[] i = new int[256], ii = new int[256 * size], iii = new int[256 * size];
        long[] l = new long[64], ll = new long[64];
        byte[] b = new byte[65536], bb = new byte[65536];
        ByteBuffer direct = MPI.newByteBuffer(65536), direct2 = MPI.newByteBuffer(65536);
        Object[] o = {"natmpj", new double[] {rank}}, oo = new Object[2 * size];
        Datatype pair = Datatype.Vector(2, 1, 2, MPI.DOUBLE);
        pair.Commit();
        double sink = 0;
        for (int r = 0; r < rounds; r++) {
            int n = 1 + r % 1024;
            Request recv = self.Irecv(bb, 0, n, MPI.BYTE, 0, 1);
            self.Send(b, 0, n, MPI.BYTE, 0, 1);
            recv.Wait();
            Request send = self.Isend(direct, 0, n, MPI.BYTE, 0, 2);
            Status status = self.Recv(direct2, 0, n, MPI.BYTE, 0, 2);
            send.Wait();
            sink += status.Get_count(MPI.BYTE);
            self.Sendrecv(d, 0, 8, MPI.DOUBLE, 0, 3, dd, 0, 8, MPI.DOUBLE, 0, 3);
            Request s2 = self.Isend(i, 0, 4, MPI.INT, 0, 4);
            self.Probe(0, 4).Get_count(MPI.INT);
            self.Recv(ii, 0, 4, MPI.INT, 0, 4);
            s2.Wait();
            if (r % 8 == 0) {
                world.Allreduce(d, 0, dd, 0, 1024, MPI.DOUBLE, MPI.SUM);
                world.Bcast(l, 0, 64, MPI.LONG, 0);
                world.Allreduce(l, 0, ll, 0, 1, MPI.LONG, MPI.SUM);
                world.Bcast(d, 0, 1, MPI.DOUBLE, 0);
                world.Reduce(l, 0, ll, 0, 64, MPI.LONG, MPI.MAX, 0);
                world.Allgather(i, 0, 256, MPI.INT, ii, 0, 256, MPI.INT);
                world.Alltoall(ii, 0, 256, MPI.INT, iii, 0, 256, MPI.INT);
                world.Gather(d, 0, 4, MPI.DOUBLE, dd, 0, 4, MPI.DOUBLE, 0);
                world.Scatter(dd, 0, 4, MPI.DOUBLE, d, 0, 4, MPI.DOUBLE, 0);
                world.Bcast(direct, 0, 64, MPI.BYTE, 0);
                world.Send(d, 0, 1, pair, rank, 5);
                world.Recv(dd, 0, 1, pair, rank, 5);
                world.Barrier();
            }
            if (r % 64 == 0) {
                world.Bcast(o, 0, 2, MPI.OBJECT, 0);
                world.Allgather(o, 0, 2, MPI.OBJECT, oo, 0, 2, MPI.OBJECT);
                self.Send(o, 0, 2, MPI.OBJECT, 0, 6);
                self.Recv(oo, 0, 2, MPI.OBJECT, 0, 6);
            }
            sink += MPI.Wtime();
        }
        pair.Free();
        MPI.Finalize();
        if (sink == -1) System.out.println(sink);
    }
}
