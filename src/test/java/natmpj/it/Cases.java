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

    public void add(String name, Body body) {
        if (name.contains(" ") || cases.put(name, body) != null) throw new IllegalArgumentException("bad case " + name);
    }

    /** Runs the cases registered so far and forgets them; with {@code barrier}, ranks re-align after each case. */
    public void run(boolean barrier) {
        for (Map.Entry<String, Body> c : cases.entrySet()) {
            results.add("PLAN " + c.getKey());
            try {
                c.getValue().run();
                results.add("PASS " + c.getKey());
            } catch (Throwable t) {
                StackTraceElement[] at = t.getStackTrace();
                String where = at.length > 0 ? " at " + at[0] : "";
                results.add("FAIL " + c.getKey() + " " + (t + where).replace('\n', ' '));
            }
            if (barrier) MPI.COMM_WORLD.Barrier();
        }
        cases.clear();
    }

    /** Writes this rank's results (rank known only after Init, so results are kept until then). */
    public void write(int rank) throws IOException {
        Path dir = Paths.get(System.getProperty("natmpj.test.out", "."));
        Files.createDirectories(dir);
        try (PrintWriter out = new PrintWriter(Files.newBufferedWriter(dir.resolve("rank-" + rank + ".txt")))) {
            for (String line : results) out.println(line);
            out.println("DONE");
        }
    }
}
