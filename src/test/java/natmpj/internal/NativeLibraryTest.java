package natmpj.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
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

    // The environments below are the launcher-related variables of real tasks, recorded with `env` as the task on
    // this machine (Slurm 22.05.8, Open MPI 4.1.4, MPICH 4.0.2; ci/test-slurm starts such a cluster).

    @Test
    void srunPmixIsOpenMpi() {
        Map<String, String> env = env("SLURM_MPI_TYPE=pmix", "SLURM_STEP_ID=0", "SLURM_STEP_NUM_TASKS=2",
                "SLURM_PROCID=1", "PMIX_RANK=1", "PMIX_NAMESPACE=slurm.pmix.4.0", "PMIX_VERSION=4.2.2rc2",
                "PMIX_SERVER_URI4=pmix-server.25065;tcp4://127.0.0.1:40523", "SLURM_PMIXP_ABORT_AGENT_PORT=37553");
        assertEquals("openmpi", NativeLibrary.launcherFlavour(env));
        assertNull(NativeLibrary.slurmStepWithoutPmi(env));
    }

    @Test
    void srunPmi2IsMpich() {
        Map<String, String> env = env("SLURM_MPI_TYPE=pmi2", "SLURM_STEP_ID=0", "SLURM_STEP_NUM_TASKS=2",
                "SLURM_PROCID=1", "PMI_FD=13", "PMI_JOBID=6.0", "PMI_RANK=1", "PMI_SIZE=2");
        assertEquals("mpich", NativeLibrary.launcherFlavour(env));
        assertNull(NativeLibrary.slurmStepWithoutPmi(env));
    }

    @Test
    void srunWithoutPmiIsRefusedWithSeveralTasks() {
        // srun --mpi=none (and srun without --mpi where MpiDefault=none) sets no SLURM_MPI_TYPE and no PMI variable
        Map<String, String> env = env("SLURM_STEP_ID=0", "SLURM_STEP_NUM_TASKS=2", "SLURM_NTASKS=2",
                "SLURM_PROCID=1", "SLURM_JOB_ID=5");
        assertNull(NativeLibrary.launcherFlavour(env));
        String why = NativeLibrary.slurmStepWithoutPmi(env);
        assertEquals("srun started this process as task 1 of 2 of step 5.0 and no PMI (no SLURM_MPI_TYPE: srun"
                + " --mpi=none)", why);
        env.put("SLURM_MPI_TYPE", "cray_shasta");
        assertTrue(NativeLibrary.slurmStepWithoutPmi(env).endsWith("no PMI natmpj knows (SLURM_MPI_TYPE=cray_shasta)"),
                NativeLibrary.slurmStepWithoutPmi(env));
    }

    @Test
    void srunOfOneTaskWithoutPmiIsASingleton() {
        Map<String, String> env = env("SLURM_STEP_ID=0", "SLURM_STEP_NUM_TASKS=1", "SLURM_NTASKS=1",
                "SLURM_PROCID=0", "SLURM_JOB_ID=5");
        assertNull(NativeLibrary.launcherFlavour(env));
        assertNull(NativeLibrary.slurmStepWithoutPmi(env));
    }

    @Test
    void batchScriptItselfIsNoStep() {
        // java run straight from an sbatch script: the batch step sets no SLURM_STEP_ID; a singleton, as outside Slurm
        Map<String, String> env = env("SLURM_JOB_ID=9", "SLURM_NTASKS=2", "SLURM_NPROCS=2");
        assertNull(NativeLibrary.launcherFlavour(env));
        assertNull(NativeLibrary.slurmStepWithoutPmi(env));
    }

    @Test
    void launchersInsideASlurmJobWin() {
        // mpirun.openmpi in an sbatch job: its own PMIx server's variables beside the job's
        Map<String, String> ompi = env("SLURM_JOB_ID=9", "SLURM_NTASKS=2", "OMPI_COMM_WORLD_SIZE=2",
                "OMPI_COMM_WORLD_RANK=1", "PMIX_RANK=1", "PMIX_NAMESPACE=136183809");
        assertEquals("openmpi", NativeLibrary.launcherFlavour(ompi));
        // mpirun.mpich in an sbatch job: Hydra's proxy runs as a one-task step of srun
        Map<String, String> hydra = env("SLURM_JOB_ID=9", "SLURM_NTASKS=2", "SLURM_STEP_ID=0",
                "SLURM_STEP_NUM_TASKS=1", "PMI_FD=6", "PMI_RANK=1", "PMI_SIZE=2");
        assertEquals("mpich", NativeLibrary.launcherFlavour(hydra));
        assertNull(NativeLibrary.slurmStepWithoutPmi(hydra));
        // ... and where MpiDefault=pmix, the proxy's step has PMIx variables, which its ranks inherit: Hydra's win
        hydra.putAll(env("SLURM_MPI_TYPE=pmix", "PMIX_RANK=0", "PMIX_NAMESPACE=slurm.pmix.9.0"));
        assertEquals("mpich", NativeLibrary.launcherFlavour(hydra));
    }

    private static Map<String, String> env(String... assignments) {
        Map<String, String> env = new HashMap<>();
        for (String a : assignments) env.put(a.substring(0, a.indexOf('=')), a.substring(a.indexOf('=') + 1));
        return env;
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
