package natmpj.internal;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.AtomicReferenceArray;

import natmpj.jni.NativeMPIConstants;
import natmpj.jni.NativeMPI;

/**
 * User-defined reduction ops: the registry the C layer's trampolines call into (ops.c: one C function per slot,
 * each calling {@link #callback} with its slot number), and the hand-over of a failure from a callback to the
 * collective that made MPI call it.
 *
 * <p>A callback runs on whatever thread MPI reduces on, inside the MPI call: it may not throw through MPI, so
 * what the function throws is kept and rethrown by {@link #exit} when the collective returns (MPI finishes the
 * reduction; the failing rank's contribution is wrong, and the collective says so). A facade registers a
 * {@link Function} per op; it gets MPI's own vectors and the {@link BufferType} of the datatype reduced.
 */
public final class UserOps {
    /** A user op as the facade implements it: combine {@code len} items of {@code type}, in into inout. */
    public interface Function {
        void apply(ByteBuffer in, ByteBuffer inout, int len, BufferType type);
    }

    /** Slot i: the live user op whose MPI handle was created on native trampoline i. */
    private static final AtomicReferenceArray<Function> SLOTS =
            new AtomicReferenceArray<>(NativeMPIConstants.USER_OP_SLOTS);
    /** The datatypes collectives in flight reduce with user ops, by MPI handle: what a callback is told about. */
    private static final ConcurrentHashMap<Long, TypeUse> TYPES = new ConcurrentHashMap<>();
    /** Per thread: how many user-op collectives it is inside, and the first failure of a callback on it. */
    private static final ThreadLocal<Caller> CALLER = ThreadLocal.withInitial(Caller::new);
    /** A failure on a thread that is inside no collective, for the next collective that finishes. */
    private static final AtomicReference<Throwable> ORPHAN = new AtomicReference<>();

    private static final class TypeUse {
        final BufferType type;
        int users = 1;

        TypeUse(BufferType type) {
            this.type = type;
        }
    }

    private static final class Caller {
        int depth;
        Throwable failure;
    }

    private UserOps() {}

    /**
     * Creates the MPI op for {@code function} on a free trampoline slot; returns {slot, MPI handle}. The registry
     * keeps the function reachable until {@link #free}: the slots are the limit on live user ops.
     */
    public static long[] create(Function function, boolean commute, String call) {
        synchronized (SLOTS) {
            int free = -1;
            for (int i = 0; i < SLOTS.length() && free < 0; i++) if (SLOTS.get(i) == null) free = i;
            if (free < 0) {
                throw new IllegalStateException(call + ": all " + SLOTS.length() + " user-op slots are in use; Free"
                        + " the user ops no longer needed");
            }
            long[] created = new long[1];
            Failures.check(NativeMPI.user_op_create(free, commute ? 1 : 0, created), call);
            SLOTS.set(free, function);
            LiveHandles.created(LiveHandles.Kind.OP);
            return new long[] {free, created[0]};
        }
    }

    /** Frees the MPI op and its slot. */
    public static void free(int slot, long handle, String call) {
        synchronized (SLOTS) {
            Failures.check(NativeMPI.op_free(handle), call);
            SLOTS.set(slot, null);
            LiveHandles.released(LiveHandles.Kind.OP);
        }
    }

    /** Before a collective reduces {@code type} with a user op: callbacks can now find the datatype. */
    public static void enter(BufferType type) {
        begin(type);
        CALLER.get().depth++;
    }

    /** After the collective (even a failed one): throws what a callback threw, else returns. */
    public static void exit(BufferType type, String call) {
        unregister(type);
        Caller caller = CALLER.get();
        caller.depth--;
        Throwable failure = caller.failure;
        caller.failure = null;
        if (failure == null) failure = ORPHAN.getAndSet(null);
        rethrow(failure, call);
    }

    /** Throws {@code failure} (a callback's), or reports user-op calls that never reached Java; else returns. */
    private static void rethrow(Throwable failure, String call) {
        long lost = NativeMPI.user_op_lost_calls();
        if (failure == null && lost > 0) {
            failure = Failures.failure(call + ": " + lost + " call(s) of a user op could not reach Java (no JNI"
                    + " environment or no memory on MPI's calling thread); the result is incomplete");
        }
        if (failure instanceof RuntimeException) throw (RuntimeException) failure;
        if (failure instanceof Error) throw (Error) failure;
        if (failure != null) {
            RuntimeException wrapped = Failures.failure(call + ": the user function threw " + failure);
            wrapped.initCause(failure);
            throw wrapped;
        }
    }

    /**
     * Before a non-blocking reduction with a user op starts: callbacks can find {@code type} until {@link #end}. The
     * callbacks run in whatever call makes MPI progress (a Wait, Test, or another MPI call, on any thread), which is
     * inside no collective: what they throw is kept for the next collective or request that finishes.
     */
    public static void begin(BufferType type) {
        TYPES.compute(type.handle(), (h, use) -> {
            if (use == null || use.type != type) return new TypeUse(type);
            use.users++;
            return use;
        });
    }

    /** A non-blocking reduction {@link #begin} registered is done with {@code type}; nothing thrown. */
    public static void unregister(BufferType type) {
        TYPES.computeIfPresent(type.handle(), (h, use) -> --use.users <= 0 ? null : use);
    }

    /** A non-blocking reduction completed: throws what a callback threw meanwhile, else returns. */
    public static void end(BufferType type, String call) {
        unregister(type);
        rethrow(ORPHAN.getAndSet(null), call);
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
            Function function = SLOTS.get(slot);
            if (function == null) throw new IllegalStateException("natmpj: MPI called a user op that has been freed");
            TypeUse use = TYPES.get(typeHandle);
            if (use == null) {
                throw new IllegalStateException("natmpj: MPI called a user op with a datatype no collective in"
                        + " progress uses (handle " + typeHandle + ")");
            }
            function.apply(in, inout, len, use.type);
        } catch (Throwable t) {
            if (!inCollective) ORPHAN.compareAndSet(null, t);
            else caller.failure = t;
        }
    }

    /** Copies n elements of a primitive array, from element {@code from}, into dst at byte {@code at}. */
    public static void fromArray(Object src, int from, int n, ByteBuffer dst, int at) {
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
    public static void toArray(ByteBuffer src, int at, Object dst, int from, int n) {
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
