package natmpj.internal;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.Set;

/**
 * The per-user cache of native libraries extracted from natmpj's jar ({@code META-INF/natives/<platform>/<flavour>/}),
 * used when no native directory is found beside the jar (a jar taken from a Maven repository).
 *
 * <p>A library lands in {@code <cache>/<first 16 hex digits of its SHA-256>/<flavour>/<file>}: a new jar gets a new
 * directory, so a file in use by a running job is never rewritten, and two jars of different builds never share one.
 * Many processes may start at once on one node, or on many nodes over one NFS home directory (128 ranks of one job):
 * each writes its own uniquely named temporary file in the target directory, forces it to disk and renames it over
 * the final name. rename(2) is atomic on a local file system and on an NFS server, so a reader sees either no file or a
 * whole one, never a half-written one, and a writer never needs a lock; the losers of the race rename identical bytes
 * over the winner's, which a process that has already mapped the old file does not notice. Whatever is found at the
 * final name is trusted only after its hash matches the jar's bytes; a truncated or altered file is replaced the same
 * way.
 */
final class NativeCache {
    static final String RESOURCE_ROOT = "META-INF/natives/";
    /** System property and environment variable that choose the cache directory. */
    static final String DIR_PROPERTY = "natmpj.cache.dir";
    static final String DIR_ENV = "NATMPJ_CACHE_DIR";
    private static final int KEY_DIGITS = 16;
    private static final Set<PosixFilePermission> LIBRARY_MODE = PosixFilePermissions.fromString("rwxr-xr-x");
    private static final Set<PosixFilePermission> PRIVATE_MODE = PosixFilePermissions.fromString("rwx------");

    private NativeCache() {}

    /** The jar's directory for this machine, e.g. {@code linux-x86_64}, from {@code os.name} and {@code os.arch}. */
    static String platform(String osName, String osArch) {
        String os = osName.toLowerCase(Locale.ROOT).replace(" ", "");
        String arch = osArch.toLowerCase(Locale.ROOT);
        if (arch.equals("amd64") || arch.equals("x86_64")) arch = "x86_64";
        else if (arch.equals("arm64")) arch = "aarch64";
        return os + "-" + arch;
    }

    /** The resource name of one file of one flavour, e.g. {@code META-INF/natives/linux-x86_64/mpich/libnatmpj.so}. */
    static String resource(String platform, String flavour, String file) {
        return RESOURCE_ROOT + platform + "/" + flavour + "/" + file;
    }

    /**
     * The cache directories to try, in order: {@code -Dnatmpj.cache.dir} or {@code NATMPJ_CACHE_DIR} alone when
     * given (a directory chosen on purpose is not silently replaced by another); otherwise
     * {@code $XDG_CACHE_HOME/natmpj} (else {@code ~/.cache/natmpj}), then {@code <java.io.tmpdir>/natmpj-<user>} for a
     * home directory that is read-only or full.
     */
    static List<Path> directories(Properties properties, Map<String, String> env) {
        String chosen = properties.getProperty(DIR_PROPERTY);
        if (chosen == null || chosen.isEmpty()) chosen = env.get(DIR_ENV);
        if (chosen != null && !chosen.isEmpty()) return List.of(Paths.get(chosen));
        List<Path> dirs = new ArrayList<>();
        String xdg = env.get("XDG_CACHE_HOME");
        // The XDG base directory spec ignores a relative XDG_CACHE_HOME.
        if (xdg != null && Paths.get(xdg).isAbsolute()) {
            dirs.add(Paths.get(xdg, "natmpj"));
        } else {
            String home = properties.getProperty("user.home");
            if (home != null && !home.isEmpty() && !home.equals("?")) dirs.add(Paths.get(home, ".cache", "natmpj"));
        }
        dirs.add(Paths.get(properties.getProperty("java.io.tmpdir", "/tmp"),
                "natmpj-" + properties.getProperty("user.name", "unknown")));
        return dirs;
    }

    /**
     * Whether {@code dir} lies in the temporary directory all users share (the fallback, or a directory chosen there):
     * such a cache must be private to its owner.
     */
    static boolean isShared(Path dir, Properties properties) {
        Path tmp = Paths.get(properties.getProperty("java.io.tmpdir", "/tmp")).toAbsolutePath().normalize();
        return dir.toAbsolutePath().normalize().startsWith(tmp);
    }

    /**
     * Puts {@code content} into the first directory of {@code dirs} that takes it and returns the file's path.
     *
     * @throws IOException naming every directory tried and why it failed
     */
    static Path extract(byte[] content, String flavour, String file, List<Path> dirs, Properties properties)
            throws IOException {
        List<String> failures = new ArrayList<>();
        for (Path dir : dirs) {
            try {
                return extract(content, dir, flavour, file, isShared(dir, properties));
            } catch (IOException | SecurityException e) {
                // A plain IOException's message says it all; a subclass's name says what kind (AccessDenied...).
                failures.add(dir + ": " + (e.getClass() == IOException.class ? e.getMessage() : e.toString()));
            }
        }
        throw new IOException("could not extract " + file + " (" + flavour + ") into "
                + (dirs.size() == 1 ? "the cache directory" : "any cache directory") + ":\n  "
                + String.join("\n  ", failures));
    }

    /**
     * Puts {@code content} at {@code <root>/<key>/<flavour>/<file>} unless a file with the same hash is already there,
     * and returns that path. {@code privateRoot} makes {@code root} owner-only (and refuses one owned by another user),
     * for a root in a directory all users write to.
     */
    static Path extract(byte[] content, Path root, String flavour, String file, boolean privateRoot)
            throws IOException {
        return extract(content, sha256(content), root, flavour, file, privateRoot);
    }

    /**
     * {@link #extract(byte[], Path, String, String, boolean)} into the directory of another file whose SHA-256 is
     * {@code key}: a companion that must lie beside that file (the stub libmpi.so.12 beside libnatmpj.so).
     */
    static Path extract(byte[] content, String key, Path root, String flavour, String file, boolean privateRoot)
            throws IOException {
        String digest = sha256(content);
        Path dir = root.resolve(key.substring(0, KEY_DIGITS)).resolve(flavour);
        Path target = dir.resolve(file);
        if (privateRoot) ensurePrivate(root);
        if (holds(target, content.length, digest)) return target;
        createDirectories(dir);
        Path temporary = Files.createTempFile(dir, "." + file + ".", ".tmp");
        try {
            try (FileChannel channel = FileChannel.open(temporary, StandardOpenOption.WRITE)) {
                ByteBuffer bytes = ByteBuffer.wrap(content);
                while (bytes.hasRemaining()) channel.write(bytes);
                // On disk before it has its name: after a crash the name never points at a partial file.
                channel.force(true);
            }
            Files.setPosixFilePermissions(temporary, LIBRARY_MODE);
            Files.move(temporary, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } finally {
            Files.deleteIfExists(temporary);
        }
        // Every writer writes the same bytes, so whichever rename came last left a good file; anything else means
        // something other than natmpj writes there.
        if (!holds(target, content.length, digest)) {
            throw new IOException(target + " changed while it was written (its SHA-256 is not " + digest + ")");
        }
        return target;
    }

    /** {@link Files#createDirectories}, saying which path is in the way when something else is. */
    private static void createDirectories(Path dir) throws IOException {
        try {
            Files.createDirectories(dir);
        } catch (FileAlreadyExistsException e) {
            throw new IOException("cannot create " + dir + ": " + e.getFile() + " exists and is not a directory", e);
        }
    }

    /** Whether {@code file} is a regular file of this size and SHA-256. */
    static boolean holds(Path file, long size, String digest) throws IOException {
        if (!Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS) || Files.size(file) != size) return false;
        return sha256(Files.readAllBytes(file)).equals(digest);
    }

    /** Hex SHA-256 of {@code bytes}. */
    static String sha256(byte[] bytes) {
        try {
            byte[] hash = MessageDigest.getInstance("SHA-256").digest(bytes);
            StringBuilder hex = new StringBuilder(hash.length * 2);
            for (byte b : hash) {
                hex.append(Character.forDigit((b >> 4) & 0xf, 16)).append(Character.forDigit(b & 0xf, 16));
            }
            return hex.toString();
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
    }

    /**
     * Creates {@code root} owner-only, or checks that an existing one is a directory of this user that nobody else may
     * write: in a shared temporary directory another user could otherwise put a library there for us to load.
     */
    private static void ensurePrivate(Path root) throws IOException {
        if (root.getParent() != null) createDirectories(root.getParent());
        try {
            Files.createDirectory(root, PosixFilePermissions.asFileAttribute(PRIVATE_MODE));
        } catch (FileAlreadyExistsException e) {
            // an existing one is checked below
        }
        if (!Files.isDirectory(root, LinkOption.NOFOLLOW_LINKS)) throw new IOException(root + " is not a directory");
        String owner = Files.getOwner(root, LinkOption.NOFOLLOW_LINKS).getName();
        String me = System.getProperty("user.name");
        if (!owner.equals(me)) throw new IOException(root + " belongs to " + owner + ", not to " + me);
        Set<PosixFilePermission> mode = Files.getPosixFilePermissions(root, LinkOption.NOFOLLOW_LINKS);
        if (mode.contains(PosixFilePermission.GROUP_WRITE) || mode.contains(PosixFilePermission.OTHERS_WRITE)) {
            throw new IOException(root + " may be written by others (" + PosixFilePermissions.toString(mode) + ")");
        }
    }
}
