package natmpj.it;

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
 * "PASS name" / "FAIL name message" lines to its own file under -Dnatmpj.test.out (stdout of several ranks
 * interleaves; files do not). MultiRankIT launches the job and turns the files into JUnit results.
 */
public final class Cases {
    /** A case body; may throw anything, which fails the case on this rank. */
    public interface Body {
        void run() throws Exception;
    }

    private final Map<String, Body> cases = new LinkedHashMap<>();
    private final List<String> results = new ArrayList<>();
    /** Open once the rank is known: each line is flushed as it happens, so a hang or crash shows which case. */
    private PrintWriter live;

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

    public void add(String name, Body body) {
        if (name.contains(" ") || cases.put(name, body) != null) throw new IllegalArgumentException("bad case " + name);
    }

    /** Runs the cases registered so far and forgets them; with {@code barrier}, ranks re-align after each case. */
    public void run(boolean barrier) {
        openLive();
        for (Map.Entry<String, Body> c : cases.entrySet()) {
            record("PLAN " + c.getKey());
            try {
                c.getValue().run();
                record("PASS " + c.getKey());
            } catch (Throwable t) {
                StackTraceElement[] at = t.getStackTrace();
                String where = at.length > 0 ? " at " + at[0] : "";
                record("FAIL " + c.getKey() + " " + (t + where).replace('\n', ' '));
            }
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

    /** From the first run on (after Init), results go straight to this rank's file. */
    private void openLive() {
        if (live != null) return;
        try {
            live = new PrintWriter(Files.newBufferedWriter(file(MPI.COMM_WORLD.Rank())));
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
    public void write(int rank) throws IOException {
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
