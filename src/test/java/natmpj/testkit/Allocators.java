package natmpj.testkit;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Threads that allocate heavily (arrays up to maxBytes, a few kept alive so the heap fills) and call System.gc()
 * now and then, counting their allocations and any OutOfMemoryError, until closed: the load a case puts on the
 * collector while MPI holds Java arrays.
 */
public final class Allocators implements AutoCloseable {
    /** Arrays allocated so far by all the threads. */
    public final AtomicLong allocations = new AtomicLong();
    /** OutOfMemoryErrors the threads caught (each drops what it kept and goes on). */
    public final AtomicLong outOfMemory = new AtomicLong();
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
                        if (allocations.incrementAndGet() % 1000 == 0) System.gc();
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

    /** Stops the threads and waits for them. */
    @Override
    public void close() throws InterruptedException {
        stop = true;
        for (Thread t : threads) t.join();
    }
}
