package natmpj.bench.ffm;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.nio.ByteBuffer;
import java.nio.file.Path;
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
 * The hot calls of natmpj's C layer reached two ways from the same JVM: the SWIG-generated JNI entry points
 * ({@code jni_*}, what natmpj uses) and Foreign Function &amp; Memory downcalls ({@code ffm_*}) to the same C
 * functions, compiled into a shim library (system property {@code ffm.shim}, built by bench/tools/ffm-vs-jni from
 * natmpj's pt2pt.c and status.c). Downcalls are linked with {@code Linker.Option.critical(true)}: no thread-state
 * transition, and heap segments allowed, so a byte[] reaches C as its own storage, as a JNI critical region gives
 * it. The {@code ffm_*_noncritical} forms show the price of an ordinary downcall. MPI is initialized through
 * natmpj (one rank, no mpirun), and both paths use its handles.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(value = 2, jvmArgsAppend = {"-Xms256m", "-Xmx256m", "-XX:+AlwaysPreTouch", "--enable-native-access=ALL-UNNAMED"})
@Warmup(iterations = 5, time = 200, timeUnit = TimeUnit.MILLISECONDS)
@Measurement(iterations = 300, time = 1, timeUnit = TimeUnit.MILLISECONDS)
public class Downcalls {
    private static final Linker LINKER = Linker.nativeLinker();
    private static final Linker.Option CRITICAL_HEAP = Linker.Option.critical(true);

    private long world, byteType, statusAddress, sendAddress, recvAddress;
    private int procNull, anySource, anyTag;
    private byte[] sendArray, recvArray;
    /** Kept reachable: the JNI calls see only their addresses. */
    private ByteBuffer status, sendDirect, recvDirect;
    private MemorySegment statusSeg, sendSeg, recvSeg, sendHeap, recvHeap;
    private MethodHandle queryThread, queryThreadPlain, wtime, iprobe, sendrecv, sendrecvPlain;

    @Setup(Level.Trial)
    public void setUp() throws Throwable {
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
        statusSeg = MemorySegment.ofBuffer(status);
        sendSeg = MemorySegment.ofBuffer(sendDirect);
        recvSeg = MemorySegment.ofBuffer(recvDirect);
        sendArray = new byte[16];
        recvArray = new byte[16];
        sendHeap = MemorySegment.ofArray(sendArray);
        recvHeap = MemorySegment.ofArray(recvArray);

        String shim = System.getProperty("ffm.shim");
        if (shim == null) throw new IllegalStateException("-Dffm.shim=<path of libffmshim.so> is required");
        SymbolLookup lib = SymbolLookup.libraryLookup(Path.of(shim), Arena.global());
        ValueLayout.OfLong handle = ValueLayout.JAVA_LONG;
        ValueLayout.OfInt i32 = ValueLayout.JAVA_INT;
        FunctionDescriptor srDesc = FunctionDescriptor.of(i32,
                ValueLayout.ADDRESS, ValueLayout.ADDRESS, handle, i32, handle, i32, i32,
                ValueLayout.ADDRESS, ValueLayout.ADDRESS, handle, i32, handle, i32, i32, handle, ValueLayout.ADDRESS);
        queryThread = downcall(lib, "ffm_query_thread", FunctionDescriptor.of(i32), true);
        queryThreadPlain = downcall(lib, "ffm_query_thread", FunctionDescriptor.of(i32), false);
        wtime = downcall(lib, "ffm_wtime", FunctionDescriptor.of(ValueLayout.JAVA_DOUBLE), true);
        iprobe = downcall(lib, "natmpj_iprobe", FunctionDescriptor.of(i32, i32, i32, handle, ValueLayout.ADDRESS),
                true);
        sendrecv = downcall(lib, "natmpj_sendrecv", srDesc, true);
        sendrecvPlain = downcall(lib, "natmpj_sendrecv", srDesc, false);
        if (jni_sendrecv_array_1() != 0 || ffm_sendrecv_array_1() != 0 || ffm_sendrecv_direct_1() != 0
                || ffm_iprobe() != 0 || ffm_query_thread() != jni_query_thread()) {
            throw new IllegalStateException("a call failed or the two paths disagree");
        }
    }

    private static MethodHandle downcall(SymbolLookup lib, String name, FunctionDescriptor desc, boolean critical) {
        MemorySegment fn = lib.find(name).orElseThrow(() -> new IllegalStateException("no symbol " + name));
        return critical ? LINKER.downcallHandle(fn, desc, CRITICAL_HEAP) : LINKER.downcallHandle(fn, desc);
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
    public int ffm_query_thread() throws Throwable {
        return (int) queryThread.invokeExact();
    }

    @Benchmark
    public int ffm_query_thread_noncritical() throws Throwable {
        return (int) queryThreadPlain.invokeExact();
    }

    @Benchmark
    public double jni_wtime() {
        return NativeMPIJNI.wtime();
    }

    @Benchmark
    public double ffm_wtime() throws Throwable {
        return (double) wtime.invokeExact();
    }

    @Benchmark
    public int jni_iprobe() {
        return NativeMPIJNI.iprobe(anySource, anyTag, world, statusAddress);
    }

    @Benchmark
    public int ffm_iprobe() throws Throwable {
        return (int) iprobe.invokeExact(anySource, anyTag, world, statusSeg);
    }

    @Benchmark
    public int jni_sendrecv_direct_1() {
        return NativeMPIJNI.sendrecv(null, sendAddress, 0, 1, byteType, procNull, 0, null, recvAddress, 0, 1, byteType,
                procNull, 0, world, statusAddress);
    }

    @Benchmark
    public int ffm_sendrecv_direct_1() throws Throwable {
        return (int) sendrecv.invokeExact(MemorySegment.NULL, sendSeg, 0L, 1, byteType, procNull, 0,
                MemorySegment.NULL, recvSeg, 0L, 1, byteType, procNull, 0, world, statusSeg);
    }

    /** JNI: both arrays pinned by GetPrimitiveArrayCritical / Release around the call. */
    @Benchmark
    public int jni_sendrecv_array_1() {
        return NativeMPIJNI.sendrecv(sendArray, 0, 0, 1, byteType, procNull, 0, recvArray, 0, 0, 1, byteType,
                procNull, 0, world, statusAddress);
    }

    /** FFM: heap segments of both arrays passed to a critical downcall (the GC cannot run during it). */
    @Benchmark
    public int ffm_sendrecv_array_1() throws Throwable {
        return (int) sendrecv.invokeExact(MemorySegment.NULL, sendHeap, 0L, 1, byteType, procNull, 0,
                MemorySegment.NULL, recvHeap, 0L, 1, byteType, procNull, 0, world, statusSeg);
    }

    /** An ordinary downcall cannot take heap segments: direct memory only. */
    @Benchmark
    public int ffm_sendrecv_direct_1_noncritical() throws Throwable {
        return (int) sendrecvPlain.invokeExact(MemorySegment.NULL, sendSeg, 0L, 1, byteType, procNull, 0,
                MemorySegment.NULL, recvSeg, 0L, 1, byteType, procNull, 0, world, statusSeg);
    }
}
