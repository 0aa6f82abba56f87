package natmpj.internal;

import natmpj.jni.NativeMPI;

/**
 * Java arrays pinned for a request's lifetime: where the collector pins objects without stopping collection (see
 * {@link NativeLibrary#gcPinsRegions}), a non-blocking or persistent request on an array passes MPI the array's own
 * storage, zero-copy, instead of staging it (see {@link Message}).
 *
 * <p>The JNI specification asks that a critical region (GetPrimitiveArrayCritical .. Release) be short, with no JNI
 * call or blocking inside, because a JVM may implement it by stopping the collector. HotSpot with a collector that
 * supports object pinning (G1 since JDK 22, JEP 423; Shenandoah) implements it as a pin count on the array's heap
 * region instead: collection goes on around the region, other threads are not held, and the release may happen on
 * another thread. Holding it across JNI returns is safe there, and only there; everywhere else natmpj stages.
 *
 * <p>Every pinned request's {@link Message} is registered here until unpinned: that keeps the array reachable while
 * MPI may use it (a request the program drops while pending, or frees while active, stays pinned until
 * MPI.Finalize, as orphaned staging does), makes unpinning idempotent, and lets tests count live pins.
 */
public final class Pins {
    private static final LiveSet PINNED = new LiveSet();
    /** The JVM said a pin was a copy of the array, not its storage: requests stage from then on. */
    private static volatile boolean copies;

    private Pins() {}

    /**
     * Computed at the first request on an array, once: the collector MXBeans, the opt-out property, and whether a
     * pin is the array's own storage.
     */
    private static final class Detected {
        static final boolean PINS = NativeLibrary.gcPinsRegions()
                && !"false".equalsIgnoreCase(System.getProperty("natmpj.pinRequests")) && pinsStorage();
    }

    /**
     * Whether pinning gives the array's storage: the same address twice. Under -Xcheck:jni HotSpot hands out a new
     * guarded copy at each GetPrimitiveArrayCritical and copies it back at the release, yet reports isCopy false
     * (JDK 17 and 25, seen by experiment): a persistent request pinned at init would send a stale copy at every
     * start and deliver only at Free, so requests stage there.
     */
    private static boolean pinsStorage() {
        int[] probe = new int[1];
        long first = NativeMPI.pin(probe);
        if (first == 0) return false;
        long second = NativeMPI.pin(probe);
        if (second != 0) NativeMPI.unpin(probe, second);
        NativeMPI.unpin(probe, first);
        return second == first;
    }

    /**
     * Whether requests on Java arrays pin them now: the collector pins objects, the program did not opt out with
     * {@code -Dnatmpj.pinRequests=false}, and no pin so far came back as a copy.
     */
    public static boolean requestsPinned() {
        return Detected.PINS && !copies;
    }

    /** How many request buffers are pinned right now (for tests: each request pins at most one). */
    public static int count() {
        return PINNED.size();
    }

    /** Pins {@code array} for {@code m}'s request: its storage address, or 0 when the JVM copies (then: stage). */
    static long pin(Object array) {
        long base = NativeMPI.pin(array);
        if (base == 0) copies = true;
        return base;
    }

    /** Registers {@code m}; returns its membership, which {@link #unregister} takes. */
    static LiveSet.Link register(Message m) {
        return PINNED.add(m);
    }

    /** True the first time only: the caller then unpins. */
    static boolean unregister(LiveSet.Link pin) {
        return PINNED.remove(pin);
    }

    /** At Finalize, when MPI is done with every buffer: unpins what requests freed while active or dropped held. */
    static void releaseAll() {
        for (Object m : PINNED.snapshot()) ((Message) m).release();
    }
}
