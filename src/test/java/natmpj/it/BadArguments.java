package natmpj.it;

import java.lang.reflect.Executable;
import java.lang.reflect.Parameter;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Supplier;

import mpi.Comm;
import mpi.Datatype;
import mpi.Errhandler;
import mpi.Group;
import mpi.MPI;
import mpi.Op;
import mpi.Prequest;
import mpi.Request;
import mpi.User_function;

/**
 * Valid baseline arguments for any public method of mpi, and the bad values that apply to each parameter, chosen
 * by parameter type and name (the classes are compiled with -parameters). Baselines keep every call from blocking:
 * peers are MPI.PROC_NULL, collectives run on communicators of one rank, counts are 1, buffers int[64].
 */
final class BadArguments {
    /** A bad value for one parameter, the exceptions that count as rejecting it, and words the message must name. */
    static final class Bad {
        final String label;
        final Supplier<Object> value;
        final List<Class<? extends Throwable>> allowed;
        /** The message must contain at least one of these. */
        final List<String> anyWord;

        Bad(String label, Supplier<Object> value, List<Class<? extends Throwable>> allowed, List<String> anyWord) {
            this.label = label;
            this.value = value;
            this.allowed = allowed;
            this.anyWord = anyWord;
        }
    }

    private static final List<Class<? extends Throwable>> NPE = List.of(NullPointerException.class);
    private static final List<Class<? extends Throwable>> IAE = List.of(IllegalArgumentException.class);
    private static final List<Class<? extends Throwable>> IOOBE = List.of(IndexOutOfBoundsException.class);
    private static final List<Class<? extends Throwable>> ISE = List.of(IllegalStateException.class);
    private static final List<Class<? extends Throwable>> RANGE =
            List.of(IllegalArgumentException.class, IndexOutOfBoundsException.class);
    private static final List<Class<? extends Throwable>> RANGE_OR_MPI =
            List.of(IllegalArgumentException.class, IndexOutOfBoundsException.class, mpi.MPIException.class);
    private static final List<Class<? extends Throwable>> NULL_HANDLE =
            List.of(IllegalStateException.class, IllegalArgumentException.class);

    static final int BUF = 64;

    /** A user function that adds ints, for user ops. */
    static final User_function SUM_INTS = new User_function() {
        @Override
        public void Call(Object in, int inOffset, Object inout, int inoutOffset, int count, Datatype type) {
            for (int i = 0; i < count; i++) ((int[]) inout)[inoutOffset + i] += ((int[]) in)[inOffset + i];
        }
    };

    /** Open MPI's API's user function adding ints, over MPI's memory. */
    static final mpi.UserFunction SUM_INT_BUFFERS = new mpi.UserFunction() {
        @Override
        public void call(ByteBuffer in, ByteBuffer inOut, int count, Datatype type) {
            for (int i = 0; i < count; i++) inOut.putInt(4 * i, inOut.getInt(4 * i) + in.getInt(4 * i));
        }
    };

    /** Objects the arguments are made of; after Init they include derived, created and freed ones. */
    static final class Fixtures {
        boolean live;
        int tagUb = 32767;
        int worldRank, worldSize = 1;
        Comm half;
        int otherLeader;
        Group worldGroup, selfGroup;
        Comm freedComm;
        Group freedGroup;
        Datatype freedType;
        Op freedOp;
        Request freedRequest;
        Prequest freedPrequest;
        /** A key of Comm.createKeyval, for Open MPI's setAttr/getAttr/deleteAttr. */
        int commKeyval, typeKeyval;
        /** A key of Win.createKeyval, for Win's setAttr/getAttr/deleteAttr. */
        int winKeyval;
    }

    private final Fixtures f;

    BadArguments(Fixtures f) {
        this.f = f;
    }

    /** Ranks a rank argument may name, given the receiver: its size (remote size for an intercommunicator). */
    static int peers(Object receiver) {
        if (receiver instanceof mpi.Intercomm) return ((mpi.Intercomm) receiver).Remote_size();
        if (receiver instanceof Comm && !((Comm) receiver).Is_null()) return ((Comm) receiver).Size();
        if (receiver instanceof Group) return Math.max(1, ((Group) receiver).Size());
        return 1;
    }

    /** Ranks a rank argument may name: the receiver's, or for statics (groups of COMM_WORLD) the world's. */
    private int peersOf(Object receiver) {
        return receiver == null ? f.worldSize : peers(receiver);
    }

    /**
     * The entries of {@code e}'s per-peer arrays on {@code receiver}: one per rank, or for a neighbourhood
     * collective one per neighbour of the receiver's topology (a Cartesian one has 2 per dimension).
     */
    private int entriesOf(Executable e, Object receiver) {
        if (e.getName().toLowerCase(java.util.Locale.ROOT).contains("neighbor")) {
            if (receiver instanceof mpi.Cartcomm) return 2 * ((mpi.Cartcomm) receiver).Get().dims.length;
            if (receiver instanceof mpi.Graphcomm) {
                return ((mpi.Graphcomm) receiver).Neighbours(((Comm) receiver).Rank()).length;
            }
        }
        return peersOf(receiver);
    }

    /** Fresh baseline arguments for {@code e} called on {@code receiver} (null for statics). */
    Object[] baseline(Executable e, Object receiver) {
        Parameter[] ps = e.getParameters();
        Object[] args = new Object[ps.length];
        int n = f.live ? entriesOf(e, receiver) : 1;
        for (int i = 0; i < ps.length; i++) args[i] = baseline(e, ps[i], n);
        return args;
    }

    private Object baseline(Executable e, Parameter p, int n) {
        Class<?> t = p.getType();
        String name = p.getName(), m = e.getName();
        if (t == Object.class) return new int[BUF];
        if (t == byte[].class) return new byte[m.equals("Buffer_attach") || m.equals("attachBuffer") ? 4096 : BUF];
        if (t == ByteBuffer.class) return ByteBuffer.allocateDirect(4096);
        if (t == boolean.class) return false;
        if (t == boolean[].class) return new boolean[] {true};
        if (t == Datatype.class) return MPI.INT;
        if (t == Datatype[].class) return new Datatype[] {MPI.INT};
        if (t == Op.class) return MPI.SUM;
        if (t == Errhandler.class) return MPI.ERRORS_RETURN;
        if (t == User_function.class) return SUM_INTS;
        if (t == String[].class) return new String[0];
        if (t == Request[].class) return new Request[] {f.live ? freshRequest() : MPI.REQUEST_NULL};
        if (t == Prequest[].class) return new Prequest[] {f.live ? freshPrequest() : null};
        if (t == Comm.class) return name.equals("local_comm") ? (f.live ? f.half : MPI.COMM_SELF) : MPI.COMM_SELF;
        if (t == Group.class) {
            if (!f.live) return MPI.GROUP_EMPTY;
            // Win.start / Win.post on a window of COMM_SELF: the empty group opens an epoch that waits for no one
            if (m.equals("start") || m.equals("post")) return MPI.GROUP_EMPTY;
            return m.equals("Create") || m.equals("create") ? f.selfGroup : f.worldGroup;
        }
        if (t == int[][].class) return new int[][] {{0, 0, 1}};
        // Open MPI's Java API
        if (t == java.nio.Buffer.class) return ByteBuffer.allocateDirect(4096).order(java.nio.ByteOrder.nativeOrder());
        if (t == mpi.Info.class) return MPI.INFO_NULL;
        if (t == mpi.Info[].class) return new mpi.Info[] {MPI.INFO_NULL};
        if (t == mpi.Count.class) return new mpi.Count(1);
        if (t == mpi.UserFunction.class) return SUM_INT_BUFFERS;
        if (t == String.class) return name.equals("key") ? "natmpj_key" : name.equals("datarep") ? "native" : "natmpj";
        if (t == long.class) return 0L; // MPI-IO's offsets, sizes and displacements
        if (java.nio.Buffer.class.isAssignableFrom(t)) return view(t);
        if (t.isArray() && t.getComponentType().isPrimitive() && t != int[].class && t != boolean[].class) {
            return java.lang.reflect.Array.newInstance(t.getComponentType(), BUF);
        }
        if (t == String[][].class) return new String[][] {new String[0]};
        if (t == Comm.class && name.equals("local_comm")) return f.live ? f.half : MPI.COMM_SELF;
        if (t == int[].class) return intArray(e, name, n);
        if (t == int.class && name.equals("keyval") && m.endsWith("Attr") && f.live) { // Open MPI's attributes
            return e.getDeclaringClass() == Datatype.class ? f.typeKeyval
                    : e.getDeclaringClass() == mpi.Win.class ? f.winKeyval : f.commKeyval;
        }
        if (t == int.class) return intValue(m, name);
        throw new IllegalStateException("no baseline for " + t + " " + name + " of " + e);
    }

    private static int[] intArray(Executable e, String name, int n) {
        switch (name) {
            case "recvcounts": case "sendcounts": case "recvcount": case "sendcount": return filled(n, 1);
            // distributed graphs: rank 0's edge to itself
            case "sources": case "destinations": return new int[] {0};
            case "degrees": case "weights": case "sourceWeights": case "destWeights": return new int[] {1};
            case "displs": case "sdispls": case "rdispls": return ramp(n);
            case "dims": return new int[] {e.getName().equals("Map") ? 1 : e.getName().equals("Dims_create") ? 0 : n};
            case "index": {
                int[] index = new int[n]; // node i has one edge, to i + 1 (a ring)
                for (int i = 0; i < n; i++) index[i] = i + 1;
                return index;
            }
            case "edges": {
                int[] edges = new int[n];
                for (int i = 0; i < n; i++) edges[i] = (i + 1) % n;
                return edges;
            }
            default: return name.contains("displacements") || name.equals("coords") || name.startsWith("ranks")
                    ? new int[] {0} : new int[] {1}; // blocklengths
        }
    }

    private int intValue(String m, String name) {
        switch (name) {
            case "count": case "sendcount": case "recvcount": case "incount": case "outcount": case "blocklength":
                return m.equals("Contiguous") || m.equals("Vector") || m.equals("Hvector") ? 2 : 1;
            case "errorCode": return MPI.SUCCESS;
            case "stride": return m.equals("createHVector") ? 8 : 2; // bytes in Open MPI's API
            case "extent": return 4;
            case "dest": case "source": return MPI.PROC_NULL;
            case "keyval": return MPI.TAG_UB;
            case "remote_leader": return f.otherLeader;
            case "disp": return 1;
            // Open MPI's Win: windows of 16 elements, units of one element, one item per operation, a shared lock
            case "dispUnit": return 1;
            case "size": return 16;
            case "orgCount": case "targetCount": case "originCount": case "resultCount": return 1;
            case "lockType": return MPI.LOCK_SHARED;
            case "whence": return MPI.SEEK_SET;
            case "amode": return f.live ? MPI.MODE_RDONLY : 0; // a missing file: MPI refuses it
            case "required": return MPI.THREAD_FUNNELED;
            case "key": return f.worldRank;
            case "nnodes": return f.worldSize;
            default: return 0; // offsets, root, tags, position, rank, color, direction, local_leader, errorcode
        }
    }

    /** A direct buffer of {@code type} (ByteBuffer, IntBuffer, ...) in native order, of 4 KiB. */
    private static java.nio.Buffer view(Class<?> type) {
        ByteBuffer b = ByteBuffer.allocateDirect(4096).order(java.nio.ByteOrder.nativeOrder());
        if (type == java.nio.CharBuffer.class) return b.asCharBuffer();
        if (type == java.nio.ShortBuffer.class) return b.asShortBuffer();
        if (type == java.nio.IntBuffer.class) return b.asIntBuffer();
        if (type == java.nio.LongBuffer.class) return b.asLongBuffer();
        if (type == java.nio.FloatBuffer.class) return b.asFloatBuffer();
        if (type == java.nio.DoubleBuffer.class) return b.asDoubleBuffer();
        return b;
    }

    private static int[] filled(int n, int v) {
        int[] a = new int[n];
        Arrays.fill(a, v);
        return a;
    }

    private static int[] ramp(int n) {
        int[] a = new int[n];
        for (int i = 0; i < n; i++) a[i] = i;
        return a;
    }

    /** A completed request (a receive from MPI.PROC_NULL on COMM_SELF). */
    static Request freshRequest() {
        return MPI.COMM_SELF.Irecv(new int[4], 0, 1, MPI.INT, MPI.PROC_NULL, 0);
    }

    /** An inactive persistent receive from MPI.PROC_NULL on COMM_SELF. */
    static Prequest freshPrequest() {
        return MPI.COMM_SELF.Recv_init(new int[4], 0, 1, MPI.INT, MPI.PROC_NULL, 0);
    }

    private static boolean receiving(String method) {
        return Arrays.asList("Recv", "Irecv", "Recv_init", "Probe", "Iprobe", "recv", "iRecv", "recvInit", "probe",
                "iProbe").contains(method);
    }

    /** The bad values for parameter {@code i} of {@code e} on {@code receiver}. */
    List<Bad> bads(Executable e, int i, Object receiver) {
        Parameter p = e.getParameters()[i];
        Class<?> t = p.getType();
        String name = p.getName(), m = e.getName();
        int n = entriesOf(e, receiver);
        List<String> words = words(e, p);
        List<Bad> bads = new ArrayList<>();
        boolean attributeValue = t == Object.class && name.equals("value"); // any Serializable, null too
        if (!t.isPrimitive() && !attributeValue) bads.add(new Bad("null", () -> null, NPE, words));
        if (attributeValue) {
            bads.add(new Bad("not_serializable", Object::new, IAE, words));
        } else if (t == Object.class) {
            if (!m.equals("allToAllw")) { // its displacements count bytes: any primitive array is its memory
                bads.add(new Bad("double[]", () -> new double[BUF], IAE, words));
                bads.add(new Bad("heap_ByteBuffer", () -> ByteBuffer.allocate(4 * BUF), IAE, words)); // MPI.INT
            }
            bads.add(new Bad("String", () -> "text", IAE, words));
            if (Character.isUpperCase(m.charAt(0))) { // Open MPI's members take a heap buffer as its array
                bads.add(new Bad("heap_IntBuffer", () -> java.nio.IntBuffer.allocate(BUF), IAE, words));
            }
            bads.add(new Bad("direct_IntBuffer[0]", () -> ByteBuffer.allocateDirect(0).asIntBuffer(), IOOBE, words));
            bads.add(new Bad("int[0]", () -> new int[0], IOOBE, words));
        } else if (t == byte[].class && !m.equals("Buffer_attach") && !m.equals("attachBuffer") && !m.equals("slice")) {
            bads.add(new Bad("byte[0]", () -> new byte[0], RANGE_OR_MPI, words));
        } else if (t == Datatype.class) {
            bads.add(new Bad("freed", () -> f.freedType, ISE, words));
            bads.add(new Bad("MPI.NULL", () -> MPI.NULL, IAE, plus(words, "MPI.NULL")));
            if (hasBuffer(e)) {
                bads.add(new Bad("MPI.OBJECT_for_int[]", () -> MPI.OBJECT, IAE, plus(words, "MPI.OBJECT")));
            }
        } else if (t == Datatype[].class) {
            bads.add(new Bad("{null}", () -> new Datatype[] {null}, NPE, words));
            bads.add(new Bad("{freed}", () -> new Datatype[] {f.freedType}, ISE, words));
        } else if (t == Op.class) {
            bads.add(new Bad("freed", () -> f.freedOp, ISE, words));
        } else if (t == Comm.class) {
            bads.add(new Bad("freed", () -> f.freedComm, ISE, words));
            bads.add(new Bad("MPI.COMM_NULL", () -> MPI.COMM_NULL, NULL_HANDLE, words));
        } else if (t == Group.class) {
            bads.add(new Bad("freed", () -> f.freedGroup, ISE, words));
            bads.add(new Bad("MPI.GROUP_NULL", () -> MPI.GROUP_NULL, NULL_HANDLE, words));
        } else if (t == Request[].class) {
            // A null element is no bad value: it is an inactive request, as in MPJ Express (MpjPatternsSuite)
            bads.add(new Bad("{freed}", () -> new Request[] {f.freedRequest}, ISE, words));
        } else if (t == Prequest[].class) {
            bads.add(new Bad("{freed}", () -> new Prequest[] {f.freedPrequest}, ISE, words));
        } else if (t == int[][].class) {
            bads.add(new Bad("{null}", () -> new int[][] {null}, List.of(NullPointerException.class,
                    IllegalArgumentException.class), words));
            bads.add(new Bad("{{0,0}}", () -> new int[][] {{0, 0}}, RANGE, words));
            bads.add(new Bad("{{0,size,1}}", () -> new int[][] {{0, n, 1}}, RANGE_OR_MPI, words));
            bads.add(new Bad("{{0,0,0}}", () -> new int[][] {{0, 0, 0}}, RANGE_OR_MPI, words));
        } else if (t == boolean[].class) {
            bads.add(new Bad("boolean[0]", () -> new boolean[0], RANGE, words));
        } else if (t == int[].class) {
            intArrayBads(e, name, n, words, bads);
        } else if (t == int.class) {
            intBads(m, name, n, words, bads);
        } else if (t == long.class && (name.equals("offset") || name.equals("size"))) { // MPI-IO
            bads.add(new Bad("-1", () -> -1L, IAE, words));
            bads.add(new Bad("MIN_VALUE", () -> Long.MIN_VALUE, IAE, words));
        }
        return bads;
    }

    private void intArrayBads(Executable e, String name, int n, List<String> words, List<Bad> bads) {
        String m = e.getName();
        switch (name) {
            case "recvcounts": case "sendcounts":
                bads.add(new Bad("int[0]", () -> new int[0], RANGE, words));
                bads.add(new Bad("{-1..}", () -> filled(n, -1), IAE, words));
                bads.add(new Bad("{MAX..}", () -> filled(n, Integer.MAX_VALUE), RANGE, words));
                break;
            case "displs": case "sdispls": case "rdispls":
                bads.add(new Bad("int[0]", () -> new int[0], RANGE, words));
                bads.add(new Bad("{-1..}", () -> filled(n, -1), RANGE, words));
                bads.add(new Bad("{MAX..}", () -> filled(n, Integer.MAX_VALUE), RANGE, words));
                break;
            case "dims":
                bads.add(new Bad("{-1}", () -> new int[] {-1}, RANGE_OR_MPI, words));
                bads.add(new Bad("{size+1}", () -> new int[] {n + 1}, RANGE_OR_MPI, words));
                break;
            case "coords":
                bads.add(new Bad("int[0]", () -> new int[0], RANGE, words));
                break;
            case "index":
                bads.add(new Bad("{-1..}", () -> filled(n, -1), RANGE_OR_MPI, words));
                bads.add(new Bad("{edges+1..}", () -> filled(n, n + 1), RANGE_OR_MPI, words));
                break;
            case "edges":
                bads.add(new Bad("{size..}", () -> filled(n, n), RANGE_OR_MPI, words));
                bads.add(new Bad("{-7..}", () -> filled(n, -7), RANGE_OR_MPI, words));
                break;
            default:
                if (name.startsWith("ranks")) {
                    bads.add(new Bad("{-7}", () -> new int[] {-7}, RANGE_OR_MPI, words));
                    bads.add(new Bad("{size}", () -> new int[] {n}, RANGE_OR_MPI, words));
                    if (!m.equals("Translate_ranks") && !m.equals("translateRanks")) {
                        bads.add(new Bad("{0,0}", () -> new int[] {0, 0}, RANGE_OR_MPI, words));
                    }
                } else if (name.contains("blocklengths")) {
                    // (int[0] is no bad value: blocklengths.length is the block count, and 0 blocks make an empty
                    // type, whatever the longer displacements hold; MpjPatternsSuite)
                    bads.add(new Bad("{-1}", () -> new int[] {-1}, IAE, words));
                } else if (name.contains("displacements")) {
                    bads.add(new Bad("int[0]", () -> new int[0], RANGE, words));
                }
        }
    }

    private void intBads(String m, String name, int n, List<String> words, List<Bad> bads) {
        switch (name) {
            case "offset": case "sendoffset": case "recvoffset":
                bads.add(new Bad("-1", () -> -1, IOOBE, words));
                bads.add(new Bad("2^30", () -> 1 << 30, IOOBE, words));
                bads.add(new Bad("MAX_VALUE", () -> Integer.MAX_VALUE, IOOBE, words));
                break;
            case "count": case "sendcount": case "recvcount": case "incount": case "outcount": case "blocklength":
                bads.add(new Bad("-1", () -> -1, IAE, words));
                bads.add(new Bad("MIN_VALUE", () -> Integer.MIN_VALUE, IAE, words));
                if (m.startsWith("setElements")) {
                    // any count of elements is a status's to hold
                } else if (m.equals("Pack_size")) {
                    bads.add(new Bad("MAX_VALUE", () -> Integer.MAX_VALUE, RANGE_OR_MPI, words));
                } else if (!Arrays.asList("Contiguous", "Vector", "Hvector", "createContiguous", "createVector",
                        "createHVector").contains(m)) {
                    bads.add(new Bad("MAX_VALUE", () -> Integer.MAX_VALUE, RANGE, words));
                }
                break;
            case "dest": case "source": case "root": case "rank": case "local_leader": case "remote_leader":
                bads.add(new Bad("-7", () -> -7, IAE, words));
                bads.add(new Bad("size", () -> n, IAE, words));
                bads.add(new Bad("MAX_VALUE", () -> Integer.MAX_VALUE, IAE, words));
                if (!name.equals("source")) bads.add(new Bad("ANY_SOURCE", () -> MPI.ANY_SOURCE, IAE, words));
                if (name.equals("root") || name.equals("rank")) {
                    bads.add(new Bad("PROC_NULL", () -> MPI.PROC_NULL, IAE, words));
                }
                break;
            case "tag": case "sendtag": case "recvtag":
                bads.add(new Bad("-3", () -> -3, IAE, words));
                bads.add(new Bad("MIN_VALUE", () -> Integer.MIN_VALUE, IAE, words));
                if (f.tagUb < Integer.MAX_VALUE) bads.add(new Bad("TAG_UB+1", () -> f.tagUb + 1, IAE, words));
                if (!receiving(m) && !name.equals("recvtag")) {
                    bads.add(new Bad("ANY_TAG", () -> MPI.ANY_TAG, IAE, words));
                }
                break;
            case "position":
                bads.add(new Bad("-1", () -> -1, IOOBE, words));
                bads.add(new Bad("length+1", () -> BUF + 1, IOOBE, words));
                bads.add(new Bad("MAX_VALUE", () -> Integer.MAX_VALUE, IOOBE, words));
                break;
            case "keyval":
                bads.add(new Bad("unknown", () -> 987654, RANGE_OR_MPI, words));
                break;
            case "color":
                if (MPI.UNDEFINED != -5) bads.add(new Bad("-5", () -> -5, RANGE_OR_MPI, words));
                break;
            case "capacity":
                bads.add(new Bad("-1", () -> -1, IAE, words));
                bads.add(new Bad("MIN_VALUE", () -> Integer.MIN_VALUE, IAE, words));
                break;
            case "nnodes":
                bads.add(new Bad("0", () -> 0, IAE, words));
                bads.add(new Bad("-1", () -> -1, IAE, words));
                break;
            case "whence":
                bads.add(new Bad("-1", () -> -1, IAE, words));
                break;
            case "amode":
                bads.add(new Bad("0", () -> 0, IAE, words));
                bads.add(new Bad("RDONLY|CREATE", () -> MPI.MODE_RDONLY | MPI.MODE_CREATE, IAE, words));
                break;
            case "direction":
                bads.add(new Bad("-1", () -> -1, IAE, words));
                bads.add(new Bad("ndims", () -> 1, IAE, words));
                break;
            case "targetRank":
                bads.add(new Bad("-7", () -> -7, IAE, words));
                bads.add(new Bad("size", () -> n, IAE, words));
                bads.add(new Bad("MAX_VALUE", () -> Integer.MAX_VALUE, IAE, words));
                bads.add(new Bad("ANY_SOURCE", () -> MPI.ANY_SOURCE, IAE, words));
                break;
            case "targetDisp": // outside the target's window: checked in Java against every rank's window size
                bads.add(new Bad("-1", () -> -1, IOOBE, words));
                bads.add(new Bad("MAX_VALUE", () -> Integer.MAX_VALUE, IOOBE, words));
                break;
            case "orgCount": case "targetCount": case "originCount": case "resultCount":
                bads.add(new Bad("-1", () -> -1, IAE, words));
                bads.add(new Bad("MIN_VALUE", () -> Integer.MIN_VALUE, IAE, words));
                bads.add(new Bad("MAX_VALUE", () -> Integer.MAX_VALUE, RANGE, words));
                break;
            case "size": // no MAX_VALUE: MPI_Win_allocate would allocate 2 GiB
                bads.add(new Bad("-1", () -> -1, IAE, words));
                break;
            case "dispUnit":
                bads.add(new Bad("0", () -> 0, IAE, words));
                bads.add(new Bad("-1", () -> -1, IAE, words));
                break;
            case "lockType":
                bads.add(new Bad("12345", () -> 12345, IAE, words));
                break;
            case "assertion":
                bads.add(new Bad("-1", () -> -1, IAE, words));
                break;
            case "flavor":
                bads.add(new Bad("7", () -> 7, IAE, words));
                break;
            default: // key, disp, stride, errorcode, opCode: every int is valid
        }
    }

    private static List<String> plus(List<String> words, String word) {
        List<String> more = new ArrayList<>(words);
        more.add(word);
        return more;
    }

    private static boolean hasBuffer(Executable e) {
        for (Parameter p : e.getParameters()) if (p.getType() == Object.class) return true;
        return false;
    }

    /**
     * What a message about {@code p} must name: the parameter, or for a buffer's offset, count and datatype the
     * buffer they describe (natmpj says "count of recvbuf").
     */
    static List<String> words(Executable e, Parameter p) {
        List<String> words = new ArrayList<>();
        words.add(p.getName());
        String name = p.getName();
        if (name.contains("offset") || name.contains("count") || name.endsWith("type") || name.equals("position")
                || name.contains("displ")) {
            for (Parameter q : e.getParameters()) {
                if (q.getType() == Object.class || q.getType() == byte[].class
                        || java.nio.Buffer.class.isAssignableFrom(q.getType())) {
                    words.add(q.getName());
                }
            }
        }
        if (name.endsWith("type") || name.equals("datatype")) words.add("datatype");
        return words;
    }
}
