// compat: np=2,4
// Communicators in Open MPI's Java API: dup, clone, Comm.compare, split (and UNDEFINED colour), setName/getName,
// isInter, attributes (createKeyval/setAttr/getAttr/deleteAttr/freeKeyval, copied by dup), the predefined
// attribute TAG_UB, createIntercomm with getRemoteSize/getRemoteGroup and messages across it, merge, free.
import java.util.*;

import mpi.*;

public class Comms {
    static int rank;

    static void p(String s) {
        byte[] b = (rank + ": " + s + "\n").getBytes(java.nio.charset.StandardCharsets.UTF_8);
        System.out.write(b, 0, b.length); // one write(2) per line: lines of different ranks never mix
        System.out.flush();
    }

    static String cmp(int c) {
        if (c == MPI.IDENT) return "IDENT";
        if (c == MPI.CONGRUENT) return "CONGRUENT";
        if (c == MPI.SIMILAR) return "SIMILAR";
        if (c == MPI.UNEQUAL) return "UNEQUAL";
        return "other";
    }

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm w = MPI.COMM_WORLD;
        rank = w.getRank();
        int size = w.getSize();

        p("names: " + w.getName() + " " + MPI.COMM_SELF.getName());
        p("COMM_SELF: rank " + MPI.COMM_SELF.getRank() + " of " + MPI.COMM_SELF.getSize() + ", compare with world "
                + cmp(Comm.compare(MPI.COMM_SELF, w)));
        p("isInter: " + w.isInter() + ", isNull: " + w.isNull());

        Intracomm d = w.dup();
        p("dup: rank " + d.getRank() + " of " + d.getSize() + ", compare " + cmp(Comm.compare(w, d)) + ", self "
                + cmp(Comm.compare(w, w)));
        Intracomm c = w.clone();
        p("clone: " + c.getClass().getSimpleName() + ", compare " + cmp(Comm.compare(d, c)));
        d.setName("the dup");
        p("setName: " + d.getName() + " (world still " + w.getName() + ")");
        // a message on the dup is not received on the world
        if (rank == 0) {
            d.send(new int[] {42}, 1, MPI.INT, size - 1, 5);
            w.send(new int[] {43}, 1, MPI.INT, size - 1, 5);
        } else if (rank == size - 1) {
            int[] x = new int[1], y = new int[1];
            w.recv(x, 1, MPI.INT, 0, 5);
            d.recv(y, 1, MPI.INT, 0, 5);
            p("world got " + x[0] + ", dup got " + y[0]);
        }

        // split: colour rank % 2, key -rank (reversed order); and an UNDEFINED colour for the last rank
        Intracomm s = w.split(rank % 2, -rank);
        int[] members = new int[s.getSize()];
        s.allGather(new int[] {rank}, 1, MPI.INT, members, 1, MPI.INT);
        p("split(rank % 2, -rank): rank " + s.getRank() + " of " + s.getSize() + " world ranks "
                + Arrays.toString(members) + ", compare with world " + cmp(Comm.compare(s, w)));
        Intracomm u = w.split(rank == size - 1 ? MPI.UNDEFINED : 0, rank);
        p("split with UNDEFINED: " + (u.isNull() ? "isNull" : "rank " + u.getRank() + " of " + u.getSize()));
        if (!u.isNull()) u.free();

        // attributes
        int key = Comm.createKeyval();
        p("getAttr before setAttr: " + w.getAttr(key));
        d.setAttr(key, "value on the dup");
        w.setAttr(key, new int[] {rank, 7});
        p("getAttr: " + d.getAttr(key) + " / " + Arrays.toString((int[]) w.getAttr(key)));
        Intracomm dd = d.dup();
        p("getAttr on a dup of the dup: " + dd.getAttr(key));
        d.deleteAttr(key);
        p("getAttr after deleteAttr: " + d.getAttr(key) + " (the dup of the dup keeps " + dd.getAttr(key) + ")");
        w.deleteAttr(key);
        dd.free();
        Comm.freeKeyval(key);
        Object tagUb = w.getAttr(MPI.TAG_UB);
        p("TAG_UB: " + tagUb.getClass().getSimpleName() + ", at least 32767 " + ((Integer) tagUb >= 32767));
        Object global = w.getAttr(MPI.WTIME_IS_GLOBAL);
        p("WTIME_IS_GLOBAL: " + (global == null ? "null" : global.getClass().getSimpleName()));

        // intercommunicator between the even and the odd ranks of the world
        Intracomm half = w.split(rank % 2, rank);
        Intercomm ic = w.createIntercomm(half, 0, rank % 2 == 0 ? 1 : 0, 77); // a method of the peer communicator
        p("intercomm: isInter " + ic.isInter() + ", rank " + ic.getRank() + " of " + ic.getSize() + ", remote size "
                + ic.getRemoteSize() + ", remote group size " + ic.getRemoteGroup().getSize());
        // each rank sends its world rank to the rank of the same local rank in the other group, if any
        int peerLocal = ic.getRank();
        if (peerLocal < ic.getRemoteSize()) {
            int[] got = new int[1];
            Status st = ic.sendRecv(new int[] {rank * 100}, 1, MPI.INT, peerLocal, 3, got, 1, MPI.INT, peerLocal, 3);
            p("across the intercomm: got " + got[0] + " from remote rank " + st.getSource());
        } else {
            p("across the intercomm: no partner");
        }
        p("remote group in world ranks: "
                + Arrays.toString(Group.translateRanks(ic.getRemoteGroup(), seq(ic.getRemoteSize()), w.getGroup())));
        Intracomm merged = ic.merge(rank % 2 == 1);
        p("merge(odd high): rank " + merged.getRank() + " of " + merged.getSize() + ", isInter " + merged.isInter());
        Intracomm mergedLow = ic.merge(rank % 2 == 0);
        p("merge(even high): rank " + mergedLow.getRank() + " of " + mergedLow.getSize());
        merged.free();
        mergedLow.free();
        ic.free();
        half.free();
        s.free();
        c.free();
        d.free();
        p("freed: dup isNull " + d.isNull());
        w.barrier();
        MPI.Finalize();
    }

    static int[] seq(int n) {
        int[] a = new int[n];
        for (int i = 0; i < n; i++) a[i] = i;
        return a;
    }
}
