package natmpj.testkit;

import java.io.File;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;

/**
 * Compiles test programs at test time, against jars the build does not compile against (MPJ Express's mpj.jar):
 * the class files a job then runs with {@link MpiJob#withClasspath}.
 */
public final class Javac {
    private Javac() {}

    /** The folder of class files this JVM loaded the kit from: the tests' (target/test-classes). */
    public static Path testClasses() {
        try {
            return Path.of(Javac.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (java.net.URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * Compiles every .java file under {@code sources} into {@code out} against {@code classpath} (entries joined
     * with the path separator) alone, without annotation processing; throws with javac's messages when it fails.
     */
    public static Path compile(Path sources, Path out, Path... classpath) throws Exception {
        List<String> files = new ArrayList<>();
        try (Stream<Path> all = Files.walk(sources)) {
            all.filter(f -> f.toString().endsWith(".java")).forEach(f -> files.add(f.toString()));
        }
        Files.createDirectories(out);
        List<String> path = new ArrayList<>();
        for (Path p : classpath) path.add(p.toString());
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        StringWriter messages = new StringWriter();
        List<String> options = List.of("-d", out.toString(), "-proc:none", "-Xlint:-path", "-classpath",
                String.join(File.pathSeparator, path));
        boolean ok = javac.getTask(messages, null, null, options, null,
                javac.getStandardFileManager(null, null, null).getJavaFileObjectsFromStrings(files)).call();
        if (!ok) throw new IllegalStateException("javac " + options + " " + files + ":\n" + messages);
        return out;
    }
}
