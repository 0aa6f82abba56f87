package mpi;

import java.nio.Buffer;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.DoubleBuffer;
import java.nio.FloatBuffer;
import java.nio.IntBuffer;
import java.nio.LongBuffer;
import java.nio.ShortBuffer;
import java.util.ArrayList;

import natmpj.internal.BufferType;
import natmpj.internal.Buffers;
import natmpj.internal.Held;
import natmpj.internal.LiveSet;
import natmpj.internal.Message;
import natmpj.internal.Pins;
import natmpj.internal.StatusBuffer;
import natmpj.jni.NativeMPI;

/**
 * An MPI window for one-sided communication (MPI_Win), Open MPI's Java API on MPI's one-sided calls.
 *
 * <p>Sizes and units follow Open MPI's bindings: a window's {@code size} and {@code dispUnit} count elements of the
 * buffer given ({@code base}: an IntBuffer's are 4 bytes), target displacements count the target's units. Buffers:
 * <ul>
 *   <li>Window memory ({@link #Win(Buffer, int, int, Info, Comm)}, {@link #attach}) must stay in place for the
 *       window's life: a direct buffer, or a heap buffer whose array is pinned until {@link #free} where the
 *       collector pins objects (G1 on JDK 22+, Shenandoah: see natmpj.internal.Pins); elsewhere a heap buffer is
 *       refused with an exception naming {@code base}. The window keeps its memory reachable until freed, even if
 *       the program drops the Win.</li>
 *   <li>Origin and result buffers may be direct or heap buffers, for every operation. An operation completes only
 *       at a later synchronisation, so natmpj holds its buffers until then: a direct buffer is kept reachable, an
 *       array is pinned (where the collector pins) or staged; a staged result (get, getAccumulate, fetchAndOp,
 *       compareAndSwap) reaches the array at the synchronisation that completes the operation (fence, complete,
 *       unlock, unlockAll, flush, flushAll, flushLocal, flushLocalAll) or, for the r-forms, at the request's
 *       completion. Until then the array holds its old values, as MPI allows.</li>
 * </ul>
 * Target ranks, displacements and ranges are checked in Java against every rank's window size (gathered at
 * creation) before MPI sees them; a target range outside the target's window is an MPIException of class
 * MPI.ERR_DISP. Dynamic windows ({@link #Win(Info, Comm)}) can attach and detach memory, but Open MPI's API passes
 * target displacements as int, which cannot hold the address of attached memory (above 2^31 on 64-bit Linux):
 * operations on them are refused. Creation is collective: the ranks agree on their arguments before MPI is called,
 * so an argument refused on one rank is an exception on every rank, not a hang; under the MPICH family a window's
 * base must be 16-byte aligned (MPICH 4.0.2 rounds it down and would write before the memory given).
 */
public final class Win implements Freeable {
    /** Open MPI's value of the null window. */
    public static final int WIN_NULL = 0;
    /** {@link #Win(int, int, Info, Comm, Buffer, int)}: memory of the calling process only (MPI_Win_allocate). */
    public static final int FLAVOR_PRIVATE = 0;
    /** {@link #Win(int, int, Info, Comm, Buffer, int)}: memory shared within a node (MPI_Win_allocate_shared). */
    public static final int FLAVOR_SHARED = 1;

    /** Windows not yet freed: MPI may write their memory (from other ranks) until then, so it stays reachable. */
    private static final LiveSet LIVE = new LiveSet();
    /** The keys of createKeyval not yet freed, and MPI's own. */
    private static final Attributes.Keys KEYS = new Attributes.Keys("Win", keyval -> keyval == MPI.WIN_BASE
            || keyval == MPI.WIN_SIZE || keyval == MPI.WIN_DISP_UNIT);

    long handle;
    private final boolean dynamic;
    /** Ranks of the window's group. */
    private final int ranks;
    /** Per rank: its window's size in bytes, and its displacement unit in bytes; null for a dynamic window. */
    private final long[] extents;
    /** The window's memory: a direct buffer, or the Message of a pinned array (released at free); or null. */
    private Object memory;
    /** Memory attached to a dynamic window, kept reachable until detached or freed. */
    private final ArrayList<Buffer> attached = new ArrayList<>(0);
    /** Blocking operations not yet completed: their target rank and what they hold, in the order started. */
    private final ArrayList<Held> pending = new ArrayList<>();
    private final ArrayList<Integer> pendingRanks = new ArrayList<>();
    private LiveSet.Link live;
    private boolean freed;
    /** Attributes set through {@link #setAttr}, serialized as Open MPI's bindings keep them. */
    private final Attributes attributes = new Attributes();

    /**
     * MPI_Win_create over {@code size} elements of {@code base} (from its start; a heap buffer from its array
     * offset), with displacement units of {@code dispUnit} elements, as Open MPI's bindings count them.
     */
    public Win(Buffer base, int size, int dispUnit, Info info, Comm comm) throws MPIException {
        try {
            String call = "Win.Win";
            Intracomm c = intracomm(call, comm);
            dynamic = false;
            ranks = c.size;
            extents = new long[2 * ranks];
            // The checks of this rank's arguments; the ranks agree before MPI is called (see refusedElsewhere).
            RuntimeException problem = null;
            long infoHandle = 0, address = 0, sizeBytes = 0;
            int unitBytes = 1;
            try {
                infoHandle = info(call, info);
                if (base == null) throw new NullPointerException(call + ": base is null");
                int width = OmpiArgs.width(base);
                sizeBytes = checkSize(call, size, dispUnit, width);
                unitBytes = dispUnit * width;
                long capacity = OmpiArgs.capacityBytes(call, "base", base);
                if (sizeBytes > capacity) {
                    throw new IndexOutOfBoundsException(call + ": size " + size + " (" + sizeBytes + " bytes) is past"
                            + " the end of base (" + capacity + " bytes)");
                }
                if (base.isDirect()) {
                    address = Buffers.address(base);
                    memory = base;
                } else if (sizeBytes > 0) {
                    Message m = pinnedForLife(call, base, size);
                    address = m.address;
                    memory = m;
                }
                int alignment = NativeMPI.win_base_alignment();
                if (sizeBytes > 0 && address % alignment != 0) {
                    throw new IllegalArgumentException(call + ": base starts " + address % alignment + " bytes past a"
                            + " multiple of " + alignment + " bytes; this MPI (the MPICH family) rounds a window's base"
                            + " down to " + alignment + " bytes and would write before it: pass a buffer whose start is"
                            + " aligned (a direct buffer from its start, or a slice at a multiple of " + alignment
                            + " bytes)");
                }
            } catch (RuntimeException e) {
                problem = e;
                releaseMemory();
                address = sizeBytes = 0;
            }
            StatusBuffer out = StatusBuffer.current();
            int[] refused = new int[1];
            int rc = NativeMPI.win_create(address, sizeBytes, unitBytes, infoHandle, c.handle, problem != null ? 1 : 0,
                    refused, extents, out.handleAddress);
            created(call, rc, problem, refused[0], out);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /**
     * After a creating call: this rank's refusal, another rank's (MPI was not called on any), MPI's error, or the
     * window, kept reachable until freed.
     */
    private void created(String call, int rc, RuntimeException problem, int refused, StatusBuffer out) {
        if (problem != null) throw problem;
        if (rc == 0 && refused != 0) {
            throw new IllegalArgumentException(call + ": another rank of comm refused its arguments (its exception"
                    + " says why); no rank created the window");
        }
        if (rc != 0) {
            releaseMemory();
            throw MPIException.fromCode(rc, call);
        }
        handle = out.handle();
        live = LIVE.add(this);
    }

    /**
     * MPI_Win_allocate ({@link #FLAVOR_PRIVATE}) or MPI_Win_allocate_shared ({@link #FLAVOR_SHARED}): MPI allocates
     * {@code size} elements of {@code base}'s type, units of {@code dispUnit} elements; as with Open MPI's bindings,
     * the address of the memory is written (in native byte order) to the first 8 bytes of {@code base}, a direct
     * buffer. The memory is reached through the window (put, get, ... to one's own rank included); MPI frees it with
     * the window.
     */
    public Win(int size, int dispUnit, Info info, Comm comm, Buffer base, int flavor) throws MPIException {
        try {
            String call = "Win.Win";
            Intracomm c = intracomm(call, comm);
            dynamic = false;
            ranks = c.size;
            extents = new long[2 * ranks];
            RuntimeException problem = null;
            long infoHandle = 0, sizeBytes = 0, where = 0;
            int unitBytes = 1;
            try {
                infoHandle = info(call, info);
                if (base == null) throw new NullPointerException(call + ": base is null");
                if (!base.isDirect()) {
                    throw new IllegalArgumentException(call + ": base is a heap buffer; it must be a direct buffer of"
                            + " at least 8 bytes, where MPI writes the address of the window's memory");
                }
                long capacity = OmpiArgs.capacityBytes(call, "base", base);
                if (capacity < 8) {
                    throw new IllegalArgumentException(call + ": base has " + capacity + " bytes; MPI writes the"
                            + " address of the window's memory (8 bytes) there");
                }
                if (flavor != FLAVOR_PRIVATE && flavor != FLAVOR_SHARED) {
                    throw new IllegalArgumentException(call + ": flavor is " + flavor + ", must be Win.FLAVOR_PRIVATE"
                            + " (" + FLAVOR_PRIVATE + ") or Win.FLAVOR_SHARED (" + FLAVOR_SHARED + ")");
                }
                int width = OmpiArgs.width(base);
                sizeBytes = checkSize(call, size, dispUnit, width);
                unitBytes = dispUnit * width;
                where = Buffers.address(base);
            } catch (RuntimeException e) {
                problem = e;
                sizeBytes = where = 0;
            }
            StatusBuffer out = StatusBuffer.current();
            int[] refused = new int[1];
            int rc = NativeMPI.win_allocate(sizeBytes, unitBytes, infoHandle, c.handle, flavor == FLAVOR_SHARED ? 1 : 0,
                    where, problem != null ? 1 : 0, refused, extents, out.handleAddress);
            java.lang.ref.Reference.reachabilityFence(base);
            created(call, rc, problem, refused[0], out);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** MPI_Win_create_dynamic: a window without memory; {@link #attach} adds some. */
    public Win(Info info, Comm comm) throws MPIException {
        try {
            String call = "Win.Win";
            Intracomm c = intracomm(call, comm);
            dynamic = true;
            ranks = c.size;
            extents = null;
            RuntimeException problem = null;
            long infoHandle = 0;
            try {
                infoHandle = info(call, info);
            } catch (RuntimeException e) {
                problem = e;
            }
            StatusBuffer out = StatusBuffer.current();
            int[] refused = new int[1];
            int rc = NativeMPI.win_create_dynamic(infoHandle, c.handle, problem != null ? 1 : 0, refused,
                    out.handleAddress);
            created(call, rc, problem, refused[0], out);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    private static Intracomm intracomm(String call, Comm comm) {
        if (comm == null) throw new NullPointerException(call + ": comm is null");
        comm.requireLive(call, "comm");
        if (!(comm instanceof Intracomm)) {
            throw new IllegalArgumentException(call + ": comm is an intercommunicator; windows need an"
                    + " intracommunicator");
        }
        return (Intracomm) comm;
    }

    private static long info(String call, Info info) {
        if (info == null) throw new NullPointerException(call + ": info is null (pass MPI.INFO_NULL)");
        if (info != MPI.INFO_NULL && info.isNull()) {
            throw new IllegalStateException(call + ": the info has been freed");
        }
        return info.handle;
    }

    private static long checkSize(String call, int size, int dispUnit, int width) {
        if (size < 0) throw new IllegalArgumentException(call + ": size is " + size + ", must be >= 0");
        if (dispUnit <= 0) throw new IllegalArgumentException(call + ": dispUnit is " + dispUnit + ", must be > 0");
        if ((long) dispUnit * width > Integer.MAX_VALUE) {
            throw new IllegalArgumentException(call + ": dispUnit " + dispUnit + " elements of " + width
                    + " bytes exceed MPI's int displacement unit");
        }
        return (long) size * width;
    }

    /** A heap buffer's array, pinned for the window's life, or the exception that says why it cannot be. */
    private static Message pinnedForLife(String call, Buffer base, int size) {
        Object array = OmpiArgs.base(call, "base", base);
        BufferType type = Datatype.layout(elementType(base));
        long off = OmpiArgs.byteOffset(base);
        if (Pins.requestsPinned()) {
            Message m = Message.request(call, array, off, size, type, Message.READ_WRITE);
            if (!m.staged()) return m;
            m.release();
        }
        throw new IllegalArgumentException(call + ": base is a heap buffer (" + base.getClass().getSimpleName()
                + " over a " + array.getClass().getSimpleName() + "), whose array the collector may move; a window's"
                + " memory must stay in place until Win.free, which an array does only where the collector pins"
                + " objects (G1 on JDK 22+, Shenandoah; not -Xcheck:jni, not -Dnatmpj.pinRequests=false): pass a"
                + " direct buffer (MPI.newByteBuffer)");
    }

    private static Datatype elementType(Buffer b) {
        if (b instanceof ByteBuffer) return MPI.BYTE;
        if (b instanceof CharBuffer) return MPI.CHAR;
        if (b instanceof ShortBuffer) return MPI.SHORT;
        if (b instanceof IntBuffer) return MPI.INT;
        if (b instanceof LongBuffer) return MPI.LONG;
        if (b instanceof FloatBuffer) return MPI.FLOAT;
        if (b instanceof DoubleBuffer) return MPI.DOUBLE;
        throw new IllegalArgumentException("Win: unknown buffer class " + b.getClass().getName());
    }

    private void releaseMemory() {
        if (memory instanceof Message) ((Message) memory).release();
        memory = null;
    }

    /** MPI.requireActive, and the window not freed. */
    private void requireLive(String call) {
        MPI.requireActive(call);
        if (freed) throw new IllegalStateException(call + ": the window has been freed (Win.free)");
    }

    /** MPI_Win_attach of {@code size} elements of {@code base}, a direct buffer, to a dynamic window. */
    public void attach(Buffer base, int size) throws MPIException {
        try {
            String call = "Win.attach";
            requireLive(call);
            requireDynamic(call);
            if (base == null) throw new NullPointerException(call + ": base is null");
            if (!base.isDirect()) {
                throw new IllegalArgumentException(call + ": base is a heap buffer; attached memory must be a direct"
                        + " buffer");
            }
            if (size < 0) throw new IllegalArgumentException(call + ": size is " + size + ", must be >= 0");
            long bytes = (long) size * OmpiArgs.width(base), capacity = OmpiArgs.capacityBytes(call, "base", base);
            if (bytes > capacity) {
                throw new IndexOutOfBoundsException(call + ": size " + size + " (" + bytes + " bytes) is past the end"
                        + " of base (" + capacity + " bytes)");
            }
            MPIException.check(NativeMPI.win_attach(handle, Buffers.address(base), bytes), call);
            synchronized (this) {
                attached.add(base);
            }
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** MPI_Win_detach of memory {@link #attach} attached (the same buffer, or one at the same address). */
    public void detach(Buffer base) throws MPIException {
        try {
            String call = "Win.detach";
            requireLive(call);
            requireDynamic(call);
            if (base == null) throw new NullPointerException(call + ": base is null");
            if (!base.isDirect()) throw new IllegalArgumentException(call + ": base is a heap buffer, never attached");
            long address = Buffers.address(base);
            int at = -1;
            synchronized (this) {
                for (int i = 0; i < attached.size() && at < 0; i++) {
                    if (Buffers.address(attached.get(i)) == address) at = i;
                }
            }
            if (at < 0) {
                throw new IllegalArgumentException(call + ": base is not attached to this window (Win.attach)");
            }
            MPIException.check(NativeMPI.win_detach(handle, address), call);
            synchronized (this) {
                attached.remove(at);
            }
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    private void requireDynamic(String call) {
        if (!dynamic) {
            throw new IllegalStateException(call + ": the window is not dynamic (made by Win(Info, Comm)); only"
                    + " dynamic windows attach memory");
        }
    }

    /** MPI_Win_get_group. */
    public Group getGroup() throws MPIException {
        try {
            String call = "Win.getGroup";
            requireLive(call);
            long[] group = new long[1];
            MPIException.check(NativeMPI.win_get_group(handle, group), call);
            return Group.wrap(group[0]);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    // ------------------------------------------------------------------------------------------ RMA operations

    /** How Open MPI's API names the origin arguments: rPut's differ. */
    private static final String[] ORIGIN = {"origin", "orgCount", "orgType", "targetType"};
    private static final String[] ORIGIN_ADDR = {"originAddr", "originCount", "originDatatype", "targetDatatype"};

    /** The checks of a target: rank, displacement, count, datatype and range inside the target's window. */
    private long target(String call, int targetRank, int targetDisp, int targetCount, Datatype targetType) {
        return target(call, targetRank, targetDisp, targetCount, targetType, "targetType");
    }

    private long target(String call, int targetRank, int targetDisp, int targetCount, Datatype targetType,
                        String typeName) {
        requireLive(call);
        if (targetRank != MPI.PROC_NULL && (targetRank < 0 || targetRank >= ranks)) {
            throw new IllegalArgumentException(call + ": targetRank is " + targetRank + ", not a rank of the"
                    + " window's group (size " + ranks + ") nor MPI.PROC_NULL");
        }
        if (targetDisp < 0) {
            throw new IndexOutOfBoundsException(call + ": targetDisp is " + targetDisp + ", must be >= 0");
        }
        if (targetCount < 0) {
            throw new IllegalArgumentException(call + ": targetCount is " + targetCount + ", must be >= 0");
        }
        BufferType t = Datatype.layout(targetType);
        Buffers.requireData(call, typeName, t);
        if (ObjectMessages.isObject(targetType)) {
            throw new IllegalArgumentException(call + ": " + typeName + " is " + targetType + ", which holds Java"
                    + " objects");
        }
        if (targetRank == MPI.PROC_NULL || targetCount == 0 || t.size == 0) return t.handle();
        if (dynamic) {
            throw new IllegalStateException(call + ": the window is dynamic (Win(Info, Comm)): its targets are"
                    + " addresses, which Open MPI's API's int targetDisp cannot hold on a 64-bit system");
        }
        long unit = extents[2 * targetRank + 1], bytes = extents[2 * targetRank];
        long from = targetDisp * unit + t.spanStartBytes(targetCount);
        long to = targetDisp * unit + t.spanEndBytes(targetCount);
        if (from < 0 || to > bytes) {
            throw new IndexOutOfBoundsException(call + ": targetDisp " + targetDisp + " (units of " + unit
                    + " bytes) + targetCount " + targetCount + " items of " + targetType + " reach bytes " + from
                    + ".." + to + ", outside the window of rank " + targetRank + " (" + bytes + " bytes)");
        }
        return t.handle();
    }

    /**
     * An origin or result buffer ({@code name}, {@code count} items of {@code type}, the arguments' names
     * {@code countName} and {@code typeName}), checked, resolved and held by {@code held}; its address for MPI (0:
     * none).
     */
    private static long buffer(String call, String name, String countName, String typeName, Held held, Buffer buf,
                               int count, Datatype type, int access) {
        BufferType t = Datatype.layout(type);
        Buffers.requireData(call, typeName, t);
        if (ObjectMessages.isObject(type)) {
            throw new IllegalArgumentException(call + ": " + typeName + " is " + type + ", which holds Java objects");
        }
        if (count < 0) throw new IllegalArgumentException(call + ": " + countName + " is " + count + ", must be >= 0");
        if (buf != null && count > 0 && t.size > 0) {
            long end = t.spanEndBytes(count), capacity = OmpiArgs.capacityBytes(call, name, buf);
            if (end > capacity) {
                throw new IndexOutOfBoundsException(call + ": " + (countName == null ? "" : countName + " ") + count
                        + " item(s) of " + type + " reach byte " + end + ", past the end of " + name + " (" + capacity
                        + " bytes)");
            }
        }
        Object base = OmpiArgs.base(call, name, buf);
        long off = Buffers.offset(call, name, base, OmpiArgs.offset(buf), count, t);
        return held.buffer(call, base, off, count, t, access, false).address;
    }

    /** The op handle for an accumulation of {@code type}: a predefined op that applies to it, REPLACE, NO_OP. */
    private static long op(String call, Op op, Datatype type, boolean noOpAllowed) {
        if (op == null) throw new NullPointerException(call + ": op is null");
        if (op.isFreed()) throw new IllegalStateException(call + ": op has been freed");
        if (op == MPI.REPLACE) return op.handle;
        if (op == MPI.NO_OP) {
            if (noOpAllowed) return op.handle;
            throw new IllegalArgumentException(call + ": op is MPI.NO_OP, which only getAccumulate, rGetAccumulate"
                    + " and fetchAndOp take");
        }
        if (op.isUser()) {
            throw new IllegalArgumentException(call + ": op is a user-defined op; one-sided accumulations take"
                    + " predefined ops only (MPI-3.1 11.3.4)");
        }
        return op.handleFor(type, call);
    }

    /** Accumulations combine elements of one kind: both datatypes must be built from the same basic type. */
    private static void sameBasicType(String call, String name, Datatype a, Datatype b) {
        if (a != null && b != null && a.layout.element != b.layout.element) {
            throw new IllegalArgumentException(call + ": " + name + " (" + a + ") and targetType (" + b + ") must be"
                    + " built from the same basic datatype");
        }
    }

    /** A blocking operation MPI started: its buffers held until the synchronisation that completes it. */
    private synchronized void started(int targetRank, Held held) {
        pending.add(held);
        pendingRanks.add(targetRank);
    }

    /** The operations to {@code targetRank} (all when {@code all}) completed: results copied back, memory freed. */
    private synchronized void completed(String call, boolean all, int targetRank) {
        RuntimeException first = null;
        int kept = 0;
        for (int i = 0; i < pending.size(); i++) {
            Held h = pending.get(i);
            int r = pendingRanks.get(i);
            if (all || r == targetRank) {
                try {
                    h.completed(call, true);
                } catch (RuntimeException e) {
                    if (first == null) first = e;
                }
            } else {
                pending.set(kept, h);
                pendingRanks.set(kept++, r);
            }
        }
        while (pending.size() > kept) {
            pending.remove(pending.size() - 1);
            pendingRanks.remove(pendingRanks.size() - 1);
        }
        if (first != null) throw first;
    }

    /** Runs a blocking operation's or an r-form's native call; the request for r-forms, else null. */
    private Request finish(String call, int rc, Held held, int targetRank, boolean request, StatusBuffer out) {
        if (rc != 0) {
            held.release();
            throw MPIException.fromCode(rc, call);
        }
        if (request) return new Request(out.handle(), held);
        started(targetRank, held);
        return null;
    }

    private Request put(String call, String[] names, boolean request, Buffer origin, int orgCount, Datatype orgType,
                        int targetRank, int targetDisp, int targetCount, Datatype targetType) {
        orgType = OmpiArgs.type(orgType, origin);
        targetType = OmpiArgs.type(targetType, origin);
        long tt = target(call, targetRank, targetDisp, targetCount, targetType, names[3]);
        Held held = new Held();
        long at = buffer(call, names[0], names[1], names[2], held, origin, orgCount, orgType, Message.READ);
        StatusBuffer out = StatusBuffer.current();
        int rc = NativeMPI.put(at, orgCount, orgType.layout.handle(), targetRank, targetDisp, targetCount, tt, handle,
                request ? 1 : 0, out.handleAddress);
        return finish(call, rc, held, targetRank, request, out);
    }

    private Request get(String call, boolean request, Buffer origin, int orgCount, Datatype orgType, int targetRank,
                        int targetDisp, int targetCount, Datatype targetType) {
        orgType = OmpiArgs.type(orgType, origin);
        targetType = OmpiArgs.type(targetType, origin);
        long tt = target(call, targetRank, targetDisp, targetCount, targetType);
        Held held = new Held();
        long at = buffer(call, "origin", "orgCount", "orgType", held, origin, orgCount, orgType, Message.WRITE);
        StatusBuffer out = StatusBuffer.current();
        int rc = NativeMPI.get(at, orgCount, orgType.layout.handle(), targetRank, targetDisp, targetCount, tt, handle,
                request ? 1 : 0, out.handleAddress);
        return finish(call, rc, held, targetRank, request, out);
    }

    private Request accumulate(String call, boolean request, Buffer origin, int orgCount, Datatype orgType,
                               int targetRank, int targetDisp, int targetCount, Datatype targetType, Op op) {
        orgType = OmpiArgs.type(orgType, origin);
        targetType = OmpiArgs.type(targetType, origin);
        long tt = target(call, targetRank, targetDisp, targetCount, targetType);
        sameBasicType(call, "orgType", orgType, targetType);
        long o = op(call, op, targetType, false);
        Held held = new Held();
        long at = buffer(call, "origin", "orgCount", "orgType", held, origin, orgCount, orgType, Message.READ);
        StatusBuffer out = StatusBuffer.current();
        int rc = NativeMPI.accumulate(at, orgCount, orgType.layout.handle(), targetRank, targetDisp, targetCount, tt,
                o, handle, request ? 1 : 0, out.handleAddress);
        return finish(call, rc, held, targetRank, request, out);
    }

    private Request getAccumulate(String call, boolean request, Buffer origin, int orgCount, Datatype orgType,
                                  Buffer resultAddr, int resultCount, Datatype resultType, int targetRank,
                                  int targetDisp, int targetCount, Datatype targetType, Op op) {
        orgType = OmpiArgs.type(orgType, origin);
        resultType = OmpiArgs.type(resultType, resultAddr);
        targetType = OmpiArgs.type(targetType, resultAddr);
        long tt = target(call, targetRank, targetDisp, targetCount, targetType);
        boolean noOp = op == MPI.NO_OP;
        if (!noOp) sameBasicType(call, "orgType", orgType, targetType);
        sameBasicType(call, "resultType", resultType, targetType);
        long o = op(call, op, targetType, true);
        if (orgType == null) {
            if (!noOp) throw new NullPointerException(call + ": orgType is null");
            orgType = targetType;
        }
        Held held = new Held();
        // MPI ignores the origin of MPI.NO_OP: it may be null, and its count then 0.
        int count = noOp && origin == null ? 0 : orgCount;
        long at = buffer(call, "origin", "orgCount", "orgType", held, origin, count, orgType, Message.READ);
        long result = buffer(call, "resultAddr", "resultCount", "resultType", held, resultAddr, resultCount,
                resultType, Message.WRITE);
        StatusBuffer out = StatusBuffer.current();
        int rc = NativeMPI.get_accumulate(at, count, orgType.layout.handle(), result, resultCount,
                resultType.layout.handle(), targetRank, targetDisp, targetCount, tt, o, handle, request ? 1 : 0,
                out.handleAddress);
        return finish(call, rc, held, targetRank, request, out);
    }

    /** MPI_Put; the origin buffer is held until the synchronisation that completes the put. */
    public void put(
            Buffer origin, int orgCount, Datatype orgType, int targetRank, int targetDisp, int targetCount,
            Datatype targetType) throws MPIException {
        try {
            put("Win.put", ORIGIN, false, origin, orgCount, orgType, targetRank, targetDisp, targetCount, targetType);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** MPI_Get; a heap buffer receives the data at the synchronisation that completes the get. */
    public void get(
            Buffer origin, int orgCount, Datatype orgType, int targetRank, int targetDisp, int targetCount,
            Datatype targetType) throws MPIException {
        try {
            get("Win.get", false, origin, orgCount, orgType, targetRank, targetDisp, targetCount, targetType);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** MPI_Accumulate with a predefined op or MPI.REPLACE. */
    public void accumulate(
            Buffer origin, int orgCount, Datatype orgType, int targetRank, int targetDisp, int targetCount,
            Datatype targetType, Op op) throws MPIException {
        try {
            accumulate("Win.accumulate", false, origin, orgCount, orgType, targetRank, targetDisp, targetCount,
                    targetType, op);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** MPI_Rput: the request completes when the origin buffer may be reused. */
    public final Request rPut(
            Buffer originAddr, int originCount, Datatype originDatatype, int targetRank, int targetDisp,
            int targetCount, Datatype targetDatatype) throws MPIException {
        try {
            return put("Win.rPut", ORIGIN_ADDR, true, originAddr, originCount, originDatatype, targetRank, targetDisp,
                    targetCount, targetDatatype);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** MPI_Rget: the data is in the origin buffer when the request completes. */
    public final Request rGet(
            Buffer origin, int orgCount, Datatype orgType, int targetRank, int targetDisp, int targetCount,
            Datatype targetType) throws MPIException {
        try {
            return get("Win.rGet", true, origin, orgCount, orgType, targetRank, targetDisp, targetCount, targetType);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** MPI_Raccumulate. */
    public Request rAccumulate(
            Buffer origin, int orgCount, Datatype orgType, int targetRank, int targetDisp, int targetCount,
            Datatype targetType, Op op) throws MPIException {
        try {
            return accumulate("Win.rAccumulate", true, origin, orgCount, orgType, targetRank, targetDisp,
                    targetCount, targetType, op);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** MPI_Get_accumulate: the target's old values to {@code resultAddr}, combined with the origin's by op. */
    public void getAccumulate(
            Buffer origin, int orgCount, Datatype orgType, Buffer resultAddr, int resultCount, Datatype resultType,
            int targetRank, int targetDisp, int targetCount, Datatype targetType, Op op) throws MPIException {
        try {
            getAccumulate("Win.getAccumulate", false, origin, orgCount, orgType, resultAddr, resultCount,
                    resultType, targetRank, targetDisp, targetCount, targetType, op);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** MPI_Rget_accumulate. */
    public Request rGetAccumulate(
            Buffer origin, int orgCount, Datatype orgType, Buffer resultAddr, int resultCount, Datatype resultType,
            int targetRank, int targetDisp, int targetCount, Datatype targetType, Op op) throws MPIException {
        try {
            return getAccumulate("Win.rGetAccumulate", true, origin, orgCount, orgType, resultAddr, resultCount,
                    resultType, targetRank, targetDisp, targetCount, targetType, op);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** MPI_Fetch_and_op on one element of {@code dataType} (a basic datatype); origin may be null with MPI.NO_OP. */
    public void fetchAndOp(
            Buffer origin, Buffer resultAddr, Datatype dataType, int targetRank, int targetDisp,
            Op op) throws MPIException {
        try {
            String call = "Win.fetchAndOp";
            dataType = OmpiArgs.type(dataType, resultAddr);
            basic(call, "dataType", dataType);
            long tt = target(call, targetRank, targetDisp, 1, dataType);
            long o = op(call, op, dataType, true);
            Held held = new Held();
            long at = buffer(call, "origin", null, "dataType", held, origin,
                    op == MPI.NO_OP && origin == null ? 0 : 1, dataType, Message.READ);
            long result = buffer(call, "resultAddr", null, "dataType", held, resultAddr, 1, dataType,
                    Message.WRITE);
            int rc = NativeMPI.fetch_and_op(at, result, tt, targetRank, targetDisp, o, handle);
            finish(call, rc, held, targetRank, false, null);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** MPI_Compare_and_swap on one element of {@code targetType} (a basic datatype). */
    public void compareAndSwap(
            Buffer origin, Buffer compareAddr, Buffer resultAddr, Datatype targetType, int targetRank,
            int targetDisp) throws MPIException {
        try {
            String call = "Win.compareAndSwap";
            targetType = OmpiArgs.type(targetType, resultAddr);
            basic(call, "targetType", targetType);
            long tt = target(call, targetRank, targetDisp, 1, targetType);
            Held held = new Held();
            long at = buffer(call, "origin", null, "targetType", held, origin, 1, targetType, Message.READ);
            long compare = buffer(call, "compareAddr", null, "targetType", held, compareAddr, 1, targetType,
                    Message.READ);
            long result = buffer(call, "resultAddr", null, "targetType", held, resultAddr, 1, targetType,
                    Message.WRITE);
            int rc = NativeMPI.compare_and_swap(at, compare, result, tt, targetRank, targetDisp, handle);
            finish(call, rc, held, targetRank, false, null);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    private static void basic(String call, String name, Datatype type) {
        if (type == null) throw new NullPointerException(call + ": " + name + " is null");
        Buffers.requireData(call, name, type.layout);
        if (!type.layout.plain || ObjectMessages.isObject(type)) {
            throw new IllegalArgumentException(call + ": " + name + " is " + type + "; MPI takes one element of a"
                    + " basic datatype here");
        }
    }

    // ------------------------------------------------------------------------------------------ synchronisation

    private void checkAssertion(String call, int assertion) {
        int all = MPI.MODE_NOCHECK | MPI.MODE_NOPRECEDE | MPI.MODE_NOPUT | MPI.MODE_NOSTORE | MPI.MODE_NOSUCCEED;
        if ((assertion & ~all) != 0) {
            throw new IllegalArgumentException(call + ": assertion is " + assertion + ", not 0 nor an or of"
                    + " MPI.MODE_NOCHECK, MODE_NOPRECEDE, MODE_NOPUT, MODE_NOSTORE and MODE_NOSUCCEED");
        }
    }

    /** A rank of the window's group, or MPI.PROC_NULL where {@code procNull} (flushes: nothing to do). */
    private void checkRank(String call, String name, int rank, boolean procNull) {
        if (procNull && rank == MPI.PROC_NULL) return;
        if (rank < 0 || rank >= ranks) {
            throw new IllegalArgumentException(call + ": " + name + " is " + rank + ", not a rank of the window's"
                    + " group (size " + ranks + ")" + (procNull ? " nor MPI.PROC_NULL" : ""));
        }
    }

    private static Group live(String call, Group group) {
        if (group == null) throw new NullPointerException(call + ": group is null");
        group.requireLive(call, "group");
        return group;
    }

    /** MPI_Win_fence: completes every operation of this process on the window. */
    public void fence(int assertion) throws MPIException {
        try {
            String call = "Win.fence";
            requireLive(call);
            checkAssertion(call, assertion);
            MPIException.check(NativeMPI.win_fence(assertion, handle), call);
            completed(call, true, 0);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** MPI_Win_start: an access epoch to the processes of {@code group}. */
    public void start(Group group, int assertion) throws MPIException {
        try {
            String call = "Win.start";
            requireLive(call);
            long g = live(call, group).handle;
            checkAssertion(call, assertion);
            MPIException.check(NativeMPI.win_start(g, assertion, handle), call);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** MPI_Win_complete: ends the access epoch, completing its operations. */
    public void complete() throws MPIException {
        try {
            String call = "Win.complete";
            requireLive(call);
            MPIException.check(NativeMPI.win_complete(handle), call);
            completed(call, true, 0);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** MPI_Win_post: an exposure epoch for the processes of {@code group}. */
    public void post(Group group, int assertion) throws MPIException {
        try {
            String call = "Win.post";
            requireLive(call);
            long g = live(call, group).handle;
            checkAssertion(call, assertion);
            MPIException.check(NativeMPI.win_post(g, assertion, handle), call);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** MPI_Win_wait: ends the exposure epoch. */
    public void waitFor() throws MPIException {
        try {
            String call = "Win.waitFor";
            requireLive(call);
            MPIException.check(NativeMPI.win_wait(handle), call);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** MPI_Win_test: whether the exposure epoch has ended (then as {@link #waitFor}). */
    public boolean test() throws MPIException {
        try {
            String call = "Win.test";
            requireLive(call);
            int[] flag = new int[1];
            MPIException.check(NativeMPI.win_test(handle, flag), call);
            return flag[0] != 0;
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** MPI_Win_lock: MPI.LOCK_EXCLUSIVE or MPI.LOCK_SHARED on {@code rank}'s window. */
    public void lock(int lockType, int rank, int assertion) throws MPIException {
        try {
            String call = "Win.lock";
            requireLive(call);
            if (lockType != MPI.LOCK_EXCLUSIVE && lockType != MPI.LOCK_SHARED) {
                throw new IllegalArgumentException(call + ": lockType is " + lockType + ", must be"
                        + " MPI.LOCK_EXCLUSIVE or MPI.LOCK_SHARED");
            }
            checkRank(call, "rank", rank, false);
            checkAssertion(call, assertion);
            MPIException.check(NativeMPI.win_lock(lockType, rank, assertion, handle), call);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** MPI_Win_unlock: completes the operations to {@code rank}. */
    public void unlock(int rank) throws MPIException {
        try {
            String call = "Win.unlock";
            requireLive(call);
            checkRank(call, "rank", rank, false);
            MPIException.check(NativeMPI.win_unlock(rank, handle), call);
            completed(call, false, rank);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** MPI_Win_lock_all: a shared lock on every rank's window. */
    public void lockAll(int assertion) throws MPIException {
        try {
            String call = "Win.lockAll";
            requireLive(call);
            checkAssertion(call, assertion);
            MPIException.check(NativeMPI.win_lock_all(assertion, handle), call);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** MPI_Win_unlock_all: completes every operation. */
    public void unlockAll() throws MPIException {
        try {
            String call = "Win.unlockAll";
            requireLive(call);
            MPIException.check(NativeMPI.win_unlock_all(handle), call);
            completed(call, true, 0);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** MPI_Win_sync: synchronises the public and private copies of the window. */
    public void sync() throws MPIException {
        try {
            String call = "Win.sync";
            requireLive(call);
            MPIException.check(NativeMPI.win_sync(handle), call);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** MPI_Win_flush: completes the operations to {@code targetRank}, at origin and target. */
    public void flush(int targetRank) throws MPIException {
        try {
            String call = "Win.flush";
            requireLive(call);
            checkRank(call, "targetRank", targetRank, true);
            MPIException.check(NativeMPI.win_flush(targetRank, handle), call);
            completed(call, false, targetRank);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** MPI_Win_flush_all. */
    public void flushAll() throws MPIException {
        try {
            String call = "Win.flushAll";
            requireLive(call);
            MPIException.check(NativeMPI.win_flush_all(handle), call);
            completed(call, true, 0);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** MPI_Win_flush_local: completes the operations to {@code targetRank} at the origin (buffers reusable). */
    public void flushLocal(int targetRank) throws MPIException {
        try {
            String call = "Win.flushLocal";
            requireLive(call);
            checkRank(call, "targetRank", targetRank, true);
            MPIException.check(NativeMPI.win_flush_local(targetRank, handle), call);
            completed(call, false, targetRank);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** MPI_Win_flush_local_all. */
    public void flushLocalAll() throws MPIException {
        try {
            String call = "Win.flushLocalAll";
            requireLive(call);
            MPIException.check(NativeMPI.win_flush_local_all(handle), call);
            completed(call, true, 0);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    // ------------------------------------------------------------------ error handler, attributes, info, name

    /** MPI_Win_set_errhandler (natmpj sets MPI.ERRORS_RETURN on every window it creates). */
    public void setErrhandler(Errhandler errhandler) throws MPIException {
        try {
            String call = "Win.setErrhandler";
            requireLive(call);
            if (errhandler == null) throw new NullPointerException(call + ": errhandler is null");
            MPIException.check(NativeMPI.win_set_errhandler(handle, errhandler.handle), call);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** MPI_Win_get_errhandler. */
    public Errhandler getErrhandler() throws MPIException {
        try {
            String call = "Win.getErrhandler";
            requireLive(call);
            long[] value = new long[1];
            MPIException.check(NativeMPI.win_get_errhandler(handle, value), call);
            return Errhandler.of(value[0]);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /**
     * MPI_Win_call_errhandler: runs the window's error handler on {@code errorCode}; with MPI.ERRORS_RETURN
     * (natmpj's default) it returns, with MPI.ERRORS_ARE_FATAL the job ends.
     */
    public void callErrhandler(int errorCode) throws MPIException {
        try {
            String call = "Win.callErrhandler";
            requireLive(call);
            NativeMPI.win_call_errhandler(handle, errorCode); // the handler's return is no failure of the call
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** A new attribute key for {@link #setAttr} (MPI_Win_create_keyval). */
    public static int createKeyval() throws MPIException {
        try {
            return KEYS.create("Win.createKeyval", NativeMPI::win_create_keyval);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** MPI_Win_free_keyval. */
    public static void freeKeyval(int keyval) throws MPIException {
        try {
            KEYS.free("Win.freeKeyval", keyval, NativeMPI::win_free_keyval);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** Sets an attribute: the value is serialized, as Open MPI's bindings do, so {@link #getAttr} returns a copy. */
    public void setAttr(int keyval, Object value) throws MPIException {
        try {
            String call = "Win.setAttr";
            requireLive(call);
            KEYS.requireUser(call, keyval);
            attributes.set(call, keyval, value);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /**
     * An attribute: MPI.WIN_BASE the window memory's address (a Long), MPI.WIN_SIZE its size in bytes and
     * MPI.WIN_DISP_UNIT its unit in bytes (Integers), as Open MPI's bindings return them; for keys of
     * {@link #createKeyval}, a copy of what {@link #setAttr} stored, or null.
     */
    public Object getAttr(int keyval) throws MPIException {
        try {
            String call = "Win.getAttr";
            requireLive(call);
            if (KEYS.isPredefined(keyval)) {
                long[] value = new long[1];
                int[] flag = new int[1];
                MPIException.check(NativeMPI.win_get_attr(handle, keyval, value, flag), call);
                if (flag[0] == 0) return null;
                return keyval == MPI.WIN_BASE ? (Object) value[0] : (Object) (int) value[0];
            }
            KEYS.requireUser(call, keyval);
            return attributes.get(call, keyval, null);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** Removes an attribute set by {@link #setAttr}. */
    public void deleteAttr(int keyval) throws MPIException {
        try {
            String call = "Win.deleteAttr";
            requireLive(call);
            KEYS.requireUser(call, keyval);
            attributes.delete(keyval);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** MPI_Win_get_info: a new Info with the hints MPI uses (the program frees it, or drops it). */
    public Info getInfo() throws MPIException {
        try {
            String call = "Win.getInfo";
            requireLive(call);
            long[] info = new long[1];
            MPIException.check(NativeMPI.win_get_info(handle, info), call);
            return Info.created(info[0], call);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** MPI_Win_set_info. */
    public void setInfo(Info info) throws MPIException {
        try {
            String call = "Win.setInfo";
            requireLive(call);
            long h = info(call, info);
            if (info == MPI.INFO_NULL) {
                throw new IllegalArgumentException(call + ": info is MPI.INFO_NULL; MPI_Win_set_info takes an info"
                        + " object (new Info())");
            }
            MPIException.check(NativeMPI.win_set_info(handle, h), call);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** MPI_Win_get_name. */
    public String getName() throws MPIException {
        try {
            String call = "Win.getName";
            requireLive(call);
            MPIException.check(NativeMPI.win_get_name(handle), call);
            return NativeMPI.text();
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** MPI_Win_set_name. */
    public void setName(String name) throws MPIException {
        try {
            String call = "Win.setName";
            requireLive(call);
            if (name == null) throw new NullPointerException(call + ": name is null");
            if (name.length() >= MPI.MAX_OBJECT_NAME) {
                throw new IllegalArgumentException(call + ": name is " + name.length() + " characters long, MPI"
                        + " takes at most " + (MPI.MAX_OBJECT_NAME - 1));
            }
            MPIException.check(NativeMPI.win_set_name(handle, name), call);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /**
     * MPI_Win_free (collective): completes what is pending, then gives back what the window held (a pinned array,
     * attached buffers). A window freed twice, or used after free, throws an MPIException of class MPI.ERR_WIN.
     */
    @Override
    public void free() throws MPIException {
        try {
            String call = "Win.free";
            requireLive(call);
            MPIException.check(NativeMPI.win_free(handle), call);
            freed = true;
            completed(call, true, 0);
            synchronized (this) {
                attached.clear();
            }
            attributes.clear();
            releaseMemory();
            if (live != null) LIVE.remove(live);
            live = null;
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }
}
