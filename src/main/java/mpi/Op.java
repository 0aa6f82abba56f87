package mpi;

import java.nio.ByteBuffer;

import natmpj.internal.BufferType;
import natmpj.internal.Element;
import natmpj.internal.UserOps;
import natmpj.jni.NativeMPIConstants;
import natmpj.jni.NativeMPI;

/**
 * A reduction operation. The predefined ones apply where Java's operators do: {@code MAX MIN SUM PROD} to numbers,
 * {@code LAND LOR LXOR} to booleans and integers, {@code BAND BOR BXOR} to integers and booleans (on booleans they
 * are the logical ops, as Java's {@code & | ^}). {@code MAXLOC MINLOC} apply to the pair types {@code MPI.SHORT2
 * INT2 LONG2 FLOAT2 DOUBLE2} only (value then index, both of the array's type; on equal values the lower index
 * wins), and the arithmetic and logical ops do not apply to pair types. Any other pairing is refused before MPI sees
 * it.
 *
 * <p><b>User-defined ops</b> ({@link #Op(User_function, boolean)}) run a {@link User_function} inside MPI's own
 * reduction algorithms, on any datatype whose base is a Java primitive type (or {@code MPI.PACKED}). MPI's
 * user-function type carries no pointer to user data, so natmpj keeps a fixed pool of 64 native trampolines
 * each bound to one live user op; creating more live ops than that throws IllegalStateException, and
 * {@link #Free} returns the slot. Each MPI callback becomes ONE Java call of {@link User_function#Call} with the
 * whole vectors copied into Java arrays, on whichever thread MPI calls it from (a thread the JVM does not know is
 * attached as a daemon). Reductions with a user op never pin Java arrays (a callback must not run inside a JNI
 * critical region): the collective copies array arguments into temporary direct buffers and copies the result
 * back; direct buffers are used as they are. An exception thrown by the user function does not unwind through MPI:
 * it is caught, the collective runs to its end, and the collective then throws it (a checked exception wrapped in
 * an MPIException). A failure on a thread that is not inside a natmpj collective (an MPI progress thread) is
 * thrown by the next collective with a user op that finishes.
 */
public class Op implements Freeable {
    enum Kind { ARITHMETIC, LOGICAL, BITWISE, LOCATION, USER, ONE_SIDED }

    /**
     * MPJ Express's number for the op: MAX 1, MIN 2, SUM 3, PROD 4, LAND 5, BAND 6, LOR 7, BOR 8, LXOR 9, BXOR 10,
     * MAXLOC 11, MINLOC 12; -1 for a user op (or the code given to {@link #Op(User_function, boolean, int)}).
     * Information only: natmpj never reads it.
     */
    public int opCode = -1;

    /** Set at construction, except MAXLOC/MINLOC, bound at MPI.Init (they are created after MPI_Init). */
    long handle;
    private final String name;
    private final Kind kind;
    /** For BITWISE ops: the LOGICAL op that means the same on booleans. */
    private final Op onBooleans;
    /** For user ops: the function, the trampoline slot, and whether Free has been called. */
    private final User_function function;
    /** For user ops of Open MPI's API: its function (function is then null). */
    private final UserFunction ompiFunction;
    private final boolean commute;
    private final int slot;
    private volatile boolean freed;

    Op(long handle, String name, Kind kind, Op onBooleans, int mpjCode) {
        this.opCode = mpjCode;
        this.handle = handle;
        this.name = name;
        this.kind = kind;
        this.onBooleans = onBooleans;
        this.function = null;
        this.ompiFunction = null;
        this.commute = true;
        this.slot = -1;
    }

    /**
     * A user-defined op (mpiJava 1.2): {@code function} combines vectors; {@code commute} says whether MPI may
     * reorder operands (false: MPI applies it in rank order). Free it with {@link #Free} when no longer needed.
     */
    public Op(User_function function, boolean commute) throws MPIException {
        MPI.requireActive("Op.Op");
        if (function == null) throw new NullPointerException("Op.Op: function is null");
        this.name = "user op " + function.getClass().getName();
        this.kind = Kind.USER;
        this.onBooleans = null;
        this.function = function;
        this.ompiFunction = null;
        this.commute = commute;
        // The registry keeps this op reachable until Free: its slots are the limit on live user ops
        long[] created = UserOps.create(this::apply, commute, "Op.Op");
        this.slot = (int) created[0];
        this.handle = created[1];
    }

    /**
     * MPJ Express's form. Its third argument is one of MPJ Express's op codes, kept in {@link #opCode} as MPJ
     * Express keeps it; it has no meaning to natmpj, and this is {@code Op(function, commute)}.
     */
    public Op(User_function function, boolean commute, int opCode) throws MPIException {
        this(function, commute);
        this.opCode = opCode;
    }

    /**
     * MPJ Express's public {@code finalize()}, empty there too, for classes compiled against MPJ Express that call
     * it. Renamed by the build to finalize and made synthetic (src/build/java/SyntheticForms.java): source sees
     * only Object's protected finalize. Being empty, it does not make ops finalizable (HotSpot registers no
     * instance of a class whose finalize() is an empty method).
     */
    public void finalize$$mpjexpress() {
    }

    /** Frees a user op (MPI_Op_free) and its trampoline slot; using it afterwards throws IllegalStateException. */
    public void Free() throws MPIException {
        free("Op.Free");
    }

    /** MPJ Express's spelling of {@link #Free}. */
    public void free() throws MPIException {
        free("Op.free");
    }

    private void free(String call) {
        MPI.requireActive(call);
        if (kind != Kind.USER) {
            throw new IllegalArgumentException(call + ": " + name + " is predefined and cannot be freed");
        }
        synchronized (this) {
            if (freed) throw new IllegalStateException(call + ": the op has been freed");
            UserOps.free(slot, handle, call);
            freed = true;
        }
    }

    boolean isFreed() {
        return freed;
    }

    /** The MPI handle to reduce {@code type} with, or IllegalArgumentException when the op does not apply. */
    long handleFor(Datatype type, String call) {
        if (freed) throw new IllegalStateException(call + ": the op has been freed");
        Element.Kind k = type.layout.element.kind;
        boolean pair = isPair(type);
        switch (kind) {
        case USER:
            Class<?> array = type.layout.element.arrayClass;
            if (array != null && array.getComponentType().isPrimitive()) return handle;
            break;
        case LOCATION:
            if (pair) return handle;
            if (type == MPI.SHORT_INT || type == MPI.LONG_INT || type == MPI.FLOAT_INT || type == MPI.DOUBLE_INT
                    || type == MPI.int2Bytes) {
                return this == MPI.MAXLOC ? MPI.mpiMaxloc : MPI.mpiMinloc; // MPI's own, on MPI's pair types
            }
            throw new IllegalArgumentException(call + ": op " + name + " applies only to the pair datatypes"
                    + " MPI.SHORT2, MPI.INT2, MPI.LONG2, MPI.FLOAT2, MPI.DOUBLE2, MPI.SHORT_INT, MPI.LONG_INT,"
                    + " MPI.FLOAT_INT and MPI.DOUBLE_INT, not to " + type);
        default:
            if (pair) {
                throw new IllegalArgumentException(call + ": op " + name + " does not apply to pair datatype " + type
                        + "; pair types take MPI.MAXLOC and MPI.MINLOC");
            }
            break;
        }
        switch (kind) {
        case ARITHMETIC:
            if (k == Element.Kind.INTEGER || k == Element.Kind.FLOATING) return handle;
            break;
        case LOGICAL:
            if (k == Element.Kind.INTEGER || k == Element.Kind.LOGICAL) return handle;
            break;
        case BITWISE:
            if (k == Element.Kind.INTEGER) return handle;
            if (k == Element.Kind.LOGICAL) return onBooleans.handle;
            break;
        default:
            break;
        }
        throw new IllegalArgumentException(call + ": op " + name + " does not apply to datatype " + type);
    }

    /** The user function of a user op (also how MPI.OBJECT reductions apply it), else null. */
    User_function function() {
        return function;
    }

    /** Whether MPI will call back into Java with this op (then no Java array may be pinned during the call). */
    boolean isUser() {
        return kind == Kind.USER;
    }

    private static boolean isPair(Datatype type) {
        return type == MPI.SHORT2 || type == MPI.INT2 || type == MPI.LONG2 || type == MPI.FLOAT2 || type == MPI.DOUBLE2;
    }

    /** Creates the pair types and binds MAXLOC/MINLOC: once, from MPI.Init, right after MPI_Init. */
    static void setUpLocationOps() {
        long[] h = new long[NativeMPIConstants.LOCATION_HANDLES];
        MPIException.check(NativeMPI.location_setup(h), "MPI.Init");
        MPI.SHORT2 = Datatype.pair(h[NativeMPIConstants.LOCATION_SHORT2], Element.SHORT, "MPI.SHORT2");
        MPI.INT2 = Datatype.pair(h[NativeMPIConstants.LOCATION_INT2], Element.INT, "MPI.INT2");
        MPI.LONG2 = Datatype.pair(h[NativeMPIConstants.LOCATION_LONG2], Element.LONG, "MPI.LONG2");
        MPI.FLOAT2 = Datatype.pair(h[NativeMPIConstants.LOCATION_FLOAT2], Element.FLOAT, "MPI.FLOAT2");
        MPI.DOUBLE2 = Datatype.pair(h[NativeMPIConstants.LOCATION_DOUBLE2], Element.DOUBLE, "MPI.DOUBLE2");
        // MPI's own pair types, for Open MPI's API (their shape is asked of MPI, so only after MPI_Init)
        MPI.int2Bytes = Datatype.cPair(NativeMPI.handle_constant(NativeMPIConstants.TYPE_2INT), "MPI.INT2");
        MPI.SHORT_INT = Datatype.cPair(NativeMPI.handle_constant(NativeMPIConstants.TYPE_SHORT_INT), "MPI.SHORT_INT");
        MPI.LONG_INT = Datatype.cPair(NativeMPI.handle_constant(NativeMPIConstants.TYPE_LONG_INT), "MPI.LONG_INT");
        MPI.FLOAT_INT = Datatype.cPair(NativeMPI.handle_constant(NativeMPIConstants.TYPE_FLOAT_INT), "MPI.FLOAT_INT");
        MPI.DOUBLE_INT = Datatype.cPair(NativeMPI.handle_constant(NativeMPIConstants.TYPE_DOUBLE_INT),
                "MPI.DOUBLE_INT");
        MPI.MAXLOC.handle = h[NativeMPIConstants.LOCATION_MAXLOC];
        MPI.MINLOC.handle = h[NativeMPIConstants.LOCATION_MINLOC];
    }

    @Override
    public String toString() {
        return name;
    }

    // ---- User ops: natmpj.internal.UserOps holds the registry the trampolines call; here, the mpiJava side ----

    /** Before a collective reduces {@code type} with this user op: callbacks can now find the datatype. */
    void enter(Datatype type) {
        UserOps.enter(type.layout);
    }

    /** After the collective (even a failed one): throws what a callback threw, else returns. */
    void exit(Datatype type, String call) {
        UserOps.exit(type.layout, call);
    }

    /** One MPI callback: the vectors copied into Java arrays for the User_function, the result copied back. */
    private void apply(ByteBuffer in, ByteBuffer inout, int len, BufferType type) {
        long elements = (long) len * type.extent;
        if (elements > Integer.MAX_VALUE - 8) {
            throw new IllegalStateException("mpi.Op: " + len + " items of " + type + " do not fit a Java array");
        }
        int n = (int) elements;
        Class<?> component = type.element.arrayClass.getComponentType();
        Object a = java.lang.reflect.Array.newInstance(component, n);
        Object b = java.lang.reflect.Array.newInstance(component, n);
        UserOps.toArray(in, 0, a, 0, n);
        UserOps.toArray(inout, 0, b, 0, n);
        function.Call(a, 0, b, 0, len, (Datatype) type.owner);
        UserOps.fromArray(b, 0, n, inout, 0);
    }

    // ================================================================ Open MPI's Java API

    /**
     * A user-defined op: {@code function} combines two vectors in MPI's memory (see UserFunction); {@code commute}
     * says whether MPI may reorder operands. Free it with {@link #free} when no longer needed.
     */
    public Op(UserFunction function, boolean commute) throws MPIException {
        MPI.requireActive("Op.Op");
        if (function == null) throw new NullPointerException("Op.Op: function is null");
        this.name = "user op " + function.getClass().getName();
        this.kind = Kind.USER;
        this.onBooleans = null;
        this.function = null;
        this.ompiFunction = function;
        this.commute = commute;
        long[] created = UserOps.create(this::applyOmpi, commute, "Op.Op");
        this.slot = (int) created[0];
        this.handle = created[1];
    }

    /** Whether MPI may reorder the operands (true for the predefined ops). */
    public boolean isCommutative() {
        return commute;
    }

    /** Whether this op has been freed. */
    public boolean isNull() {
        return freed;
    }

    /** One MPI callback for Open MPI's UserFunction: MPI's memory as direct buffers, booleans as arrays. */
    private void applyOmpi(ByteBuffer in, ByteBuffer inout, int len, BufferType type) {
        Datatype datatype = (Datatype) type.owner;
        if (type.element == natmpj.internal.Element.BOOLEAN) {
            int n = Math.multiplyExact(len, type.extent);
            boolean[] a = new boolean[n], b = new boolean[n];
            UserOps.toArray(in, 0, a, 0, n);
            UserOps.toArray(inout, 0, b, 0, n);
            ompiFunction.call(a, b, len, datatype);
            UserOps.fromArray(b, 0, n, inout, 0);
            return;
        }
        ompiFunction.call(in.order(java.nio.ByteOrder.nativeOrder()), inout.order(java.nio.ByteOrder.nativeOrder()),
                len, datatype);
    }
}
