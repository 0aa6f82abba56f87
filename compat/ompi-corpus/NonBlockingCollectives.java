// compat: np=2,4
// Non-blocking collectives and neighbourhood collectives in Open MPI's Java API, on direct buffers (Open MPI's
// bindings refuse heap buffers in non-blocking calls): iBarrier, iBcast, iReduce, iAllReduce, iReduceScatter(Block),
// iScan, iExScan, iGather(v), iScatter(v), iAllGather(v), iAllToAll(v), their in-place forms, several requests
// completed by one waitAll, testAll polling, and the blocking and non-blocking neighbourhood collectives on a
// Cartesian line (the ends have MPI.PROC_NULL neighbours), a graph and a distributed graph, with
// getDistGraphNeighbors.
import java.nio.*;
import java.util.*;

import mpi.*;

public class NonBlockingCollectives {
    static int rank, size;

    static void p(String s) {
        byte[] b = (rank + ": " + s + "\n").getBytes(java.nio.charset.StandardCharsets.UTF_8);
        System.out.write(b, 0, b.length); // one write(2) per line: lines of different ranks never mix
        System.out.flush();
    }

    static IntBuffer ints(int n, int base) {
        IntBuffer b = MPI.newIntBuffer(n);
        for (int i = 0; i < n; i++) b.put(i, base + i);
        return b;
    }

    static String str(IntBuffer b) {
        int[] a = new int[b.capacity()];
        for (int i = 0; i < a.length; i++) a[i] = b.get(i);
        return Arrays.toString(a);
    }

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm w = MPI.COMM_WORLD;
        rank = w.getRank();
        size = w.getSize();

        w.iBarrier().waitFor();
        p("iBarrier: done");

        IntBuffer bc = rank == 1 ? ints(4, 40) : ints(4, -9);
        Request r = w.iBcast(bc, 4, MPI.INT, 1);
        r.waitFor();
        p("iBcast: " + str(bc) + " null " + r.isNull());

        IntBuffer red = ints(3, -1);
        w.iReduce(ints(3, rank * 10), red, 3, MPI.INT, MPI.SUM, 0).waitFor();
        p("iReduce: " + (rank == 0 ? str(red) : "not root"));
        IntBuffer redIn = ints(3, rank);
        w.iReduce(redIn, 3, MPI.INT, MPI.MAX, size - 1).waitFor();
        p("iReduce in place: " + str(redIn));

        IntBuffer all = MPI.newIntBuffer(3);
        w.iAllReduce(ints(3, rank), all, 3, MPI.INT, MPI.PROD).waitFor();
        p("iAllReduce: " + str(all));
        IntBuffer allIn = ints(2, rank + 1);
        w.iAllReduce(allIn, 2, MPI.INT, MPI.MIN).waitFor();
        p("iAllReduce in place: " + str(allIn));

        IntBuffer scan = MPI.newIntBuffer(2), ex = ints(2, -5);
        w.iScan(ints(2, rank + 1), scan, 2, MPI.INT, MPI.SUM).waitFor();
        w.iExScan(ints(2, rank + 1), ex, 2, MPI.INT, MPI.SUM).waitFor();
        p("iScan: " + str(scan) + " iExScan: " + (rank == 0 ? "undefined at rank 0" : str(ex)));

        int[] counts = new int[size];
        int total = 0;
        for (int i = 0; i < size; i++) total += counts[i] = i + 1;
        IntBuffer rs = MPI.newIntBuffer(counts[rank]);
        w.iReduceScatter(ints(total, rank), rs, counts, MPI.INT, MPI.SUM).waitFor();
        p("iReduceScatter: " + str(rs));
        IntBuffer rsb = MPI.newIntBuffer(2);
        w.iReduceScatterBlock(ints(2 * size, rank), rsb, 2, MPI.INT, MPI.SUM).waitFor();
        p("iReduceScatterBlock: " + str(rsb));

        IntBuffer g = ints(2 * size, -1);
        w.iGather(ints(2, 10 * rank), 2, MPI.INT, g, 2, MPI.INT, 0).waitFor();
        p("iGather: " + (rank == 0 ? str(g) : "not root"));
        int[] displs = new int[size];
        for (int i = 0; i < size; i++) displs[i] = 2 * i * i;
        int span = displs[size - 1] + counts[size - 1];
        IntBuffer gv = ints(span, -100);
        if (rank == 0) w.iGatherv(ints(1, 7), 1, MPI.INT, gv, counts, displs, MPI.INT, 0).waitFor();
        else w.iGatherv(ints(rank + 1, 7 * rank), rank + 1, MPI.INT, 0).waitFor();
        p("iGatherv: " + (rank == 0 ? str(gv) : "sent"));

        IntBuffer sc = MPI.newIntBuffer(2);
        w.iScatter(ints(2 * size, 100), 2, MPI.INT, sc, 2, MPI.INT, size - 1).waitFor();
        p("iScatter: " + str(sc));
        IntBuffer sv = ints(rank + 1, -3);
        if (rank == 0) w.iScatterv(ints(span, 500), counts, displs, MPI.INT, sv, 1, MPI.INT, 0).waitFor();
        else w.iScatterv(sv, rank + 1, MPI.INT, 0).waitFor();
        p("iScatterv: " + str(sv));

        IntBuffer ag = MPI.newIntBuffer(2 * size);
        w.iAllGather(ints(2, 3 * rank), 2, MPI.INT, ag, 2, MPI.INT).waitFor();
        p("iAllGather: " + str(ag));
        IntBuffer agv = ints(span, -2);
        w.iAllGatherv(ints(rank + 1, 11 * rank), rank + 1, MPI.INT, agv, counts, displs, MPI.INT).waitFor();
        p("iAllGatherv: " + str(agv));

        IntBuffer a2a = MPI.newIntBuffer(size);
        w.iAllToAll(ints(size, 100 * rank), 1, MPI.INT, a2a, 1, MPI.INT).waitFor();
        p("iAllToAll: " + str(a2a));
        int[] ones = new int[size], seq = new int[size];
        for (int i = 0; i < size; i++) {
            ones[i] = 1;
            seq[i] = size - 1 - i;
        }
        IntBuffer a2av = MPI.newIntBuffer(size);
        w.iAllToAllv(ints(size, 100 * rank), ones, seq, MPI.INT, a2av, ones, seq, MPI.INT).waitFor();
        p("iAllToAllv: " + str(a2av));

        IntBuffer x = MPI.newIntBuffer(4), y = rank == 0 ? ints(4, 77) : MPI.newIntBuffer(4);
        Request[] several = {w.iAllReduce(ints(4, rank), x, 4, MPI.INT, MPI.SUM), w.iBcast(y, 4, MPI.INT, 0),
            w.iBarrier()};
        while (!Request.testAll(several)) Thread.yield();
        p("testAll: " + str(x) + " " + str(y));

        // neighbourhood collectives on a line: the ends' missing neighbours are MPI.PROC_NULL
        CartComm line = w.createCart(new int[] {size}, new boolean[] {false}, false);
        IntBuffer nb = ints(4, -1);
        line.neighborAllGather(ints(2, 10 * rank), 2, MPI.INT, nb, 2, MPI.INT);
        p("cart neighborAllGather: " + str(nb));
        IntBuffer nb2 = ints(4, -1);
        line.iNeighborAllGather(ints(2, 10 * rank), 2, MPI.INT, nb2, 2, MPI.INT).waitFor();
        p("cart iNeighborAllGather: " + str(nb2));
        IntBuffer na = ints(2, -1);
        line.neighborAllToAll(ints(2, 100 * rank), 1, MPI.INT, na, 1, MPI.INT);
        p("cart neighborAllToAll: " + str(na));
        IntBuffer na2 = ints(2, -1);
        line.iNeighborAllToAll(ints(2, 100 * rank), 1, MPI.INT, na2, 1, MPI.INT).waitFor();
        p("cart iNeighborAllToAll: " + str(na2));
        IntBuffer nv = ints(3, -1);
        line.neighborAllGatherv(ints(1, 5 * rank), 1, MPI.INT, nv, new int[] {1, 1}, new int[] {2, 0}, MPI.INT);
        p("cart neighborAllGatherv: " + str(nv));
        IntBuffer nav = ints(2, -1);
        line.iNeighborAllToAllv(ints(2, 100 * rank), new int[] {1, 1}, new int[] {0, 1}, MPI.INT, nav,
                new int[] {1, 1}, new int[] {1, 0}, MPI.INT).waitFor();
        p("cart iNeighborAllToAllv: " + str(nav));

        // a graph: every rank linked to rank 0 (a star); rank 0 to all others
        int[] index = new int[size];
        int[] edges = new int[2 * (size - 1)];
        int e = 0;
        for (int i = 1; i < size; i++) edges[e++] = i;
        index[0] = size - 1;
        for (int i = 1; i < size; i++) {
            edges[e++] = 0;
            index[i] = index[i - 1] + 1;
        }
        GraphComm star = w.createGraph(index, edges, false);
        int degree = rank == 0 ? size - 1 : 1;
        IntBuffer sg = ints(degree, -1);
        star.neighborAllGather(ints(1, 9 * rank + 1), 1, MPI.INT, sg, 1, MPI.INT);
        p("graph neighborAllGather: " + str(sg));

        // a distributed graph: each rank sends to the next one (a chain), weighted by the rank
        int next = rank + 1 < size ? rank + 1 : -1;
        GraphComm chain = next >= 0
                ? w.createDistGraph(new int[] {rank}, new int[] {1}, new int[] {next}, new int[] {rank + 1},
                        MPI.INFO_NULL, false)
                : w.createDistGraph(new int[0], new int[0], new int[0], new int[0], MPI.INFO_NULL, false);
        DistGraphNeighbors dn = chain.getDistGraphNeighbors();
        p("dist graph: in " + dn.getInDegree() + " out " + dn.getOutDegree() + " weighted " + dn.isWeighted()
                + (dn.getInDegree() > 0 ? " source " + dn.getSource(0) + " weight " + dn.getSourceWeight(0) : ""));
        IntBuffer dg = ints(dn.getInDegree(), -1);
        chain.iNeighborAllGather(ints(1, 1000 + rank), 1, MPI.INT, dg, 1, MPI.INT).waitFor();
        p("dist graph iNeighborAllGather: " + str(dg));
        GraphComm adj = w.createDistGraphAdjacent(rank > 0 ? new int[] {rank - 1} : new int[0],
                next >= 0 ? new int[] {next} : new int[0], MPI.INFO_NULL, false);
        DistGraphNeighbors an = adj.getDistGraphNeighbors();
        p("dist graph adjacent: in " + an.getInDegree() + " out " + an.getOutDegree() + " weighted "
                + an.isWeighted());
        IntBuffer ad = ints(an.getInDegree(), -1);
        adj.neighborAllToAll(ints(an.getOutDegree(), 50 * rank), 1, MPI.INT, ad, 1, MPI.INT);
        p("dist graph adjacent neighborAllToAll: " + str(ad));

        line.free();
        star.free();
        chain.free();
        adj.free();
        w.barrier();
        MPI.Finalize();
    }
}
