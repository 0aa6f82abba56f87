package mpi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.Constructor;
import java.lang.reflect.Executable;
import java.lang.reflect.Field;
import java.lang.reflect.GenericArrayType;
import java.lang.reflect.Member;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.lang.reflect.TypeVariable;
import java.lang.reflect.WildcardType;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * natmpj's package {@code mpi} also carries Open MPI's own Java API (camel case: {@code getRank()},
 * {@code send(buf, count, type, dest, tag)}, ...), in the same classes as the mpiJava 1.2 API where the two share a
 * class name. This test checks it member by member against Open MPI 4.1.4's mpi.jar, built at test time from
 * Debian's openmpi source package by {@code ci/ompi-java-jar --print}, plus the members Open MPI 5.0 added
 * ({@link #OMPI_5_0}). Every public class of the jar's package {@code mpi} (nested ones included) and every public
 * member is checked, and the protected members of the classes programs extend ({@link #SUBCLASS_API}), read by
 * reflection without initialising any class (Open MPI's would load libmpi_java, natmpj's libnatmpj):
 * <ul>
 *   <li>Binary: what a class compiled against Open MPI's jar needs to link and run on natmpj (JVMS 5.4.3.2,
 *       5.4.3.3): each field, method and constructor with its exact JVM descriptor, found along natmpj's
 *       superclass chain (and interfaces), with the same static-ness and access at least as wide; the class kind
 *       (interface or not, not abstract where Open MPI's is concrete) and supertypes (Comm implements Freeable and
 *       Cloneable, CartComm extends Intracomm, ...); the classes programs extend stay extendable (not final, the
 *       methods they override neither final nor newly abstract).</li>
 *   <li>Source: what javac sees when it compiles a program written for Open MPI against natmpj (synthetic and
 *       bridge methods are invisible to it): same name and parameter types, a return type equal or a subtype,
 *       same static-ness, the generic form of generic methods ({@code <T extends Struct.Data> T getData(...)}),
 *       no checked exception Open MPI's member lacks and every checked one it has, fields of the same or a
 *       subtype type; the compile-time constants Open MPI has ({@code Comm.TYPE_SHARED}, {@code Win.FLAVOR_*})
 *       with the same values (read from the class files). Most of Open MPI's constants ({@code MPI.ANY_SOURCE},
 *       ...) are set at class initialisation: for them, existence and type are checked.</li>
 * </ul>
 * Known, deliberate differences, which pass: natmpj's MPIException is unchecked ({@code extends
 * RuntimeException}, as mpiJava's; sources written for either API compile, and Open MPI's compiled classes link:
 * RuntimeException is an Exception); natmpj's classes may be non-final where Open MPI's are final, have more
 * members (the mpiJava dialect) and return subtypes (covariant, with bridge methods for the exact descriptors).
 * Left out: the non-public classes ({@link #NON_PUBLIC_CLASSES}), the constructors in {@link #EXCLUDED}, and so the
 * protected members of the classes no program can subclass (see {@link Checker#subclassable}).
 * <p>
 * The check prints one line of totals (classes, members checked, excluded, problems) and fails with one
 * line per missing or differing member: its class, name and JVM descriptor, and what differs. The checker itself
 * is tested: Open MPI's jar checked against a copy of itself passes but for the MPIException rule, an empty
 * candidate yields one line per member, and the class-file reader reads a probe class's constants. A
 * last test checks that the two dialects clash, in the classes they share, only where natmpj has both forms.
 * <p>
 * Properties: {@value #REFERENCE_PROPERTY}=JAR uses that Open MPI mpi.jar instead of running ci/ompi-java-jar;
 * {@value #ALLOW_MISSING_PROPERTY}=true skips the tests instead of failing when the reference cannot be built;
 * {@value #CANDIDATE_PROPERTY}=JAR-or-DIR checks those classes instead of natmpj's (such as /work/.../target/classes
 * of another checkout, or the reference jar itself).
 */
class OmpiApiCompatibilityTest {
    static final String REFERENCE_PROPERTY = "natmpj.ompi.api.reference";
    static final String ALLOW_MISSING_PROPERTY = "natmpj.ompi.api.allowMissingReference";
    static final String CANDIDATE_PROPERTY = "natmpj.ompi.api.candidate";

    /**
     * Open MPI's classes whose protected members are API: programs extend them (a Struct subclass with its Data
     * class, a UserFunction), so their protected members are checked, they must stay non-final, and the methods
     * programs override must stay overridable with the same access.
     */
    static final Set<String> SUBCLASS_API = Set.of("Struct", "Struct$Data", "UserFunction");

    /** Non-public classes of Open MPI's package mpi; programs cannot name them. Must be exactly the jar's. */
    static final String[][] NON_PUBLIC_CLASSES = {
        {"Constant", "package-private: the values MPI's constants are copied from at class initialisation"},
        {"Struct$Field", "package-private: Struct's record of one field"},
        {"Struct$1", "synthetic: javac's tag for calling Struct$Field's private constructor"},
    };

    private static final String HANDLE_CONSTRUCTOR = "wraps a native handle (long: an MPI_Comm or MPI_Request"
            + " value of Open MPI's libmpi; long[]: the communicator and request of MPI_Comm_idup): Open MPI's"
            + " bindings make their own objects with it, no program has such a value to give";
    private static final String NULL_COMMUNICATOR = "makes a communicator with no MPI communicator behind it, which"
            + " Open MPI's MPI class fills for COMM_WORLD and COMM_SELF through the protected setType(int)";

    /**
     * Open MPI members left out, each with its reason: {key as {@link #jvmKey} prints it, reason}. With these
     * constructors out, no program can subclass Comm, Intracomm or Request (all their constructors are here), so
     * their other protected members (the {@code long handle} field, {@code setType}, the protected native
     * {@code dup(long)}, {@code iDup(long)}, {@code dupWithInfo(long, long)}, Request's buffer references and
     * handle arrays) are unreachable and left out by rule (counted in the totals). The protected members of final
     * classes (Datatype's base type codes, Status.data, Errhandler.getFatal(), ...) are unreachable likewise.
     */
    static final String[][] EXCLUDED = {
        {"Comm.<init>()V", NULL_COMMUNICATOR},
        {"Comm.<init>(J)V", HANDLE_CONSTRUCTOR},
        {"Comm.<init>([J)V", HANDLE_CONSTRUCTOR},
        {"Intracomm.<init>()V", NULL_COMMUNICATOR},
        {"Intracomm.<init>(J)V", HANDLE_CONSTRUCTOR},
        {"Intracomm.<init>([J)V", HANDLE_CONSTRUCTOR},
        {"Request.<init>(J)V", HANDLE_CONSTRUCTOR},
    };

    /**
     * The public members Open MPI 5.0 added to the Java API of 4.1.4: {class, "[static] name:descriptor" or
     * "[static] name(descriptor)", what}. Found by comparing the public and protected members (javap) of the two
     * releases' ompi/mpi/java/java (5.0.7, Debian trixie's openmpi source package); 5.0 removed nothing programs
     * can reach, and changed no constant. Besides these it added only Errhandler's protected native getAbort() (a
     * final class) and Constant's ERR_PROC_ABORTED (package-private).
     */
    static final String[][] OMPI_5_0 = {
        {"MPI", "static ERRORS_ABORT:Lmpi/Errhandler;", "MPI_ERRORS_ABORT (MPI 4.0): set at class initialisation"},
        {"MPI", "static ERR_PROC_ABORTED:I", "MPI_ERR_PROC_ABORTED (MPI 4.0): set at class initialisation"},
        {"Comm", "allToAllw(Ljava/lang/Object;[I[I[Lmpi/Datatype;Ljava/lang/Object;[I[I[Lmpi/Datatype;)V",
            "5.0 takes arrays too: Object where 4.1 has java.nio.Buffer (natmpj keeps both; javac picks the Buffer"
            + " form for Buffer arguments and null, the Object form for arrays)"},
    };

    /**
     * Where Open MPI's API and MPJ Express's (the mpiJava dialect) declare a member of one shared class with the
     * same name and parameters but another return type or static-ness, or a field of another type: {member, how
     * natmpj has both}. Checked by {@link #theTwoDialectsClashOnlyWhereKnown}.
     */
    static final String[][] DIALECT_CLASHES = {
        {"Comm.clone()", "Open MPI: Comm, MPJ Express: Object; natmpj's Comm clone() and javac's bridge Object"
            + " clone() (a covariant override of Object.clone)"},
        {"Intracomm.clone()", "Open MPI: Intracomm, MPJ Express: Object; covariant, bridges"},
        {"Intercomm.clone()", "Open MPI: Intercomm, MPJ Express: Object; covariant, bridges"},
        {"MPI.COMM_SELF", "Open MPI and mpiJava 1.2: Intracomm, MPJ Express: Comm; MPI.COMM_SELF hides"
            + " MpjExpressFields.COMM_SELF (docs/compatibility.md)"},
    };

    // ---- the tests ----

    @Test
    void everyOpenMpiMemberLinksAndCompilesAgainstNatmpj() throws Exception {
        String candidate = System.getProperty(CANDIDATE_PROPERTY);
        try (URLClassLoader theirs = referenceLoader();
             URLClassLoader given = candidate == null || candidate.isBlank() ? null
                     : isolatedLoader(Paths.get(candidate))) {
            ClassLoader natmpj = OmpiApiCompatibilityTest.class.getClassLoader();
            Checker c = new Checker(theirs, given != null ? given : natmpj, true);
            c.run();
            System.out.println(c.totals("Open MPI 4.1.4 + 5.0 Java API vs " + (given != null ? candidate : "natmpj")));
            if (c.problemCount() > 0) fail(c.listing());
            assertTrue(c.classes >= 40 && c.members >= 700,
                    "only " + c.members + " members in " + c.classes + " classes");
        }
    }

    /**
     * The checker checks Open MPI's jar against another copy of itself: it must find nothing but natmpj's one
     * deliberate rule (an unchecked MPIException), with the 5.0 part off (the jar has no 5.0 member). Then against no class at all: each member must be reported once.
     */
    @Test
    void theCheckerPassesOpenMpiAgainstItselfAndReportsEveryMemberOfNothing() throws Exception {
        Path jar = referenceJar();
        try (URLClassLoader theirs = referenceLoader(); URLClassLoader copy = isolatedLoader(jar)) {
            Checker c = new Checker(theirs, copy, false);
            c.run();
            System.out.println(c.totals("Open MPI 4.1.4 Java API vs itself"));
            Map<String, Set<String>> expected = Map.of("MPIException", Set.of(MPIEXCEPTION_RULE));
            assertEquals(expected, c.problems, c.listing());
            assertTrue(c.classes >= 40 && c.members >= 700,
                    "only " + c.members + " members in " + c.classes + " classes");
        }
        try (URLClassLoader theirs = referenceLoader();
             URLClassLoader nothing = new URLClassLoader(new URL[0], null)) {
            Checker c = new Checker(theirs, nothing, false);
            c.run();
            long missing = c.problems.values().stream().flatMap(Set::stream).filter(l -> l.startsWith("missing: "))
                    .count();
            long classesMissing = c.problems.values().stream().flatMap(Set::stream)
                    .filter(l -> l.startsWith("class is missing")).count();
            assertEquals(c.members, missing, "each member of an absent class is one 'missing' line");
            assertEquals(c.classes, classesMissing, c.listing());
        }
    }

    /** The class-file reader reads the compile-time constants of a probe class (JVMS 4.7.2). */
    @Test
    void theClassFileReaderReadsConstants() throws IOException {
        String name = ConstantsProbe.class.getName().replace('.', '/') + ".class";
        try (InputStream in = ConstantsProbe.class.getClassLoader().getResourceAsStream(name)) {
            ClassFile f = new ClassFile(new DataInputStream(new BufferedInputStream(in)));
            assertEquals(Map.of("CONSTANT", 42L, "NAME", "probe"), f.constants);
        }
    }

    /** Fields for {@link #theClassFileReaderReadsConstants}. */
    @SuppressWarnings("unused")
    static final class ConstantsProbe {
        static final long CONSTANT = 42;
        static final String NAME = "probe";
        static final int NOT_CONSTANT = Integer.parseInt("7");
    }

    /**
     * The shared classes carry both dialects: wherever Open MPI's API and MPJ Express's declare one name with the
     * same parameters, the descriptors may differ only where {@link #DIALECT_CLASHES} says natmpj has both.
     * Skipped where MPJ Express is not installed, as ApiCompatibilityTest is.
     */
    @Test
    void theTwoDialectsClashOnlyWhereKnown() throws Exception {
        File[] jars = new File("/usr/share/mpj/lib").listFiles((d, n) -> n.equals("mpi.jar") || n.equals("mpj.jar"));
        Assumptions.assumeTrue(jars != null && jars.length == 2, "MPJ Express (libmpj-java) is not installed");
        List<URL> urls = new ArrayList<>();
        for (File f : new File("/usr/share/mpj/lib").listFiles((d, n) -> n.endsWith(".jar"))) {
            urls.add(f.toURI().toURL());
        }
        File log4j = new File("/usr/share/java/log4j-1.2.jar");
        if (log4j.isFile()) urls.add(log4j.toURI().toURL());
        Set<String> found = new TreeSet<>();
        List<String> lines = new ArrayList<>();
        try (URLClassLoader theirs = referenceLoader();
             URLClassLoader mpj = new URLClassLoader(urls.toArray(new URL[0]), null)) {
            for (String name : publicClasses(referenceJar())) {
                // MPJ Express's Struct is its Datatype implementation (ApiCompatibilityTest leaves it out)
                if (name.equals("Struct")) continue;
                Class<?> o = Class.forName("mpi." + name, false, theirs);
                Class<?> m;
                try {
                    m = Class.forName("mpi." + name, false, mpj);
                } catch (ClassNotFoundException e) {
                    continue;
                }
                if (!Modifier.isPublic(m.getModifiers())) continue;
                for (Method a : o.getMethods()) {
                    if (a.isSynthetic() || a.getDeclaringClass() == Object.class) continue;
                    for (Method b : m.getMethods()) {
                        if (b.isSynthetic() || b.getDeclaringClass() == Object.class || !b.getName().equals(a.getName())
                                || !Arrays.equals(typeNames(a.getParameterTypes()), typeNames(b.getParameterTypes()))) {
                            continue;
                        }
                        if (!a.getReturnType().getName().equals(b.getReturnType().getName())
                                || Modifier.isStatic(a.getModifiers()) != Modifier.isStatic(b.getModifiers())) {
                            String key = name + "." + a.getName() + "(" + String.join(",",
                                    typeNames(a.getParameterTypes())) + ")";
                            if (found.add(key)) {
                                lines.add(key + ": Open MPI " + describe(a) + ", MPJ Express " + describe(b));
                            }
                        }
                    }
                }
                for (Field a : o.getFields()) {
                    Field b;
                    try {
                        b = m.getField(a.getName());
                    } catch (NoSuchFieldException e) {
                        continue;
                    }
                    if (!a.getType().getName().equals(b.getType().getName())
                            || Modifier.isStatic(a.getModifiers()) != Modifier.isStatic(b.getModifiers())) {
                        String key = name + "." + a.getName();
                        if (found.add(key)) {
                            lines.add(key + ": Open MPI " + describe(a) + ", MPJ Express " + describe(b));
                        }
                    }
                }
            }
        }
        System.out.println("Open MPI / MPJ Express descriptor clashes in shared classes: " + lines);
        Set<String> known = Arrays.stream(DIALECT_CLASHES).map(r -> r[0])
                .collect(Collectors.toCollection(TreeSet::new));
        assertEquals(known, found, String.join("\n", lines));
    }

    // ---- the reference ----

    private static Path reference;

    /** Open MPI 4.1.4's mpi.jar: {@value #REFERENCE_PROPERTY}, or what ci/ompi-java-jar --print builds. */
    static synchronized Path referenceJar() throws IOException, InterruptedException {
        if (reference != null) return reference;
        String given = System.getProperty(REFERENCE_PROPERTY);
        if (given != null && !given.isBlank()) {
            Path p = Paths.get(given);
            if (!Files.isRegularFile(p)) fail(REFERENCE_PROPERTY + "=" + given + ": no such file");
            return reference = p;
        }
        Path root = Paths.get("").toAbsolutePath();
        while (root != null && !Files.isRegularFile(root.resolve("ci/ompi-java-jar"))) root = root.getParent();
        if (root == null) return missingReference("ci/ompi-java-jar not found above " + Paths.get("").toAbsolutePath());
        Path err = Files.createTempFile("ompi-java-jar", ".log");
        try {
            Process p = new ProcessBuilder("bash", "ci/ompi-java-jar", "--print").directory(root.toFile())
                    .redirectError(err.toFile()).redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                    .start();
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            p.getInputStream().transferTo(out);
            if (!p.waitFor(20, TimeUnit.MINUTES)) {
                p.destroyForcibly();
                return missingReference("ci/ompi-java-jar --print took over 20 minutes");
            }
            String[] lines = out.toString(StandardCharsets.UTF_8).trim().split("\n");
            Path jar = Paths.get(lines[lines.length - 1].trim());
            if (p.exitValue() != 0 || !Files.isRegularFile(jar)) {
                String log = new String(Files.readAllBytes(err), StandardCharsets.UTF_8);
                return missingReference("ci/ompi-java-jar --print exited " + p.exitValue() + ":\n"
                        + log.substring(Math.max(0, log.length() - 3000)));
            }
            return reference = jar;
        } finally {
            Files.deleteIfExists(err);
        }
    }

    /**
     * Fails: ApiCompatibilityTest skips when MPJ Express is not installed, an optional Debian package a developer's
     * machine may lack; this reference is built by the project's own script from the distribution's source
     * package, which every machine of the project reaches, so its absence means a broken build environment, and a
     * skip would leave the second facade unchecked without anyone noticing. A machine without apt (not Debian or
     * Ubuntu) opts out explicitly with -D{@value #ALLOW_MISSING_PROPERTY}=true, or gives a jar with
     * -D{@value #REFERENCE_PROPERTY}.
     */
    private static Path missingReference(String why) {
        String message = "Open MPI's Java API jar (the reference) could not be built: " + why + "\n(-D"
                + REFERENCE_PROPERTY + "=mpi.jar gives one; -D" + ALLOW_MISSING_PROPERTY + "=true skips these tests)";
        if (Boolean.getBoolean(ALLOW_MISSING_PROPERTY)) Assumptions.abort(message);
        return fail(message);
    }

    private static URLClassLoader referenceLoader() throws IOException, InterruptedException {
        return isolatedLoader(referenceJar());
    }

    /** Null parent: never sees natmpj's classes of package mpi. */
    private static URLClassLoader isolatedLoader(Path jarOrDir) throws IOException {
        if (!Files.exists(jarOrDir)) fail(jarOrDir + ": no such jar or directory");
        return new URLClassLoader(new URL[] {jarOrDir.toUri().toURL()}, null);
    }

    /** The binary names less "mpi." of package mpi's public classes in the jar, nested ones included. */
    private static List<String> publicClasses(Path jar) throws IOException {
        return classNames(jar).stream().filter(n -> !isNonPublicListed(n)).collect(Collectors.toList());
    }

    private static List<String> classNames(Path jar) throws IOException {
        List<String> names = new ArrayList<>();
        try (JarFile j = new JarFile(jar.toFile())) {
            for (JarEntry e : java.util.Collections.list(j.entries())) {
                String n = e.getName();
                if (n.matches("mpi/[^/]+\\.class")) names.add(n.substring(4, n.length() - 6));
            }
        }
        java.util.Collections.sort(names);
        return names;
    }

    private static boolean isNonPublicListed(String name) {
        for (String[] row : NON_PUBLIC_CLASSES) if (row[0].equals(name)) return true;
        return false;
    }

    // ---- the checker ----

    static final String MPIEXCEPTION_RULE = "class must stay unchecked (extend RuntimeException, as mpiJava's):"
            + " natmpj's deliberate difference; Open MPI's extends Exception";

    /** One comparison of Open MPI's classes ({@code theirs}) with a candidate's ({@code ours}). */
    final class Checker {
        final ClassLoader theirs, ours;
        /** The 5.0 table applies (natmpj); off for the reference against itself. */
        final boolean natmpj;
        final Map<String, Set<String>> problems = new TreeMap<>();
        final Set<String> usedExclusions = new HashSet<>();
        /** Declared members checked, by key; classes checked. */
        final Set<String> checkedMembers = new TreeSet<>();
        int classes, members, unreachable;
        private final Map<String, ClassFile> classFiles = new HashMap<>();

        Checker(ClassLoader theirs, ClassLoader ours, boolean natmpj) {
            this.theirs = theirs;
            this.ours = ours;
            this.natmpj = natmpj;
        }

        void run() throws Exception {
            Path jar = referenceJar();
            Set<String> nonPublic = new TreeSet<>();
            for (String name : classNames(jar)) {
                if (!Modifier.isPublic(Class.forName("mpi." + name, false, theirs).getModifiers())) nonPublic.add(name);
            }
            Set<String> listed = Arrays.stream(NON_PUBLIC_CLASSES).map(r -> r[0])
                    .collect(Collectors.toCollection(TreeSet::new));
            if (!nonPublic.equals(listed)) {
                problem("(lists)", "NON_PUBLIC_CLASSES must be exactly the jar's non-public classes " + nonPublic);
            }
            for (String name : publicClasses(jar)) checkClass(Class.forName("mpi." + name, false, theirs));
            if (natmpj) checkOmpi50();
            members = checkedMembers.size();
            for (String[] ex : EXCLUDED) {
                if (!usedExclusions.contains(ex[0])) problem("(lists)", "EXCLUDED entry " + ex[0] + " matches nothing");
            }
        }

        /**
         * The fields a class compiled against Open MPI can name through {@code c}: per name and descriptor, the one
         * field resolution finds (JVMS 5.4.3.2), if reachable (protected ones only through a class programs can
         * subclass).
         */
        private List<Field> linkableFields(Class<?> c, boolean sub) {
            Map<String, Field> found = new LinkedHashMap<>();
            collectFields(c, found);
            return found.values().stream().filter(f -> f.getDeclaringClass() == c ? reachable(f.getModifiers(), sub, f)
                    : linkable(f.getModifiers(), sub)).collect(Collectors.toList());
        }

        /**
         * The methods a class compiled against Open MPI can name through {@code c}, per name and descriptor the one
         * method resolution finds (JVMS 5.4.3.3: c and its superclasses, then their interfaces), if reachable; those
         * of java.lang.Object are every class's.
         */
        private List<Method> linkableMethods(Class<?> c, boolean sub) {
            Map<String, Method> found = new LinkedHashMap<>();
            for (Class<?> k = c; k != null; k = k.getSuperclass()) {
                for (Method m : k.getDeclaredMethods()) found.putIfAbsent(m.getName() + descriptor(m), m);
            }
            for (Class<?> s : supertypes(c)) {
                if (!s.isInterface()) continue;
                for (Method m : s.getDeclaredMethods()) found.putIfAbsent(m.getName() + descriptor(m), m);
            }
            return found.values().stream().filter(m -> m.getDeclaringClass() != Object.class
                    && (m.getDeclaringClass() == c ? reachable(m.getModifiers(), sub, m)
                            : linkable(m.getModifiers(), sub)))
                    .collect(Collectors.toList());
        }

        // -- a class --

        private void checkClass(Class<?> t) {
            classes++;
            String cls = simpleName(t);
            Class<?> o = ourClass(t.getName());
            boolean sub = subclassable(t);
            if (SUBCLASS_API.contains(cls) != sub) {
                problem("(lists)", "SUBCLASS_API " + (sub ? "lacks " : "names ") + cls + ", which programs "
                        + (sub ? "can" : "cannot") + " subclass (non-final, a constructor outside EXCLUDED)");
            }
            if (o == null) {
                problem(cls, "class is missing: " + t.getName() + " (NoClassDefFoundError; javac: cannot find symbol)");
            } else {
                checkClassKind(cls, t, o, sub);
            }
            for (Constructor<?> k : t.getDeclaredConstructors()) {
                if (!reachable(k.getModifiers(), sub, k)) continue;
                checkConstructor(cls, k, o);
            }
            for (Field f : linkableFields(t, sub)) checkField(cls, t, f, o);
            for (Method m : linkableMethods(t, sub)) checkMethod(cls, t, m, o, sub);
            if (o != null && (t.isInterface() || sub)) {
                // A program's implementation or subclass must not be left with an abstract method to implement.
                for (Method a : o.getMethods()) {
                    if (!Modifier.isAbstract(a.getModifiers()) || a.isSynthetic()) continue;
                    Method m = findDeclared(t, a.getName(), typeNames(a.getParameterTypes()));
                    if (m == null || !Modifier.isAbstract(m.getModifiers())) {
                        problem(cls, "abstract in the candidate only, would break programs' subclasses: "
                                + jvmKey(a) + " (AbstractMethodError; javac: must implement)");
                    }
                }
            }
        }

        /**
         * Whether a member is one programs can reach: public, or protected in a class programs can subclass. Counts
         * the protected members left out, and the EXCLUDED constructors that make a class unsubclassable.
         */
        private boolean reachable(int modifiers, boolean sub, Member m) {
            if (Modifier.isPublic(modifiers)) return !isExcluded(m);
            if (!Modifier.isProtected(modifiers)) return false;
            if (sub) return !isExcluded(m);
            if (!isExcluded(m)) unreachable++;
            return false;
        }

        private boolean isExcluded(Member m) {
            String key = m instanceof Field ? jvmKey((Field) m) : jvmKey((Executable) m);
            for (String[] ex : EXCLUDED) {
                if (ex[0].equals(key)) {
                    usedExclusions.add(key);
                    return true;
                }
            }
            return false;
        }

        /**
         * Whether programs can subclass Open MPI's class: not final, with a public or protected constructor that
         * is not EXCLUDED; only then are its protected members reachable.
         */
        private boolean subclassable(Class<?> t) {
            if (Modifier.isFinal(t.getModifiers()) || t.isInterface()) return false;
            boolean any = false;
            for (Constructor<?> k : t.getDeclaredConstructors()) {
                int m = k.getModifiers();
                if ((Modifier.isPublic(m) || Modifier.isProtected(m)) && !isExcluded(k)) any = true;
            }
            return any;
        }

        private void checkClassKind(String cls, Class<?> t, Class<?> o, boolean sub) {
            int tm = t.getModifiers(), om = o.getModifiers();
            if (!Modifier.isPublic(om)) problem(cls, "class is not public (IllegalAccessError; javac: not public)");
            if (t.isInterface() != o.isInterface()) {
                problem(cls, "class is " + (o.isInterface() ? "an interface" : "a class") + ", Open MPI's is not"
                        + " (IncompatibleClassChangeError)");
            }
            if (!Modifier.isAbstract(tm) && Modifier.isAbstract(om) && !t.isInterface()) {
                problem(cls, "class is abstract, Open MPI's is not (InstantiationError; javac: is abstract)");
            }
            if (sub && Modifier.isFinal(om)) {
                problem(cls, "class is final, programs extend Open MPI's (VerifyError; javac: cannot inherit)");
            }
            if (t.getDeclaringClass() != null) {
                Class<?> outer = o.getDeclaringClass();
                if (outer == null || !outer.getName().equals(t.getDeclaringClass().getName())) {
                    problem(cls, "must be a member class of " + t.getDeclaringClass().getName());
                } else if (Modifier.isStatic(tm) != Modifier.isStatic(om)) {
                    problem(cls, "member class must " + (Modifier.isStatic(tm) ? "" : "not ") + "be static (an inner"
                            + " class's instances need an enclosing one: s.new Data(), super() in subclasses)");
                }
            }
            for (Class<?> s : supertypes(t)) {
                if (s == Object.class || !(s.getName().startsWith("java.") || isTheirApi(s))) continue;
                Class<?> expected = ourEquivalent(s);
                if (expected == null || !expected.isAssignableFrom(o)) {
                    problem(cls, "is not a subtype of " + s.getName() + " (verifier: assignments, catch, throw;"
                            + " javac: incompatible types)");
                }
            }
            if (cls.equals("MPIException") && !RuntimeException.class.isAssignableFrom(o)) {
                problem(cls, MPIEXCEPTION_RULE);
            }
        }

        // -- members --

        private void checkConstructor(String cls, Constructor<?> k, Class<?> o) {
            String key = jvmKey(k);
            count(key);
            Constructor<?> match = null;
            if (o != null) {
                for (Constructor<?> c : o.getDeclaredConstructors()) if (descriptor(c).equals(descriptor(k))) match = c;
            }
            if (match == null || match.isSynthetic()) {
                problem(cls, "missing: " + key + " (NoSuchMethodError; javac: no such constructor)");
                return;
            }
            checkAccess(cls, key, k.getModifiers(), match.getModifiers());
            checkExceptions(cls, key, k, match);
        }

        private void checkField(String cls, Class<?> t, Field f, Class<?> o) {
            String key = jvmKey(f);
            boolean declared = f.getDeclaringClass() == t;
            if (declared) count(key);
            Field bin = o == null ? null : resolveField(o, f.getName(), descriptor(f.getType()));
            if (!declared) {
                // Checked where declared; here only that our class reaches it too (the same superclass chain).
                Class<?> home = ourClass(f.getDeclaringClass().getName());
                if (o != null && bin == null && home != null
                        && resolveField(home, f.getName(), descriptor(f.getType())) != null) {
                    problem(cls, "missing through " + cls + ": " + key + " (NoSuchFieldError)");
                }
                return;
            }
            Field src = o == null ? null : sourceField(o, f.getName(), Modifier.isProtected(f.getModifiers()));
            if (bin == null && src == null) {
                problem(cls, "missing: " + key + " (NoSuchFieldError; javac: cannot find symbol)");
                return;
            }
            if (bin == null) {
                problem(cls, key + ": no field of this type (NoSuchFieldError); javac finds " + describe(src));
            } else {
                checkAccess(cls, key, f.getModifiers(), bin.getModifiers());
                if (Modifier.isStatic(f.getModifiers()) != Modifier.isStatic(bin.getModifiers())) {
                    problem(cls, key + ": static-ness differs (IncompatibleClassChangeError)");
                }
                if (!Modifier.isFinal(f.getModifiers()) && Modifier.isFinal(bin.getModifiers())) {
                    problem(cls, key + ": final in the candidate only (IllegalAccessError where a program assigns it)");
                }
            }
            if (src == null) {
                problem(cls, key + ": javac cannot see it (no accessible field " + f.getName() + " nearest the class)");
                return;
            }
            List<String> why = new ArrayList<>();
            if (Modifier.isStatic(src.getModifiers()) != Modifier.isStatic(f.getModifiers())) why.add("static-ness");
            Class<?> expected = ourEquivalent(f.getType());
            if (expected == null || !expected.isAssignableFrom(src.getType())) why.add("type");
            Object value = constants(theirs, f.getDeclaringClass().getName()).get(f.getName());
            if (value != null && Modifier.isStatic(f.getModifiers()) && Modifier.isFinal(f.getModifiers())) {
                Object ourValue = constants(ours, src.getDeclaringClass().getName()).get(src.getName());
                if (!value.equals(ourValue) || !Modifier.isFinal(src.getModifiers())) {
                    boolean constant = ourValue != null && Modifier.isFinal(src.getModifiers());
                    why.add("must be the compile-time constant " + value + ", is "
                            + (constant ? ourValue : "not a constant"));
                }
            }
            if (!why.isEmpty()) {
                problem(cls, key + ": javac sees " + describe(src) + ": " + String.join(", ", why) + " differ(s)");
            }
        }

        private void checkMethod(String cls, Class<?> t, Method m, Class<?> o, boolean sub) {
            String key = jvmKey(m);
            String desc = descriptor(m);
            boolean declared = m.getDeclaringClass() == t;
            Method bin = o == null ? null : resolveMethod(o, m.getName(), desc);
            if (!declared) {
                Class<?> home = ourClass(m.getDeclaringClass().getName());
                if (o != null && bin == null && home != null && resolveMethod(home, m.getName(), desc) != null) {
                    problem(cls, "missing through " + cls + ": " + key + " (NoSuchMethodError)");
                }
                return;
            }
            count(key);
            boolean visible = !m.isSynthetic(); // bridges: binary only
            Method src = o == null || !visible ? null
                    : sourceMethod(o, m.getName(), typeNames(m.getParameterTypes()),
                            Modifier.isProtected(m.getModifiers()));
            if (bin == null && src == null) {
                problem(cls, "missing: " + key + " (NoSuchMethodError"
                        + (visible ? "; javac: cannot find symbol)" : ")"));
                return;
            }
            int mm = m.getModifiers();
            if (bin == null) {
                problem(cls, key + ": no method with this exact descriptor (NoSuchMethodError); javac finds "
                        + describe(src));
            } else {
                int om = bin.getModifiers();
                checkAccess(cls, key, mm, om);
                if (Modifier.isStatic(mm) != Modifier.isStatic(om)) {
                    problem(cls, key + ": static-ness differs (IncompatibleClassChangeError)");
                }
                if (sub && !Modifier.isStatic(mm) && !Modifier.isFinal(mm) && Modifier.isFinal(om)) {
                    problem(cls, key + ": final in the candidate only (a program's overriding subclass fails:"
                            + " VerifyError)");
                }
                if (sub && !Modifier.isAbstract(mm) && Modifier.isAbstract(om)) {
                    problem(cls, key + ": abstract in the candidate only (AbstractMethodError)");
                }
            }
            if (!visible) return;
            if (src == null) {
                problem(cls, key + ": javac cannot see it ("
                        + (bin.isSynthetic() ? "synthetic" : "not accessible") + ")");
                return;
            }
            List<String> why = new ArrayList<>();
            int sm = src.getModifiers();
            if (Modifier.isStatic(sm) != Modifier.isStatic(mm)) why.add("static-ness");
            if (!returnCompatible(m.getReturnType(), src.getReturnType())) why.add("return type");
            boolean overridable = sub && !Modifier.isStatic(mm) && !Modifier.isFinal(mm);
            if (overridable) {
                // Programs override it: the same return type, not final, and no wider access than theirs gives.
                if (Modifier.isAbstract(mm) && !m.getReturnType().getName().equals(src.getReturnType().getName())) {
                    why.add("return type of an abstract method");
                }
                if (Modifier.isFinal(sm)) why.add("final");
                if (Modifier.isProtected(mm) && Modifier.isPublic(sm)) why.add("public (a protected override fails)");
            }
            if (isGeneric(m) && !genericForm(m).equals(genericForm(src))) {
                why.add("generic form (Open MPI: " + genericForm(m) + ")");
            }
            checkExceptions(why, m, src);
            if (!why.isEmpty()) {
                problem(cls, key + ": javac sees " + describe(src) + ": " + String.join(", ", new TreeSet<>(why))
                        + " differ(s)");
            }
        }

        private void checkExceptions(String cls, String key, Executable t, Executable o) {
            List<String> why = new ArrayList<>();
            checkExceptions(why, t, o);
            if (!why.isEmpty()) problem(cls, key + ": " + String.join(", ", why));
        }

        /**
         * javac: a checked exception the candidate declares and Open MPI's member does not breaks callers that do
         * not catch it; one Open MPI declares and the candidate does not (while checked in the candidate) breaks
         * callers that catch it ("never thrown") and overriding subclasses.
         */
        private void checkExceptions(List<String> why, Executable t, Executable o) {
            for (Class<?> e : o.getExceptionTypes()) {
                if (checked(e)
                        && Arrays.stream(t.getExceptionTypes()).map(Class::getName).noneMatch(e.getName()::equals)) {
                    why.add("throws checked " + e.getName());
                }
            }
            for (Class<?> e : t.getExceptionTypes()) {
                Class<?> ourE = ourEquivalent(e);
                if (ourE == null || !checked(ourE)) continue;
                if (Arrays.stream(o.getExceptionTypes()).noneMatch(d -> d.isAssignableFrom(ourE))) {
                    why.add("lacks checked " + e.getName());
                }
            }
        }

        private void checkAccess(String cls, String key, int theirs, int ours) {
            boolean ok = Modifier.isPublic(ours) || Modifier.isProtected(ours) && !Modifier.isPublic(theirs);
            if (!ok) problem(cls, key + ": less accessible than Open MPI's (IllegalAccessError; javac: not public)");
        }

        // -- class files --

        private ClassFile classFile(ClassLoader loader, String className) {
            return classFiles.computeIfAbsent(System.identityHashCode(loader) + ":" + className, k -> {
                try (InputStream in = loader.getResourceAsStream(className.replace('.', '/') + ".class")) {
                    if (in == null) throw new IOException("no class file");
                    return new ClassFile(new DataInputStream(new BufferedInputStream(in)));
                } catch (IOException e) {
                    throw new IllegalStateException("reading " + className + ": " + e.getMessage(), e);
                }
            });
        }

        private Map<String, Object> constants(ClassLoader loader, String className) {
            return classFile(loader, className).constants;
        }

        // -- Open MPI 5.0 --

        private void checkOmpi50() throws ClassNotFoundException {
            for (String[] row : OMPI_5_0) {
                String cls = row[0];
                String spec = row[1];
                boolean isStatic = spec.startsWith("static ");
                if (isStatic) spec = spec.substring("static ".length());
                String key = cls + "." + spec;
                String shown = key + " [Open MPI 5.0: " + row[2] + "]";
                count(key);
                Class<?> t = Class.forName("mpi." + cls, false, theirs);
                Class<?> o = ourClass("mpi." + cls);
                int colon = spec.indexOf(':'), paren = spec.indexOf('(');
                if (colon > 0 && (paren < 0 || colon < paren)) {
                    String name = spec.substring(0, colon), desc = spec.substring(colon + 1);
                    if (resolveField(t, name, desc) != null) {
                        problem(cls, "already in 4.1.4, remove from OMPI_5_0: " + shown);
                    }
                    Field bin = o == null ? null : resolveField(o, name, desc);
                    Field src = o == null ? null : sourceField(o, name, false);
                    if (bin == null || !Modifier.isPublic(bin.getModifiers())
                            || Modifier.isStatic(bin.getModifiers()) != isStatic) {
                        problem(cls, "missing: " + shown
                                + (bin == null ? " (NoSuchFieldError)" : " (access or static-ness)"));
                    } else if (src == null || !descriptor(src.getType()).equals(desc)
                            && !isAssignableByName(typeName(desc), src.getType())) {
                        problem(cls, shown + ": javac sees " + (src == null ? "nothing" : describe(src)));
                    }
                    continue;
                }
                String name = spec.substring(0, paren), desc = spec.substring(paren);
                if (resolveMethod(t, name, desc) != null) {
                    problem(cls, "already in 4.1.4, remove from OMPI_5_0: " + shown);
                }
                Method bin = o == null ? null : resolveMethod(o, name, desc);
                String[] params = parameterTypeNames(desc);
                Method src = o == null ? null : sourceMethod(o, name, params, false);
                if (bin == null || !Modifier.isPublic(bin.getModifiers())
                        || Modifier.isStatic(bin.getModifiers()) != isStatic) {
                    problem(cls, "missing: " + shown
                            + (bin == null ? " (NoSuchMethodError)" : " (access or static-ness)"));
                    continue;
                }
                String ret = typeName(desc.substring(desc.indexOf(')') + 1));
                if (src == null || Modifier.isStatic(src.getModifiers()) != isStatic
                        || !ret.equals("void") && !isAssignableByName(ret, src.getReturnType())) {
                    problem(cls, shown + ": javac sees " + (src == null ? "nothing" : describe(src)));
                }
            }
        }

        // -- lookups in the candidate --

        private Class<?> ourClass(String name) {
            try {
                return Class.forName(name, false, ours);
            } catch (ClassNotFoundException | LinkageError e) {
                return null;
            }
        }

        /** The class a program compiled against Open MPI gets from the candidate for Open MPI's {@code type}. */
        private Class<?> ourEquivalent(Class<?> type) {
            if (type.isArray()) {
                Class<?> component = ourEquivalent(type.getComponentType());
                return component == null ? null : java.lang.reflect.Array.newInstance(component, 0).getClass();
            }
            if (type.isPrimitive() || type.getName().startsWith("java.")) return type;
            return ourClass(type.getName());
        }

        private boolean returnCompatible(Class<?> t, Class<?> o) {
            if (t == void.class) return true; // a call used as a statement compiles whatever is returned
            if (t.isPrimitive() || o.isPrimitive()) return t.getName().equals(o.getName());
            Class<?> expected = ourEquivalent(t);
            return expected != null && expected.isAssignableFrom(o);
        }

        private boolean isAssignableByName(String typeName, Class<?> ourType) {
            if (ourType.getTypeName().equals(typeName)) return true;
            if (typeName.endsWith("[]") || !typeName.contains(".")) return false;
            Class<?> target = typeName.startsWith("mpi.") ? ourClass(typeName) : bootClass(typeName);
            return target != null && target.isAssignableFrom(ourType);
        }

        private boolean isTheirApi(Class<?> c) {
            return c.getPackageName().equals("mpi") && Modifier.isPublic(c.getModifiers());
        }

        private boolean checked(Class<?> e) {
            return Throwable.class.isAssignableFrom(e) && !RuntimeException.class.isAssignableFrom(e)
                    && !Error.class.isAssignableFrom(e);
        }

        // -- reporting --

        private void count(String key) {
            checkedMembers.add(key);
        }

        void problem(String cls, String line) {
            problems.computeIfAbsent(cls, k -> new LinkedHashSet<>()).add(line);
        }

        int problemCount() {
            return problems.values().stream().mapToInt(Set::size).sum();
        }

        String totals(String what) {
            return what + ": " + classes + " classes, " + members + " members checked, "
                    + (usedExclusions.size() + unreachable + NON_PUBLIC_CLASSES.length) + " excluded ("
                    + usedExclusions.size() + " listed constructors, " + unreachable + " protected members no program"
                    + " can reach, " + NON_PUBLIC_CLASSES.length + " non-public classes), " + problemCount()
                    + " problems";
        }

        /** Missing members per class, then one line per problem, by class. */
        String listing() {
            Map<String, Long> missing = new TreeMap<>();
            problems.forEach((cls, lines) -> {
                long n = lines.stream().filter(l -> l.startsWith("missing")).count();
                if (n > 0) missing.put(cls, n);
            });
            Set<String> missingClasses = new TreeSet<>();
            problems.forEach((cls, lines) -> {
                if (lines.stream().anyMatch(l -> l.startsWith("class is missing"))) missingClasses.add(cls);
            });
            StringBuilder s = new StringBuilder(problemCount() + " problems; missing classes: " + missingClasses
                    + "; missing members by class: " + missing + "\n");
            problems.forEach((cls, lines) -> {
                s.append(cls).append(":\n");
                lines.stream().sorted((a, b) -> {
                    boolean ca = a.startsWith("class "), cb = b.startsWith("class ");
                    return ca != cb ? (ca ? -1 : 1) : a.compareTo(b);
                }).forEach(l -> s.append("    ").append(l).append('\n'));
            });
            return s.toString();
        }
    }

    // ---- reflection helpers (Open MPI's or the candidate's classes alike) ----

    /** The name after "mpi.": Comm, Struct$Data. */
    private static String simpleName(Class<?> c) {
        return c.getName().startsWith("mpi.") ? c.getName().substring(4) : c.getName();
    }

    /** Every superclass and interface of {@code c}, transitively. */
    private static Set<Class<?>> supertypes(Class<?> c) {
        Set<Class<?>> all = new LinkedHashSet<>();
        List<Class<?>> todo = new ArrayList<>(List.of(c));
        while (!todo.isEmpty()) {
            Class<?> k = todo.remove(0);
            if (k.getSuperclass() != null && all.add(k.getSuperclass())) todo.add(k.getSuperclass());
            for (Class<?> i : k.getInterfaces()) if (all.add(i)) todo.add(i);
        }
        return all;
    }

    private static boolean linkable(int modifiers, boolean subclassable) {
        return Modifier.isPublic(modifiers) || Modifier.isProtected(modifiers) && subclassable;
    }

    private static void collectFields(Class<?> c, Map<String, Field> found) {
        for (Field f : c.getDeclaredFields()) found.putIfAbsent(f.getName() + ":" + descriptor(f.getType()), f);
        for (Class<?> i : c.getInterfaces()) collectFields(i, found);
        if (c.getSuperclass() != null) collectFields(c.getSuperclass(), found);
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

    /**
     * The method javac picks by name and parameter types in {@code c}: never a synthetic one (bridges included:
     * javac's resolution skips them), public, or protected where {@code protectedToo}; the nearest declaration.
     */
    private static Method sourceMethod(Class<?> c, String name, String[] params, boolean protectedToo) {
        List<Class<?>> order = new ArrayList<>();
        for (Class<?> k = c; k != null; k = k.getSuperclass()) order.add(k);
        for (Class<?> s : supertypes(c)) if (s.isInterface()) order.add(s);
        for (Class<?> k : order) {
            for (Method m : k.getDeclaredMethods()) {
                int mods = m.getModifiers();
                if (m.isSynthetic() || !m.getName().equals(name)
                        || !Arrays.equals(typeNames(m.getParameterTypes()), params)) {
                    continue;
                }
                if (Modifier.isPublic(mods) || protectedToo && Modifier.isProtected(mods)) return m;
            }
        }
        return null;
    }

    private static Method findDeclared(Class<?> c, String name, String[] params) {
        for (Class<?> k = c; k != null; k = k.getSuperclass()) {
            for (Method m : k.getDeclaredMethods()) {
                if (m.getName().equals(name) && Arrays.equals(typeNames(m.getParameterTypes()), params)) return m;
            }
        }
        for (Class<?> s : supertypes(c)) {
            if (!s.isInterface()) continue;
            for (Method m : s.getDeclaredMethods()) {
                if (m.getName().equals(name) && Arrays.equals(typeNames(m.getParameterTypes()), params)) return m;
            }
        }
        return null;
    }

    /** The field javac sees by name through {@code c}: the one nearest c, which hides the others; never synthetic. */
    private static Field sourceField(Class<?> c, String name, boolean protectedToo) {
        for (Class<?> k = c; k != null; k = k.getSuperclass()) {
            for (Field f : k.getDeclaredFields()) {
                int mods = f.getModifiers();
                if (f.getName().equals(name) && !f.isSynthetic()
                        && (Modifier.isPublic(mods) || protectedToo && Modifier.isProtected(mods))) {
                    return f;
                }
            }
        }
        return null;
    }

    private static boolean isGeneric(Method m) {
        if (m.getTypeParameters().length > 0 || !(m.getGenericReturnType() instanceof Class)) return true;
        return Arrays.stream(m.getGenericParameterTypes()).anyMatch(p -> !(p instanceof Class));
    }

    /** {@code <T0 extends mpi.Struct$Data;> T0 (java.nio.ByteBuffer)}: type variables numbered, names do not matter. */
    private static String genericForm(Method m) {
        Map<String, String> vars = new HashMap<>();
        TypeVariable<Method>[] tps = m.getTypeParameters();
        for (int i = 0; i < tps.length; i++) vars.put(tps[i].getName(), "T" + i);
        StringBuilder s = new StringBuilder("<");
        for (TypeVariable<Method> v : tps) {
            s.append(vars.get(v.getName())).append(" extends ").append(Arrays.stream(v.getBounds())
                    .map(b -> typeString(b, vars)).collect(Collectors.joining("&"))).append(';');
        }
        s.append("> ").append(typeString(m.getGenericReturnType(), vars)).append(" (");
        s.append(Arrays.stream(m.getGenericParameterTypes()).map(p -> typeString(p, vars))
                .collect(Collectors.joining(",")));
        return s.append(')').toString();
    }

    private static String typeString(Type t, Map<String, String> vars) {
        if (t instanceof Class) return ((Class<?>) t).getTypeName();
        if (t instanceof TypeVariable) {
            String name = ((TypeVariable<?>) t).getName();
            return vars.getOrDefault(name, name);
        }
        if (t instanceof GenericArrayType) {
            return typeString(((GenericArrayType) t).getGenericComponentType(), vars) + "[]";
        }
        if (t instanceof WildcardType) {
            WildcardType w = (WildcardType) t;
            return "?" + (w.getLowerBounds().length > 0 ? " super " + typeString(w.getLowerBounds()[0], vars)
                    : " extends " + typeString(w.getUpperBounds()[0], vars));
        }
        ParameterizedType p = (ParameterizedType) t;
        return typeString(p.getRawType(), vars) + "<" + Arrays.stream(p.getActualTypeArguments())
                .map(a -> typeString(a, vars)).collect(Collectors.joining(",")) + ">";
    }

    private static Class<?> bootClass(String name) {
        try {
            return Class.forName(name, false, null);
        } catch (ClassNotFoundException e) {
            return null;
        }
    }

    // ---- descriptors and names ----

    /** The JVM descriptor of a type (JVMS 4.3.2). */
    static String descriptor(Class<?> type) {
        if (type.isArray()) return "[" + descriptor(type.getComponentType());
        if (!type.isPrimitive()) return "L" + type.getName().replace('.', '/') + ";";
        if (type == void.class) return "V";
        if (type == boolean.class) return "Z";
        if (type == long.class) return "J";
        return type.getName().substring(0, 1).toUpperCase(java.util.Locale.ROOT); // B C D F I S
    }

    /** The JVM descriptor of a method or constructor (JVMS 4.3.3). */
    static String descriptor(Executable e) {
        StringBuilder d = new StringBuilder("(");
        for (Class<?> p : e.getParameterTypes()) d.append(descriptor(p));
        return d.append(')').append(e instanceof Method ? descriptor(((Method) e).getReturnType()) : "V").toString();
    }

    /** "[Lmpi/Datatype;" -> "mpi.Datatype[]", "I" -> "int", as Class.getTypeName prints them. */
    static String typeName(String descriptor) {
        int dims = 0;
        while (descriptor.charAt(dims) == '[') dims++;
        String base = descriptor.substring(dims);
        String name;
        switch (base.charAt(0)) {
            case 'L': name = base.substring(1, base.length() - 1).replace('/', '.'); break;
            case 'Z': name = "boolean"; break;
            case 'B': name = "byte"; break;
            case 'C': name = "char"; break;
            case 'S': name = "short"; break;
            case 'I': name = "int"; break;
            case 'J': name = "long"; break;
            case 'F': name = "float"; break;
            case 'D': name = "double"; break;
            case 'V': name = "void"; break;
            default: throw new IllegalArgumentException(descriptor);
        }
        return name + "[]".repeat(dims);
    }

    /** The parameter type names of a method descriptor "(...)R". */
    static String[] parameterTypeNames(String descriptor) {
        List<String> names = new ArrayList<>();
        int i = 1;
        while (descriptor.charAt(i) != ')') {
            int start = i;
            while (descriptor.charAt(i) == '[') i++;
            i = descriptor.charAt(i) == 'L' ? descriptor.indexOf(';', i) + 1 : i + 1;
            names.add(typeName(descriptor.substring(start, i)));
        }
        return names.toArray(new String[0]);
    }

    private static String[] typeNames(Class<?>[] types) {
        return Arrays.stream(types).map(Class::getTypeName).toArray(String[]::new);
    }

    /** The member as problems and EXCLUDED name it: "Comm.send(Ljava/lang/Object;ILmpi/Datatype;II)V". */
    static String jvmKey(Executable e) {
        return simpleName(e.getDeclaringClass()) + "." + (e instanceof Constructor ? "<init>" : e.getName())
                + descriptor(e);
    }

    static String jvmKey(Field f) {
        return simpleName(f.getDeclaringClass()) + "." + f.getName() + ":" + descriptor(f.getType());
    }

    private static String shortName(Class<?> type) {
        Class<?> base = type;
        StringBuilder dims = new StringBuilder();
        while (base.isArray()) {
            base = base.getComponentType();
            dims.append("[]");
        }
        String p = base.getPackageName();
        String name = p.equals("mpi") ? simpleName(base)
                : p.equals("java.lang") ? base.getSimpleName() : base.getName();
        return name + dims;
    }

    private static String describe(Method m) {
        return (Modifier.isStatic(m.getModifiers()) ? "static " : "") + (Modifier.isProtected(m.getModifiers())
                ? "protected " : "") + shortName(m.getReturnType()) + " " + simpleName(m.getDeclaringClass()) + "."
                + m.getName() + "(" + Arrays.stream(m.getParameterTypes()).map(OmpiApiCompatibilityTest::shortName)
                .collect(Collectors.joining(", ")) + ")";
    }

    private static String describe(Field f) {
        return (Modifier.isStatic(f.getModifiers()) ? "static " : "") + (Modifier.isFinal(f.getModifiers())
                ? "final " : "") + shortName(f.getType()) + " " + simpleName(f.getDeclaringClass()) + "." + f.getName();
    }

    // ---- class files: constants ----

    /**
     * What the test reads from a class file rather than by reflection (which would initialise the class): the
     * ConstantValue of each field (JVMS 4.7.2).
     */
    static final class ClassFile {
        final Map<String, Object> constants = new HashMap<>();

        ClassFile(DataInputStream d) throws IOException {
            d.readInt(); // magic
            d.readUnsignedShort(); // minor
            d.readUnsignedShort(); // major
            int count = d.readUnsignedShort();
            Object[] pool = new Object[count];
            int[] tags = new int[count], first = new int[count];
            for (int i = 1; i < count; i++) {
                int tag = tags[i] = d.readUnsignedByte();
                switch (tag) {
                    case 1: pool[i] = d.readUTF(); break;
                    case 3: pool[i] = d.readInt(); break;
                    case 4: pool[i] = d.readFloat(); break;
                    case 5: pool[i++] = d.readLong(); break; // 8-byte constants take two slots
                    case 6: pool[i++] = d.readDouble(); break;
                    case 7: case 8: case 16: case 19: case 20: first[i] = d.readUnsignedShort(); break;
                    case 9: case 10: case 11: case 12: case 17: case 18:
                        d.readUnsignedShort();
                        d.readUnsignedShort();
                        break;
                    case 15: d.readUnsignedByte(); d.readUnsignedShort(); break;
                    default: throw new IOException("unknown constant pool tag " + tag);
                }
            }
            for (int i = 1; i < count; i++) if (tags[i] == 8) pool[i] = pool[first[i]];
            d.readUnsignedShort(); // access flags
            d.readUnsignedShort(); // this class
            d.readUnsignedShort(); // super class
            int interfaces = d.readUnsignedShort();
            for (int i = 0; i < interfaces; i++) d.readUnsignedShort();
            int fields = d.readUnsignedShort();
            for (int i = 0; i < fields; i++) {
                d.readUnsignedShort(); // access flags
                String name = (String) pool[d.readUnsignedShort()];
                d.readUnsignedShort(); // descriptor
                int attributes = d.readUnsignedShort();
                for (int a = 0; a < attributes; a++) {
                    String attribute = (String) pool[d.readUnsignedShort()];
                    int length = d.readInt();
                    if (attribute.equals("ConstantValue")) constants.put(name, pool[d.readUnsignedShort()]);
                    else d.readFully(new byte[length]);
                }
            }
        }
    }
}
