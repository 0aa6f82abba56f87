package natmpj.testkit;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * One real {@code mpirun.<flavour> -np N java ... Main args} launch, with a time limit, its output kept in
 * {@code <reports>/<label>.log} and each rank's result file ({@link Cases}) read back. Any main class: a suite, a
 * program that ends its job on purpose, or one compiled at test time against another jar ({@link #withClasspath}).
 *
 * <pre>{@code
 * MpiJob job = new MpiJob("openmpi", 2, "natmpj.it.PointToPointSuite", "openmpi np=2 PointToPointSuite")
 *         .withJdk("/usr/lib/jvm/temurin-25-jdk-amd64").withJvmOptions("-Xcheck:jni").withTimeout(60).run();
 * job.results();   // per rank: its PLAN/PASS/FAIL/DONE lines
 * }</pre>
 * Every rank gets {@code --enable-native-access=ALL-UNNAMED}, {@code -Djava.library.path=<native>/<flavour>},
 * {@code -Dnatmpj.test.out=<its result folder>} and the build's {@code -Dnatmpj.it.*} properties (the suites' own
 * settings, e.g. {@code -Dnatmpj.it.soak.rounds}), then the job's JVM options, main class and arguments. Under Open
 * MPI, {@code --oversubscribe} (and {@code --allow-run-as-root} as root).
 */
public final class MpiJob {
    /** Where each flavour's native library was built: {@code <native>/<flavour>/libnatmpj.so}. */
    public static final Path NATIVE = Paths.get(System.getProperty("natmpj.native.dir", "target/native"));
    /** Where the logs and result folders of the launches go. */
    public static final Path REPORTS = Paths.get(System.getProperty("natmpj.test.reports", "target/mpirun-logs"));
    /** The ranks' default class path: natmpj's classes and the tests' (the build passes them). */
    public static final String CLASSPATH =
            System.getProperty("natmpj.test.classpath", System.getProperty("java.class.path"));
    /** The default time limit of a launch, in seconds (-Dnatmpj.test.timeout). */
    public static final long TIMEOUT_S = Long.getLong("natmpj.test.timeout", 180);
    /** The build's properties with this prefix pass to every rank. */
    private static final String FORWARDED = "natmpj.it.";

    private final String flavour;
    private final int ranks;
    private final String mainClass;
    private final String label;
    private String java = Paths.get(System.getProperty("java.home"), "bin", "java").toString();
    private String classpath = CLASSPATH;
    private final List<String> jvmOptions = new ArrayList<>();
    private final List<String> args = new ArrayList<>();
    private long timeoutS = TIMEOUT_S;
    private final Map<String, String> environment = new LinkedHashMap<>();
    private boolean sized;
    private final Path log;
    private final Path out;
    private int exitCode = -1;
    private boolean timedOut;
    private final Map<Integer, List<String>> results = new LinkedHashMap<>();

    /** A job of {@code ranks} ranks under {@code mpirun.<flavour>}, run on this JVM's JDK; label names its log. */
    public MpiJob(String flavour, int ranks, Class<?> main, String label) {
        this(flavour, ranks, main.getName(), label);
    }

    /** The same, for a main class this JVM does not see (e.g. compiled at test time: {@link #withClasspath}). */
    public MpiJob(String flavour, int ranks, String mainClass, String label) {
        this.flavour = flavour;
        this.ranks = ranks;
        this.mainClass = mainClass;
        this.label = label;
        String name = label.replaceAll("[^A-Za-z0-9_.=-]+", "_");
        this.log = REPORTS.resolve(name + ".log");
        this.out = REPORTS.resolve(name);
    }

    /** Whether mpirun.{@code flavour} is on the PATH and natmpj's library was built for it. */
    public static boolean installed(String flavour) {
        return Files.isRegularFile(NATIVE.resolve(flavour).resolve("libnatmpj.so")) && onPath("mpirun." + flavour);
    }

    private static boolean onPath(String program) {
        for (String dir : System.getenv().getOrDefault("PATH", "").split(":")) {
            if (Files.isExecutable(Paths.get(dir, program))) return true;
        }
        return false;
    }

    /** Runs the ranks on the JDK at {@code javaHome} (by default the one running this). */
    public MpiJob withJdk(String javaHome) {
        java = Paths.get(javaHome, "bin", "java").toString();
        return this;
    }

    /**
     * Starts every rank through natmpj-java (-Dnatmpj.test.natmpjJava, by default bin/natmpj-java), which sizes its
     * JVM for its share of the node and runs this job's java (NATMPJ_JAVA).
     */
    public MpiJob sized() {
        sized = true;
        return this;
    }

    /** An environment variable of the launcher and, through it, of every rank. */
    public MpiJob withEnv(String name, String value) {
        environment.put(name, value);
        return this;
    }

    /** The same, written NAME=VALUE. */
    public MpiJob withEnv(String assignment) {
        int eq = assignment.indexOf('=');
        if (eq <= 0) throw new IllegalArgumentException("not NAME=VALUE: " + assignment);
        return withEnv(assignment.substring(0, eq), assignment.substring(eq + 1));
    }

    /** Appends a directory or jar to the ranks' class path. */
    public MpiJob withClasspath(String entry) {
        classpath = classpath + File.pathSeparator + entry;
        return this;
    }

    /** Replaces the ranks' whole class path (e.g. by another implementation of package mpi and the kit). */
    public MpiJob withOnlyClasspath(String... entries) {
        classpath = String.join(File.pathSeparator, entries);
        return this;
    }

    /** JVM options, passed before the main class (e.g. a collector). */
    public MpiJob withJvmOptions(List<String> options) {
        jvmOptions.addAll(options);
        return this;
    }

    public MpiJob withJvmOptions(String... options) {
        return withJvmOptions(Arrays.asList(options));
    }

    /** The program's arguments, after the main class. */
    public MpiJob withArgs(String... programArgs) {
        args.addAll(Arrays.asList(programArgs));
        return this;
    }

    /** The time limit of the launch; past it the job is killed ({@link #timedOut()}). */
    public MpiJob withTimeout(long seconds) {
        timeoutS = seconds;
        return this;
    }

    /** The command line the launch runs. */
    public List<String> command() {
        List<String> cmd = new ArrayList<>();
        cmd.add("mpirun." + flavour);
        if (flavour.equals("openmpi")) {
            cmd.add("--oversubscribe");
            if ("root".equals(System.getProperty("user.name"))) cmd.add("--allow-run-as-root");
        }
        String rankJava = sized ? System.getProperty("natmpj.test.natmpjJava", "bin/natmpj-java") : java;
        cmd.addAll(Arrays.asList("-np", String.valueOf(ranks), rankJava, "--enable-native-access=ALL-UNNAMED", "-cp",
                classpath, "-Djava.library.path=" + NATIVE.resolve(flavour), "-Dnatmpj.test.out=" + out));
        System.getProperties().stringPropertyNames().stream().filter(k -> k.startsWith(FORWARDED)).sorted()
                .forEach(k -> cmd.add("-D" + k + "=" + System.getProperty(k)));
        cmd.addAll(jvmOptions);
        cmd.add(mainClass);
        cmd.addAll(args);
        return cmd;
    }

    /**
     * Launches the job and waits for it to end or for the time limit; then reads every rank's result file. Each
     * launch adds a line to {@code <reports>/durations.tsv}: label, seconds, outcome (where a test run's time went).
     */
    public MpiJob run() throws IOException, InterruptedException {
        long start = System.nanoTime();
        Files.createDirectories(out);
        try (var files = Files.list(out)) {
            for (Path p : (Iterable<Path>) files::iterator) Files.delete(p);
        }
        ProcessBuilder pb = new ProcessBuilder(command()).redirectErrorStream(true).redirectOutput(log.toFile());
        pb.environment().putAll(environment);
        if (sized) pb.environment().put("NATMPJ_JAVA", java);
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
        String line = String.format("%s\t%.1f\t%s%n", label, (System.nanoTime() - start) / 1e9, outcome());
        synchronized (MpiJob.class) {
            Files.writeString(REPORTS.resolve("durations.tsv"), line, StandardOpenOption.CREATE,
                    StandardOpenOption.APPEND);
        }
        return this;
    }

    public String label() {
        return label;
    }

    public int ranks() {
        return ranks;
    }

    /** The launcher's exit code; -1 when it was killed at the time limit. */
    public int exitCode() {
        return exitCode;
    }

    public boolean timedOut() {
        return timedOut;
    }

    /** Per rank (0..N-1, in order): its result lines (PLAN/PASS/FAIL/DONE), or null when it wrote none. */
    public Map<Integer, List<String>> results() {
        return Collections.unmodifiableMap(results);
    }

    /** The file holding the job's combined output (every rank's stdout and stderr, and the launcher's). */
    public Path log() {
        return log;
    }

    /** The job's whole combined output. */
    public String output() throws IOException {
        return Files.readString(log);
    }

    /** The command and the last {@code lines} lines of the job's output, for failure messages. */
    public String tail(int lines) {
        try {
            List<String> all = Files.readAllLines(log);
            List<String> last = all.subList(Math.max(0, all.size() - lines), all.size());
            return "\n--- " + String.join(" ", command()) + "\n--- output (" + log + "):\n" + String.join("\n", last);
        } catch (IOException e) {
            return "\n(no output: " + e + ")";
        }
    }

    /** "exit code N", or that it timed out and was killed. */
    public String outcome() {
        return timedOut ? "timed out after " + timeoutS + " s (killed)" : "exit code " + exitCode;
    }
}
