package natmpj;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/** One real {@code mpirun -np N java ...} launch of an in-job suite, with a time limit and its output kept. */
final class MpiJob {
    static final Path NATIVE = Paths.get(System.getProperty("natmpj.native.dir", "target/native"));
    static final Path REPORTS = Paths.get(System.getProperty("natmpj.test.reports", "target/mpirun-logs"));
    static final String CLASSPATH = System.getProperty("natmpj.test.classpath", System.getProperty("java.class.path"));
    static final long TIMEOUT_S = Long.getLong("natmpj.test.timeout", 180);

    final String flavour;
    final int ranks;
    final String mainClass;
    final String java;
    final String label;
    /** The ranks' class path: natmpj's classes and the tests', and whatever {@link #withClasspath} adds. */
    String classpath = CLASSPATH;
    /** JVM options before the main class (e.g. a collector), and the program's arguments after it. */
    final List<String> jvmOptions = new ArrayList<>();
    final List<String> args = new ArrayList<>();
    long timeoutS = TIMEOUT_S;
    final Path log;
    final Path out;
    int exitCode = -1;
    boolean timedOut;
    /** Per rank: its result lines (PLAN/PASS/FAIL/DONE), or null when it wrote none. */
    final Map<Integer, List<String>> results = new LinkedHashMap<>();

    MpiJob(String flavour, int ranks, Class<?> main, String javaHome, String label) {
        this(flavour, ranks, main.getName(), javaHome, label);
    }

    /** A job whose main class is not on this JVM's class path (e.g. compiled at test time). */
    MpiJob(String flavour, int ranks, String mainClass, String javaHome, String label) {
        this.flavour = flavour;
        this.ranks = ranks;
        this.mainClass = mainClass;
        this.java = Paths.get(javaHome, "bin", "java").toString();
        this.label = label;
        String name = label.replaceAll("[^A-Za-z0-9_.=-]+", "_");
        this.log = REPORTS.resolve(name + ".log");
        this.out = REPORTS.resolve(name);
    }

    static boolean installed(String flavour) {
        return Files.isRegularFile(NATIVE.resolve(flavour).resolve("libnatmpj.so")) && onPath("mpirun." + flavour);
    }

    static boolean onPath(String program) {
        for (String dir : System.getenv().getOrDefault("PATH", "").split(":")) {
            if (Files.isExecutable(Paths.get(dir, program))) return true;
        }
        return false;
    }

    List<String> command() {
        List<String> cmd = new ArrayList<>();
        cmd.add("mpirun." + flavour);
        if (flavour.equals("openmpi")) {
            cmd.add("--oversubscribe");
            if ("root".equals(System.getProperty("user.name"))) cmd.add("--allow-run-as-root");
        }
        cmd.addAll(Arrays.asList("-np", String.valueOf(ranks), java, "--enable-native-access=ALL-UNNAMED", "-cp", classpath,
                "-Djava.library.path=" + NATIVE.resolve(flavour), "-Dnatmpj.test.out=" + out));
        // The in-job suites' own settings (e.g. -Dnatmpj.it.soak.rounds=...) pass from the build to every rank.
        System.getProperties().stringPropertyNames().stream().filter(k -> k.startsWith("natmpj.it.")).sorted()
                .forEach(k -> cmd.add("-D" + k + "=" + System.getProperty(k)));
        cmd.addAll(jvmOptions);
        cmd.add(mainClass);
        cmd.addAll(args);
        return cmd;
    }

    MpiJob withJvmOptions(List<String> options) {
        jvmOptions.addAll(options);
        return this;
    }

    /** Appends a directory or jar to the ranks' class path. */
    MpiJob withClasspath(String entry) {
        classpath = classpath + File.pathSeparator + entry;
        return this;
    }

    MpiJob withArgs(String... programArgs) {
        args.addAll(Arrays.asList(programArgs));
        return this;
    }

    MpiJob withTimeout(long seconds) {
        timeoutS = seconds;
        return this;
    }

    MpiJob run() throws IOException, InterruptedException {
        Files.createDirectories(out);
        try (var files = Files.list(out)) {
            for (Path p : (Iterable<Path>) files::iterator) Files.delete(p);
        }
        ProcessBuilder pb = new ProcessBuilder(command()).redirectErrorStream(true).redirectOutput(log.toFile());
        Process p = pb.start();
        if (!p.waitFor(timeoutS, TimeUnit.SECONDS)) {
            timedOut = true;
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
            p.waitFor(10, TimeUnit.SECONDS);
        } else {
            exitCode = p.exitValue();
        }
        for (int r = 0; r < ranks; r++) {
            Path f = out.resolve("rank-" + r + ".txt");
            results.put(r, Files.isRegularFile(f) ? Files.readAllLines(f) : null);
        }
        return this;
    }

    /** The job's combined output, at most the last {@code lines} lines, for failure messages. */
    String tail(int lines) {
        try {
            List<String> all = Files.readAllLines(log);
            List<String> last = all.subList(Math.max(0, all.size() - lines), all.size());
            return "\n--- " + String.join(" ", command()) + "\n--- output (" + log + "):\n" + String.join("\n", last);
        } catch (IOException e) {
            return "\n(no output: " + e + ")";
        }
    }

    String outcome() {
        return timedOut ? "timed out after " + timeoutS + " s (killed)" : "exit code " + exitCode;
    }
}
