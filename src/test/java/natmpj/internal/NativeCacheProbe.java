package natmpj.internal;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;

/**
 * Child-process side of {@link NativeCacheTest}.
 * <ul>
 * <li>{@code extract CONTENT ROOT GO THREADS}: says "ready", waits for the file GO, then extracts CONTENT's bytes into
 * ROOT from THREADS threads at once and prints each path; so several processes race as ranks started together do.
 * <li>{@code load}: loads natmpj as a program does and prints the flavour and the library's path.
 * </ul>
 */
public final class NativeCacheProbe {
    private NativeCacheProbe() {}

    public static void main(String[] args) throws Exception {
        if (args[0].equals("load")) {
            System.out.println(NativeLibrary.flavour() + " " + NativeLibrary.path());
            return;
        }
        byte[] content = Files.readAllBytes(Paths.get(args[1]));
        Path root = Paths.get(args[2]);
        Path go = Paths.get(args[3]);
        int threads = Integer.parseInt(args[4]);
        System.out.println("ready");
        System.out.flush();
        while (!Files.exists(go)) Thread.sleep(1);
        Path[] results = new Path[threads];
        Thread[] workers = new Thread[threads];
        Throwable[] failure = new Throwable[1];
        for (int i = 0; i < threads; i++) {
            int t = i;
            workers[i] = new Thread(() -> {
                try {
                    results[t] = NativeCache.extract(content, root, "openmpi", "libnatmpj.so", false);
                } catch (Throwable e) {
                    synchronized (failure) {
                        failure[0] = e;
                    }
                }
            });
            workers[i].start();
        }
        for (Thread w : workers) w.join();
        if (failure[0] != null) throw new AssertionError("extraction failed", failure[0]);
        for (Path p : results) System.out.println(p);
    }
}
