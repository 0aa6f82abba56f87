package natmpj.it;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Threads that allocate heavily (arrays up to maxBytes, a few kept alive so the heap fills) and call System.gc()
 * now and then, counting their allocations and any OutOfMemoryError, until stopped.
 */
final class Allocators implements AutoCloseable {
    final AtomicLong allocations = new AtomicLong();
    final AtomicLong outOfMemory = new AtomicLong();
    private volatile boolean stop;
    private final List<Thread> threads = new ArrayList<>();

    Allocators(int count, int maxBytes) {
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

    @Override
    public void close() throws InterruptedException {
        stop = true;
        for (Thread t : threads) t.join();
    }
}
