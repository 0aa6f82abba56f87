package natmpj.internal;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.security.CodeSource;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import natmpj.jni.NativeMPI;

/**
 * Finds and loads libnatmpj for the MPI flavour of the running job.
 *
 * <p>Order: every directory of {@code java.library.path} (the plain {@code -Djava.library.path=...} form), then
 * {@code <natmpj.native.dir>/<flavour>/} and {@code <directory of natmpj's jar>/native/<flavour>/}, which is the
 * build tree's {@code target/native/<flavour>} and the same layout in an installation; last, the copy inside the jar
 * itself ({@code META-INF/natives/<platform>/<flavour>/libnatmpj.so}, what a project that depends on natmpj through
 * Maven gets), extracted to a per-user cache keyed by its SHA-256 ({@link NativeCache}: {@code -Dnatmpj.cache.dir}
 * or {@code NATMPJ_CACHE_DIR}, else {@code $XDG_CACHE_HOME/natmpj} or {@code ~/.cache/natmpj}, else
 * {@code <java.io.tmpdir>/natmpj-<user>}). The flavour is {@code -Dnatmpj.mpi}, else one of the launcher's
 * {@link #candidates} (Open MPI's mpirun sets {@code OMPI_COMM_WORLD_SIZE}, MPICH's Hydra and {@code srun
 * --mpi=pmi2} {@code PMI_RANK}/{@code PMI_SIZE}, {@code srun --mpi=pmix} {@code PMIX_RANK}/{@code PMIX_NAMESPACE}:
 * {@link #launcherFlavour}): its own flavour, then {@code abi}, the MPI-5 standard ABI; else the first one that
 * loads. A library built for a flavour the launcher cannot serve is refused, and so is an {@code abi} build served
 * by another MPI than the launcher's, since MPI_Init would then start every rank as a lone singleton; so is a task
 * of a several-task srun step without PMI, for the same reason.
 */
public final class NativeLibrary {
    public static final List<String> FLAVOURS = List.of("openmpi", "mpich", "abi");
    private static final String FILE = System.mapLibraryName("natmpj");
    /**
     * Files a flavour's library may need beside itself: the mpich flavour built against Debian's libmpich.so.12
     * carries a stub libmpi.so.12 (the MPICH family's soname; src/main/c/CMakeLists.txt).
     */
    static final List<String> COMPANIONS = List.of("libmpi.so.12");
    private static String loadedFrom;

    private NativeLibrary() {}

    /** Loads the library once; throws UnsatisfiedLinkError naming every path and flavour tried. */
    public static synchronized void load() {
        if (loadedFrom != null) return;
        String requested = System.getProperty("natmpj.mpi");
        if (requested != null && !FLAVOURS.contains(requested)) {
            throw new UnsatisfiedLinkError("natmpj: -Dnatmpj.mpi=" + requested + " is not one of " + FLAVOURS);
        }
        String noPmi = slurmStepWithoutPmi(System.getenv());
        if (noPmi != null) {
            throw new UnsatisfiedLinkError("natmpj: " + noPmi + ": every task would start MPI alone, as a singleton"
                    + " of one rank. Start Open MPI programs with srun --mpi=pmix, MPICH programs with srun"
                    + " --mpi=pmi2 ('srun --mpi=list' shows what this Slurm offers; docs/slurm.md).");
        }
        String launcher = launcherFlavour(System.getenv());
        List<String> order = candidates(requested, launcher);
        List<String> tried = new ArrayList<>();

        for (String dir : System.getProperty("java.library.path", "").split(File.pathSeparator)) {
            if (!dir.isEmpty() && tryLoad(Paths.get(dir, FILE), order, launcher, tried)) return;
        }
        List<Path> roots = nativeRoots();
        for (String flavour : order) {
            for (Path root : roots) {
                if (tryLoad(root.resolve(flavour).resolve(FILE), order, launcher, tried)) return;
            }
        }
        String platform = platform();
        List<String> embedded = embeddedFlavours(platform);
        for (String flavour : order) {
            if (tryJar(platform, flavour, embedded, order, launcher, tried)) return;
        }
        List<String> builds = new ArrayList<>();
        for (String flavour : FLAVOURS) {
            for (Path root : roots) {
                if (Files.isRegularFile(root.resolve(flavour).resolve(FILE))) builds.add(flavour + " in " + root);
            }
            if (embedded.contains(flavour)) builds.add(flavour + " in natmpj's jar");
        }
        throw new UnsatisfiedLinkError("natmpj: could not load " + FILE + " for MPI flavour "
                + String.join(" or ", order) + ": " + describe(requested, launcher) + ".\n"
                + "Builds found: " + (builds.isEmpty() ? "none" : String.join(", ", builds)) + " (the jar's: "
                + NativeCache.RESOURCE_ROOT + platform + "/).\n"
                + "Tried:\n  " + String.join("\n  ", tried) + "\n"
                + "Build one with 'mvn package' or CMake (docs/install.md: -DMPI_HOME=<this job's MPI>), point "
                + "-Djava.library.path at the directory holding " + FILE + " (target/native/<flavour>), or choose the "
                + "flavour with -Dnatmpj.mpi=" + String.join("|", FLAVOURS) + ".");
    }

    /**
     * The flavours that may serve a job, best first: {@code -Dnatmpj.mpi}'s alone; for a known launcher its own
     * flavour, then {@code abi} (a native build uses the implementation's own mpi.h and calls it directly, where
     * MPICH's libmpi_abi translates every handle; the ABI build serves an MPI that has no native build here); without
     * a launcher, every flavour.
     */
    static List<String> candidates(String requested, String launcher) {
        if (requested != null) return List.of(requested);
        if (launcher != null) return List.of(launcher, "abi");
        return FLAVOURS;
    }

    /** This machine's directory of natmpj's jar, e.g. {@code linux-x86_64}. */
    public static String platform() {
        return NativeCache.platform(System.getProperty("os.name", ""), System.getProperty("os.arch", ""));
    }

    /** The flavours whose {@code libnatmpj.so} natmpj's jar (or class path) carries for {@code platform}. */
    public static List<String> embeddedFlavours(String platform) {
        List<String> flavours = new ArrayList<>();
        for (String flavour : FLAVOURS) {
            String name = NativeCache.resource(platform, flavour, FILE);
            if (NativeLibrary.class.getResource("/" + name) != null) flavours.add(flavour);
        }
        return flavours;
    }

    /** Extracts the jar's library of {@code flavour} to the cache and loads it, if the jar has one. */
    private static boolean tryJar(String platform, String flavour, List<String> embedded, List<String> order,
            String launcher, List<String> tried) {
        String name = NativeCache.resource(platform, flavour, FILE);
        if (!embedded.contains(flavour)) {
            tried.add("natmpj's jar, " + name + ": not there");
            return false;
        }
        byte[] content;
        try (InputStream in = NativeLibrary.class.getResourceAsStream("/" + name)) {
            if (in == null) throw new IOException("resource vanished");
            content = in.readAllBytes();
        } catch (IOException e) {
            tried.add("natmpj's jar, " + name + ": " + e);
            return false;
        }
        List<Path> dirs = NativeCache.directories(System.getProperties(), System.getenv());
        Path file;
        try {
            file = NativeCache.extract(content, flavour, FILE, dirs, System.getProperties());
        } catch (IOException e) {
            throw new UnsatisfiedLinkError("natmpj: found no native directory, and " + e.getMessage() + "\n"
                    + "Choose a writable cache directory with -D" + NativeCache.DIR_PROPERTY + "=<dir> or "
                    + NativeCache.DIR_ENV + "=<dir>, or point -Djava.library.path at a directory holding " + FILE
                    + " for " + flavour + ".");
        }
        // Companions go beside the library (<root>/<key>/<flavour>/), where its RUNPATH $ORIGIN finds them.
        Path root = file.getParent().getParent().getParent();
        for (String companion : COMPANIONS) {
            try (InputStream in = NativeLibrary.class.getResourceAsStream(
                    "/" + NativeCache.resource(platform, flavour, companion))) {
                if (in != null) {
                    NativeCache.extract(in.readAllBytes(), NativeCache.sha256(content), root, flavour, companion,
                            NativeCache.isShared(root, System.getProperties()));
                }
            } catch (IOException e) {
                tried.add("natmpj's jar, " + companion + " of " + flavour + ": " + e);
                return false;
            }
        }
        if (tryLoad(file, order, launcher, tried)) return true;
        // Usually a cache on a file system mounted noexec, or an MPI library missing on this machine.
        tried.set(tried.size() - 1, tried.get(tried.size() - 1) + " (extracted from natmpj's jar; another cache"
                + " directory: -D" + NativeCache.DIR_PROPERTY + "=<dir> or " + NativeCache.DIR_ENV + "=<dir>)");
        return false;
    }

    /** The flavour whose library was loaded, e.g. "openmpi". */
    public static String flavour() {
        load();
        return NativeMPI.flavour();
    }

    /** Path of the loaded library. */
    public static String path() {
        load();
        return loadedFrom;
    }

    /**
     * The flavour implied by the launcher's environment, or null when no known launcher started this process. What
     * each launcher sets (recorded with Open MPI 4.1, MPICH 4.0 and Slurm 22.05, docs/slurm.md):
     * <ul>
     * <li>Open MPI's mpirun: {@code OMPI_COMM_WORLD_SIZE}, and {@code PMIX_*} of its own PMIx server;</li>
     * <li>MPICH's Hydra: {@code PMI_RANK}, {@code PMI_SIZE}, {@code PMI_FD}; inside a Slurm job also the
     * {@code SLURM_*} of the one-task step that started its proxy;</li>
     * <li>{@code srun --mpi=pmi2}: {@code PMI_RANK}, {@code PMI_SIZE}, {@code PMI_FD}, {@code PMI_JOBID},
     * {@code SLURM_MPI_TYPE=pmi2}: MPICH's PMI-2 wire protocol (Open MPI 4.1 as Debian builds it has no PMI-2
     * client);</li>
     * <li>{@code srun --mpi=pmix}: {@code PMIX_RANK}, {@code PMIX_NAMESPACE}, {@code PMIX_SERVER_URI*},
     * {@code SLURM_MPI_TYPE=pmix}: Open MPI's (MPICH as Debian builds it has no PMIx client);</li>
     * <li>{@code srun --mpi=none} (Slurm's default): nothing of the above, see {@link #slurmStepWithoutPmi}.</li>
     * </ul>
     * An Open MPI or Hydra started inside a Slurm job sees Slurm's variables too, and a Hydra proxy started by an
     * srun whose default is PMIx passes {@code PMIX_*} on to its ranks: the launchers' own variables are asked
     * first.
     */
    public static String launcherFlavour(Map<String, String> env) {
        if (env.containsKey("OMPI_COMM_WORLD_SIZE")) return "openmpi";
        if (env.containsKey("PMI_RANK") || env.containsKey("PMI_SIZE")) return "mpich";
        if (env.containsKey("PMIX_RANK") && env.containsKey("PMIX_NAMESPACE")) return "openmpi";
        return null;
    }

    /**
     * A description of the Slurm step this process is a task of when that step has several tasks and no PMI
     * ({@code srun} without {@code --mpi=pmix} or {@code --mpi=pmi2}, where the cluster's MpiDefault is none), else
     * null. Every task of such a step would start MPI as a lone singleton of one rank, and compute the wrong thing
     * without a word.
     */
    static String slurmStepWithoutPmi(Map<String, String> env) {
        if (launcherFlavour(env) != null || !env.containsKey("SLURM_STEP_ID")) return null;
        String tasks = env.getOrDefault("SLURM_STEP_NUM_TASKS", env.get("SLURM_NTASKS"));
        if (tasks == null || tasks.equals("1")) return null;
        return "srun started this process as task " + env.getOrDefault("SLURM_PROCID", "?") + " of " + tasks
                + " of step " + env.getOrDefault("SLURM_JOB_ID", "?") + "." + env.get("SLURM_STEP_ID")
                + " and no PMI" + (env.containsKey("SLURM_MPI_TYPE") ? " natmpj knows (SLURM_MPI_TYPE="
                + env.get("SLURM_MPI_TYPE") + ")" : " (no SLURM_MPI_TYPE: srun --mpi=none)");
    }

    private static boolean tryLoad(Path path, List<String> order, String launcher, List<String> tried) {
        if (!Files.isRegularFile(path)) {
            tried.add(path + ": not found");
            return false;
        }
        String file = path.toAbsolutePath().toString();
        try {
            System.load(file);
        } catch (UnsatisfiedLinkError e) {
            tried.add(path + ": " + e.getMessage());
            return false;
        }
        String actual = NativeMPI.flavour();
        // A JVM cannot unload a JNI library, so there is no second try in this process.
        if (!order.contains(actual)) {
            throw new UnsatisfiedLinkError("natmpj: " + file + " is built for " + actual + ", but this job needs "
                    + String.join(" or ", order) + " (" + describe(System.getProperty("natmpj.mpi"), launcher)
                    + "). Point -Djava.library.path at the " + order.get(0) + " build (e.g. target/native/"
                    + order.get(0) + ").");
        }
        String version = actual.equals("abi") && launcher != null ? NativeMPI.library_version() : null;
        String serving = version != null ? servingFamily(version) : null;
        if (serving != null && !serving.equals(launcher)) {
            throw new UnsatisfiedLinkError("natmpj: " + file + " (the MPI standard ABI) is served by "
                    + firstLine(version) + ", but " + describe(null, launcher)
                    + ". Put the lib/ of the launcher's MPI (its libmpi_abi.so.1) first on LD_LIBRARY_PATH, or use "
                    + "the " + launcher + " build.");
        }
        String error = NativeMPI.load_error();
        if (!error.isEmpty()) throw new UnsatisfiedLinkError("natmpj: " + file + ": " + error);
        loadedFrom = file;
        return true;
    }

    private static String describe(String requested, String launcher) {
        if (requested != null) return "chosen with -Dnatmpj.mpi";
        if (launcher == null) return "not started by a known launcher: mpirun, srun --mpi=pmix or --mpi=pmi2";
        if (launcher.equals("openmpi")) {
            return "the launcher's environment says openmpi (Open MPI's mpirun, or srun --mpi=pmix)";
        }
        if (launcher.equals("mpich")) {
            return "the launcher's environment says mpich (an MPICH-family launcher: Hydra, Intel MPI's mpiexec, or "
                    + "srun --mpi=pmi2)";
        }
        return "the launcher's environment says " + launcher;
    }

    /**
     * The launcher flavour of the MPI behind a library version string (MPI_Get_library_version, which MPI allows
     * before MPI_Init): what serves an {@code abi} build. Null when the string names no MPI natmpj knows.
     */
    static String servingFamily(String libraryVersion) {
        if (libraryVersion.contains("Open MPI")) return "openmpi";
        for (String member : new String[] {"MPICH", "Intel(R) MPI", "MVAPICH"}) {
            if (libraryVersion.contains(member)) return "mpich";
        }
        return null;
    }

    private static String firstLine(String text) {
        String trimmed = text.trim().replaceAll("[ \t]+", " ");
        int end = trimmed.indexOf('\n');
        return end < 0 ? trimmed : trimmed.substring(0, end);
    }

    private static List<Path> nativeRoots() {
        List<Path> roots = new ArrayList<>();
        String dir = System.getProperty("natmpj.native.dir");
        if (dir != null) roots.add(Paths.get(dir));
        CodeSource source = NativeLibrary.class.getProtectionDomain().getCodeSource();
        if (source != null) {
            try {
                // natmpj-<v>.jar or classes/ sits beside native/ (target/ in the build tree)
                Path parent = Paths.get(source.getLocation().toURI()).getParent();
                if (parent != null) roots.add(parent.resolve("native"));
            } catch (URISyntaxException | IllegalArgumentException e) {
                // not a file location: nothing to search there
            }
        }
        return roots;
    }

    /**
     * Whether a JNI critical region leaves the collector free to run: the collector pins just the array's heap region,
     * as G1 does since JDK 22 (JEP 423) and Shenandoah does on every JDK natmpj supports; every other combination (G1
     * before 22, Parallel, Serial, ZGC, Epsilon) stops collection until the region ends. Asked of the collector
     * MXBeans once, at the first call.
     */
    public static boolean gcPinsRegions() {
        return Collector.PINS_REGIONS;
    }

    private static final class Collector {
        static final boolean PINS_REGIONS = pinsRegions(Runtime.version().feature(), collectorNames());

        private static List<String> collectorNames() {
            List<String> names = new ArrayList<>();
            for (java.lang.management.GarbageCollectorMXBean gc : java.lang.management.ManagementFactory
                    .getGarbageCollectorMXBeans()) {
                names.add(gc.getName());
            }
            return names;
        }
    }

    /** {@link #gcPinsRegions} for a JDK feature release and its collector MXBeans' names ("G1 Young Generation"). */
    static boolean pinsRegions(int jdkFeature, List<String> collectorNames) {
        for (String name : collectorNames) {
            if (name.startsWith("Shenandoah") || name.startsWith("G1") && jdkFeature >= 22) return true;
        }
        return false;
    }
}
