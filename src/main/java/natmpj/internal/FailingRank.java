package natmpj.internal;

import java.io.PrintStream;
import java.util.function.BooleanSupplier;

import natmpj.jni.NativeMPI;

/**
 * What a rank that fails between MPI.Init and MPI.Finalize does, so that the other ranks, likely blocked waiting
 * for it, are not left hanging.
 *
 * <ul>
 *   <li>An uncaught exception, on any thread, aborts the whole job (MPI_Abort on COMM_WORLD with code 1) after
 *       printing a line naming the rank, host, pid and thread, then the stack trace, on stderr. Without this, an
 *       exception in a thread other than main leaves that thread dead and the ranks waiting for it hung forever.
 *       A default handler the program installed before Init is kept as it is (the program chose what to do; it
 *       can call {@code MPI.COMM_WORLD.Abort}); one installed after Init replaces this one. Off with
 *       {@code -Dnatmpj.abortOnUncaughtException=false}.</li>
 *   <li>An exit before Finalize (System.exit, or main returning without Finalize) prints a line naming the rank
 *       and the status, and aborts the job with that status (code 1 for status 0): MPICH's mpirun would otherwise
 *       report success for a job whose other ranks it killed, and srun with PMI-2 would wait forever for the
 *       other ranks after a non-zero status (see ending.c). Off with
 *       {@code -Dnatmpj.abortOnExitWithoutFinalize=false}.</li>
 * </ul>
 * A rank killed by a signal needs nothing from the rank itself: both mpiruns and srun with PMIx end the job, srun
 * with PMI-2 does with --kill-on-bad-exit=1.
 */
public final class FailingRank {
    private FailingRank() {}

    /**
     * Called by the facade once MPI is initialized: this process's rank in MPI_COMM_WORLD, that communicator's
     * handle (what an abort ends), and whether MPI is active (initialized, not finalized) at the moment asked.
     */
    public static void watch(int rank, long world, BooleanSupplier active) {
        if (enabled("natmpj.abortOnExitWithoutFinalize")) NativeMPI.guard_exit();
        if (enabled("natmpj.abortOnUncaughtException") && Thread.getDefaultUncaughtExceptionHandler() == null) {
            Thread.setDefaultUncaughtExceptionHandler(new Handler(rank, world, active));
        }
    }

    /**
     * The handler: a class, not a lambda, as are the other objects made on MPI.Init's path, so that Init does not
     * start the JDK's lambda machinery, which costs every rank's start tens of milliseconds of CPU (docs/scale.md).
     */
    private static final class Handler implements Thread.UncaughtExceptionHandler {
        private final String rankAndHost;
        private final long world;
        private final BooleanSupplier active;

        /** The host is asked of MPI here, while MPI is active: the handler may run after Finalize. */
        Handler(int rank, long world, BooleanSupplier active) {
            this.rankAndHost = "rank " + rank + " (host " + host();
            this.world = world;
            this.active = active;
        }

        @Override
        public void uncaughtException(Thread thread, Throwable e) {
            // the pid only now: ProcessHandle's first use costs Init's path a few ms
            abortJob(rankAndHost + ", pid " + ProcessHandle.current().pid() + ")", world, active, thread, e);
        }
    }

    private static void abortJob(String where, long world, BooleanSupplier active, Thread thread, Throwable e) {
        PrintStream err = System.err;
        String hint = mpjExpressOnly(e);
        if (!active.getAsBoolean()) { // before Init or after Finalize: what the JVM would do
            err.print("Exception in thread \"" + thread.getName() + "\" ");
            e.printStackTrace(err);
            if (hint != null) err.println(hint);
            return;
        }
        System.out.flush();
        err.println("natmpj: uncaught exception in thread \"" + thread.getName() + "\" on " + where
                + ": aborting the MPI job");
        e.printStackTrace(err);
        if (hint != null) err.println(hint);
        err.flush();
        int rc = NativeMPI.abort(world, 1);
        err.println("natmpj: MPI_Abort returned " + rc + "; halting this rank");
        err.flush();
        Runtime.getRuntime().halt(1);
    }

    /**
     * For a class of MPJ Express's own device and buffer layers (packages mpjdev, mpjbuf, xdev) missing at run time,
     * which a program compiled against MPJ Express's mpj.jar meets on natmpj: a line saying where such a program
     * runs; null for any other failure. Looks through the causes (a static initializer's failure wraps it).
     */
    static String mpjExpressOnly(Throwable e) {
        int depth = 0;
        for (Throwable t = e; t != null && depth < 16; t = t.getCause(), depth++) {
            if (!(t instanceof NoClassDefFoundError || t instanceof ClassNotFoundException)) continue;
            String name = String.valueOf(t.getMessage()).replace('/', '.');
            for (String layer : new String[] {"mpjdev.", "mpjbuf.", "xdev."}) {
                if (name.startsWith(layer)) {
                    String pkg = layer.substring(0, layer.length() - 1);
                    return "natmpj: " + name + " is a class of MPJ Express's own " + pkg + " package, which natmpj does not provide: this program needs MPJ Express's mpj.jar."
                            + " Compile it against mpj.jar and run it on MPJ Express, over this MPI with"
                            + " bin/mpjrun --mpj-express (docs/compatibility.md)";
                }
            }
        }
        return null;
    }

    private static String host() {
        String name = NativeMPI.processor_name();
        return name == null ? "?" : name;
    }

    private static boolean enabled(String property) {
        return !"false".equalsIgnoreCase(System.getProperty(property, "true").trim());
    }
}
