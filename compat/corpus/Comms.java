// compat: np=2,4
// Communicators: Split (with keys reversing the order, and MPI.UNDEFINED giving null), Create (members and
// non-members), clone, Compare (IDENT, CONGRUENT, SIMILAR, UNEQUAL), isolation of a clone's messages, Test_inter,
// Topo_test, attributes (Attr_get of TAG_UB), Free; and COMM_SELF (last: size, rank, a message to itself).
import mpi.*;

public class Comms {
    static int rank, size;
    static boolean mpje;

    static void p(String s) {
        byte[] b = (rank + ": " + s + "\n").getBytes(java.nio.charset.StandardCharsets.UTF_8);
        System.out.write(b, 0, b.length); // one write(2) per line: lines of different ranks never mix
        System.out.flush();
    }

    static String cmp(int c) {
        return c == MPI.IDENT ? "IDENT" : c == MPI.SIMILAR ? "SIMILAR" : c == MPI.UNEQUAL ? "UNEQUAL"
                : c == MPI.CONGRUENT ? "CONGRUENT" : "" + c;
    }

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        try {
            Class.forName("mpjdev.Comm");
            mpje = true;
        } catch (ClassNotFoundException e) {
            mpje = false;
        }
        Intracomm w = MPI.COMM_WORLD;
        rank = w.Rank();
        size = w.Size();

        Intracomm half = w.Split(rank % 2, -rank);
        int[] sum = new int[1];
        half.Allreduce(new int[] {rank}, 0, sum, 0, 1, MPI.INT, MPI.SUM);
        p("Split(rank % 2, -rank): size=" + half.Size() + " rank=" + half.Rank() + " sum=" + sum[0]);
        try { // MPJ Express's native device: its Java side throws on rank 0 (after the split, so the job goes on)
            Intracomm none = w.Split(rank == 0 ? MPI.UNDEFINED : 1, rank);
            p("Split(UNDEFINED on rank 0): " + (none == null ? "null" : "size=" + none.Size() + " rank="
                    + none.Rank()));
        } catch (MPIException e) {
            Throwable c = e.getCause() == null ? e : e.getCause();
            p("Split(UNDEFINED on rank 0): threw " + c.getClass().getName() + ": " + c.getMessage());
        }

        Intracomm dup = (Intracomm) w.clone();
        p("clone: size=" + dup.Size() + " rank=" + dup.Rank());
        p("Compare(world, world): " + cmp(Comm.Compare(w, w)));
        p("Compare(world, clone): " + cmp(Comm.Compare(w, dup)));
        p("Intracomm.Compare(world, clone): " + cmp(Intracomm.Compare(w, dup)));
        Intracomm reversed = w.Split(0, size - rank);
        p("Compare(world, reversed): " + cmp(Comm.Compare(w, reversed)));
        p("Compare(world, half): " + cmp(Comm.Compare(w, half)));
        p("reversed: rank=" + reversed.Rank());

        // A message on the clone is invisible on world
        int next = (rank + 1) % size, prev = (rank + size - 1) % size;
        Request r = dup.Isend(new int[] {rank}, 0, 1, MPI.INT, next, 5);
        dup.Barrier();
        if (device().equals("native")) { // MPJ Express's Comm.Iprobe calls the device's blocking probe
            p("clone isolation: world Iprobe=not called on MPJ Express's native device: its Iprobe is a blocking "
                    + "Probe (hangs with nothing to receive)");
        } else {
            Status onWorld = w.Iprobe(prev, 5);
            p("clone isolation: world Iprobe=" + (onWorld == null ? "null" : "status"));
        }
        int[] in = new int[1];
        Status s = dup.Recv(in, 0, 1, MPI.INT, prev, 5);
        r.Wait();
        p("clone isolation: received on clone=" + in[0] + " source=" + s.source);

        // Create from a group: the first half of the ranks
        int[] firstHalf = new int[(size + 1) / 2];
        for (int i = 0; i < firstHalf.length; i++) {
            firstHalf[i] = i;
        }
        Intracomm created = w.Create(w.Group().Incl(firstHalf));
        if (rank < firstHalf.length) {
            created.Allreduce(new int[] {rank + 1}, 0, sum, 0, 1, MPI.INT, MPI.PROD);
            p("Create(first half): size=" + created.Size() + " rank=" + created.Rank() + " product=" + sum[0]);
        } else {
            p("Create(first half): " + (created == null ? "null" : "not null"));
        }

        p("Test_inter(world): " + w.Test_inter());
        p("Topo_test(world): " + (w.Topo_test() == MPI.UNDEFINED ? "UNDEFINED" : "" + w.Topo_test()));
        Object tagUb = w.Attr_get(MPI.TAG_UB);
        p("Attr_get(TAG_UB): " + (tagUb instanceof Integer && (Integer) tagUb >= 32767 ? ">= 32767" : "" + tagUb));
        if (mpje) {
            p("Attr_get(TAG_UB) on clone equals world's: not called on MPJ Express: it throws 'No corresponding "
                    + "value to key'");
        } else {
            Object tagUbDup = dup.Attr_get(MPI.TAG_UB);
            p("Attr_get(TAG_UB) on clone equals world's: " + tagUb.equals(tagUbDup));
        }

        // MPI lets each implementation choose: HOST is MPI_PROC_NULL or a rank, IO is MPI_ANY_SOURCE,
        // MPI_PROC_NULL or a rank; any of these prints "valid"
        Object host = w.Attr_get(MPI.HOST), io = w.Attr_get(MPI.IO);
        p("Attr_get(HOST): " + (host instanceof Integer && (host.equals(MPI.PROC_NULL) || (Integer) host >= 0
                && (Integer) host < size) ? "valid" : "" + host));
        p("Attr_get(IO): " + (io instanceof Integer && (io.equals(MPI.ANY_SOURCE) || io.equals(MPI.PROC_NULL)
                || (Integer) io >= 0 && (Integer) io < size) ? "valid" : "" + io));
        dup.Free();
        reversed.Free();
        half.Free();
        w.Barrier();

        // COMM_SELF
        p("COMM_SELF: size=" + MPI.COMM_SELF.Size() + " rank=" + MPI.COMM_SELF.Rank());
        Request sr = MPI.COMM_SELF.Isend(new int[] {rank * 3}, 0, 1, MPI.INT, 0, 9);
        s = MPI.COMM_SELF.Recv(in, 0, 1, MPI.INT, 0, 9);
        sr.Wait();
        p("COMM_SELF message: " + in[0] + " source=" + s.source + " tag=" + s.tag);

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
