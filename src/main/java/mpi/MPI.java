package mpi;

import natmpj.internal.NativeLibrary;
import natmpj.jni.NativeMPIConstants;
import natmpj.jni.NativeMPIJNI;

/**
 * The mpiJava 1.2 entry point: {@code MPI.Init(args)}, the predefined communicators, datatypes, ops and constants.
 *
 * <p>Loading this class loads libnatmpj (see {@link NativeLibrary} for where it looks) and reads every handle and
 * constant from the host MPI's C headers, so nothing ABI-specific is compiled into Java. Every call but
 * {@link #Init}, {@link #Initialized} and the constants needs MPI to be initialized and not yet finalized, and
 * throws IllegalStateException otherwise.
 */
public class MPI {
    private static final int NOT_INITIALIZED = 0, ACTIVE = 1, FINALIZED = 2;
    private static volatile int state = NOT_INITIALIZED;
    /** The largest tag MPI accepts (the MPI_TAG_UB attribute), known after Init. */
    static int tagUpperBound = 32767;

    /** The C layer's constant ids, under a short name that cannot clash with the fields below. */
    private interface Id extends NativeMPIConstants {}

    public static Intracomm COMM_WORLD;
    public static Intracomm COMM_SELF;

    public static int ANY_SOURCE;
    public static int ANY_TAG;
    public static int PROC_NULL;
    public static int UNDEFINED;

    public static Datatype BYTE;
    public static Datatype CHAR;
    public static Datatype SHORT;
    public static Datatype BOOLEAN;
    public static Datatype INT;
    public static Datatype LONG;
    public static Datatype FLOAT;
    public static Datatype DOUBLE;
    public static Datatype PACKED;
    /** Java objects (Object[] buffers); MPI never sees this type. */
    public static Datatype OBJECT;
    /** Bound markers for Datatype.Struct (MPI-1's MPI_LB / MPI_UB, applied by natmpj itself). */
    public static Datatype LB;
    public static Datatype UB;
    /** The null datatype: no call accepts it. */
    public static Datatype NULL;

    public static Op MAX;
    public static Op MIN;
    public static Op SUM;
    public static Op PROD;
    public static Op LAND;
    public static Op BAND;
    public static Op LOR;
    public static Op BOR;
    public static Op LXOR;
    public static Op BXOR;

    public static Errhandler ERRORS_ARE_FATAL;
    public static Errhandler ERRORS_RETURN;

    /** MPI error classes, to compare with {@link MPIException#getErrorClass()}. */
    public static int ERR_TRUNCATE;
    public static int ERR_RANK;
    public static int ERR_TAG;
    public static int ERR_COUNT;
    public static int ERR_OP;
    public static int ERR_TYPE;

    static {
        NativeLibrary.load();
        COMM_WORLD = new Intracomm(handle(Id.COMM_WORLD), "MPI.COMM_WORLD");
        COMM_SELF = new Intracomm(handle(Id.COMM_SELF), "MPI.COMM_SELF");

        ANY_SOURCE = NativeMPIJNI.int_constant(Id.ANY_SOURCE);
        ANY_TAG = NativeMPIJNI.int_constant(Id.ANY_TAG);
        PROC_NULL = NativeMPIJNI.int_constant(Id.PROC_NULL);
        UNDEFINED = NativeMPIJNI.int_constant(Id.UNDEFINED);

        BYTE = type(Id.TYPE_INT8, BasicType.BYTE, "MPI.BYTE");
        CHAR = type(Id.TYPE_UINT16, BasicType.CHAR, "MPI.CHAR");
        SHORT = type(Id.TYPE_INT16, BasicType.SHORT, "MPI.SHORT");
        BOOLEAN = type(Id.TYPE_BOOL, BasicType.BOOLEAN, "MPI.BOOLEAN");
        INT = type(Id.TYPE_INT32, BasicType.INT, "MPI.INT");
        LONG = type(Id.TYPE_INT64, BasicType.LONG, "MPI.LONG");
        FLOAT = type(Id.TYPE_FLOAT, BasicType.FLOAT, "MPI.FLOAT");
        DOUBLE = type(Id.TYPE_DOUBLE, BasicType.DOUBLE, "MPI.DOUBLE");
        PACKED = type(Id.TYPE_PACKED, BasicType.PACKED, "MPI.PACKED");
        OBJECT = type(Id.TYPE_NULL, BasicType.OBJECT, "MPI.OBJECT");
        LB = Datatype.boundMarker(handle(Id.TYPE_NULL), true, "MPI.LB");
        UB = Datatype.boundMarker(handle(Id.TYPE_NULL), false, "MPI.UB");
        NULL = Datatype.nullType(handle(Id.TYPE_NULL), "MPI.NULL");

        MAX = op(Id.OP_MAX, "MPI.MAX", Op.Kind.ARITHMETIC, null);
        MIN = op(Id.OP_MIN, "MPI.MIN", Op.Kind.ARITHMETIC, null);
        SUM = op(Id.OP_SUM, "MPI.SUM", Op.Kind.ARITHMETIC, null);
        PROD = op(Id.OP_PROD, "MPI.PROD", Op.Kind.ARITHMETIC, null);
        LAND = op(Id.OP_LAND, "MPI.LAND", Op.Kind.LOGICAL, null);
        LOR = op(Id.OP_LOR, "MPI.LOR", Op.Kind.LOGICAL, null);
        LXOR = op(Id.OP_LXOR, "MPI.LXOR", Op.Kind.LOGICAL, null);
        BAND = op(Id.OP_BAND, "MPI.BAND", Op.Kind.BITWISE, LAND);
        BOR = op(Id.OP_BOR, "MPI.BOR", Op.Kind.BITWISE, LOR);
        BXOR = op(Id.OP_BXOR, "MPI.BXOR", Op.Kind.BITWISE, LXOR);

        ERRORS_ARE_FATAL = new Errhandler(handle(Id.ERRORS_ARE_FATAL), "MPI.ERRORS_ARE_FATAL");
        ERRORS_RETURN = new Errhandler(handle(Id.ERRORS_RETURN), "MPI.ERRORS_RETURN");

        ERR_TRUNCATE = NativeMPIJNI.int_constant(Id.ERR_TRUNCATE);
        ERR_RANK = NativeMPIJNI.int_constant(Id.ERR_RANK);
        ERR_TAG = NativeMPIJNI.int_constant(Id.ERR_TAG);
        ERR_COUNT = NativeMPIJNI.int_constant(Id.ERR_COUNT);
        ERR_OP = NativeMPIJNI.int_constant(Id.ERR_OP);
        ERR_TYPE = NativeMPIJNI.int_constant(Id.ERR_TYPE);
    }

    public MPI() {}

    /**
     * Initializes MPI (MPI_Init_thread with MPI_THREAD_FUNNELED: the JVM runs other threads, but only the one that
     * called Init calls MPI). Sets MPI_ERRORS_RETURN on COMM_WORLD and COMM_SELF, so MPI errors become
     * MPIException. Returns the arguments, unchanged.
     */
    public static String[] Init(String[] args) throws MPIException {
        synchronized (MPI.class) {
            if (state == ACTIVE) throw new IllegalStateException("MPI.Init: MPI is already initialized");
            if (state == FINALIZED) {
                throw new IllegalStateException("MPI.Init: MPI has been finalized and cannot be initialized again");
            }
            int[] provided = new int[1];
            MPIException.check(NativeMPIJNI.init_thread(NativeMPIJNI.int_constant(Id.THREAD_FUNNELED), provided),
                    "MPI.Init");
            for (Intracomm comm : new Intracomm[] {COMM_WORLD, COMM_SELF}) {
                MPIException.check(NativeMPIJNI.comm_set_errhandler(comm.handle, ERRORS_RETURN.handle), "MPI.Init");
                comm.cacheShape();
            }
            for (Datatype type : new Datatype[] {BYTE, CHAR, SHORT, BOOLEAN, INT, LONG, FLOAT, DOUBLE, PACKED}) {
                type.verifySize();
            }
            int[] tagUb = new int[1];
            MPIException.check(NativeMPIJNI.comm_tag_ub(COMM_WORLD.handle, tagUb), "MPI.Init");
            tagUpperBound = tagUb[0];
            state = ACTIVE;
            return args;
        }
    }

    /** Shuts MPI down; no MPI call may follow. */
    public static void Finalize() throws MPIException {
        synchronized (MPI.class) {
            requireActive("MPI.Finalize");
            state = FINALIZED;
            MPIException.check(NativeMPIJNI.finalize_mpi(), "MPI.Finalize");
        }
    }

    /** Whether MPI.Init has been called (true also after Finalize, as in MPI). */
    public static boolean Initialized() throws MPIException {
        return NativeMPIJNI.initialized() != 0;
    }

    /** Wall-clock time in seconds since an arbitrary point in the past. */
    public static double Wtime() throws MPIException {
        requireActive("MPI.Wtime");
        return NativeMPIJNI.wtime();
    }

    /** Resolution of {@link #Wtime} in seconds. */
    public static double Wtick() throws MPIException {
        requireActive("MPI.Wtick");
        return NativeMPIJNI.wtick();
    }

    /** Name of the processor (host) this rank runs on. */
    public static String Get_processor_name() throws MPIException {
        requireActive("MPI.Get_processor_name");
        String name = NativeMPIJNI.processor_name();
        if (name == null) throw new MPIException("MPI.Get_processor_name: MPI_Get_processor_name failed");
        return name;
    }

    /** Sets the error handler of COMM_WORLD (MPJ Express's spelling). */
    public static void Errorhandler_set(Errhandler errhandler) throws MPIException {
        COMM_WORLD.Errhandler_set(errhandler);
    }

    /** The error handler of COMM_WORLD (MPJ Express's spelling). */
    public static Errhandler Errorhandler_get() throws MPIException {
        return COMM_WORLD.Errhandler_get();
    }

    /** The host MPI's own version string (MPI_Get_library_version). */
    public static String Get_library_version() {
        return NativeMPIJNI.library_version().trim();
    }

    /** Throws IllegalStateException unless MPI is initialized and not finalized. Cheap: one volatile read. */
    static void requireActive(String call) {
        if (state != ACTIVE) throw notActive(call);
    }

    private static IllegalStateException notActive(String call) {
        return new IllegalStateException(call + ": " + (state == NOT_INITIALIZED
                ? "MPI.Init has not been called" : "MPI.Finalize has already been called"));
    }

    private static long handle(int id) {
        return NativeMPIJNI.handle_constant(id);
    }

    private static Datatype type(int id, BasicType base, String name) {
        return new Datatype(handle(id), base, name);
    }

    private static Op op(int id, String name, Op.Kind kind, Op onBooleans) {
        return new Op(handle(id), name, kind, onBooleans);
    }
}
