package mpi;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;

/**
 * A C-like struct laid out in a byte buffer (Open MPI's Java API): a subclass declares its fields, usually in field
 * initialisers, with the {@code add*} methods, each returning the field's byte offset, and gives a {@link Data}
 * subclass whose accessors read and write a struct through those offsets.
 *
 * <p>Layout, as Open MPI's: each field goes where the previous one ended (no padding between fields; {@link
 * #setOffset} moves the next field further, for instance to align it); the extent (the stride of consecutive structs
 * in a buffer) is the end of the last field rounded up to the struct's alignment, the largest of its fields' (a
 * primitive: its width; a nested struct: its alignment; a {@link Datatype}: see {@link #addData(Datatype)}). The
 * layout is fixed by the first call of {@link #getExtent}, {@link #getType}, {@code getData} or by adding this struct
 * to another one; only {@code addData} and {@code getType} call MPI. {@link #getType} builds the MPI datatype once,
 * from that layout: lower bound 0 and the extent above, whatever the MPI library would choose (Open MPI's own binding
 * takes the library's, whose lower bound is the first field's offset: a struct starting with {@code setOffset(4)}
 * then has extent 4 there, and its consecutive structs overlap).
 *
 * <p>Values are read and written in the buffer's byte order; {@link MPI#newByteBuffer} and {@link #getData(byte[])}
 * give the native order, the one MPI moves data in.
 */
public abstract class Struct {
    private static final int BYTE = 0, CHAR = 1, SHORT = 2, INT = 3, LONG = 4, FLOAT = 5, DOUBLE = 6;
    private static final int[] WIDTH = {1, 2, 2, 4, 8, 4, 8};
    private static final String[] NAME = {"byte", "char", "short", "int", "long", "float", "double"};

    /** One field: a primitive kind, a nested struct or a datatype (exactly one of them), and where it lies. */
    private static final class Field {
        final int kind;
        final Struct struct;
        final Datatype datatype;
        final int offset, length;

        Field(int kind, Struct struct, Datatype datatype, int offset, int length) {
            this.kind = kind;
            this.struct = struct;
            this.datatype = datatype;
            this.offset = offset;
            this.length = length;
        }

        boolean is(int k) {
            return kind == k;
        }

        String describe() {
            return kind >= 0 ? NAME[kind] : struct != null ? "struct " + struct.getClass().getName() : "datatype";
        }
    }

    private final List<Field> fields = new ArrayList<Field>();
    /** Where the next field goes: the end of the last field, or beyond it after {@link #setOffset}. */
    private int next;
    /** The end of the last field. */
    private int end;
    private int alignment = 1;
    /** The extent once the layout is fixed, -1 before. */
    private volatile int extent = -1;
    private Datatype type;

    /** A struct of no fields yet. */
    public Struct() {}

    // ---- layout ----

    /** The struct's extent in bytes: the end of its last field rounded up to its alignment. Fixes the layout. */
    public final int getExtent() throws MPIException {
        int e = extent;
        return e >= 0 ? e : fix();
    }

    private synchronized int fix() {
        if (extent < 0) {
            int e = (end + alignment - 1) / alignment * alignment;
            if (e < 0) throw new IllegalArgumentException("Struct: extent over 2 GiB");
            extent = e;
        }
        return extent;
    }

    private int add(int kind, Struct struct, Datatype datatype, int elementBytes, int elementAlignment, int length) {
        if (extent >= 0) {
            throw new IllegalStateException("Struct " + getClass().getName()
                    + ": no field can be added once its layout is fixed (by getExtent, getType, getData or"
                    + " addStruct)");
        }
        if (length < 0) throw new IllegalArgumentException("Struct: negative field length " + length);
        int offset = next;
        int fieldEnd = Math.addExact(offset, Math.multiplyExact(elementBytes, length));
        fields.add(new Field(kind, struct, datatype, offset, length));
        next = end = fieldEnd;
        alignment = Math.max(alignment, elementAlignment);
        return offset;
    }

    private int addPrimitive(int kind, int length) {
        return add(kind, null, null, WIDTH[kind], WIDTH[kind], length);
    }

    /**
     * Places the next field at byte {@code offset}, at least where the previous field ended (else
     * IllegalArgumentException). Returns this struct.
     */
    public final Struct setOffset(int offset) {
        if (extent >= 0) {
            throw new IllegalStateException("Struct " + getClass().getName()
                    + ": setOffset once the layout is fixed");
        }
        if (offset < next) {
            throw new IllegalArgumentException("Struct.setOffset(" + offset + "): the struct already reaches byte "
                    + next);
        }
        next = offset;
        return this;
    }

    /** Adds a byte field; returns its offset. */
    public final int addByte() {
        return addByte(1);
    }

    /** Adds a field of {@code length} bytes; returns its offset. */
    public final int addByte(int length) {
        return addPrimitive(BYTE, length);
    }

    /** Adds a char field (2 bytes); returns its offset. */
    public final int addChar() {
        return addChar(1);
    }

    /** Adds an array of {@code length} chars; returns its offset. */
    public final int addChar(int length) {
        return addPrimitive(CHAR, length);
    }

    /** Adds a short field; returns its offset. */
    public final int addShort() {
        return addShort(1);
    }

    /** Adds an array of {@code length} shorts; returns its offset. */
    public final int addShort(int length) {
        return addPrimitive(SHORT, length);
    }

    /** Adds an int field; returns its offset. */
    public final int addInt() {
        return addInt(1);
    }

    /** Adds an array of {@code length} ints; returns its offset. */
    public final int addInt(int length) {
        return addPrimitive(INT, length);
    }

    /** Adds a long field; returns its offset. */
    public final int addLong() {
        return addLong(1);
    }

    /** Adds an array of {@code length} longs; returns its offset. */
    public final int addLong(int length) {
        return addPrimitive(LONG, length);
    }

    /** Adds a float field; returns its offset. */
    public final int addFloat() {
        return addFloat(1);
    }

    /** Adds an array of {@code length} floats; returns its offset. */
    public final int addFloat(int length) {
        return addPrimitive(FLOAT, length);
    }

    /** Adds a double field; returns its offset. */
    public final int addDouble() {
        return addDouble(1);
    }

    /** Adds an array of {@code length} doubles; returns its offset. */
    public final int addDouble(int length) {
        return addPrimitive(DOUBLE, length);
    }

    /** Adds a field holding one {@code struct} (whose layout this fixes); returns its offset. */
    public final int addStruct(Struct struct) throws MPIException {
        return addStruct(struct, 1);
    }

    /** Adds an array of {@code length} {@code struct}s (whose layout this fixes); returns its offset. */
    public final int addStruct(Struct struct, int length) throws MPIException {
        if (struct == null) throw new NullPointerException("Struct.addStruct: null struct");
        if (struct == this) throw new IllegalArgumentException("Struct.addStruct: a struct cannot contain itself");
        int e = struct.getExtent();
        return add(-1, struct, null, e, struct.alignment, length);
    }

    /**
     * Adds a field of one item of {@code type} (its extent in bytes); returns its offset. Its alignment is the width
     * of its base element, or, for a type built of bytes (a struct type, a pair type such as {@code MPI.DOUBLE_INT}),
     * the alignment the MPI library gives it in a struct.
     */
    public final int addData(Datatype type) throws MPIException {
        return addData(type, 1);
    }

    /** Adds an array of {@code length} items of {@code type}; see {@link #addData(Datatype)}. */
    public final int addData(Datatype type, int length) throws MPIException {
        if (type == null) throw new NullPointerException("Struct.addData: null datatype");
        int width = elementBytes(type);
        int bytes = Math.multiplyExact(type.getExtent(), width);
        int align = width == 1 && bytes > 1 ? mpiAlignment(type, bytes) : width;
        return add(-1, null, type, bytes, align, length);
    }

    /**
     * The alignment MPI gives {@code type} ({@code bytes} of extent) in a struct: the padding after a byte placed at a
     * multiple of 16 after it. 1 where that says nothing sensible (a type with an odd lower bound, ...).
     */
    private static int mpiAlignment(Datatype type, int bytes) throws MPIException {
        int at = (bytes + 15) / 16 * 16;
        Datatype probe = Datatype.createStruct(new int[] {1, 1}, new int[] {0, at}, new Datatype[] {type, MPI.BYTE});
        try {
            int a = probe.getLb() + probe.getExtent() - at;
            return a >= 1 && a <= 16 && Integer.bitCount(a) == 1 ? a : 1;
        } finally {
            probe.free();
        }
    }

    /**
     * Bytes of one base element of {@code type} (the unit of Open MPI's {@link Datatype#getExtent}): 1 for BYTE,
     * BOOLEAN, PACKED and the types built from bytes (structs, the pair types), 2 for CHAR and SHORT, ...
     */
    static int elementBytes(Datatype type) {
        int b = type.baseType;
        if (b == MPI.BYTE.baseType || b == MPI.BOOLEAN.baseType || b == MPI.PACKED.baseType) return 1;
        if (b == MPI.CHAR.baseType || b == MPI.SHORT.baseType) return 2;
        if (b == MPI.INT.baseType || b == MPI.FLOAT.baseType) return 4;
        if (b == MPI.LONG.baseType || b == MPI.DOUBLE.baseType) return 8;
        throw new IllegalArgumentException("Struct: the datatype has no fixed-width base element (base type " + b
                + ")");
    }

    // ---- the MPI datatype ----

    /**
     * The MPI datatype of this struct, committed, built at the first call ({@link Datatype#createStruct}, resized to
     * lower bound 0 and this struct's extent where the MPI library's padding differs). Needs MPI initialised.
     */
    public final synchronized Datatype getType() throws MPIException {
        if (type == null) type = build();
        return type;
    }

    private Datatype build() throws MPIException {
        int e = getExtent();
        int n = fields.size();
        int[] lengths = new int[n], displacements = new int[n];
        Datatype[] types = new Datatype[n];
        for (int i = 0; i < n; i++) {
            Field f = fields.get(i);
            lengths[i] = f.length;
            displacements[i] = f.offset;
            types[i] = datatypeOf(f);
        }
        Datatype t = Datatype.createStruct(lengths, displacements, types);
        if (t.getLb() != 0 || t.getExtent() != e) {
            Datatype resized = Datatype.createResized(t, 0, e);
            t.free();
            t = resized;
        }
        t.commit();
        return t;
    }

    private static Datatype datatypeOf(Field f) throws MPIException {
        if (f.struct != null) return f.struct.getType();
        if (f.datatype != null) return f.datatype;
        switch (f.kind) {
        case BYTE: return MPI.BYTE;
        case CHAR: return MPI.CHAR;
        case SHORT: return MPI.SHORT;
        case INT: return MPI.INT;
        case LONG: return MPI.LONG;
        case FLOAT: return MPI.FLOAT;
        case DOUBLE: return MPI.DOUBLE;
        default: throw new AssertionError(f.kind);
        }
    }

    // ---- views ----

    /** A new, unplaced view of this struct's kind: {@code return new Data();} in a subclass of Struct. */
    protected abstract Data newData();

    private <T extends Data> T view(ByteBuffer buffer, int offset) {
        if (buffer == null) throw new NullPointerException("Struct.getData: null buffer");
        Data d = newData();
        if (d == null) throw new IllegalStateException(getClass().getName() + ".newData() returned null");
        d.buffer = buffer;
        d.offset = offset;
        @SuppressWarnings("unchecked")
        T t = (T) d;
        return t;
    }

    /** A view of the struct at byte 0 of {@code buffer}. Fixes the layout. */
    public final <T extends Data> T getData(ByteBuffer buffer) throws MPIException {
        getExtent();
        return view(buffer, 0);
    }

    /** A view of struct {@code index} of an array of structs at byte 0 of {@code buffer} (at index × extent). */
    public final <T extends Data> T getData(ByteBuffer buffer, int index) throws MPIException {
        return view(buffer, Math.multiplyExact(index, getExtent()));
    }

    /** A view of the struct at the start of {@code array}, in native byte order. */
    public final <T extends Data> T getData(byte[] array) throws MPIException {
        return getData(wrap(array));
    }

    /** A view of struct {@code index} of an array of structs stored in {@code array}, in native byte order. */
    public final <T extends Data> T getData(byte[] array, int index) throws MPIException {
        return getData(wrap(array), index);
    }

    private static ByteBuffer wrap(byte[] array) {
        return ByteBuffer.wrap(array).order(ByteOrder.nativeOrder());
    }

    /** Whether a field of this struct starts at {@code offset} and has element {@code index}, of the kind asked. */
    private boolean has(int offset, int index, int kind, Struct struct, Datatype datatype) throws MPIException {
        if (index < 0) return false;
        for (Field f : fields) {
            if (f.offset != offset || index >= f.length) continue;
            if (kind >= 0 ? f.is(kind)
                    : struct != null ? f.struct == struct
                    : datatype == datatypeOf(f)) {
                return true;
            }
        }
        return false;
    }

    private String mismatch(int offset, int index, String asked) {
        StringBuilder s = new StringBuilder(getClass().getName()).append(": no ").append(asked)
                .append(" field at offset ").append(offset).append(" with element ").append(index).append(" (");
        boolean any = false;
        for (Field f : fields) {
            if (f.offset != offset) continue;
            s.append(any ? ", " : "").append(f.describe()).append('[').append(f.length).append(']');
            any = true;
        }
        return s.append(any ? ")" : "no field starts there)").toString();
    }

    private static ByteBuffer slice(ByteBuffer buffer, int position) {
        if (position == 0) return buffer;
        ByteBuffer d = buffer.duplicate();
        d.clear();
        d.position(position);
        return d.slice().order(buffer.order());
    }

    /**
     * A view of one struct in a byte buffer. Subclasses (inner classes of a Struct subclass) offer typed accessors
     * over the protected get/put methods, which take a field's offset as {@code add*} returned it. With assertions
     * enabled (-ea) each access checks that such a field exists with that type and element.
     */
    public abstract class Data {
        private ByteBuffer buffer;
        private int offset;

        /** A view not yet placed on a buffer; {@link Struct#getData} places the one {@link #newData} returns. */
        public Data() {}

        /**
         * The struct's bytes: the whole buffer when the struct is at byte 0, else a buffer sharing its content from
         * the struct on (to the buffer's capacity), in the same byte order. For send/recv.
         */
        public final ByteBuffer getBuffer() {
            return slice(buffer, offset);
        }

        private boolean ok(int field, int index, int kind) {
            try {
                if (has(field, index, kind, null, null)) return true;
            } catch (MPIException e) {
                throw new AssertionError(e);
            }
            throw new AssertionError(mismatch(field, index, NAME[kind]));
        }

        private int at(int field, int index, int kind) {
            return offset + field + index * WIDTH[kind];
        }

        /** The byte at {@code field}. */
        protected final byte getByte(int field) {
            assert ok(field, 0, BYTE);
            return buffer.get(at(field, 0, BYTE));
        }

        /** Element {@code index} of the byte array at {@code field}. */
        protected final byte getByte(int field, int index) {
            assert ok(field, index, BYTE);
            return buffer.get(at(field, index, BYTE));
        }

        /** Sets the byte at {@code field}. */
        protected final void putByte(int field, byte v) {
            assert ok(field, 0, BYTE);
            buffer.put(at(field, 0, BYTE), v);
        }

        /** Sets element {@code index} of the byte array at {@code field}. */
        protected final void putByte(int field, int index, byte v) {
            assert ok(field, index, BYTE);
            buffer.put(at(field, index, BYTE), v);
        }

        /** The char at {@code field}. */
        protected final char getChar(int field) {
            assert ok(field, 0, CHAR);
            return buffer.getChar(at(field, 0, CHAR));
        }

        /** Element {@code index} of the char array at {@code field}. */
        protected final char getChar(int field, int index) {
            assert ok(field, index, CHAR);
            return buffer.getChar(at(field, index, CHAR));
        }

        /** Sets the char at {@code field}. */
        protected final void putChar(int field, char v) {
            assert ok(field, 0, CHAR);
            buffer.putChar(at(field, 0, CHAR), v);
        }

        /** Sets element {@code index} of the char array at {@code field}. */
        protected final void putChar(int field, int index, char v) {
            assert ok(field, index, CHAR);
            buffer.putChar(at(field, index, CHAR), v);
        }

        /** The short at {@code field}. */
        protected final short getShort(int field) {
            assert ok(field, 0, SHORT);
            return buffer.getShort(at(field, 0, SHORT));
        }

        /** Element {@code index} of the short array at {@code field}. */
        protected final short getShort(int field, int index) {
            assert ok(field, index, SHORT);
            return buffer.getShort(at(field, index, SHORT));
        }

        /** Sets the short at {@code field}. */
        protected final void putShort(int field, short v) {
            assert ok(field, 0, SHORT);
            buffer.putShort(at(field, 0, SHORT), v);
        }

        /** Sets element {@code index} of the short array at {@code field}. */
        protected final void putShort(int field, int index, short v) {
            assert ok(field, index, SHORT);
            buffer.putShort(at(field, index, SHORT), v);
        }

        /** The int at {@code field}. */
        protected final int getInt(int field) {
            assert ok(field, 0, INT);
            return buffer.getInt(at(field, 0, INT));
        }

        /** Element {@code index} of the int array at {@code field}. */
        protected final int getInt(int field, int index) {
            assert ok(field, index, INT);
            return buffer.getInt(at(field, index, INT));
        }

        /** Sets the int at {@code field}. */
        protected final void putInt(int field, int v) {
            assert ok(field, 0, INT);
            buffer.putInt(at(field, 0, INT), v);
        }

        /** Sets element {@code index} of the int array at {@code field}. */
        protected final void putInt(int field, int index, int v) {
            assert ok(field, index, INT);
            buffer.putInt(at(field, index, INT), v);
        }

        /** The long at {@code field}. */
        protected final long getLong(int field) {
            assert ok(field, 0, LONG);
            return buffer.getLong(at(field, 0, LONG));
        }

        /** Element {@code index} of the long array at {@code field}. */
        protected final long getLong(int field, int index) {
            assert ok(field, index, LONG);
            return buffer.getLong(at(field, index, LONG));
        }

        /** Sets the long at {@code field}. */
        protected final void putLong(int field, long v) {
            assert ok(field, 0, LONG);
            buffer.putLong(at(field, 0, LONG), v);
        }

        /** Sets element {@code index} of the long array at {@code field}. */
        protected final void putLong(int field, int index, long v) {
            assert ok(field, index, LONG);
            buffer.putLong(at(field, index, LONG), v);
        }

        /** The float at {@code field}. */
        protected final float getFloat(int field) {
            assert ok(field, 0, FLOAT);
            return buffer.getFloat(at(field, 0, FLOAT));
        }

        /** Element {@code index} of the float array at {@code field}. */
        protected final float getFloat(int field, int index) {
            assert ok(field, index, FLOAT);
            return buffer.getFloat(at(field, index, FLOAT));
        }

        /** Sets the float at {@code field}. */
        protected final void putFloat(int field, float v) {
            assert ok(field, 0, FLOAT);
            buffer.putFloat(at(field, 0, FLOAT), v);
        }

        /** Sets element {@code index} of the float array at {@code field}. */
        protected final void putFloat(int field, int index, float v) {
            assert ok(field, index, FLOAT);
            buffer.putFloat(at(field, index, FLOAT), v);
        }

        /** The double at {@code field}. */
        protected final double getDouble(int field) {
            assert ok(field, 0, DOUBLE);
            return buffer.getDouble(at(field, 0, DOUBLE));
        }

        /** Element {@code index} of the double array at {@code field}. */
        protected final double getDouble(int field, int index) {
            assert ok(field, index, DOUBLE);
            return buffer.getDouble(at(field, index, DOUBLE));
        }

        /** Sets the double at {@code field}. */
        protected final void putDouble(int field, double v) {
            assert ok(field, 0, DOUBLE);
            buffer.putDouble(at(field, 0, DOUBLE), v);
        }

        /** Sets element {@code index} of the double array at {@code field}. */
        protected final void putDouble(int field, int index, double v) {
            assert ok(field, index, DOUBLE);
            buffer.putDouble(at(field, index, DOUBLE), v);
        }

        private boolean okStruct(int field, int index, Struct struct) {
            try {
                if (has(field, index, -1, struct, null)) return true;
            } catch (MPIException e) {
                throw new AssertionError(e);
            }
            throw new AssertionError(mismatch(field, index, "struct " + struct.getClass().getName()));
        }

        /** A view of the nested {@code struct} at {@code field}, on the same buffer. */
        protected final <S extends Struct, D extends Struct.Data> D getData(S struct, int field) {
            assert okStruct(field, 0, struct);
            Struct s = struct;
            return s.view(buffer, offset + field);
        }

        /** A view of element {@code index} of the array of {@code struct}s at {@code field}. */
        protected final <S extends Struct, D extends Struct.Data> D getData(S struct, int field, int index) {
            assert okStruct(field, index, struct);
            int e;
            try {
                e = struct.getExtent();
            } catch (MPIException x) {
                throw new AssertionError(x);
            }
            Struct s = struct;
            return s.view(buffer, offset + field + index * e);
        }

        private boolean okType(int field, int index, Datatype type) throws MPIException {
            if (has(field, index, -1, null, type)) return true;
            throw new AssertionError(mismatch(field, index, "datatype"));
        }

        /** The bytes of the field of {@code type} at {@code field} on, as {@link #getBuffer()} gives them. */
        protected final ByteBuffer getBuffer(Datatype type, int field) {
            try {
                assert okType(field, 0, type);
            } catch (MPIException e) {
                throw new AssertionError(e);
            }
            return slice(buffer, offset + field);
        }

        /** The bytes of element {@code index} of the array of {@code type} at {@code field} on. */
        protected final ByteBuffer getBuffer(Datatype type, int field, int index) throws MPIException {
            assert okType(field, index, type);
            int itemBytes = type.getExtent() * elementBytes(type);
            return slice(buffer, offset + field + index * itemBytes);
        }

        // ---- for the pair types: signed integers of a width the C compiler chose ----

        final long getSigned(int field, int bytes) {
            switch (bytes) {
            case 2: return getShort(field);
            case 4: return getInt(field);
            case 8: return getLong(field);
            default: throw new AssertionError(bytes);
            }
        }

        final void putSigned(int field, int bytes, long v) {
            switch (bytes) {
            case 2: putShort(field, (short) v); break;
            case 4: putInt(field, (int) v); break;
            case 8: putLong(field, v); break;
            default: throw new AssertionError(bytes);
            }
        }
    }

    /** Adds a signed integer field of {@code bytes} (2, 4 or 8): what the pair types' constructors take. */
    final int addSigned(int bytes, String what) {
        switch (bytes) {
        case 2: return addShort();
        case 4: return addInt();
        case 8: return addLong();
        default: throw new IllegalArgumentException(getClass().getSimpleName() + ": unsupported " + what + " size "
                + bytes + " bytes");
        }
    }
}
