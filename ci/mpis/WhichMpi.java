import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.LinkedHashSet;
import java.util.Set;

import mpi.MPI;
import natmpj.internal.NativeLibrary;

/**
 * ci/test-mpis: which natmpj build and which MPI library serve this rank. Prints one line per rank,
 * {@code WHICH <rank>/<size> <flavour> <libnatmpj path> | <MPI_Get_library_version's first line> | <libmpi files>},
 * the files being every libmpi* (and libmpich*) mapped into the process (/proc/self/maps), so that the test sees
 * whose libmpi.so.12 the ranks really run on, not only what the loader was asked for.
 */
public class WhichMpi {
    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Set<String> libraries = new LinkedHashSet<>();
        for (String line : Files.readAllLines(Paths.get("/proc/self/maps"))) {
            int slash = line.indexOf('/');
            if (slash >= 0 && line.matches(".*/libmpi[^/]*\\.so[^/]*$")) libraries.add(line.substring(slash));
        }
        String version = MPI.Get_library_version().trim().split("\n")[0].replaceAll("[ \t]+", " ");
        System.out.println("WHICH " + MPI.COMM_WORLD.Rank() + "/" + MPI.COMM_WORLD.Size() + " "
                + NativeLibrary.flavour() + " " + NativeLibrary.path() + " | " + version + " | "
                + String.join(" ", libraries));
        MPI.Finalize();
    }
}
