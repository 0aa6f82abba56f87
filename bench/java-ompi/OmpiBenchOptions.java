import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import mpi.MPI;

/**
 * bench/java/BenchOptions.java written to Open MPI's Java API (getRank(), ...), for OmpiP2pBench: the same options,
 * defaults, usage text and CSV, so that its runs line up with P2pBench's and the C twin's. The two must stay the
 * same; only the MPI calls differ (BenchOptions uses mpiJava 1.2's, which Open MPI's own mpi.jar lacks).
 *
 * <p>Parsed identically on every rank: they all get the same arguments.
 */
final class OmpiBenchOptions {
    static final String CSV_HEADER = "impl,bench,buffer,calls,ranks,size_bytes,iterations,time_us,MBps";

    static final String COMMON_USAGE = ""
            + "  --min BYTES            smallest message size (default %d; 0 adds an empty message)\n"
            + "  --max BYTES            largest message size (default %d); sizes are min, 2*min, ... up to max\n"
            + "  --iters-scale F        multiply the timed iteration counts by F (default 1; warm-ups are not scaled)\n"
            + "  --jit-warmup N         iterations of the smallest case before the first size, for the JIT\n"
            + "                         (default %d)\n"
            + "  --buffer array|direct|allocate-direct  a Java array (default) or a direct ByteBuffer: from\n"
            + "                         MPI.newByteBuffer (natmpj: 2 MiB-aligned huge pages from 2 MiB, like the C\n"
            + "                         twins' buffers; Open MPI's bindings: ByteBuffer.allocateDirect) or from\n"
            + "                         ByteBuffer.allocateDirect (malloc'd memory)\n"
            + "  --calls blocking|nonblocking  blocking calls (default) or non-blocking ones + waitFor/waitAll\n"
            + "                         (arrays wrapped in heap ByteBuffers: natmpj only, Open MPI's bindings\n"
            + "                         refuse them)\n"
            + "  --settle S             before timing a size, warm it up until the JVM's compiler and GC threads\n"
            + "                         are quiet on both ranks, for at most S seconds (default 10; 0: off)\n"
            + "  --impl NAME            first CSV column (default java)\n"
            + "  --help                 this text\n"
            + "CSV on rank 0: " + CSV_HEADER + "\n";

    boolean help, direct, nonBlocking;
    int min, max;
    double scale = 1.0;
    long jitWarmup;
    /** --settle: at most this many seconds of waiting for a quiet JIT before each size (0: none). */
    double settle = OmpiSettle.DEFAULT_LIMIT_SECONDS;
    String impl = "java";
    /** The benchmark's own option (--test), or null when it takes none. */
    String choice;

    private OmpiBenchOptions(int min, int max, long jitWarmup, String choiceDefault) {
        this.min = min;
        this.max = max;
        this.jitWarmup = jitWarmup;
        this.choice = choiceDefault;
    }

    /**
     * MPI.Init, then the command line: on --help or a bad option, rank 0 prints the usage (to stdout or stderr),
     * and every rank finalizes and exits (0 or 2). choiceOption's value is left for the benchmark to check.
     */
    static OmpiBenchOptions init(String[] args, String name, String usage, int min, int max, long jitWarmup,
                                 String choiceOption, String choiceDefault) throws Exception {
        args = MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        try {
            OmpiBenchOptions o = parse(args, min, max, jitWarmup, choiceOption, choiceDefault);
            if (!o.help) return o;
            if (rank == 0) System.out.print(usage);
            MPI.Finalize();
            System.exit(0);
        } catch (IllegalArgumentException e) {
            fail(name, e.getMessage() + "\n" + usage);
        }
        return null;
    }

    /** Rank 0 reports a usage error; every rank finalizes and exits with 2. */
    static void fail(String name, String message) throws Exception {
        fail(name, message, 2);
    }

    /** Rank 0 reports message; every rank finalizes and exits with status. */
    static void fail(String name, String message, int status) throws Exception {
        if (MPI.COMM_WORLD.getRank() == 0) System.err.println(name + ": " + message);
        MPI.Finalize();
        System.exit(status);
    }

    /** Usage text: the program's own lines, then the common ones with this benchmark's defaults. */
    static String usage(String head, int min, int max, long jitWarmup) {
        return head + String.format(Locale.ROOT, COMMON_USAGE, min, max, jitWarmup);
    }

    /** Parses args; throws IllegalArgumentException naming the bad option (BenchOptions.parse's rules). */
    static OmpiBenchOptions parse(String[] args, int min, int max, long jitWarmup, String choiceOption,
                                  String choiceDefault) {
        OmpiBenchOptions o = new OmpiBenchOptions(min, max, jitWarmup, choiceDefault);
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            if (a.equals("--help") || a.equals("-h")) {
                o.help = true;
                continue;
            }
            if (i + 1 >= args.length) throw new IllegalArgumentException("unknown option or missing value: " + a);
            String v = args[++i];
            if (a.equals(choiceOption)) {
                o.choice = v;
                continue;
            }
            switch (a) {
                case "--buffer":
                    String kind = oneOf(a, v, "array", "direct", "allocate-direct");
                    o.direct = !kind.equals("array");
                    OmpiBenchData.allocateDirect = kind.equals("allocate-direct");
                    break;
                case "--calls":
                    o.nonBlocking = oneOf(a, v, "blocking", "nonblocking").equals("nonblocking");
                    break;
                case "--min": o.min = (int) number(a, v, 1 << 30); break;
                case "--max": o.max = (int) number(a, v, 1 << 30); break;
                case "--jit-warmup": o.jitWarmup = number(a, v, Long.MAX_VALUE); break;
                case "--impl": o.impl = v; break;
                case "--settle":
                    o.settle = decimal(v);
                    if (!(o.settle >= 0 && o.settle <= 3600)) {
                        throw new IllegalArgumentException("--settle must be a number of seconds in 0..3600, not "
                                + v);
                    }
                    break;
                case "--iters-scale":
                    o.scale = decimal(v);
                    if (!(o.scale > 0 && o.scale < 1e6)) {
                        throw new IllegalArgumentException("--iters-scale must be a positive number, not " + v);
                    }
                    break;
                default: throw new IllegalArgumentException("unknown option: " + a);
            }
        }
        if (o.min > o.max) throw new IllegalArgumentException("--min " + o.min + " is above --max " + o.max);
        return o;
    }

    /** The sizes to measure: min (may be 0), then powers of two up to max. */
    int[] sizes() {
        List<Integer> s = new ArrayList<>();
        for (long v = min; v <= max; v = v == 0 ? 1 : v * 2) s.add((int) v);
        int[] r = new int[s.size()];
        for (int i = 0; i < r.length; i++) r[i] = s.get(i);
        return r;
    }

    /** Timed iterations: n scaled by --iters-scale, at least 1. */
    long scaled(long n) {
        return Math.max(1, (long) (n * scale));
    }

    String buffer() {
        return !direct ? "array" : OmpiBenchData.allocateDirect ? "allocate-direct" : "direct";
    }

    String calls() {
        return nonBlocking ? "nonblocking" : "blocking";
    }

    /** One CSV line (rank 0 only). */
    void print(String bench, int ranks, int size, long iterations, double timeUs, double mbps) {
        System.out.println(String.format(Locale.ROOT, "%s,%s,%s,%s,%d,%d,%d,%.3f,%.2f", impl, bench, buffer(),
                calls(), ranks, size, iterations, timeUs, mbps));
        System.out.flush();
    }

    static String oneOf(String option, String v, String... allowed) {
        for (String a : allowed) if (a.equals(v)) return v;
        throw new IllegalArgumentException(option + " must be one of " + String.join("|", allowed) + ", not " + v);
    }

    /** v as a number, NaN if it is none (which every range check then refuses). */
    private static double decimal(String v) {
        try {
            return Double.parseDouble(v);
        } catch (NumberFormatException e) {
            return Double.NaN;
        }
    }

    private static long number(String option, String v, long max) {
        try {
            long n = Long.parseLong(v);
            if (n >= 0 && n <= max) return n;
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new IllegalArgumentException(option + " must be an integer in 0.." + max + ", not " + v);
    }
}
