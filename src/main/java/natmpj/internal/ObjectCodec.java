package natmpj.internal;

import java.io.IOException;
import java.io.InputStream;
import java.io.NotSerializableException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.ObjectStreamClass;
import java.io.OutputStream;
import java.io.Serializable;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import natmpj.jni.NativeMPI;

/**
 * The wire format of {@code MPI.OBJECT} messages (docs/object.md has the full layout): one MPI message of MPI_BYTE
 * per Java message, holding
 * <ol>
 *   <li>a 16-byte prefix: magic {@code "NJO2"}, the byte order of the arrays, the form (a stream, or arrays only),
 *       the length of the stream, the number of out-of-band arrays;</li>
 *   <li>a standard Java serialization stream (java.io.ObjectOutputStream): the number of objects as an int, then the
 *       objects in type-map order (for a derived datatype over MPI.OBJECT: item by item, each item's elements in the
 *       order of its displacements), in which every primitive array of at least {@link #OUT_OF_BAND_BYTES} bytes is
 *       replaced by a small token ({@link Ref}, its index);</li>
 *   <li>a table, per out-of-band array: its element type and length;</li>
 *   <li>the arrays' elements as they are in memory (the sender's byte order), each starting 8-byte aligned.</li>
 * </ol>
 * A large primitive array thus costs one memory copy each way (into native memory on the sender, out of the received
 * bytes on the receiver) instead of Java serialization's element-by-element big-endian conversion; everything else
 * (object identity, shared references, custom writeObject/readObject, class resolution) is Java serialization's own.
 * An array referenced twice is replaced once and written once, so it arrives as one array referenced twice. A
 * message whose objects are all primitive arrays (none null, none twice) has no stream at all: its objects are its
 * arrays, whatever their size.
 *
 * <p>Serialization reuses a per-thread output buffer; the streams over it are unsynchronized (ByteArray*Stream's
 * synchronized methods cost a lock per object written or read, a fifth of the time of a graph of small records).
 * The receiver matches with a probe (MPI_Mprobe/MPI_Mrecv), so it learns the exact size and no other receive can
 * take the message in between.
 */
public final class ObjectCodec {
    private ObjectCodec() {}

    /**
     * Primitive arrays from this many bytes travel out of band. Measured warm (docs/object.md): an out-of-band array
     * costs ~0.7 us more per message (staging block, a copy call, the token), and saves Java serialization's
     * element-by-element work, which outweighs it from 2 KiB of doubles (3.3 against 4.0 us one way; 4 KiB: 4.8
     * against 6.6 us).
     */
    public static final int OUT_OF_BAND_BYTES = 2048;
    /**
     * A blocking send of a message up to this size with arrays outside the stream copies them into the message's
     * byte array ({@link Encoded#inline()}) and sends that, pinned, instead of filling a staging block by a JNI copy
     * per array: 0.85-1.2 against 1.0-2.0 us one way for a double[] of 512 B-2 KiB (docs/object.md).
     */
    public static final int INLINE_BYTES = 64 << 10;
    /**
     * Where a message starts in its staging block: 64 bytes in, not at the block's page-aligned start. The receiver
     * takes the message into a Java byte array, whose data begins 16 bytes into the array (a large array's at a
     * page boundary + 16); a copy whose destination lies a little ahead of its source modulo 4 KiB (+16 here) runs at
     * half speed (loads alias the stores just issued), so at 256-512 KiB a message sent from the block's start took
     * twice as long (docs/object.md).
     */
    public static final int STAGING_OFFSET = 64;
    /** Format of natmpj's object messages, bytes 0-3 of each: "NJO2". */
    static final int MAGIC = 0x4E4A4F32;
    /**
     * Byte 5 of a message, its form: a Java serialization stream (with out-of-band arrays), or no stream, the
     * message's objects being its arrays, one each, in table order ({@link #bareArrays}).
     */
    private static final byte FORM_STREAM = 0, FORM_ARRAYS = 1;
    /** Up to this many objects, a bare-arrays message checks for an array given twice pairwise, not by a set. */
    private static final int PAIRWISE = 16;
    static final int PREFIX = 16, TABLE_ENTRY = 8, ALIGN = 8;
    private static final byte BIG_ENDIAN = 0, LITTLE_ENDIAN = 1;
    private static final int MAX_RETAINED = 16 << 20;
    private static final byte[] ZEROS = new byte[PREFIX];

    /**
     * The token that stands in the serialization stream for an out-of-band array: its index in the message's table.
     * Private: no user object can be one, so every Ref a receiver reads was put there by {@link Output}.
     */
    private static final class Ref implements Serializable {
        private static final long serialVersionUID = 1L;
        final int index;

        Ref(int index) {
            this.index = index;
        }
    }

    /** A growable byte array without ByteArrayOutputStream's locks; exposes its storage to send without a copy. */
    public static final class Bytes extends OutputStream {
        private byte[] buf = new byte[1024];
        private int count;

        public byte[] array() {
            return buf;
        }

        public int size() {
            return count;
        }

        void reset() {
            count = 0;
        }

        private void ensure(int more) {
            long need = (long) count + more;
            if (need > Integer.MAX_VALUE - 16) throw new OutOfMemoryError("MPI.OBJECT: message over 2 GiB");
            if (need > buf.length) buf = Arrays.copyOf(buf, (int) Math.min(Integer.MAX_VALUE - 16, Math.max(need,
                    2L * buf.length)));
        }

        @Override
        public void write(int b) {
            ensure(1);
            buf[count++] = (byte) b;
        }

        @Override
        public void write(byte[] b, int off, int len) {
            ensure(len);
            System.arraycopy(b, off, buf, count, len);
            count += len;
        }

        void writeIntAt(int at, int v) {
            buf[at] = (byte) (v >>> 24);
            buf[at + 1] = (byte) (v >>> 16);
            buf[at + 2] = (byte) (v >>> 8);
            buf[at + 3] = (byte) v;
        }

        /** Room for exactly n bytes to receive into (contents undefined). */
        public byte[] forReceive(int n) {
            if (buf.length < n) buf = new byte[Math.max(n, 2 * buf.length)];
            count = n;
            return buf;
        }

        /** Keeps a burst of huge messages from pinning their memory in every thread forever. */
        public void trim() {
            if (buf.length > MAX_RETAINED) buf = new byte[1024];
            count = 0;
        }
    }

    /** An InputStream over part of a byte array, without ByteArrayInputStream's locks. */
    private static final class In extends InputStream {
        private final byte[] buf;
        private int pos;
        private final int end;

        In(byte[] buf, int pos, int end) {
            this.buf = buf;
            this.pos = pos;
            this.end = end;
        }

        @Override
        public int read() {
            return pos < end ? buf[pos++] & 0xff : -1;
        }

        @Override
        public int read(byte[] b, int off, int len) {
            if (len == 0) return 0;
            if (pos >= end) return -1;
            int n = Math.min(len, end - pos);
            System.arraycopy(buf, pos, b, off, n);
            pos += n;
            return n;
        }

        @Override
        public int available() {
            return end - pos;
        }
    }

    /**
     * A serialized message, this thread's (valid until its next serialization): {@link #header} holds prefix, stream,
     * table and alignment padding; the out-of-band arrays are still the caller's, copied only where the message is
     * assembled ({@link #copyTo(long, String)} into native memory, {@link #toArray()} into a byte array).
     */
    public static final class Encoded {
        final Bytes header = new Bytes();
        /** The out-of-band arrays while serializing, until the message is assembled (then let go). */
        final List<Object> arrays = new ArrayList<>();
        private long[] offsets = new long[8];
        private long total;
        private int arrayCount;

        /** The whole message's size in bytes. */
        public int size() {
            return (int) total;
        }

        /** True when {@link #array()} holds the whole message (no out-of-band arrays). */
        public boolean contiguous() {
            return arrayCount == 0;
        }

        /** The header's storage: the whole message when {@link #contiguous()}. */
        public byte[] array() {
            return header.array();
        }

        /** Assembles the message at {@code address} (native memory of at least {@link #size()} bytes). */
        public void copyTo(long address, String call) {
            try {
                Failures.check(NativeMPI.copy_in(header.array(), 0, address, header.size()), call);
                for (int i = 0; i < arrays.size(); i++) {
                    Object a = arrays.get(i);
                    long bytes = (long) java.lang.reflect.Array.getLength(a) * elementBytes(a);
                    Failures.check(NativeMPI.copy_in(a, 0, address + offsets[i], bytes), call);
                }
            } finally {
                arrays.clear();
            }
        }

        /**
         * The message assembled in a staging block of its own, {@link #STAGING_OFFSET} bytes in (where MPI is to
         * read it): for a send that does not go from {@link #array()}. The caller releases the block.
         */
        public Staging stage(String call) {
            Staging s = Staging.acquire(STAGING_OFFSET + size(), call);
            try {
                copyTo(s.address + STAGING_OFFSET, call);
            } catch (RuntimeException | Error x) {
                s.release();
                throw x;
            }
            return s;
        }

        /** The whole message in a new byte array (the collectives move it as MPI_BYTE in Java arrays). */
        public byte[] toArray() {
            byte[] out = Arrays.copyOf(header.array(), (int) total);
            try {
                copyArrays(out);
            } finally {
                arrays.clear();
            }
            return out;
        }

        /**
         * Copies the arrays into the header's storage, after the table: the message becomes {@link #contiguous()}.
         * A blocking send of a small message then goes from that array (pinned) instead of a staging block filled by
         * a JNI copy per array.
         */
        public void inline() {
            if (arrayCount == 0) return;
            try {
                header.ensure((int) total - header.size());
                copyArrays(header.buf);
                header.count = (int) total;
            } finally {
                arrays.clear();
            }
            arrayCount = 0;
        }

        /** Each array at its offset, and zeros in the padding after it (out may be a reused buffer). */
        private void copyArrays(byte[] out) {
            ByteBuffer b = ByteBuffer.wrap(out).order(ByteOrder.nativeOrder());
            for (int i = 0; i < arrays.size(); i++) {
                Object a = arrays.get(i);
                int at = (int) offsets[i];
                int end = at + java.lang.reflect.Array.getLength(a) * elementBytes(a);
                Arrays.fill(out, end, (int) align(end), (byte) 0);
                if (a instanceof byte[]) {
                    System.arraycopy(a, 0, out, at, ((byte[]) a).length);
                } else if (a instanceof boolean[]) {
                    boolean[] z = (boolean[]) a;
                    for (int k = 0; k < z.length; k++) out[at + k] = (byte) (z[k] ? 1 : 0);
                } else {
                    new ArrayView(b.position(at).slice().order(ByteOrder.nativeOrder())).put(a);
                }
            }
        }

        void begin() {
            header.trim();
            arrays.clear();
            arrayCount = 0;
            total = 0;
            header.write(ZEROS, 0, PREFIX);
        }

        /** Closes the message: prefix, table, padding, and where each array goes. */
        void finish(int streamBytes, byte form) {
            int n = arrays.size();
            arrayCount = n;
            if (offsets.length < n) offsets = new long[Math.max(n, 2 * offsets.length)];
            for (Object a : arrays) {
                writeInt(header, code(a));
                writeInt(header, java.lang.reflect.Array.getLength(a));
            }
            long at = align(header.size());
            if (n > 0) header.write(ZEROS, 0, (int) (at - header.size()));
            for (int i = 0; i < n; i++) {
                offsets[i] = at;
                Object a = arrays.get(i);
                at = align(at + (long) java.lang.reflect.Array.getLength(a) * elementBytes(a));
            }
            if (at > Integer.MAX_VALUE) {
                throw new IllegalArgumentException("MPI.OBJECT: a message of " + at + " bytes (over 2 GiB)");
            }
            total = n > 0 ? at : header.size();
            header.writeIntAt(0, MAGIC);
            header.array()[4] = ByteOrder.nativeOrder() == ByteOrder.LITTLE_ENDIAN ? LITTLE_ENDIAN : BIG_ENDIAN;
            header.array()[5] = form;
            header.writeIntAt(8, streamBytes);
            header.writeIntAt(12, n);
        }

        /** Lets go of the caller's arrays (the thread keeps this object). */
        void clearArrays() {
            arrays.clear();
            arrayCount = 0;
        }
    }

    private static void writeInt(Bytes b, int v) {
        b.ensure(4);
        b.count += 4;
        b.writeIntAt(b.count - 4, v);
    }

    private static long align(long n) {
        return (n + ALIGN - 1) & -ALIGN;
    }

    /** The array's element type as its JVM descriptor letter (the table's type codes); 0: no primitive array. */
    private static int code(Object a) {
        if (a instanceof double[]) return 'D';
        if (a instanceof int[]) return 'I';
        if (a instanceof long[]) return 'J';
        if (a instanceof float[]) return 'F';
        if (a instanceof byte[]) return 'B';
        if (a instanceof short[]) return 'S';
        if (a instanceof char[]) return 'C';
        if (a instanceof boolean[]) return 'Z';
        return 0;
    }

    private static int elementBytes(Object a) {
        return elementBytes(code(a));
    }

    private static int elementBytes(int code) {
        switch (code) {
            case 'D': case 'J': return 8;
            case 'I': case 'F': return 4;
            case 'S': case 'C': return 2;
            case 'B': case 'Z': return 1;
            default: return -1;
        }
    }

    /** Bulk copies between a byte buffer (its order) and a primitive array: one memory copy when orders match. */
    private static final class ArrayView {
        private final ByteBuffer b;

        ArrayView(ByteBuffer b) {
            this.b = b;
        }

        void put(Object a) {
            if (a instanceof double[]) b.asDoubleBuffer().put((double[]) a);
            else if (a instanceof int[]) b.asIntBuffer().put((int[]) a);
            else if (a instanceof long[]) b.asLongBuffer().put((long[]) a);
            else if (a instanceof float[]) b.asFloatBuffer().put((float[]) a);
            else if (a instanceof short[]) b.asShortBuffer().put((short[]) a);
            else b.asCharBuffer().put((char[]) a);
        }

        void get(Object a) {
            if (a instanceof double[]) b.asDoubleBuffer().get((double[]) a);
            else if (a instanceof int[]) b.asIntBuffer().get((int[]) a);
            else if (a instanceof long[]) b.asLongBuffer().get((long[]) a);
            else if (a instanceof float[]) b.asFloatBuffer().get((float[]) a);
            else if (a instanceof short[]) b.asShortBuffer().get((short[]) a);
            else b.asCharBuffer().get((char[]) a);
        }
    }

    /** Replaces each large primitive array by a token; the same array twice gets the same token (and handle). */
    private static final class Output extends ObjectOutputStream {
        private final Encoded message;

        Output(Encoded message) throws IOException {
            super(message.header);
            this.message = message;
            enableReplaceObject(true);
        }

        @Override
        protected Object replaceObject(Object obj) {
            Class<?> c = obj.getClass();
            if (!c.isArray() || !c.getComponentType().isPrimitive()) return obj;
            if ((long) java.lang.reflect.Array.getLength(obj) * elementBytes(obj) < OUT_OF_BAND_BYTES) return obj;
            message.arrays.add(obj);
            return new Ref(message.arrays.size() - 1);
        }
    }

    private static final ThreadLocal<Encoded> OUT = ThreadLocal.withInitial(Encoded::new);
    private static final ThreadLocal<Bytes> IN = ThreadLocal.withInitial(Bytes::new);

    /** This thread's receive buffer. */
    public static Bytes receiveBuffer() {
        return IN.get();
    }

    /**
     * Serializes {@code count} items of {@code type} from {@code buf} at {@code offset} into this thread's message;
     * valid until this thread's next serialization.
     */
    public static Encoded serialize(String call, String name, Object buf, int offset, int count, BufferType type) {
        Object[] objects = (Object[]) buf;
        int[] map = type.displacements();
        Encoded out = OUT.get();
        out.begin();
        if (bareArrays(objects, offset, count, type, map, out.arrays)) {
            out.finish(0, FORM_ARRAYS);
            return out;
        }
        try (ObjectOutputStream stream = new Output(out)) {
            stream.writeInt(count * map.length);
            for (int item = 0; item < count; item++) {
                int base = offset + item * type.extent;
                for (int d : map) stream.writeObject(objects[base + d]);
            }
        } catch (NotSerializableException e) {
            out.clearArrays();
            throw new IllegalArgumentException(call + ": " + name + " holds an object of " + e.getMessage()
                    + ", which is not Serializable", e);
        } catch (IOException e) {
            out.clearArrays();
            throw Failures.failure(call + ": cannot serialize " + name + ": " + e);
        } catch (RuntimeException | Error e) {
            out.clearArrays();
            throw e;
        }
        out.finish(out.header.size() - PREFIX, FORM_STREAM);
        return out;
    }

    /**
     * Whether the message's objects are all primitive arrays, none null and none given twice; if so, they are in
     * {@code arrays} in type-map order, and the message needs no serialization stream: each array goes as its
     * elements, whatever its size (a message holding one {@code double[]}, the commonest object message, costs a
     * memory copy each way and no ObjectOutputStream or ObjectInputStream). Otherwise {@code arrays} is left empty.
     * An array given twice takes the stream, which keeps it one array on arrival.
     */
    private static boolean bareArrays(Object[] objects, int offset, int count, BufferType type, int[] map,
                                      List<Object> arrays) {
        if (count * map.length == 0) return false;
        java.util.Set<Object> seen = null; // made only once PAIRWISE arrays are in: most messages never get there
        for (int item = 0; item < count; item++) {
            int base = offset + item * type.extent;
            for (int d : map) {
                Object a = objects[base + d];
                boolean array = code(a) != 0, twice = false;
                if (array) {
                    if (seen == null && arrays.size() >= PAIRWISE) {
                        seen = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
                        seen.addAll(arrays);
                    }
                    if (seen != null) {
                        twice = !seen.add(a);
                    } else {
                        for (int k = 0; k < arrays.size() && !twice; k++) twice = arrays.get(k) == a;
                    }
                }
                if (twice || !array) {
                    arrays.clear();
                    return false;
                }
                arrays.add(a);
            }
        }
        return true;
    }

    /** The parsed prefix and table of a received message; checks that it is one and that its sizes add up. */
    private static final class Layout {
        /** Where the message starts in its byte array. */
        final int base, streamBytes;
        final int[] codes, lengths, offsets;
        final ByteOrder order;
        /** True when the message's objects are its arrays, without a stream ({@link #FORM_ARRAYS}). */
        final boolean bare;

        Layout(String call, byte[] bytes, int base, int length) {
            this.base = base;
            ByteBuffer b = ByteBuffer.wrap(bytes, base, length).slice();
            if (length < PREFIX || b.getInt(0) != MAGIC) throw notObjects(call, length);
            order = b.get(4) == LITTLE_ENDIAN ? ByteOrder.LITTLE_ENDIAN : ByteOrder.BIG_ENDIAN;
            byte form = b.get(5);
            bare = form == FORM_ARRAYS;
            streamBytes = b.getInt(8);
            int n = b.getInt(12);
            long at = PREFIX + (long) streamBytes;
            if (form != FORM_STREAM && !bare || bare && (streamBytes != 0 || n == 0)) throw notObjects(call, length);
            if (streamBytes < 0 || n < 0 || at + (long) n * TABLE_ENTRY > length) throw notObjects(call, length);
            codes = new int[n];
            lengths = new int[n];
            offsets = new int[n];
            for (int i = 0; i < n; i++, at += TABLE_ENTRY) {
                codes[i] = b.getInt((int) at);
                lengths[i] = b.getInt((int) at + 4);
            }
            at = n > 0 ? align(at) : at;
            for (int i = 0; i < n; i++) {
                int size = elementBytes(codes[i]);
                if (size < 0 || lengths[i] < 0) throw notObjects(call, length);
                offsets[i] = (int) at;
                at = align(at + (long) lengths[i] * size);
                if (at > length) throw notObjects(call, length);
            }
            if (at != length) throw notObjects(call, length);
        }

        /** Out-of-band array i, built from the received bytes (one copy). */
        Object array(byte[] bytes, int i) {
            int n = lengths[i], at = base + offsets[i];
            switch (codes[i]) {
                case 'B':
                    return Arrays.copyOfRange(bytes, at, at + n);
                case 'Z': {
                    boolean[] z = new boolean[n];
                    for (int k = 0; k < n; k++) z[k] = bytes[at + k] != 0;
                    return z;
                }
                default: {
                    Object a = newArray(codes[i], n);
                    ByteBuffer b = ByteBuffer.wrap(bytes, at, n * elementBytes(codes[i])).slice().order(order);
                    new ArrayView(b).get(a);
                    return a;
                }
            }
        }

        private static Object newArray(int code, int n) {
            switch (code) {
                case 'D': return new double[n];
                case 'J': return new long[n];
                case 'I': return new int[n];
                case 'F': return new float[n];
                case 'S': return new short[n];
                default: return new char[n];
            }
        }
    }

    private static RuntimeException notObjects(String call, int length) {
        return Failures.failure(call + ": cannot deserialize the message: its " + length + " bytes are not an "
                + "MPI.OBJECT message of natmpj (sent with another datatype?)");
    }

    /**
     * Deserializes a message of {@code length} bytes into {@code count} items of {@code type} in {@code buf} at
     * {@code offset}; returns the number of objects it held.
     */
    public static int deserialize(String call, String name, byte[] bytes, int length, Object buf, int offset,
                                  int count, BufferType type) {
        return deserialize(call, name, bytes, 0, length, buf, offset, count, type);
    }

    /** {@link #deserialize(String, String, byte[], int, Object, int, int, BufferType)} of a message at {@code from}. */
    public static int deserialize(String call, String name, byte[] bytes, int from, int length, Object buf,
                                  int offset, int count, BufferType type) {
        Object[] objects = (Object[]) buf;
        int[] map = type.displacements();
        Layout layout = new Layout(call, bytes, from, length);
        if (layout.bare) {
            int n = layout.codes.length;
            checkRoom(call, name, n, count, map, type);
            try {
                for (int e = 0; e < n; e++) {
                    objects[offset + e / map.length * type.extent + map[e % map.length]] = layout.array(bytes, e);
                }
            } catch (ArrayStoreException e) {
                throw cannotHold(call, name, e);
            }
            return n;
        }
        try (ObjectInputStream stream = new Input(bytes, layout)) {
            int n = stream.readInt();
            checkRoom(call, name, n, count, map, type);
            for (int e = 0; e < n; e++) {
                int item = e / map.length;
                objects[offset + item * type.extent + map[e % map.length]] = stream.readObject();
            }
            return n;
        } catch (ArrayStoreException e) {
            throw cannotHold(call, name, e);
        } catch (IOException | ClassNotFoundException e) {
            throw Failures.failure(call + ": cannot deserialize the message: " + e);
        }
    }

    private static void checkRoom(String call, String name, int n, int count, int[] map, BufferType type) {
        if (n > count * map.length) {
            throw Failures.failure(call + ": the message holds " + n + " objects but " + name + " has room for "
                    + count * map.length + " (" + count + " items of " + type + "): message truncated");
        }
    }

    private static IllegalArgumentException cannotHold(String call, String name, ArrayStoreException e) {
        return new IllegalArgumentException(call + ": " + name + " cannot hold a received object: " + e.getMessage(),
                e);
    }

    /** The number of objects a message of {@code length} bytes holds; -1 when it is no object message. */
    public static int count(byte[] bytes, int length) {
        if (length < PREFIX || ByteBuffer.wrap(bytes).getInt(0) != MAGIC) return -1;
        if (bytes[5] == FORM_ARRAYS) {
            int n = ByteBuffer.wrap(bytes).getInt(12);
            return n > 0 ? n : -1;
        }
        if (length < PREFIX + 4) return -1;
        int streamBytes = ByteBuffer.wrap(bytes).getInt(8);
        if (streamBytes < 0 || streamBytes > length - PREFIX) return -1;
        try (ObjectInputStream stream = new ObjectInputStream(new In(bytes, PREFIX, PREFIX + streamBytes))) {
            int n = stream.readInt();
            return n >= 0 ? n : -1;
        } catch (IOException e) {
            return -1;
        }
    }

    /**
     * Reads the stream of a message, putting the out-of-band arrays back in place of their tokens, and resolves
     * classes through the thread's context loader too (application servers, plugin loaders).
     */
    private static final class Input extends ObjectInputStream {
        private static final ClassLoader LOADER = ObjectCodec.class.getClassLoader();
        private final byte[] bytes;
        private final Layout layout;

        Input(byte[] bytes, Layout layout) throws IOException {
            super(new In(bytes, layout.base + PREFIX, layout.base + PREFIX + layout.streamBytes));
            this.bytes = bytes;
            this.layout = layout;
            if (layout.codes.length > 0) enableResolveObject(true);
        }

        @Override
        protected Object resolveObject(Object obj) throws IOException {
            if (!(obj instanceof Ref)) return obj;
            int i = ((Ref) obj).index;
            if (i < 0 || i >= layout.codes.length) {
                throw new java.io.StreamCorruptedException("out-of-band array " + i + " of " + layout.codes.length);
            }
            return layout.array(bytes, i);
        }

        /**
         * ObjectInputStream.resolveClass loads through the latest user-defined class loader on the stack, which is
         * this class's own (natmpj's frames are above the program's), found by a stack walk for every class of every
         * message; this loads through that loader directly. Primitive type names are left to ObjectInputStream.
         */
        @Override
        protected Class<?> resolveClass(ObjectStreamClass desc) throws IOException, ClassNotFoundException {
            if (LOADER != null) {
                try {
                    return Class.forName(desc.getName(), false, LOADER);
                } catch (ClassNotFoundException e) {
                    // a primitive type's name, or a class only the context loader sees
                }
            }
            try {
                return super.resolveClass(desc);
            } catch (ClassNotFoundException e) {
                ClassLoader context = Thread.currentThread().getContextClassLoader();
                if (context == null) throw e;
                return Class.forName(desc.getName(), false, context);
            }
        }
    }
}
