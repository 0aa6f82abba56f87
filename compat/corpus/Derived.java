// compat: np=2
// Derived datatypes: Contiguous, Vector, Hvector, Indexed, Hindexed and Struct (MPJ Express's static forms; all
// displacements in elements of the base type), their Extent/Size/Lb/Ub, sent with count > 1 between ranks with
// Send/Recv and Sendrecv (derived type on one side, MPI.INT on the other), through Isend/Irecv and Bcast, and
// types built from derived types. Receive arrays start filled with -1 so gaps show.
import java.util.Arrays;

import mpi.*;

public class Derived {
    static int rank, size, next, prev;
    static boolean mpje;
    static Intracomm w;

    static void p(String s) {
        byte[] b = (rank + ": " + s + "\n").getBytes(java.nio.charset.StandardCharsets.UTF_8);
        System.out.write(b, 0, b.length); // one write(2) per line: lines of different ranks never mix
        System.out.flush();
    }

    static int[] source(int n) {
        int[] a = new int[n];
        for (int i = 0; i < n; i++) {
            a[i] = rank * 100 + i;
        }
        return a;
    }

    static int[] filled(int n) {
        int[] a = new int[n];
        Arrays.fill(a, -1);
        return a;
    }

    static String bounds(Datatype t) throws MPIException {
        return "extent=" + t.Extent() + " size=" + t.Size() + " lb=" + t.Lb() + " ub=" + t.Ub();
    }

    /** count items of t from a source array, received as plain ints; and ints received into count items of t */
    static void check(String name, Datatype t, int count, int span) throws MPIException {
        check(name, t, count, span, null);
    }

    /** mpjeFails: why MPJ Express cannot receive into t (those steps are skipped there), or null */
    static void check(String name, Datatype t, int count, int span, String mpjeFails) throws MPIException {
        t.Commit();
        p(name + ": " + bounds(t));
        int n = t.Size() * count;
        int[] packed = filled(n);
        Status s = w.Sendrecv(source(span), 0, count, t, next, 1, packed, 0, n, MPI.INT, prev, 1);
        p(name + " sent as type, received as INT: " + Arrays.toString(packed) + " count(INT)="
                + s.Get_count(MPI.INT));
        int[] spread = filled(span);
        if (mpje && mpjeFails != null) {
            p(name + " sent as INT, received as type: not called on MPJ Express: " + mpjeFails);
        } else {
            s = w.Sendrecv(source(n), 0, n, MPI.INT, next, 2, spread, 0, count, t, prev, 2);
            p(name + " sent as INT, received as type: " + Arrays.toString(spread) + " count(type)="
                    + s.Get_count(t) + " elements=" + s.Get_elements(t));
        }
        if (mpje && mpjeFails != null) {
            p(name + " Isend/Irecv at offset 2: not called on MPJ Express: " + mpjeFails);
            p(name + " Bcast: not called on MPJ Express: " + mpjeFails);
            return;
        }
        int[] both = filled(span + 2);
        Request r = w.Irecv(both, 2, count, t, prev, 3);
        Request q = w.Isend(source(span), 0, count, t, next, 3);
        r.Wait();
        q.Wait();
        p(name + " Isend/Irecv at offset 2: " + Arrays.toString(both));
        int[] bc = rank == 0 ? source(span) : filled(span);
        w.Bcast(bc, 0, count, t, 0);
        p(name + " Bcast: " + Arrays.toString(bc));
    }

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        try {
            Class.forName("mpjdev.Comm");
            mpje = true;
        } catch (ClassNotFoundException e) {
            mpje = false;
        }
        w = MPI.COMM_WORLD;
        rank = w.Rank();
        size = w.Size();
        next = (rank + 1) % size;
        prev = (rank + size - 1) % size;

        Datatype contig = Datatype.Contiguous(3, MPI.INT);
        check("Contiguous(3)", contig, 2, 6);
        Datatype vec = Datatype.Vector(3, 2, 4, MPI.INT); // 3 blocks of 2, stride 4
        check("Vector(3,2,4)", vec, 2, 22);
        Datatype hvec = Datatype.Hvector(2, 3, 5, MPI.INT); // stride in elements (mpiJava)
        check("Hvector(2,3,5)", hvec, 2, 16);
        Datatype idx = Datatype.Indexed(new int[] {2, 1, 3}, new int[] {5, 0, 8}, MPI.INT);
        check("Indexed({2,1,3},{5,0,8})", idx, 2, 22);
        Datatype hidx = Datatype.Hindexed(new int[] {1, 2}, new int[] {4, 1}, MPI.INT);
        check("Hindexed({1,2},{4,1})", hidx, 2, 10);
        Datatype st = Datatype.Struct(new int[] {2, 1}, new int[] {0, 6}, new Datatype[] {MPI.INT, MPI.INT});
        check("Struct({2,1},{0,6})", st, 2, 14);
        // Types of types: a vector of contiguous pairs, a struct of a vector and an int
        Datatype pair = Datatype.Contiguous(2, MPI.INT);
        Datatype vecOfPairs = Datatype.Vector(2, 1, 3, pair);
        check("Vector(2,1,3) of Contiguous(2)", vecOfPairs, 1, 8);
        Datatype mixed = Datatype.Struct(new int[] {2, 2}, new int[] {0, 6}, new Datatype[] {pair, MPI.INT});
        check("Struct(2 Contiguous(2), 2 INT at 6)", mixed, 2, 16,
                "receiving into a Struct with a derived component throws SectionSizeMismatchException");

        // A vector of doubles
        Datatype dv = Datatype.Vector(2, 1, 3, MPI.DOUBLE);
        dv.Commit();
        double[] din = new double[8];
        Arrays.fill(din, -1);
        double[] dout = {0.5 + rank, 1, 2, 3.5, 4, 5, 6.5, 7};
        w.Sendrecv(dout, 0, 2, dv, next, 4, din, 0, 2, dv, prev, 4);
        p("Vector of DOUBLE: " + Arrays.toString(din) + " " + bounds(dv));

        w.Barrier();
        MPI.Finalize();
    }
}
