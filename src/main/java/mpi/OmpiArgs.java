package mpi;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.nio.Buffer;

/**
 * How the members of Open MPI's Java API hand their buffers to the paths mpiJava's members use, which take a buffer
 * and an offset: a Java array from element 0; a direct buffer from its start (its position ignored, as Open MPI's
 * bindings take its address); a heap buffer (an array wrapped, or what {@code MPI.slice} makes of an array) as its
 * backing array from {@code arrayOffset()}, as Open MPI's bindings do. Also the serialization of attribute values.
 */
final class OmpiArgs {
    private OmpiArgs() {}

    /** The array or direct buffer to hand on; a heap buffer's backing array. */
    static Object base(String call, Object buf) {
        if (buf instanceof Buffer) {
            Buffer b = (Buffer) buf;
            if (b.isDirect()) return b;
            if (!b.hasArray()) {
                throw new IllegalArgumentException(call + ": buf is a read-only heap " + b.getClass().getSimpleName()
                        + ", whose array natmpj cannot reach; pass a direct buffer, an array or a writable buffer");
            }
            return b.array();
        }
        return buf;
    }

    /** Where the data starts in what {@link #base} returns, in its elements: a heap buffer's array offset, else 0. */
    static int offset(Object buf) {
        if (buf instanceof Buffer) {
            Buffer b = (Buffer) buf;
            if (!b.isDirect() && b.hasArray()) return b.arrayOffset();
        }
        return 0;
    }

    static byte[] serialize(String call, Object value) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(value);
        } catch (IOException e) {
            IllegalArgumentException bad = new IllegalArgumentException(call + ": value (a "
                    + (value == null ? "null" : value.getClass().getName()) + ") cannot be serialized: " + e);
            bad.initCause(e);
            throw bad;
        }
        return bytes.toByteArray();
    }

    static Object deserialize(String call, byte[] bytes) {
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes))) {
            return in.readObject();
        } catch (IOException | ClassNotFoundException e) {
            throw new IllegalStateException(call + ": the attribute value could not be read back: " + e, e);
        }
    }
}
