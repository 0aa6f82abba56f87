// compat: np=8
// Range_incl and Range_excl in a group of 8 with triplets whose last is not itself a generated rank: (5, 8, 2)
// gives 5, 7 (8 is no rank of the group, but the ranks it generates all are; MPI requires only the generated
// ranks to be valid), (6, -1, -4) gives 6, 2; also (0, 7, 3), (7, 0, -3), several triplets at once, the empty
// complement, and a communicator made from such a group. Runs at 8 ranks.
import java.util.Arrays;

import mpi.*;

public class GroupRanges {
    static int rank, size;

    static void p(String s) {
        byte[] b = (rank + ": " + s + "\n").getBytes(java.nio.charset.StandardCharsets.UTF_8);
        System.out.write(b, 0, b.length); // one write(2) per line: lines of different ranks never mix
        System.out.flush();
    }

    static Group all;

    static String g(Group grp) throws MPIException {
        int n = grp.Size();
        int[] ranks = new int[n];
        for (int i = 0; i < n; i++) {
            ranks[i] = i;
        }
        int[] world = n == 0 ? new int[0] : Group.Translate_ranks(grp, ranks, all);
        int me = grp.Rank();
        return "size=" + n + " rank=" + (me == MPI.UNDEFINED ? "UNDEFINED" : "" + me) + " members="
                + Arrays.toString(world);
    }

    static void both(String name, int[][] ranges) throws MPIException {
        p("Range_incl(" + name + "): " + g(all.Range_incl(ranges)));
        p("Range_excl(" + name + "): " + g(all.Range_excl(ranges)));
    }

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm w = MPI.COMM_WORLD;
        rank = w.Rank();
        size = w.Size();
        all = w.Group();
        p("world: size=" + size);
        both("{0, 7, 3}", new int[][] {{0, 7, 3}});
        both("{7, 0, -3}", new int[][] {{7, 0, -3}});
        both("{1, 6, 2}", new int[][] {{1, 6, 2}});
        both("{5, 8, 2}", new int[][] {{5, 8, 2}});
        both("{0, 1, 1}, {5, 8, 2}", new int[][] {{0, 1, 1}, {5, 8, 2}});
        both("{6, -1, -4}", new int[][] {{6, -1, -4}});
        both("{0, 7, 1}", new int[][] {{0, 7, 1}});
        // As a communicator: the members of (5, 8, 2) sum their world ranks
        Group members = all.Range_incl(new int[][] {{1, 3, 1}, {5, 8, 2}});
        Intracomm sub = w.Create(members);
        if (sub != null && members.Rank() == MPI.UNDEFINED && device().equals("native")) {
            p("Create(Range_incl({1, 3, 1}, {5, 8, 2})): not called on MPJ Express's native device: a non-member "
                    + "gets a communicator wrapping no device communicator (its Allreduce throws "
                    + "NullPointerException)");
        } else if (sub != null) {
            int[] sum = new int[1];
            sub.Allreduce(new int[] {rank}, 0, sum, 0, 1, MPI.INT, MPI.SUM);
            p("Create(Range_incl({1, 3, 1}, {5, 8, 2})): size=" + sub.Size() + " rank=" + sub.Rank() + " sum="
                    + sum[0]);
        } else {
            p("Create(Range_incl({1, 3, 1}, {5, 8, 2})): not a member");
        }
        w.Barrier();
        MPI.Finalize();
    }

    /** "natmpj", or MPJ Express's device: "native" (natmpjdev) or "multicore". */
    static String device() {
        try {
            Class<?> c = Class.forName("mpjdev.Constants");
            return c.getField("isNative").getBoolean(null) ? "native" : "multicore";
        } catch (ReflectiveOperationException e) {
            return "natmpj";
        }
    }
}
