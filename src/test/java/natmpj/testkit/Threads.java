package natmpj.testkit;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;

/** Runs parts of an in-job case in threads of their own and brings their failures back to the case. */
public final class Threads {
    private Threads() {}

    /** The body of thread {@code id} of {@link #inThreads}. */
    public interface Indexed {
        void run(int id) throws Exception;
    }

    /** Runs body in a new thread of that name, waits for it, rethrows what it threw. */
    public static void inThread(String name, Cases.Body body) throws Exception {
        AtomicReference<Throwable> thrown = new AtomicReference<>();
        Thread t = new Thread(() -> {
            try {
                body.run();
            } catch (Throwable e) {
                thrown.set(e);
            }
        }, name);
        t.start();
        t.join();
        if (thrown.get() instanceof Exception) throw (Exception) thrown.get();
        if (thrown.get() != null) throw new AssertionError(name + " failed: " + thrown.get(), thrown.get());
    }

    /** Runs body(0..n-1) in n threads named name-0.., waits for all, rethrows the first failure naming its thread. */
    public static void inThreads(String name, int n, Indexed body) throws InterruptedException {
        List<Thread> threads = new ArrayList<>();
        AtomicReference<Throwable> failure = new AtomicReference<>();
        for (int t = 0; t < n; t++) {
            int id = t;
            Thread thread = new Thread(() -> {
                try {
                    body.run(id);
                } catch (Throwable e) {
                    failure.compareAndSet(null, new AssertionError(name + "-" + id + ": " + e, e));
                }
            }, name + "-" + t);
            threads.add(thread);
            thread.start();
        }
        for (Thread t : threads) t.join();
        if (failure.get() != null) throw (AssertionError) failure.get();
    }
}
