package natmpj.it;

import mpi.Datatype;
import mpi.Intracomm;
import mpi.MPI;
import mpi.Op;
import natmpj.testkit.Cases;
import natmpj.testkit.Check;
import natmpj.testkit.Values;

/**
 * Collectives under a real mpirun: Barrier, Bcast from every root, and Reduce/Allreduce with every built-in op on
 * every type it applies to, in arrays and direct buffers, in place and not, checked against values computed here.
 */
public final class CollectiveSuite {
    static final String[] OPS = {"MAX", "MIN", "SUM", "PROD", "LAND", "BAND", "LOR", "BOR", "LXOR", "BXOR"};
    static final int N = 37; // elements per reduction: a few, at an odd count

    public static void main(String[] args) throws Exception {
        Cases.job(args).run(CollectiveSuite::addCases);
    }

    private static void addCases(Cases cases) {
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.Rank(), size = world.Size();

        cases.add("barrier", () -> {
            for (int i = 0; i < 100; i++) world.Barrier();
        });
        for (String kind : new String[] {"array", "direct"}) {
            for (String type : Values.NAMES) {
                for (int count : new int[] {1, 1000, (1 << 20) / Values.bytes(type) + 3}) {
                    cases.add("bcast_" + type + "_" + kind + "_" + count, () -> {
                        for (int root = 0; root < size; root++) {
                            Object buf = Values.buffer(kind, type, count + 2);
                            long seed = root * 31L + count;
                            if (rank == root) Values.fill(type, buf, 2, count + 2, seed);
                            world.Bcast(buf, 2, count, Values.type(type), root);
                            Values.expect(type, buf, 2, count + 2, seed, "bcast from root " + root);
                        }
                    });
                }
            }
        }
        for (String opName : OPS) {
            for (String type : Values.NAMES) {
                if (!applies(opName, type)) continue;
                for (String kind : new String[] {"array", "direct"}) {
                    cases.add("reduce_" + opName + "_" + type + "_" + kind,
                            () -> reduce(world, rank, size, opName, type, kind, false));
                    cases.add("allreduce_" + opName + "_" + type + "_" + kind,
                            () -> reduce(world, rank, size, opName, type, kind, true));
                }
            }
        }
        cases.add("allreduce_in_place", () -> {
            double[] d = new double[10];
            for (int i = 0; i < 10; i++) d[i] = rank + i;
            world.Allreduce(d, 2, d, 2, 6, MPI.DOUBLE, MPI.SUM);
            for (int i = 2; i < 8; i++) Check.eq(size * i + size * (size - 1) / 2.0, d[i], "in-place sum " + i);
            Check.eq(0.0 + rank, d[0], "untouched before offset");
        });
        cases.add("reduce_in_place_at_root", () -> {
            int[] v = {rank + 1, 2 * (rank + 1)};
            world.Reduce(v, 0, v, 0, 2, MPI.INT, MPI.SUM, size - 1);
            if (rank == size - 1) {
                Check.eq(size * (size + 1) / 2, v[0], "sum");
                Check.eq(size * (size + 1), v[1], "sum of doubles");
            }
        });
        cases.add("reduce_recvbuf_ignored_off_root", () -> {
            long[] v = {rank};
            long[] out = rank == 0 ? new long[1] : null;
            world.Reduce(v, 0, out, 0, 1, MPI.LONG, MPI.MAX, 0);
            if (rank == 0) Check.eq((long) size - 1, out[0], "max rank");
        });
    }

    static boolean applies(String op, String type) {
        boolean integer = !type.equals("FLOAT") && !type.equals("DOUBLE") && !type.equals("BOOLEAN");
        switch (op) {
        case "MAX": case "MIN": case "SUM": case "PROD": return !type.equals("BOOLEAN");
        case "LAND": case "LOR": case "LXOR": return integer || type.equals("BOOLEAN");
        default: return integer || type.equals("BOOLEAN"); // bitwise ops on booleans are the logical ones
        }
    }

    /** Input of rank r, element i: small enough that PROD and SUM never overflow the narrowest type. */
    static long input(String op, String type, int r, int i) {
        switch (op) {
        case "PROD": return (r + i) % 3 + 1;
        case "LAND": case "LOR": case "LXOR": return type.equals("BOOLEAN") ? (r + i) % 3 == 0 ? 1 : 0 : (r * i) % 3;
        case "BAND": case "BOR": case "BXOR": return type.equals("BOOLEAN") ? (r + i) % 2 : ((r + 3) * (i + 5) * 37) & 0x7f;
        default: return type.equals("CHAR") ? (r * 13 + i) % 500 : (r * 13 + i) % 50 - 20;
        }
    }

    static long combine(String op, long a, long b) {
        switch (op) {
        case "MAX": return Math.max(a, b);
        case "MIN": return Math.min(a, b);
        case "SUM": return a + b;
        case "PROD": return a * b;
        case "LAND": return (a != 0 && b != 0) ? 1 : 0;
        case "LOR": return (a != 0 || b != 0) ? 1 : 0;
        case "LXOR": return ((a != 0) ^ (b != 0)) ? 1 : 0;
        case "BAND": return a & b;
        case "BOR": return a | b;
        default: return a ^ b;
        }
    }

    static Op op(String name) {
        switch (name) {
        case "MAX": return MPI.MAX;
        case "MIN": return MPI.MIN;
        case "SUM": return MPI.SUM;
        case "PROD": return MPI.PROD;
        case "LAND": return MPI.LAND;
        case "BAND": return MPI.BAND;
        case "LOR": return MPI.LOR;
        case "BOR": return MPI.BOR;
        case "LXOR": return MPI.LXOR;
        default: return MPI.BXOR;
        }
    }

    static void reduce(Intracomm world, int rank, int size, String opName, String type, String kind, boolean all) {
        Datatype dt = Values.type(type);
        int off = 1;
        Object in = Values.buffer(kind, type, N + off), out = Values.buffer(kind, type, N + off);
        for (int i = 0; i < N; i++) Values.set(type, in, i + off, raw(type, input(opName, type, rank, i)));
        int root = size / 2;
        if (all) {
            world.Allreduce(in, off, out, off, N, dt, op(opName));
        } else {
            world.Reduce(in, off, out, off, N, dt, op(opName), root);
            if (rank != root) return;
        }
        for (int i = 0; i < N; i++) {
            long expected = input(opName, type, 0, i);
            for (int r = 1; r < size; r++) expected = combine(opName, expected, input(opName, type, r, i));
            Object model = Values.array(type, 1);
            Values.set(type, model, 0, raw(type, expected));
            double want = Values.get(type, model, 0), got = Values.get(type, out, i + off);
            if (Double.compare(want, got) != 0) {
                throw new AssertionError(opName + " over " + type + " element " + i + ": expected " + want + ", got "
                        + got);
            }
        }
    }

    /** Values.set scales floats (v/8, v/16); undo that so reductions see the small integers computed here. */
    static long raw(String type, long v) {
        return type.equals("FLOAT") ? v * 8 : type.equals("DOUBLE") ? v * 16 : v;
    }
}
