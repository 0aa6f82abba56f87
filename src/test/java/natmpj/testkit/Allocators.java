package natmpj.testkit;

import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Threads that allocate heavily (arrays up to maxBytes, a few kept alive so the heap fills) and call System.gc()
 * now and then, counting their allocations and any OutOfMemoryError, until closed: the load a case puts on the
 * collector while MPI holds Java arrays.
 *
 * <p>Each thread sleeps 1 ms after every {@link #PAUSE_EVERY} arrays. Without the pause, 3 allocating threads per
 * rank on 2 cores left the ranks' main threads so little CPU that 3,000 exchanges took 60-100 s under Open MPI
 * (about 2 collections per exchange); with it they take 10-17 s and still see a collection every 4-6 exchanges
 * (-Xlog:gc, 500-800 per rank, -Xmx128m). {@link #collections()} lets a case check that collections did happen.
 */
public final class Allocators implements AutoCloseable {
    /** Arrays allocated so far by all the threads. */
    public final AtomicLong allocations = new AtomicLong();
    /** OutOfMemoryErrors the threads caught (each drops what it kept and goes on). */
    public final AtomicLong outOfMemory = new AtomicLong();
    /** Arrays each thread allocates between its 1 ms pauses. */
    static final int PAUSE_EVERY = 16;
    private final long collectionsBefore = collectionCount();
    private volatile boolean stop;
    private final List<Thread> threads = new ArrayList<>();

    /** Starts {@code count} daemon threads allocating arrays of 1 to {@code maxBytes} bytes. */
    public Allocators(int count, int maxBytes) {
        for (int t = 0; t < count; t++) {
            Random random = new Random(t);
            Thread thread = new Thread(() -> {
                List<byte[]> kept = new ArrayList<>();
                while (!stop) {
                    try {
                        kept.add(new byte[1 + random.nextInt(maxBytes)]);
                        if (kept.size() > 16) kept.remove(random.nextInt(kept.size()));
                        long made = allocations.incrementAndGet();
                        if (made % 1000 == 0) System.gc();
                        if (made % PAUSE_EVERY == 0) Thread.sleep(1);
                    } catch (InterruptedException e) {
                        return;
                    } catch (OutOfMemoryError e) {
                        kept.clear();
                        outOfMemory.incrementAndGet();
                    }
                }
            }, "allocator-" + t);
            thread.setDaemon(true);
            threads.add(thread);
            thread.start();
        }
    }

    /** Collections (every collector's count, as the JVM reports them) since these threads were started. */
    public long collections() {
        return collectionCount() - collectionsBefore;
    }

    /** The collections a case wants during its pinned calls before it checks that the collector was loaded. */
    public static final int ENOUGH_COLLECTIONS = 10;

    /** 1 while fewer than {@link #ENOUGH_COLLECTIONS} happened, else 0: what a rank tells its partner. */
    public int wantsMore() {
        return collections() < ENOUGH_COLLECTIONS ? 1 : 0;
    }

    /**
     * Whether a pair of ranks exchanging pinned messages goes on after {@code round}: for at least {@code rounds}
     * rounds, then (up to ten times as many) while either rank wants more collections ({@link #wantsMore}, sent in
     * the exchange, so both decide alike). When the MPI's polling starves the allocating threads of the cores, they
     * need longer to load the collector.
     */
    public static boolean goOn(int round, int rounds, int mine, int partners) {
        return round + 1 < rounds || (round + 1 < 10 * rounds && (mine == 1 || partners == 1));
    }

    /** Collections so far in this JVM: every collector's count, as the JVM reports them. */
    public static long collectionCount() {
        long count = 0;
        for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
            count += Math.max(0, gc.getCollectionCount());
        }
        return count;
    }

    /** Stops the threads and waits for them. */
    @Override
    public void close() throws InterruptedException {
        stop = true;
        for (Thread t : threads) t.join();
    }
}
