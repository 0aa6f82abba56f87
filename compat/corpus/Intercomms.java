// compat: np=2,4
// Intercommunicators: even and odd ranks form two groups joined by Create_intercomm (leaders: world ranks 0 and
// 1; mpiJava calls it on the peer communicator); Size/Rank (local), Remote_size, Remote_group (as world ranks), Test_inter, point-to-point across (rank i
// of one group with rank i of the other), Merge with either group first, and Compare of two intercomms.
import java.util.Arrays;

import mpi.*;

public class Intercomms {
    static int rank, size;

    static void p(String s) {
        byte[] b = (rank + ": " + s + "\n").getBytes(java.nio.charset.StandardCharsets.UTF_8);
        System.out.write(b, 0, b.length); // one write(2) per line: lines of different ranks never mix
        System.out.flush();
    }

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm w = MPI.COMM_WORLD;
        rank = w.Rank();
        size = w.Size();
        int color = rank % 2;
        Intracomm local = w.Split(color, rank);
        Intercomm inter = w.Create_intercomm(local, 0, 1 - color, 77); // called on the peer communicator
        p("intercomm: size=" + inter.Size() + " rank=" + inter.Rank() + " remote size=" + inter.Remote_size()
                + " Test_inter=" + inter.Test_inter());
        Group remote = inter.Remote_group();
        int[] ranks = new int[remote.Size()];
        for (int i = 0; i < ranks.length; i++) {
            ranks[i] = i;
        }
        p("Remote_group as world ranks: " + Arrays.toString(Group.Translate_ranks(remote, ranks, w.Group())));

        // Rank i of each group exchanges with rank i of the other
        int me = inter.Rank();
        int[] in = new int[2];
        Status s = inter.Sendrecv(new int[] {rank, me}, 0, 2, MPI.INT, me, 3, in, 0, 2, MPI.INT, me, 3);
        p("Sendrecv across: " + Arrays.toString(in) + " source=" + s.source + " tag=" + s.tag);
        if (color == 0) {
            inter.Send(new double[] {rank + 0.5}, 0, 1, MPI.DOUBLE, 0, 4);
        } else if (me == 0) {
            double[] d = new double[1];
            for (int i = 0; i < inter.Remote_size(); i++) {
                s = inter.Recv(d, 0, 1, MPI.DOUBLE, MPI.ANY_SOURCE, 4);
                in[0] = s.source;
            }
            p("received from every remote rank, last source within the remote group < " + inter.Remote_size()
                    + ": " + (in[0] < inter.Remote_size()));
        }

        Intracomm low = inter.Merge(color == 1); // even ranks first
        Intracomm high = inter.Merge(color == 0); // odd ranks first
        int[] order = new int[size];
        low.Allgather(new int[] {rank}, 0, 1, MPI.INT, order, 0, 1, MPI.INT);
        p("Merge(evens low): size=" + low.Size() + " order=" + Arrays.toString(order));
        high.Allgather(new int[] {rank}, 0, 1, MPI.INT, order, 0, 1, MPI.INT);
        p("Merge(odds low): size=" + high.Size() + " order=" + Arrays.toString(order));
        p("merged Test_inter: " + low.Test_inter());

        Intercomm again = (Intercomm) inter.clone();
        int c = Comm.Compare(inter, again);
        p("Compare(intercomm, clone): " + (c == MPI.CONGRUENT ? "CONGRUENT" : c == MPI.IDENT ? "IDENT" : "" + c));
        w.Barrier();
        MPI.Finalize();
    }
}
