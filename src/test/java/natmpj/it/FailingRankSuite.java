package natmpj.it;

import java.util.Map;
import java.util.TreeMap;

import mpi.MPI;

/**
 * Rank 1 fails in the way named by the program argument while every other rank waits in Recv for a message that
 * never comes: the whole job must end soon, non-zero, saying why. Ends its job on purpose, so MultiRankIT runs it
 * once per mode and checks the launcher's exit code and output rather than per-case results.
 */
public final class FailingRankSuite {
    /** Mode -> what the job's output must contain. */
    public static final Map<String, String> EXPECTED = new TreeMap<>(Map.of(
            "abort", "rank 1 calls Abort(7)",
            "exception-main", "natmpj: uncaught exception in thread \"main\" on rank 1",
            "exception-thread", "natmpj: uncaught exception in thread \"failing-worker\" on rank 1",
            "user-handler", "user handler: IllegalStateException in failing-worker",
            "exit3", "natmpj: rank 1 (host ",
            "return-without-finalize", "is exiting with status 0 without MPI.Finalize: aborting the MPI job",
            "sigkill", "signal 9"));

    public static void main(String[] args) throws Exception {
        String mode = args.length > 0 ? args[0] : "";
        if (!EXPECTED.containsKey(mode)) throw new IllegalArgumentException("mode must be one of " + EXPECTED.keySet());
        if (mode.equals("user-handler")) {
            // Installed before Init: natmpj keeps it, and it chooses to end the job itself.
            Thread.setDefaultUncaughtExceptionHandler((thread, e) -> {
                System.err.println("user handler: " + e.getClass().getSimpleName() + " in " + thread.getName());
                MPI.COMM_WORLD.Abort(5);
            });
        }
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank();
        if (rank != 1) {
            MPI.COMM_WORLD.Recv(new int[1], 0, 1, MPI.INT, 1, 0);
            throw new AssertionError("rank " + rank + " received a message nobody sent");
        }
        Thread.sleep(300); // let the others block first
        switch (mode) {
            case "abort":
                System.out.println("rank 1 calls Abort(7)");
                System.out.flush();
                MPI.COMM_WORLD.Abort(7);
                break;
            case "exception-main":
                throw new IllegalStateException("rank 1 fails in main");
            case "exception-thread":
            case "user-handler":
                // Main waits in MPI for a worker that dies: only the handler can end this rank.
                new Thread(() -> {
                    throw new IllegalStateException("rank 1 fails in a worker thread");
                }, "failing-worker").start();
                MPI.COMM_WORLD.Recv(new int[1], 0, 1, MPI.INT, 0, 0);
                break;
            case "exit3":
                System.exit(3);
                break;
            case "return-without-finalize":
                return;
            case "sigkill":
                long pid = ProcessHandle.current().pid();
                System.out.println("rank 1 (pid " + pid + ") sends itself SIGKILL at " + System.currentTimeMillis()
                        + " ms");
                System.out.flush();
                new ProcessBuilder("kill", "-KILL", String.valueOf(pid)).inheritIO().start().waitFor();
                Thread.sleep(60_000);
                break;
            default:
                throw new AssertionError(mode);
        }
        throw new AssertionError("rank 1 survived failure mode " + mode);
    }
}
