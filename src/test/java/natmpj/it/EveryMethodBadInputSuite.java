package natmpj.it;

import java.lang.reflect.Constructor;
import java.lang.reflect.Executable;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

import mpi.Cartcomm;
import mpi.Comm;
import mpi.Datatype;
import mpi.Graphcomm;
import mpi.Group;
import mpi.Intercomm;
import mpi.Intracomm;
import mpi.MPI;
import mpi.Op;
import mpi.Prequest;
import mpi.Request;
import mpi.Status;
import natmpj.it.ApiCatalog.Entry;
import natmpj.it.BadArguments.Bad;
import natmpj.testkit.Cases;
import natmpj.testkit.Check;
import natmpj.testkit.MultiRank;

/**
 * Generated bad input: every public method and constructor of package mpi, found by reflection, called
 * before MPI.Init, with one bad argument at a time after Init (each bad value that applies to the parameter's type
 * and name, see {@link BadArguments}), on freed and null handles, with Init twice, and after Finalize. Every bad call
 * must throw a Java exception of an expected type whose message starts with "Class.Method:" and names the bad
 * argument (or the state: freed, not initialized, finalized); a real exchange checks the process still works every
 * few methods. Results are one case per phase and class, plus a totals case whose name carries the counts; the line
 * "BADINPUT methods=.. cases=.. rejected=.. exempt=.. failed=.." goes to stdout. Also runs with the JVM's JNI checks
 * (-Xcheck:jni), where any misuse of JNI is a fatal error.
 */
@MultiRank(jvm = {"", "-Xcheck:jni"})
public final class EveryMethodBadInputSuite {
    /**
     * Calls that are not made in some phase, and why. Keys are "Declaring.method" (any phase) or
     * "Declaring.method#phase". Each skipped call counts as exempt.
     */
    static final Map<String, String> NOT_CALLED = new LinkedHashMap<>();
    /** Pure Java, or allowed by MPI in any state: exempt from the before-Init / after-Finalize checks. */
    static final Map<String, String> ANY_STATE = new LinkedHashMap<>();
    /** Methods whose valid-looking baseline is refused by MPI itself: the exception the baseline must throw. */
    static final Map<String, Class<? extends Throwable>> BASELINE_REFUSED = new LinkedHashMap<>();
    /** Instance methods that are valid on a freed or null handle. */
    static final Map<String, String> VALID_WHEN_FREED = new LinkedHashMap<>();
    /** Other spellings that delegate to the main one, whose messages name it: "Class.method" -> "Class.Method". */
    static final Map<String, String> SPELLINGS = new LinkedHashMap<>();
    /** Datatype methods that MPI.NULL answers (it is refused wherever it would describe data). */
    static final Map<String, String> NULL_TYPE_VALID = new LinkedHashMap<>();
    /** Classes with no MPI state at all: their methods are counted, never expected to refuse anything. */
    static final Map<String, String> PURE_JAVA_CLASSES = new LinkedHashMap<>();
    /**
     * Open MPI's collectives, swept on intracommunicators (whose one rank is the root) but not on the
     * intercommunicator: there the root's group and the other group read different arguments (MPI.ROOT,
     * MPI.PROC_NULL or the root's rank), so a bad value that one group refuses lets the other enter MPI and wait for
     * it. IntercommCollectiveSuite calls each with bad input on both groups. Each skipped call counts as exempt.
     */
    static final java.util.Set<String> INTERCOMM_COLLECTIVES = java.util.Set.of("bcast", "iBcast", "gather",
            "iGather", "gatherv", "iGatherv", "scatter", "iScatter", "scatterv", "iScatterv", "allGather", "iAllGather",
            "allGatherv", "iAllGatherv", "allToAll", "iAllToAll", "allToAllv", "iAllToAllv", "allToAllw",
            "iAllToAllw", "reduce", "iReduce", "allReduce", "iAllReduce", "reduceScatter", "iReduceScatter",
            "reduceScatterBlock", "iReduceScatterBlock");

    static {
        NOT_CALLED.put("MPI.Init", "initializes MPI: checked only in the init-twice and after-Finalize phases");
        NOT_CALLED.put("MPI.Init_thread", "initializes MPI: checked only in the init-twice and after-Finalize phases");
        NOT_CALLED.put("MPI.initThread", "initializes MPI: checked only in the init-twice and after-Finalize phases");
        NOT_CALLED.put("MPI.Finalize#live", "ends MPI: called once between the freed and the after-Finalize phases");
        NOT_CALLED.put("MPI.Finalize#freed", "ends MPI: called once between the freed and the after-Finalize phases");
        NOT_CALLED.put("Comm.Abort#live", "ends the job, and every int is a valid errorcode: no bad argument exists; "
                + "checked before Init, on freed and null communicators, and after Finalize");
        NOT_CALLED.put("Comm.Create_intercomm#freed", "the peer communicator (the receiver) is significant only at "
                + "the local leader (MPI semantics): the other ranks enter the collective and would wait forever");
        NOT_CALLED.put("Comm.Create_intercomm.remote_leader", "significant only at the local leader (MPI "
                + "semantics): the other ranks enter the collective, so a bad value hangs the job instead of failing");
        NOT_CALLED.put("Comm.Create_intercomm@other", "needs COMM_WORLD as the peer communicator and a half of it as "
                + "local_comm: swept once, on Intracomm (MPI.COMM_WORLD)");
        NOT_CALLED.put("User_function.Call", "abstract: implemented by the program, called by natmpj for user ops");
        NOT_CALLED.put("MPI.InitThread", "initializes MPI: checked only in the init-twice and after-Finalize phases");
        NOT_CALLED.put("Comm.abort#live", "ends the job, and every int is a valid errorcode: no bad argument exists; "
                + "checked before Init, on freed and null communicators, and after Finalize");
        NOT_CALLED.put("Comm.createIntercomm#freed", "as Comm.Create_intercomm");
        NOT_CALLED.put("Comm.createIntercomm.remote_leader", "as Comm.Create_intercomm");
        NOT_CALLED.put("UserFunction.call", "implemented by the program, called by natmpj for user ops");
        NOT_CALLED.put("MPI.pControl#live", "does nothing, as MPI_Pcontrol without a profiler: every argument is"
                + " valid");
        NOT_CALLED.put("Comm.gatherv/4#live", "the form for the ranks other than the root: the sweep's communicators"
                + " have one rank, the root (the root refusing it is checked in OmpiFormsSuite)");
        NOT_CALLED.put("Comm.scatterv/4#live", "the form for the ranks other than the root (as gatherv/4)");
        NOT_CALLED.put("Comm.iGatherv/4#live", "the form for the ranks other than the root (as gatherv/4; the root"
                + " refusing it is checked in NonBlockingCollectiveSuite)");
        NOT_CALLED.put("Comm.iScatterv/4#live", "the form for the ranks other than the root (as gatherv/4)");
        String dynamic = "dynamic processes: with valid arguments it starts processes or waits for a peer that the"
                + " sweep has not (MPI semantics), and whether it works depends on the MPI (docs/ompi-api.md);"
                + " CommExtrasSuite checks its bad arguments and what it does on each MPI";
        for (String m : new String[] {"accept", "connect", "spawn", "spawnMultiple", "openPort", "closePort",
                "publishName", "unpublishName", "lookupName"}) {
            NOT_CALLED.put("Intracomm." + m + "#live", dynamic);
        }
        NOT_CALLED.put("Message.mProbe.tag", "the sweep's bad tags include MPI.ANY_TAG, valid for a probe;"
                + " MatchedProbeSuite checks bad tags");
        NOT_CALLED.put("Message.imProbe.tag", "as Message.mProbe.tag");
        NOT_CALLED.put("Comm.disconnect#live", "frees the sweep's shared communicators (or refuses COMM_WORLD):"
                + " checked on freed and null communicators here, live in CommExtrasSuite");

        ANY_STATE.put("MPI.Initialized", "MPI_Initialized may be called before Init and after Finalize");
        ANY_STATE.put("MPI.Get_library_version", "MPI_Get_library_version may be called at any time");
        ANY_STATE.put("MPI.MPI", "the class's public constructor creates nothing in MPI");
        ANY_STATE.put("MPI.newByteBuffer", "allocates memory, nothing in MPI: callable before Init and after Finalize");
        ANY_STATE.put("Status.Status", "a Java object with the fields of an empty status; nothing in MPI");
        ANY_STATE.put("toString", "describes the Java object from its own fields");
        // Open MPI's Java API
        ANY_STATE.put("MPI.isInitialized", "MPI_Initialized may be called before Init and after Finalize");
        ANY_STATE.put("MPI.isFinalized", "MPI_Finalized may be called before Init and after Finalize");
        ANY_STATE.put("MPI.getVersion", "MPI_Get_version may be called at any time");
        ANY_STATE.put("MPI.getLibVersion", "MPI_Get_library_version may be called at any time");
        ANY_STATE.put("MPI.pControl", "does nothing, as MPI_Pcontrol without a profiler");
        for (String type : new String[] {"Char", "Short", "Int", "Long", "Float", "Double"}) {
            ANY_STATE.put("MPI.new" + type + "Buffer", "allocates memory, nothing in MPI");
        }
        ANY_STATE.put("MPI.slice", "a view of a Java buffer or array; nothing in MPI");
        ANY_STATE.put("isNull", "answers from the Java object's own state");
        ANY_STATE.put("isNoProc", "answers from the Java object's own state");
        ANY_STATE.put("isCommutative", "answers from the Java object's own state");
        ANY_STATE.put("getRequest", "returns the Java object's own field (iDup's request, or null), as Open MPI's"
                + " getRequest does");
        ANY_STATE.put("Message.Message", "MPI_MESSAGE_NULL, a Java object; nothing in MPI");
        for (String getter : new String[] {"getSource", "getTag", "getIndex", "getError"}) {
            ANY_STATE.put("Status." + getter, "reads the Java object's copy of the status");
        }

        BASELINE_REFUSED.put("Comm.Attr_delete", mpi.MPIException.class); // only predefined keyvals exist: MPI refuses
        // Open MPI's API: the baseline key is MPI.TAG_UB, predefined; setAttr/deleteAttr take keys of createKeyval
        BASELINE_REFUSED.put("Comm.freeKeyval", mpi.MPIException.class); // MPI refuses to free MPI.TAG_UB
        BASELINE_REFUSED.put("Datatype.freeKeyval", mpi.MPIException.class); // not a datatype key
        BASELINE_REFUSED.put("Win.freeKeyval", mpi.MPIException.class); // not a window key
        // On a fresh window (no epoch open): MPI refuses to end an epoch never started (MPI_ERR_RMA_SYNC)
        BASELINE_REFUSED.put("Win.complete", mpi.MPIException.class);
        BASELINE_REFUSED.put("Win.waitFor", mpi.MPIException.class);
        BASELINE_REFUSED.put("Win.test", mpi.MPIException.class);
        BASELINE_REFUSED.put("Win.unlock", mpi.MPIException.class);
        BASELINE_REFUSED.put("Win.unlockAll", mpi.MPIException.class);
        BASELINE_REFUSED.put("Win.setInfo", mpi.MPIException.class); // MPI.INFO_NULL: MPI_Win_set_info needs an info
        BASELINE_REFUSED.put("Info.delete", mpi.MPIException.class); // the baseline's key is not set
        // the sweep's graph communicator is made by MPI_Graph_create, not a distributed graph: MPI_ERR_TOPOLOGY
        BASELINE_REFUSED.put("GraphComm:GraphComm.getDistGraphNeighbors", mpi.MPIException.class);
        BASELINE_REFUSED.put("Info.getKey", mpi.MPIException.class); // the baseline's info has no key
        // MPI-IO: the baseline's file "natmpj" does not exist (opened MPI.MODE_RDONLY, deleted): MPI refuses it. The
        // instance members run on a fresh file of their own (a temporary directory per rank, COMM_SELF).
        BASELINE_REFUSED.put("File.File", mpi.MPIException.class);
        BASELINE_REFUSED.put("File.delete", mpi.MPIException.class);
        for (String end : new String[] {"readAtAllEnd", "writeAtAllEnd", "readAllEnd", "writeAllEnd", "readOrderedEnd",
                "writeOrderedEnd"}) {
            BASELINE_REFUSED.put("File." + end, mpi.MPIException.class); // no split collective begun
            NOT_CALLED.put("File." + end + ".buf", "takes the buffer its Begin was given, no other: any other value"
                    + " is refused as not that buffer (FileSuite); the baseline (no Begin) is refused");
        }
        // a new Message holds no matched message: its receive is refused (MatchedProbeSuite receives probed ones)
        BASELINE_REFUSED.put("Message.mRecv", mpi.MPIException.class);
        BASELINE_REFUSED.put("Message.imRecv", mpi.MPIException.class);
        // the baseline group is COMM_WORLD's, not a subgroup of the sweep's smaller communicators: refused in Java
        BASELINE_REFUSED.put("Intracomm.createGroup", mpi.MPIException.class);
        BASELINE_REFUSED.put("Comm.setInfo", mpi.MPIException.class); // MPI refuses MPI.INFO_NULL (the baseline)

        SPELLINGS.put("Comm.Errorhandler_get", "Comm.Errhandler_get"); // mpiJava 1.2's spelling

        VALID_WHEN_FREED.put("Is_null", "answers whether the handle is null or freed: true");
        VALID_WHEN_FREED.put("toString", "describes the Java object");
        VALID_WHEN_FREED.put("isNull", "answers whether the handle is null or freed: true");
        VALID_WHEN_FREED.put("isCommutative", "answers from the op's own state");
        VALID_WHEN_FREED.put("getRequest", "returns the Java object's own field (iDup's request, or null)");
        for (String query : new String[] {"Extent", "Size", "Lb", "Ub", "getType", "getByteSize", "Commit", "getLb",
                "getExtent", "getTrueLb", "getTrueExtent", "getSize", "commit", "getName"}) {
            NULL_TYPE_VALID.put(query, "MPI.NULL is a Java object whose shape is all zeros: queries answer 0 (as "
                    + "getByteSize documents) and Commit only checks it is not freed; every call that would move "
                    + "data or build a type refuses it");
        }

        PURE_JAVA_CLASSES.put("MPIException", "an exception class: constructors and getters only");
        PURE_JAVA_CLASSES.put("CartParms", "a plain holder of Cartcomm.Get's results");
        PURE_JAVA_CLASSES.put("GraphParms", "a plain holder of Graphcomm.Get's results");
        PURE_JAVA_CLASSES.put("ShiftParms", "a plain holder of Cartcomm.Shift's results");
        PURE_JAVA_CLASSES.put("User_function", "abstract, implemented by the program");
        PURE_JAVA_CLASSES.put("UserFunction", "abstract, implemented by the program");
        PURE_JAVA_CLASSES.put("Count", "a plain holder of a long");
        PURE_JAVA_CLASSES.put("Version", "a plain holder of MPI_Get_version's results");
        PURE_JAVA_CLASSES.put("DistGraphNeighbors", "a plain holder of MPI_Dist_graph_neighbors's results");
        PURE_JAVA_CLASSES.put("Freeable", "an interface: its one method is each class's free()");
        for (String c : new String[] {"Struct", "Int2", "ShortInt", "LongInt", "FloatInt", "DoubleInt"}) {
            PURE_JAVA_CLASSES.put(c, "a layout of fields over a buffer, computed in Java (OmpiValueClassesTest)");
        }
        PURE_JAVA_CLASSES.put("FloatComplex", "a view of a buffer or array (OmpiValueClassesTest)");
        PURE_JAVA_CLASSES.put("DoubleComplex", "a view of a buffer or array (OmpiValueClassesTest)");
        PURE_JAVA_CLASSES.put("FileView", "a plain holder of File.getView's results");
    }

    private final BadArguments.Fixtures fixtures = new BadArguments.Fixtures();
    /** The public classes of package mpi, each phase's cases one per class. */
    private final List<Class<?>> classes;
    private final BadArguments bad = new BadArguments(fixtures);
    private final List<String> failures = new ArrayList<>();
    private final java.util.Set<String> methods = new java.util.LinkedHashSet<>();
    private int cases, rejected, exempt, failed, baselines;
    private Intracomm selfCart, selfGraph;
    private Intercomm inter;
    private mpi.Info info;
    /** A window of COMM_SELF over 64 direct bytes, in a lockAll epoch from setUp to tearDown: RMA calls are valid. */
    private mpi.Win win;
    /** The method being swept: Win.attach and Win.detach get a dynamic window. */
    private String sweeping = "";
    private int sinceHealthCheck;
    /** This rank's directory of the files File's members run on; one new file per call. */
    private java.nio.file.Path fileDir;
    private int files;
    /** A File for the sweep to see that the class has live objects; calls get their own. */
    private mpi.File probeFile;

    public static void main(String[] args) throws Exception {
        EveryMethodBadInputSuite self = new EveryMethodBadInputSuite(ApiCatalog.publicClasses());
        Cases.job(args).beforeInit(self::beforeInitCases).afterFinalize(self::afterFinalizeCases)
                .run(self::afterInitCases);
    }

    private EveryMethodBadInputSuite(List<Class<?>> classes) {
        this.classes = classes;
    }

    private void beforeInitCases(Cases suite) {
        for (Class<?> c : classes) {
            suite.add("before_init_" + c.getSimpleName(), () -> phase(c, "before", this::predefined,
                    "MPI.Init has not been called"));
        }
    }

    private void afterInitCases(Cases suite) throws Exception {
        setUp();
        for (Class<?> c : classes) suite.add("after_init_" + c.getSimpleName(), () -> sweep(c));
        suite.add("still_works_after_sweep", this::healthCheck);
        for (Class<?> c : classes) {
            suite.add("freed_and_null_" + c.getSimpleName(), () -> freedPhase(c));
        }
        suite.add("still_works_after_freed", this::healthCheck);
        suite.add("init_twice", () -> {
            int before = failures.size();
            for (Entry e : ApiCatalog.entries(MPI.class)) {
                if (!isInit(e)) continue;
                methods.add(e.label());
                expect(e, null, baselineForInit(e), "init_twice", List.of(IllegalStateException.class),
                        List.of("already initialized"));
            }
            finish(before);
        });
        suite.run(true);
        tearDown();
    }

    private void afterFinalizeCases(Cases suite) {
        fixtures.live = false;
        for (Class<?> c : classes) {
            suite.add("after_finalize_" + c.getSimpleName(), () -> phase(c, "after", this::afterFinalize,
                    "MPI.Finalize has already been called", "MPI has been finalized"));
        }
        suite.run(false);
        String totals = "BADINPUT methods=" + methods.size() + " cases=" + cases + " rejected=" + rejected + " exempt="
                + exempt + " failed=" + failed + " baselines=" + baselines;
        System.out.println("rank " + suite.rank() + ": " + totals);
        int crashes = 0; // a JVM crash ends the job before this line; MultiRankTests reports the missing DONE
        suite.add("totals_methods=" + methods.size() + "_cases=" + cases + "_exempt=" + exempt, () -> {
            Check.eq(0, failed, "failed cases (see the failing phase cases)");
            Check.eq(0, crashes, "JVM crashes");
        });
    }

    // ---------------------------------------------------------------- fixtures

    private void setUp() {
        BadArguments.Fixtures f = fixtures;
        f.live = true;
        f.worldRank = MPI.COMM_WORLD.Rank();
        f.worldSize = MPI.COMM_WORLD.Size();
        f.tagUb = (Integer) MPI.COMM_WORLD.Attr_get(MPI.TAG_UB);
        f.half = MPI.COMM_WORLD.Split(f.worldRank % 2, f.worldRank);
        f.otherLeader = f.worldRank % 2 == 0 ? 1 : 0; // the leaders are world ranks 0 (evens) and 1 (odds)
        f.worldGroup = MPI.COMM_WORLD.Group();
        f.selfGroup = MPI.COMM_SELF.Group();
        f.freedComm = (Comm) MPI.COMM_WORLD.clone();
        f.freedComm.Free();
        f.freedGroup = MPI.COMM_WORLD.Group();
        f.freedGroup.Free();
        f.freedType = Datatype.Contiguous(2, MPI.INT);
        f.freedType.Commit();
        f.freedType.Free();
        f.freedOp = new Op(BadArguments.SUM_INTS, true);
        f.freedOp.Free();
        f.freedRequest = BadArguments.freshRequest();
        f.freedRequest.Free();
        f.freedPrequest = BadArguments.freshPrequest();
        f.freedPrequest.Free();
        selfCart = newCart();
        selfGraph = newGraph();
        inter = MPI.COMM_WORLD.Create_intercomm(f.half, 0, f.otherLeader, 17);
        info = new mpi.Info();
        f.commKeyval = Comm.createKeyval();
        f.typeKeyval = Datatype.createKeyval();
        f.winKeyval = mpi.Win.createKeyval();
        win = newWin(false);
        win.lockAll(0);
        try {
            fileDir = java.nio.file.Files.createTempDirectory("natmpj-badinput-");
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        probeFile = newFile();
    }

    /** A file of 4 KiB of data (reads find data: Open MPI 4.1 hangs in some collective reads past the end). */
    private mpi.File newFile() {
        mpi.File file = new mpi.File(MPI.COMM_SELF, fileDir.resolve("f" + files++).toString(),
                MPI.MODE_CREATE | MPI.MODE_RDWR | MPI.MODE_DELETE_ON_CLOSE);
        file.writeAt(0, new int[1024], 1024, MPI.INT);
        return file;
    }

    private static mpi.Win newWin(boolean dynamic) {
        if (dynamic) return new mpi.Win(MPI.INFO_NULL, MPI.COMM_SELF);
        return new mpi.Win(java.nio.ByteBuffer.allocateDirect(64), 64, 1, MPI.INFO_NULL, MPI.COMM_SELF);
    }

    private void tearDown() {
        selfCart.Free();
        selfGraph.Free();
        inter.Free();
        info.free();
        Comm.freeKeyval(fixtures.commKeyval);
        Datatype.freeKeyval(fixtures.typeKeyval);
        mpi.Win.freeKeyval(fixtures.winKeyval);
        win.unlockAll();
        win.free();
        fixtures.half.Free();
        fixtures.worldGroup.Free();
        fixtures.selfGroup.Free();
        probeFile.close();
        try (java.util.stream.Stream<java.nio.file.Path> left = java.nio.file.Files.walk(fileDir)) {
            left.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static Cartcomm newCart() {
        return MPI.COMM_SELF.Create_cart(new int[] {1}, new boolean[] {true}, false);
    }

    private static Graphcomm newGraph() {
        return MPI.COMM_SELF.Create_graph(new int[] {1}, new int[] {0}, false);
    }

    /** The objects methods are called on before Init: the predefined ones (null when a class has none). */
    private Object predefined(Class<?> c) {
        if (c == Intracomm.class) return MPI.COMM_WORLD;
        if (c == Comm.class) return MPI.COMM_NULL;
        if (c == Datatype.class) return MPI.INT;
        if (c == Group.class) return MPI.GROUP_EMPTY;
        if (c == Op.class) return MPI.SUM;
        if (c == Request.class) return MPI.REQUEST_NULL;
        if (c == Status.class) return new Status();
        if (c == mpi.Errhandler.class) return MPI.ERRORS_RETURN;
        if (c == mpi.Info.class) return MPI.INFO_ENV;
        if (c == mpi.Message.class) return new mpi.Message();
        return null;
    }

    /** After Finalize: the predefined objects, and the ones created after Init (all freed by now). */
    private Object afterFinalize(Class<?> c) {
        if (c == Cartcomm.class || c == mpi.CartComm.class) return selfCart;
        if (c == Graphcomm.class || c == mpi.GraphComm.class) return selfGraph;
        if (c == Intercomm.class) return inter;
        if (c == Prequest.class) return null;
        return predefined(c);
    }

    /** A live object of class c for the sweep; {@code fresh} for calls that change or free it. */
    private Object live(Class<?> c, boolean fresh) {
        if (c == Intracomm.class) return fresh ? MPI.COMM_SELF.clone() : MPI.COMM_SELF;
        if (c == Cartcomm.class || c == mpi.CartComm.class) return fresh ? newCart() : selfCart;
        if (c == Graphcomm.class || c == mpi.GraphComm.class) return fresh ? newGraph() : selfGraph;
        if (c == mpi.Info.class) return fresh ? new mpi.Info() : info;
        if (c == mpi.Message.class) return new mpi.Message();
        if (c == Intercomm.class) return fresh ? inter.clone() : inter;
        if (c == Datatype.class) {
            if (!fresh) return MPI.INT;
            Datatype t = Datatype.Contiguous(2, MPI.INT);
            t.Commit();
            return t;
        }
        if (c == Group.class) return fresh ? MPI.COMM_WORLD.Group() : fixtures.worldGroup;
        if (c == Op.class) return fresh ? new Op(BadArguments.SUM_INTS, true) : MPI.SUM;
        if (c == Request.class) return BadArguments.freshRequest();
        if (c == Prequest.class) return BadArguments.freshPrequest();
        if (c == Status.class) return MPI.COMM_SELF.Recv(new int[4], 0, 1, MPI.INT, MPI.PROC_NULL, 0);
        if (c == mpi.Errhandler.class) return MPI.ERRORS_RETURN;
        if (c == mpi.Win.class) {
            boolean dynamic = sweeping.equals("attach") || sweeping.equals("detach");
            return fresh || dynamic ? newWin(dynamic) : win;
        }
        if (c == mpi.File.class) return fresh ? newFile() : probeFile; // calls get a fresh one, closed after
        return null;
    }

    private static boolean changesReceiver(String method) {
        return Arrays.asList("Free", "free", "Commit", "Errhandler_set", "Attr_delete", "set", "delete", "setName",
                "setAttr", "deleteAttr", "setErrhandler", "fence", "start", "complete", "post", "waitFor", "test",
                "lock", "unlock", "lockAll", "unlockAll").contains(method);
    }

    /** Freed objects and null handles of class c, by description. */
    private Map<String, Supplier<Object>> freedOrNull(Class<?> c) {
        Map<String, Supplier<Object>> objects = new LinkedHashMap<>();
        if (c == Intracomm.class) objects.put("freed", () -> fixtures.freedComm);
        if (c == Comm.class) objects.put("MPI.COMM_NULL", () -> MPI.COMM_NULL);
        if (c == mpi.Info.class) {
            objects.put("freed", () -> {
                mpi.Info i = new mpi.Info();
                i.free();
                return i;
            });
            objects.put("MPI.INFO_NULL", () -> MPI.INFO_NULL);
        }
        if (c == Cartcomm.class || c == Graphcomm.class || c == Intercomm.class || c == mpi.CartComm.class
                || c == mpi.GraphComm.class) {
            objects.put("freed", () -> {
                Comm comm = (Comm) live(c, true);
                comm.Free();
                return comm;
            });
        }
        if (c == Group.class) {
            objects.put("freed", () -> fixtures.freedGroup);
            objects.put("MPI.GROUP_NULL", () -> MPI.GROUP_NULL);
        }
        if (c == Datatype.class) {
            objects.put("freed", () -> fixtures.freedType);
            objects.put("MPI.NULL", () -> MPI.NULL);
        }
        if (c == Op.class) objects.put("freed", () -> fixtures.freedOp);
        if (c == mpi.Win.class) {
            objects.put("freed", () -> {
                mpi.Win w = newWin(false);
                w.free();
                return w;
            });
        }
        if (c == mpi.File.class) {
            objects.put("freed", () -> {
                mpi.File file = newFile();
                file.close();
                return file;
            });
        }
        if (c == Request.class) objects.put("freed", () -> fixtures.freedRequest);
        if (c == Prequest.class) {
            objects.put("freed", () -> fixtures.freedPrequest);
        }
        return objects;
    }

    // ---------------------------------------------------------------- phases

    /** Before Init or after Finalize: every method on the predefined objects must throw IllegalStateException. */
    private void phase(Class<?> c, String phase, java.util.function.Function<Class<?>, Object> receivers,
                       String... words) {
        int before = failures.size();
        if (PURE_JAVA_CLASSES.containsKey(c.getSimpleName())) {
            for (Entry e : ApiCatalog.entries(c)) methods.add(e.label());
            return;
        }
        Object receiver = receivers.apply(c);
        for (Entry e : ApiCatalog.entries(c)) {
            methods.add(e.label());
            String key = key(e);
            if (ANY_STATE.containsKey(key) || ANY_STATE.containsKey(e.name())) continue;
            if (!e.isStatic() && receiver == null) continue; // no object of this class exists in this state
            if (phase.equals("before") && isInit(e)) {
                exempt++;
                continue;
            }
            Object[] args = isInit(e) ? baselineForInit(e) : bad.baseline(e.executable, e.isStatic() ? null : receiver);
            expect(e, e.isStatic() ? null : receiver, args, phase, List.of(IllegalStateException.class),
                    isInit(e) ? List.of("finalized") : Arrays.asList(words));
        }
        finish(before);
    }

    private static boolean isInit(Entry e) {
        return e.executable.getDeclaringClass() == MPI.class && (e.name().startsWith("Init") && !e.name()
                .equals("Initialized") || e.name().equals("initThread"));
    }

    private static Object[] baselineForInit(Entry e) {
        switch (e.executable.getParameterCount()) {
            case 1: return new Object[] {new String[0]};
            case 2: return new Object[] {new String[0], MPI.THREAD_FUNNELED};
            default: return new Object[] {MPI.THREAD_FUNNELED, MPI.THREAD_FUNNELED, new String[0]};
        }
    }

    /** After Init: a valid baseline per method, then each bad value of each parameter, one at a time. */
    private void sweep(Class<?> c) throws Exception {
        int before = failures.size();
        if (PURE_JAVA_CLASSES.containsKey(c.getSimpleName())) return;
        for (Entry e : ApiCatalog.entries(c)) {
            methods.add(e.label());
            if (!e.isStatic() && (c == Comm.class || live(c, false) == null)) continue; // Comm: COMM_NULL, see freed
            if (notCalled(e, "live")) continue;
            if (c == Intercomm.class && INTERCOMM_COLLECTIVES.contains(e.name())) {
                exempt++;
                continue;
            }
            sweeping = e.name();
            boolean intercommCreate = e.name().equals("Create_intercomm") || e.name().equals("createIntercomm");
            if (intercommCreate && c != Intracomm.class && NOT_CALLED.containsKey("Comm.Create_intercomm@other")) {
                exempt++;
                continue;
            }
            boolean fresh = changesReceiver(e.name()) || c == Request.class || c == Prequest.class
                    || c == Status.class || c == mpi.File.class;
            Supplier<Object> receiver = e.isStatic() ? () -> null
                    : intercommCreate ? () -> MPI.COMM_WORLD : () -> live(c, fresh);
            runBaseline(e, receiver);
            Executable x = e.executable;
            for (int i = 0; i < x.getParameterCount(); i++) {
                String param = x.getParameters()[i].getName();
                Object sample = receiver.get();
                List<Bad> bads = bad.bads(x, i, sample);
                dispose(sample, e);
                if (NOT_CALLED.containsKey(key(e) + "." + param)) {
                    exempt += bads.size();
                    continue;
                }
                for (Bad b : bads) {
                    Object r = receiver.get();
                    Object[] args = bad.baseline(x, r);
                    args[i] = b.value.get();
                    expect(e, r, args, param + "=" + b.label, b.allowed, b.anyWord);
                    dispose(r, e);
                }
            }
            mismatchedOps(e, receiver);
            if (++sinceHealthCheck >= 8) {
                sinceHealthCheck = 0;
                healthCheck();
            }
        }
        finish(before);
    }

    /** A reduction with an op that does not apply to the datatype: SUM on BOOLEAN, BAND on DOUBLE. */
    private void mismatchedOps(Entry e, Supplier<Object> receiver) {
        Class<?>[] types = e.executable.getParameterTypes();
        if (!Arrays.asList(types).contains(Op.class)) return;
        Object[][] combos = {{MPI.BOOLEAN, MPI.SUM, "MPI.SUM_on_BOOLEAN"},
                {MPI.DOUBLE, MPI.BAND, "MPI.BAND_on_DOUBLE"}};
        for (Object[] combo : combos) {
            Object r = receiver.get();
            Object[] args = bad.baseline(e.executable, r);
            for (int i = 0; i < types.length; i++) {
                if (types[i] == Datatype.class) args[i] = combo[0];
                if (types[i] == Op.class) args[i] = combo[1];
                if (types[i] == Object.class) args[i] = combo[0] == MPI.BOOLEAN ? new boolean[64] : new double[64];
            }
            expect(e, r, args, (String) combo[2], List.of(IllegalArgumentException.class),
                    List.of(combo[1].toString()));
            dispose(r, e);
        }
    }

    /** Every instance method on freed objects and null handles must throw IllegalStateException (or IAE for null). */
    private void freedPhase(Class<?> c) {
        int before = failures.size();
        if (PURE_JAVA_CLASSES.containsKey(c.getSimpleName())) return;
        for (Map.Entry<String, Supplier<Object>> object : freedOrNull(c).entrySet()) {
            boolean isNull = !object.getKey().equals("freed");
            for (Entry e : ApiCatalog.entries(c)) {
                if (e.isStatic()) continue;
                methods.add(e.label());
                if (notCalled(e, "freed")) continue;
                Object r = object.getValue().get();
                if (object.getKey().equals("MPI.NULL") && NULL_TYPE_VALID.containsKey(e.name())) {
                    exempt++;
                    continue;
                }
                if (VALID_WHEN_FREED.containsKey(e.name())) {
                    if (e.name().equals("Is_null") || e.name().equals("isNull")) { // not a bad case: it must be true
                        Object result = invokeQuietly(e, r, new Object[0]);
                        if (Boolean.TRUE.equals(result)) {
                            exempt++;
                        } else {
                            fail(e, object.getKey(), "Is_null returned " + result);
                        }
                    }
                    continue;
                }
                Object[] args = bad.baseline(e.executable, null);
                expect(e, r, args, "receiver=" + object.getKey(),
                        isNull ? List.of(IllegalStateException.class, IllegalArgumentException.class)
                                : List.of(IllegalStateException.class),
                        isNull ? List.of(object.getKey(), "null") : List.of("freed"));
            }
        }
        finish(before);
    }

    // ---------------------------------------------------------------- calls

    private void runBaseline(Entry e, Supplier<Object> receiver) {
        Object r = receiver.get();
        Object[] args = bad.baseline(e.executable, r);
        prepare(e, r, args);
        baselines++;
        Class<? extends Throwable> refused = BASELINE_REFUSED.getOrDefault(e.on.getSimpleName() + ":" + key(e),
                BASELINE_REFUSED.get(key(e)));
        try {
            dispose(invoke(e, r, args), e);
            endSplitCollective(e, r, args);
            disposeArguments(args, e);
            if (refused != null) fail(e, "baseline", "expected " + refused.getSimpleName() + ", nothing was thrown");
        } catch (Throwable t) {
            if (withoutTopology(e, r, t)) return;
            if (refused == null || !refused.isInstance(t)) fail(e, "baseline", "valid call threw " + t);
        } finally {
            cleanUp(e);
            dispose(r, e);
        }
    }

    /** One bad call: it must throw one of {@code allowed}, with the prefix and one of {@code anyWord}. */
    private void expect(Entry e, Object receiver, Object[] args, String label, List<Class<? extends Throwable>> allowed,
                        List<String> anyWord) {
        cases++;
        prepare(e, receiver, args);
        try {
            Object result = invoke(e, receiver, args);
            dispose(result, e);
            disposeArguments(args, e);
            fail(e, label, "accepted: returned " + result);
        } catch (Throwable t) {
            if (withoutTopology(e, receiver, t)) {
                rejected++;
                return;
            }
            String problem = judge(e, t, allowed, anyWord);
            if (problem == null) {
                rejected++;
            } else {
                fail(e, label, problem);
            }
        } finally {
            cleanUp(e);
        }
    }

    private static String judge(Entry e, Throwable thrown, List<Class<? extends Throwable>> allowed,
                                List<String> anyWord) {
        Throwable t = thrown;
        // Open MPI's API reports what natmpj finds wrong as an MPIException (of the argument's MPI error class), as
        // its bindings do; the Java exception natmpj's checks threw is its cause, with the same message.
        if (t instanceof mpi.MPIException && t.getCause() != null && !allowed.contains(mpi.MPIException.class)
                && String.valueOf(t.getMessage()).equals(t.getCause().getMessage())) {
            t = t.getCause();
        }
        Throwable judged = t;
        boolean typeOk = allowed.stream().anyMatch(a -> a.isInstance(judged));
        String message = String.valueOf(t.getMessage());
        if (!typeOk) return "threw " + t + " (expected " + names(allowed) + ")" + where(t);
        List<String> prefixes = new ArrayList<>(e.prefixes());
        String spelling = SPELLINGS.get(key(e));
        if (spelling != null) prefixes.add(spelling);
        // Every Cartesian (graph) communicator is a CartComm (GraphComm), Open MPI's API's subclass of Cartcomm
        // (Graphcomm): calls that name the receiver's class name it so.
        if (e.on == Cartcomm.class) prefixes.add("CartComm." + e.name());
        if (e.on == Graphcomm.class) prefixes.add("GraphComm." + e.name());
        if (prefixes.stream().noneMatch(p -> message.startsWith(p + ": "))) {
            return "message does not start with " + prefixes + ": " + t + where(t);
        }
        // MPI's own errors carry MPI's error string, which names no Java parameter
        if (!(t instanceof mpi.MPIException) && anyWord.stream().noneMatch(message::contains)) {
            return "message names none of " + anyWord + ": " + t;
        }
        return null;
    }

    /**
     * A neighbourhood collective on a communicator without a process topology (MPI.COMM_WORLD, say): refused with
     * MPI.ERR_TOPOLOGY, naming the call, before any argument is looked at (the per-neighbour counts need the
     * topology), as MPI refuses it.
     */
    private static boolean withoutTopology(Entry e, Object receiver, Throwable t) {
        return e.name().toLowerCase(java.util.Locale.ROOT).contains("neighbor") && receiver instanceof Comm
                && !(receiver instanceof Cartcomm) && !(receiver instanceof Graphcomm)
                && t instanceof mpi.MPIException && ((mpi.MPIException) t).getErrorClass() == MPI.ERR_TOPOLOGY
                && String.valueOf(t.getMessage()).startsWith("Comm." + e.name() + ": ");
    }

    private static String where(Throwable t) {
        StackTraceElement[] at = t.getStackTrace();
        return at.length > 0 ? " at " + at[0] : "";
    }

    private static String names(List<Class<? extends Throwable>> types) {
        StringBuilder s = new StringBuilder();
        for (Class<? extends Throwable> c : types) s.append(s.length() == 0 ? "" : "|").append(c.getSimpleName());
        return s.toString();
    }

    private static Object invoke(Entry e, Object receiver, Object[] args) throws Throwable {
        try {
            if (e.executable instanceof Constructor) return ((Constructor<?>) e.executable).newInstance(args);
            return ((Method) e.executable).invoke(receiver, args);
        } catch (InvocationTargetException x) {
            throw x.getCause();
        }
    }

    private Object invokeQuietly(Entry e, Object receiver, Object[] args) {
        try {
            return invoke(e, receiver, args);
        } catch (Throwable t) {
            return t;
        }
    }

    /** Buffer_detach needs a buffer attached; Win.detach its base attached to the (dynamic) window. */
    private static void prepare(Entry e, Object receiver, Object[] args) {
        if ((e.name().equals("Buffer_detach") || e.name().equals("detachBuffer")) && isLive()) {
            MPI.Buffer_attach(new byte[4096]);
        }
        if (e.name().equals("detach") && receiver instanceof mpi.Win && args.length == 1
                && args[0] instanceof java.nio.Buffer && ((java.nio.Buffer) args[0]).isDirect() && isLive()) {
            try {
                ((mpi.Win) receiver).attach((java.nio.Buffer) args[0], 16);
            } catch (mpi.MPIException freedOrNotDynamic) {
                // the freed phase's window: detach must refuse it all the same
            }
        }
    }

    /** Whatever Buffer_attach attached (baseline or a bad value wrongly accepted) is detached. */
    private static void cleanUp(Entry e) {
        if (!e.name().startsWith("Buffer_") && !e.name().endsWith("achBuffer") || !isLive()) return;
        try {
            MPI.Buffer_detach();
        } catch (IllegalStateException nothingAttached) {
            // the call did not attach anything
        }
    }

    private static boolean isLive() {
        try {
            MPI.Wtime();
            return true;
        } catch (IllegalStateException notActive) {
            return false;
        }
    }

    /** Frees what a call created (and a fresh receiver), so thousands of calls leak no MPI objects. */
    private void dispose(Object o, Entry e) {
        if (o == null || !isLive()) return;
        try {
            if (o instanceof Prequest) {
                ((Request) o).Wait();
                ((Request) o).Free();
            } else if (o instanceof Request) {
                if (!((Request) o).Is_null()) ((Request) o).Wait();
            } else if (o instanceof Comm) {
                Request idup = ((Comm) o).getRequest(); // iDup's: the communicator is usable once it completes
                if (idup != null && !idup.isNull()) idup.waitFor();
                if (o != MPI.COMM_WORLD && o != MPI.COMM_SELF && o != selfCart && o != selfGraph && o != inter
                        && o != fixtures.half && !((Comm) o).Is_null()) {
                    ((Comm) o).Free();
                }
            } else if (o instanceof Group) {
                if (o != fixtures.worldGroup && o != fixtures.selfGroup && o != MPI.GROUP_EMPTY) ((Group) o).Free();
            } else if (o instanceof Datatype) {
                if (!o.toString().startsWith("MPI.") && o != fixtures.freedType) ((Datatype) o).Free();
            } else if (o instanceof mpi.Info) {
                if (o != MPI.INFO_ENV && o != MPI.INFO_NULL && o != info && !((mpi.Info) o).isNull()) {
                    ((mpi.Info) o).free();
                }
            } else if (o instanceof Op) {
                if (!o.toString().startsWith("MPI.") && o != fixtures.freedOp) ((Op) o).Free();
            } else if (o instanceof mpi.Win && o != win) {
                disposeWin((mpi.Win) o);
            } else if (o instanceof mpi.File) {
                if (o == probeFile) return;
                try {
                    ((mpi.File) o).close();
                } catch (mpi.MPIException closed) { // by the call under test (or a split collective left active)
                    if (!(closed.getCause() instanceof IllegalStateException)) throw closed;
                }
            }
        } catch (IllegalStateException alreadyFreed) {
            // the call under test freed it
        } catch (RuntimeException x) {
            fail(e, "cleanup", "freeing " + o + " threw " + x);
        }
    }

    /** Frees a fresh window, ending first whatever epoch the call under test left open. */
    private static void disposeWin(mpi.Win w) {
        try {
            w.free();
            return;
        } catch (mpi.MPIException x) {
            if (x.getCause() instanceof IllegalStateException) return; // freed already (the freed phase's)
        }
        for (int i = 0; i < 4; i++) {
            try {
                if (i == 0) w.complete();
                if (i == 1) w.waitFor();
                if (i == 2) w.unlockAll();
                if (i == 3) w.unlock(0);
            } catch (mpi.MPIException noSuchEpoch) {
                // not this one
            }
        }
        try {
            w.free();
        } catch (mpi.MPIException stillOpen) {
            // an epoch no call above ends: the window (of COMM_SELF) stays until MPI_Finalize
        }
    }

    /** A File's split collective begun by a baseline is ended (with its buffer), so the file can be closed. */
    private static void endSplitCollective(Entry e, Object receiver, Object[] args) throws Exception {
        if (!(receiver instanceof mpi.File) || !e.name().endsWith("Begin")) return;
        Object buf = null;
        Class<?>[] types = e.executable.getParameterTypes();
        for (int i = 0; i < types.length; i++) if (types[i] == Object.class) buf = args[i];
        String end = e.name().substring(0, e.name().length() - "Begin".length()) + "End";
        mpi.File.class.getMethod(end, Object.class).invoke(receiver, buf);
    }

    /** Requests passed in arrays (Waitall, Startall, ...) are completed and freed like results. */
    private void disposeArguments(Object[] args, Entry e) {
        for (Object a : args) {
            if (a instanceof Request[]) for (Request r : (Request[]) a) if (r != MPI.REQUEST_NULL) dispose(r, e);
        }
    }

    private boolean notCalled(Entry e, String phase) {
        String k = declared(e) + "." + e.name(), arity = k + "/" + e.executable.getParameterCount();
        if (NOT_CALLED.containsKey(k) || NOT_CALLED.containsKey(k + "#" + phase) || NOT_CALLED.containsKey(arity)
                || NOT_CALLED.containsKey(arity + "#" + phase)) {
            exempt++;
            return true;
        }
        return false;
    }

    private static String declared(Entry e) {
        return e.executable.getDeclaringClass().getSimpleName();
    }

    private static String key(Entry e) {
        return declared(e) + "." + e.name();
    }

    private void fail(Entry e, String label, String problem) {
        failed++;
        String line = e.label() + " [" + label + "]: " + problem;
        failures.add(line);
        System.out.println("BADINPUT FAIL " + line);
    }

    private void finish(int before) {
        if (failures.size() == before) return;
        List<String> mine = failures.subList(before, failures.size());
        throw new AssertionError(mine.size() + " failures: " + String.join(" | ", mine.subList(0,
                Math.min(12, mine.size()))));
    }

    /** A real exchange on COMM_WORLD: a ring Sendrecv and an Allreduce, both checked. */
    private void healthCheck() {
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.Rank(), size = world.Size();
        int[] out = {rank * 7 + 1}, in = new int[1];
        world.Sendrecv(out, 0, 1, MPI.INT, (rank + 1) % size, 5, in, 0, 1, MPI.INT, (rank + size - 1) % size, 5);
        Check.eq(((rank + size - 1) % size) * 7 + 1, in[0], "ring value");
        int[] sum = new int[1];
        world.Allreduce(new int[] {rank + 1}, 0, sum, 0, 1, MPI.INT, MPI.SUM);
        Check.eq(size * (size + 1) / 2, sum[0], "Allreduce");
    }
}
