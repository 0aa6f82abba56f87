package natmpj.testkit;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * How the driver runs a suite, declared on the suite's class; a suite without it runs once per flavour and rank
 * count, with no JVM options, on the build's JDK only. Read by {@link MultiRankTests#jobs} without initializing the
 * suite's class. Options are written as on a command line, separated by spaces. For example:
 * <pre>{@code
 * @MultiRank(jvm = {"", "-Xcheck:jni"}, extraJdks = true)   // two jobs per flavour and rank count, and JDK 25
 * public final class BadInputSuite { ... }
 * }</pre>
 * A job's label (and its log's name) is "flavour np=N Suite" followed by its JVM options.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface MultiRank {
    /** The JVM option sets to run the suite under, one job each ("" for none); by default one job with none. */
    String[] jvm() default {""};

    /** Options appended to every set of {@link #jvm()} (e.g. a small heap for all the collectors tried). */
    String jvmEach() default "";

    /**
     * Options appended after {@link #jvmEach()} when the job's JDK is older than 25: what bin/mpjrun passes there
     * for pinned arrays (-XX:GCLockerRetryAllocationCount, an option JDK 25 no longer has).
     */
    String jvmEachBeforeJdk25() default "";

    /**
     * Also run on each extra JDK (-Dnatmpj.test.extra.jdks), once per flavour, at the first of {@link #ranks()} (2
     * when none is given) and without the options above: for the suites whose paths depend most on the JVM.
     */
    boolean extraJdks() default false;

    /**
     * The JVM option sets to run under on each extra JDK, one job each ("" for none); by default one job with none.
     * For suites whose path there depends on the collector: under mpirun each rank sees one core, so the JVM's own
     * choice is Serial, while G1 is what pins arrays on JDK 22+.
     */
    String[] extraJdkJvm() default {""};

    /** The rank counts to run at, in place of the build's (-Dnatmpj.test.ranks, by default 2 and 4). */
    int[] ranks() default {};

    /**
     * Run at the build's scale counts of each flavour instead ({@link MultiRankTests#scaleRanks}:
     * -Dnatmpj.test.scale.ranks), for the suites whose subject is the number of ranks.
     */
    boolean scale() default false;

    /** Start the ranks through natmpj-java, sized for their share of the node ({@link MpiJob#sized()}). */
    boolean sized() default false;

    /** Environment variables of every launch, as NAME=VALUE (e.g. the node natmpj-java sizes for). */
    String[] env() default {};
}
