package natmpj.bench;

import java.nio.ByteBuffer;
import java.util.concurrent.TimeUnit;

import mpi.Comm;
import mpi.MPI;
import mpi.Request;
import mpi.Status;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Cost of one natmpj call that does (almost) no communication, inside one rank: what the binding adds to MPI. The
 * method names are the call names of the C twin, bench/c/overhead.c, which times the same MPI calls.
 *
 * <p>Each forked JVM is a singleton MPI process: MPI.Init in the trial set-up, MPI.Finalize in its tear-down, on the
 * benchmark thread, which makes every MPI call of the fork (MPI.Init asks for THREAD_FUNNELED). Forks are needed
 * (-f 0 would initialize MPI a second time in one process, which MPI forbids).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(value = 3, jvmArgsAppend = {"-Xms256m", "-Xmx256m", "-XX:+AlwaysPreTouch"}) // see bench/jmh/README.md
@Warmup(iterations = 5, time = 200, timeUnit = TimeUnit.MILLISECONDS)
@Measurement(iterations = 300, time = 1, timeUnit = TimeUnit.MILLISECONDS)
public class Overhead {
    private static final int UNSENT_TAG = 77;

    private Comm world;
    private byte[] sendArray, recvArray;
    private ByteBuffer sendDirect, recvDirect;
    /** Completed by the set-up: Test finds a null request (mpiJava 1.2 then returns an empty Status). */
    private Request completed;
    /** A receive nothing will ever match: Test asks MPI each time and gets null. */
    private Request pending;

    @Setup(Level.Trial)
    public void setUp() {
        if (MPI.Initialized()) { // MPI can be initialized once per process
            throw new IllegalStateException("MPI was initialized earlier in this JVM: run with forks (-f 1 or more)");
        }
        MPI.Init(new String[0]);
        world = MPI.COMM_WORLD;
        sendArray = new byte[16];
        recvArray = new byte[16];
        sendDirect = ByteBuffer.allocateDirect(16);
        recvDirect = ByteBuffer.allocateDirect(16);

        byte[] one = {42}, got = new byte[1];
        Request recv = MPI.COMM_SELF.Irecv(got, 0, 1, MPI.BYTE, 0, 1);
        completed = MPI.COMM_SELF.Isend(one, 0, 1, MPI.BYTE, 0, 1);
        recv.Wait();
        completed.Wait();
        if (got[0] != 42 || completed.Test() == null) throw new IllegalStateException("self message not received");

        pending = MPI.COMM_SELF.Irecv(new byte[1], 0, 1, MPI.BYTE, 0, UNSENT_TAG);
        if (pending.Test() != null) throw new IllegalStateException("a receive nothing sends to has completed");
        if (world.Iprobe(MPI.ANY_SOURCE, MPI.ANY_TAG) != null) throw new IllegalStateException("a message pends");
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        pending.Cancel();
        Status s = pending.Wait();
        if (!s.Test_cancelled()) throw new IllegalStateException("the unmatched receive was not cancelled");
        MPI.Finalize();
    }

    @Benchmark
    public int rank() {
        return world.Rank();
    }

    @Benchmark
    public int size() {
        return world.Size();
    }

    /** Nothing is ever pending: null each time. */
    @Benchmark
    public Status iprobe() {
        return world.Iprobe(MPI.ANY_SOURCE, MPI.ANY_TAG);
    }

    @Benchmark
    public Status test() {
        return completed.Test();
    }

    @Benchmark
    public Status test_pending() {
        return pending.Test();
    }

    @Benchmark
    public Status sendrecv_procnull_array() {
        return world.Sendrecv(sendArray, 0, 0, MPI.BYTE, MPI.PROC_NULL, 0,
                recvArray, 0, 0, MPI.BYTE, MPI.PROC_NULL, 0);
    }

    @Benchmark
    public Status sendrecv_procnull_direct() {
        return world.Sendrecv(sendDirect, 0, 0, MPI.BYTE, MPI.PROC_NULL, 0,
                recvDirect, 0, 0, MPI.BYTE, MPI.PROC_NULL, 0);
    }

    /** One byte each way: unlike an empty message, the smallest one whose arrays are pinned. */
    @Benchmark
    public Status sendrecv_procnull_array_1() {
        return world.Sendrecv(sendArray, 0, 1, MPI.BYTE, MPI.PROC_NULL, 0,
                recvArray, 0, 1, MPI.BYTE, MPI.PROC_NULL, 0);
    }

    @Benchmark
    public Status sendrecv_procnull_direct_1() {
        return world.Sendrecv(sendDirect, 0, 1, MPI.BYTE, MPI.PROC_NULL, 0,
                recvDirect, 0, 1, MPI.BYTE, MPI.PROC_NULL, 0);
    }

    /** A JNI round trip to an MPI call that does nothing: the floor of any call that reaches MPI. */
    @Benchmark
    public int query_thread() {
        return MPI.Query_thread();
    }

    @Benchmark
    public double wtime() {
        return MPI.Wtime();
    }
}
