package natmpj.internal;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.LongSupplier;

/**
 * How many MPI handles natmpj holds for this process right now, by kind: communicators, groups and derived
 * datatypes it created and not yet freed, user ops, and requests (started non-blocking ones until they complete,
 * persistent ones until freed). A diagnostic for leak hunting and soak tests, not part of the mpiJava API; the
 * predefined handles (MPI.COMM_WORLD, MPI.INT, ...) are not counted.
 */
public final class LiveHandles {
    /** The kinds counted, in the order {@link #snapshot()} lists them. */
    public enum Kind { COMMUNICATOR, GROUP, DATATYPE, OP, REQUEST, INFO }

    private static final LongAdder[] COUNTS = new LongAdder[Kind.values().length];
    /** Handles another class counts itself (mpi.Request: its pending non-persistent requests), by kind. */
    private static final LongSupplier[] ALSO = new LongSupplier[Kind.values().length];

    static {
        for (int i = 0; i < COUNTS.length; i++) COUNTS[i] = new LongAdder();
    }

    private LiveHandles() {}

    public static long count(Kind kind) {
        LongSupplier also;
        synchronized (ALSO) {
            also = ALSO[kind.ordinal()];
        }
        return COUNTS[kind.ordinal()].sum() + (also == null ? 0 : also.getAsLong());
    }

    /**
     * For natmpj's own classes: handles of {@code kind} that {@code counter} counts (instead of {@link #created}
     * and {@link #released}, where those would be a second counter update on a hot path) are part of the count.
     */
    public static void countAlso(Kind kind, LongSupplier counter) {
        synchronized (ALSO) {
            if (ALSO[kind.ordinal()] != null) throw new IllegalStateException(kind + " is already counted elsewhere");
            ALSO[kind.ordinal()] = counter;
        }
    }

    /** Every kind's count, e.g. {COMMUNICATOR=0, GROUP=0, DATATYPE=2, OP=0, REQUEST=1}. */
    public static Map<Kind, Long> snapshot() {
        Map<Kind, Long> counts = new LinkedHashMap<>();
        for (Kind k : Kind.values()) counts.put(k, count(k));
        return counts;
    }

    /** For natmpj's own classes: a handle of {@code kind} was created. */
    public static void created(Kind kind) {
        COUNTS[kind.ordinal()].increment();
    }

    /** For natmpj's own classes: a handle of {@code kind} was freed (or completed, for a request). */
    public static void released(Kind kind) {
        COUNTS[kind.ordinal()].decrement();
    }
}
