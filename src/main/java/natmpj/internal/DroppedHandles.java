package natmpj.internal;

import java.lang.ref.Cleaner;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicBoolean;

import natmpj.internal.LiveHandles;

/**
 * What becomes of an MPI handle whose Java object the program drops without freeing it.
 *
 * <p>Each communicator, group, derived datatype and persistent request natmpj creates is registered with a
 * {@link Cleaner} (never {@code finalize}). When the collector finds one unreachable and not freed, the Cleaner's
 * thread only queues it: that thread may not call MPI (with THREAD_FUNNELED only Init's thread may). The queue is
 * emptied by the next call that creates a handle, on a thread allowed to call MPI, and by MPI.Finalize: groups,
 * datatypes and inactive persistent requests are freed there (freeing them is local, and MPI lets pending
 * communication that uses them complete). A communicator is not: MPI_Comm_free is collective and ranks collect at
 * different times, so natmpj warns once per kind of communicator and MPI keeps it until Finalize.
 */
public final class DroppedHandles {
    private static final Cleaner CLEANER = Cleaner.create(new java.util.concurrent.ThreadFactory() { // no lambda:
        @Override                                                                       // made at Init (FailingRank)
        public Thread newThread(Runnable r) {
            Thread t = new Thread(r, "natmpj-cleaner");
            t.setDaemon(true);
            return t;
        }
    });
    private static final ConcurrentLinkedQueue<Tracked> DROPPED = new ConcurrentLinkedQueue<>();
    private static final Set<String> WARNED = ConcurrentHashMap.newKeySet();

    /** This process's rank in MPI_COMM_WORLD, for warnings; the facade sets it at initialization. */
    private static volatile int rank = -1;

    private DroppedHandles() {}

    public static void identify(int worldRank) {
        rank = worldRank;
    }

    /** One handle's state, shared by its Java object and the Cleaner, whose action must not reach the object. */
    public static final class Tracked implements Runnable {
        final LiveHandles.Kind kind;
        final String origin;
        /** Frees the MPI handle when the object was dropped; null for communicators (warned about instead). */
        private final Runnable release;
        private final AtomicBoolean done = new AtomicBoolean();
        private Cleaner.Cleanable cleanable;

        private Tracked(LiveHandles.Kind kind, String origin, Runnable release) {
            this.kind = kind;
            this.origin = origin;
            this.release = release;
        }

        /** The program freed the handle itself: counted as gone, and the Cleaner has nothing left to do. */
        public void freed() {
            if (done.compareAndSet(false, true)) LiveHandles.released(kind);
            cleanable.clean();
        }

        /** The Cleaner's action: runs on its thread once the object is unreachable (or from freed()). */
        @Override
        public void run() {
            if (done.compareAndSet(false, true)) DROPPED.add(this);
        }
    }

    /**
     * Registers a handle just created for {@code owner}; {@code release} frees it in MPI when the owner is dropped
     * (it must not reference the owner), or null to warn instead. Also frees what earlier drops left queued.
     */
    public static Tracked track(Object owner, LiveHandles.Kind kind, String origin, Runnable release) {
        Tracked t = new Tracked(kind, origin, release);
        LiveHandles.created(kind);
        t.cleanable = CLEANER.register(owner, t);
        if (!DROPPED.isEmpty()) releaseDropped();
        return t;
    }

    /**
     * Runs {@code action} on the Cleaner's thread once {@code owner} is unreachable: for native memory that is no
     * MPI handle (HugePageBuffers), whose release calls no MPI and may run at any time. The action must not
     * reference the owner.
     */
    public static void whenUnreachable(Object owner, Runnable action) {
        CLEANER.register(owner, action);
    }

    /** Frees (or warns about) every dropped handle queued so far; the caller may call MPI. */
    public static void releaseDropped() {
        for (Tracked t; (t = DROPPED.poll()) != null; ) {
            if (t.release == null) {
                if (WARNED.add(t.origin)) {
                    System.err.println("natmpj: warning: rank " + rank + ": a communicator (" + t.origin
                            + ") was garbage-collected without Comm.Free; MPI keeps it until MPI.Finalize. Free"
                            + " communicators you no longer need: Comm.Free is collective, so natmpj cannot do it"
                            + " for you (warned once per kind of communicator)");
                }
                continue;
            }
            try {
                t.release.run();
            } catch (RuntimeException e) {
                System.err.println("natmpj: warning: freeing a dropped " + t.origin + " failed: " + e);
            }
            LiveHandles.released(t.kind);
        }
    }
}
