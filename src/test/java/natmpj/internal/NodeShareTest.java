package natmpj.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;

import org.junit.jupiter.api.Test;

class NodeShareTest {
    private static final long GIB = 1L << 30;

    @Test
    void aJvmSizedForABigNodeAmongManyRanksIsWarnedAbout() {
        // 128 ranks on a 128-CPU, 256 GiB node, each JVM with the defaults: 128 CPUs, a 64 GiB heap
        String w = NodeShare.warning(128, 128, 128, 64 * GIB, 256 * GIB);
        assertNotNull(w);
        assertTrue(w.contains("sees 128 CPUs (its share: 1)"), w);
        assertTrue(w.contains("may grow its heap to 65536 MiB (128 such heaps: 32.0 times the node's memory)"), w);
        assertTrue(w.contains("natmpj-java"), w);
    }

    @Test
    void aJvmSizedForItsShareIsNot() {
        // what natmpj-java gives: 1 CPU, half of 2 GiB
        assertNull(NodeShare.warning(128, 1, 128, GIB, 256 * GIB));
        // up to twice the share, or a few CPUs, is not worth a warning
        assertNull(NodeShare.warning(16, 8, 64, GIB, 256 * GIB));
        assertNull(NodeShare.warning(64, 8, 64, GIB, 256 * GIB));
        // few ranks: never
        assertNull(NodeShare.warning(2, 128, 128, 64 * GIB, 256 * GIB));
    }

    @Test
    void cpusAndHeapAreJudgedApart() {
        String cpus = NodeShare.warning(32, 64, 64, GIB, 256 * GIB);
        assertTrue(cpus.contains("sees 64 CPUs (its share: 2)") && !cpus.contains("heap"), cpus);
        String heap = NodeShare.warning(32, 2, 64, 32 * GIB, 256 * GIB);
        assertTrue(heap.contains("may grow its heap") && !heap.contains("CPUs"), heap);
        assertNull(NodeShare.warning(32, 2, 64, 32 * GIB, 0)); // memory unknown
    }

    @Test
    void ranksOnTheNodeComeFromTheLauncher() {
        assertEquals(0, NodeShare.ranksOnNode(Map.of()));
        assertEquals(12, NodeShare.ranksOnNode(Map.of("OMPI_COMM_WORLD_LOCAL_SIZE", "12")));
        assertEquals(6, NodeShare.ranksOnNode(Map.of("MPI_LOCALNRANKS", "6")));
        assertEquals(9, NodeShare.ranksOnNode(Map.of("NATMPJ_RANKS_PER_NODE", "9", "MPI_LOCALNRANKS", "6")));
        Map<String, String> slurm = Map.of("SLURM_STEP_TASKS_PER_NODE", "4(x2),3", "SLURM_NODEID", "1");
        assertEquals(4, NodeShare.ranksOnNode(slurm));
        assertEquals(3, NodeShare.ranksOnNode(Map.of("SLURM_STEP_TASKS_PER_NODE", "4(x2),3", "SLURM_NODEID", "2")));
        assertEquals(0, NodeShare.ranksOnNode(Map.of("SLURM_STEP_TASKS_PER_NODE", "garbage")));
    }

    @Test
    void sizesAndCpuListsParse() {
        assertEquals(256 * GIB, NodeShare.bytes("256g"));
        assertEquals(512L << 20, NodeShare.bytes("512M"));
        assertEquals(1000, NodeShare.bytes("1000"));
        assertEquals(0, NodeShare.bytes("lots"));
        assertEquals(6, NodeShare.countList("0-3,8,10"));
        assertEquals(0, NodeShare.countList("x"));
    }
}
