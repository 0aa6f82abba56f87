/**
 * The multi-rank test kit: programs ("suites") that run under a real {@code mpirun -np N java ...}, each rank
 * reporting its cases to a file of its own, and the JUnit side that launches them and turns the files into tests.
 * It knows no particular suite; {@code natmpj.MultiRankIT} drives the suites of {@code natmpj.it} with it.
 *
 * <p>In the job (plain java on every rank; no JUnit there, and only what MPJ Express's {@code mpi} has too):
 * <ul>
 *   <li>{@link natmpj.testkit.Cases}: a suite's main, {@code Cases.job(args).run(Suite::addCases)}, with the
 *       options a job may need (Init_thread, phases before Init and after Finalize, no barriers); the named cases,
 *       PLAN/PASS/FAIL lines and DONE per rank file; {@code Cases.rounds} for oversubscribed jobs;</li>
 *   <li>{@link natmpj.testkit.Check}: assertions ({@code eq}, {@code isTrue}, {@code throwsWith});</li>
 *   <li>{@link natmpj.testkit.Values}: deterministic data for the eight basic types, arrays and direct buffers;</li>
 *   <li>{@link natmpj.testkit.Threads}, {@link natmpj.testkit.Allocators}: bodies in threads of their own, threads
 *       that keep the collector busy.</li>
 * </ul>
 * In the build's JVM:
 * <ul>
 *   <li>{@link natmpj.testkit.MultiRank}: a suite's run configuration, on its class (JVM option sets, extra JDKs,
 *       rank counts);</li>
 *   <li>{@link natmpj.testkit.MpiJob}: one launch of any main class (flavour, rank count, JDK, class path, JVM
 *       options, arguments, time limit), its output and each rank's results;</li>
 *   <li>{@link natmpj.testkit.MultiRankTests}: the build's selection properties, the {@code *Suite} classes of a
 *       package, each suite's jobs, and a launch as JUnit dynamic tests;</li>
 *   <li>{@link natmpj.testkit.Javac}: programs compiled at test time against another jar (MPJ Express's mpj.jar).</li>
 * </ul>
 *
 * <p>A new suite is a {@code *Suite} class with a main as above next to the others; it runs with no more. A new
 * family of suites (another facade, or MPJ Express programs on another device) is a folder of suites and an
 * {@code *IT} class calling {@link natmpj.testkit.MultiRankTests#suiteTests} with its own job set-up (class path,
 * arguments).
 */
package natmpj.testkit;
