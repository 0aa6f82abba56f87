package natmpj.bench;

import java.nio.ByteBuffer;
import java.util.concurrent.TimeUnit;

import mpi.Comm;
import mpi.MPI;
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
 * The same natmpj calls through its two APIs, in pairs: mpiJava 1.2's member (method {@code <call>_mpijava}) and
 * Open MPI's Java API's ({@code <call>_ompi}), which the facade maps onto the same core path. JMH runs benchmarks in
 * the order of their names, so the two of a pair run one right after the other, each in a fresh fork; run it
 * several times (bench/tools/dialects) and the pairs alternate over the run. Inside one rank, as {@link Overhead}
 * (the call names are those of its C twin, bench/c/overhead.c, where one exists):
 *
 * <ul>
 *   <li>{@code rank}: Rank() / getRank();</li>
 *   <li>{@code iprobe}: Iprobe / iProbe(ANY_SOURCE, ANY_TAG), nothing pending (null);</li>
 *   <li>{@code sendrecv_procnull_array}, {@code _direct}, with {@code _1}: Sendrecv / sendRecv of 0 (1) bytes to
 *       and from MPI.PROC_NULL, byte[] or direct ByteBuffers;</li>
 *   <li>{@code send_procnull_array}, {@code _direct}, with {@code _1}: Send / send of 0 (1) bytes to
 *       MPI.PROC_NULL (no C twin);</li>
 *   <li>{@code isend_procnull_array_1}, {@code isend_procnull_direct_1}: Isend(...).Wait() / iSend(...).waitFor()
 *       of 1 byte to MPI.PROC_NULL (Wait's Status dropped: waitFor has none). Arrays: mpiJava's Isend takes the
 *       byte[], Open MPI's iSend the same array wrapped once in a heap ByteBuffer (which Open MPI's own bindings
 *       refuse; natmpj pins or stages the array alike). No C twin.</li>
 *   <li>{@code control}: both methods make the same mpiJava call (Sendrecv of 1 byte, direct buffers), so their
 *       difference is what two forks of the same code differ by: the noise floor of the pairs.</li>
 * </ul>
 *
 * <p>Open MPI's API passes no offset: its calls read from element 0, as the mpiJava calls here do (offset 0).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Xms256m", "-Xmx256m", "-XX:+AlwaysPreTouch"}) // see bench/jmh/README.md
@Warmup(iterations = 5, time = 200, timeUnit = TimeUnit.MILLISECONDS)
@Measurement(iterations = 300, time = 1, timeUnit = TimeUnit.MILLISECONDS)
public class Dialects {
    private Comm world;
    private byte[] sendArray, recvArray;
    private ByteBuffer sendDirect, recvDirect, sendWrapped;

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
        sendWrapped = ByteBuffer.wrap(sendArray);
        if (world.Iprobe(MPI.ANY_SOURCE, MPI.ANY_TAG) != null) throw new IllegalStateException("a message pends");
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        MPI.Finalize();
    }

    @Benchmark
    public Status control_mpijava() {
        return world.Sendrecv(sendDirect, 0, 1, MPI.BYTE, MPI.PROC_NULL, 0, recvDirect, 0, 1, MPI.BYTE, MPI.PROC_NULL,
                0);
    }

    /** The same call as control_mpijava, on purpose. */
    @Benchmark
    public Status control_ompi() {
        return world.Sendrecv(sendDirect, 0, 1, MPI.BYTE, MPI.PROC_NULL, 0, recvDirect, 0, 1, MPI.BYTE, MPI.PROC_NULL,
                0);
    }

    @Benchmark
    public int rank_mpijava() {
        return world.Rank();
    }

    @Benchmark
    public int rank_ompi() {
        return world.getRank();
    }

    @Benchmark
    public Status iprobe_mpijava() {
        return world.Iprobe(MPI.ANY_SOURCE, MPI.ANY_TAG);
    }

    @Benchmark
    public Status iprobe_ompi() {
        return world.iProbe(MPI.ANY_SOURCE, MPI.ANY_TAG);
    }

    @Benchmark
    public Status sendrecv_procnull_array_mpijava() {
        return world.Sendrecv(sendArray, 0, 0, MPI.BYTE, MPI.PROC_NULL, 0, recvArray, 0, 0, MPI.BYTE, MPI.PROC_NULL, 0);
    }

    @Benchmark
    public Status sendrecv_procnull_array_ompi() {
        return world.sendRecv(sendArray, 0, MPI.BYTE, MPI.PROC_NULL, 0, recvArray, 0, MPI.BYTE, MPI.PROC_NULL, 0);
    }

    @Benchmark
    public Status sendrecv_procnull_direct_mpijava() {
        return world.Sendrecv(sendDirect, 0, 0, MPI.BYTE, MPI.PROC_NULL, 0, recvDirect, 0, 0, MPI.BYTE, MPI.PROC_NULL,
                0);
    }

    @Benchmark
    public Status sendrecv_procnull_direct_ompi() {
        return world.sendRecv(sendDirect, 0, MPI.BYTE, MPI.PROC_NULL, 0, recvDirect, 0, MPI.BYTE, MPI.PROC_NULL, 0);
    }

    @Benchmark
    public Status sendrecv_procnull_array_1_mpijava() {
        return world.Sendrecv(sendArray, 0, 1, MPI.BYTE, MPI.PROC_NULL, 0, recvArray, 0, 1, MPI.BYTE, MPI.PROC_NULL, 0);
    }

    @Benchmark
    public Status sendrecv_procnull_array_1_ompi() {
        return world.sendRecv(sendArray, 1, MPI.BYTE, MPI.PROC_NULL, 0, recvArray, 1, MPI.BYTE, MPI.PROC_NULL, 0);
    }

    @Benchmark
    public Status sendrecv_procnull_direct_1_mpijava() {
        return world.Sendrecv(sendDirect, 0, 1, MPI.BYTE, MPI.PROC_NULL, 0, recvDirect, 0, 1, MPI.BYTE, MPI.PROC_NULL,
                0);
    }

    @Benchmark
    public Status sendrecv_procnull_direct_1_ompi() {
        return world.sendRecv(sendDirect, 1, MPI.BYTE, MPI.PROC_NULL, 0, recvDirect, 1, MPI.BYTE, MPI.PROC_NULL, 0);
    }

    @Benchmark
    public void send_procnull_array_mpijava() {
        world.Send(sendArray, 0, 0, MPI.BYTE, MPI.PROC_NULL, 0);
    }

    @Benchmark
    public void send_procnull_array_ompi() {
        world.send(sendArray, 0, MPI.BYTE, MPI.PROC_NULL, 0);
    }

    @Benchmark
    public void send_procnull_direct_mpijava() {
        world.Send(sendDirect, 0, 0, MPI.BYTE, MPI.PROC_NULL, 0);
    }

    @Benchmark
    public void send_procnull_direct_ompi() {
        world.send(sendDirect, 0, MPI.BYTE, MPI.PROC_NULL, 0);
    }

    @Benchmark
    public void send_procnull_array_1_mpijava() {
        world.Send(sendArray, 0, 1, MPI.BYTE, MPI.PROC_NULL, 0);
    }

    @Benchmark
    public void send_procnull_array_1_ompi() {
        world.send(sendArray, 1, MPI.BYTE, MPI.PROC_NULL, 0);
    }

    @Benchmark
    public void send_procnull_direct_1_mpijava() {
        world.Send(sendDirect, 0, 1, MPI.BYTE, MPI.PROC_NULL, 0);
    }

    @Benchmark
    public void send_procnull_direct_1_ompi() {
        world.send(sendDirect, 1, MPI.BYTE, MPI.PROC_NULL, 0);
    }

    @Benchmark
    public void isend_procnull_array_1_mpijava() {
        world.Isend(sendArray, 0, 1, MPI.BYTE, MPI.PROC_NULL, 0).Wait();
    }

    @Benchmark
    public void isend_procnull_array_1_ompi() {
        world.iSend(sendWrapped, 1, MPI.BYTE, MPI.PROC_NULL, 0).waitFor();
    }

    @Benchmark
    public void isend_procnull_direct_1_mpijava() {
        world.Isend(sendDirect, 0, 1, MPI.BYTE, MPI.PROC_NULL, 0).Wait();
    }

    @Benchmark
    public void isend_procnull_direct_1_ompi() {
        world.iSend(sendDirect, 1, MPI.BYTE, MPI.PROC_NULL, 0).waitFor();
    }
}
