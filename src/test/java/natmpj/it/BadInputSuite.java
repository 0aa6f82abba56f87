package natmpj.it;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

import mpi.Datatype;
import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;
import mpi.Status;
import natmpj.jni.NativeMPIConstants;
import natmpj.jni.NativeMPI;
import natmpj.testkit.Cases;
import natmpj.testkit.Check;
import natmpj.testkit.MultiRank;

/**
 * Bad input under a real mpirun: each misuse must raise the right Java exception naming the argument, and the
 * process must go on working (the last cases exchange real messages after all the bad calls). Covers calls
 * before Init and after Finalize, and MPI's own errors surfacing as MPIException with their error class. Also
 * runs with the JVM's JNI checks (-Xcheck:jni): a misuse (an Object[] handed to GetPrimitiveArrayCritical, say) is
 * a fatal error there, where a plain run may survive it by luck.
 */
@MultiRank(jvm = {"", "-Xcheck:jni"}, extraJdks = true)
public final class BadInputSuite {
    public static void main(String[] args) throws Exception {
        Cases.job(args).beforeInit(BadInputSuite::beforeInit).afterFinalize(BadInputSuite::afterFinalize)
                .run(BadInputSuite::addCases);
    }

    private static void beforeInit(Cases cases) {
        Intracomm world = MPI.COMM_WORLD;
        int[] ints = new int[10];
        cases.add("before_init_rank", () -> Check.throwsWith(IllegalStateException.class, world::Rank,
                "Comm.Rank", "MPI.Init has not been called"));
        cases.add("before_init_send", () -> Check.throwsWith(IllegalStateException.class,
                () -> world.Send(ints, 0, 1, MPI.INT, 0, 0), "Comm.Send", "MPI.Init"));
        cases.add("before_init_wtime", () -> Check.throwsWith(IllegalStateException.class, MPI::Wtime, "MPI.Wtime"));
        cases.add("before_init_finalize", () -> Check.throwsWith(IllegalStateException.class, MPI::Finalize,
                "MPI.Finalize"));
        cases.add("before_init_initialized_is_false", () -> Check.eq(false, MPI.Initialized(), "Initialized"));
    }

    private static void addCases(Cases cases) {
        Intracomm world = MPI.COMM_WORLD;
        String[] args = cases.args();
        int[] ints = new int[10];
        int rank = world.Rank(), size = world.Size();
        int peer = (rank + 1) % size;

        cases.add("init_twice", () -> Check.throwsWith(IllegalStateException.class, () -> MPI.Init(args),
                "already initialized"));
        cases.add("null_buffer_count_positive", () -> Check.throwsWith(NullPointerException.class,
                () -> world.Send(null, 0, 4, MPI.INT, peer, 0), "buf is null", "count is 4"));
        cases.add("negative_count", () -> Check.throwsWith(IllegalArgumentException.class,
                () -> world.Send(ints, 0, -1, MPI.INT, peer, 0), "count", "-1"));
        cases.add("negative_offset", () -> Check.throwsWith(IndexOutOfBoundsException.class,
                () -> world.Recv(ints, -2, 1, MPI.INT, peer, 0), "offset", "-2"));
        cases.add("offset_plus_count_past_array", () -> Check.throwsWith(IndexOutOfBoundsException.class,
                () -> world.Send(ints, 8, 3, MPI.INT, peer, 0), "offset 8", "count 3", "length 10"));
        cases.add("offset_plus_count_overflows_int", () -> Check.throwsWith(IndexOutOfBoundsException.class,
                () -> world.Send(ints, Integer.MAX_VALUE, 2, MPI.INT, peer, 0), "past the end"));
        cases.add("wrong_array_type", () -> Check.throwsWith(IllegalArgumentException.class,
                () -> world.Send(ints, 0, 1, MPI.DOUBLE, peer, 0), "int[]", "MPI.DOUBLE", "double[]"));
        cases.add("not_an_array", () -> Check.throwsWith(IllegalArgumentException.class,
                () -> world.Send("text", 0, 1, MPI.CHAR, peer, 0), "java.lang.String"));
        cases.add("heap_bytebuffer", () -> Check.throwsWith(IllegalArgumentException.class,
                () -> world.Send(ByteBuffer.allocate(64), 0, 4, MPI.INT, peer, 0), "heap ByteBuffer", "direct"));
        cases.add("heap_non_byte_buffer", () -> Check.throwsWith(IllegalArgumentException.class,
                () -> world.Send(java.nio.IntBuffer.allocate(16), 0, 4, MPI.INT, peer, 0), "heap", "IntBuffer"));
        cases.add("direct_view_too_small", () -> Check.throwsWith(IndexOutOfBoundsException.class,
                () -> world.Send(ByteBuffer.allocateDirect(16).asIntBuffer(), 2, 3, MPI.INT, peer, 0), "20 bytes",
                "capacity 16"));
        cases.add("direct_buffer_too_small", () -> Check.throwsWith(IndexOutOfBoundsException.class,
                () -> world.Send(ByteBuffer.allocateDirect(16), 2, 3, MPI.INT, peer, 0), "20 bytes", "capacity 16"));
        cases.add("pack_object_types", () -> {
            // Java objects have no MPI layout; an Object[] must never reach the JNI call that pins arrays
            Datatype objects = Datatype.Contiguous(2, MPI.OBJECT);
            for (Datatype t : new Datatype[] {MPI.OBJECT, objects}) {
                Check.throwsWith(IllegalArgumentException.class, () -> world.Pack(new Object[] {"x", "y"}, 0, 1, t,
                        new byte[64], 0), "Comm.Pack", "datatype", "Java objects");
                Check.throwsWith(IllegalArgumentException.class, () -> world.Unpack(new byte[64], 0,
                        new Object[2], 0, 1, t), "Comm.Unpack", "datatype");
                Check.throwsWith(IllegalArgumentException.class, () -> world.Pack_size(1, t), "Comm.Pack_size",
                        "datatype");
            }
        });
        cases.add("null_datatype", () -> Check.throwsWith(NullPointerException.class,
                () -> world.Send(ints, 0, 1, null, peer, 0), "datatype"));
        cases.add("dest_too_large", () -> Check.throwsWith(IllegalArgumentException.class,
                () -> world.Send(ints, 0, 1, MPI.INT, size, 0), "dest is " + size, "size " + size));
        cases.add("dest_negative", () -> Check.throwsWith(IllegalArgumentException.class,
                () -> world.Ssend(ints, 0, 1, MPI.INT, -7, 0), "dest is -7"));
        cases.add("dest_any_source_is_not_a_destination", () -> Check.throwsWith(IllegalArgumentException.class,
                () -> world.Send(ints, 0, 1, MPI.INT, MPI.ANY_SOURCE, 0), "dest"));
        cases.add("source_too_large", () -> Check.throwsWith(IllegalArgumentException.class,
                () -> world.Recv(ints, 0, 1, MPI.INT, size + 3, 0), "source is " + (size + 3)));
        cases.add("tag_negative", () -> Check.throwsWith(IllegalArgumentException.class,
                () -> world.Send(ints, 0, 1, MPI.INT, peer, -3), "tag is -3"));
        cases.add("tag_any_tag_is_not_a_send_tag", () -> Check.throwsWith(IllegalArgumentException.class,
                () -> world.Rsend(ints, 0, 1, MPI.INT, peer, MPI.ANY_TAG), "tag"));
        cases.add("tag_above_tag_ub", () -> {
            int[] ub = new int[1]; // MPI_TAG_UB, read the way natmpj reads it: INT_MAX in Open MPI, less in MPICH
            NativeMPI.comm_tag_ub(NativeMPI.handle_constant(NativeMPIConstants.COMM_WORLD), ub);
            Check.isTrue(ub[0] >= 32767, "MPI_TAG_UB " + ub[0]);
            world.Send(ints, 0, 1, MPI.INT, MPI.PROC_NULL, ub[0]);
            if (ub[0] < Integer.MAX_VALUE) {
                Check.throwsWith(IllegalArgumentException.class,
                        () -> world.Send(ints, 0, 1, MPI.INT, MPI.PROC_NULL, ub[0] + 1), "tag is " + (ub[0] + 1));
            }
        });
        cases.add("probe_bad_source", () -> Check.throwsWith(IllegalArgumentException.class,
                () -> world.Iprobe(-9, 0), "source is -9"));
        cases.add("sendrecv_overlapping_buffers", () -> Check.throwsWith(IllegalArgumentException.class,
                () -> world.Sendrecv(ints, 0, 5, MPI.INT, peer, 0, ints, 3, 5, MPI.INT, peer, 0), "overlap"));
        cases.add("bcast_root_out_of_range", () -> Check.throwsWith(IllegalArgumentException.class,
                () -> world.Bcast(ints, 0, 1, MPI.INT, size), "root is " + size));
        cases.add("reduce_null_op", () -> Check.throwsWith(NullPointerException.class,
                () -> world.Allreduce(ints, 0, new int[10], 0, 1, MPI.INT, null), "op"));
        cases.add("reduce_sum_on_boolean", () -> Check.throwsWith(IllegalArgumentException.class,
                () -> world.Allreduce(new boolean[2], 0, new boolean[2], 0, 2, MPI.BOOLEAN, MPI.SUM),
                "MPI.SUM", "MPI.BOOLEAN"));
        cases.add("reduce_bitwise_on_double", () -> Check.throwsWith(IllegalArgumentException.class,
                () -> world.Reduce(new double[2], 0, new double[2], 0, 2, MPI.DOUBLE, MPI.BAND, 0), "MPI.BAND"));
        cases.add("reduce_big_endian_direct_buffer", () -> Check.throwsWith(IllegalArgumentException.class,
                () -> world.Allreduce(ByteBuffer.allocateDirect(8).order(ByteOrder.BIG_ENDIAN), 0,
                        ByteBuffer.allocateDirect(8).order(ByteOrder.nativeOrder()), 0, 2, MPI.INT, MPI.SUM),
                "BIG_ENDIAN", "nativeOrder"));
        cases.add("allreduce_overlapping_buffers", () -> Check.throwsWith(IllegalArgumentException.class,
                () -> world.Allreduce(ints, 0, ints, 2, 4, MPI.INT, MPI.SUM), "overlap"));
        cases.add("mpi_error_truncate_is_mpiexception", () -> {
            // A real MPI error, found by MPI itself: a message longer than the receive buffer.
            int partner = rank % 2 == 0 ? rank + 1 : rank - 1;
            if (partner >= size) return;
            if (rank % 2 == 0) {
                world.Send(new int[10], 0, 10, MPI.INT, partner, 66);
            } else {
                MPIException e = Check.throwsWith(MPIException.class,
                        () -> world.Recv(new int[5], 0, 5, MPI.INT, partner, 66), "Comm.Recv");
                Check.eq(MPI.ERR_TRUNCATE, e.getErrorClass(), "error class");
                Check.isTrue(e.getMessage().length() > "Comm.Recv: ".length() + 5, "MPI's error string in message");
            }
        });
        cases.add("errhandler_default_return_and_switch", () -> {
            Check.eq(MPI.ERRORS_RETURN, world.Errhandler_get(), "default errhandler");
            world.Errhandler_set(MPI.ERRORS_ARE_FATAL);
            Check.eq(MPI.ERRORS_ARE_FATAL, world.Errhandler_get(), "after set");
            MPI.Errorhandler_set(MPI.ERRORS_RETURN);
            Check.eq(MPI.ERRORS_RETURN, MPI.Errorhandler_get(), "restored");
        });
        cases.add("jvm_signals_still_work_after_mpi_init", () -> {
            // Implicit null checks and stack banging rely on the JVM's SIGSEGV handler; MPI must not have taken it.
            int npes = 0;
            for (int i = 0; i < 200_000; i++) {
                try {
                    npes += length(i % 1000 == 0 ? null : ints) > 0 ? 0 : 1;
                } catch (NullPointerException e) {
                    npes++;
                }
            }
            Check.eq(200, npes, "NullPointerExceptions caught");
            int arithmetic = 0;
            for (int i = 0; i < 200_000; i++) {
                try {
                    npes += 1000 / (i % 1000) > 2000 ? 1 : 0;
                } catch (ArithmeticException e) {
                    arithmetic++; // integer division by zero arrives as SIGFPE
                }
            }
            Check.eq(200, arithmetic, "ArithmeticExceptions caught");
            Check.throwsWith(StackOverflowError.class, () -> recurse(0));
        });
        cases.add("still_works_after_bad_calls", () -> {
            long[] out = {rank * 11L}, in = new long[1];
            Status s = world.Sendrecv(out, 0, 1, MPI.LONG, peer, 1, in, 0, 1, MPI.LONG, (rank + size - 1) % size, 1);
            Check.eq(((rank + size - 1) % size) * 11L, in[0], "value");
            Check.eq(1, s.Get_count(MPI.LONG), "count");
            int[] sum = new int[1];
            world.Allreduce(new int[] {1}, 0, sum, 0, 1, MPI.INT, MPI.SUM);
            Check.eq(size, sum[0], "Allreduce");
        });
    }

    private static void afterFinalize(Cases cases) {
        Intracomm world = MPI.COMM_WORLD;
        cases.add("after_finalize_rank", () -> Check.throwsWith(IllegalStateException.class, world::Rank,
                "MPI.Finalize has already been called"));
        cases.add("after_finalize_barrier", () -> Check.throwsWith(IllegalStateException.class, world::Barrier,
                "Intracomm.Barrier"));
        cases.add("finalize_twice", () -> Check.throwsWith(IllegalStateException.class, MPI::Finalize,
                "MPI.Finalize"));
        cases.add("init_after_finalize", () -> Check.throwsWith(IllegalStateException.class,
                () -> MPI.Init(cases.args()), "cannot be initialized again"));
        cases.add("initialized_stays_true", () -> Check.eq(true, MPI.Initialized(), "Initialized"));
    }

    private static int length(int[] a) {
        return a.length;
    }

    private static int recurse(int depth) {
        return recurse(depth + 1) + 1;
    }
}
