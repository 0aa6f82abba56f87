// compat: np=2,4
// Group operations on COMM_WORLD's group: Size, Rank, Incl, Excl, Range_incl, Range_excl (forward, backward,
// strided), Union, Intersection, Difference, Translate_ranks, Compare (IDENT, SIMILAR, UNEQUAL), GROUP_EMPTY.
// Ranks that are not members print UNDEFINED.
import java.util.Arrays;

import mpi.*;

public class Groups {
    static int rank, size;

    static void p(String s) {
        byte[] b = (rank + ": " + s + "\n").getBytes(java.nio.charset.StandardCharsets.UTF_8);
        System.out.write(b, 0, b.length); // one write(2) per line: lines of different ranks never mix
        System.out.flush();
    }

    static String r(int x) {
        return x == MPI.UNDEFINED ? "UNDEFINED" : "" + x;
    }

    static String cmp(int c) {
        return c == MPI.IDENT ? "IDENT" : c == MPI.SIMILAR ? "SIMILAR" : c == MPI.UNEQUAL ? "UNEQUAL"
                : c == MPI.CONGRUENT ? "CONGRUENT" : "" + c;
    }

    static String g(Group grp) throws MPIException {
        int n = grp.Size();
        int[] ranks = new int[n];
        for (int i = 0; i < n; i++) {
            ranks[i] = i;
        }
        int[] world = n == 0 ? new int[0] : Group.Translate_ranks(grp, ranks, all);
        return "size=" + n + " rank=" + r(grp.Rank()) + " members=" + Arrays.toString(world);
    }

    static Group all;

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm w = MPI.COMM_WORLD;
        rank = w.Rank();
        size = w.Size();
        all = w.Group();
        p("world group: " + g(all));

        int[] evens = new int[(size + 1) / 2];
        for (int i = 0; i < evens.length; i++) {
            evens[i] = 2 * i;
        }
        Group even = all.Incl(evens);
        Group odd = all.Excl(evens);
        p("Incl(evens): " + g(even));
        p("Excl(evens): " + g(odd));
        Group rev = all.Incl(new int[] {size - 1, 0});
        p("Incl({last, 0}): " + g(rev));

        p("Range_incl({0, last, 1}): " + g(all.Range_incl(new int[][] {{0, size - 1, 1}})));
        p("Range_incl({last, 0, -1}): " + g(all.Range_incl(new int[][] {{size - 1, 0, -1}})));
        p("Range_incl({1, last, 2}): " + g(all.Range_incl(new int[][] {{1, size - 1, 2}})));
        p("Range_incl({0, 0, 1}, {last, last, 1}): "
                + g(all.Range_incl(new int[][] {{0, 0, 1}, {size - 1, size - 1, 1}})));
        p("Range_excl({0, last, 2}): " + g(all.Range_excl(new int[][] {{0, size - 1, 2}})));
        p("Range_excl({last, 1, -1}): " + g(all.Range_excl(new int[][] {{size - 1, 1, -1}})));

        p("Union(odd, even): " + g(Group.Union(odd, even)));
        p("Union(even, all): " + g(Group.Union(even, all)));
        p("Intersection(all, odd): " + g(Group.Intersection(all, odd)));
        p("Intersection(even, odd): " + g(Group.Intersection(even, odd)));
        p("Difference(all, even): " + g(Group.Difference(all, even)));
        p("Difference(all, all): " + g(Group.Difference(all, all)));

        int[] every = new int[size];
        for (int i = 0; i < size; i++) {
            every[i] = i;
        }
        int[] tr = Group.Translate_ranks(all, every, even);
        String[] tre = new String[size];
        for (int i = 0; i < size; i++) {
            tre[i] = r(tr[i]);
        }
        p("Translate_ranks(all -> even): " + Arrays.toString(tre));
        tr = Group.Translate_ranks(all, every, rev);
        String[] trs = new String[size];
        for (int i = 0; i < size; i++) {
            trs[i] = r(tr[i]);
        }
        p("Translate_ranks(all -> {last, 0}): " + Arrays.toString(trs));

        p("Compare(all, world group again): " + cmp(Group.Compare(all, w.Group())));
        p("Compare(all, Union(odd, even)): " + cmp(Group.Compare(all, Group.Union(odd, even))));
        p("Compare(all, even): " + cmp(Group.Compare(all, even)));
        p("Compare(even, Incl(evens)): " + cmp(Group.Compare(even, all.Incl(evens))));
        p("GROUP_EMPTY: size=" + MPI.GROUP_EMPTY.Size() + " rank=" + r(MPI.GROUP_EMPTY.Rank()));
        p("Compare(GROUP_EMPTY, Difference(all, all)): "
                + cmp(Group.Compare(MPI.GROUP_EMPTY, Group.Difference(all, all))));

        w.Barrier();
        MPI.Finalize();
    }
}
