// compat: np=2,4
// Collectives on an intercommunicator in Open MPI's Java API: the first quarter of the ranks (one at least) and the
// rest, the root in either group (MPI.ROOT at the root, MPI.PROC_NULL at the rest of its group, the root's rank in
// the other group): barrier, bcast, gather(v), scatter(v), allGather(v), allToAll(v), reduce, allReduce,
// reduceScatter(Block) on arrays, and their non-blocking forms on direct buffers (which Open MPI's bindings take).
import java.nio.*;
import java.util.*;

import mpi.*;

public class InterCollectives {
    static int rank;

    static void p(String s) {
        byte[] b = (rank + ": " + s + "\n").getBytes(java.nio.charset.StandardCharsets.UTF_8);
        System.out.write(b, 0, b.length); // one write(2) per line: lines of different ranks never mix
        System.out.flush();
    }

    static int[] values(int group, int local, int n) {
        int[] a = new int[n];
        for (int i = 0; i < n; i++) a[i] = 1000 * (group + 1) + 100 * local + i;
        return a;
    }

    static IntBuffer direct(int[] values) {
        IntBuffer b = MPI.newIntBuffer(values.length);
        b.put(values).clear();
        return b;
    }

    static String str(IntBuffer b) {
        int[] a = new int[b.capacity()];
        for (int i = 0; i < a.length; i++) a[i] = b.get(i);
        return Arrays.toString(a);
    }

    static int[] filled(int n, int v) {
        int[] a = new int[n];
        Arrays.fill(a, v);
        return a;
    }

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm w = MPI.COMM_WORLD;
        rank = w.getRank();
        int size = w.getSize(), a = Math.max(1, size / 4), group = rank < a ? 0 : 1;
        Intracomm half = w.split(group, rank);
        Intercomm inter = w.createIntercomm(half, 0, group == 0 ? a : 0, 7);
        int local = inter.getRank(), n = inter.getSize(), remote = inter.getRemoteSize();
        p("intercomm: group " + group + ", rank " + local + " of " + n + ", remote size " + remote + ", inter "
                + inter.isInter());

        inter.barrier();
        p("barrier: done");

        for (int rg = 0; rg < 2; rg++) {
            int rr = (rg == 0 ? a : size - a) - 1; // the root: the last process of its group
            boolean isRoot = group == rg && local == rr, inRootGroup = group == rg;
            int root = inRootGroup ? (isRoot ? MPI.ROOT : MPI.PROC_NULL) : rr;
            String at = " (root " + rg + ":" + rr + ")";

            int[] bc = isRoot ? values(group, local, 3) : filled(3, -1);
            inter.bcast(bc, 3, MPI.INT, root);
            p("bcast" + at + ": " + Arrays.toString(bc));

            int[] gathered = filled(2 * remote, -1);
            inter.gather(values(group, local, 2), 2, MPI.INT, gathered, 2, MPI.INT, root);
            p("gather" + at + ": " + (isRoot ? Arrays.toString(gathered) : "not root"));

            int[] counts = new int[remote], displs = new int[remote];
            for (int j = 0, d = 0; j < remote; j++) {
                counts[j] = j + 1;
                displs[j] = d;
                d += j + 2;
            }
            int extent = displs[remote - 1] + counts[remote - 1] + 1;
            int[] gv = filled(extent, -1);
            inter.gatherv(values(group, local, local + 1), local + 1, MPI.INT, gv, counts, displs, MPI.INT, root);
            p("gatherv" + at + ": " + (isRoot ? Arrays.toString(gv) : "not root"));

            int[] sc = filled(2, -1);
            int[] all = new int[2 * remote];
            for (int i = 0; i < all.length; i++) all[i] = 500 * (rg + 1) + i;
            inter.scatter(all, 2, MPI.INT, sc, 2, MPI.INT, root);
            p("scatter" + at + ": " + (inRootGroup ? "root group" : Arrays.toString(sc)));

            int[] sv = filled(local + 1, -1);
            int[] svall = new int[extent];
            for (int i = 0; i < extent; i++) svall[i] = 700 * (rg + 1) + i;
            inter.scatterv(svall, counts, displs, MPI.INT, sv, local + 1, MPI.INT, root);
            p("scatterv" + at + ": " + (inRootGroup ? "root group" : Arrays.toString(sv)));

            int[] red = filled(3, -1);
            inter.reduce(values(group, local, 3), red, 3, MPI.INT, MPI.SUM, root);
            p("reduce" + at + ": " + (isRoot ? Arrays.toString(red) : "not root"));

            IntBuffer ib = direct(isRoot ? values(group, local, 3) : filled(3, -1));
            inter.iBcast(ib, 3, MPI.INT, root).waitFor();
            p("iBcast" + at + ": " + (inRootGroup && !isRoot ? "no part" : str(ib)));

            IntBuffer ig = direct(filled(2 * remote, -1));
            inter.iGather(direct(values(group, local, 2)), 2, MPI.INT, ig, 2, MPI.INT, root).waitFor();
            p("iGather" + at + ": " + (isRoot ? str(ig) : "not root"));

            IntBuffer is = direct(filled(2, -1));
            inter.iScatter(direct(all), 2, MPI.INT, is, 2, MPI.INT, root).waitFor();
            p("iScatter" + at + ": " + (inRootGroup ? "root group" : str(is)));

            IntBuffer ir = direct(filled(3, -1));
            inter.iReduce(direct(values(group, local, 3)), ir, 3, MPI.INT, MPI.MAX, root).waitFor();
            p("iReduce MAX" + at + ": " + (isRoot ? str(ir) : "not root"));
        }

        int[] ag = filled(2 * remote, -1);
        inter.allGather(values(group, local, 2), 2, MPI.INT, ag, 2, MPI.INT);
        p("allGather: " + Arrays.toString(ag));

        int[] counts = new int[remote], displs = new int[remote];
        for (int j = 0, d = 0; j < remote; j++) {
            counts[j] = j + 1;
            displs[j] = d;
            d += j + 1;
        }
        int total = displs[remote - 1] + counts[remote - 1];
        int[] agv = filled(total, -1);
        inter.allGatherv(values(group, local, local + 1), local + 1, MPI.INT, agv, counts, displs, MPI.INT);
        p("allGatherv: " + Arrays.toString(agv));

        int[] a2a = new int[2 * remote], a2aOut = filled(2 * remote, -1);
        for (int j = 0; j < remote; j++) {
            a2a[2 * j] = 10000 * (group + 1) + 100 * local + j;
            a2a[2 * j + 1] = -a2a[2 * j];
        }
        inter.allToAll(a2a, 2, MPI.INT, a2aOut, 2, MPI.INT);
        p("allToAll: " + Arrays.toString(a2aOut));

        int[] sc = new int[remote], sd = new int[remote], rc = new int[remote], rd = new int[remote];
        int sn = 0, rn = 0;
        for (int j = 0; j < remote; j++) {
            sc[j] = (local + j) % 3 + 1;
            sd[j] = sn;
            sn += sc[j];
            rc[j] = (j + local) % 3 + 1;
            rd[j] = rn;
            rn += rc[j];
        }
        int[] vsend = new int[sn], vrecv = filled(rn, -1);
        for (int j = 0; j < remote; j++) {
            for (int i = 0; i < sc[j]; i++) vsend[sd[j] + i] = 10000 * (group + 1) + 1000 * local + 10 * j + i;
        }
        inter.allToAllv(vsend, sc, sd, MPI.INT, vrecv, rc, rd, MPI.INT);
        p("allToAllv: " + Arrays.toString(vrecv));

        int[] sum = filled(3, -1);
        inter.allReduce(values(group, local, 3), sum, 3, MPI.INT, MPI.SUM);
        p("allReduce: " + Arrays.toString(sum));

        int len = n * remote;
        int[] rsSend = values(group, local, len), rs = filled(remote, -1), rsb = filled(remote, -1);
        inter.reduceScatter(rsSend, rs, filled(n, remote), MPI.INT, MPI.SUM);
        p("reduceScatter: " + Arrays.toString(rs));
        inter.reduceScatterBlock(rsSend, rsb, remote, MPI.INT, MPI.SUM);
        p("reduceScatterBlock: " + Arrays.toString(rsb));

        IntBuffer iag = direct(filled(2 * remote, -1));
        inter.iAllGather(direct(values(group, local, 2)), 2, MPI.INT, iag, 2, MPI.INT).waitFor();
        p("iAllGather: " + str(iag));
        IntBuffer iagv = direct(filled(total, -1));
        inter.iAllGatherv(direct(values(group, local, local + 1)), local + 1, MPI.INT, iagv, counts, displs,
                MPI.INT).waitFor();
        p("iAllGatherv: " + str(iagv));
        IntBuffer ia2a = direct(filled(2 * remote, -1));
        inter.iAllToAll(direct(a2a), 2, MPI.INT, ia2a, 2, MPI.INT).waitFor();
        p("iAllToAll: " + str(ia2a));
        IntBuffer ia2av = direct(filled(rn, -1));
        inter.iAllToAllv(direct(vsend), sc, sd, MPI.INT, ia2av, rc, rd, MPI.INT).waitFor();
        p("iAllToAllv: " + str(ia2av));
        IntBuffer iar = direct(filled(3, -1));
        inter.iAllReduce(direct(values(group, local, 3)), iar, 3, MPI.INT, MPI.MIN).waitFor();
        p("iAllReduce MIN: " + str(iar));
        IntBuffer irs = direct(filled(remote, -1));
        inter.iReduceScatter(direct(rsSend), irs, filled(n, remote), MPI.INT, MPI.SUM).waitFor();
        p("iReduceScatter: " + str(irs));
        IntBuffer irsb = direct(filled(remote, -1));
        inter.iReduceScatterBlock(direct(rsSend), irsb, remote, MPI.INT, MPI.SUM).waitFor();
        p("iReduceScatterBlock: " + str(irsb));

        inter.iBarrier().waitFor();
        p("iBarrier: done");
        inter.free();
        half.free();
        w.barrier();
        MPI.Finalize();
    }
}
