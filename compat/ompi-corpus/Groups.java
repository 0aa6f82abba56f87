// compat: np=2,4
// Groups in Open MPI's Java API: Comm.getGroup, getSize/getRank (UNDEFINED outside), incl, excl, rangeIncl,
// rangeExcl, union, intersection, difference, translateRanks, compare (IDENT, SIMILAR, UNEQUAL), GROUP_EMPTY,
// free, and Intracomm.create from a group (COMM_NULL, isNull, outside it).
import java.util.*;

import mpi.*;

public class Groups {
    static int rank;

    static void p(String s) {
        byte[] b = (rank + ": " + s + "\n").getBytes(java.nio.charset.StandardCharsets.UTF_8);
        System.out.write(b, 0, b.length); // one write(2) per line: lines of different ranks never mix
        System.out.flush();
    }

    static String rk(int r) {
        return r == MPI.UNDEFINED ? "UNDEFINED" : String.valueOf(r);
    }

    static String g(Group x) throws MPIException {
        // the members as world ranks, and this rank's place
        int n = x.getSize();
        int[] mine = new int[n];
        for (int i = 0; i < n; i++) mine[i] = i;
        int[] world = Group.translateRanks(x, mine, WORLD);
        return "size=" + n + " rank=" + rk(x.getRank()) + " members=" + Arrays.toString(world);
    }

    static String cmp(int c) {
        if (c == MPI.IDENT) return "IDENT";
        if (c == MPI.SIMILAR) return "SIMILAR";
        if (c == MPI.UNEQUAL) return "UNEQUAL";
        if (c == MPI.CONGRUENT) return "CONGRUENT";
        return "other";
    }

    static Group WORLD;

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm w = MPI.COMM_WORLD;
        rank = w.getRank();
        int size = w.getSize();
        WORLD = w.getGroup();
        p("world: " + g(WORLD));

        Group evens = WORLD.incl(evenRanks(size));
        Group odds = WORLD.excl(evenRanks(size));
        Group reversed = WORLD.incl(reverse(size));
        p("incl evens: " + g(evens));
        p("excl evens: " + g(odds));
        p("incl reversed: " + g(reversed));
        p("rangeIncl {0, size-1, 2}: " + g(WORLD.rangeIncl(new int[][] {{0, size - 1, 2}})));
        p("rangeIncl {size-1, 0, -1}: " + g(WORLD.rangeIncl(new int[][] {{size - 1, 0, -1}})));
        p("rangeExcl {1, size-1, 2}: " + g(WORLD.rangeExcl(new int[][] {{1, size - 1, 2}})));
        p("rangeIncl two ranges: " + g(WORLD.rangeIncl(new int[][] {{size - 1, size - 1, 1}, {0, 0, 1}})));

        p("union(odds, evens): " + g(Group.union(odds, evens)));
        p("intersection(world, odds): " + g(Group.intersection(WORLD, odds)));
        p("difference(world, evens): " + g(Group.difference(WORLD, evens)));
        p("difference(evens, world): " + g(Group.difference(evens, WORLD)));
        p("intersection(evens, odds) empty: size=" + Group.intersection(evens, odds).getSize() + " rank="
                + rk(Group.intersection(evens, odds).getRank()));

        int[] all = new int[size];
        for (int i = 0; i < size; i++) all[i] = i;
        int[] t = Group.translateRanks(WORLD, all, evens);
        StringBuilder b = new StringBuilder();
        for (int x : t) b.append(rk(x)).append(' ');
        p("translateRanks world -> evens: " + b.toString().trim());
        t = Group.translateRanks(reversed, new int[] {0, size - 1}, WORLD);
        p("translateRanks reversed -> world: " + Arrays.toString(t));

        p("compare(world, world's group again): " + cmp(Group.compare(WORLD, w.getGroup())));
        p("compare(world, reversed): " + cmp(Group.compare(WORLD, reversed)));
        p("compare(world, evens): " + cmp(Group.compare(WORLD, evens)));
        p("compare(union(odds, evens), world): " + cmp(Group.compare(Group.union(odds, evens), WORLD)));

        p("GROUP_EMPTY: size=" + MPI.GROUP_EMPTY.getSize() + " rank=" + rk(MPI.GROUP_EMPTY.getRank()));
        p("compare(GROUP_EMPTY, incl of no ranks): "
                + cmp(Group.compare(MPI.GROUP_EMPTY, WORLD.incl(new int[0]))));

        // create: a communicator of the evens; the odds get COMM_NULL
        Intracomm ec = w.create(evens);
        if (rank % 2 == 0) {
            int[] sum = new int[1];
            ec.allReduce(new int[] {rank}, sum, 1, MPI.INT, MPI.SUM);
            p("create(evens): rank " + ec.getRank() + " of " + ec.getSize() + ", sum of world ranks " + sum[0]
                    + ", its group vs evens " + cmp(Group.compare(ec.getGroup(), evens)));
            ec.free();
        } else {
            p("create(evens): isNull " + ec.isNull());
        }
        // create with the reversed group: ranks reversed
        Intracomm rc = w.create(reversed);
        p("create(reversed): rank " + rc.getRank() + " of " + rc.getSize());
        rc.free();

        Group tmp = WORLD.incl(new int[] {0});
        tmp.free();
        p("freed group: isNull " + tmp.isNull());
        evens.free();
        odds.free();
        reversed.free();
        w.barrier();
        MPI.Finalize();
    }

    static int[] evenRanks(int size) {
        int[] e = new int[(size + 1) / 2];
        for (int i = 0; i < e.length; i++) e[i] = 2 * i;
        return e;
    }

    static int[] reverse(int size) {
        int[] e = new int[size];
        for (int i = 0; i < size; i++) e[i] = size - 1 - i;
        return e;
    }
}
