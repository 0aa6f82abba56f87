package natmpj.internal;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.NotSerializableException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.ObjectStreamClass;

/**
 * The wire format of {@code MPI.OBJECT} messages: one MPI message of MPI_BYTE per Java message, holding a standard
 * Java serialization stream (java.io.ObjectOutputStream) that starts with the number of objects as an int, then
 * the objects in type-map order (for a derived datatype over MPI.OBJECT: item by item, each item's elements in the
 * order of its displacements). Objects shared between elements of one message stay shared on arrival.
 *
 * <p>Each message is serialized once, into a per-thread buffer that is reused (pooled), and received with a
 * matched probe (MPI_Mprobe/MPI_Mrecv), so the receiver learns the exact size without guessing and no other receive
 * can take the message in between.
 */
public final class ObjectCodec {
    private ObjectCodec() {}

    /** A reusable growable byte array; exposes its storage so it can be sent without another copy. */
    public static final class Bytes extends ByteArrayOutputStream {
        Bytes() {
            super(1024);
        }

        public byte[] array() {
            return buf;
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
            reset();
        }
    }

    private static final int MAX_RETAINED = 16 << 20;
    private static final ThreadLocal<Bytes> OUT = ThreadLocal.withInitial(Bytes::new);
    private static final ThreadLocal<Bytes> IN = ThreadLocal.withInitial(Bytes::new);

    /** This thread's receive buffer. */
    public static Bytes receiveBuffer() {
        return IN.get();
    }

    /**
     * Serializes {@code count} items of {@code type} from {@code buf} at {@code offset} into this thread's send
     * buffer; valid until this thread's next serialization.
     */
    public static Bytes serialize(String call, String name, Object buf, int offset, int count, BufferType type) {
        Object[] objects = (Object[]) buf;
        int[] map = type.displacements();
        Bytes out = OUT.get();
        out.trim();
        try (ObjectOutputStream stream = new ObjectOutputStream(out)) {
            stream.writeInt(count * map.length);
            for (int item = 0; item < count; item++) {
                int base = offset + item * type.extent;
                for (int d : map) stream.writeObject(objects[base + d]);
            }
        } catch (NotSerializableException e) {
            throw new IllegalArgumentException(call + ": " + name + " holds an object of " + e.getMessage()
                    + ", which is not Serializable", e);
        } catch (IOException e) {
            throw Failures.failure(call + ": cannot serialize " + name + ": " + e);
        }
        return out;
    }

    /**
     * Deserializes a message of {@code length} bytes into {@code count} items of {@code type} in {@code buf} at
     * {@code offset}; returns the number of objects it held.
     */
    public static int deserialize(String call, String name, byte[] bytes, int length, Object buf, int offset,
                                  int count, BufferType type) {
        Object[] objects = (Object[]) buf;
        int[] map = type.displacements();
        try (ObjectInputStream stream = new Input(new ByteArrayInputStream(bytes, 0, length))) {
            int n = stream.readInt();
            if (n > count * map.length) {
                throw Failures.failure(call + ": the message holds " + n + " objects but " + name + " has room for "
                        + count * map.length + " (" + count + " items of " + type + "): message truncated");
            }
            for (int e = 0; e < n; e++) {
                int item = e / map.length;
                objects[offset + item * type.extent + map[e % map.length]] = stream.readObject();
            }
            return n;
        } catch (ArrayStoreException e) {
            throw new IllegalArgumentException(call + ": " + name + " cannot hold a received object: " + e.getMessage(),
                    e);
        } catch (IOException | ClassNotFoundException e) {
            throw Failures.failure(call + ": cannot deserialize the message: " + e);
        }
    }

    /** The number of objects a message of {@code length} bytes holds; -1 when it is no object message. */
    public static int count(byte[] bytes, int length) {
        try (ObjectInputStream stream = new ObjectInputStream(new ByteArrayInputStream(bytes, 0, length))) {
            int n = stream.readInt();
            return n >= 0 ? n : -1;
        } catch (IOException e) {
            return -1;
        }
    }

    /** Resolves classes through the thread's context loader too (application servers, plugin loaders). */
    private static final class Input extends ObjectInputStream {
        Input(InputStream in) throws IOException {
            super(in);
        }

        @Override
        protected Class<?> resolveClass(ObjectStreamClass desc) throws IOException, ClassNotFoundException {
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
