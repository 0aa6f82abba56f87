package natmpj;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.DynamicContainer.dynamicContainer;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.TestFactory;

import natmpj.it.BadInputSuite;
import natmpj.it.FailingRankSuite;
import natmpj.it.FailureHandlingOffProgram;
import natmpj.it.GcSuite;
import natmpj.it.PinningMultipleSuite;
import natmpj.it.PinningSuite;
import natmpj.it.PointToPointSuite;
import natmpj.it.SignalSuite;
import natmpj.it.ThreadSuite;

/**
 * Multi-rank tests: every suite under a real mpirun for each MPI flavour built (-Dnatmpj.test.flavours), at each
 * rank count (-Dnatmpj.test.ranks, 4 ranks oversubscribe the 2 cores), plus the main suites on each extra JDK
 * (-Dnatmpj.test.extra.jdks), and the suites listed in JVM_VARIANTS once per JVM option set. Each case of a suite
 * is one JUnit test, passing when every rank passed it; a launch that hangs, crashes or exits non-zero fails with
 * the job's output attached.
 *
 * <p>The suites are every natmpj.it.*Suite class but FailingRankSuite (which ends its job on purpose, once per
 * failure mode; FailureHandlingOffProgram runs with it), and MpjExpressFormsProgram (compiled against MPJ Express,
 * see {@link #compileAgainstMpjExpress}); -Dnatmpj.test.suites=PointToPointSuite,... runs only those.
 */
class MultiRankIT {
    /** Run on every extra JDK too: the suites whose paths depend most on the JVM (pinning, signals). */
    private static final Class<?>[] EXTRA_JDK_SUITES = {PointToPointSuite.class, BadInputSuite.class,
            SignalSuite.class, PinningSuite.class, PinningMultipleSuite.class, ThreadSuite.class, GcSuite.class};
    /** Suites run once per JVM option set listed here (e.g. under each collector); the others once, as they are. */
    private static final Map<String, List<List<String>>> JVM_VARIANTS = Map.of(
            "LifetimeSuite", List.of(List.of("-XX:+UseG1GC"), List.of("-XX:+UseParallelGC")),
            // A heap committed up front, so resident memory shows native growth, not the heap's.
            "SoakSuite", List.of(List.of("-Xms96m", "-Xmx96m", "-XX:+AlwaysPreTouch")),
            "PinningSuite", List.of(pinning(), pinning("-XX:+UseG1GC"), pinning("-XX:+UseParallelGC"),
                    pinning("-Dnatmpj.recvWaitsUnpinned=true")),
            "PinningMultipleSuite", List.of(pinning("-XX:+UseG1GC"), pinning("-XX:+UseParallelGC")),
            "GcSuite", List.of(List.of("-XX:+UseG1GC"), List.of("-XX:+UseParallelGC"), List.of("-XX:+UseSerialGC"),
                    List.of("-XX:+UseZGC")),
            // Also with the JVM's JNI checks: a misuse (an Object[] handed to GetPrimitiveArrayCritical, say) is a
            // fatal error there, where a plain run may survive it by luck. The suites that pass the oddest input.
            "BadInputSuite", List.of(List.of(), List.of("-Xcheck:jni")),
            "EveryMethodBadInputSuite", List.of(List.of(), List.of("-Xcheck:jni")),
            "MpjPatternsSuite", List.of(List.of(), List.of("-Xcheck:jni")));
    /** A failing rank must end its job within this many seconds (each takes a few). */
    private static final long FAILING_RANK_BOUND_S = 60;

    /** A small heap (frequent collections) and what bin/mpjrun passes to JDKs before 25, plus the options given. */
    private static List<String> pinning(String... options) {
        List<String> all = new ArrayList<>(List.of(options));
        all.add("-Xmx128m");
        if (Runtime.version().feature() < 25) {
            all.addAll(List.of("-XX:+UnlockDiagnosticVMOptions", "-XX:GCLockerRetryAllocationCount=1000"));
        }
        return all;
    }

    @TestFactory
    Stream<DynamicNode> multiRank() throws Exception {
        List<DynamicNode> nodes = new ArrayList<>();
        String javaHome = System.getProperty("java.home");
        for (String flavour : list("natmpj.test.flavours", "openmpi,mpich")) {
            if (!MpiJob.installed(flavour)) {
                nodes.add(dynamicTest(flavour + " is not installed or not built", () -> Assumptions.abort(
                        "mpirun." + flavour + " or " + MpiJob.NATIVE.resolve(flavour) + "/libnatmpj.so missing")));
                continue;
            }
            for (String np : list("natmpj.test.ranks", "2,4")) {
                for (Class<?> suite : suites()) {
                    for (List<String> options : JVM_VARIANTS.getOrDefault(suite.getSimpleName(), List.of(List.of()))) {
                        String variant = options.isEmpty() ? "" : " " + String.join(" ", options);
                        nodes.add(launch(new MpiJob(flavour, Integer.parseInt(np), suite, javaHome,
                                flavour + " np=" + np + " " + suite.getSimpleName() + variant).withJvmOptions(options)));
                    }
                }
            }
            for (String jdk : list("natmpj.test.extra.jdks", "")) {
                if (!Files.isExecutable(Paths.get(jdk, "bin", "java"))) {
                    nodes.add(dynamicTest(flavour + " on " + jdk, () -> Assumptions.abort("no JDK at " + jdk)));
                    continue;
                }
                String name = Paths.get(jdk).getFileName().toString();
                for (Class<?> suite : EXTRA_JDK_SUITES) {
                    if (!selected(suite)) continue;
                    nodes.add(launch(new MpiJob(flavour, 2, suite, jdk,
                            flavour + " np=2 " + name + " " + suite.getSimpleName())));
                }
            }
            if (selected(MPJ_EXPRESS_FORMS)) {
                for (String np : list("natmpj.test.ranks", "2,4")) nodes.add(mpjExpressForms(flavour, np));
            }
            if (selected(FailingRankSuite.class)) {
                for (String np : list("natmpj.test.ranks", "2,4")) {
                    for (String mode : FailingRankSuite.EXPECTED.keySet()) nodes.add(failingRank(flavour, np, mode));
                    nodes.add(failureHandlingOff(flavour, np));
                }
            }
        }
        return nodes.stream();
    }

    /**
     * One rank fails (FailingRankSuite's mode) while the others wait in Recv: the job must end well within the bound,
     * non-zero, saying why. (Not always with exit(3)'s 3: hydra may report the 9 of the ranks it killed.)
     */
    private static DynamicNode failingRank(String flavour, String np, String mode) {
        String label = flavour + " np=" + np + " FailingRankSuite " + mode;
        return dynamicTest(label + " ends the whole job", () -> {
            MpiJob job = new MpiJob(flavour, Integer.parseInt(np), FailingRankSuite.class,
                    System.getProperty("java.home"), label).withArgs(mode).withTimeout(FAILING_RANK_BOUND_S).run();
            assertFalse(job.timedOut, "the job did not end after rank 1 failed (" + mode + ")" + job.tail(60));
            assertNotEquals(0, job.exitCode, "a failing rank must end the job non-zero" + job.tail(60));
            String output = Files.readString(job.log);
            assertTrue(output.contains(FailingRankSuite.EXPECTED.get(mode)),
                    "the output must say why: '" + FailingRankSuite.EXPECTED.get(mode) + "'" + job.tail(60));
            if (mode.equals("user-handler")) {
                assertFalse(output.contains("natmpj: uncaught exception"), "the user's handler was replaced"
                        + job.tail(60));
            }
        });
    }

    /**
     * natmpj's failure handling switched off by its properties: an uncaught exception ends only its thread (every
     * rank goes on), and returning without MPI.Finalize is left to the launcher (natmpj prints nothing, aborts
     * nothing; Open MPI's mpirun reports it, MPICH's does not).
     */
    private static DynamicNode failureHandlingOff(String flavour, String np) {
        String label = flavour + " np=" + np + " FailureHandlingOffProgram";
        return dynamicTest(label + " leaves failures to the JVM and the launcher", () -> {
            MpiJob job = new MpiJob(flavour, Integer.parseInt(np), FailureHandlingOffProgram.class,
                    System.getProperty("java.home"), label)
                    .withJvmOptions(List.of(FailureHandlingOffProgram.JVM_OPTIONS))
                    .withTimeout(FAILING_RANK_BOUND_S).run();
            assertFalse(job.timedOut, "the job did not end" + job.tail(60));
            String output = Files.readString(job.log);
            for (int r = 0; r < Integer.parseInt(np); r++) {
                assertTrue(output.contains(FailureHandlingOffProgram.SURVIVED + r), "rank " + r + " went on"
                        + job.tail(60));
            }
            assertTrue(output.contains("Exception in thread \"" + FailureHandlingOffProgram.WORKER + "\""),
                    "the JVM's own report of the uncaught exception" + job.tail(60));
            assertFalse(output.contains("natmpj: "), "natmpj's handlers stayed off" + job.tail(60));
        });
    }

    /**
     * MpjExpressFormsProgram, compiled against MPJ Express's mpj.jar (see {@link #compileAgainstMpjExpress}), run on
     * natmpj: a class compiled for MPJ Express links to the members whose descriptors natmpj's source cannot declare
     * (SyntheticForms) and to those natmpj provides for MPJ Express only. Its cases report like a suite's.
     */
    private static DynamicNode mpjExpressForms(String flavour, String np) {
        String label = flavour + " np=" + np + " " + MPJ_EXPRESS_FORMS;
        return dynamicContainer(label, Stream.of(label).flatMap(l -> {
            Path classes;
            try {
                classes = compileAgainstMpjExpress();
            } catch (Exception e) {
                return Stream.of(dynamicTest("compile against mpj.jar", () -> fail("could not compile", e)));
            }
            if (classes == null) {
                return Stream.of(dynamicTest("compile against mpj.jar", () -> Assumptions.abort(
                        "MPJ Express (libmpj-java) is not installed: no " + MPJ_JAR)));
            }
            MpiJob job = new MpiJob(flavour, Integer.parseInt(np), "natmpj.it." + MPJ_EXPRESS_FORMS,
                    System.getProperty("java.home"), label).withClasspath(classes.toString())
                    // the verifier on every class, natmpj's included (the JDK verifies only the class path's)
                    .withJvmOptions(List.of("-XX:+UnlockDiagnosticVMOptions", "-XX:+BytecodeVerificationLocal",
                            "-XX:+BytecodeVerificationRemote"));
            try {
                job.run();
            } catch (Exception e) {
                return Stream.of(dynamicTest("launch", () -> fail("could not launch " + job.command(), e)));
            }
            return results(job).stream();
        }));
    }

    static final String MPJ_EXPRESS_FORMS = "MpjExpressFormsProgram";
    static final Path MPJ_JAR = Paths.get("/usr/share/mpj/lib/mpj.jar");
    private static Path mpjExpressClasses;

    /**
     * Compiles src/test/mpjexpress (once per test run) with javac against MPJ Express's mpj.jar and the in-job test
     * support (Cases, Check), not against natmpj; null when MPJ Express is not installed. Also checks that the
     * program's unused {@code import mpjdev.*; import mpjbuf.*;} left no trace in its class files, which is what
     * lets such programs, compiled against mpj.jar, run on natmpj (README, Compatibility with MPJ Express).
     */
    static synchronized Path compileAgainstMpjExpress() throws Exception {
        if (mpjExpressClasses != null) return mpjExpressClasses;
        if (!Files.isRegularFile(MPJ_JAR)) return null;
        Path sources = Paths.get(System.getProperty("natmpj.test.mpjexpress.sources", "src/test/mpjexpress"));
        Path out = Paths.get(System.getProperty("natmpj.test.mpjexpress.classes", "target/mpje-classes"));
        Path support = Paths.get(FailingRankSuite.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        List<String> files = new ArrayList<>();
        try (Stream<Path> all = Files.walk(sources)) {
            all.filter(f -> f.toString().endsWith(".java")).forEach(f -> files.add(f.toString()));
        }
        Files.createDirectories(out);
        javax.tools.JavaCompiler javac = javax.tools.ToolProvider.getSystemJavaCompiler();
        java.io.StringWriter messages = new java.io.StringWriter();
        List<String> options = List.of("-d", out.toString(), "-proc:none", "-Xlint:-path", "-classpath",
                MPJ_JAR + java.io.File.pathSeparator + support);
        boolean ok = javac.getTask(messages, null, null, options, null,
                javac.getStandardFileManager(null, null, null).getJavaFileObjectsFromStrings(files)).call();
        if (!ok) throw new IllegalStateException("javac " + options + " " + files + ":\n" + messages);
        try (Stream<Path> all = Files.walk(out)) {
            for (Path f : (Iterable<Path>) all.filter(p -> p.toString().endsWith(".class"))::iterator) {
                String bytes = new String(Files.readAllBytes(f), java.nio.charset.StandardCharsets.ISO_8859_1);
                if (bytes.contains("mpjdev") || bytes.contains("mpjbuf")) {
                    throw new IllegalStateException(f + " refers to mpjdev or mpjbuf");
                }
            }
        }
        mpjExpressClasses = out;
        return out;
    }

    /** The natmpj.it.*Suite classes compiled next to this test but FailingRankSuite, filtered by natmpj.test.suites. */
    private static List<Class<?>> suites() throws ClassNotFoundException, java.io.IOException {
        java.nio.file.Path dir;
        try {
            dir = Paths.get(FailingRankSuite.class.getProtectionDomain().getCodeSource().getLocation().toURI())
                    .resolve("natmpj/it");
        } catch (java.net.URISyntaxException e) {
            throw new IllegalStateException(e);
        }
        List<String> names = new ArrayList<>();
        try (Stream<java.nio.file.Path> files = Files.list(dir)) {
            files.map(f -> f.getFileName().toString()).filter(f -> f.endsWith("Suite.class"))
                    .map(f -> f.substring(0, f.length() - ".class".length())).sorted().forEach(names::add);
        }
        List<Class<?>> suites = new ArrayList<>();
        for (String name : names) {
            Class<?> suite = Class.forName("natmpj.it." + name);
            if (suite != FailingRankSuite.class && selected(suite)) suites.add(suite);
        }
        return suites;
    }

    private static boolean selected(Class<?> suite) {
        return selected(suite.getSimpleName());
    }

    private static boolean selected(String suite) {
        List<String> only = list("natmpj.test.suites", "");
        return only.isEmpty() || only.contains(suite);
    }

    /** A container whose children are built when JUnit reaches it: the launch runs then, not at discovery. */
    private static DynamicNode launch(MpiJob job) {
        return dynamicContainer(job.label, Stream.of(job).flatMap(j -> {
            try {
                j.run();
            } catch (Exception e) {
                return Stream.of(dynamicTest("launch", () -> fail("could not launch " + j.command(), e)));
            }
            return results(j).stream();
        }));
    }

    private static List<DynamicNode> results(MpiJob job) {
        Set<String> planned = new LinkedHashSet<>();
        for (List<String> lines : job.results.values()) {
            if (lines == null) continue;
            for (String line : lines) if (line.startsWith("PLAN ")) planned.add(line.substring(5));
        }
        List<DynamicNode> tests = new ArrayList<>();
        tests.add(dynamicTest("job ends cleanly on every rank", () -> {
            List<Integer> silent = new ArrayList<>();
            job.results.forEach((rank, lines) -> {
                if (lines == null || !lines.contains("DONE")) silent.add(rank);
            });
            assertEquals(List.of(), silent, "ranks that did not finish (" + job.outcome() + ")" + job.tail(80));
            assertFalse(job.timedOut, job.outcome() + job.tail(80));
            assertEquals(0, job.exitCode, job.outcome() + job.tail(80));
        }));
        for (String name : planned) {
            tests.add(dynamicTest(name, () -> {
                List<String> problems = new ArrayList<>();
                job.results.forEach((rank, lines) -> {
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
