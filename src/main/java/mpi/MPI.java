package mpi;

import java.nio.ByteBuffer;

import natmpj.internal.Buffers;
import natmpj.internal.DroppedHandles;
import natmpj.internal.Element;
import natmpj.internal.FailingRank;
import natmpj.internal.Failures;
import natmpj.internal.HugePageBuffers;
import natmpj.internal.Message;
import natmpj.internal.NativeLibrary;
import natmpj.internal.NodeShare;
import natmpj.internal.Staging;
import natmpj.jni.NativeMPIConstants;
import natmpj.jni.NativeMPI;

/**
 * The mpiJava 1.2 entry point: {@code MPI.Init(args)}, the predefined communicators, datatypes, ops and constants.
 *
 * <p>Loading this class loads libnatmpj (see {@link NativeLibrary} for where it looks) and reads every handle and
 * constant from the host MPI's C headers, so nothing ABI-specific is compiled into Java. Every call but
 * {@link #Init}, {@link #Initialized} and the constants needs MPI to be initialized and not yet finalized, and
 * throws IllegalStateException otherwise.
 */
public class MPI extends MpjExpressFields {
    private static final int NOT_INITIALIZED = 0, ACTIVE = 1, FINALIZED = 2;
    private static volatile int state = NOT_INITIALIZED;
    /** With THREAD_SINGLE or THREAD_FUNNELED provided: the thread that called Init, the only one that may call MPI.
     *  Written before {@code state}, so a thread that sees ACTIVE sees it too. */
    private static Thread onlyThread;
    private static String providedName;
    /** The largest tag MPI accepts (the MPI_TAG_UB attribute), known after Init. */
    static int tagUpperBound = 32767;

    /** The C layer's constant ids, under a short name that cannot clash with the fields below. */
    private interface Id extends NativeMPIConstants {}

    public static Intracomm COMM_WORLD;
    /** An Intracomm (mpiJava 1.2). MPJ Express's Comm-typed COMM_SELF, for classes compiled against it, is the
     *  same object, in MpjExpressFields. */
    public static Intracomm COMM_SELF;

    /** MPJ Express's constant (true there too): programs may test it. */
    public static final boolean DEBUG = true;
    /** MPJ Express's choice of its old collective algorithms, from its configuration; natmpj has none: false. */
    public static boolean isOldSelected;
    /** The processors available to this JVM, as MPJ Express reports them (Runtime.availableProcessors()). */
    public static final int NUM_OF_PROCESSORS = Runtime.getRuntime().availableProcessors();

    public static int ANY_SOURCE;
    public static int ANY_TAG;
    public static int PROC_NULL;
    public static int UNDEFINED;

    /** A null request: Wait and Test on it return at once. */
    public static Request REQUEST_NULL;
    /** The status of a null or inactive request. */
    public static Status EMPTY_STATUS;
    /** Bytes MPI adds to each message in the buffer given to {@link #Buffer_attach}. */
    public static int BSEND_OVERHEAD;
    /** MPJ Express's per-message overheads of its own devices; natmpj adds none to MPI's (0). */
    public static int SEND_OVERHEAD;
    public static int RECV_OVERHEAD;

    /** Thread-support levels for {@link #Init_thread} / {@link #initThread}, lowest first. */
    public static int THREAD_SINGLE;
    public static int THREAD_FUNNELED;
    public static int THREAD_SERIALIZED;
    public static int THREAD_MULTIPLE;
    static long requestNullHandle;

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
    /** Location ops over the pair types below (value then index): exist from MPI.Init on. */
    public static Op MAXLOC;
    public static Op MINLOC;
    /** mpiJava's pair types for MAXLOC/MINLOC: two shorts, ints, longs, floats or doubles; set by MPI.Init. */
    public static Datatype SHORT2;
    public static Datatype INT2;
    public static Datatype LONG2;
    public static Datatype FLOAT2;
    public static Datatype DOUBLE2;

    public static Errhandler ERRORS_ARE_FATAL;
    public static Errhandler ERRORS_RETURN;

    /** Results of Comm.Compare and Group.Compare: MPJ Express's values, compile-time constants (programs inline
     *  them, e.g. as switch labels), translated from whatever the host MPI uses. */
    public static final int IDENT = 0;
    public static final int CONGRUENT = 3;
    public static final int SIMILAR = 1;
    public static final int UNEQUAL = 2;
    /** Results of Comm.Topo_test. */
    public static int GRAPH;
    public static int CART;
    /** Keys of the predefined attributes, for Comm.Attr_get. */
    public static int TAG_UB;
    public static int HOST;
    public static int IO;
    public static int WTIME_IS_GLOBAL;
    public static Comm COMM_NULL;
    public static Group GROUP_EMPTY;
    public static Group GROUP_NULL;
    private static int mpiIdent, mpiCongruent, mpiSimilar;

    /** MPI error classes, to compare with {@link MPIException#getErrorClass()}. */
    public static int ERR_TRUNCATE;
    public static int ERR_RANK;
    public static int ERR_TAG;
    public static int ERR_COUNT;
    public static int ERR_OP;
    public static int ERR_TYPE;

    // ---- Open MPI's Java API: its further constants, read from C like the rest (as final as a static field
    // assigned at class initialisation can be in both APIs: mpiJava's are not final, so neither are these).

    /** Open MPI's name of {@link #NULL}. */
    public static Datatype DATATYPE_NULL;
    /** MPI_C_FLOAT_COMPLEX and MPI_C_DOUBLE_COMPLEX: two floats (doubles) per item, on float[] (double[]) arrays. */
    public static Datatype FLOAT_COMPLEX, DOUBLE_COMPLEX;
    /**
     * MPI's (value, index) pair types for MAXLOC and MINLOC over C's layouts, bytes as their elements: direct
     * buffers or byte[] arrays (see ShortInt, LongInt, FloatInt, DoubleInt).
     */
    public static Datatype SHORT_INT, LONG_INT, FLOAT_INT, DOUBLE_INT;
    /**
     * The Struct objects that read and write items of INT2, SHORT_INT, LONG_INT, FLOAT_INT and DOUBLE_INT in a
     * buffer, laid out as C lays out those pairs on LP64 Linux.
     */
    public static Int2 int2;
    public static ShortInt shortInt;
    public static LongInt longInt;
    public static FloatInt floatInt;
    public static DoubleInt doubleInt;
    /** The one-sided ops (for accumulate, pending). */
    public static Op REPLACE, NO_OP;
    /** MPI's own MPI_MAXLOC and MPI_MINLOC, for MPI's pair types (MAXLOC and MINLOC apply natmpj's to its own). */
    static long mpiMaxloc, mpiMinloc;
    /**
     * MPI_2INT with bytes as its elements: what Open MPI's API means by MPI.INT2 on a byte[] array (OmpiArgs.type);
     * MPI.INT2 itself has ints as its elements, as mpiJava's does.
     */
    static Datatype int2Bytes;
    public static Info INFO_ENV, INFO_NULL;
    /** MPI-4's MPI_ERRORS_ABORT (Open MPI 5's API); MPI_ERRORS_ARE_FATAL where the MPI predates MPI-4. */
    public static Errhandler ERRORS_ABORT;
    /** MPI-4's error class MPI_ERR_PROC_ABORTED; MPI_ERR_OTHER where the MPI predates MPI-4. */
    public static int ERR_PROC_ABORTED;
    /** The MPI standard version of the library (MPI_VERSION, MPI_SUBVERSION as it reports them). */
    public static int VERSION, SUBVERSION;
    public static int DIST_GRAPH, APPNUM, LASTUSEDCODE, UNIVERSE_SIZE, WIN_BASE, WIN_SIZE, WIN_DISP_UNIT, ROOT;
    public static int KEYVAL_INVALID, MAX_OBJECT_NAME, MAX_PORT_NAME, MAX_DATAREP_STRING, MAX_INFO_KEY, MAX_INFO_VAL,
            ORDER_C, ORDER_FORTRAN, DISTRIBUTE_BLOCK, DISTRIBUTE_CYCLIC, DISTRIBUTE_NONE, DISTRIBUTE_DFLT_DARG,
            MODE_CREATE, MODE_RDONLY, MODE_WRONLY, MODE_RDWR, MODE_DELETE_ON_CLOSE, MODE_UNIQUE_OPEN, MODE_EXCL,
            MODE_APPEND, MODE_SEQUENTIAL, DISPLACEMENT_CURRENT;
    public static int SEEK_SET, SEEK_CUR, SEEK_END, MODE_NOCHECK, MODE_NOPRECEDE, MODE_NOPUT, MODE_NOSTORE,
            MODE_NOSUCCEED, LOCK_EXCLUSIVE, LOCK_SHARED, SUCCESS, ERR_UNKNOWN, ERR_INTERN, ERR_ACCESS, ERR_AMODE,
            ERR_ASSERT, ERR_BAD_FILE, ERR_BASE, ERR_CONVERSION, ERR_DISP;
    public static int ERR_DUP_DATAREP, ERR_FILE_EXISTS, ERR_FILE_IN_USE, ERR_FILE, ERR_INFO_KEY, ERR_INFO_NOKEY,
            ERR_INFO_VALUE, ERR_INFO, ERR_IO, ERR_KEYVAL, ERR_LOCKTYPE, ERR_NAME, ERR_NO_MEM, ERR_NOT_SAME,
            ERR_NO_SPACE, ERR_NO_SUCH_FILE, ERR_PORT, ERR_QUOTA, ERR_READ_ONLY, ERR_RMA_CONFLICT, ERR_RMA_SYNC,
            ERR_SERVICE, ERR_SIZE, ERR_SPAWN, ERR_UNSUPPORTED_DATAREP, ERR_UNSUPPORTED_OPERATION, ERR_WIN,
            ERR_SYSRESOURCE;
    public static int ERR_BUFFER, ERR_REQUEST, ERR_COMM, ERR_GROUP, ERR_ARG, ERR_OTHER, ERR_PENDING, ERR_IN_STATUS,
            ERR_TOPOLOGY, ERR_DIMS, ERR_ROOT, ERR_LASTCODE;

    static {
        // The core reports failures as this facade's exceptions
        Failures.use(new Failures.Factory() {
            @Override
            public RuntimeException mpiError(int code, String call) {
                return MPIException.fromCode(code, call);
            }

            @Override
            public RuntimeException failure(String message) {
                return new MPIException(message);
            }
        });
        NativeLibrary.load();
        COMM_WORLD = new Intracomm(handle(Id.COMM_WORLD), "MPI.COMM_WORLD");
        COMM_SELF = new Intracomm(handle(Id.COMM_SELF), "MPI.COMM_SELF");
        MpjExpressFields.COMM_SELF = COMM_SELF;

        ANY_SOURCE = NativeMPI.int_constant(Id.ANY_SOURCE);
        ANY_TAG = NativeMPI.int_constant(Id.ANY_TAG);
        PROC_NULL = NativeMPI.int_constant(Id.PROC_NULL);
        UNDEFINED = NativeMPI.int_constant(Id.UNDEFINED);

        requestNullHandle = handle(Id.REQUEST_NULL);
        REQUEST_NULL = new Request(requestNullHandle);
        BSEND_OVERHEAD = NativeMPI.int_constant(Id.BSEND_OVERHEAD);
        THREAD_SINGLE = NativeMPI.int_constant(Id.THREAD_SINGLE);
        THREAD_FUNNELED = NativeMPI.int_constant(Id.THREAD_FUNNELED);
        THREAD_SERIALIZED = NativeMPI.int_constant(Id.THREAD_SERIALIZED);
        THREAD_MULTIPLE = NativeMPI.int_constant(Id.THREAD_MULTIPLE);

        BYTE = type(Id.TYPE_INT8, Element.BYTE, "MPI.BYTE");
        CHAR = type(Id.TYPE_UINT16, Element.CHAR, "MPI.CHAR");
        SHORT = type(Id.TYPE_INT16, Element.SHORT, "MPI.SHORT");
        BOOLEAN = type(Id.TYPE_BOOL, Element.BOOLEAN, "MPI.BOOLEAN");
        INT = type(Id.TYPE_INT32, Element.INT, "MPI.INT");
        LONG = type(Id.TYPE_INT64, Element.LONG, "MPI.LONG");
        FLOAT = type(Id.TYPE_FLOAT, Element.FLOAT, "MPI.FLOAT");
        DOUBLE = type(Id.TYPE_DOUBLE, Element.DOUBLE, "MPI.DOUBLE");
        PACKED = type(Id.TYPE_PACKED, Element.PACKED, "MPI.PACKED");
        OBJECT = type(Id.TYPE_NULL, Element.OBJECT, "MPI.OBJECT");
        LB = Datatype.boundMarker(handle(Id.TYPE_NULL), true, "MPI.LB");
        UB = Datatype.boundMarker(handle(Id.TYPE_NULL), false, "MPI.UB");
        NULL = Datatype.nullType(handle(Id.TYPE_NULL), "MPI.NULL");

        // The last argument is MPJ Express's Op.opCode of each.
        MAX = op(Id.OP_MAX, "MPI.MAX", Op.Kind.ARITHMETIC, null, 1);
        MIN = op(Id.OP_MIN, "MPI.MIN", Op.Kind.ARITHMETIC, null, 2);
        SUM = op(Id.OP_SUM, "MPI.SUM", Op.Kind.ARITHMETIC, null, 3);
        PROD = op(Id.OP_PROD, "MPI.PROD", Op.Kind.ARITHMETIC, null, 4);
        LAND = op(Id.OP_LAND, "MPI.LAND", Op.Kind.LOGICAL, null, 5);
        LOR = op(Id.OP_LOR, "MPI.LOR", Op.Kind.LOGICAL, null, 7);
        LXOR = op(Id.OP_LXOR, "MPI.LXOR", Op.Kind.LOGICAL, null, 9);
        BAND = op(Id.OP_BAND, "MPI.BAND", Op.Kind.BITWISE, LAND, 6);
        BOR = op(Id.OP_BOR, "MPI.BOR", Op.Kind.BITWISE, LOR, 8);
        BXOR = op(Id.OP_BXOR, "MPI.BXOR", Op.Kind.BITWISE, LXOR, 10);
        MAXLOC = new Op(0, "MPI.MAXLOC", Op.Kind.LOCATION, null, 11);
        MINLOC = new Op(0, "MPI.MINLOC", Op.Kind.LOCATION, null, 12);

        ERRORS_ARE_FATAL = new Errhandler(handle(Id.ERRORS_ARE_FATAL), "MPI.ERRORS_ARE_FATAL");
        ERRORS_RETURN = new Errhandler(handle(Id.ERRORS_RETURN), "MPI.ERRORS_RETURN");

        mpiIdent = NativeMPI.int_constant(Id.IDENT);
        mpiCongruent = NativeMPI.int_constant(Id.CONGRUENT);
        mpiSimilar = NativeMPI.int_constant(Id.SIMILAR);
        GRAPH = NativeMPI.int_constant(Id.GRAPH);
        CART = NativeMPI.int_constant(Id.CART);
        TAG_UB = NativeMPI.int_constant(Id.KEYVAL_TAG_UB);
        HOST = NativeMPI.int_constant(Id.KEYVAL_HOST);
        IO = NativeMPI.int_constant(Id.KEYVAL_IO);
        WTIME_IS_GLOBAL = NativeMPI.int_constant(Id.KEYVAL_WTIME_IS_GLOBAL);
        COMM_NULL = Comm.nullComm(handle(Id.COMM_NULL));
        GROUP_EMPTY = Group.emptyGroup(handle(Id.GROUP_EMPTY));
        GROUP_NULL = Group.nullGroup(handle(Id.GROUP_NULL));

        ERR_TRUNCATE = NativeMPI.int_constant(Id.ERR_TRUNCATE);
        ERR_RANK = NativeMPI.int_constant(Id.ERR_RANK);
        ERR_TAG = NativeMPI.int_constant(Id.ERR_TAG);
        ERR_COUNT = NativeMPI.int_constant(Id.ERR_COUNT);
        ERR_OP = NativeMPI.int_constant(Id.ERR_OP);
        ERR_TYPE = NativeMPI.int_constant(Id.ERR_TYPE);

        // Open MPI's Java API's constants
        DIST_GRAPH = NativeMPI.int_constant(Id.DIST_GRAPH);
        APPNUM = NativeMPI.int_constant(Id.KEYVAL_APPNUM);
        LASTUSEDCODE = NativeMPI.int_constant(Id.KEYVAL_LASTUSEDCODE);
        UNIVERSE_SIZE = NativeMPI.int_constant(Id.KEYVAL_UNIVERSE_SIZE);
        WIN_BASE = NativeMPI.int_constant(Id.KEYVAL_WIN_BASE);
        WIN_SIZE = NativeMPI.int_constant(Id.KEYVAL_WIN_SIZE);
        WIN_DISP_UNIT = NativeMPI.int_constant(Id.KEYVAL_WIN_DISP_UNIT);
        ROOT = NativeMPI.int_constant(Id.ROOT);
        KEYVAL_INVALID = NativeMPI.int_constant(Id.KEYVAL_INVALID);
        MAX_OBJECT_NAME = NativeMPI.int_constant(Id.MAX_OBJECT_NAME);
        MAX_PORT_NAME = NativeMPI.int_constant(Id.MAX_PORT_NAME);
        MAX_DATAREP_STRING = NativeMPI.int_constant(Id.MAX_DATAREP_STRING);
        MAX_INFO_KEY = NativeMPI.int_constant(Id.MAX_INFO_KEY);
        MAX_INFO_VAL = NativeMPI.int_constant(Id.MAX_INFO_VAL);
        ORDER_C = NativeMPI.int_constant(Id.ORDER_C);
        ORDER_FORTRAN = NativeMPI.int_constant(Id.ORDER_FORTRAN);
        DISTRIBUTE_BLOCK = NativeMPI.int_constant(Id.DISTRIBUTE_BLOCK);
        DISTRIBUTE_CYCLIC = NativeMPI.int_constant(Id.DISTRIBUTE_CYCLIC);
        DISTRIBUTE_NONE = NativeMPI.int_constant(Id.DISTRIBUTE_NONE);
        DISTRIBUTE_DFLT_DARG = NativeMPI.int_constant(Id.DISTRIBUTE_DFLT_DARG);
        MODE_CREATE = NativeMPI.int_constant(Id.MODE_CREATE);
        MODE_RDONLY = NativeMPI.int_constant(Id.MODE_RDONLY);
        MODE_WRONLY = NativeMPI.int_constant(Id.MODE_WRONLY);
        MODE_RDWR = NativeMPI.int_constant(Id.MODE_RDWR);
        MODE_DELETE_ON_CLOSE = NativeMPI.int_constant(Id.MODE_DELETE_ON_CLOSE);
        MODE_UNIQUE_OPEN = NativeMPI.int_constant(Id.MODE_UNIQUE_OPEN);
        MODE_EXCL = NativeMPI.int_constant(Id.MODE_EXCL);
        MODE_APPEND = NativeMPI.int_constant(Id.MODE_APPEND);
        MODE_SEQUENTIAL = NativeMPI.int_constant(Id.MODE_SEQUENTIAL);
        DISPLACEMENT_CURRENT = NativeMPI.int_constant(Id.DISPLACEMENT_CURRENT);
        SEEK_SET = NativeMPI.int_constant(Id.SEEK_SET);
        SEEK_CUR = NativeMPI.int_constant(Id.SEEK_CUR);
        SEEK_END = NativeMPI.int_constant(Id.SEEK_END);
        MODE_NOCHECK = NativeMPI.int_constant(Id.MODE_NOCHECK);
        MODE_NOPRECEDE = NativeMPI.int_constant(Id.MODE_NOPRECEDE);
        MODE_NOPUT = NativeMPI.int_constant(Id.MODE_NOPUT);
        MODE_NOSTORE = NativeMPI.int_constant(Id.MODE_NOSTORE);
        MODE_NOSUCCEED = NativeMPI.int_constant(Id.MODE_NOSUCCEED);
        LOCK_EXCLUSIVE = NativeMPI.int_constant(Id.LOCK_EXCLUSIVE);
        LOCK_SHARED = NativeMPI.int_constant(Id.LOCK_SHARED);
        SUCCESS = NativeMPI.int_constant(Id.SUCCESS);
        ERR_UNKNOWN = NativeMPI.int_constant(Id.ERR_UNKNOWN);
        ERR_INTERN = NativeMPI.int_constant(Id.ERR_INTERN);
        ERR_ACCESS = NativeMPI.int_constant(Id.ERR_ACCESS);
        ERR_AMODE = NativeMPI.int_constant(Id.ERR_AMODE);
        ERR_ASSERT = NativeMPI.int_constant(Id.ERR_ASSERT);
        ERR_BAD_FILE = NativeMPI.int_constant(Id.ERR_BAD_FILE);
        ERR_BASE = NativeMPI.int_constant(Id.ERR_BASE);
        ERR_CONVERSION = NativeMPI.int_constant(Id.ERR_CONVERSION);
        ERR_DISP = NativeMPI.int_constant(Id.ERR_DISP);
        ERR_DUP_DATAREP = NativeMPI.int_constant(Id.ERR_DUP_DATAREP);
        ERR_FILE_EXISTS = NativeMPI.int_constant(Id.ERR_FILE_EXISTS);
        ERR_FILE_IN_USE = NativeMPI.int_constant(Id.ERR_FILE_IN_USE);
        ERR_FILE = NativeMPI.int_constant(Id.ERR_FILE);
        ERR_INFO_KEY = NativeMPI.int_constant(Id.ERR_INFO_KEY);
        ERR_INFO_NOKEY = NativeMPI.int_constant(Id.ERR_INFO_NOKEY);
        ERR_INFO_VALUE = NativeMPI.int_constant(Id.ERR_INFO_VALUE);
        ERR_INFO = NativeMPI.int_constant(Id.ERR_INFO);
        ERR_IO = NativeMPI.int_constant(Id.ERR_IO);
        ERR_KEYVAL = NativeMPI.int_constant(Id.ERR_KEYVAL);
        ERR_LOCKTYPE = NativeMPI.int_constant(Id.ERR_LOCKTYPE);
        ERR_NAME = NativeMPI.int_constant(Id.ERR_NAME);
        ERR_NO_MEM = NativeMPI.int_constant(Id.ERR_NO_MEM);
        ERR_NOT_SAME = NativeMPI.int_constant(Id.ERR_NOT_SAME);
        ERR_NO_SPACE = NativeMPI.int_constant(Id.ERR_NO_SPACE);
        ERR_NO_SUCH_FILE = NativeMPI.int_constant(Id.ERR_NO_SUCH_FILE);
        ERR_PORT = NativeMPI.int_constant(Id.ERR_PORT);
        ERR_QUOTA = NativeMPI.int_constant(Id.ERR_QUOTA);
        ERR_READ_ONLY = NativeMPI.int_constant(Id.ERR_READ_ONLY);
        ERR_RMA_CONFLICT = NativeMPI.int_constant(Id.ERR_RMA_CONFLICT);
        ERR_RMA_SYNC = NativeMPI.int_constant(Id.ERR_RMA_SYNC);
        ERR_SERVICE = NativeMPI.int_constant(Id.ERR_SERVICE);
        ERR_SIZE = NativeMPI.int_constant(Id.ERR_SIZE);
        ERR_SPAWN = NativeMPI.int_constant(Id.ERR_SPAWN);
        ERR_UNSUPPORTED_DATAREP = NativeMPI.int_constant(Id.ERR_UNSUPPORTED_DATAREP);
        ERR_UNSUPPORTED_OPERATION = NativeMPI.int_constant(Id.ERR_UNSUPPORTED_OPERATION);
        ERR_WIN = NativeMPI.int_constant(Id.ERR_WIN);
        ERR_SYSRESOURCE = NativeMPI.int_constant(Id.ERR_SYSRESOURCE);
        ERR_BUFFER = NativeMPI.int_constant(Id.ERR_BUFFER);
        ERR_REQUEST = NativeMPI.int_constant(Id.ERR_REQUEST);
        ERR_COMM = NativeMPI.int_constant(Id.ERR_COMM);
        ERR_GROUP = NativeMPI.int_constant(Id.ERR_GROUP);
        ERR_ARG = NativeMPI.int_constant(Id.ERR_ARG);
        ERR_OTHER = NativeMPI.int_constant(Id.ERR_OTHER);
        ERR_PENDING = NativeMPI.int_constant(Id.ERR_PENDING);
        ERR_IN_STATUS = NativeMPI.int_constant(Id.ERR_IN_STATUS);
        ERR_TOPOLOGY = NativeMPI.int_constant(Id.ERR_TOPOLOGY);
        ERR_DIMS = NativeMPI.int_constant(Id.ERR_DIMS);
        ERR_ROOT = NativeMPI.int_constant(Id.ERR_ROOT);
        ERR_LASTCODE = NativeMPI.int_constant(Id.ERR_LASTCODE);
        VERSION = NativeMPI.int_constant(Id.VERSION);
        SUBVERSION = NativeMPI.int_constant(Id.SUBVERSION);
        DATATYPE_NULL = NULL;
        ERRORS_ABORT = new Errhandler(handle(Id.ERRORS_ABORT), "MPI.ERRORS_ABORT");
        ERR_PROC_ABORTED = NativeMPI.int_constant(Id.ERR_PROC_ABORTED);
        int2 = new Int2(4, 4);
        shortInt = new ShortInt(2, 4, 4);
        longInt = new LongInt(8, 8, 4);
        floatInt = new FloatInt(4, 4);
        doubleInt = new DoubleInt(8, 4);
        FLOAT_COMPLEX = Datatype.pair(handle(Id.TYPE_FLOAT_COMPLEX), Element.FLOAT, "MPI.FLOAT_COMPLEX");
        DOUBLE_COMPLEX = Datatype.pair(handle(Id.TYPE_DOUBLE_COMPLEX), Element.DOUBLE, "MPI.DOUBLE_COMPLEX");
        mpiMaxloc = handle(Id.OP_MAXLOC);
        mpiMinloc = handle(Id.OP_MINLOC);
        REPLACE = new Op(handle(Id.OP_REPLACE), "MPI.REPLACE", Op.Kind.ONE_SIDED, null, 13);
        NO_OP = new Op(handle(Id.OP_NO_OP), "MPI.NO_OP", Op.Kind.ONE_SIDED, null, 14);
        INFO_NULL = Info.predefined(handle(Id.INFO_NULL));
        INFO_ENV = Info.predefined(handle(Id.INFO_ENV));
    }

    public MPI() {}

    /**
     * Initializes MPI as C's MPI_Init does (MPI_Init_thread with MPI_THREAD_SINGLE: only the thread that called
     * Init calls MPI; the JVM's own threads never do), as mpiJava, Open MPI's Java bindings and MPJ Express's native
     * device initialize it. THREAD_FUNNELED would say the same here, but Open MPI turns its internal locks on for
     * any level above THREAD_SINGLE, which costs every message 0.04-0.07 us (docs/performance.md). Sets MPI_ERRORS_RETURN on COMM_WORLD and COMM_SELF, so MPI errors become
     * MPIException. Returns the arguments, unchanged.
     *
     * <p>The system property {@code natmpj.initThreadLevel} ({@code single}, {@code funneled}, {@code serialized}
     * or {@code multiple}) changes the level Init asks for, without changing the program: for programs written
     * for MPJ Express, whose Init lets every thread call MPI. An unknown value is an IllegalArgumentException.
     */
    public static String[] Init(String[] args) throws MPIException {
        initialize("MPI.Init", initLevel("MPI.Init", System.getProperty(INIT_LEVEL_PROPERTY)));
        return args;
    }

    static final String INIT_LEVEL_PROPERTY = "natmpj.initThreadLevel";

    /** The level Init asks for: THREAD_SINGLE, or what {@code -Dnatmpj.initThreadLevel=value} names. */
    static int initLevel(String call, String value) {
        if (value == null) return THREAD_SINGLE;
        switch (value.trim().toLowerCase(java.util.Locale.ROOT)) {
            case "single": return THREAD_SINGLE;
            case "funneled": return THREAD_FUNNELED;
            case "serialized": return THREAD_SERIALIZED;
            case "multiple": return THREAD_MULTIPLE;
            default:
                throw new IllegalArgumentException(call + ": system property " + INIT_LEVEL_PROPERTY + " is \""
                        + value + "\", not one of single, funneled, serialized, multiple");
        }
    }

    /**
     * Initializes MPI asking for thread level {@code required} ({@code MPI.THREAD_SINGLE} ..
     * {@code MPI.THREAD_MULTIPLE}) and returns the level MPI provides, which may be lower. With THREAD_MULTIPLE any
     * number of Java threads may call natmpj at once.
     */
    public static int Init_thread(String[] args, int required) throws MPIException {
        return initialize("MPI.Init_thread", checkLevel("MPI.Init_thread", required));
    }

    /**
     * MPJ Express's spelling of {@link #Init_thread}: {@code initThread(required, provided, args)}; the level MPI
     * provides is {@link #queryThread()}. Returns the arguments.
     */
    public static String[] initThread(int required, int provided, String[] args) throws MPIException {
        initialize("MPI.initThread", checkLevel("MPI.initThread", required));
        return args;
    }

    /** The thread level MPI provides (MPI_Query_thread). Any thread may ask, whatever the level. */
    public static int Query_thread() throws MPIException {
        requireActiveOnAnyThread("MPI.Query_thread");
        return NativeMPI.query_thread();
    }

    /** MPJ Express's spelling of {@link #Query_thread}. */
    public static int queryThread() throws MPIException {
        requireActiveOnAnyThread("MPI.queryThread");
        return NativeMPI.query_thread();
    }

    /** Whether the calling thread is the one that initialized MPI (MPI_Is_thread_main). Any thread may ask. */
    public static boolean Is_thread_main() throws MPIException {
        requireActiveOnAnyThread("MPI.Is_thread_main");
        return NativeMPI.is_thread_main() != 0;
    }

    /** MPJ Express's spelling of {@link #Is_thread_main}. */
    public static boolean isMainThread() throws MPIException {
        requireActiveOnAnyThread("MPI.isMainThread");
        return NativeMPI.is_thread_main() != 0;
    }

    private static int checkLevel(String call, int required) {
        if (required != THREAD_SINGLE && required != THREAD_FUNNELED && required != THREAD_SERIALIZED
                && required != THREAD_MULTIPLE) {
            throw new IllegalArgumentException(call + ": required is " + required + ", not one of MPI.THREAD_SINGLE ("
                    + THREAD_SINGLE + "), THREAD_FUNNELED, THREAD_SERIALIZED, THREAD_MULTIPLE (" + THREAD_MULTIPLE
                    + ")");
        }
        return required;
    }

    /**
     * Gives MPI a buffer for buffered-mode sends (Bsend, Ibsend, Bsend_init). A direct ByteBuffer is used in place;
     * a heap ByteBuffer or an array (mpiJava 1.2's byte[] form) is only a size: MPI gets native memory of that size,
     * since it keeps the buffer across calls. Account {@code MPI.BSEND_OVERHEAD} bytes per pending message.
     */
    public static void Buffer_attach(ByteBuffer buffer) throws MPIException {
        attach("MPI.Buffer_attach", buffer, buffer == null ? 0 : buffer.capacity());
    }

    /** mpiJava 1.2's form of {@link #Buffer_attach(ByteBuffer)}. */
    public static void Buffer_attach(byte[] buffer) throws MPIException {
        attach("MPI.Buffer_attach", buffer, buffer == null ? 0 : buffer.length);
    }

    /**
     * Waits until every buffered message has been delivered and takes the buffer back from MPI. Returns the byte[]
     * given to Buffer_attach (mpiJava 1.2), or the array behind a heap ByteBuffer; null for a direct ByteBuffer
     * (MPJ Express's Buffer_detach returns nothing).
     */
    public static byte[] Buffer_detach() throws MPIException {
        return detach("MPI.Buffer_detach");
    }

    private static byte[] detach(String call) {
        synchronized (MPI.class) {
            requireActive(call);
            if (attached == null) throw new IllegalStateException(call + ": no buffer is attached");
            MPIException.check(NativeMPI.buffer_detach(), call);
            Object buffer = attached;
            if (attachedStaging != null) attachedStaging.release();
            attached = null;
            attachedStaging = null;
            if (buffer instanceof byte[]) return (byte[]) buffer;
            ByteBuffer b = (ByteBuffer) buffer;
            return b.hasArray() ? b.array() : null;
        }
    }

    /**
     * MPJ Express's Buffer_detach, which returns nothing: classes compiled against MPJ Express call
     * {@code Buffer_detach()V}. Renamed by the build to Buffer_detach and made synthetic
     * (src/build/java/SyntheticForms.java), so compilers see only the byte[] form above.
     */
    public static void Buffer_detach$$mpjexpress() throws MPIException {
        Buffer_detach();
    }

    private static Object attached;
    private static Staging attachedStaging;

    private static void attach(String call, Object buffer, int size) {
        synchronized (MPI.class) {
            requireActive(call);
            if (buffer == null) throw new NullPointerException(call + ": buffer is null");
            if (attached != null) {
                throw new IllegalStateException(call + ": a buffer is already attached; detach it first");
            }
            Staging staging = null;
            long address;
            if (buffer instanceof ByteBuffer && ((ByteBuffer) buffer).isDirect()) {
                address = Buffers.address(buffer);
            } else {
                staging = Staging.acquire(size, call);
                address = staging.address;
            }
            int rc = NativeMPI.buffer_attach(address, size);
            if (rc != 0) {
                if (staging != null) staging.release();
                throw MPIException.fromCode(rc, call);
            }
            attached = buffer; // keeps a direct buffer reachable while MPI uses it
            attachedStaging = staging;
        }
    }

    /** Whether MPI is active (initialized, not finalized); a class, not a lambda (see FailingRank.Handler). */
    private static final class Active implements java.util.function.BooleanSupplier {
        @Override
        public boolean getAsBoolean() {
            return state == ACTIVE;
        }
    }

    private static int initialize(String call, int required) {
        synchronized (MPI.class) {
            if (state == ACTIVE) throw new IllegalStateException(call + ": MPI is already initialized");
            if (state == FINALIZED) {
                throw new IllegalStateException(call + ": MPI has been finalized and cannot be initialized again");
            }
            int[] provided = new int[1];
            MPIException.check(NativeMPI.init_thread(required, provided), call);
            for (Intracomm comm : new Intracomm[] {COMM_WORLD, COMM_SELF}) {
                MPIException.check(NativeMPI.comm_set_errhandler(comm.handle, ERRORS_RETURN.handle), "MPI.Init");
                comm.cacheShape();
            }
            for (Datatype type : new Datatype[] {BYTE, CHAR, SHORT, BOOLEAN, INT, LONG, FLOAT, DOUBLE, PACKED}) {
                type.verifySize();
            }
            Op.setUpLocationOps();
            int[] tagUb = new int[1];
            MPIException.check(NativeMPI.comm_tag_ub(COMM_WORLD.handle, tagUb), "MPI.Init");
            tagUpperBound = tagUb[0];
            EMPTY_STATUS = Status.empty();
            Message.stageBlockingArrays = provided[0] == THREAD_MULTIPLE && !NativeLibrary.gcPinsRegions();
            boolean oneThread = provided[0] == THREAD_SINGLE || provided[0] == THREAD_FUNNELED;
            onlyThread = oneThread ? Thread.currentThread() : null;
            providedName = provided[0] == THREAD_SINGLE ? "THREAD_SINGLE" : "THREAD_FUNNELED";
            DroppedHandles.identify(COMM_WORLD.rank);
            // an uncaught exception or early exit on this rank must not hang the others
            FailingRank.watch(COMM_WORLD.rank, COMM_WORLD.handle, new Active());
            if (COMM_WORLD.rank == 0) NodeShare.warnIfOversized(); // a JVM sized for the whole node, once
            state = ACTIVE;
            return provided[0];
        }
    }

    /**
     * Shuts MPI down; no MPI call may follow. Requests still active are reported on stderr (they are a bug in the
     * program: MPI wants every request completed or freed first) and MPI finalizes without them. Collective over
     * COMM_WORLD, as MPI_Finalize is: natmpj puts a barrier before it (see natmpj_finalize in natmpj.c).
     */
    public static void Finalize() throws MPIException {
        synchronized (MPI.class) {
            requireActive("MPI.Finalize");
            DroppedHandles.releaseDropped();
            String pending = Request.describePending();
            if (pending != null) {
                System.err.println("natmpj: warning: rank " + COMM_WORLD.rank + ": MPI.Finalize: " + pending
                        + " started and never completed (Wait, Test) nor freed; MPI finalizes without them, so what"
                        + " they were to receive may be missing");
            }
            state = FINALIZED;
            NativeMPI.location_teardown(); // natmpj's own pair types and MAXLOC/MINLOC, so MPI reports no leak
            int rc = NativeMPI.finalize_mpi();
            Staging.releaseAll(); // MPI no longer uses any buffer
            MPIException.check(rc, "MPI.Finalize");
        }
    }

    /** Whether MPI.Init has been called (true also after Finalize, as in MPI). */
    public static boolean Initialized() throws MPIException {
        return NativeMPI.initialized() != 0;
    }

    /** Wall-clock time in seconds since an arbitrary point in the past. */
    public static double Wtime() throws MPIException {
        requireActive("MPI.Wtime");
        return NativeMPI.wtime();
    }

    /** Resolution of {@link #Wtime} in seconds. */
    public static double Wtick() throws MPIException {
        requireActive("MPI.Wtick");
        return NativeMPI.wtick();
    }

    /** Name of the processor (host) this rank runs on. */
    public static String Get_processor_name() throws MPIException {
        requireActive("MPI.Get_processor_name");
        String name = NativeMPI.processor_name();
        if (name == null) throw new MPIException("MPI.Get_processor_name: MPI_Get_processor_name failed");
        return name;
    }

    /** Sets the error handler of COMM_WORLD (MPJ Express's spelling). */
    public static void Errorhandler_set(Errhandler errhandler) throws MPIException {
        requireActive("MPI.Errorhandler_set"); // checked here too, so that messages name the method called
        if (errhandler == null) throw new NullPointerException("MPI.Errorhandler_set: errhandler is null");
        COMM_WORLD.Errhandler_set(errhandler);
    }

    /** The error handler of COMM_WORLD (MPJ Express's spelling). */
    public static Errhandler Errorhandler_get() throws MPIException {
        requireActive("MPI.Errorhandler_get");
        return COMM_WORLD.Errhandler_get();
    }

    /**
     * A direct ByteBuffer of {@code capacity} bytes in native byte order, for messages (a natmpj addition; Open MPI's
     * Java bindings have a method of this name). From 2 MiB on, its memory is 2 MiB-aligned and advised for
     * transparent huge pages, as a C program's aligned buffer can be, so that MPI moves large messages from and into
     * it at C's speed; a buffer from {@code ByteBuffer.allocateDirect} is {@code malloc}'d, partly on small pages
     * (docs/buffers.md). Below 2 MiB it is {@code ByteBuffer.allocateDirect}'s. The memory is freed once the buffer
     * and every view of it are unreachable. Needs no MPI state: callable before Init and after Finalize.
     *
     * @throws IllegalArgumentException if {@code capacity} is negative
     * @throws OutOfMemoryError if there is no native memory for it
     */
    public static ByteBuffer newByteBuffer(int capacity) {
        return HugePageBuffers.allocate("MPI.newByteBuffer", capacity);
    }

    /** The host MPI's own version string (MPI_Get_library_version). */
    public static String Get_library_version() {
        return NativeMPI.library_version().trim();
    }

    /** MPI's comparison result as IDENT, CONGRUENT, SIMILAR or UNEQUAL. */
    static int comparison(int mpiResult) {
        return mpiResult == mpiIdent ? IDENT : mpiResult == mpiCongruent ? CONGRUENT
                : mpiResult == mpiSimilar ? SIMILAR : UNEQUAL;
    }

    /**
     * Throws IllegalStateException unless MPI is initialized and not finalized, and the calling thread may call MPI
     * at the level MPI provides: with THREAD_SINGLE or THREAD_FUNNELED (what {@link #Init} asks for) only the thread
     * that called Init may, and the JVM's main thread is not the process's first thread, so MPI cannot tell.
     * Cheap: one volatile read and one compare.
     */
    static void requireActive(String call) {
        if (state != ACTIVE) throw notActive(call);
        Thread only = onlyThread;
        if (only != null && only != Thread.currentThread()) throw wrongThread(call, only);
    }

    /** For the calls MPI allows from any thread whatever the level (thread queries, Abort). */
    static void requireActiveOnAnyThread(String call) {
        if (state != ACTIVE) throw notActive(call);
    }

    private static IllegalStateException wrongThread(String call, Thread only) {
        return new IllegalStateException(call + ": called from thread \"" + Thread.currentThread().getName()
                + "\", but MPI provides " + providedName + ", so only thread \"" + only.getName()
                + "\" (the one that initialized MPI) may call MPI; to call MPI from other threads, initialize with "
                + "MPI.Init_thread(args, MPI.THREAD_SERIALIZED) (one thread at a time) or MPI.THREAD_MULTIPLE, or "
                + "run MPI.Init with -D" + INIT_LEVEL_PROPERTY + "=multiple (programs written for MPJ Express)");
    }

    private static IllegalStateException notActive(String call) {
        return new IllegalStateException(call + ": " + (state == NOT_INITIALIZED
                ? "MPI.Init has not been called" : "MPI.Finalize has already been called"));
    }

    private static long handle(int id) {
        return NativeMPI.handle_constant(id);
    }

    private static Datatype type(int id, Element base, String name) {
        return new Datatype(handle(id), base, name);
    }

    private static Op op(int id, String name, Op.Kind kind, Op onBooleans, int mpjCode) {
        return new Op(handle(id), name, kind, onBooleans, mpjCode);
    }

    // ================================================================ Open MPI's Java API

    /** MPI_Init_thread: returns the level provided. */
    public static int InitThread(String[] args, int required) throws MPIException {
        try {
            return initialize("MPI.InitThread", checkLevel("MPI.InitThread", required));
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** MPI_Is_thread_main. */
    public static boolean isThreadMain() throws MPIException {
        try {
            requireActiveOnAnyThread("MPI.isThreadMain");
            return NativeMPI.is_thread_main() != 0;
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** MPI_Wtime. */
    public static double wtime() throws MPIException {
        try {
            requireActiveOnAnyThread("MPI.wtime");
            return NativeMPI.wtime();
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** MPI_Wtick. */
    public static double wtick() throws MPIException {
        try {
            requireActiveOnAnyThread("MPI.wtick");
            return NativeMPI.wtick();
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** MPI_Get_version: the MPI standard version of the library (callable before Init). */
    public static Version getVersion() {
        try {
            return new Version(VERSION, SUBVERSION);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** MPI_Get_library_version. */
    public static String getLibVersion() {
        try {
            return Get_library_version();
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** MPI_Get_processor_name. */
    public static String getProcessorName() throws MPIException {
        try {
            requireActive("MPI.getProcessorName");
            String name = NativeMPI.processor_name();
            if (name == null) throw new MPIException("MPI.getProcessorName: MPI_Get_processor_name failed");
            return name;
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** MPI_Initialized. */
    public static boolean isInitialized() throws MPIException {
        try {
            return NativeMPI.initialized() != 0;
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** MPI_Finalized. */
    public static boolean isFinalized() throws MPIException {
        try {
            return NativeMPI.finalized() != 0;
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** MPI_Buffer_attach: the buffer buffered sends copy into. */
    public static void attachBuffer(byte[] buffer) throws MPIException {
        try {
            attach("MPI.attachBuffer", buffer, buffer == null ? 0 : buffer.length);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** MPI_Buffer_detach: waits for the buffered sends, and returns the buffer attached. */
    public static byte[] detachBuffer() throws MPIException {
        try {
            return detach("MPI.detachBuffer");
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** MPI_Pcontrol: does nothing here, as MPI's own does without a profiler. */
    public static void pControl(int level, Object obj) {
        try {
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** A direct buffer in native order for {@code capacity} chars. */
    public static java.nio.CharBuffer newCharBuffer(int capacity) {
        try {
            return bytes("MPI.newCharBuffer", capacity, 2).asCharBuffer();
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** A direct buffer in native order for {@code capacity} shorts. */
    public static java.nio.ShortBuffer newShortBuffer(int capacity) {
        try {
            return bytes("MPI.newShortBuffer", capacity, 2).asShortBuffer();
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** A direct buffer in native order for {@code capacity} ints. */
    public static java.nio.IntBuffer newIntBuffer(int capacity) {
        try {
            return bytes("MPI.newIntBuffer", capacity, 4).asIntBuffer();
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** A direct buffer in native order for {@code capacity} longs. */
    public static java.nio.LongBuffer newLongBuffer(int capacity) {
        try {
            return bytes("MPI.newLongBuffer", capacity, 8).asLongBuffer();
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** A direct buffer in native order for {@code capacity} floats. */
    public static java.nio.FloatBuffer newFloatBuffer(int capacity) {
        try {
            return bytes("MPI.newFloatBuffer", capacity, 4).asFloatBuffer();
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** A direct buffer in native order for {@code capacity} doubles. */
    public static java.nio.DoubleBuffer newDoubleBuffer(int capacity) {
        try {
            return bytes("MPI.newDoubleBuffer", capacity, 8).asDoubleBuffer();
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    private static ByteBuffer bytes(String call, int capacity, int width) {
        if (capacity < 0) throw new IllegalArgumentException(call + ": capacity is " + capacity + ", must be >= 0");
        if (capacity > Integer.MAX_VALUE / width) {
            throw new IllegalArgumentException(call + ": capacity " + capacity + " needs more than 2 GiB");
        }
        return HugePageBuffers.allocate(call, capacity * width);
    }

    /** The part of {@code buf} from element {@code offset} on (what Open MPI's programs pass instead of offsets). */
    public static ByteBuffer slice(ByteBuffer buf, int offset) {
        try {
            int at = checkSlice(capacity(buf), offset);
            return ((ByteBuffer) buf.duplicate().clear().position(at)).slice() .order(buf.order());
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    public static java.nio.CharBuffer slice(java.nio.CharBuffer buf, int offset) {
        try {
            int at = checkSlice(capacity(buf), offset);
            return ((java.nio.CharBuffer) buf.duplicate().clear().position(at)).slice();
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    public static java.nio.ShortBuffer slice(java.nio.ShortBuffer buf, int offset) {
        try {
            int at = checkSlice(capacity(buf), offset);
            return ((java.nio.ShortBuffer) buf.duplicate().clear().position(at)).slice();
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    public static java.nio.IntBuffer slice(java.nio.IntBuffer buf, int offset) {
        try {
            int at = checkSlice(capacity(buf), offset);
            return ((java.nio.IntBuffer) buf.duplicate().clear().position(at)).slice();
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    public static java.nio.LongBuffer slice(java.nio.LongBuffer buf, int offset) {
        try {
            int at = checkSlice(capacity(buf), offset);
            return ((java.nio.LongBuffer) buf.duplicate().clear().position(at)).slice();
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    public static java.nio.FloatBuffer slice(java.nio.FloatBuffer buf, int offset) {
        try {
            int at = checkSlice(capacity(buf), offset);
            return ((java.nio.FloatBuffer) buf.duplicate().clear().position(at)).slice();
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    public static java.nio.DoubleBuffer slice(java.nio.DoubleBuffer buf, int offset) {
        try {
            int at = checkSlice(capacity(buf), offset);
            return ((java.nio.DoubleBuffer) buf.duplicate().clear().position(at)) .slice();
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** A heap buffer over {@code buf} from element {@code offset}: calls take it as the array from there. */
    public static ByteBuffer slice(byte[] buf, int offset) {
        try {
            return ByteBuffer.wrap(buf, checkSlice(length(buf), offset), buf.length - offset).slice();
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    public static java.nio.CharBuffer slice(char[] buf, int offset) {
        try {
            return java.nio.CharBuffer.wrap(buf, checkSlice(length(buf), offset), buf.length - offset).slice();
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    public static java.nio.ShortBuffer slice(short[] buf, int offset) {
        try {
            return java.nio.ShortBuffer.wrap(buf, checkSlice(length(buf), offset), buf.length - offset).slice();
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    public static java.nio.IntBuffer slice(int[] buf, int offset) {
        try {
            return java.nio.IntBuffer.wrap(buf, checkSlice(length(buf), offset), buf.length - offset).slice();
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    public static java.nio.LongBuffer slice(long[] buf, int offset) {
        try {
            return java.nio.LongBuffer.wrap(buf, checkSlice(length(buf), offset), buf.length - offset).slice();
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    public static java.nio.FloatBuffer slice(float[] buf, int offset) {
        try {
            return java.nio.FloatBuffer.wrap(buf, checkSlice(length(buf), offset), buf.length - offset).slice();
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    public static java.nio.DoubleBuffer slice(double[] buf, int offset) {
        try {
            return java.nio.DoubleBuffer.wrap(buf, checkSlice(length(buf), offset), buf.length - offset).slice();
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    private static int capacity(java.nio.Buffer buf) {
        if (buf == null) throw new NullPointerException("MPI.slice: buf is null");
        return buf.capacity();
    }

    private static int length(Object array) {
        if (array == null) throw new NullPointerException("MPI.slice: buf is null");
        return java.lang.reflect.Array.getLength(array);
    }

    private static int checkSlice(int length, int offset) {
        if (offset < 0 || offset > length) {
            throw new IndexOutOfBoundsException("MPI.slice: offset is " + offset + ", outside 0.." + length);
        }
        return offset;
    }
}
