package natmpj.it;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

import mpi.Intracomm;
import mpi.MPI;
import natmpj.testkit.Cases;
import natmpj.testkit.Check;
import natmpj.testkit.MultiRank;

/**
 * The JVM's own use of signals inside a live MPI process: implicit null checks (SIGSEGV), integer division by zero
 * (SIGFPE), stack overflow handling (guard pages), safepoints and deoptimization under load, all while MPI, and
 * whatever handlers it installed (UCX, opal), is active; messages checked after each. Fails, or crashes the JVM,
 * when MPI's handlers run instead of the JVM's (see src/main/c/signals.c).
 */
@MultiRank(extraJdks = true)
public final class SignalSuite {
    static final int ROUNDS = 200;
    /** Keeps the spinner's result alive, so its loop is not optimized away. */
    static volatile long sink;

    public static void main(String[] args) throws Exception {
        Cases.job(args).threadLevel(MPI.THREAD_MULTIPLE).run(SignalSuite::addCases);
    }

    private static void addCases(Cases cases) {
        int provided = cases.provided();
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.Rank(), size = world.Size();

        cases.add("jit_compiled_implicit_null_checks", () -> {
            int[] data = {1, 2, 3};
            for (int round = 0; round < 5; round++) {
                int npes = 0;
                for (int i = 0; i < 100_000; i++) { // hot enough for C2, whose null checks are SIGSEGV traps
                    try {
                        npes += length(i % 500 == 0 ? null : data) == 3 ? 0 : 1000;
                    } catch (NullPointerException e) {
                        npes++;
                    }
                }
                Check.eq(200, npes, "NullPointerExceptions caught in round " + round);
                exchange(world, rank, size, round);
            }
        });
        cases.add("integer_division_by_zero", () -> {
            for (int round = 0; round < 5; round++) {
                int caught = 0;
                long sum = 0;
                for (int i = 0; i < 100_000; i++) {
                    try {
                        sum += 1_000_000 / (i % 250); // a zero divisor arrives as SIGFPE
                    } catch (ArithmeticException e) {
                        caught++;
                    }
                }
                Check.eq(400, caught, "ArithmeticExceptions caught in round " + round);
                Check.isTrue(sum > 0, "quotients were computed");
                exchange(world, rank, size, round);
            }
        });
        cases.add("stack_overflow_then_mpi", () -> {
            int deepest = 0;
            for (int round = 0; round < 10; round++) {
                int[] depth = new int[1];
                Check.throwsWith(StackOverflowError.class, () -> recurse(depth));
                deepest = Math.max(deepest, depth[0]);
                exchange(world, rank, size, round); // right after the guard pages were hit
            }
            Check.isTrue(deepest > 1000, "stack depth reached: " + deepest);
            // Collective calls from 1000 frames deep: deep, yet far from the guard pages whatever the frames' size
            // (interpreted or compiled), so that no rank overflows alone and leaves the others in the Allreduce.
            for (int round = 0; round < 3; round++) Check.eq(size, deepAllreduce(world, 1000), "deep Allreduce");
        });
        cases.add("safepoints_and_deoptimization_under_load", () -> {
            Check.eq(MPI.THREAD_MULTIPLE, provided, "provided level (another thread calls MPI)");
            Intracomm side = (Intracomm) world.clone();
            AtomicBoolean stop = new AtomicBoolean();
            AtomicReference<Throwable> failure = new AtomicReference<>();
            AtomicLong spun = new AtomicLong();
            List<Thread> threads = new ArrayList<>();
            threads.add(new Thread(() -> { // counted loops: C2 strip-mines them for safepoint polls
                long loops = 0, total = 0;
                for (; !stop.get(); loops++) total += countedLoop(1 << 20);
                spun.addAndGet(loops);
                sink = total;
            }, "spinner"));
            threads.add(new Thread(() -> { // forces safepoints: collections, stack walks, deoptimization
                try {
                    int generation = 0;
                    while (!stop.get()) {
                        System.gc();
                        Check.isTrue(Thread.getAllStackTraces().size() > 3, "threads seen by the stack walk");
                        Check.eq(generation % 4 + 1, Shapes.megamorphicSum(generation++), "shape sum");
                        Thread.sleep(5);
                    }
                } catch (Throwable e) {
                    failure.compareAndSet(null, e);
                }
            }, "safepoint-maker"));
            threads.add(new Thread(() -> { // MPI from a second thread, on its own communicator
                try {
                    for (int round = 0; round < ROUNDS; round++) exchange(side, rank, size, round + 10_000);
                } catch (Throwable e) {
                    failure.compareAndSet(null, e);
                }
            }, "mpi-side"));
            for (Thread t : threads) t.start();
            try {
                for (int round = 0; round < ROUNDS; round++) {
                    exchange(world, rank, size, round);
                    byte[] garbage = new byte[64 << 10]; // allocation pressure between calls
                    garbage[round % garbage.length] = 1;
                }
            } finally {
                threads.get(threads.size() - 1).join();
                stop.set(true);
                for (Thread t : threads) t.join();
                side.Free();
            }
            if (failure.get() != null) throw new AssertionError("a thread failed: " + failure.get(), failure.get());
            Check.isTrue(spun.get() > 0, "the spinners ran");
        });
        cases.add("messages_still_right_afterwards", () -> {
            for (int round = 0; round < 20; round++) exchange(world, rank, size, round + 20_000);
            int[] sum = new int[1];
            world.Allreduce(new int[] {rank + 1}, 0, sum, 0, 1, MPI.INT, MPI.SUM);
            Check.eq(size * (size + 1) / 2, sum[0], "Allreduce of rank + 1");
        });
    }

    /** A ring shift of a pattern unique to (rank, round, index), checked element by element, guards included. */
    static void exchange(Intracomm comm, int rank, int size, int round) {
        int right = (rank + 1) % size, left = (rank + size - 1) % size, n = 257;
        long[] out = new long[n], in = new long[n + 2];
        for (int i = 0; i < n; i++) out[i] = value(rank, round, i);
        in[0] = in[n + 1] = -7;
        comm.Sendrecv(out, 0, n, MPI.LONG, right, round & 0x7fff, in, 1, n, MPI.LONG, left, round & 0x7fff);
        for (int i = 0; i < n; i++) {
            if (in[i + 1] != value(left, round, i)) {
                throw new AssertionError("round " + round + " element " + i + ": expected " + value(left, round, i)
                        + " but was " + in[i + 1]);
            }
        }
        Check.isTrue(in[0] == -7 && in[n + 1] == -7, "elements around the message untouched in round " + round);
    }

    static long value(int rank, int round, int i) {
        return rank * 1_000_003L + round * 1009L + i;
    }

    private static int length(int[] a) {
        return a.length;
    }

    private static void recurse(int[] depth) {
        depth[0]++;
        recurse(depth);
    }

    /** Allreduce of 1 from {@code frames} calls deep. */
    private static int deepAllreduce(Intracomm comm, int frames) {
        if (frames > 0) return deepAllreduce(comm, frames - 1);
        int[] sum = new int[1];
        comm.Allreduce(new int[] {1}, 0, sum, 0, 1, MPI.INT, MPI.SUM);
        return sum[0];
    }

    private static long countedLoop(int n) {
        long acc = 0;
        for (int i = 0; i < n; i++) acc += i ^ (acc >>> 3);
        return acc | 1;
    }

    /** Call sites that see one, then two, ... four receiver classes: each new class invalidates compiled code. */
    static final class Shapes {
        interface Shape {
            int sides();
        }

        static final class One implements Shape {
            public int sides() {
                return 1;
            }
        }

        static final class Two implements Shape {
            public int sides() {
                return 2;
            }
        }

        static final class Three implements Shape {
            public int sides() {
                return 3;
            }
        }

        static final class Four implements Shape {
            public int sides() {
                return 4;
            }
        }

        private static final Shape[] SHAPES = {new One(), new Two(), new Three(), new Four()};

        /** Warms a call site on the generation's shape (after others were seen): returns that shape's sides. */
        static int megamorphicSum(int generation) {
            Shape shape = SHAPES[generation % 4];
            long total = 0;
            for (int i = 0; i < 20_000; i++) total += sides(shape);
            return (int) (total / 20_000);
        }

        private static int sides(Shape shape) {
            return shape.sides();
        }
    }
}
