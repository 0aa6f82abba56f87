package natmpj.bench;

import java.nio.ByteBuffer;
import java.util.concurrent.TimeUnit;

import mpi.MPI;

import natmpj.jni.NativeMPIConstants;
import natmpj.jni.NativeMPIJNI;

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
 * Where {@link Overhead}'s time goes: the same MPI calls through the SWIG-generated JNI entry points directly, with
 * no argument checks and no Status object. Overhead minus Layers is the Java side of the API; Layers minus the C
 * twin (bench/c/overhead.c) is the JNI transition plus natmpj's C layer. Not run by bench/tools/overhead.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(value = 2, jvmArgsAppend = {"-Xms256m", "-Xmx256m", "-XX:+AlwaysPreTouch"})
@Warmup(iterations = 5, time = 200, timeUnit = TimeUnit.MILLISECONDS)
@Measurement(iterations = 300, time = 1, timeUnit = TimeUnit.MILLISECONDS)
public class Layers {
    private long world, byteType, statusAddress, sendAddress, recvAddress;
    private int procNull, anySource, anyTag;
    private byte[] sendArray, recvArray;
    /** Kept reachable: the native calls see only their addresses. */
    private ByteBuffer status, sendDirect, recvDirect;

    @Setup(Level.Trial)
    public void setUp() {
        if (MPI.Initialized()) {
            throw new IllegalStateException("MPI was initialized earlier in this JVM: run with forks (-f 1 or more)");
        }
        MPI.Init(new String[0]);
        world = NativeMPIJNI.handle_constant(NativeMPIConstants.COMM_WORLD);
        byteType = NativeMPIJNI.handle_constant(NativeMPIConstants.TYPE_BYTE);
        procNull = NativeMPIJNI.int_constant(NativeMPIConstants.PROC_NULL);
        anySource = NativeMPIJNI.int_constant(NativeMPIConstants.ANY_SOURCE);
        anyTag = NativeMPIJNI.int_constant(NativeMPIConstants.ANY_TAG);
        status = ByteBuffer.allocateDirect(NativeMPIConstants.STATUS_SLOTS * Integer.BYTES);
        sendDirect = ByteBuffer.allocateDirect(16);
        recvDirect = ByteBuffer.allocateDirect(16);
        statusAddress = NativeMPIJNI.buffer_address(status);
        sendAddress = NativeMPIJNI.buffer_address(sendDirect);
        recvAddress = NativeMPIJNI.buffer_address(recvDirect);
        sendArray = new byte[16];
        recvArray = new byte[16];
        if (jni_sendrecv_array_1() != 0 || jni_iprobe() != 0) throw new IllegalStateException("MPI call failed");
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        MPI.Finalize();
    }

    @Benchmark
    public int jni_query_thread() {
        return NativeMPIJNI.query_thread();
    }

    @Benchmark
    public int jni_iprobe() {
        return NativeMPIJNI.iprobe(anySource, anyTag, world, statusAddress);
    }

    @Benchmark
    public int jni_sendrecv_direct() {
        return NativeMPIJNI.sendrecv(null, sendAddress, 0, 0, byteType, procNull, 0, null, recvAddress, 0, 0, byteType,
                procNull, 0, world, statusAddress);
    }

    @Benchmark
    public int jni_sendrecv_direct_1() {
        return NativeMPIJNI.sendrecv(null, sendAddress, 0, 1, byteType, procNull, 0, null, recvAddress, 0, 1, byteType,
                procNull, 0, world, statusAddress);
    }

    /** Both arrays pinned (GetPrimitiveArrayCritical / Release around the call). */
    @Benchmark
    public int jni_sendrecv_array_1() {
        return NativeMPIJNI.sendrecv(sendArray, 0, 0, 1, byteType, procNull, 0, recvArray, 0, 0, 1, byteType,
                procNull, 0, world, statusAddress);
    }
}
