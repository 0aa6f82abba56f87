import java.io.Serializable;
import java.util.SplittableRandom;

import mpi.Datatype;
import mpi.MPI;
import mpi.Op;
import mpi.User_function;

/**
 * Estimates pi as the integral of 4/(1+x^2) over [0,1] by Monte Carlo, and shows reductions over Java objects:
 * every rank summarizes its samples in {@link Stats} objects, which Reduce over MPI.OBJECT merges on rank 0 with a
 * user-defined Op. Two estimators run on the same uniform samples x: the plain one, f(x), and the antithetic one,
 * (f(x) + f(1-x)) / 2, whose errors partly cancel; each has its own Stats, so the reduction has two elements.
 *
 * <pre>
 *   javac -d /tmp/ex -cp target/natmpj-0.1.0.jar examples/MonteCarlo.java
 *   mpirun -np 4 java -cp target/natmpj-0.1.0.jar:/tmp/ex -Djava.library.path=target/native/openmpi \
 *       MonteCarlo [samples-per-rank]
 *   ... MonteCarlo --help
 * </pre>
 *
 * samples-per-rank defaults to 1,000,000. Rank 0 exits with status 1 if the merged sample counts are not the total,
 * or either estimate is more than 5 standard errors from pi (about 1 run in 1.7 million would fail by chance; the
 * seeds are fixed, so a given rank count and sample count always give the same answer).
 */
public class MonteCarlo {
    private static final long SEED = 0x9E3779B97F4A7C15L;
    private static final double MAX_SIGMAS = 5;
    private static final String USAGE = ""
            + "Usage: mpirun -np P java ... MonteCarlo [samples-per-rank]\n"
            + "Monte Carlo estimate of pi, statistics merged with a user-defined reduction over MPI.OBJECT.\n"
            + "  samples-per-rank  uniform samples on each rank, >= 2 (default 1000000)\n";

    /** Running statistics of a sample: mergeable, so that partial results can be combined in any order. */
    static final class Stats implements Serializable {
        private static final long serialVersionUID = 1L;
        long count;
        double sum;
        double sumOfSquares;
        double min = Double.POSITIVE_INFINITY;
        double max = Double.NEGATIVE_INFINITY;

        void add(double v) {
            count++;
            sum += v;
            sumOfSquares += v * v;
            min = Math.min(min, v);
            max = Math.max(max, v);
        }

        /** A new object: the reduction must not change its inputs, which may be the caller's own objects. */
        static Stats merge(Stats x, Stats y) {
            Stats m = new Stats();
            m.count = x.count + y.count;
            m.sum = x.sum + y.sum;
            m.sumOfSquares = x.sumOfSquares + y.sumOfSquares;
            m.min = Math.min(x.min, y.min);
            m.max = Math.max(x.max, y.max);
            return m;
        }

        double mean() {
            return sum / count;
        }

        /** Standard error of the mean, from the sample variance. */
        double standardError() {
            double variance = (sumOfSquares - sum * sum / count) / (count - 1);
            return Math.sqrt(Math.max(variance, 0) / count);
        }
    }

    /** inoutvec[inoutoffset + i] = invec[inoffset + i] merged with inoutvec[inoutoffset + i], for i < count. */
    static final class MergeStats extends User_function {
        @Override
        public void Call(Object invec, int inoffset, Object inoutvec, int inoutoffset, int count, Datatype datatype) {
            Object[] in = (Object[]) invec;
            Object[] inout = (Object[]) inoutvec;
            for (int i = 0; i < count; i++) {
                inout[inoutoffset + i] = Stats.merge((Stats) in[inoffset + i], (Stats) inout[inoutoffset + i]);
            }
        }
    }

    public static void main(String[] args) throws Exception {
        args = MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank();
        int size = MPI.COMM_WORLD.Size();

        // Rank 0 parses the argument and broadcasts {status, samples}: status 0 run, 1 --help, 2 bad arguments.
        long[] params = {0, 1_000_000L};
        if (rank == 0) parse(args, params);
        MPI.COMM_WORLD.Bcast(params, 0, params.length, MPI.LONG, 0);
        if (params[0] != 0) {
            MPI.Finalize();
            System.exit(params[0] == 1 ? 0 : 2);
            return;
        }
        long samples = params[1];

        long start = System.nanoTime();
        // Each rank its own stream: SplittableRandom mixes the seed, so neighbouring seeds give unrelated streams.
        SplittableRandom random = new SplittableRandom(SEED + rank);
        Stats plain = new Stats();
        Stats antithetic = new Stats();
        for (long s = 0; s < samples; s++) {
            double x = random.nextDouble();
            double fx = f(x);
            plain.add(fx);
            antithetic.add(0.5 * (fx + f(1 - x)));
        }

        // Commutative (true): MPI may merge the ranks' statistics in any order, which changes only rounding.
        Op merge = new Op(new MergeStats(), true);
        Object[] mine = {plain, antithetic};
        Object[] all = new Object[2];
        MPI.COMM_WORLD.Reduce(mine, 0, all, 0, 2, MPI.OBJECT, merge, 0);
        merge.free();
        double seconds = (System.nanoTime() - start) / 1e9;

        boolean ok = true;
        if (rank == 0) {
            long total = samples * size;
            System.out.printf("MonteCarlo: %d samples on each of %d ranks, %.3f s%n", samples, size, seconds);
            ok &= report("plain", (Stats) all[0], total);
            ok &= report("antithetic", (Stats) all[1], total);
        }
        MPI.Finalize();
        // Only after Finalize: exiting earlier would look like a crashed rank to mpirun.
        if (!ok) System.exit(1);
    }

    /** The integrand: its mean over uniform x in [0,1] is pi. */
    private static double f(double x) {
        return 4 / (1 + x * x);
    }

    /** Prints one estimator's result; false if its count is wrong or it is too far from pi. */
    private static boolean report(String name, Stats stats, long total) {
        double estimate = stats.mean();
        double se = stats.standardError();
        double sigmas = Math.abs(estimate - Math.PI) / se;
        boolean countOk = stats.count == total;
        boolean closeEnough = sigmas <= MAX_SIGMAS;
        System.out.printf("  %-10s pi ~ %.8f +- %.2e (error %.2e = %.2f standard errors), f in [%.6f, %.6f]%s%s%n",
                name, estimate, se, estimate - Math.PI, sigmas, stats.min, stats.max,
                countOk ? "" : ", count " + stats.count + " instead of " + total,
                closeEnough ? "" : ", more than " + MAX_SIGMAS + " standard errors off");
        return countOk && closeEnough;
    }

    /** Fills params {status, samples} from the command line; prints the usage on --help or an error. */
    private static void parse(String[] args, long[] params) {
        if (args.length > 0 && (args[0].equals("--help") || args[0].equals("-h"))) {
            System.out.print(USAGE);
            params[0] = 1;
            return;
        }
        String error = null;
        if (args.length > 1) {
            error = "too many arguments";
        } else if (args.length > 0) {
            try {
                params[1] = Long.parseLong(args[0]);
            } catch (NumberFormatException e) {
                params[1] = -1;
            }
            // At least 2 for a sample variance; the cap keeps samples * ranks far from overflowing a long.
            if (params[1] < 2 || params[1] > 1L << 40) {
                error = "samples-per-rank must be an integer in 2.." + (1L << 40) + ", not " + args[0];
            }
        }
        if (error != null) {
            System.err.print("MonteCarlo: " + error + "\n" + USAGE);
            params[0] = 2;
        }
    }
}
