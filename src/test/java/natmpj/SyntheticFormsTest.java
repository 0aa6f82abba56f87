package natmpj;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.io.StringWriter;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * src/build/java/SyntheticForms.java, the build step that gives natmpj MPJ Express's descriptors, run as the build
 * runs it ({@code java SyntheticForms.java <dir>}, single-file source mode) on small classes compiled here: what it
 * must do, and what it must refuse loudly.
 */
class SyntheticFormsTest {
    private static final Path TOOL = Paths.get("src/build/java/SyntheticForms.java");

    @TempDir
    Path tmp;
    /** The tool compiled once, for the runs that need not show single-file source mode (each run compiles it). */
    @TempDir
    static Path compiledTool;
    private static boolean toolCompiled;

    /** A library with both forms, as natmpj declares them. */
    private static final Map<String, String> LIBRARY = Map.of(
            "p/A.java", "package p;\n"
                    + "public class A {\n"
                    + "    static int calls;\n"
                    + "    public static byte[] get() { calls++; return new byte[] {7}; }\n"
                    + "    public static void get$$mpjexpress() { get(); }\n"
                    + "    public void finalize$$mpjexpress() {}\n"
                    + "    public static int calls() { get$$mpjexpress(); return calls; }\n"
                    + "}\n",
            "p/B.java", "package p;\n"
                    + "public class B extends A {\n"
                    + "    public static void viaSubclass() { B.get$$mpjexpress(); }\n"
                    + "}\n");

    @Test
    void renamesMarkedMembersAndTheirReferencesAndFlagsThemSynthetic() throws Exception {
        Path lib = compile("lib", LIBRARY, null);
        String output = runTool(lib, 0, true);
        assertTrue(output.contains("2 MPJ Express forms renamed and made synthetic, 2 references renamed"), output);
        try (URLClassLoader loader = new URLClassLoader(new URL[] {lib.toUri().toURL()}, null)) {
            Class<?> a = loader.loadClass("p.A");
            List<String> methods = new ArrayList<>();
            for (Method m : a.getDeclaredMethods()) {
                String synthetic = m.isSynthetic() ? " synthetic" : "";
                methods.add(m.getName() + ":" + m.getReturnType().getSimpleName() + synthetic);
            }
            methods.sort(null);
            assertEquals(List.of("calls:int", "finalize:void synthetic", "get:byte[]", "get:void synthetic"), methods);
            // A's own call and B's, through the subclass, now call the void get()
            loader.loadClass("p.B").getMethod("viaSubclass").invoke(null);
            assertEquals(2, a.getMethod("calls").invoke(null));
        }
        assertTrue(runTool(lib, 0, false).contains("0 MPJ Express forms renamed"), "a second run changes nothing");
    }

    @Test
    void javacSeesThePlainFormsAndCompiledClassesLinkToTheMarkedOnes() throws Exception {
        Path lib = compile("lib", LIBRARY, null);
        runTool(lib, 0, false);
        // Source against the processed classes: the synthetic forms are invisible (no ambiguity: byte[] get()).
        Path plain = compile("plain", Map.of("C.java", "public class C {\n"
                + "    public static String run() { byte[] b = p.A.get(); p.A.get(); return \"\" + b[0]; }\n}\n"), lib);
        // A class compiled against the other library, whose only forms are the marked ones.
        Path other = compile("other", Map.of("p/A.java", "package p;\n"
                + "public class A {\n"
                + "    public static void get() {}\n"
                + "    public void finalize() {}\n"
                + "}\n"), null);
        Path linked = compile("linked", Map.of("D.java", "public class D {\n"
                + "    public static String run() { p.A.get(); new p.A().finalize(); return \"linked\"; }\n"
                + "}\n"), other);
        try (URLClassLoader loader = new URLClassLoader(new URL[] {lib.toUri().toURL(), plain.toUri().toURL(),
                linked.toUri().toURL()}, null)) {
            assertEquals("7", loader.loadClass("C").getMethod("run").invoke(null));
            assertEquals("linked", loader.loadClass("D").getMethod("run").invoke(null));
        }
    }

    @Test
    void refusesAClashWithTheSameDescriptor() throws Exception {
        Path lib = compile("clash", Map.of("p/E.java", "package p;\n"
                + "public class E { public static int g() { return 1; }\n"
                + "    public static int g$$mpjexpress() { return 2; } }\n"), null);
        String output = runTool(lib, 1, false);
        assertTrue(output.contains("two methods g:()I after renaming"), output);
    }

    @Test
    void refusesMarkedFields() throws Exception {
        // Eclipse's compiler would see a synthetic field: such forms belong in a superclass (mpi.MpjExpressFields)
        Path lib = compile("field", Map.of("p/F.java", "package p;\n"
                + "public class F { public static Integer G; public static Number G$$mpjexpress; }\n"), null);
        String output = runTool(lib, 1, false);
        assertTrue(output.contains("field G$$mpjexpress is marked"), output);
    }

    @Test
    void refusesAReferenceItCannotPlace() throws Exception {
        Path lib = compile("unplaced", Map.of(
                "p/H.java", "package p;\npublic class H { public static int k$$mpjexpress() { return 1; } }\n",
                "p/J.java", "package p;\npublic class J { public static int k() { return H.k$$mpjexpress(); } }\n"),
                null);
        Files.delete(lib.resolve("p/H.class"));
        byte[] before = Files.readAllBytes(lib.resolve("p/J.class"));
        String output = runTool(lib, 1, false);
        assertTrue(output.contains("refers to p/H.k$$mpjexpress:()I, which no class file"), output);
        assertTrue(java.util.Arrays.equals(before, Files.readAllBytes(lib.resolve("p/J.class"))), "nothing written");
    }

    @Test
    void refusesTheMarkInsideAName() throws Exception {
        Path lib = compile("lambda", Map.of("p/L.java", "package p;\n"
                + "public class L { public static Runnable r$$mpjexpress() { return () -> System.gc(); } }\n"), null);
        String output = runTool(lib, 1, false);
        assertTrue(output.contains("lambda$r$$mpjexpress$0 has $$mpjexpress elsewhere than at its end"), output);
    }

    private Path compile(String name, Map<String, String> sources, Path classpath) throws IOException {
        Path src = tmp.resolve(name + "-src"), out = tmp.resolve(name);
        List<String> files = new ArrayList<>();
        for (Map.Entry<String, String> e : sources.entrySet()) {
            Path f = src.resolve(e.getKey());
            Files.createDirectories(f.getParent());
            Files.writeString(f, e.getValue());
            files.add(f.toString());
        }
        Files.createDirectories(out);
        List<String> options = new ArrayList<>(List.of("-d", out.toString(), "-proc:none", "-Xlint:none"));
        if (classpath != null) options.addAll(List.of("-classpath", classpath.toString()));
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        StringWriter messages = new StringWriter();
        boolean ok = javac.getTask(messages, null, null, options, null,
                javac.getStandardFileManager(null, null, null).getJavaFileObjectsFromStrings(files)).call();
        assertTrue(ok, "javac " + options + ": " + messages);
        return out;
    }

    /**
     * Runs the tool and returns its output; its exit status must be {@code expected}. {@code asTheBuild}: from its
     * source file, as the build runs it; otherwise compiled once.
     */
    private String runTool(Path dir, int expected, boolean asTheBuild) throws Exception {
        Path java = Paths.get(System.getProperty("java.home"), "bin", "java");
        List<String> command = new ArrayList<>(List.of(java.toString()));
        if (asTheBuild) {
            command.add(TOOL.toString());
        } else {
            synchronized (SyntheticFormsTest.class) {
                if (!toolCompiled) {
                    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
                    assertEquals(0, javac.run(null, null, null, "-d", compiledTool.toString(), TOOL.toString()));
                    toolCompiled = true;
                }
            }
            command.addAll(List.of("-cp", compiledTool.toString(), "SyntheticForms"));
        }
        command.add(dir.toString());
        Process p = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(tmp.resolve("tool.log").toFile()).start();
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "the tool did not finish");
        String output = Files.readString(tmp.resolve("tool.log"));
        assertEquals(expected, p.exitValue(), output);
        return output;
    }

    static {
        if (!new File(TOOL.toString()).isFile()) throw new IllegalStateException("run from the project directory");
    }
}
