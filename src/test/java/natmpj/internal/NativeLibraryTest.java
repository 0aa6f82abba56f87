package natmpj.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

/** The loader's choices that need no MPI job: flavour from the launcher's environment, and the library itself. */
class NativeLibraryTest {
    @Test
    void openMpiLauncherIsRecognised() {
        assertEquals("openmpi", NativeLibrary.launcherFlavour(Map.of("OMPI_COMM_WORLD_SIZE", "4")));
    }

    @Test
    void hydraLauncherIsRecognised() {
        assertEquals("mpich", NativeLibrary.launcherFlavour(Map.of("PMI_RANK", "0", "PMI_SIZE", "4")));
    }

    @Test
    void openMpiWinsWhenBothAreSet() {
        // Open MPI under Slurm may also see PMI_* variables; OMPI_* is specific.
        assertEquals("openmpi", NativeLibrary.launcherFlavour(Map.of("PMI_RANK", "0", "OMPI_COMM_WORLD_SIZE", "2")));
    }

    @Test
    void noLauncherMeansNoFlavour() {
        assertNull(NativeLibrary.launcherFlavour(Map.of("HOME", "/root")));
    }

    @Test
    void loadsABuiltFlavourOutsideMpirun() {
        String flavour = NativeLibrary.flavour();
        assertTrue(NativeLibrary.FLAVOURS.contains(flavour), flavour);
        assertTrue(NativeLibrary.path().endsWith(flavour + "/libnatmpj.so"), NativeLibrary.path());
    }

    @Test
    void candidatesAreTheLaunchersFlavourThenTheStandardAbi() {
        assertEquals(List.of("mpich", "abi"), NativeLibrary.candidates(null, "mpich"));
        assertEquals(List.of("openmpi", "abi"), NativeLibrary.candidates(null, "openmpi"));
        assertEquals(NativeLibrary.FLAVOURS, NativeLibrary.candidates(null, null), "no launcher: any flavour");
        assertEquals(List.of("abi"), NativeLibrary.candidates("abi", "mpich"), "-Dnatmpj.mpi alone");
        assertTrue(NativeLibrary.FLAVOURS.contains("abi"));
    }

    @Test
    void theMpiServingTheAbiIsReadFromItsVersionString() {
        // The first lines of MPI_Get_library_version of the MPIs ci/test-mpis runs, and of MVAPICH.
        assertEquals("mpich", NativeLibrary.servingFamily("MPICH Version:      5.0.2\nMPICH Release date: ..."));
        assertEquals("mpich", NativeLibrary.servingFamily("Intel(R) MPI Library 2021.19.0 for Linux* OS\n"));
        assertEquals("mpich", NativeLibrary.servingFamily("MVAPICH Version:   3.0\n"));
        assertEquals("openmpi", NativeLibrary.servingFamily("Open MPI v5.0.11, package: Open MPI ..."));
        assertNull(NativeLibrary.servingFamily("Some Other MPI 1.0"), "unknown: not refused on a guess");
    }

    @Test
    void collectorsThatPinRegions() {
        List<String> g1 = List.of("G1 Young Generation", "G1 Concurrent GC", "G1 Old Generation");
        assertTrue(NativeLibrary.pinsRegions(22, g1));
        assertTrue(NativeLibrary.pinsRegions(25, g1));
        assertFalse(NativeLibrary.pinsRegions(21, g1), "G1 takes the GC locker before JDK 22");
        assertTrue(NativeLibrary.pinsRegions(17, List.of("Shenandoah Pauses", "Shenandoah Cycles")));
        assertFalse(NativeLibrary.pinsRegions(25, List.of("PS MarkSweep", "PS Scavenge")));
        assertFalse(NativeLibrary.pinsRegions(25, List.of("Copy", "MarkSweepCompact")));
        assertFalse(NativeLibrary.pinsRegions(25, List.of("ZGC Minor Cycles", "ZGC Major Pauses")));
        assertFalse(NativeLibrary.pinsRegions(25, List.of()), "Epsilon has no collector MXBean");
    }
}
