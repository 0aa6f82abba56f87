package natmpj.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Random;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The cache of libraries extracted from natmpj's jar: hash keying, the directory rules, races between threads and
 * between processes, damaged files, unusable directories, and (in child JVMs) loading from the jar's resources with
 * no native directory anywhere.
 */
class NativeCacheTest {
    private static final String FILE = "libnatmpj.so";
    /** SHA-256 of "abc" (FIPS 180-2, appendix B.1). */
    private static final String ABC = "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad";

    @TempDir
    Path tmp;

    @Test
    void platformNames() {
        assertEquals("linux-x86_64", NativeCache.platform("Linux", "amd64"));
        assertEquals("linux-x86_64", NativeCache.platform("Linux", "x86_64"));
        assertEquals("linux-aarch64", NativeCache.platform("Linux", "aarch64"));
        assertEquals("macosx-aarch64", NativeCache.platform("Mac OS X", "arm64"));
        assertEquals("META-INF/natives/linux-x86_64/mpich/libnativempjdev.so",
                NativeCache.resource("linux-x86_64", "mpich", "libnativempjdev.so"));
    }

    @Test
    void cacheDirectoryRules() {
        Properties p = new Properties();
        p.setProperty("user.home", "/home/u");
        p.setProperty("user.name", "u");
        p.setProperty("java.io.tmpdir", "/scratch/tmp");
        Path tmpFallback = Paths.get("/scratch/tmp/natmpj-u");
        assertEquals(List.of(Paths.get("/home/u/.cache/natmpj"), tmpFallback), NativeCache.directories(p, Map.of()));
        assertEquals(List.of(Paths.get("/xdg/natmpj"), tmpFallback),
                NativeCache.directories(p, Map.of("XDG_CACHE_HOME", "/xdg")));
        assertEquals(List.of(Paths.get("/home/u/.cache/natmpj"), tmpFallback),
                NativeCache.directories(p, Map.of("XDG_CACHE_HOME", "relative")), "the XDG spec ignores it");
        assertEquals(List.of(Paths.get("/env/cache")),
                NativeCache.directories(p, Map.of("NATMPJ_CACHE_DIR", "/env/cache", "XDG_CACHE_HOME", "/xdg")));
        p.setProperty("natmpj.cache.dir", "/prop/cache");
        assertEquals(List.of(Paths.get("/prop/cache")),
                NativeCache.directories(p, Map.of("NATMPJ_CACHE_DIR", "/env/cache")), "the property wins");
        assertTrue(NativeCache.isShared(tmpFallback, p));
        assertFalse(NativeCache.isShared(Paths.get("/home/u/.cache/natmpj"), p));
    }

    @Test
    void keyedByContentHash() throws IOException {
        assertEquals(ABC, NativeCache.sha256("abc".getBytes(StandardCharsets.US_ASCII)));
        Path root = tmp.resolve("cache");
        Path a = NativeCache.extract("abc".getBytes(StandardCharsets.US_ASCII), root, "openmpi", FILE, false);
        assertEquals(root.resolve(ABC.substring(0, 16)).resolve("openmpi").resolve(FILE), a);
        assertEquals("abc", Files.readString(a));
        assertEquals("rwxr-xr-x", PosixFilePermissions.toString(Files.getPosixFilePermissions(a)));

        Object inode = Files.readAttributes(a, "unix:ino").get("ino");
        assertEquals(a, NativeCache.extract("abc".getBytes(StandardCharsets.US_ASCII), root, "openmpi", FILE, false));
        assertEquals(inode, Files.readAttributes(a, "unix:ino").get("ino"), "a good file is used, not rewritten");

        Path b = NativeCache.extract("abd".getBytes(StandardCharsets.US_ASCII), root, "openmpi", FILE, false);
        assertNotEquals(a.getParent(), b.getParent(), "other content, other directory");
        assertEquals("abc", Files.readString(a), "the first library stays for the jobs that use it");
        assertEquals(List.of(FILE), names(a.getParent()));
    }

    @Test
    void companionsLieBesideTheirLibrary() throws IOException {
        Path root = tmp.resolve("cache");
        byte[] library = "abc".getBytes(StandardCharsets.US_ASCII);
        Path lib = NativeCache.extract(library, root, "mpich", FILE, false);
        Path stub = NativeCache.extract("stub".getBytes(StandardCharsets.US_ASCII), NativeCache.sha256(library), root,
                "mpich", "libmpi.so.12", false);
        assertEquals(lib.getParent(), stub.getParent(), "keyed by the library's hash, found by its RUNPATH $ORIGIN");
        assertEquals("stub", Files.readString(stub));
    }

    @Test
    void damagedFilesAreReplaced() throws IOException {
        byte[] content = randomBytes(100_000, 1);
        Path root = tmp.resolve("cache");
        Path file = NativeCache.extract(content, root, "mpich", FILE, false);

        Files.write(file, java.util.Arrays.copyOf(content, 50_000)); // half written by something else
        assertEquals(file, NativeCache.extract(content, root, "mpich", FILE, false));
        assertArrayEquals(content, Files.readAllBytes(file));

        byte[] flipped = content.clone();
        flipped[77_777] ^= 1; // same size, one bit wrong
        Files.write(file, flipped);
        assertFalse(NativeCache.holds(file, content.length, NativeCache.sha256(content)));
        NativeCache.extract(content, root, "mpich", FILE, false);
        assertArrayEquals(content, Files.readAllBytes(file));

        Path elsewhere = Files.write(tmp.resolve("good-copy.so"), content);
        Files.delete(file);
        Files.createSymbolicLink(file, elsewhere); // right bytes, but not a file of the cache's own
        NativeCache.extract(content, root, "mpich", FILE, false);
        assertTrue(Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS));
        assertArrayEquals(content, Files.readAllBytes(file));
        assertEquals(List.of(FILE), names(file.getParent()), "no temporary file left");
    }

    @Test
    void manyThreadsExtractAtOnce() throws Exception {
        byte[] content = randomBytes(1 << 20, 2);
        Path root = tmp.resolve("cache");
        int threads = 32;
        CountDownLatch start = new CountDownLatch(1);
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            List<Future<Path>> results = new ArrayList<>();
            for (int i = 0; i < threads; i++) {
                results.add(pool.submit(() -> {
                    start.await();
                    Path p = NativeCache.extract(content, root, "openmpi", FILE, false);
                    // What a loader would map right after: always the whole library.
                    assertArrayEquals(content, Files.readAllBytes(p));
                    return p;
                }));
            }
            start.countDown();
            Path first = results.get(0).get(60, TimeUnit.SECONDS);
            for (Future<Path> r : results) assertEquals(first, r.get(60, TimeUnit.SECONDS));
            assertEquals(List.of(FILE), names(first.getParent()), "no temporary file left");
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void manyProcessesExtractAtOnce() throws Exception {
        byte[] content = randomBytes(1 << 20, 3);
        Path contentFile = Files.write(tmp.resolve("content"), content);
        Path root = tmp.resolve("cache");
        Path go = tmp.resolve("go");
        int processes = 4;
        int threads = 8;
        List<Process> children = new ArrayList<>();
        List<BufferedReader> outputs = new ArrayList<>();
        try {
            for (int i = 0; i < processes; i++) {
                Process p = childJvm(List.of(codeSource(NativeCache.class).toString(), testClassPath()), List.of(),
                        "extract", contentFile.toString(), root.toString(), go.toString(), Integer.toString(threads));
                children.add(p);
                BufferedReader out =
                        new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
                outputs.add(out);
                assertEquals("ready", out.readLine());
            }
            Files.createFile(go);
            Path expected = root.resolve(NativeCache.sha256(content).substring(0, 16)).resolve("openmpi").resolve(FILE);
            for (int i = 0; i < processes; i++) {
                List<String> lines = outputs.get(i).lines().collect(Collectors.toList());
                assertTrue(children.get(i).waitFor(60, TimeUnit.SECONDS));
                String err = new String(children.get(i).getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
                assertEquals(0, children.get(i).exitValue(), "process " + i + ": " + lines + " " + err);
                assertEquals(threads, lines.size());
                for (String line : lines) assertEquals(expected.toString(), line);
            }
            assertArrayEquals(content, Files.readAllBytes(expected));
            assertEquals(List.of(FILE), names(expected.getParent()), "no temporary file left");
        } finally {
            for (Process p : children) p.destroyForcibly();
        }
    }

    @Test
    void unusableDirectoryFallsBackOrNamesEveryDirectory() throws IOException {
        byte[] content = randomBytes(1000, 4);
        Path notADirectory = Files.createFile(tmp.resolve("plain-file"));
        Path broken = notADirectory.resolve("cache"); // as a read-only or full home: nothing can be created there
        Path good = tmp.resolve("good");
        Properties props = new Properties();
        props.setProperty("java.io.tmpdir", tmp.resolve("elsewhere").toString());
        Path file = NativeCache.extract(content, "openmpi", FILE, List.of(broken, good), props);
        assertTrue(file.startsWith(good), file.toString());

        IOException e = assertThrows(IOException.class,
                () -> NativeCache.extract(content, "openmpi", FILE, List.of(broken), props));
        assertTrue(e.getMessage().contains(broken.toString()), e.getMessage());
        assertTrue(e.getMessage().toLowerCase(java.util.Locale.ROOT).contains("not a directory"), e.getMessage());
    }

    @Test
    void sharedFallbackMustBePrivate() throws IOException {
        byte[] content = randomBytes(1000, 5);
        Path fresh = tmp.resolve("natmpj-fresh");
        NativeCache.extract(content, fresh, "openmpi", FILE, true);
        assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(fresh)));

        Path open = Files.createDirectory(tmp.resolve("natmpj-open"));
        Files.setPosixFilePermissions(open, PosixFilePermissions.fromString("rwxrwxrwx"));
        IOException e = assertThrows(IOException.class,
                () -> NativeCache.extract(content, open, "openmpi", FILE, true));
        assertTrue(e.getMessage().contains("may be written by others"), e.getMessage());
        assertEquals(List.of(), names(open), "nothing written into it");
    }

    // Loading as a program does, in child JVMs whose natmpj classes sit in a directory with no native/ beside it.

    @Test
    void loadsEachEmbeddedFlavourFromTheJarsResources() throws Exception {
        List<String> embedded = NativeLibrary.embeddedFlavours(NativeLibrary.platform());
        assertFalse(embedded.isEmpty(), "mvn package puts target/native/<flavour>/ into the jar's resources");
        Path classes = copyOfMainClasses();
        Path cache = tmp.resolve("cache");
        for (String flavour : embedded) {
            Result r = run(classes, "-Dnatmpj.mpi=" + flavour, "-Dnatmpj.cache.dir=" + cache);
            assertEquals(0, r.status, r.toString());
            String[] words = r.out.trim().split(" ");
            assertEquals(flavour, words[0], r.toString());
            Path loaded = Paths.get(words[1]);
            assertTrue(loaded.startsWith(cache) && loaded.endsWith(Paths.get(flavour, FILE)), r.toString());
            byte[] jarCopy = Files.readAllBytes(classes.resolve(NativeCache.resource(NativeLibrary.platform(),
                    flavour, FILE)));
            assertArrayEquals(jarCopy, Files.readAllBytes(loaded));
        }
    }

    @Test
    void unwritableCacheNamesTheDirectoryAndTheOverride() throws Exception {
        Path blocked = Files.createFile(tmp.resolve("blocked")).resolve("cache");
        Result r = run(copyOfMainClasses(), "-Dnatmpj.cache.dir=" + blocked);
        assertEquals(1, r.status, r.toString());
        for (String part : List.of(blocked.toString(), "-Dnatmpj.cache.dir=<dir>", "NATMPJ_CACHE_DIR=<dir>")) {
            assertTrue(r.err.contains(part), part + " in " + r);
        }
    }

    @Test
    void missingFlavourListsTheEmbeddedOnes() throws Exception {
        List<String> embedded = NativeLibrary.embeddedFlavours(NativeLibrary.platform());
        assertFalse(embedded.isEmpty());
        Path classes = copyOfMainClasses();
        String removed = embedded.get(0);
        deleteTree(classes.resolve(NativeCache.RESOURCE_ROOT + NativeLibrary.platform() + "/" + removed));
        List<String> left = new ArrayList<>(embedded);
        left.remove(removed);
        Result r = run(classes, "-Dnatmpj.mpi=" + removed, "-Dnatmpj.cache.dir=" + tmp.resolve("cache"));
        assertEquals(1, r.status, r.toString());
        for (String flavour : left) assertTrue(r.err.contains(flavour + " in natmpj's jar"), r.toString());
        assertFalse(r.err.contains(removed + " in natmpj's jar"), r.toString());
        if (left.isEmpty()) assertTrue(r.err.contains("Builds found: none"), r.toString());
        assertTrue(r.err.contains(removed + "/" + FILE + ": not there"), r.toString());
    }

    private static final class Result {
        final int status;
        final String out;
        final String err;

        Result(int status, String out, String err) {
            this.status = status;
            this.out = out;
            this.err = err;
        }

        @Override
        public String toString() {
            return "exit " + status + ", stdout: " + out + ", stderr: " + err;
        }
    }

    private Result run(Path mainClasses, String... jvmOptions) throws Exception {
        Process p = childJvm(List.of(mainClasses.toString(), testClassPath()), List.of(jvmOptions), "load");
        p.getOutputStream().close();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        return new Result(p.exitValue(), out, err);
    }

    /** A JVM running {@link NativeCacheProbe}, with no launcher's variables and no cache directory of the user. */
    private static Process childJvm(List<String> classPath, List<String> jvmOptions, String... args)
            throws IOException {
        List<String> command = new ArrayList<>();
        command.add(Paths.get(System.getProperty("java.home"), "bin", "java").toString());
        command.add("-Xshare:auto");
        command.add("-XX:TieredStopAtLevel=1");
        command.addAll(jvmOptions);
        command.add("-cp");
        command.add(String.join(java.io.File.pathSeparator, classPath));
        command.add(NativeCacheProbe.class.getName());
        command.addAll(List.of(args));
        ProcessBuilder b = new ProcessBuilder(command);
        b.environment().keySet().removeIf(k -> k.startsWith("OMPI_") || k.startsWith("PMI_")
                || k.equals(NativeCache.DIR_ENV));
        return b.start();
    }

    /** target/classes copied to a directory with no native/ beside it: the situation of a jar from a repository. */
    private Path copyOfMainClasses() throws IOException {
        Path source = codeSource(NativeLibrary.class);
        Path copy = tmp.resolve("repo").resolve("classes");
        try (Stream<Path> all = Files.walk(source)) {
            for (Path p : (Iterable<Path>) all::iterator) {
                Path to = copy.resolve(source.relativize(p).toString());
                if (Files.isDirectory(p)) Files.createDirectories(to);
                else Files.copy(p, to);
            }
        }
        assertFalse(Files.exists(copy.resolveSibling("native")));
        return copy;
    }

    private static String testClassPath() {
        return codeSource(NativeCacheProbe.class).toString();
    }

    private static Path codeSource(Class<?> c) {
        try {
            return Paths.get(c.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (java.net.URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    private static void deleteTree(Path dir) throws IOException {
        try (Stream<Path> all = Files.walk(dir)) {
            for (Path p : all.sorted((a, b) -> b.getNameCount() - a.getNameCount()).collect(Collectors.toList())) {
                Files.delete(p);
            }
        }
    }

    private static List<String> names(Path dir) throws IOException {
        try (Stream<Path> all = Files.list(dir)) {
            return all.map(p -> p.getFileName().toString()).sorted().collect(Collectors.toList());
        }
    }

    private static byte[] randomBytes(int n, long seed) {
        byte[] b = new byte[n];
        new Random(seed).nextBytes(b);
        return b;
    }
}
