package mpi;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.AtomicReferenceArray;

import natmpj.internal.LiveHandles;
import natmpj.jni.NativeMPIConstants;
import natmpj.jni.NativeMPIJNI;

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
public class Op {
    enum Kind { ARITHMETIC, LOGICAL, BITWISE, LOCATION, USER }

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
    private final int slot;
    private volatile boolean freed;

    Op(long handle, String name, Kind kind, Op onBooleans, int mpjCode) {
        this.opCode = mpjCode;
        this.handle = handle;
        this.name = name;
        this.kind = kind;
        this.onBooleans = onBooleans;
        this.function = null;
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
        synchronized (SLOTS) {
            int free = -1;
            for (int i = 0; i < SLOTS.length() && free < 0; i++) if (SLOTS.get(i) == null) free = i;
            if (free < 0) {
                throw new IllegalStateException("Op.Op: all " + SLOTS.length() + " user-op slots are in use; Free"
                        + " the user ops no longer needed");
            }
            long[] created = new long[1];
            MPIException.check(NativeMPIJNI.user_op_create(free, commute ? 1 : 0, created), "Op.Op");
            this.slot = free;
            this.handle = created[0];
            SLOTS.set(free, this); // which keeps a user op reachable until Free: the 64 slots are the leak limit
            LiveHandles.created(LiveHandles.Kind.OP);
        }
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
        synchronized (SLOTS) {
            if (freed) throw new IllegalStateException(call + ": the op has been freed");
            MPIException.check(NativeMPIJNI.op_free(handle), call);
            freed = true;
            SLOTS.set(slot, null);
            LiveHandles.released(LiveHandles.Kind.OP);
        }
    }

    boolean isFreed() {
        return freed;
    }

    /** The MPI handle to reduce {@code type} with, or IllegalArgumentException when the op does not apply. */
    long handleFor(Datatype type, String call) {
        if (freed) throw new IllegalStateException(call + ": the op has been freed");
        BasicType.Kind k = type.base.kind;
        boolean pair = isPair(type);
        switch (kind) {
        case USER:
            if (type.base.arrayClass != null && type.base.arrayClass.getComponentType().isPrimitive()) return handle;
            break;
        case LOCATION:
            if (pair) return handle;
            throw new IllegalArgumentException(call + ": op " + name + " applies only to the pair datatypes"
                    + " MPI.SHORT2, MPI.INT2, MPI.LONG2, MPI.FLOAT2 and MPI.DOUBLE2, not to " + type);
        default:
            if (pair) {
                throw new IllegalArgumentException(call + ": op " + name + " does not apply to pair datatype " + type
                        + "; pair types take MPI.MAXLOC and MPI.MINLOC");
            }
            break;
        }
        switch (kind) {
        case ARITHMETIC:
            if (k == BasicType.Kind.INTEGER || k == BasicType.Kind.FLOATING) return handle;
            break;
        case LOGICAL:
            if (k == BasicType.Kind.INTEGER || k == BasicType.Kind.LOGICAL) return handle;
            break;
        case BITWISE:
            if (k == BasicType.Kind.INTEGER) return handle;
            if (k == BasicType.Kind.LOGICAL) return onBooleans.handle;
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
        MPIException.check(NativeMPIJNI.location_setup(h), "MPI.Init");
        MPI.SHORT2 = Datatype.pair(h[NativeMPIConstants.LOCATION_SHORT2], BasicType.SHORT, "MPI.SHORT2");
        MPI.INT2 = Datatype.pair(h[NativeMPIConstants.LOCATION_INT2], BasicType.INT, "MPI.INT2");
        MPI.LONG2 = Datatype.pair(h[NativeMPIConstants.LOCATION_LONG2], BasicType.LONG, "MPI.LONG2");
        MPI.FLOAT2 = Datatype.pair(h[NativeMPIConstants.LOCATION_FLOAT2], BasicType.FLOAT, "MPI.FLOAT2");
        MPI.DOUBLE2 = Datatype.pair(h[NativeMPIConstants.LOCATION_DOUBLE2], BasicType.DOUBLE, "MPI.DOUBLE2");
        MPI.MAXLOC.handle = h[NativeMPIConstants.LOCATION_MAXLOC];
        MPI.MINLOC.handle = h[NativeMPIConstants.LOCATION_MINLOC];
    }

    @Override
    public String toString() {
        return name;
    }

    // ---- User ops: the registry the native trampolines call into, and failure hand-over to the collective ----

    /** Slot i: the live user op whose MPI handle was created on native trampoline i. */
    private static final AtomicReferenceArray<Op> SLOTS = new AtomicReferenceArray<>(NativeMPIConstants.USER_OP_SLOTS);
    /** The datatypes collectives in flight reduce with user ops, by MPI handle: what a callback is told about. */
    private static final ConcurrentHashMap<Long, TypeUse> TYPES = new ConcurrentHashMap<>();
    /** Per thread: how many user-op collectives it is inside, and the first failure of a callback on it. */
    private static final ThreadLocal<Caller> CALLER = ThreadLocal.withInitial(Caller::new);
    /** A failure on a thread that is inside no collective, for the next collective that finishes. */
    private static final AtomicReference<Throwable> ORPHAN = new AtomicReference<>();

    private static final class TypeUse {
        final Datatype type;
        int users = 1;

        TypeUse(Datatype type) {
            this.type = type;
        }
    }

    private static final class Caller {
        int depth;
        Throwable failure;
    }

    /** Before a collective reduces {@code type} with this user op: callbacks can now find the datatype. */
    void enter(Datatype type) {
        TYPES.compute(type.handle, (h, use) -> {
            if (use == null || use.type != type) return new TypeUse(type);
            use.users++;
            return use;
        });
        CALLER.get().depth++;
    }

    /** After the collective (even a failed one): throws what a callback threw, else returns. */
    void exit(Datatype type, String call) {
        TYPES.computeIfPresent(type.handle, (h, use) -> --use.users <= 0 ? null : use);
        Caller caller = CALLER.get();
        caller.depth--;
        Throwable failure = caller.failure;
        caller.failure = null;
        if (failure == null) failure = ORPHAN.getAndSet(null);
        long lost = NativeMPIJNI.user_op_lost_calls();
        if (failure == null && lost > 0) {
            failure = new MPIException(call + ": " + lost + " call(s) of a user op could not reach Java (no JNI"
                    + " environment or no memory on MPI's calling thread); the result is incomplete");
        }
        if (failure instanceof RuntimeException) throw (RuntimeException) failure;
        if (failure instanceof Error) throw (Error) failure;
        if (failure != null) {
            MPIException wrapped = new MPIException(call + ": the user function threw " + failure);
            wrapped.initCause(failure);
            throw wrapped;
        }
    }

    /**
     * Called by the native trampoline of {@code slot}, once per MPI callback: {@code in} and {@code inout} are MPI's
     * own vectors ({@code len} items of the datatype with MPI handle {@code typeHandle}). Never throws.
     */
    static void callback(int slot, ByteBuffer in, ByteBuffer inout, int len, long typeHandle) {
        Caller caller = CALLER.get();
        boolean inCollective = caller.depth > 0;
        if (inCollective && caller.failure != null) return; // this collective already failed: MPI just finishes
        try {
            Op op = SLOTS.get(slot);
            if (op == null) throw new IllegalStateException("mpi.Op: MPI called a user op that has been freed");
            TypeUse use = TYPES.get(typeHandle);
            if (use == null) {
                throw new IllegalStateException("mpi.Op: MPI called " + op + " with a datatype no collective in"
                        + " progress uses (handle " + typeHandle + ")");
            }
            op.apply(in, inout, len, use.type);
        } catch (Throwable t) {
            if (!inCollective) ORPHAN.compareAndSet(null, t);
            else caller.failure = t;
        }
    }

    private void apply(ByteBuffer in, ByteBuffer inout, int len, Datatype type) {
        long elements = (long) len * type.extent;
        if (elements > Integer.MAX_VALUE - 8) {
            throw new IllegalStateException("mpi.Op: " + len + " items of " + type + " do not fit a Java array");
        }
        int n = (int) elements;
        Object a = java.lang.reflect.Array.newInstance(type.base.arrayClass.getComponentType(), n);
        Object b = java.lang.reflect.Array.newInstance(type.base.arrayClass.getComponentType(), n);
        toArray(in, 0, a, 0, n);
        toArray(inout, 0, b, 0, n);
        function.Call(a, 0, b, 0, len, type);
        fromArray(b, 0, n, inout, 0);
    }

    /** Copies n elements of a primitive array, from element {@code from}, into dst at byte {@code at}. */
    static void fromArray(Object src, int from, int n, ByteBuffer dst, int at) {
        ByteBuffer d = dst.duplicate().order(ByteOrder.nativeOrder());
        d.position(at);
        if (src instanceof byte[]) d.put((byte[]) src, from, n);
        else if (src instanceof char[]) d.asCharBuffer().put((char[]) src, from, n);
        else if (src instanceof short[]) d.asShortBuffer().put((short[]) src, from, n);
        else if (src instanceof int[]) d.asIntBuffer().put((int[]) src, from, n);
        else if (src instanceof long[]) d.asLongBuffer().put((long[]) src, from, n);
        else if (src instanceof float[]) d.asFloatBuffer().put((float[]) src, from, n);
        else if (src instanceof double[]) d.asDoubleBuffer().put((double[]) src, from, n);
        else {
            boolean[] z = (boolean[]) src;
            for (int i = 0; i < n; i++) d.put(at + i, (byte) (z[from + i] ? 1 : 0));
        }
    }

    /** Copies n elements from src at byte {@code at} into a primitive array from element {@code from}. */
    static void toArray(ByteBuffer src, int at, Object dst, int from, int n) {
        ByteBuffer s = src.duplicate().order(ByteOrder.nativeOrder());
        s.position(at);
        if (dst instanceof byte[]) s.get((byte[]) dst, from, n);
        else if (dst instanceof char[]) s.asCharBuffer().get((char[]) dst, from, n);
        else if (dst instanceof short[]) s.asShortBuffer().get((short[]) dst, from, n);
        else if (dst instanceof int[]) s.asIntBuffer().get((int[]) dst, from, n);
        else if (dst instanceof long[]) s.asLongBuffer().get((long[]) dst, from, n);
        else if (dst instanceof float[]) s.asFloatBuffer().get((float[]) dst, from, n);
        else if (dst instanceof double[]) s.asDoubleBuffer().get((double[]) dst, from, n);
        else {
            boolean[] z = (boolean[]) dst;
            for (int i = 0; i < n; i++) z[from + i] = s.get(at + i) != 0;
        }
    }
}
