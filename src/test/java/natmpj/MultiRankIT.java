package natmpj;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.DynamicContainer.dynamicContainer;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.TestFactory;

import natmpj.it.FailingRankSuite;
import natmpj.it.FailureHandlingOffProgram;
import natmpj.it.ScaleSuite;
import natmpj.testkit.Javac;
import natmpj.testkit.MpiJob;
import natmpj.testkit.MultiRank;
import natmpj.testkit.MultiRankTests;

/**
 * Multi-rank tests of the mpiJava facade: every natmpj.it.*Suite under a real mpirun for each MPI flavour built, at
 * each rank count, as its {@link MultiRank} declares (JVM option sets, extra JDKs); see {@link MultiRankTests} for
 * the properties that select them. Each case of a suite is one JUnit test, passing when every rank passed it; a
 * launch that hangs, crashes or exits non-zero fails with the job's output attached.
 *
 * <p>Then the jobs that are not suites: FailingRankSuite (which ends its job on purpose, once per failure mode) with
 * FailureHandlingOffProgram, and MpjExpressFormsProgram (compiled against MPJ Express, see
 * {@link #compileAgainstMpjExpress}); -Dnatmpj.test.suites names them as suites.
 */
class MultiRankIT {
    /** A failing rank must end its job within this many seconds (each takes a few). */
    private static final long FAILING_RANK_BOUND_S = 60;

    @TestFactory
    Stream<DynamicNode> multiRank() throws Exception {
        Files.deleteIfExists(MpiJob.REPORTS.resolve("durations.tsv")); // this run's launches only
        List<Class<?>> suites = new ArrayList<>(MultiRankTests.suites(FailingRankSuite.class));
        suites.remove(FailingRankSuite.class);
        List<DynamicNode> nodes = new ArrayList<>();
        for (String flavour : MultiRankTests.flavours()) {
            nodes.addAll(MultiRankTests.suiteTests(flavour, suites, UnaryOperator.identity()));
            if (!MpiJob.installed(flavour)) continue;
            if (MultiRankTests.selected(MPJ_EXPRESS_FORMS)) {
                for (int np : MultiRankTests.ranks(flavour)) nodes.add(mpjExpressForms(flavour, np));
            }
            if (MultiRankTests.selected(FailingRankSuite.class.getSimpleName())) {
                for (int np : MultiRankTests.ranks(flavour)) {
                    for (String mode : FailingRankSuite.EXPECTED.keySet()) nodes.add(failingRank(flavour, np, mode));
                    nodes.add(failureHandlingOff(flavour, np));
                }
            }
            if (MultiRankTests.selected(ScaleSuite.class.getSimpleName())) {
                for (int np : MultiRankTests.scaleRanks(flavour)) nodes.add(killedAtScale(flavour, np));
                nodes.add(sizeWarning(flavour));
            }
        }
        return nodes.stream();
    }

    /**
     * One rank fails (FailingRankSuite's mode) while the others wait in Recv: the job must end well within the bound,
     * non-zero, saying why. (Not always with exit(3)'s 3: hydra may report the 9 of the ranks it killed.)
     */
    private static DynamicNode failingRank(String flavour, int np, String mode) {
        String label = flavour + " np=" + np + " FailingRankSuite " + mode;
        return dynamicTest(label + " ends the whole job", () -> {
            MpiJob job = new MpiJob(flavour, np, FailingRankSuite.class, label).withArgs(mode)
                    .withTimeout(FAILING_RANK_BOUND_S).run();
            assertFalse(job.timedOut(), "the job did not end after rank 1 failed (" + mode + ")" + job.tail(60));
            assertNotEquals(0, job.exitCode(), "a failing rank must end the job non-zero" + job.tail(60));
            String output = job.output();
            assertTrue(output.contains(FailingRankSuite.EXPECTED.get(mode)),
                    "the output must say why: '" + FailingRankSuite.EXPECTED.get(mode) + "'" + job.tail(60));
            if (mode.equals("user-handler")) {
                assertFalse(output.contains("natmpj: uncaught exception"), "the user's handler was replaced"
                        + job.tail(60));
            }
        });
    }

    /**
     * A rank killed (SIGKILL) among the scale counts' ranks, the others waiting in Recv: the job must end within the
     * same bound after the kill as at 2 ranks (starting that many JVMs on a small machine takes longer than the kill).
     */
    private static DynamicNode killedAtScale(String flavour, int np) {
        String label = flavour + " np=" + np + " FailingRankSuite sigkill at scale";
        return dynamicTest(label + " ends the whole job", () -> {
            MpiJob job = new MpiJob(flavour, np, FailingRankSuite.class, label).withArgs("sigkill").sized()
                    .withEnv(ScaleSuite.NODE_CPUS).withEnv(ScaleSuite.NODE_MEMORY)
                    .withTimeout(MpiJob.TIMEOUT_S).run();
            long end = System.currentTimeMillis();
            assertFalse(job.timedOut(), "the job did not end after rank 1 was killed" + job.tail(60));
            assertNotEquals(0, job.exitCode(), "a killed rank must end the job non-zero" + job.tail(60));
            Matcher kill = Pattern.compile("sends itself SIGKILL at (\\d+) ms").matcher(job.output());
            assertTrue(kill.find(), "rank 1 said when it killed itself" + job.tail(60));
            double after = (end - Long.parseLong(kill.group(1))) / 1000.0;
            assertTrue(after <= FAILING_RANK_BOUND_S, "the job ended " + after + " s after the kill, more than "
                    + FAILING_RANK_BOUND_S + job.tail(60));
        });
    }

    /**
     * Rank 0's warning about a JVM sized for the whole node: 4 ranks of plain java with a 128-CPU, 256 GiB node's
     * defaults (-XX:ActiveProcessorCount, -XX:MaxRAM) on such a node (NATMPJ_NODE_CPUS, NATMPJ_NODE_MEMORY, which
     * natmpj reads as natmpj-java does) print it once; the same ranks started by natmpj-java print nothing.
     */
    private static DynamicNode sizeWarning(String flavour) {
        String label = flavour + " np=4 ScaleSuite plain java on a big node's view";
        return dynamicTest(label + ": rank 0 warns once, natmpj-java's ranks not", () -> {
            String warning = "natmpj: warning: rank 0's JVM is sized for the whole node, not for 1 of the 4 ranks";
            MpiJob plain = new MpiJob(flavour, 4, ScaleSuite.class, label)
                    .withJvmOptions("-XX:ActiveProcessorCount=128", "-XX:MaxRAM=256g")
                    .withEnv(ScaleSuite.NODE_CPUS).withEnv(ScaleSuite.NODE_MEMORY).run();
            assertEquals(0, plain.exitCode(), "the job" + plain.tail(40));
            String out = plain.output();
            assertEquals(1, out.split(Pattern.quote(warning), -1).length - 1, "the warning, once" + plain.tail(40));
            assertTrue(out.contains("it sees 128 CPUs (its share: 32)"),
                    "what it sees" + plain.tail(40));
            MpiJob sized = new MpiJob(flavour, 4, ScaleSuite.class, flavour + " np=4 ScaleSuite sized, no warning")
                    .sized().withEnv(ScaleSuite.NODE_CPUS).withEnv(ScaleSuite.NODE_MEMORY).run();
            assertEquals(0, sized.exitCode(), "the sized job" + sized.tail(40));
            assertFalse(sized.output().contains("natmpj: warning: rank 0's JVM"), "no warning" + sized.tail(40));
        });
    }

    /**
     * natmpj's failure handling switched off by its properties: an uncaught exception ends only its thread (every
     * rank goes on), and returning without MPI.Finalize is left to the launcher (natmpj prints nothing, aborts
     * nothing; Open MPI's mpirun reports it, MPICH's does not).
     */
    private static DynamicNode failureHandlingOff(String flavour, int np) {
        String label = flavour + " np=" + np + " FailureHandlingOffProgram";
        return dynamicTest(label + " leaves failures to the JVM and the launcher", () -> {
            MpiJob job = new MpiJob(flavour, np, FailureHandlingOffProgram.class, label)
                    .withJvmOptions(FailureHandlingOffProgram.JVM_OPTIONS).withTimeout(FAILING_RANK_BOUND_S).run();
            assertFalse(job.timedOut(), "the job did not end" + job.tail(60));
            String output = job.output();
            for (int r = 0; r < np; r++) {
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
    private static DynamicNode mpjExpressForms(String flavour, int np) {
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
            MpiJob job = new MpiJob(flavour, np, "natmpj.it." + MPJ_EXPRESS_FORMS, label)
                    .withClasspath(classes.toString())
                    // the verifier on every class, natmpj's included (the JDK verifies only the class path's)
                    .withJvmOptions("-XX:+UnlockDiagnosticVMOptions", "-XX:+BytecodeVerificationLocal",
                            "-XX:+BytecodeVerificationRemote");
            try {
                job.run();
            } catch (Exception e) {
                return Stream.of(dynamicTest("launch", () -> fail("could not launch " + job.command(), e)));
            }
            return MultiRankTests.results(job).stream();
        }));
    }

    static final String MPJ_EXPRESS_FORMS = "MpjExpressFormsProgram";
    static final Path MPJ_JAR = Paths.get("/usr/share/mpj/lib/mpj.jar");
    private static Path mpjExpressClasses;

    /**
     * Compiles src/test/mpjexpress (once per test run) with javac against MPJ Express's mpj.jar and the in-job test
     * kit (Cases, Check), not against natmpj; null when MPJ Express is not installed. Also checks that the program's
     * unused {@code import mpjdev.*; import mpjbuf.*;} left no trace in its class files, which is what lets such
     * programs, compiled against mpj.jar, run on natmpj (README, Compatibility with MPJ Express).
     */
    static synchronized Path compileAgainstMpjExpress() throws Exception {
        if (mpjExpressClasses != null) return mpjExpressClasses;
        if (!Files.isRegularFile(MPJ_JAR)) return null;
        Path sources = Paths.get(System.getProperty("natmpj.test.mpjexpress.sources", "src/test/mpjexpress"));
        Path out = Paths.get(System.getProperty("natmpj.test.mpjexpress.classes", "target/mpje-classes"));
        Javac.compile(sources, out, MPJ_JAR, Javac.testClasses());
        try (Stream<Path> all = Files.walk(out)) {
            for (Path f : (Iterable<Path>) all.filter(p -> p.toString().endsWith(".class"))::iterator) {
                String bytes = new String(Files.readAllBytes(f), StandardCharsets.ISO_8859_1);
                if (bytes.contains("mpjdev") || bytes.contains("mpjbuf")) {
                    throw new IllegalStateException(f + " refers to mpjdev or mpjbuf");
                }
            }
        }
        mpjExpressClasses = out;
        return out;
    }
}
