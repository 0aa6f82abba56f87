import java.util.ArrayList;
import java.util.List;

import natmpj.internal.BufferType;
import natmpj.internal.Element;
import natmpj.internal.Message;
import natmpj.internal.NativeLibrary;

/**
 * The Java half of bench/tools/copyrate: the staging copy rate through natmpj's own path. Each timed request is
 * what a staged non-blocking request on an array does: Message.request (a pooled staging block), copyIn (array to
 * staging through JNI), copyOut (staging to array), release (the block back to the pool). Needs no MPI job:
 * libnatmpj's copy natives do not call MPI. Run with -Dnatmpj.pinRequests=false, so JVMs that pin requests stage too.
 *
 * <p>Arguments: element (byte or double), repetitions, then sizes in bytes. Prints, per size, one line
 * "java SIZE in|out GB/s" per repetition: the rate of the best of the rounds in that repetition.
 */
public final class CopyRate {
    public static void main(String[] args) {
        if (!"false".equals(System.getProperty("natmpj.pinRequests"))) {
            throw new IllegalStateException("run with -Dnatmpj.pinRequests=false (bench/tools/copyrate does)");
        }
        Element element = Element.valueOf(args[0].toUpperCase());
        int reps = Integer.parseInt(args[1]);
        List<Long> sizes = new ArrayList<>();
        for (int i = 2; i < args.length; i++) sizes.add(Long.parseLong(args[i]));
        NativeLibrary.load();
        BufferType type = new BufferType(null, 0, element, "MPI." + element, 0, 1, 1, 0, 1, true, null);
        for (long bytes : sizes) {
            int count = (int) (bytes / element.bytes);
            Object array = element == Element.BYTE ? new byte[count] : new double[count];
            // Enough requests for ~256 MiB each way per repetition, at least 8: long enough to time, short in total.
            int rounds = (int) Math.max(8, (256L << 20) / bytes);
            for (int warm = 0; warm < 3; warm++) time(array, count, type, rounds);
            for (int rep = 0; rep < reps; rep++) {
                long[] best = time(array, count, type, rounds);
                System.out.printf("java %d in %.3f%n", bytes, bytes / (double) best[0]);
                System.out.printf("java %d out %.3f%n", bytes, bytes / (double) best[1]);
            }
        }
    }

    /** The best copy-in and copy-out times in ns over {@code rounds} staged requests. */
    private static long[] time(Object array, int count, BufferType type, int rounds) {
        long in = Long.MAX_VALUE, out = Long.MAX_VALUE;
        for (int r = 0; r < rounds; r++) {
            Message m = Message.request("copyrate", array, 0, count, type, Message.READ_WRITE);
            long t0 = System.nanoTime();
            m.copyIn("copyrate");
            long t1 = System.nanoTime();
            m.copyOut("copyrate", -1);
            long t2 = System.nanoTime();
            m.release();
            in = Math.min(in, t1 - t0);
            out = Math.min(out, t2 - t1);
        }
        return new long[] {in, out};
    }
}
