package natmpj.testkit;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import mpi.MPI;

/**
 * A tiny in-job test runner: a suite registers named cases, every rank runs them in order, and each rank writes
 * "PLAN name", then "PASS name" or "FAIL name message" and "TIME name seconds" (what the case took on this rank, for
 * finding where a tier's time goes) lines to its own file under -Dnatmpj.test.out (stdout of several ranks
 * interleaves; files do not), and "DONE" last. {@link MpiJob} launches the job and
 * {@link MultiRankTests} turns the files into JUnit results.
 *
 * <p>A suite's main is one call, {@link #job}: MPI.Init, the suite's cases, MPI.Finalize and the rank's file.
 * <pre>{@code
 * public static void main(String[] args) throws Exception {
 *     Cases.job(args).run(MySuite::addCases);                     // or .threadLevel(MPI.THREAD_MULTIPLE) first
 * }
 *
 * static void addCases(Cases cases) {
 *     Intracomm world = MPI.COMM_WORLD;
 *     cases.add("ring", () -> ...);
 * }
 * }</pre>
 * It calls only what MPJ Express's {@code mpi.MPI} has too (Init, Finalize, COMM_WORLD's Rank, Size and Barrier;
 * Init_thread only for {@link Job#threadLevel}), so programs compiled against either run on it.
 */
public final class Cases {
    /** A case body; may throw anything, which fails the case on this rank. */
    public interface Body {
        void run() throws Exception;
    }

    /** Registers the cases of one phase of a job (and may run them itself with {@link Cases#run(boolean)}). */
    public interface Phase {
        void add(Cases cases) throws Exception;
    }

    private final Map<String, Body> cases = new LinkedHashMap<>();
    private final List<String> results = new ArrayList<>();
    /** Open once the rank is known: each line is flushed as it happens, so a hang or crash shows which case. */
    private PrintWriter live;
    private String[] args = new String[0];
    private int rank = -1;
    private int provided = -1;

    /**
     * The boilerplate of every suite's main: {@code Cases.job(args).run(phase)} calls MPI.Init(args), lets the
     * phase register its cases, runs them with a barrier after each, calls MPI.Finalize and ends this rank's file.
     * The options before {@link Job#run} change that: Init_thread, no barriers, phases before Init and after
     * Finalize, a suite that finalizes MPI in a case of its own.
     */
    public static Job job(String[] args) {
        return new Job(args);
    }

    /** How a suite's job runs its phases; see {@link Cases#job}. */
    public static final class Job {
        private final String[] args;
        private Integer threadLevel;
        private boolean barriers = true;
        private boolean finalizedBySuite;
        private Phase beforeInit;
        private Phase afterFinalize;

        private Job(String[] args) {
            this.args = args;
        }

        /** MPI.Init_thread(args, required) instead of MPI.Init(args); {@link Cases#provided()} gives its result. */
        public Job threadLevel(int required) {
            threadLevel = required;
            return this;
        }

        /** No barrier between the cases of the main phase (ranks may run ahead of each other). */
        public Job withoutBarriers() {
            barriers = false;
            return this;
        }

        /** Cases run before MPI.Init (without barriers: there is no MPI yet). */
        public Job beforeInit(Phase phase) {
            beforeInit = phase;
            return this;
        }

        /** Cases run after MPI.Finalize (without barriers), before the rank's file is ended. */
        public Job afterFinalize(Phase phase) {
            afterFinalize = phase;
            return this;
        }

        /**
         * The suite calls MPI.Finalize itself, in a case (to check what Finalize does): the job does not. Such a
         * suite runs its last cases itself, without barriers ({@code cases.run(false)}).
         */
        public Job finalizedBySuite() {
            finalizedBySuite = true;
            return this;
        }

        /** Runs the job on this rank: every phase in order, then ends this rank's file with DONE. */
        public void run(Phase main) throws Exception {
            Cases cases = new Cases();
            cases.args = args;
            if (beforeInit != null) {
                beforeInit.add(cases);
                cases.run(false);
            }
            if (threadLevel == null) {
                MPI.Init(args);
            } else {
                cases.provided = MPI.Init_thread(args, threadLevel);
            }
            cases.rank = MPI.COMM_WORLD.Rank();
            main.add(cases);
            cases.run(barriers);
            if (!finalizedBySuite) MPI.Finalize();
            if (afterFinalize != null) {
                afterFinalize.add(cases);
                cases.run(false);
            }
            cases.write();
        }
    }

    /** The program's arguments, as the job was given them. */
    public String[] args() {
        return args;
    }

    /** This rank in MPI.COMM_WORLD (known after Init, kept after Finalize). */
    public int rank() {
        return rank;
    }

    /** The thread level MPI.Init_thread provided ({@link Job#threadLevel}); -1 after plain MPI.Init. */
    public int provided() {
        return provided;
    }

    /**
     * How many rounds a loop-heavy case runs: {@code full}, or {@code oversubscribed} when this job has more ranks
     * than the machine has cores (oversubscribed MPICH ranks poll for their time slices: each message can take
     * milliseconds). Call after MPI.Init.
     */
    public static int rounds(int full, int oversubscribed) {
        return MPI.COMM_WORLD.Size() > machineCores() ? oversubscribed : full;
    }

    /** The machine's online cores: not availableProcessors(), which Open MPI's binding cuts to the rank's one. */
    static int machineCores() {
        try {
            int cores = 0;
            for (String range : Files.readString(Paths.get("/sys/devices/system/cpu/online")).trim().split(",")) {
                String[] ends = range.split("-");
                cores += ends.length == 1 ? 1 : Integer.parseInt(ends[1]) - Integer.parseInt(ends[0]) + 1;
            }
            return cores;
        } catch (IOException | RuntimeException e) {
            return Runtime.getRuntime().availableProcessors();
        }
    }

    /** Registers a case; its name (no spaces, unique in the job) is the JUnit test's name. */
    public void add(String name, Body body) {
        if (name.contains(" ") || cases.put(name, body) != null) throw new IllegalArgumentException("bad case " + name);
    }

    /**
     * Runs the cases registered so far and forgets them; with {@code barrier}, ranks re-align after each case
     * (MPI must be initialized and not finalized then).
     */
    public void run(boolean barrier) {
        if (rank >= 0) openLive();
        for (Map.Entry<String, Body> c : cases.entrySet()) {
            record("PLAN " + c.getKey());
            long t0 = System.nanoTime();
            try {
                c.getValue().run();
                record("PASS " + c.getKey());
            } catch (Throwable t) {
                StackTraceElement[] at = t.getStackTrace();
                String where = at.length > 0 ? " at " + at[0] : "";
                record("FAIL " + c.getKey() + " " + (t + where).replace('\n', ' '));
            }
            record(String.format(java.util.Locale.ROOT, "TIME %s %.3f", c.getKey(), (System.nanoTime() - t0) / 1e9));
            if (barrier) MPI.COMM_WORLD.Barrier();
        }
        cases.clear();
    }

    private void record(String line) {
        results.add(line);
        if (live != null) {
            live.println(line);
            live.flush();
        }
    }

    /** From the first run after Init on, results go straight to this rank's file. */
    private void openLive() {
        if (live != null) return;
        try {
            live = new PrintWriter(Files.newBufferedWriter(file(rank)));
        } catch (IOException | RuntimeException e) {
            live = null; // write() still reports everything at the end
        }
        if (live != null) for (String line : results) live.println(line);
    }

    private static Path file(int rank) throws IOException {
        Path dir = Paths.get(System.getProperty("natmpj.test.out", "."));
        Files.createDirectories(dir);
        return dir.resolve("rank-" + rank + ".txt");
    }

    /** Ends this rank's results with DONE (writing them all if they could not be written as they happened). */
    private void write() throws IOException {
        if (live != null) {
            live.println("DONE");
            live.close();
            return;
        }
        try (PrintWriter out = new PrintWriter(Files.newBufferedWriter(file(rank)))) {
            for (String line : results) out.println(line);
            out.println("DONE");
        }
    }
}
