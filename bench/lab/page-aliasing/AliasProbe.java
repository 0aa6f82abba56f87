import java.lang.reflect.Field;

import mpi.MPI;

/**
 * Blocking bandwidth of Java arrays through natmpj, with each side's array data address recorded: rank 0 sends N
 * bytes from its array, rank 1 receives them into its own, WINDOW messages then a 1-byte reply, ROUNDS times.
 *
 * <p>Run with -XX:-UseCompressedOops, so that an array's reference is its address (Unsafe reads it from an
 * Object[]). Arguments: bytes (default 1 MiB) and "sweep" or "natural".
 * <ul>
 * <li>natural: both ranks allocate their arrays in the same order, as an SPMD program does; prints the addresses
 * modulo 4 KiB, their distance (destination - source, modulo 4 KiB) and the bandwidth. Run it many times.
 * <li>sweep: rank 1 receives at offsets 0..64 of a larger array (Recv's offset argument), so the distance walks
 * through 65 values in one run.
 * </ul>
 */
public final class AliasProbe {
    static final int WINDOW = 16, ROUNDS = 40;

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank();
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 1 << 20;
        boolean sweep = args.length > 1 && args[1].equals("sweep");
        byte[] buf = new byte[n + 4096];
        byte[] ack = new byte[1];
        long base = address(buf) + BASE;
        long[] mine = {base}, theirs = new long[1];
        MPI.COMM_WORLD.Sendrecv(mine, 0, 1, MPI.LONG, 1 - rank, 9, theirs, 0, 1, MPI.LONG, 1 - rank, 9);
        long src = rank == 0 ? base : theirs[0], dst = rank == 0 ? theirs[0] : base;
        int[] offsets = sweep ? new int[65] : new int[] {0};
        for (int i = 0; i < offsets.length; i++) offsets[i] = i;
        for (int off : offsets) {
            double best = 0;
            for (int rep = 0; rep < 3; rep++) {
                MPI.COMM_WORLD.Barrier();
                long t0 = System.nanoTime();
                for (int r = 0; r < ROUNDS; r++) {
                    if (rank == 0) {
                        for (int w = 0; w < WINDOW; w++) MPI.COMM_WORLD.Send(buf, 0, n, MPI.BYTE, 1, 1);
                        MPI.COMM_WORLD.Recv(ack, 0, 1, MPI.BYTE, 1, 2);
                    } else {
                        for (int w = 0; w < WINDOW; w++) MPI.COMM_WORLD.Recv(buf, off, n, MPI.BYTE, 0, 1);
                        MPI.COMM_WORLD.Send(ack, 0, 1, MPI.BYTE, 0, 2);
                    }
                }
                double s = (System.nanoTime() - t0) / 1e9;
                best = Math.max(best, (double) n * WINDOW * ROUNDS / s / 1e6);
            }
            if (rank == 0) {
                long d = dst + off;
                System.out.printf("bytes %d src%%4096 %d dst%%4096 %d distance %d MB/s %.0f%n", n, src & 4095,
                        d & 4095, Math.floorMod(d - src, 4096), best);
            }
        }
        if (address(buf) + BASE != base) System.out.println("rank " + rank + ": the array moved during the run");
        MPI.Finalize();
    }

    static final sun.misc.Unsafe U;
    static final long BASE;

    static {
        try {
            Field f = sun.misc.Unsafe.class.getDeclaredField("theUnsafe");
            f.setAccessible(true);
            U = (sun.misc.Unsafe) f.get(null);
            BASE = U.arrayBaseOffset(byte[].class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** The array's address: needs -XX:-UseCompressedOops (checked: the reference must be 8-byte aligned). */
    static long address(Object o) {
        if (U.arrayIndexScale(Object[].class) != 8) {
            throw new IllegalStateException("run with -XX:-UseCompressedOops");
        }
        Object[] holder = {o};
        return U.getLong(holder, (long) U.arrayBaseOffset(Object[].class));
    }
}
