package natmpj.it;

import java.lang.management.ManagementFactory;

import com.sun.management.HotSpotDiagnosticMXBean;

import mpi.Intracomm;
import mpi.MPI;
import mpi.Prequest;
import mpi.Request;
import natmpj.internal.Pins;
import natmpj.testkit.Check;

/**
 * Which path a request on a Java array must take in this JVM, found from the JVM's own flags (not by natmpj's
 * detection, which it checks): pinned, zero-copy, under Shenandoah or G1 on JDK 22+, unless -Xcheck:jni (whose
 * copies natmpj detects) or -Dnatmpj.pinRequests=false; staged everywhere else.
 */
final class PinPath {
    static final boolean PINNED = expected();

    private PinPath() {}

    private static boolean expected() {
        HotSpotDiagnosticMXBean hs = ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class);
        boolean g1 = flag(hs, "UseG1GC"), shenandoah = flag(hs, "UseShenandoahGC");
        boolean optOut = "false".equalsIgnoreCase(System.getProperty("natmpj.pinRequests"));
        return (shenandoah || g1 && Runtime.version().feature() >= 22) && !flag(hs, "CheckJNICalls") && !optOut;
    }

    private static boolean flag(HotSpotDiagnosticMXBean hs, String name) {
        return Boolean.parseBoolean(hs.getVMOption(name).getValue());
    }

    static String describe() {
        return (PINNED ? "pinned" : "staged") + " on JDK " + Runtime.version().feature();
    }

    /**
     * Checks both ways that requests take the expected path: the live pin count (a pending receive, a persistent one
     * from init to Free), and what MPI writes: into a pinned array as soon as MPI delivers the message, before
     * Wait; into staging, so never into the array before Wait. Collective over {@code world}; 2+ ranks.
     */
    static void check(Intracomm world, int right, int left, int tag) throws Exception {
        int base = Pins.count(), grown = base + (PINNED ? 1 : 0);
        int[] in = new int[1000];
        Request r = world.Irecv(in, 0, in.length, MPI.INT, left, tag);
        Check.eq(grown, Pins.count(), "pins while a receive on an array is pending (" + describe() + ")");
        world.Barrier();
        int[] out = new int[1000];
        java.util.Arrays.fill(out, 42);
        world.Send(out, 0, out.length, MPI.INT, right, tag); // eager on both MPIs: delivered by progress alone
        world.Barrier();
        long end = System.nanoTime() + (PINNED ? 10_000_000_000L : 500_000_000L);
        boolean seen = false;
        while (!seen && System.nanoTime() < end) {
            world.Iprobe(left, tag + 1); // makes MPI progress, matches nothing
            seen = in[in.length - 1] == 42;
        }
        Check.eq(PINNED, seen, "message in the array before Wait (" + describe() + ")");
        r.Wait();
        Check.eq(42, in[in.length - 1], "message in the array after Wait");
        Check.eq(base, Pins.count(), "pins after Wait");

        Prequest p = world.Recv_init(in, 0, in.length, MPI.INT, left, tag);
        Check.eq(grown, Pins.count(), "pins of an inactive persistent request");
        for (int start = 0; start < 3; start++) {
            p.Start();
            world.Send(out, 0, out.length, MPI.INT, right, tag);
            p.Wait();
            Check.eq(grown, Pins.count(), "pins of a persistent request between starts");
        }
        p.Free();
        Check.eq(base, Pins.count(), "pins after Free");
    }
}
