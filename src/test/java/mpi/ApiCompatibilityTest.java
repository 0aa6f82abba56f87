package mpi;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.BufferedInputStream;
import java.io.DataInputStream;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.Constructor;
import java.lang.reflect.Executable;
import java.lang.reflect.Field;
import java.lang.reflect.Member;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.net.URL;
import java.net.URLClassLoader;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * natmpj's package {@code mpi} must accept every program written for the mpiJava 1.2 API, which has two references:
 * <ul>
 *   <li>MPJ Express 0.44 (Debian's libmpj-java): every public class, constructor, method and field of package
 *       {@code mpi} in its mpi.jar and mpj.jar, read by reflection (nothing hand-listed, so nothing is forgotten),
 *       minus the internals listed in {@link #EXCLUDED_CLASSES} / {@link #EXCLUDED_MEMBERS} and the rules in
 *       {@link #ruledOut} and {@link #mentionsInternals(String)};</li>
 *   <li>the mpiJava 1.2 specification, for the forms MPJ Express lacks ({@link #MPIJAVA_ONLY}), plus natmpj's own
 *       documented additions ({@link #NATMPJ_FORMS}).</li>
 * </ul>
 * Two kinds of compatibility are checked:
 * <ul>
 *   <li>Source ({@link #everyMpjExpressApiMemberExistsCompatibly}): what a program recompiled against natmpj needs,
 *       as compilers see natmpj's classes (without synthetic methods, which compilers ignore in class files, and
 *       with the fields nearest the class, which hide their superclasses' fields of the same name): same
 *       name and parameter types; return type equal, a subtype, or anything where the reference returns void; same
 *       static-ness; fields of the same or a subtype; compile-time constants ({@code static final} with a constant
 *       value, usable in {@code switch}) with the same value; the same superclass relations.</li>
 *   <li>Binary ({@link #everyMpjExpressMemberLinksWithItsExactDescriptor}): what a class compiled against MPJ
 *       Express needs to link and run on natmpj, as the JVM resolves it (JVMS 5.4.3.2, 5.4.3.3): every field,
 *       method and constructor with its exact descriptor, found along natmpj's superclass chain, with the same
 *       static-ness, access at least as wide, not final where a program may assign or override it; the same class
 *       kind (interface or not, not abstract or final where MPJ Express's is not) and supertypes. natmpj declares
 *       the descriptors its source cannot as synthetic methods (void Buffer_detach(), public finalize(); see
 *       src/build/java/SyntheticForms.java) and as fields hidden in a package-private superclass (COMM_SELF as a
 *       Comm, in mpi.MpjExpressFields); every such member must be one of these.</li>
 * </ul>
 * Classes are never initialised (ours would load libnatmpj, theirs would start MPJ Express), so constant values are
 * read from the class files.
 */
class ApiCompatibilityTest {
    private static final File MPJ_LIB = new File("/usr/share/mpj/lib");
    private static final List<String> API_JARS = List.of("mpi.jar", "mpj.jar");
    /** MPJ Express's signatures mention log4j types; they must resolve for reflection to work. */
    private static final File LOG4J = new File("/usr/share/java/log4j-1.2.jar");

    /** MPJ Express classes of package mpi that are implementation, not API: regex on the simple name, reason. */
    private static final String[][] EXCLUDED_CLASSES = {
        {"(Sum|Prod|Max|Min|Band|Bor|Bxor|Land|Lor|Lxor)(Byte|Char|Short|Boolean|Int|Long|Float|Double)?",
            "implementation subclasses behind the predefined Op objects MPI.SUM, MPI.MAX, ...; programs use those"},
        {".*Worker", "per-operation reduction workers (OpWorker implementations) of MPJ Express's pure-Java reduce"},
        {"Maxloc|Minloc", "User_function implementations behind MPI.MAXLOC / MPI.MINLOC"},
        {"Packer|GenericPacker|(Simple|Gather|Multistrided)Packer.*",
            "MPJ Express's marshalling of buffers into its mpjbuf.Buffer"},
        {"BasicType|Contiguous|Vector|Indexed|Struct",
            "Datatype implementation subclasses; programs get them as Datatype from MPI.INT or Datatype.Vector(...)"},
        {"IntracommImpl|PureIntracomm|NativeIntracomm|ProcTree",
            "collective algorithms and device glue behind Intracomm"},
    };

    /** Where an exclusion applies: to source compatibility only (compiled classes link), or to both. */
    private static final String SOURCE = "source", BOTH = "source and binary";
    private static final String STATUS_BOOKKEEPING = "MPJ Express's message bookkeeping in mpi.Status's superclass"
            + " mpjdev.Status, which each of its devices fills its own way; the API is Get_count and Get_elements,"
            + " which natmpj answers from MPI's status when asked (filling the fields would cost every receive an"
            + " MPI_Get_count)";

    /**
     * MPJ Express members natmpj leaves out, one by one: {the member as {@link #jvmKey} prints it (MPJ Express's
     * declaring class, name, JVM descriptor), where it applies, why}. Whole kinds are left out by rules instead:
     * {@link #mentionsInternals(String)}, {@link #ruledOut} (source) and {@link #subclassable} (binary).
     */
    private static final String[][] EXCLUDED_MEMBERS = {
        {"Datatype.<init>()V", BOTH, "constructor of MPJ Express's abstract Datatype, which has a package-private"
            + " abstract method (createWriteBuffer): javac refuses every concrete subclass outside package mpi, so no"
            + " program's object ever runs it (the JVM resolves a constructor reference only when it runs); natmpj's"
            + " Datatype is concrete and makes its objects itself"},
        {"mpjdev.Status.count:I", BOTH, STATUS_BOOKKEEPING},
        {"mpjdev.Status.countInBytes:I", BOTH, STATUS_BOOKKEEPING},
        {"mpjdev.Status.numEls:I", BOTH, STATUS_BOOKKEEPING},
        {"mpjdev.Status.srcID:Ljava/util/UUID;", BOTH, "the UUID of the sender's process in MPJ Express's niodev"
            + " device; MPI has no such identity (Status.source is the sender's rank)"},
    };

    /**
     * mpiJava 1.2 forms MPJ Express lacks or declares differently: {class, signature, where it comes from}.
     * Spec = "mpiJava 1.2: API Specification", Carpenter, Fox, Ko, Lim, CRPC-TR99804, 1999, by section title
     * (HTML editions: www.hpjava.org/mpiJava-spec/nodeNN.html, and the draft www.hpjava.org/reports/mpiInterface/
     * mpi_interface/nodeNN.html, "draft nodeNN"); 1.2.5 = the mpiJava 1.2.5 reference implementation, src/Java/mpi.
     * Left out on purpose, because the spec does not have them or Java cannot have both forms:
     * instance Datatype.Contiguous(int) etc. (spec Derived datatypes: static, with oldtype, as in MPJ Express);
     * Group/Datatype/Op/Status Free() (spec Data types, draft node7: destructors are finalize(), except Comm and
     * Request; natmpj's own Free() forms are in NATMPJ_FORMS); int Comm.Attr_get(int) (spec Caching; clashes with
     * MPJ Express's Object Attr_get(int), which is kept); Intracomm.Creat(Group) (a misspelling in 1.2.5 only;
     * spec node51 says Create); MPI.Get_version and the thread functions (the spec binds MPI 1.1).
     */
    private static final String[][] MPIJAVA_ONLY = {
        {"MPI", "static void Buffer_attach(byte[])", "spec Buffer allocation (draft node17); 1.2.5 MPI.java"},
        {"MPI", "static byte[] Buffer_detach()", "spec Buffer allocation (draft node17): returns buffer; 1.2.5"},
        {"MPI", "static int WTIME_IS_GLOBAL", "spec Caching (node54): key named with TAG_UB, HOST, IO"},
        {"Comm", "int Pack(Object,int,int,Datatype,byte[],int)", "spec Pack and unpack; 1.2.5 Comm.java"},
        {"Comm", "int Unpack(byte[],int,Object,int,int,Datatype)", "spec Pack and unpack; 1.2.5 Comm.java"},
        {"Comm", "boolean Is_null()", "spec Communicator management (node51); 1.2.5 Comm.java"},
        // The spec prints these two as static, which cannot name the communicator; 1.2.5 has instance methods.
        {"Comm", "void Errhandler_set(Errhandler)", "spec Error handling (node63); 1.2.5 Comm.java"},
        {"Comm", "Errhandler Errorhandler_get()", "spec Error handling (node63); 1.2.5 Comm.java"},
        {"Request", "void Free()", "spec Nonblocking communication (draft node18); 1.2.5"},
    };

    private static final String NBC = "MPI-3 non-blocking collective in mpiJava's naming (docs/mpi3.md)";

    /** natmpj's own additions, beyond both references: {class, signature, why}. */
    private static final String[][] NATMPJ_FORMS = {
        {"MPI", "static int Init_thread(String[],int)", "MPI_INIT_THREAD; returns the provided level"},
        {"MPI", "static int Query_thread()", "MPI_QUERY_THREAD"},
        {"MPI", "static boolean Is_thread_main()", "MPI_IS_THREAD_MAIN"},
        {"Group", "void Free()", "explicit MPI_GROUP_FREE; natmpj never overrides finalize()"},
        {"Datatype", "void Free()", "explicit MPI_TYPE_FREE; natmpj never overrides finalize()"},
        {"Op", "void Free()", "explicit MPI_OP_FREE; natmpj never overrides finalize()"},
        {"MPI", "static java.nio.ByteBuffer newByteBuffer(int)", "direct buffer on 2 MiB-aligned huge pages from "
                + "2 MiB; Open MPI's Java bindings' name"},
        {"Intracomm", "Request Ibarrier()", NBC},
        {"Intracomm", "Request Ibcast(Object,int,int,Datatype,int)", NBC},
        {"Intracomm", "Request Ireduce(Object,int,Object,int,int,Datatype,Op,int)", NBC},
        {"Intracomm", "Request Iallreduce(Object,int,Object,int,int,Datatype,Op)", NBC},
        {"Intracomm", "Request Iscan(Object,int,Object,int,int,Datatype,Op)", NBC},
        {"Intracomm", "Request Ireduce_scatter(Object,int,Object,int,int[],Datatype,Op)", NBC},
        {"Intracomm", "Request Igather(Object,int,int,Datatype,Object,int,int,Datatype,int)", NBC},
        {"Intracomm", "Request Igatherv(Object,int,int,Datatype,Object,int,int[],int[],Datatype,int)", NBC},
        {"Intracomm", "Request Iscatter(Object,int,int,Datatype,Object,int,int,Datatype,int)", NBC},
        {"Intracomm", "Request Iscatterv(Object,int,int[],int[],Datatype,Object,int,int,Datatype,int)", NBC},
        {"Intracomm", "Request Iallgather(Object,int,int,Datatype,Object,int,int,Datatype)", NBC},
        {"Intracomm", "Request Iallgatherv(Object,int,int,Datatype,Object,int,int[],int[],Datatype)", NBC},
        {"Intracomm", "Request Ialltoall(Object,int,int,Datatype,Object,int,int,Datatype)", NBC},
        {"Intracomm", "Request Ialltoallv(Object,int,int[],int[],Datatype,Object,int,int[],int[],Datatype)", NBC},
    };

    private static final ClassLoader OURS = ApiCompatibilityTest.class.getClassLoader();

    /** Problems by class simple name, each one line. */
    private final Map<String, List<String>> problems = new TreeMap<>();
    private final Set<String> usedExclusions = new TreeSet<>();
    private int checked;

    @Test
    void everyMpjExpressApiMemberExistsCompatibly() throws Exception {
        try (URLClassLoader mpj = installedMpjExpress()) {
            List<Class<?>> api = apiClasses(mpj);
            for (Class<?> theirs : api) compareClass(theirs, mpj);
            reportUnusedExclusions(false);
            report("MPJ Express 0.44 API, source", api.size());
            assertTrue(api.size() >= 18 && checked >= 200, "only " + checked + " members compared");
        }
    }

    @Test
    void everyMpjExpressMemberLinksWithItsExactDescriptor() throws Exception {
        try (URLClassLoader mpj = installedMpjExpress()) {
            List<Class<?>> api = apiClasses(mpj);
            Set<Member> linked = new HashSet<>();
            for (Class<?> theirs : api) linkClass(theirs, linked);
            for (Class<?> theirs : api) {
                Class<?> ours = ourClass(theirs.getName());
                if (ours != null) checkSyntheticMembers(ours, linked);
            }
            reportUnusedExclusions(true);
            report("MPJ Express 0.44 API, binary (JVM descriptors)", api.size());
            assertTrue(api.size() >= 18 && checked >= 300, "only " + checked + " members compared");
        }
    }

    @Test
    void everyMpiJavaFormMpjExpressLacksExists() throws Exception {
        File[] jars = MPJ_LIB.listFiles((dir, name) -> name.endsWith(".jar"));
        URLClassLoader mpj = jars == null || jars.length == 0 ? null : mpjLoader(jars);
        try {
            checkTable(MPIJAVA_ONLY, "mpiJava 1.2", mpj);
            checkTable(NATMPJ_FORMS, "natmpj", mpj);
        } finally {
            if (mpj != null) mpj.close();
        }
        report("mpiJava 1.2 forms beyond MPJ Express and natmpj's own forms", -1);
    }

    // ---- MPJ Express, by reflection ----

    /** A loader of MPJ Express's jars; the test is skipped when it is not installed. */
    private static URLClassLoader installedMpjExpress() throws IOException {
        File[] jars = MPJ_LIB.listFiles((dir, name) -> name.endsWith(".jar"));
        Assumptions.assumeTrue(jars != null && jars.length > 0, "MPJ Express (libmpj-java) is not installed");
        return mpjLoader(jars);
    }

    private static URLClassLoader mpjLoader(File[] jars) throws IOException {
        List<URL> urls = new ArrayList<>();
        for (File jar : jars) urls.add(jar.toURI().toURL());
        if (LOG4J.isFile()) urls.add(LOG4J.toURI().toURL());
        return new URLClassLoader(urls.toArray(new URL[0]), null); // null parent: never sees natmpj's mpi classes
    }

    /** Public top-level classes of package mpi in mpi.jar and mpj.jar, minus EXCLUDED_CLASSES. */
    private List<Class<?>> apiClasses(ClassLoader mpj) throws IOException, ClassNotFoundException {
        Set<String> names = new TreeSet<>();
        for (String jarName : API_JARS) {
            try (JarFile jar = new JarFile(new File(MPJ_LIB, jarName))) {
                for (JarEntry e : java.util.Collections.list(jar.entries())) {
                    String n = e.getName();
                    // Nested and anonymous classes (Comm$1, Comm$PendingMessage, Vector$VectorPacker) are internals.
                    if (n.matches("mpi/[^/$]+\\.class")) names.add(n.substring(4, n.length() - 6));
                }
            }
        }
        Map<String, Boolean> patternUsed = new LinkedHashMap<>();
        for (String[] ex : EXCLUDED_CLASSES) patternUsed.put(ex[0], false);
        List<Class<?>> api = new ArrayList<>();
        for (String name : names) {
            Class<?> c = Class.forName("mpi." + name, false, mpj);
            // Package-private ones (Freeable) cannot be named by programs.
            if (!Modifier.isPublic(c.getModifiers())) continue;
            String pattern = excludedClassPattern(name);
            if (pattern != null) patternUsed.put(pattern, true);
            else api.add(c);
        }
        patternUsed.forEach((p, used) -> {
            if (!used) problem("(exclusions)", "class pattern " + p + " matches nothing");
        });
        return api;
    }

    private static String excludedClassPattern(String simpleName) {
        for (String[] ex : EXCLUDED_CLASSES) if (Pattern.matches(ex[0], simpleName)) return ex[0];
        return null;
    }

    private static boolean isApiClass(Class<?> c) {
        return c.getPackageName().equals("mpi") && Modifier.isPublic(c.getModifiers())
                && !c.getName().contains("$") && excludedClassPattern(c.getSimpleName()) == null;
    }

    private void compareClass(Class<?> theirs, ClassLoader mpj) throws IOException {
        String cls = theirs.getSimpleName();
        Class<?> ours = ourClass(theirs.getName());
        checked++;
        if (ours == null) {
            problem(cls, "class is missing (public class mpi." + cls + ")");
        } else {
            if (!Modifier.isPublic(ours.getModifiers())) problem(cls, "class is not public");
            if (Modifier.isAbstract(ours.getModifiers()) && !Modifier.isAbstract(theirs.getModifiers())) {
                problem(cls, "class is abstract; MPJ Express's is concrete");
            }
            // Nearest superclass a program can see: an API class of package mpi, or a JDK class (Exception).
            Class<?> sup = theirs.getSuperclass();
            while (sup != null && !isApiClass(sup) && !sup.getName().startsWith("java.")) sup = sup.getSuperclass();
            Class<?> expected = sup == null ? null : ourEquivalent(sup);
            if (sup != null && (expected == null || !expected.isAssignableFrom(ours))) {
                problem(cls, "class must extend " + sup.getName() + " (ours extends " + ours.getSuperclass() + ")");
            }
        }
        for (Constructor<?> c : theirs.getConstructors()) {
            if (ruledOut(c) || excluded(jvmKey(c), false)) continue;
            checked++;
            Constructor<?> match = ours == null ? null : findConstructor(ours, c.getParameterTypes());
            if (match == null) problem(cls, "missing: " + describe(theirs, c));
        }
        for (Method m : theirs.getMethods()) {
            if (m.getDeclaringClass() == Object.class || inheritedFromApi(theirs, m.getDeclaringClass())
                    || ruledOut(m) || excluded(jvmKey(m), false)) {
                continue;
            }
            checked++;
            compareMethod(cls, m, ours);
        }
        for (Field f : theirs.getFields()) {
            if (inheritedFromApi(theirs, f.getDeclaringClass()) || mentionsInternals(f.getType())
                    || excluded(jvmKey(f), false)) {
                continue;
            }
            checked++;
            compareField(cls, f, ours, mpj);
        }
        if (ours != null) {
            // A program's subclass (of User_function, say) must not be left with an abstract method to implement.
            for (Method o : ours.getMethods()) {
                if (!Modifier.isAbstract(o.getModifiers())) continue;
                Method t = findMethod(theirs, o.getName(), o.getParameterTypes());
                if (t == null || !Modifier.isAbstract(t.getModifiers())) {
                    problem(cls, "abstract in natmpj only, would break subclasses: " + describe(ours, o));
                }
            }
        }
    }

    /** Members a subclass inherits from an API superclass are checked there (ours inherits them too). */
    private static boolean inheritedFromApi(Class<?> theirs, Class<?> declaring) {
        return declaring != theirs && isApiClass(declaring);
    }

    /**
     * Rules that exclude whole kinds of MPJ Express methods and constructors from source compatibility, rather than
     * single entries.
     */
    private static boolean ruledOut(Executable member) {
        if (mentionsInternals(descriptor(member))) return true;
        // MPJ Express overrides finalize() as public and empty in Datatype, Group, Op and Request. natmpj's source
        // never overrides finalize() (it releases handles with a Cleaner), so a program calling it does not compile
        // against natmpj: delete the call, which did nothing. Compiled classes link to natmpj's synthetic, empty,
        // public finalize() (checked by the binary comparison).
        return member.getName().equals("finalize") && member.getParameterCount() == 0;
    }

    /**
     * MPJ Express's device and buffer layers are not API: Comm.mpjdevComm, Request(mpjdev.Request), Comm.Pack(...,
     * mpjbuf.Buffer, int) (natmpj has the mpiJava byte[] form, checked in MPIJAVA_ONLY), Status.type ... natmpj has
     * no such objects to give, and a class can name these types only with mpj.jar on its class path; declaring them
     * would make natmpj need mpj.jar.
     */
    private static boolean mentionsInternals(String descriptor) {
        return descriptor.contains("Lmpjdev/") || descriptor.contains("Lmpjbuf/") || descriptor.contains("Lxdev/");
    }

    private static boolean mentionsInternals(Class<?> type) {
        return mentionsInternals(descriptor(type));
    }

    /** Whether EXCLUDED_MEMBERS leaves out {@code key} (from the binary comparison: only the BOTH entries). */
    private boolean excluded(String key, boolean binary) {
        for (String[] ex : EXCLUDED_MEMBERS) {
            if (ex[0].equals(key) && (!binary || ex[1].equals(BOTH))) {
                usedExclusions.add(key);
                return true;
            }
        }
        return false;
    }

    private void reportUnusedExclusions(boolean binary) {
        for (String[] ex : EXCLUDED_MEMBERS) {
            if ((!binary || ex[1].equals(BOTH)) && !usedExclusions.contains(ex[0])) {
                problem("(exclusions)", ex[0] + " matches nothing");
            }
        }
    }

    private void compareMethod(String cls, Method m, Class<?> ours) {
        Method match = ours == null ? null : findMethod(ours, m.getName(), m.getParameterTypes());
        if (match == null) {
            problem(cls, "missing: " + describe(m.getDeclaringClass(), m));
            return;
        }
        List<String> why = new ArrayList<>();
        if (Modifier.isStatic(match.getModifiers()) != Modifier.isStatic(m.getModifiers())) why.add("static-ness");
        if (!returnCompatible(m.getReturnType(), match.getReturnType())) why.add("return type");
        if (Modifier.isAbstract(m.getModifiers())) {
            // Programs override it: the return type must be identical and the method overridable.
            if (!m.getReturnType().getTypeName().equals(match.getReturnType().getTypeName())) why.add("return type");
            if (Modifier.isFinal(match.getModifiers())) why.add("final");
        }
        for (Class<?> e : match.getExceptionTypes()) {
            if (!RuntimeException.class.isAssignableFrom(e) && !Error.class.isAssignableFrom(e)) {
                why.add("checked " + e.getName());
            }
        }
        if (!why.isEmpty()) {
            problem(cls, "incompatible (" + String.join(", ", new TreeSet<>(why)) + "): " + describe(ours, match)
                    + "  vs MPJ Express " + describe(m.getDeclaringClass(), m));
        }
    }

    private void compareField(String cls, Field f, Class<?> ours, ClassLoader mpj) {
        Field o = ours == null ? null : sourceField(ours, f.getName());
        if (o == null) {
            problem(cls, "missing: " + describe(f));
            return;
        }
        List<String> why = new ArrayList<>();
        if (Modifier.isStatic(o.getModifiers()) != Modifier.isStatic(f.getModifiers())) why.add("static-ness");
        Class<?> expected = ourEquivalent(f.getType());
        if (expected == null || !expected.isAssignableFrom(o.getType())) why.add("type");
        Object value = constants(mpj, f.getDeclaringClass()).get(f.getName());
        if (value != null) {
            // Compiled programs inline the value, and only a constant can be a switch label.
            Object ourValue = constants(OURS, o.getDeclaringClass()).get(o.getName());
            if (!value.equals(ourValue)) {
                why.add("must be the compile-time constant " + value + ", is "
                        + (ourValue == null ? "not a constant" : ourValue));
            }
        }
        if (!why.isEmpty()) {
            problem(cls, "incompatible (" + String.join(", ", why) + "): " + describe(o) + "  vs MPJ Express "
                    + describe(f));
        }
    }

    // ---- binary compatibility: what the JVM resolves ----

    /**
     * Links every member of MPJ Express's class {@code theirs} that a class compiled against MPJ Express can refer to
     * through it (declared or inherited: the compiler names the class of the expression, and the JVM looks the
     * member up along that class's superclasses and interfaces) against natmpj's class of the same name, by exact
     * name and descriptor. Adds natmpj's members that they resolve to to {@code linked}.
     */
    private void linkClass(Class<?> theirs, Set<Member> linked) {
        String cls = theirs.getSimpleName();
        Class<?> ours = ourClass(theirs.getName());
        checked++;
        if (ours == null) {
            problem(cls, "class is missing (public class mpi." + cls + ")");
            return;
        }
        int t = theirs.getModifiers(), o = ours.getModifiers();
        if (!Modifier.isPublic(o)) problem(cls, "class is not public");
        if (theirs.isInterface() != ours.isInterface()) {
            problem(cls, "class is " + (ours.isInterface() ? "an interface" : "a class") + ", MPJ Express's is not"
                    + " (IncompatibleClassChangeError)");
        }
        if (!Modifier.isAbstract(t) && Modifier.isAbstract(o)) {
            problem(cls, "class is abstract, MPJ Express's is not (new fails with InstantiationError)");
        }
        if (!Modifier.isFinal(t) && Modifier.isFinal(o)) {
            problem(cls, "class is final, MPJ Express's is not (a program's subclass fails to load)");
        }
        for (Class<?> s : supertypes(theirs)) {
            // mpjdev.Status, xdev.XDevException, the package-private Freeable: see mentionsInternals
            if (!isApiClass(s) && !s.getName().startsWith("java.")) continue;
            Class<?> expected = ourEquivalent(s);
            if (expected == null || !expected.isAssignableFrom(ours)) {
                problem(cls, "is not a subtype of " + s.getName() + " (the verifier checks assignments, catch, throw)");
            }
        }
        boolean subclassable = subclassable(theirs);
        for (Constructor<?> k : theirs.getDeclaredConstructors()) {
            String key = jvmKey(k);
            if (!linkable(k.getModifiers(), !Modifier.isFinal(t)) || mentionsInternals(descriptor(k))
                    || excluded(key, true)) {
                continue;
            }
            checked++;
            Constructor<?> match = null;
            for (Constructor<?> c : ours.getDeclaredConstructors()) if (descriptor(c).equals(descriptor(k))) match = c;
            if (match == null) {
                problem(cls, "missing: " + key + " (NoSuchMethodError)");
            } else {
                linked.add(match);
                checkAccess(cls, key, k.getModifiers(), match.getModifiers());
            }
        }
        for (Field f : linkableFields(theirs, subclassable)) {
            String desc = descriptor(f.getType());
            String key = jvmKey(f);
            if (mentionsInternals(desc) || excluded(key, true)) continue;
            checked++;
            Field match = resolveField(ours, f.getName(), desc);
            if (match == null) {
                problem(cls, "missing: " + key + " (NoSuchFieldError)");
                continue;
            }
            linked.add(match);
            checkAccess(cls, key, f.getModifiers(), match.getModifiers());
            if (Modifier.isStatic(f.getModifiers()) != Modifier.isStatic(match.getModifiers())) {
                problem(cls, "static-ness differs: " + key + " (IncompatibleClassChangeError)");
            }
            if (!Modifier.isFinal(f.getModifiers()) && Modifier.isFinal(match.getModifiers())) {
                problem(cls, "final in natmpj only: " + key + " (a class that assigns it gets IllegalAccessError)");
            }
        }
        for (Method m : linkableMethods(theirs, subclassable)) {
            String key = jvmKey(m);
            if (mentionsInternals(descriptor(m)) || excluded(key, true)) continue;
            checked++;
            Method match = resolveMethod(ours, m.getName(), descriptor(m));
            if (match == null) {
                problem(cls, "missing: " + key + " (NoSuchMethodError)");
                continue;
            }
            linked.add(match);
            checkAccess(cls, key, m.getModifiers(), match.getModifiers());
            int mm = m.getModifiers(), om = match.getModifiers();
            if (Modifier.isStatic(mm) != Modifier.isStatic(om)) {
                problem(cls, "static-ness differs: " + key + " (IncompatibleClassChangeError)");
            }
            if (subclassable && !Modifier.isStatic(mm) && !Modifier.isFinal(mm) && Modifier.isFinal(om)) {
                problem(cls, "final in natmpj only: " + key + " (a program's subclass overriding it fails to load)");
            }
            if (subclassable && !Modifier.isAbstract(mm) && Modifier.isAbstract(om)) {
                problem(cls, "abstract in natmpj only: " + key + " (AbstractMethodError in a program's subclass)");
            }
        }
    }

    /**
     * natmpj's members that compilers do not see exist only for classes compiled against MPJ Express: each synthetic
     * member (but bridges) and each public field hidden by a field of the same name nearer the class must be the
     * target of one of MPJ Express's members. No member may keep SyntheticForms' mark in its name.
     */
    private void checkSyntheticMembers(Class<?> ours, Set<Member> linked) {
        List<Member> members = new ArrayList<>(Arrays.asList(ours.getDeclaredFields()));
        members.addAll(Arrays.asList(ours.getDeclaredMethods()));
        members.addAll(Arrays.asList(ours.getDeclaredConstructors()));
        for (Member m : members) {
            if (m.getName().contains("$$")) problem(ours.getSimpleName(), "member name not renamed: " + m);
            boolean bridge = m instanceof Method && ((Method) m).isBridge();
            if (!m.isSynthetic() || bridge || !linkable(m.getModifiers(), true)) continue;
            checked++;
            if (!linked.contains(m)) {
                problem(ours.getSimpleName(), "synthetic member that no MPJ Express member links to: " + m);
            }
        }
        for (Class<?> k = ours.getSuperclass(); k != null && k.getPackageName().equals("mpi"); k = k.getSuperclass()) {
            for (Field f : k.getDeclaredFields()) {
                if (!Modifier.isPublic(f.getModifiers()) || f.equals(sourceField(ours, f.getName()))) continue;
                checked++;
                if (!linked.contains(f)) {
                    problem(ours.getSimpleName(), "hidden field that no MPJ Express member links to: " + f);
                }
            }
        }
    }

    private static boolean linkable(int modifiers, boolean subclassable) {
        return Modifier.isPublic(modifiers) || Modifier.isProtected(modifiers) && subclassable;
    }

    /**
     * Whether a program can subclass MPJ Express's class, which is what makes its protected members reachable: it
     * is not final and has a public or protected constructor. Comm and its subclasses have neither, so their
     * protected send/recv/... helpers are left out: no program can call them.
     */
    private static boolean subclassable(Class<?> c) {
        if (Modifier.isFinal(c.getModifiers())) return false;
        for (Constructor<?> k : c.getDeclaredConstructors()) {
            if (Modifier.isPublic(k.getModifiers()) || Modifier.isProtected(k.getModifiers())) return true;
        }
        return false;
    }

    private void checkAccess(String cls, String key, int theirs, int ours) {
        boolean ok = Modifier.isPublic(ours) || Modifier.isProtected(ours) && !Modifier.isPublic(theirs);
        if (!ok) problem(cls, "less accessible than MPJ Express's: " + key + " (IllegalAccessError)");
    }

    /** Every superclass and interface of {@code c}, transitively. */
    private static Set<Class<?>> supertypes(Class<?> c) {
        Set<Class<?>> all = new java.util.LinkedHashSet<>();
        List<Class<?>> todo = new ArrayList<>(List.of(c));
        while (!todo.isEmpty()) {
            Class<?> k = todo.remove(0);
            if (k.getSuperclass() != null && all.add(k.getSuperclass())) todo.add(k.getSuperclass());
            for (Class<?> i : k.getInterfaces()) if (all.add(i)) todo.add(i);
        }
        return all;
    }

    /**
     * The fields a class compiled against MPJ Express can name through {@code c}: per name and descriptor, the one
     * field resolution finds (JVMS 5.4.3.2: c, its interfaces, then its superclass, recursively), if accessible.
     */
    private static List<Field> linkableFields(Class<?> c, boolean subclassable) {
        Map<String, Field> found = new LinkedHashMap<>();
        collectFields(c, found);
        return found.values().stream().filter(f -> linkable(f.getModifiers(), subclassable))
                .collect(Collectors.toList());
    }

    private static void collectFields(Class<?> c, Map<String, Field> found) {
        for (Field f : c.getDeclaredFields()) found.putIfAbsent(f.getName() + ":" + descriptor(f.getType()), f);
        for (Class<?> i : c.getInterfaces()) collectFields(i, found);
        if (c.getSuperclass() != null) collectFields(c.getSuperclass(), found);
    }

    /**
     * The methods a class compiled against MPJ Express can name through {@code c}, per name and descriptor the one
     * method resolution finds (JVMS 5.4.3.3: c and its superclasses, then their interfaces), if accessible; those
     * of java.lang.Object are every class's.
     */
    private static List<Method> linkableMethods(Class<?> c, boolean subclassable) {
        Map<String, Method> found = new LinkedHashMap<>();
        for (Class<?> k = c; k != null; k = k.getSuperclass()) {
            for (Method m : k.getDeclaredMethods()) found.putIfAbsent(m.getName() + descriptor(m), m);
        }
        for (Class<?> s : supertypes(c)) {
            if (!s.isInterface()) continue;
            for (Method m : s.getDeclaredMethods()) found.putIfAbsent(m.getName() + descriptor(m), m);
        }
        return found.values().stream().filter(m -> m.getDeclaringClass() != Object.class
                && linkable(m.getModifiers(), subclassable)).collect(Collectors.toList());
    }

    /** JVMS 5.4.3.2 field resolution in {@code c}; null when it fails. */
    private static Field resolveField(Class<?> c, String name, String descriptor) {
        for (Field f : c.getDeclaredFields()) {
            if (f.getName().equals(name) && descriptor(f.getType()).equals(descriptor)) return f;
        }
        for (Class<?> i : c.getInterfaces()) {
            Field f = resolveField(i, name, descriptor);
            if (f != null) return f;
        }
        return c.getSuperclass() == null ? null : resolveField(c.getSuperclass(), name, descriptor);
    }

    /** JVMS 5.4.3.3 method resolution in class {@code c}: c and its superclasses, then its superinterfaces. */
    private static Method resolveMethod(Class<?> c, String name, String descriptor) {
        for (Class<?> k = c; k != null; k = k.getSuperclass()) {
            for (Method m : k.getDeclaredMethods()) {
                if (m.getName().equals(name) && descriptor(m).equals(descriptor)) return m;
            }
        }
        for (Class<?> s : supertypes(c)) {
            if (!s.isInterface()) continue;
            for (Method m : s.getDeclaredMethods()) {
                int mods = m.getModifiers();
                if (m.getName().equals(name) && descriptor(m).equals(descriptor) && !Modifier.isPrivate(mods)
                        && !Modifier.isStatic(mods)) {
                    return m;
                }
            }
        }
        return null;
    }

    /** The JVM descriptor of a type (JVMS 4.3.2); Class.descriptorString() needs JDK 12. */
    private static String descriptor(Class<?> type) {
        if (type.isArray()) return "[" + descriptor(type.getComponentType());
        if (!type.isPrimitive()) return "L" + type.getName().replace('.', '/') + ";";
        if (type == void.class) return "V";
        if (type == boolean.class) return "Z";
        if (type == long.class) return "J";
        return type.getName().substring(0, 1).toUpperCase(java.util.Locale.ROOT); // B C D F I S
    }

    /** The JVM descriptor of a method or constructor (JVMS 4.3.3). */
    private static String descriptor(Executable e) {
        StringBuilder d = new StringBuilder("(");
        for (Class<?> p : e.getParameterTypes()) d.append(descriptor(p));
        return d.append(')').append(e instanceof Method ? descriptor(((Method) e).getReturnType()) : "V").toString();
    }

    // ---- the hand-written tables ----

    private void checkTable(String[][] table, String origin, ClassLoader mpj) throws ClassNotFoundException {
        for (String[] row : table) {
            checked++;
            String cls = row[0];
            String sig = row[1].trim();
            boolean isStatic = sig.startsWith("static ");
            if (isStatic) sig = sig.substring("static ".length());
            Class<?> ours = ourClass("mpi." + cls);
            Class<?> theirs = mpj == null ? null : Class.forName("mpi." + cls, false, mpj);
            String shown = row[1] + "  [" + origin + ": " + row[2] + "]";
            int paren = sig.indexOf('(');
            if (paren < 0) {
                String[] typeAndName = sig.split(" ");
                if (theirs != null && hasField(theirs, typeAndName[1], typeAndName[0])) {
                    problem(cls, "table entry duplicates MPJ Express, remove it: " + shown);
                }
                Field o = ours == null ? null : sourceField(ours, typeAndName[1]);
                if (o == null) {
                    problem(cls, "missing: " + shown);
                } else if (Modifier.isStatic(o.getModifiers()) != isStatic
                        || !o.getType().getTypeName().equals(typeName(typeAndName[0]))) {
                    problem(cls, "incompatible: " + describe(o) + "  vs " + shown);
                }
                continue;
            }
            String[] retAndName = sig.substring(0, paren).split(" ");
            String params = sig.substring(paren + 1, sig.lastIndexOf(')')).trim();
            String[] paramNames = params.isEmpty() ? new String[0]
                    : Arrays.stream(params.split(",")).map(p -> typeName(p.trim())).toArray(String[]::new);
            String returnName = typeName(retAndName[0]);
            if (theirs != null) {
                Method t = findMethod(theirs, retAndName[1], paramNames);
                if (t != null && t.getReturnType().getTypeName().equals(returnName)
                        && Modifier.isStatic(t.getModifiers()) == isStatic) {
                    problem(cls, "table entry duplicates MPJ Express, remove it: " + shown);
                }
            }
            Method o = ours == null ? null : findMethod(ours, retAndName[1], paramNames);
            if (o == null) {
                problem(cls, "missing: " + shown);
            } else if (Modifier.isStatic(o.getModifiers()) != isStatic
                    || !returnName.equals("void") && !isAssignableByName(returnName, o.getReturnType())) {
                problem(cls, "incompatible: " + describe(ours, o) + "  vs " + shown);
            }
        }
    }

    private static boolean hasField(Class<?> c, String name, String type) {
        try {
            return c.getField(name).getType().getTypeName().equals(typeName(type));
        } catch (NoSuchFieldException e) {
            return false;
        }
    }

    /** "Object" -> java.lang.Object, "Datatype[]" -> mpi.Datatype[], "int" -> int; a qualified name stays. */
    private static String typeName(String shortName) {
        String base = shortName.replace("[]", "");
        String dims = shortName.substring(base.length());
        String full;
        if (Set.of("void", "boolean", "byte", "char", "short", "int", "long", "float", "double").contains(base)) {
            full = base;
        } else if (Set.of("Object", "String", "Throwable").contains(base)) {
            full = "java.lang." + base;
        } else if (base.contains(".")) {
            full = base;
        } else {
            full = "mpi." + base;
        }
        return full + dims;
    }

    private static boolean isAssignableByName(String typeName, Class<?> ourType) {
        if (ourType.getTypeName().equals(typeName)) return true;
        if (typeName.startsWith("mpi.") && !typeName.endsWith("[]")) {
            Class<?> target = ourClass(typeName);
            return target != null && target.isAssignableFrom(ourType);
        }
        return typeName.equals("java.lang.Object") && !ourType.isPrimitive();
    }

    // ---- lookups across the two class loaders ----

    private static Class<?> ourClass(String name) {
        try {
            return Class.forName(name, false, OURS);
        } catch (ClassNotFoundException e) {
            return null;
        }
    }

    /** The class a program compiled against MPJ Express gets from natmpj for MPJ Express's {@code type}. */
    private static Class<?> ourEquivalent(Class<?> type) {
        if (type.isArray()) {
            Class<?> component = ourEquivalent(type.getComponentType());
            return component == null ? null : java.lang.reflect.Array.newInstance(component, 0).getClass();
        }
        if (type.isPrimitive() || type.getName().startsWith("java.")) return type; // shared bootstrap classes
        return ourClass(type.getName());
    }

    private static boolean returnCompatible(Class<?> theirs, Class<?> ours) {
        if (theirs == void.class) return true; // a call used as a statement compiles whatever we return
        if (theirs.isPrimitive() || ours.isPrimitive()) return theirs.getTypeName().equals(ours.getTypeName());
        Class<?> expected = ourEquivalent(theirs);
        return expected != null && expected.isAssignableFrom(ours);
    }

    private static Method findMethod(Class<?> c, String name, Class<?>[] params) {
        return findMethod(c, name, Arrays.stream(params).map(Class::getTypeName).toArray(String[]::new));
    }

    /** The public method javac would see: synthetic ones (but bridges) are invisible to it in class files. */
    private static Method findMethod(Class<?> c, String name, String[] paramNames) {
        Method found = null;
        for (Method m : c.getMethods()) {
            if (!m.getName().equals(name) || !Arrays.equals(typeNames(m.getParameterTypes()), paramNames)) continue;
            if (m.isSynthetic() && !m.isBridge()) continue;
            if (found == null || found.isBridge()) found = m; // a covariant override also yields a bridge method
        }
        return found;
    }

    /**
     * The public field {@code name} as a compiler sees it through {@code c}: the one declared nearest to c, which
     * hides those of its superclasses (MPI.COMM_SELF hides MPJ Express's form in mpi.MpjExpressFields); never a
     * synthetic one.
     */
    private static Field sourceField(Class<?> c, String name) {
        for (Class<?> k = c; k != null; k = k.getSuperclass()) {
            for (Field f : k.getDeclaredFields()) {
                if (f.getName().equals(name) && Modifier.isPublic(f.getModifiers()) && !f.isSynthetic()) return f;
            }
        }
        return null;
    }

    private static Constructor<?> findConstructor(Class<?> c, Class<?>[] params) {
        String[] wanted = typeNames(params);
        for (Constructor<?> k : c.getConstructors()) {
            if (Arrays.equals(typeNames(k.getParameterTypes()), wanted)) return k;
        }
        return null;
    }

    private static String[] typeNames(Class<?>[] types) {
        return Arrays.stream(types).map(Class::getTypeName).toArray(String[]::new);
    }

    // ---- compile-time constants, from the class file (reflection would initialise the class) ----

    private static final Map<String, Map<String, Object>> CONSTANTS = new HashMap<>();

    /** Field name to ConstantValue of the fields {@code c} itself declares. */
    private static Map<String, Object> constants(ClassLoader loader, Class<?> c) {
        return CONSTANTS.computeIfAbsent(loader.hashCode() + ":" + c.getName(), k -> {
            try (InputStream in = loader.getResourceAsStream(c.getName().replace('.', '/') + ".class")) {
                if (in == null) throw new IOException("no class file for " + c.getName());
                return readConstantValues(new DataInputStream(new BufferedInputStream(in)));
            } catch (IOException e) {
                throw new IllegalStateException("reading " + c.getName() + ": " + e.getMessage(), e);
            }
        });
    }

    /** Parses the constant pool and field table of a class file (JVMS 4.1, 4.4, 4.5, 4.7.2). */
    private static Map<String, Object> readConstantValues(DataInputStream d) throws IOException {
        d.readInt(); // magic
        d.readUnsignedShort(); // minor
        d.readUnsignedShort(); // major
        int count = d.readUnsignedShort();
        Object[] pool = new Object[count];
        int[] stringRefs = new int[count];
        for (int i = 1; i < count; i++) {
            int tag = d.readUnsignedByte();
            switch (tag) {
                case 1: pool[i] = d.readUTF(); break;
                case 3: pool[i] = d.readInt(); break;
                case 4: pool[i] = d.readFloat(); break;
                case 5: pool[i++] = d.readLong(); break; // 8-byte constants take two slots
                case 6: pool[i++] = d.readDouble(); break;
                case 8: stringRefs[i] = d.readUnsignedShort(); break;
                case 7: case 16: case 19: case 20: d.readUnsignedShort(); break;
                case 9: case 10: case 11: case 12: case 17: case 18: d.readInt(); break;
                case 15: d.readUnsignedByte(); d.readUnsignedShort(); break;
                default: throw new IOException("unknown constant pool tag " + tag);
            }
        }
        for (int i = 1; i < count; i++) if (stringRefs[i] != 0) pool[i] = pool[stringRefs[i]];
        d.readUnsignedShort(); // access flags
        d.readUnsignedShort(); // this class
        d.readUnsignedShort(); // super class
        int interfaces = d.readUnsignedShort();
        for (int i = 0; i < interfaces; i++) d.readUnsignedShort();
        Map<String, Object> values = new HashMap<>();
        int fields = d.readUnsignedShort();
        for (int i = 0; i < fields; i++) {
            d.readUnsignedShort(); // access flags
            String name = (String) pool[d.readUnsignedShort()];
            d.readUnsignedShort(); // descriptor
            int attributes = d.readUnsignedShort();
            for (int a = 0; a < attributes; a++) {
                String attribute = (String) pool[d.readUnsignedShort()];
                int length = d.readInt();
                if (attribute.equals("ConstantValue")) values.put(name, pool[d.readUnsignedShort()]);
                else d.readFully(new byte[length]);
            }
        }
        return values;
    }

    // ---- reporting ----

    /**
     * The member as EXCLUDED_MEMBERS and the binary problems name it: declaring class, name and JVM descriptor, e.g.
     * "Comm.Send(Ljava/lang/Object;IILmpi/Datatype;II)V", "Datatype.<init>()V", "mpjdev.Status.count:I".
     */
    private static String jvmKey(Executable e) {
        return shortName(e.getDeclaringClass()) + "." + (e instanceof Constructor ? "<init>" : e.getName())
                + descriptor(e);
    }

    private static String jvmKey(Field f) {
        return shortName(f.getDeclaringClass()) + "." + f.getName() + ":" + descriptor(f.getType());
    }

    private static String shortName(Class<?> type) {
        Class<?> base = type;
        StringBuilder dims = new StringBuilder();
        while (base.isArray()) {
            base = base.getComponentType();
            dims.append("[]");
        }
        String p = base.getPackageName();
        return (p.equals("mpi") || p.equals("java.lang") ? base.getSimpleName() : base.getName()) + dims;
    }

    private static String describe(Class<?> owner, Executable e) {
        StringBuilder s = new StringBuilder();
        if (Modifier.isStatic(e.getModifiers())) s.append("static ");
        if (e instanceof Method) s.append(shortName(((Method) e).getReturnType())).append(' ').append(e.getName());
        else s.append(owner.getSimpleName());
        s.append('(').append(Arrays.stream(e.getParameterTypes()).map(ApiCompatibilityTest::shortName)
                .collect(Collectors.joining(", "))).append(')');
        return s.toString();
    }

    private static String describe(Field f) {
        return (Modifier.isStatic(f.getModifiers()) ? "static " : "") + (Modifier.isFinal(f.getModifiers())
                ? "final " : "") + shortName(f.getType()) + " " + f.getName() + " (field)";
    }

    private void problem(String cls, String line) {
        problems.computeIfAbsent(cls, k -> new ArrayList<>()).add(line);
    }

    private void report(String what, int classes) {
        int total = problems.values().stream().mapToInt(List::size).sum();
        StringBuilder s = new StringBuilder(what + ": " + checked + " members compared"
                + (classes >= 0 ? " in " + classes + " classes" : "") + ", " + total + " problems\n");
        problems.forEach((cls, lines) -> {
            s.append(cls).append(":\n");
            // Class-level lines first, then members alphabetically (getMethods() has no defined order).
            lines.stream().sorted(Comparator.comparing((String l) -> !l.startsWith("class "))
                    .thenComparing(l -> l.replaceFirst("^missing: (static )?(final )?\\S+ ", "")))
                    .forEach(l -> s.append("    ").append(l).append('\n'));
        });
        System.out.println(s);
        if (total > 0) fail(s.toString());
    }
}
