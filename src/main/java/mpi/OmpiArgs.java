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
    static Object base(String call, String name, Object buf) {
        if (buf instanceof Buffer) {
            Buffer b = (Buffer) buf;
            if (b.isDirect()) return b;
            if (!b.hasArray()) {
                throw new IllegalArgumentException(call + ": " + name + " is a read-only heap buffer ("
                        + b.getClass().getSimpleName() + "), whose array natmpj cannot reach; pass a direct buffer,"
                        + " an array or a writable buffer");
            }
            return b.array();
        }
        return buf;
    }

    /**
     * The datatype to hand on with {@code buf}: MPI.INT2 over a byte[] array (or a heap ByteBuffer) is Open MPI's
     * byte-based MPI_2INT; every other type is itself.
     */
    static Datatype type(Datatype type, Object buf) {
        if (type != MPI.INT2 || type == null) return type;
        boolean bytes = buf instanceof byte[] || buf instanceof java.nio.ByteBuffer && !((Buffer) buf).isDirect();
        return bytes && MPI.int2Bytes != null ? MPI.int2Bytes : type;
    }

    /** {@link #type(Datatype, Object)} for one datatype describing two buffers (reductions). */
    static Datatype type(Datatype type, Object a, Object b) {
        Datatype t = type(type, a);
        return t != type ? t : type(type, b);
    }

    /** Where the data starts in what {@link #base} returns, in its elements: a heap buffer's array offset, else 0. */
    static int offset(Object buf) {
        if (buf instanceof Buffer) {
            Buffer b = (Buffer) buf;
            if (!b.isDirect() && b.hasArray()) return b.arrayOffset();
        }
        return 0;
    }

    /** {@link #offset} in bytes. */
    static long byteOffset(Object buf) {
        if (buf instanceof Buffer) {
            Buffer b = (Buffer) buf;
            if (!b.isDirect() && b.hasArray()) return (long) b.arrayOffset() * width(b);
        }
        return 0;
    }

    /**
     * The bytes of a buffer's own range (a direct buffer's capacity, a heap buffer's from its array offset), or of a
     * primitive array; IllegalArgumentException for anything else.
     */
    static long capacityBytes(String call, String name, Object buf) {
        if (buf instanceof Buffer) return (long) ((Buffer) buf).capacity() * width((Buffer) buf);
        natmpj.internal.Element e = buf == null ? null : elementOf(buf.getClass());
        if (e == null) {
            throw new IllegalArgumentException(call + ": " + name + " is a " + buf.getClass().getName()
                    + ", not a buffer nor a primitive array");
        }
        return (long) java.lang.reflect.Array.getLength(buf) * e.bytes;
    }

    private static natmpj.internal.Element elementOf(Class<?> arrayClass) {
        for (natmpj.internal.Element e : natmpj.internal.Element.values()) {
            if (e.arrayClass == arrayClass && e != natmpj.internal.Element.OBJECT) return e;
        }
        return null;
    }

    /** Bytes per element of a buffer's type. */
    static int width(Buffer b) {
        if (b instanceof java.nio.ByteBuffer) return 1;
        if (b instanceof java.nio.CharBuffer || b instanceof java.nio.ShortBuffer) return 2;
        if (b instanceof java.nio.IntBuffer || b instanceof java.nio.FloatBuffer) return 4;
        return 8;
    }

    /**
     * What a member of Open MPI's API throws for a bad argument or state natmpj found before MPI: an MPIException,
     * as Open MPI's bindings throw (with MPI.ERRORS_RETURN) for what MPI refuses, with the MPI error class of the
     * argument named and natmpj's message, the Java exception as its cause. Anything else is returned as it is.
     */
    static RuntimeException asMpiException(RuntimeException e) {
        if (e instanceof MPIException || e instanceof UnsupportedOperationException) return e;
        if (!(e instanceof IllegalArgumentException || e instanceof IndexOutOfBoundsException
                || e instanceof NullPointerException || e instanceof IllegalStateException)) {
            return e;
        }
        String message = e.getMessage();
        int colon = message == null ? -1 : message.indexOf(": ");
        if (colon < 0 || message.indexOf('.') < 0 || message.indexOf('.') > colon) return e; // not natmpj's
        String rest = message.substring(colon + 2);
        int cls = errorClass(e, rest);
        MPIException mpi = new MPIException(cls, cls, message);
        mpi.initCause(e);
        return mpi;
    }

    /** The MPI error class for what the message (after "Class.method: ") says is wrong. */
    private static int errorClass(RuntimeException e, String rest) {
        if (e instanceof IllegalStateException) {
            if (rest.startsWith("MPI.")) return MPI.ERR_OTHER; // not initialized, finalized, thread level
            if (rest.contains("window")) return MPI.ERR_WIN;
            if (rest.startsWith("the file") || rest.contains("split collective")) return MPI.ERR_FILE;
            if (rest.contains("communicator")) return MPI.ERR_COMM;
            if (rest.contains("group")) return MPI.ERR_GROUP;
            if (rest.contains("datatype")) return MPI.ERR_TYPE;
            if (rest.contains("request")) return MPI.ERR_REQUEST;
            if (rest.contains("op ")) return MPI.ERR_OP;
            if (rest.contains("info")) return MPI.ERR_INFO;
            return MPI.ERR_OTHER;
        }
        String word = rest.split("[ ,\\[]", 2)[0]; // "dest is 5, ...", "count of buf is -1", "types[2] is null"
        switch (word) {
            case "offset": // "offset 8 + count 3 of buf is past the end"; "offset is -1" (a file offset)
                return rest.startsWith("offset is ") ? MPI.ERR_ARG : MPI.ERR_BUFFER;
            case "amode": return MPI.ERR_AMODE;
            case "dest": case "source": case "rank": case "ranks": case "ranks1": case "ranks2": case "local_leader":
            case "remote_leader":
                return MPI.ERR_RANK;
            case "root": return MPI.ERR_ROOT;
            case "targetRank": return MPI.ERR_RANK;
            case "targetDisp": case "dispUnit": return MPI.ERR_DISP;
            case "size": // a file's size is an argument, a window's a size
                return String.valueOf(e.getMessage()).startsWith("File.") ? MPI.ERR_ARG : MPI.ERR_SIZE;
            case "base": case "flavor": return MPI.ERR_ARG;
            case "lockType": return MPI.ERR_LOCKTYPE;
            case "assertion": return MPI.ERR_ASSERT;
            case "origin": case "resultAddr": case "compareAddr": return MPI.ERR_BUFFER;
            case "targetCount": case "orgCount": case "resultCount": return MPI.ERR_COUNT;
            case "targetType": case "orgType": case "resultType": case "dataType": return MPI.ERR_TYPE;
            case "tag": case "sendtag": case "recvtag": return MPI.ERR_TAG;
            case "count": case "sendcount": case "recvcount": case "incount": case "outcount": case "recvcounts":
            case "sendcounts": case "blocklength": case "blocklengths": case "capacity":
                return MPI.ERR_COUNT;
            case "type": case "datatype": case "sendtype": case "recvtype": case "oldtype": case "types":
            case "sendtypes": case "recvtypes":
                return MPI.ERR_TYPE;
            case "op": return MPI.ERR_OP;
            case "comm": case "local_comm": case "comm1": case "comm2": return MPI.ERR_COMM;
            case "group": case "group1": case "group2": return MPI.ERR_GROUP;
            case "requests": case "array_of_requests": return MPI.ERR_REQUEST;
            case "dims": case "periods": case "remain_dims": return MPI.ERR_DIMS;
            case "index": case "edges": case "coords": case "direction": return MPI.ERR_TOPOLOGY;
            case "keyval": return MPI.ERR_KEYVAL;
            case "key": case "value": return MPI.ERR_INFO_KEY;
            default:
                if (word.endsWith("buf") || word.equals("buffer") || word.equals("position")) return MPI.ERR_BUFFER;
                if (word.contains("displ")) return MPI.ERR_ARG;
                return MPI.ERR_ARG;
        }
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
