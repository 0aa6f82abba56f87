package natmpj.internal;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Map;

/**
 * The warning rank 0 prints once, after Init, when its JVM is sized for the whole node while many ranks share it
 * (started by plain {@code java}, not by natmpj-java or mpjrun): each such JVM starts GC and JIT threads for every
 * CPU it sees and may grow its heap to a quarter of the node. Ranks started alike are sized alike, so rank 0 looks
 * at itself only: no communication, two small files read. Off with {@code -Dnatmpj.sizeWarning=false}.
 */
public final class NodeShare {
    private NodeShare() {}

    /** Ranks on a node from which the warning is worth giving (below it, oversizing costs little). */
    static final int MIN_RANKS = 4;

    /** Prints the warning on stderr if this rank's JVM is oversized for its share of the node. */
    public static void warnIfOversized() {
        if (!Boolean.parseBoolean(System.getProperty("natmpj.sizeWarning", "true"))) return;
        Map<String, String> env = System.getenv();
        int ranks = ranksOnNode(env);
        if (ranks < MIN_RANKS) return;
        String message = warning(ranks, Runtime.getRuntime().availableProcessors(), nodeCpus(env),
                Runtime.getRuntime().maxMemory(), nodeMemory(env));
        if (message != null) {
            System.err.println(message);
            System.err.flush();
        }
    }

    /**
     * The warning for a JVM that sees {@code jvmCpus} CPUs and may grow its heap to {@code maxHeap} bytes, one of
     * {@code ranks} on a node of {@code nodeCpus} CPUs and {@code nodeMemory} bytes (0: unknown); null when it is
     * sized near its share: at most twice its share of the CPUs (or 8 CPUs), heaps together at most twice the node.
     */
    static String warning(int ranks, int jvmCpus, int nodeCpus, long maxHeap, long nodeMemory) {
        if (ranks < MIN_RANKS) return null;
        int share = Math.max(1, nodeCpus / ranks);
        boolean cpus = jvmCpus > 2 * share && jvmCpus > 8;
        boolean heap = nodeMemory > 0 && (double) maxHeap * ranks > 2.0 * nodeMemory;
        if (!cpus && !heap) return null;
        StringBuilder seen = new StringBuilder();
        if (cpus) seen.append("sees ").append(jvmCpus).append(" CPUs (its share: ").append(share).append(')');
        if (heap) {
            if (cpus) seen.append(" and ");
            seen.append("may grow its heap to ").append(maxHeap >> 20).append(" MiB (").append(ranks)
                    .append(" such heaps: ").append(String.format("%.1f", (double) maxHeap * ranks / nodeMemory))
                    .append(" times the node's memory)");
        }
        return "natmpj: warning: rank 0's JVM is sized for the whole node, not for 1 of the " + ranks
                + " ranks sharing it: it " + seen + ". Start the ranks with natmpj-java in place of java, or with"
                + " mpjrun, which size each JVM for its share (docs/scale.md); or give -XX:ActiveProcessorCount and"
                + " -Xmx yourself. -Dnatmpj.sizeWarning=false hides this.";
    }

    /** The ranks on this node, from the launcher's environment (as natmpj-java reads it); 0 when unknown. */
    static int ranksOnNode(Map<String, String> env) {
        for (String v : new String[] {"NATMPJ_RANKS_PER_NODE", "OMPI_COMM_WORLD_LOCAL_SIZE", "MPI_LOCALNRANKS"}) {
            int n = parse(env.get(v));
            if (n > 0) return n;
        }
        String tasks = env.get("SLURM_STEP_TASKS_PER_NODE"); // e.g. 4(x2),3
        if (tasks == null) return 0;
        int node = Math.max(0, parse(env.get("SLURM_NODEID"))), first = 0;
        for (String item : tasks.split(",")) {
            int paren = item.indexOf("(x");
            int count = parse(paren < 0 ? item : item.substring(0, paren));
            int times = paren < 0 ? 1 : parse(item.substring(paren + 2, item.length() - 1));
            if (count <= 0 || times <= 0) return 0;
            if (node < first + times) return count;
            first += times;
        }
        return 0;
    }

    /** The node's CPUs: NATMPJ_NODE_CPUS, else the online CPUs. */
    static int nodeCpus(Map<String, String> env) {
        int n = parse(env.get("NATMPJ_NODE_CPUS"));
        if (n > 0) return n;
        try {
            return countList(Files.readString(Paths.get("/sys/devices/system/cpu/online")).trim());
        } catch (IOException | RuntimeException e) {
            return Runtime.getRuntime().availableProcessors();
        }
    }

    /** The node's memory in bytes: NATMPJ_NODE_MEMORY, else MemTotal; 0 when unknown. */
    static long nodeMemory(Map<String, String> env) {
        long m = bytes(env.get("NATMPJ_NODE_MEMORY"));
        if (m > 0) return m;
        Path meminfo = Paths.get("/proc/meminfo");
        try {
            for (String line : Files.readAllLines(meminfo)) {
                if (line.startsWith("MemTotal:")) return Long.parseLong(line.replaceAll("[^0-9]", "")) << 10;
            }
        } catch (IOException | RuntimeException e) {
            // unknown
        }
        return 0;
    }

    /** CPUs in a list such as "0-3,8"; 0 when it is not one. */
    static int countList(String list) {
        int n = 0;
        for (String range : list.split(",")) {
            String[] ends = range.split("-");
            int lo = parse(ends[0]), hi = ends.length > 1 ? parse(ends[1]) : lo;
            if (lo < 0 || hi < lo) return 0;
            n += hi - lo + 1;
        }
        return n;
    }

    /** Bytes from 123, 123k, 123m, 123g, 123t (any case); 0 when not a size. */
    static long bytes(String v) {
        if (v == null || !v.toLowerCase().matches("[0-9]+[kmgt]?b?")) return 0;
        String s = v.toLowerCase().replace("b", "");
        int shift = "kmgt".indexOf(s.charAt(s.length() - 1));
        if (shift < 0) return Long.parseLong(s);
        return Long.parseLong(s.substring(0, s.length() - 1)) << (10 * (shift + 1));
    }

    private static int parse(String v) {
        if (v == null) return -1;
        try {
            return Integer.parseInt(v.trim());
        } catch (NumberFormatException e) {
            return -1;
        }
    }
}
