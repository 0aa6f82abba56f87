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
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.net.URL;
import java.net.URLClassLoader;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
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
 *       {@link #ruledOut};</li>
 *   <li>the mpiJava 1.2 specification, for the forms MPJ Express lacks ({@link #MPIJAVA_ONLY}), plus natmpj's own
 *       documented additions ({@link #NATMPJ_FORMS}).</li>
 * </ul>
 * Compatible means what a compiled or recompiled program needs: same name and parameter types; return type equal,
 * a subtype, or anything where the reference returns void; same static-ness; fields of the same or a subtype;
 * compile-time constants ({@code static final} with a constant value, usable in {@code switch}) with the same value;
 * the same superclass relations. Classes are never initialised (ours would load libnatmpj, theirs would start MPJ
 * Express), so constant values are read from the class files.
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

    /** MPJ Express public members that are implementation, not API: "Class.member" as {@link #key} prints it. */
    private static final String[][] EXCLUDED_MEMBERS = {
        {"Datatype.free()", "callback of MPJ Express's package-private Freeable interface (deferred free list)"},
        {"Group.free()", "callback of MPJ Express's package-private Freeable interface (deferred free list)"},
        {"Op.free()", "callback of MPJ Express's package-private Freeable interface (deferred free list)"},
        {"Status.free()", "callback of MPJ Express's package-private Freeable interface (deferred free list)"},
        {"Datatype.<init>()", "constructor of MPJ Express's abstract base for its own Datatype implementations"},
        {"Datatype.baseType", "MPJ Express's buffer type code"},
        {"Datatype.getType()", "MPJ Express's buffer type code, for its packers"},
        {"Datatype.getByteSize()", "MPJ Express's element width in bytes, for its packers"},
        {"Group.code", "MPJ Express's internal group kind"},
        {"Op.opCode", "MPJ Express's internal operation code"},
        {"Op.<init>(User_function,boolean,int)", "the int is MPJ Express's internal op code (MAXLOC/MINLOC)"},
        {"Comm.group", "MPJ Express's cached Group object; the API is Comm.Group()"},
        {"MPI.DEBUG", "MPJ Express's debug switch"},
        {"MPI.isOldSelected", "MPJ Express's selection between its old and new device layers"},
        {"MPI.NUM_OF_PROCESSORS", "MPJ Express's core count for its hybrid device"},
        {"MPI.SEND_OVERHEAD", "MPJ Express's device envelope size; mpiJava and MPI only have BSEND_OVERHEAD"},
        {"MPI.RECV_OVERHEAD", "MPJ Express's device envelope size; mpiJava and MPI only have BSEND_OVERHEAD"},
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

    /** natmpj's own additions, beyond both references: {class, signature, why}. */
    private static final String[][] NATMPJ_FORMS = {
        {"MPI", "static int Init_thread(String[],int)", "MPI_INIT_THREAD; returns the provided level"},
        {"MPI", "static int Query_thread()", "MPI_QUERY_THREAD"},
        {"MPI", "static boolean Is_thread_main()", "MPI_IS_THREAD_MAIN"},
        {"Group", "void Free()", "explicit MPI_GROUP_FREE; natmpj never overrides finalize()"},
        {"Datatype", "void Free()", "explicit MPI_TYPE_FREE; natmpj never overrides finalize()"},
        {"Op", "void Free()", "explicit MPI_OP_FREE; natmpj never overrides finalize()"},
    };

    private static final ClassLoader OURS = ApiCompatibilityTest.class.getClassLoader();

    /** Problems by class simple name, each one line. */
    private final Map<String, List<String>> problems = new TreeMap<>();
    private final Set<String> usedExclusions = new TreeSet<>();
    private int checked;

    @Test
    void everyMpjExpressApiMemberExistsCompatibly() throws Exception {
        File[] jars = MPJ_LIB.listFiles((dir, name) -> name.endsWith(".jar"));
        Assumptions.assumeTrue(jars != null && jars.length > 0, "MPJ Express (libmpj-java) is not installed");
        try (URLClassLoader mpj = mpjLoader(jars)) {
            List<Class<?>> api = apiClasses(mpj);
            for (Class<?> theirs : api) compareClass(theirs, mpj);
            for (String[] exclusion : EXCLUDED_MEMBERS) {
                if (!usedExclusions.contains(exclusion[0])) problem("(exclusions)", exclusion[0] + " matches nothing");
            }
            report("MPJ Express 0.44 API", api.size());
            assertTrue(api.size() >= 18 && checked >= 200, "only " + checked + " members compared");
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
            if (ruledOut(c, null) || excluded(key(c))) continue;
            checked++;
            Constructor<?> match = ours == null ? null : findConstructor(ours, c.getParameterTypes());
            if (match == null) problem(cls, "missing: " + describe(theirs, c));
        }
        for (Method m : theirs.getMethods()) {
            if (m.getDeclaringClass() == Object.class || inheritedFromApi(theirs, m.getDeclaringClass())
                    || ruledOut(m, m.getReturnType()) || excluded(key(m))) {
                continue;
            }
            checked++;
            compareMethod(cls, m, ours);
        }
        for (Field f : theirs.getFields()) {
            if (inheritedFromApi(theirs, f.getDeclaringClass()) || ruledOut(f, f.getType())
                    || excluded(f.getDeclaringClass().getSimpleName() + "." + f.getName())) {
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
     * Rules that exclude whole kinds of MPJ Express members, rather than single entries.
     * {@code type} is the method's return type; null for constructors.
     */
    private static boolean ruledOut(Executable member, Class<?> type) {
        // MPJ Express's device and buffer layers are not API: Comm.mpjdevComm, Request(mpjdev.Request),
        // Comm.Pack(..., mpjbuf.Buffer, int) (natmpj has the mpiJava byte[] form, checked in MPIJAVA_ONLY) ...
        if (type != null && mentionsInternals(type)) return true;
        for (Class<?> p : member.getParameterTypes()) if (mentionsInternals(p)) return true;
        // natmpj never overrides finalize(); it releases handles with a Cleaner.
        return member.getName().equals("finalize") && member.getParameterCount() == 0;
    }

    private static boolean ruledOut(Field f, Class<?> type) {
        if (mentionsInternals(type)) return true;
        // mpi.Status extends mpjdev.Status; of its fields only the mpiJava ones (source, tag, index) are API:
        // count, countInBytes, numEls, type and srcID are MPJ Express's message bookkeeping.
        return f.getDeclaringClass().getName().equals("mpjdev.Status")
                && !Set.of("source", "tag", "index").contains(f.getName());
    }

    private static boolean mentionsInternals(Class<?> type) {
        while (type.isArray()) type = type.getComponentType();
        String n = type.getName();
        return n.startsWith("mpjdev.") || n.startsWith("mpjbuf.") || n.startsWith("xdev.");
    }

    private boolean excluded(String key) {
        for (String[] ex : EXCLUDED_MEMBERS) {
            if (ex[0].equals(key)) {
                usedExclusions.add(key);
                return true;
            }
        }
        return false;
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
        Field o;
        try {
            o = ours == null ? null : ours.getField(f.getName());
        } catch (NoSuchFieldException e) {
            o = null;
        }
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
                Field o = null;
                try {
                    o = ours == null ? null : ours.getField(typeAndName[1]);
                } catch (NoSuchFieldException e) {
                    o = null;
                }
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

    /** "Object" -> java.lang.Object, "Datatype[]" -> mpi.Datatype[], "int" -> int. */
    private static String typeName(String shortName) {
        String base = shortName.replace("[]", "");
        String dims = shortName.substring(base.length());
        String full;
        if (Set.of("void", "boolean", "byte", "char", "short", "int", "long", "float", "double").contains(base)) {
            full = base;
        } else if (Set.of("Object", "String", "Throwable").contains(base)) {
            full = "java.lang." + base;
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

    private static Method findMethod(Class<?> c, String name, String[] paramNames) {
        Method found = null;
        for (Method m : c.getMethods()) {
            if (!m.getName().equals(name) || !Arrays.equals(typeNames(m.getParameterTypes()), paramNames)) continue;
            if (found == null || found.isBridge()) found = m; // a covariant override also yields a bridge method
        }
        return found;
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

    /** The member as the exclusion list names it: "Class.name(Type,...)", "Class.<init>(...)", "Class.field". */
    private static String key(Executable e) {
        String name = e instanceof Constructor ? "<init>" : e.getName();
        return e.getDeclaringClass().getSimpleName() + "." + name + "("
                + Arrays.stream(e.getParameterTypes()).map(ApiCompatibilityTest::shortName)
                        .collect(Collectors.joining(",")) + ")";
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
