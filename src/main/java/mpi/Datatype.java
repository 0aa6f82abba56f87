package mpi;

import natmpj.internal.BufferType;
import natmpj.internal.DroppedHandles;
import natmpj.internal.Element;
import natmpj.internal.LiveHandles;
import natmpj.jni.NativeMPIConstants;
import natmpj.jni.NativeMPI;

/**
 * An MPI datatype. The predefined ones map Java's fixed-width primitives to MPI's fixed-width types
 * ({@code MPI.INT} is MPI_INT32_T, {@code MPI.LONG} MPI_INT64_T, {@code MPI.CHAR} MPI_UINT16_T, {@code MPI.BOOLEAN}
 * the one-byte MPI_C_BOOL), so a Java {@code long} is never sent as a C {@code long}.
 *
 * <p>Derived types follow mpiJava 1.2: every displacement, stride, bound and size counts elements of the base type
 * (the Java array's element type), never bytes. Vector strides and Indexed displacements count extents of the old
 * type, as in MPI; Hvector strides and Hindexed / Struct displacements count base elements where MPI counts bytes.
 * A derived type is built from one base type (a Struct's components must share it, MPI.LB / MPI.UB aside) and is
 * committed as it is built, so {@link #Commit} is optional. A Struct of MPI.LB / MPI.UB markers only has no base
 * type: it is a type of size 0 with bounds, which moves no data and fits any buffer (as in MPI and MPJ Express).
 * The constructors exist in both spellings: MPJ Express's static {@code Datatype.Vector(count, blocklength, stride,
 * oldtype)} and mpiJava's {@code oldtype.Vector(count, blocklength, stride)}.
 *
 * <p>MPI-3 dropped MPI_LB and MPI_UB, so {@code MPI.LB} / {@code MPI.UB} entries of a Struct are applied here with
 * MPI-1's rules (the lower bound is the least LB marker if there is one, else the least lower bound of the data;
 * the upper bound likewise) and handed to MPI as MPI_Type_create_resized. Types over {@code MPI.OBJECT} have no MPI
 * handle: their layout is computed in Java.
 */
public class Datatype implements Freeable, Cloneable {
    /**
     * What natmpj's core knows of this type: its MPI handle (MPI_DATATYPE_NULL for types MPI never sees:
     * OBJECT-based, MPI.NULL, LB/UB; and once freed), its element (the base type) and the shape of one item, in
     * elements of the base type: lower bound, extent (the stride between consecutive items), size (elements of data)
     * and the true lower and upper bounds of the data itself (which LB/UB markers may place outside lb..lb+extent).
     * The predefined types are one element: 0, 1, 1, 0, 1.
     */
    final BufferType layout;
    /**
     * MPJ Express's number for the base type: BYTE 1, CHAR 2, SHORT 3, BOOLEAN 4, INT 5, LONG 6, FLOAT 7, DOUBLE 8,
     * PACKED 9, OBJECT 12; 0 for MPI.NULL and -1 for MPI.LB / MPI.UB (and types of markers only). Not final, as in
     * MPJ Express (a class compiled against it may assign it); natmpj only reports it, in {@link #getType()}.
     */
    public int baseType;
    /** What set each bound: data, an LB/UB marker (outranking data in every type built from this one), or nothing. */
    private final Bound lbBound, ubBound;
    private final boolean predefined;
    /** How this type was built (null for predefined ones): the source of its element map. */
    private final Blocks blocks;
    /** For a derived type MPI knows: its registration with the Cleaner (see DroppedHandles). */
    private DroppedHandles.Tracked tracked;

    private enum Bound { NONE, DATA, MARKER }

    /** MPJ Express's numbering of base types (its Datatype.baseType). */
    private static int mpjCode(Element element) {
        switch (element) {
        case BYTE: return 1;
        case CHAR: return 2;
        case SHORT: return 3;
        case BOOLEAN: return 4;
        case INT: return 5;
        case LONG: return 6;
        case FLOAT: return 7;
        case DOUBLE: return 8;
        case PACKED: return 9;
        case OBJECT: return 12;
        default: return -1;
        }
    }

    /** The core's description of {@code type}, or null for null (the core's checks then name the argument). */
    static BufferType layout(Datatype type) {
        return type == null ? null : type.layout;
    }

    /** A predefined type of one base element. */
    Datatype(long handle, Element base, String name) {
        this(handle, base, name, mpjCode(base), Shape.ONE_ELEMENT, null, true, base.movedByMpi(), null);
    }

    /** The element map of a pair type; a class, not a lambda: pair types are made at Init (FailingRank.Handler). */
    private static final java.util.function.Supplier<int[]> PAIR_MAP = new java.util.function.Supplier<int[]>() {
        @Override
        public int[] get() {
            return new int[] {0, 1};
        }
    };

    /** A predefined pair type (MPI.INT2, ...) for MAXLOC/MINLOC: two base elements, made in C at Init. */
    static Datatype pair(long handle, Element base, String name) {
        return new Datatype(handle, base, name, mpjCode(base), new Shape(0, 2, 0, 2, 2, Bound.DATA, Bound.DATA),
                null, true, false, PAIR_MAP);
    }

    private Datatype(long handle, Element base, String name, int baseType, Shape shape, Blocks blocks,
                     boolean predefined, boolean plain, java.util.function.Supplier<int[]> map) {
        this.layout = new BufferType(this, handle, base, name, (int) shape.lb, (int) (shape.ub - shape.lb),
                (int) shape.size, (int) shape.trueLb, (int) shape.trueUb, plain,
                map != null ? map : blocks != null ? () -> blocks.map((int) shape.size) : null);
        this.baseType = baseType;
        this.lbBound = shape.lbBound;
        this.ubBound = shape.ubBound;
        this.blocks = blocks;
        this.predefined = predefined;
    }

    /** A derived type. */
    private Datatype(long handle, Element base, String name, Shape shape, Blocks blocks) {
        this(handle, base, name, mpjCode(base), shape, blocks, false, false, null);
    }

    /** MPI.LB ({@code lower}) or MPI.UB: a bound marker for Struct, no data, all of its shape 0. */
    static Datatype boundMarker(long nullHandle, boolean lower, String name) {
        Shape shape = new Shape(0, 0, 0, 0, 0, lower ? Bound.MARKER : Bound.NONE, lower ? Bound.NONE : Bound.MARKER);
        return new Datatype(nullHandle, Element.NONE, name, -1, shape, null, true, false, null);
    }

    /** MPI.NULL: no data and no bounds; no call accepts it. */
    static Datatype nullType(long nullHandle, String name) {
        Shape shape = new Shape(0, 0, 0, 0, 0, Bound.NONE, Bound.NONE);
        return new Datatype(nullHandle, Element.NONE, name, 0, shape, null, true, false, null);
    }

    // ---- constructors, MPJ Express's static form and mpiJava's instance form ----

    /** {@code count} copies of {@code oldtype}, each one extent after the previous. */
    public static Datatype Contiguous(int count, Datatype oldtype) throws MPIException {
        return Contiguous("Datatype.Contiguous", count, oldtype);
    }

    /** {@link #Contiguous} for a call named {@code call} (either API's spelling). */
    static Datatype Contiguous(String call, int count, Datatype oldtype) {
        MPI.requireActive(call);
        requireCount(call, "count", count);
        requireOld(call, "oldtype", oldtype);
        Blocks blocks = Blocks.uniform(count == 0 ? 0 : 1, count, 0, oldtype);
        return build(call, "Contiguous(" + count + ", " + oldtype + ")", oldtype.layout.element, blocks,
                out -> NativeMPI.type_contiguous(count, oldtype.layout.handle(), out));
    }

    /** mpiJava's form of {@link #Contiguous(int, Datatype)} on this type. */
    public Datatype Contiguous(int count) throws MPIException {
        return Contiguous(count, this);
    }

    /**
     * {@code count} blocks of {@code blocklength} copies of {@code oldtype}; block starts are {@code stride} extents
     * of {@code oldtype} apart.
     */
    public static Datatype Vector(int count, int blocklength, int stride, Datatype oldtype) throws MPIException {
        return Vector("Datatype.Vector", count, blocklength, stride, oldtype);
    }

    /** {@link #Vector} for a call named {@code call} (either API's spelling). */
    static Datatype Vector(String call, int count, int blocklength, int stride, Datatype oldtype) {
        MPI.requireActive(call);
        requireCount(call, "count", count);
        requireCount(call, "blocklength", blocklength);
        requireOld(call, "oldtype", oldtype);
        Blocks blocks = Blocks.uniform(count, blocklength, (long) stride * oldtype.layout.extent, oldtype);
        return build(call, "Vector(" + count + ", " + blocklength + ", " + stride + ", " + oldtype + ")",
                oldtype.layout.element, blocks,
                out -> NativeMPI.type_vector(count, blocklength, stride, oldtype.layout.handle(), out));
    }

    /** mpiJava's form of {@link #Vector(int, int, int, Datatype)} on this type. */
    public Datatype Vector(int count, int blocklength, int stride) throws MPIException {
        return Vector(count, blocklength, stride, this);
    }

    /** Like {@link #Vector(int, int, int, Datatype)} but {@code stride} counts base elements, not extents. */
    public static Datatype Hvector(int count, int blocklength, int stride, Datatype oldtype) throws MPIException {
        return Hvector("Datatype.Hvector", count, blocklength, stride, oldtype);
    }

    /** {@link #Hvector} for a call named {@code call} (either API's spelling). */
    static Datatype Hvector(String call, int count, int blocklength, int stride, Datatype oldtype) {
        MPI.requireActive(call);
        requireCount(call, "count", count);
        requireCount(call, "blocklength", blocklength);
        requireOld(call, "oldtype", oldtype);
        Blocks blocks = Blocks.uniform(count, blocklength, stride, oldtype);
        long strideBytes = (long) stride * oldtype.layout.element.bytes;
        return build(call, "Hvector(" + count + ", " + blocklength + ", " + stride + ", " + oldtype + ")",
                oldtype.layout.element, blocks,
                out -> NativeMPI.type_hvector(count, blocklength, strideBytes, oldtype.layout.handle(), out));
    }

    /** mpiJava's form of {@link #Hvector(int, int, int, Datatype)} on this type. */
    public Datatype Hvector(int count, int blocklength, int stride) throws MPIException {
        return Hvector(count, blocklength, stride, this);
    }

    /**
     * Block i holds {@code blocklengths[i]} copies of {@code oldtype} starting {@code displacements[i]} extents of
     * {@code oldtype} from the start.
     */
    public static Datatype Indexed(int[] blocklengths, int[] displacements, Datatype oldtype) throws MPIException {
        return Indexed("Datatype.Indexed", blocklengths, displacements, oldtype);
    }

    /** {@link #Indexed} for a call named {@code call} (either API's spelling). */
    static Datatype Indexed(String call, int[] blocklengths, int[] displacements, Datatype oldtype) {
        MPI.requireActive(call);
        requireBlocks(call, blocklengths, displacements, "displacements");
        requireOld(call, "oldtype", oldtype);
        long[] starts = new long[blocklengths.length];
        for (int i = 0; i < starts.length; i++) starts[i] = (long) displacements[i] * oldtype.layout.extent;
        int[] lengths = blocklengths.clone(), disps = java.util.Arrays.copyOf(displacements, lengths.length);
        Blocks blocks = Blocks.listed(lengths, starts, oldtype);
        return build(call, "Indexed(" + lengths.length + " blocks, " + oldtype + ")", oldtype.layout.element, blocks,
                out -> NativeMPI.type_indexed(lengths.length, lengths, disps, oldtype.layout.handle(), out));
    }

    /** mpiJava's form of {@link #Indexed(int[], int[], Datatype)} on this type. */
    public Datatype Indexed(int[] blocklengths, int[] displacements) throws MPIException {
        return Indexed(blocklengths, displacements, this);
    }

    /** Like {@link #Indexed(int[], int[], Datatype)} but displacements count base elements, not extents. */
    public static Datatype Hindexed(int[] blocklengths, int[] displacements, Datatype oldtype) throws MPIException {
        return Hindexed("Datatype.Hindexed", blocklengths, displacements, oldtype);
    }

    /** {@link #Hindexed} for a call named {@code call} (either API's spelling). */
    static Datatype Hindexed(String call, int[] blocklengths, int[] displacements, Datatype oldtype) {
        MPI.requireActive(call);
        requireBlocks(call, blocklengths, displacements, "displacements");
        requireOld(call, "oldtype", oldtype);
        int[] lengths = blocklengths.clone();
        long[] starts = new long[lengths.length], bytes = new long[lengths.length];
        for (int i = 0; i < starts.length; i++) {
            starts[i] = displacements[i];
            bytes[i] = (long) displacements[i] * oldtype.layout.element.bytes;
        }
        Blocks blocks = Blocks.listed(lengths, starts, oldtype);
        return build(call, "Hindexed(" + lengths.length + " blocks, " + oldtype + ")", oldtype.layout.element, blocks,
                out -> NativeMPI.type_hindexed(lengths.length, lengths, bytes, oldtype.layout.handle(), out));
    }

    /** mpiJava's form of {@link #Hindexed(int[], int[], Datatype)} on this type. */
    public Datatype Hindexed(int[] blocklengths, int[] displacements) throws MPIException {
        return Hindexed(blocklengths, displacements, this);
    }

    /**
     * Block i holds {@code blocklengths[i]} copies of {@code types[i]} starting {@code displacements[i]} base
     * elements from the start. Every type but MPI.LB / MPI.UB (and types of size 0 made of them) must have the same
     * base type; MPI.LB and MPI.UB set the bounds (MPI-1 rules). With markers only, the type has size 0.
     */
    public static Datatype Struct(int[] blocklengths, int[] displacements, Datatype[] types) throws MPIException {
        return Struct("Datatype.Struct", blocklengths, displacements, types);
    }

    /** {@link #Struct} for a call named {@code call} (either API's spelling). */
    static Datatype Struct(String call, int[] blocklengths, int[] displacements, Datatype[] types) {
        MPI.requireActive(call);
        requireBlocks(call, blocklengths, displacements, "displacements");
        if (types == null) throw new NullPointerException(call + ": types is null");
        if (types.length < blocklengths.length) {
            throw new IllegalArgumentException(call + ": blocklengths has " + blocklengths.length
                    + " entries but types has only " + types.length);
        }
        Datatype[] components = java.util.Arrays.copyOf(types, blocklengths.length);
        Element base = null;
        int first = -1, data = 0;
        boolean empties = false;
        for (int i = 0; i < components.length; i++) {
            Datatype t = components[i];
            String arg = "types[" + i + "]";
            if (t != null && t.isMarker()) continue;
            requireOld(call, arg, t);
            data++;
            if (t.layout.element == Element.EMPTY) { // no elements: any base type takes it
                empties = true;
            } else if (base == null) {
                base = t.layout.element;
                first = i;
            } else if (t.layout.element != base) {
                throw new IllegalArgumentException(call + ": " + arg + " is " + t + " over " + t.layout.element.name()
                        + " but types[" + first + "] is " + components[first] + " over " + base.name()
                        + "; all types of a Struct (MPI.LB and MPI.UB aside) must share one base type");
            }
        }
        // Only markers (and types of size 0 made of them): MPI's type of size 0 with bounds, which fits any buffer.
        if (base == null) base = Element.EMPTY;
        int[] lengths = blocklengths.clone();
        long[] starts = new long[lengths.length];
        for (int i = 0; i < starts.length; i++) starts[i] = displacements[i];
        // MPI sees the data entries only; build() applies the markers' bounds.
        int[] dataLengths = new int[data];
        long[] dataBytes = new long[data];
        long[] dataHandles = new long[data];
        for (int i = 0, k = 0; i < components.length; i++) {
            if (components[i].isMarker()) continue;
            dataLengths[k] = lengths[i];
            dataBytes[k] = starts[i] * base.bytes;
            dataHandles[k++] = components[i].layout.handle();
        }
        int dataCount = data;
        String name = base == Element.EMPTY ? "Struct(" + lengths.length + " blocks, no data)"
                : "Struct(" + lengths.length + " blocks of " + base.name() + ")";
        // The MPI handle of a component with no element type counts bytes as its elements: when it joins a Struct
        // of wider elements, MPI's bounds are off, and only Java's are right.
        return build(call, name, base, Blocks.struct(lengths, starts, components), empties && base != Element.EMPTY,
                out -> NativeMPI.type_struct(dataCount, dataLengths, dataBytes, dataHandles, out));
    }

    // ---- queries ----

    /** Extent in base elements: the distance between consecutive items of this type in a buffer. */
    public int Extent() throws MPIException {
        requireLive("Datatype.Extent");
        return layout.extent;
    }

    /** Number of base elements of data in one item (1 for the predefined types). */
    public int Size() throws MPIException {
        requireLive("Datatype.Size");
        return layout.size;
    }

    /** Lower bound in base elements. */
    public int Lb() throws MPIException {
        requireLive("Datatype.Lb");
        return layout.lb;
    }

    /** Upper bound in base elements: {@code Lb() + Extent()}. */
    public int Ub() throws MPIException {
        requireLive("Datatype.Ub");
        return layout.lb + layout.extent;
    }

    /** Derived types are committed when built, so this only checks the type is still usable. */
    public void Commit() throws MPIException {
        requireLive("Datatype.Commit");
    }

    /** Frees a derived type; using it afterwards throws IllegalStateException. Types built from it stay valid. */
    public void Free() throws MPIException {
        free("Datatype.Free");
    }

    /** MPJ Express's spelling of {@link #Free}. */
    public void free() throws MPIException {
        free("Datatype.free");
    }

    private void free(String call) {
        requireLive(call);
        if (predefined) {
            throw new IllegalArgumentException(call + ": " + layout.name + " is predefined and cannot be freed");
        }
        long h = layout.handle();
        layout.freed(nullHandle());
        if (layout.element.movedByMpi()) MPIException.check(NativeMPI.type_free(h), call);
        if (tracked != null) tracked.freed();
    }

    /** MPJ Express's base type number, the same as {@link #baseType}. */
    public int getType() throws MPIException {
        requireLive("Datatype.getType");
        return baseType;
    }

    /**
     * Bytes of one base element (1 for BYTE, BOOLEAN and PACKED ... 8 for LONG and DOUBLE); 0 for MPI.OBJECT-based
     * types, which have no fixed width, for MPI.NULL, MPI.LB and MPI.UB, and for types of markers only.
     */
    public int getByteSize() throws MPIException {
        requireLive("Datatype.getByteSize");
        Element e = layout.element;
        return e.movedByMpi() && e != Element.EMPTY ? e.bytes : 0;
    }

    @Override
    public String toString() {
        return layout.name;
    }

    // ---- for the rest of natmpj ----

    /** Throws unless MPI is active and this type has not been freed. */
    void requireLive(String call) {
        MPI.requireActive(call);
        if (layout.isFreed()) throw new IllegalStateException(call + ": the datatype has been freed");
    }

    /** MPI.LB or MPI.UB. */
    boolean isMarker() {
        return layout.element == Element.NONE && (lbBound == Bound.MARKER || ubBound == Bound.MARKER);
    }

    /** Checks MPI agrees with Java on the width of this type; run once at Init. */
    void verifySize() {
        int[] size = new int[1];
        Element e = layout.element;
        MPIException.check(NativeMPI.type_size(layout.handle(), size), "MPI_Type_size(" + layout.name + ")");
        if (size[0] != e.bytes) {
            throw new MPIException(layout.name + " is " + size[0] + " bytes in this MPI but a Java "
                    + e.name().toLowerCase() + " is " + e.bytes + ": natmpj cannot run on this MPI");
        }
    }

    // ---- construction ----

    private static void requireCount(String call, String arg, int value) {
        if (value < 0) throw new IllegalArgumentException(call + ": " + arg + " is " + value + ", must be >= 0");
    }

    private static void requireOld(String call, String arg, Datatype old) {
        if (old == null) throw new NullPointerException(call + ": " + arg + " is null");
        if (old.layout.isFreed()) throw new IllegalStateException(call + ": " + arg + " (" + old + ") has been freed");
        if (old.layout.element == Element.NONE) {
            throw new IllegalArgumentException(call + ": " + arg + " is " + old + ", which describes no data");
        }
    }

    /**
     * The number of blocks is {@code blocklengths.length} (mpiJava has no count argument; MPJ Express does the
     * same): longer displacements (or types) arrays are read up to it, as MPI reads count entries; shorter ones are
     * refused.
     */
    private static void requireBlocks(String call, int[] blocklengths, int[] displacements, String dispName) {
        if (blocklengths == null) throw new NullPointerException(call + ": blocklengths is null");
        if (displacements == null) throw new NullPointerException(call + ": " + dispName + " is null");
        if (displacements.length < blocklengths.length) {
            throw new IllegalArgumentException(call + ": blocklengths has " + blocklengths.length + " entries but "
                    + dispName + " has only " + displacements.length);
        }
        for (int i = 0; i < blocklengths.length; i++) requireCount(call, "blocklengths[" + i + "]", blocklengths[i]);
    }

    /** Creates the MPI type into out[0]; returns the MPI error code. */
    private interface Creator {
        int create(long[] out);
    }

    /**
     * Builds the type in MPI, commits it and reads its shape. When LB/UB markers set a bound, the type is resized
     * to the bounds Java computed: MPI-3 has no markers, and MPI libraries disagree on whether a resized component
     * still outranks the other components' data (Open MPI keeps MPI-1's rule, MPICH does not).
     */
    private static Datatype build(String call, String name, Element base, Blocks blocks, Creator creator) {
        return build(call, name, base, blocks, false, creator);
    }

    /** With {@code javaBounds}, the type is resized to the bounds Java computed even without a marker. */
    private static Datatype build(String call, String name, Element base, Blocks blocks, boolean javaBounds,
                                  Creator creator) {
        Shape shape = blocks.shape(call);
        if (!base.movedByMpi()) return new Datatype(nullHandle(), base, name, shape, blocks);
        long[] out = new long[1];
        MPIException.check(creator.create(out), call);
        long handle = out[0];
        if (javaBounds || shape.lbBound == Bound.MARKER || shape.ubBound == Bound.MARKER) {
            int rc = NativeMPI.type_resized(handle, shape.lb * base.bytes, (shape.ub - shape.lb) * base.bytes, out);
            NativeMPI.type_free(handle); // the resized type keeps what it needs of it
            MPIException.check(rc, call);
            handle = out[0];
        }
        try {
            MPIException.check(NativeMPI.type_commit(handle), call);
            // With javaBounds MPI's numbers mix units (the empty components count bytes): MPICH even puts them in
            // the true bounds, which only data may set. Java's shape is then the only right one.
            if (!javaBounds) shape = shape.measuredBy(call, handle, base);
        } catch (RuntimeException e) {
            NativeMPI.type_free(handle);
            throw e;
        }
        Datatype type = new Datatype(handle, base, name, shape, blocks);
        type.tracked = DroppedHandles.track(type, LiveHandles.Kind.DATATYPE, call, releaseWhenDropped(handle));
        return type;
    }

    /** Frees a type the program dropped; must not reference the Datatype itself. */
    private static Runnable releaseWhenDropped(long handle) {
        return () -> NativeMPI.type_free(handle);
    }

    private static long nullHandle() {
        return NativeMPI.handle_constant(NativeMPIConstants.TYPE_NULL);
    }

    /** Bounds and size of one item in base elements, with what set each bound. */
    private static final class Shape {
        static final Shape ONE_ELEMENT = new Shape(0, 1, 0, 1, 1, Bound.DATA, Bound.DATA);

        final long lb, ub, trueLb, trueUb, size;
        final Bound lbBound, ubBound;

        Shape(long lb, long ub, long trueLb, long trueUb, long size, Bound lbBound, Bound ubBound) {
            this.lb = lb;
            this.ub = ub;
            this.trueLb = trueLb;
            this.trueUb = trueUb;
            this.size = size;
            this.lbBound = lbBound;
            this.ubBound = ubBound;
        }

        /** Throws unless every value (and the extent) fits the int fields of Datatype. */
        Shape requireInt(String call) {
            long[] values = {lb, ub, trueLb, trueUb, size, ub - lb};
            for (long v : values) {
                if (v != (int) v) {
                    throw new IllegalArgumentException(call + ": the new datatype spans " + v
                            + " base elements, more than an int can count");
                }
            }
            return this;
        }

        /** The shape MPI reports for handle (bytes divided into base elements); the bound kinds stay Java's. */
        Shape measuredBy(String call, long handle, Element base) {
            long[] s = new long[5]; // lb, extent, true lb, true extent, size
            MPIException.check(NativeMPI.type_shape(handle, s), call);
            if (s[4] < 0) throw new IllegalArgumentException(call + ": the new datatype is too large for MPI");
            if (s[4] == 0) {
                // Without data the true bounds mean nothing, and MPIs report what they like there (Open MPI: the
                // sentinels of an empty range): Java's (0 and 0) stand.
                s[2] = trueLb * (long) base.bytes;
                s[3] = (trueUb - trueLb) * (long) base.bytes;
            }
            for (long v : s) {
                if (v % base.bytes != 0) {
                    throw new IllegalArgumentException(call + ": MPI laid the new datatype out at " + v
                            + " bytes, not a whole number of " + base.name() + " elements");
                }
            }
            int b = base.bytes;
            return new Shape(s[0] / b, (s[0] + s[1]) / b, s[2] / b, (s[2] + s[3]) / b, s[4] / b, lbBound, ubBound)
                    .requireInt(call);
        }
    }

    /**
     * What a derived type is made of, in base elements: block i holds length(i) copies of type(i), one extent of
     * type(i) apart, the first at start(i). Vector-like types have uniform blocks (start(i) = i * stride) so that
     * their shape costs O(1) whatever their count.
     */
    private static final class Blocks {
        final int count;
        private final int[] lengths;
        private final int length;
        private final long[] starts;
        private final long stride;
        private final Datatype[] types;
        private final Datatype type;

        private Blocks(int count, int[] lengths, int length, long[] starts, long stride, Datatype[] types,
                       Datatype type) {
            this.count = count;
            this.lengths = lengths;
            this.length = length;
            this.starts = starts;
            this.stride = stride;
            this.types = types;
            this.type = type;
        }

        static Blocks uniform(int count, int length, long stride, Datatype type) {
            return new Blocks(count, null, length, null, stride, null, type);
        }

        static Blocks listed(int[] lengths, long[] starts, Datatype type) {
            return new Blocks(lengths.length, lengths, 0, starts, 0, null, type);
        }

        static Blocks struct(int[] lengths, long[] starts, Datatype[] types) {
            return new Blocks(lengths.length, lengths, 0, starts, 0, types, null);
        }

        int length(int i) {
            return lengths == null ? length : lengths[i];
        }

        long start(int i) {
            return starts == null ? i * stride : starts[i];
        }

        Datatype type(int i) {
            return types == null ? type : types[i];
        }

        Shape shape(String call) {
            Bounds b = new Bounds();
            try {
                if (starts == null) {
                    long last = Math.multiplyExact((long) Math.max(count - 1, 0), stride);
                    b.add(Math.min(0, last), Math.max(0, last), count, length, type);
                } else {
                    for (int i = 0; i < count; i++) b.add(starts[i], starts[i], 1, length(i), type(i));
                }
            } catch (ArithmeticException e) {
                throw new IllegalArgumentException(call + ": the new datatype spans more base elements than a long "
                        + "can count");
            }
            return b.shape().requireInt(call);
        }

        /** Element displacements of one item in type-map order: block by block, copy by copy. */
        int[] map(int size) {
            int[] out = new int[size];
            int n = 0;
            for (int i = 0; i < count; i++) {
                Datatype t = type(i);
                int[] inner = t.layout.displacements();
                long start = start(i);
                for (int j = 0, copies = length(i); j < copies; j++) {
                    long at = start + (long) j * t.layout.extent;
                    for (int d : inner) out[n++] = (int) (at + d);
                }
            }
            return out;
        }
    }

    /** Accumulates the bounds of blocks under MPI-1's rules: any marker bound outranks every data bound. */
    private static final class Bounds {
        long dataLb = Long.MAX_VALUE, markerLb = Long.MAX_VALUE, dataUb = Long.MIN_VALUE, markerUb = Long.MIN_VALUE;
        long trueLb = Long.MAX_VALUE, trueUb = Long.MIN_VALUE, size;

        /**
         * Adds {@code blocks} blocks of {@code length} copies of t, the first copies starting anywhere in
         * [firstMin, firstMax].
         */
        void add(long firstMin, long firstMax, long blocks, int length, Datatype t) {
            if (blocks == 0 || length == 0) return;
            long span = Math.multiplyExact((long) (length - 1), (long) t.layout.extent);
            long low = Math.addExact(firstMin, Math.min(0, span)), high = Math.addExact(firstMax, Math.max(0, span));
            size = Math.addExact(size, Math.multiplyExact(Math.multiplyExact(blocks, (long) length),
                    (long) t.layout.size));
            long lb = Math.addExact(low, t.layout.lb), ub = Math.addExact(high, (long) t.layout.lb + t.layout.extent);
            if (t.lbBound == Bound.MARKER) markerLb = Math.min(markerLb, lb);
            if (t.lbBound == Bound.DATA) dataLb = Math.min(dataLb, lb);
            if (t.ubBound == Bound.MARKER) markerUb = Math.max(markerUb, ub);
            if (t.ubBound == Bound.DATA) dataUb = Math.max(dataUb, ub);
            if (t.layout.size > 0) {
                trueLb = Math.min(trueLb, Math.addExact(low, t.layout.trueLb));
                trueUb = Math.max(trueUb, Math.addExact(high, t.layout.trueUb));
            }
        }

        Shape shape() {
            boolean lbMarked = markerLb != Long.MAX_VALUE, ubMarked = markerUb != Long.MIN_VALUE;
            long lb = lbMarked ? markerLb : dataLb != Long.MAX_VALUE ? dataLb : 0;
            long ub = ubMarked ? markerUb : dataUb != Long.MIN_VALUE ? dataUb : 0;
            boolean data = size > 0;
            return new Shape(lb, ub, data ? trueLb : 0, data ? trueUb : 0, size,
                    lbMarked ? Bound.MARKER : Bound.DATA, ubMarked ? Bound.MARKER : Bound.DATA);
        }
    }

    /**
     * MPJ Express's public {@code finalize()}, empty there too, for classes compiled against MPJ Express that call
     * it. Renamed by the build to finalize and made synthetic (src/build/java/SyntheticForms.java): source sees
     * only Object's protected finalize. Being empty, it does not make datatypes finalizable (HotSpot registers no
     * instance of a class whose finalize() is an empty method).
     */
    public void finalize$$mpjexpress() {
    }

    // ================================================================ Open MPI's Java API
    //
    // Sizes and bounds count elements of the type's base, as mpiJava's members do; the types made by createStruct
    // and the C pair types (MPI.SHORT_INT, ...) have bytes as their base, as in Open MPI's bindings. Strides and
    // displacements of createHVector, createHIndexed, createStruct and createResized count bytes, as MPI's do.

    /** Attributes set through {@link #setAttr}, serialized. */
    private final Attributes attributes = new Attributes();

    /** A C pair type (MPI_SHORT_INT, ...): bytes as elements, its shape as MPI reports it. */
    static Datatype cPair(long handle, String name) {
        Shape shape = new Shape(0, 0, 0, 0, 0, Bound.DATA, Bound.DATA).measuredBy(name, handle, Element.BYTE);
        int[] map = dataBytes(handle, name);
        return new Datatype(handle, Element.BYTE, name, mpjCode(Element.BYTE), shape, null, true, false, () -> map);
    }

    /** The byte displacements of a C pair type's data: the value's bytes, then the int's after alignment. */
    private static int[] dataBytes(long handle, String name) {
        long[] s = new long[5];
        MPIException.check(NativeMPI.type_shape(handle, s), name);
        // The value at 0, the int after it aligned to 4: SHORT_INT 0-1 and 4-7, FLOAT_INT 0-3 and 4-7, LONG_INT and
        // DOUBLE_INT 0-7 and 8-11.
        int size = (int) s[4], valueBytes = size - 4, intAt = (valueBytes + 3) / 4 * 4;
        int[] map = new int[size];
        for (int i = 0; i < valueBytes; i++) map[i] = i;
        for (int i = 0; i < 4; i++) map[valueBytes + i] = intAt + i;
        return map;
    }

    /** Lower bound, in elements of the base type (bytes for Struct types). */
    public int getLb() throws MPIException {
        try {
            requireLive("Datatype.getLb");
            return layout.lb;
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** Extent, in elements of the base type (bytes for Struct types). */
    public int getExtent() throws MPIException {
        try {
            requireLive("Datatype.getExtent");
            return layout.extent;
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** True lower bound of the data, in elements of the base type. */
    public int getTrueLb() throws MPIException {
        try {
            requireLive("Datatype.getTrueLb");
            return layout.trueLb;
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** True extent of the data, in elements of the base type. */
    public int getTrueExtent() throws MPIException {
        try {
            requireLive("Datatype.getTrueExtent");
            return layout.trueUb - layout.trueLb;
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** Size of the data of one item, in elements of the base type. */
    public int getSize() throws MPIException {
        try {
            requireLive("Datatype.getSize");
            return layout.size;
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** Derived types are committed when built; this checks the type is usable. */
    public void commit() throws MPIException {
        try {
            requireLive("Datatype.commit");
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** Whether this is MPI.DATATYPE_NULL or freed. */
    public boolean isNull() {
        try {
            return layout.isFreed() || this == MPI.NULL;
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    @Override
    public Datatype clone() {
        try {
            return dup("Datatype.clone");
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** MPI_Type_dup. */
    public Datatype dup() throws MPIException {
        try {
            return dup("Datatype.dup");
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    private Datatype dup(String call) {
        requireLive(call);
        if (layout.element == Element.NONE) {
            throw new IllegalArgumentException(call + ": the datatype is " + this + ", which describes no data");
        }
        if (predefined || !layout.element.movedByMpi()) return this; // no handle of ours to copy; the same type
        long[] out = new long[1];
        MPIException.check(NativeMPI.type_dup(layout.handle(), out), call);
        Datatype copy = new Datatype(out[0], layout.element, "dup of " + layout.name, baseType,
                new Shape(layout.lb, layout.lb + layout.extent, layout.trueLb, layout.trueUb, layout.size, lbBound,
                        ubBound), blocks, false, false, layout::displacements);
        copy.tracked = DroppedHandles.track(copy, LiveHandles.Kind.DATATYPE, call, releaseWhenDropped(out[0]));
        return copy;
    }

    /** MPI_Type_contiguous. */
    public static Datatype createContiguous(int count, Datatype oldtype) throws MPIException {
        try {
            return Contiguous("Datatype.createContiguous", count, oldtype);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** MPI_Type_vector: stride in extents of oldtype. */
    public static Datatype createVector(int count, int blocklength, int stride, Datatype oldtype)
            throws MPIException {
        try {
            return Vector("Datatype.createVector", count, blocklength, stride, oldtype);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** MPI_Type_create_hvector: stride in bytes (a whole number of oldtype's base elements). */
    public static Datatype createHVector(int count, int blocklength, int stride, Datatype oldtype)
            throws MPIException {
        try {
            String call = "Datatype.createHVector";
            return Hvector(call, count, blocklength, elements(call, "stride", stride, oldtype), oldtype);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** MPI_Type_indexed: displacements in extents of oldtype. */
    public static Datatype createIndexed(int[] blocklengths, int[] displacements, Datatype oldtype)
            throws MPIException {
        try {
            return Indexed("Datatype.createIndexed", blocklengths, displacements, oldtype);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** MPI_Type_create_hindexed: displacements in bytes (whole numbers of oldtype's base elements). */
    public static Datatype createHIndexed(int[] blocklengths, int[] displacements, Datatype oldtype)
            throws MPIException {
        try {
            String call = "Datatype.createHIndexed";
            if (displacements == null) throw new NullPointerException(call + ": displacements is null");
            int[] inElements = new int[displacements.length];
            for (int i = 0; i < inElements.length; i++) {
                inElements[i] = elements(call, "displacements[" + i + "]", displacements[i], oldtype);
            }
            return Hindexed(call, blocklengths, inElements, oldtype);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** Bytes as a whole number of {@code type}'s base elements. */
    private static int elements(String call, String name, int bytes, Datatype type) {
        MPI.requireActive(call);
        requireOld(call, "oldtype", type);
        int width = type.layout.element.bytes;
        if (bytes % width != 0) {
            throw new IllegalArgumentException(call + ": " + name + " is " + bytes + " bytes, not a whole number of"
                    + " the " + width + "-byte elements of " + type);
        }
        return bytes / width;
    }

    /**
     * MPI_Type_create_struct: displacements in bytes, any mix of types; the new type has bytes as its base, so it
     * describes direct buffers and byte[] arrays (as Open MPI's Struct types do).
     */
    public static Datatype createStruct(int[] blocklengths, int[] displacements, Datatype[] types)
            throws MPIException {
        try {
            String call = "Datatype.createStruct";
            MPI.requireActive(call);
            requireBlocks(call, blocklengths, displacements, "displacements");
            if (types == null) throw new NullPointerException(call + ": types is null");
            int n = blocklengths.length;
            if (types.length < n) {
                throw new IllegalArgumentException(call + ": blocklengths has " + n + " entries but types has only "
                        + types.length);
            }
            long[] bytes = new long[n], handles = new long[n];
            for (int i = 0; i < n; i++) {
                Datatype t = types[i];
                String arg = "types[" + i + "]";
                requireOld(call, arg, t);
                if (!t.layout.element.movedByMpi() || t.layout.element == Element.EMPTY) {
                    throw new IllegalArgumentException(call + ": " + arg + " is " + t + ", which MPI cannot describe");
                }
                bytes[i] = displacements[i];
                handles[i] = t.layout.handle();
            }
            int[] lengths = blocklengths.clone();
            Datatype[] components = java.util.Arrays.copyOf(types, n);
            long[] out = new long[1];
            MPIException.check(NativeMPI.type_struct(n, lengths, bytes, handles, out), call);
            return measured(call, out[0], "Struct(" + n + " blocks)", () -> structBytes(lengths, bytes, components));
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** The byte displacements of a createStruct type's data, in type-map order. */
    private static int[] structBytes(int[] lengths, long[] starts, Datatype[] types) {
        int total = 0;
        for (int i = 0; i < lengths.length; i++) {
            total += lengths[i] * types[i].layout.size * types[i].layout.element.bytes;
        }
        int[] map = new int[total];
        int k = 0;
        for (int i = 0; i < lengths.length; i++) {
            BufferType t = types[i].layout;
            int width = t.element.bytes;
            int[] inner = t.displacements();
            for (int j = 0; j < lengths[i]; j++) {
                long at = starts[i] + (long) j * t.extent * width;
                for (int d : inner) for (int b = 0; b < width; b++) map[k++] = (int) (at + (long) d * width + b);
            }
        }
        return map;
    }

    /** MPI_Type_create_resized: lb and extent in bytes (whole numbers of oldtype's base elements). */
    public static Datatype createResized(Datatype oldtype, int lb, int extent) throws MPIException {
        try {
            String call = "Datatype.createResized";
            elements(call, "lb", lb, oldtype);
            elements(call, "extent", extent, oldtype);
            long[] out = new long[1];
            MPIException.check(NativeMPI.type_resized(oldtype.layout.handle(), lb, extent, out), call);
            BufferType old = oldtype.layout;
            Datatype t = measuredOver(call, out[0], "Resized(" + oldtype + ", " + lb + ", " + extent + ")",
                    old.element, old::displacements);
            return t;
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    private static Datatype measured(String call, long handle, String name, java.util.function.Supplier<int[]> map) {
        return measuredOver(call, handle, name, Element.BYTE, map);
    }

    /** A type MPI built (handle, not committed yet): committed, its shape as MPI reports it, in base elements. */
    private static Datatype measuredOver(String call, long handle, String name, Element base,
                                         java.util.function.Supplier<int[]> map) {
        Shape shape;
        try {
            MPIException.check(NativeMPI.type_commit(handle), call);
            shape = new Shape(0, 0, 0, 0, 0, Bound.DATA, Bound.DATA).measuredBy(call, handle, base);
        } catch (RuntimeException e) {
            NativeMPI.type_free(handle);
            throw e;
        }
        Datatype type = new Datatype(handle, base, name, mpjCode(base), shape, null, false, false, map);
        type.tracked = DroppedHandles.track(type, LiveHandles.Kind.DATATYPE, call, releaseWhenDropped(handle));
        return type;
    }

    /** MPI_Type_set_name. */
    public void setName(String name) throws MPIException {
        try {
            String call = "Datatype.setName";
            requireLive(call);
            if (name == null) throw new NullPointerException(call + ": name is null");
            if (!layout.element.movedByMpi()) {
                throw new IllegalArgumentException(call + ": " + this + " has no MPI handle to name");
            }
            MPIException.check(NativeMPI.type_set_name(layout.handle(), name), call);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** MPI_Type_get_name. */
    public String getName() throws MPIException {
        try {
            String call = "Datatype.getName";
            requireLive(call);
            if (!layout.element.movedByMpi()) return layout.name;
            MPIException.check(NativeMPI.type_get_name(layout.handle()), call);
            return NativeMPI.text();
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** The keys of createKeyval not yet freed (MPI defines none on datatypes). */
    private static final Attributes.Keys KEYS = new Attributes.Keys("Datatype", keyval -> false);

    /** Attributes belong to types MPI knows: not MPI.NULL, MPI.LB or MPI.UB. */
    private void requireHandle(String call) {
        if (layout.element == Element.NONE) {
            throw new IllegalArgumentException(call + ": the datatype is " + this + ", which has no MPI handle");
        }
    }

    /** MPI_Type_create_keyval. */
    public static int createKeyval() throws MPIException {
        try {
            return KEYS.create("Datatype.createKeyval", NativeMPI::type_create_keyval);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** MPI_Type_free_keyval. */
    public static void freeKeyval(int keyval) throws MPIException {
        try {
            KEYS.free("Datatype.freeKeyval", keyval, NativeMPI::type_free_keyval);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** Sets an attribute (serialized: {@link #getAttr} returns a copy). */
    public void setAttr(int keyval, Object value) throws MPIException {
        try {
            String call = "Datatype.setAttr";
            requireAttributes(call, keyval);
            attributes.set(call, keyval, value);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** An attribute set by {@link #setAttr}, or null. */
    public Object getAttr(int keyval) throws MPIException {
        try {
            String call = "Datatype.getAttr";
            requireAttributes(call, keyval);
            return attributes.get(call, keyval, null);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** Removes an attribute set by {@link #setAttr}. */
    public void deleteAttr(int keyval) throws MPIException {
        try {
            String call = "Datatype.deleteAttr";
            requireAttributes(call, keyval);
            attributes.delete(keyval);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    private void requireAttributes(String call, int keyval) {
        requireLive(call);
        requireHandle(call);
        KEYS.requireUser(call, keyval);
    }
}
