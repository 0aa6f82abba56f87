package natmpj.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.DynamicContainer.dynamicContainer;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.UnaryOperator;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.DynamicNode;

/**
 * The driver's side of the kit (JUnit 5 dynamic tests, in the build's JVM; the ranks never load it): which suites,
 * flavours, rank counts and JDKs to run (the build's properties), the jobs a suite's {@link MultiRank} asks for, and
 * each launch turned into JUnit tests: "job ends cleanly on every rank" and one test per case, passing when every
 * rank passed it.
 *
 * <p>The build's properties: -Dnatmpj.test.flavours (default openmpi,mpich), -Dnatmpj.test.ranks (2,4),
 * -Dnatmpj.test.suites (simple class names; none: all), -Dnatmpj.test.extra.jdks (JDK homes; none by default),
 * -Dnatmpj.test.matrix (spread, the default, or full; see {@link #fullMatrix()}), -Dnatmpj.test.first.variant.only
 * (true: each suite's first JVM option set alone, on the build's JDK; the quick tier).
 */
public final class MultiRankTests {
    private MultiRankTests() {}

    /** The MPI flavours to run under (-Dnatmpj.test.flavours). */
    public static List<String> flavours() {
        return list("natmpj.test.flavours", "openmpi,mpich");
    }

    /** The rank counts (-Dnatmpj.test.ranks), for suites that declare none. */
    public static List<Integer> ranks() {
        return list("natmpj.test.ranks", "2,4").stream().map(Integer::valueOf).collect(Collectors.toList());
    }

    /**
     * The rank counts of {@code counts} that run under {@code flavour}: all of them with the full matrix; with the
     * spread matrix, a count above this machine's processors (an oversubscribed job) only on the first flavour
     * selected and installed. Oversubscribed ranks of an MPI that polls without yielding (MPICH's default) share
     * the cores by the scheduler's time slices, a job lasting ten times as long; what such a job tests beyond the
     * same job at fewer ranks is the MPI's algorithms at that size, which the first flavour's run and ci/test-mpis
     * (the MPICH family at 4 ranks) cover. On a machine with enough cores every count runs everywhere.
     */
    public static List<Integer> ranks(String flavour, List<Integer> counts) {
        if (fullMatrix()) return counts;
        List<String> installed = flavours().stream().filter(MpiJob::installed).collect(Collectors.toList());
        boolean first = installed.isEmpty() || installed.get(0).equals(flavour);
        int cores = Runtime.getRuntime().availableProcessors();
        return counts.stream().filter(np -> first || np <= cores).collect(Collectors.toList());
    }

    /**
     * The rank counts of the suites that declare {@link MultiRank#scale()} under {@code flavour}, from
     * -Dnatmpj.test.scale.ranks: "flavour:N+N,flavour:N", by default openmpi:64,mpich:32 (what a 2-core machine
     * runs in a few tens of seconds each, oversubscribed; docs/scale.md); none for a flavour not named. Not cut by
     * {@link #ranks(String, List)}: they are chosen per flavour.
     */
    public static List<Integer> scaleRanks(String flavour) {
        for (String entry : list("natmpj.test.scale.ranks", "openmpi:64,mpich:32")) {
            String[] kv = entry.split(":", 2);
            if (kv.length == 2 && kv[0].equals(flavour)) {
                return Arrays.stream(kv[1].split("\\+")).map(String::trim).filter(s -> !s.isEmpty())
                        .map(Integer::valueOf).collect(Collectors.toList());
            }
        }
        return List.of();
    }

    /** {@link #ranks()} as they run under {@code flavour} ({@link #ranks(String, List)}). */
    public static List<Integer> ranks(String flavour) {
        return ranks(flavour, ranks());
    }

    /** Whether only each suite's first JVM option set runs, on the build's JDK (-Dnatmpj.test.first.variant.only). */
    public static boolean firstVariantOnly() {
        return Boolean.getBoolean("natmpj.test.first.variant.only");
    }

    /** The extra JDKs' homes (-Dnatmpj.test.extra.jdks). */
    public static List<String> extraJdks() {
        return list("natmpj.test.extra.jdks", "");
    }

    /**
     * Whether every JVM option set of a suite runs on every flavour at every rank count (-Dnatmpj.test.matrix=full).
     * The default, spread, runs a suite's first option set (its plain or default-collector run) on every flavour at
     * every rank count, and spreads the others (other collectors, -Xcheck:jni, ...), whose subject is the JVM and
     * not the MPI: each runs at the first rank count on one flavour, the second set on the second flavour, the
     * third on the first, and so on; the extra JDKs' option sets likewise. Every option set still runs under a real
     * mpirun; the multi-rank tests take about half the time (on 2 cores, 4 ranks oversubscribe).
     */
    public static boolean fullMatrix() {
        String matrix = System.getProperty("natmpj.test.matrix", "spread").trim();
        if (matrix.isEmpty() || matrix.equals("spread")) return false;
        if (matrix.equals("full")) return true;
        throw new IllegalArgumentException("-Dnatmpj.test.matrix must be spread or full, not '" + matrix + "'");
    }

    /**
     * Whether option set {@code variant} (0 = the first) of a suite runs under {@code flavour}, at the first rank
     * count: always for the first set and for the full matrix; otherwise on flavour {@code variant mod n} of the
     * {@code n} flavours selected and installed (so that a machine with one MPI runs every set on it).
     */
    static boolean runsVariant(String flavour, int variant) {
        if (variant == 0 || fullMatrix()) return true;
        return onFlavour(flavour, variant);
    }

    /** Whether {@code flavour} is number {@code k mod n} of the {@code n} flavours selected and installed. */
    private static boolean onFlavour(String flavour, int k) {
        List<String> flavours = flavours().stream().filter(MpiJob::installed).collect(Collectors.toList());
        int index = flavours.indexOf(flavour);
        return index < 0 || k % flavours.size() == index;
    }

    /** Whether -Dnatmpj.test.suites selects this suite or program (by simple name; all when the property is empty). */
    public static boolean selected(String simpleName) {
        List<String> only = list("natmpj.test.suites", "");
        return only.isEmpty() || only.contains(simpleName);
    }

    /**
     * The {@code *Suite} classes compiled in {@code anchor}'s package (its folder of class files), by name, that
     * {@link #selected} selects. Loaded, not initialized.
     */
    public static List<Class<?>> suites(Class<?> anchor) throws IOException, ClassNotFoundException {
        Path dir;
        try {
            dir = Paths.get(anchor.getProtectionDomain().getCodeSource().getLocation().toURI())
                    .resolve(anchor.getPackageName().replace('.', '/'));
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
        List<String> names = new ArrayList<>();
        try (Stream<Path> files = Files.list(dir)) {
            files.map(f -> f.getFileName().toString()).filter(f -> f.endsWith("Suite.class"))
                    .map(f -> f.substring(0, f.length() - ".class".length())).sorted().forEach(names::add);
        }
        List<Class<?>> suites = new ArrayList<>();
        for (String name : names) {
            if (selected(name)) {
                suites.add(Class.forName(anchor.getPackageName() + "." + name, false, anchor.getClassLoader()));
            }
        }
        return suites;
    }

    /** The suite's declaration, or the defaults when it has none. */
    private static MultiRank config(Class<?> suite) {
        MultiRank declared = suite.getAnnotation(MultiRank.class);
        return declared != null ? declared : Defaults.class.getAnnotation(MultiRank.class);
    }

    @MultiRank
    private static final class Defaults {}

    /**
     * The suite's jobs on the build's JDK under {@code flavour}: one per rank count ({@link MultiRank#ranks()} or
     * the build's) and JVM option set ({@link MultiRank#jvm()} with {@link MultiRank#jvmEach()} and, before JDK 25,
     * {@link MultiRank#jvmEachBeforeJdk25()}), labelled "flavour np=N Suite options"; with the spread matrix
     * ({@link #fullMatrix()}), the option sets after the first only at the first rank count, on their flavour.
     */
    public static List<MpiJob> jobs(String flavour, Class<?> suite) {
        MultiRank config = config(suite);
        List<String> each = new ArrayList<>(options(config.jvmEach()));
        if (Runtime.version().feature() < 25) each.addAll(options(config.jvmEachBeforeJdk25()));
        List<MpiJob> jobs = new ArrayList<>();
        List<Integer> rankCounts = config.scale() ? scaleRanks(flavour) : rankCounts(config);
        for (int np : config.scale() ? rankCounts : ranks(flavour, rankCounts)) {
            for (int v = 0; v < (firstVariantOnly() ? 1 : config.jvm().length); v++) {
                if (v > 0 && !fullMatrix() && (np != rankCounts.get(0) || !runsVariant(flavour, v))) continue;
                String variant = config.jvm()[v];
                List<String> options = new ArrayList<>(options(variant));
                options.addAll(each);
                String label = flavour + " np=" + np + " " + suite.getSimpleName()
                        + (options.isEmpty() ? "" : " " + String.join(" ", options));
                MpiJob job = new MpiJob(flavour, np, suite, label).withJvmOptions(options);
                if (config.sized()) job.sized();
                for (String assignment : config.env()) job.withEnv(assignment);
                jobs.add(job);
            }
        }
        return jobs;
    }

    /**
     * The suite's jobs on the extra JDK at {@code javaHome} ({@link MultiRank#extraJdks()}; none if it does not ask),
     * one per {@link MultiRank#extraJdkJvm()} option set, labelled "flavour np=N jdk-folder Suite options". With the
     * full matrix every set runs on every flavour; with the spread matrix each set runs on one flavour, as the JVM
     * is their subject: set {@code v} of the suite that is number {@code ordinal} (by name) among those asking for
     * extra JDKs runs on flavour {@code (ordinal + v) mod n}, so that the suites' sets alternate between the MPIs.
     */
    public static List<MpiJob> extraJdkJobs(String flavour, Class<?> suite, String javaHome, int ordinal) {
        MultiRank config = config(suite);
        if (!config.extraJdks()) return List.of();
        int np = config.ranks().length > 0 ? config.ranks()[0] : 2;
        String name = Paths.get(javaHome).getFileName().toString();
        List<MpiJob> jobs = new ArrayList<>();
        for (int v = 0; v < config.extraJdkJvm().length; v++) {
            if (!fullMatrix() && !onFlavour(flavour, ordinal + v)) continue;
            List<String> options = options(config.extraJdkJvm()[v]);
            String label = flavour + " np=" + np + " " + name + " " + suite.getSimpleName()
                    + (options.isEmpty() ? "" : " " + String.join(" ", options));
            jobs.add(new MpiJob(flavour, np, suite, label).withJdk(javaHome).withJvmOptions(options));
        }
        return jobs;
    }

    private static List<Integer> rankCounts(MultiRank config) {
        return config.ranks().length > 0 ? Arrays.stream(config.ranks()).boxed().collect(Collectors.toList())
                : ranks();
    }

    private static List<String> options(String line) {
        return Arrays.stream(line.trim().split("\\s+")).filter(s -> !s.isEmpty()).collect(Collectors.toList());
    }

    /**
     * Every job of these suites under {@code flavour}, as JUnit containers: on the build's JDK ({@link #jobs}, the
     * smaller rank counts first), then on each extra JDK ({@link #extraJdkJobs}; a missing JDK is one aborted test).
     * {@code setUp} may change each job before it is launched (class path, options); a flavour not installed is one
     * aborted test.
     */
    public static List<DynamicNode> suiteTests(String flavour, List<Class<?>> suites, UnaryOperator<MpiJob> setUp) {
        if (!MpiJob.installed(flavour)) return List.of(notInstalled(flavour));
        List<MpiJob> jobs = new ArrayList<>();
        for (Class<?> suite : suites) jobs.addAll(jobs(flavour, suite));
        jobs.sort(Comparator.comparingInt(MpiJob::ranks)); // stable: the suites' order within each rank count
        List<DynamicNode> nodes = new ArrayList<>();
        for (MpiJob job : jobs) nodes.add(launch(setUp.apply(job)));
        for (String jdk : firstVariantOnly() ? List.<String>of() : extraJdks()) {
            if (!Files.isExecutable(Paths.get(jdk, "bin", "java"))) {
                nodes.add(dynamicTest(flavour + " on " + jdk, () -> Assumptions.abort("no JDK at " + jdk)));
                continue;
            }
            int ordinal = 0;
            for (Class<?> suite : suites) {
                if (!config(suite).extraJdks()) continue;
                for (MpiJob job : extraJdkJobs(flavour, suite, jdk, ordinal)) nodes.add(launch(setUp.apply(job)));
                ordinal++;
            }
        }
        return nodes;
    }

    /** One aborted (skipped) test saying the flavour is missing. */
    public static DynamicNode notInstalled(String flavour) {
        return dynamicTest(flavour + " is not installed or not built", () -> Assumptions.abort(
                "mpirun." + flavour + " or " + MpiJob.NATIVE.resolve(flavour) + "/libnatmpj.so missing"));
    }

    /**
     * A container named by the job's label whose children are built when JUnit reaches it: the launch runs then,
     * not at discovery. Its children are {@link #results}, or one failed "launch" test.
     */
    public static DynamicNode launch(MpiJob job) {
        return dynamicContainer(job.label(), Stream.of(job).flatMap(j -> {
            try {
                j.run();
            } catch (Exception e) {
                return Stream.of(dynamicTest("launch", () -> fail("could not launch " + j.command(), e)));
            }
            return results(j).stream();
        }));
    }

    /**
     * The tests of a finished job: "job ends cleanly on every rank" (every rank wrote DONE, exit code 0, no time
     * out), then one per case any rank planned, passing when every rank passed it.
     */
    public static List<DynamicNode> results(MpiJob job) {
        Set<String> planned = new LinkedHashSet<>();
        for (List<String> lines : job.results().values()) {
            if (lines == null) continue;
            for (String line : lines) if (line.startsWith("PLAN ")) planned.add(line.substring(5));
        }
        List<DynamicNode> tests = new ArrayList<>();
        tests.add(dynamicTest("job ends cleanly on every rank", () -> {
            List<Integer> silent = new ArrayList<>();
            job.results().forEach((rank, lines) -> {
                if (lines == null || !lines.contains("DONE")) silent.add(rank);
            });
            assertEquals(List.of(), silent, "ranks that did not finish (" + job.outcome() + ")" + job.tail(80));
            assertFalse(job.timedOut(), job.outcome() + job.tail(80));
            assertEquals(0, job.exitCode(), job.outcome() + job.tail(80));
        }));
        for (String name : planned) {
            tests.add(dynamicTest(name, () -> {
                List<String> problems = new ArrayList<>();
                job.results().forEach((rank, lines) -> {
                    if (lines == null || !lines.contains("PLAN " + name)) {
                        problems.add("rank " + rank + ": did not run it (" + job.outcome() + ")");
                    } else if (!lines.contains("PASS " + name)) {
                        String failure = lines.stream().filter(l -> l.startsWith("FAIL " + name + " ")).findFirst()
                                .orElse("no result: crashed or hung inside this case (" + job.outcome() + ")");
                        problems.add("rank " + rank + ": " + failure);
                    }
                });
                if (!problems.isEmpty()) fail(String.join("\n", problems) + job.tail(40));
            }));
        }
        return tests;
    }

    private static List<String> list(String property, String fallback) {
        List<String> items = new ArrayList<>();
        for (String s : System.getProperty(property, fallback).split(",")) if (!s.isBlank()) items.add(s.trim());
        return items;
    }
}
