import java.io.IOException;
import java.io.Serializable;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.Arrays;

import mpi.MPI;

/**
 * What a rank costs at many ranks on one node (ci/bench --suites scale, run by bench/tools/scale; the C twin is
 * bench/c/scale_bench.c). Every rank runs rounds of collectives (Allreduce and Bcast of 1024 doubles, Alltoall of
 * one int, Allgather of one MPI.OBJECT record) with short-lived 16 KiB arrays allocated in between, --churn-mb MB in
 * all, as a compute phase allocates. Then rank 0 prints one CSV line (SCALE_HEADER) for the job: its ranks and
 * processes, the peak resident memory of a process (VmHWM; its sum over the processes), their proportional set
 * size at the end (Pss: shared pages counted once in the sum), the threads of a process after Init and at the end,
 * the CPU seconds a process spent up to the end of MPI.Init (the JVM's start included: what 128 ranks starting at
 * once pay), and the time from the launch (--launch-ms, epoch milliseconds given by the script) to Finalize on the
 * last rank. Memory and threads are the process's: under MPJ Express's multicore device every rank is a thread of
 * one JVM, counted once. Only the mpiJava 1.2 API: it compiles against natmpj.jar and MPJ Express's mpj.jar.
 */
public final class ScaleBench {
    static final String SCALE_HEADER = "ranks,processes,hwm_max_kib,hwm_sum_kib,pss_sum_kib,threads_init_max,"
            + "threads_end_max,init_cpu_max_ms,init_cpu_median_ms,finalize_ms";

    /** A record travelling as MPI.OBJECT. */
    static final class Item implements Serializable {
        private static final long serialVersionUID = 1L;
        final int rank;
        final double value;

        Item(int rank) {
            this.rank = rank;
            this.value = rank * 0.5;
        }
    }

    static long sink;

    public static void main(String[] args) throws Exception {
        String[] rest = MPI.Init(args);
        long initCpuMs = cpuMs();
        long threadsInit = status("Threads:");
        long churnMb = 256, launchMs = 0;
        int rounds = 16;
        for (int i = 0; rest != null && i + 1 < rest.length; i += 2) {
            switch (rest[i]) {
                case "--churn-mb": churnMb = Long.parseLong(rest[i + 1]); break;
                case "--rounds": rounds = Integer.parseInt(rest[i + 1]); break;
                case "--launch-ms": launchMs = Long.parseLong(rest[i + 1]); break;
                default: throw new IllegalArgumentException("unknown option " + rest[i]);
            }
        }
        int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
        double[] x = new double[1024], y = new double[1024];
        int[] out = new int[size], in = new int[size];
        Object[] mine = {new Item(rank)}, all = new Object[size];
        for (int r = 0; r < rounds; r++) {
            for (long done = 0; done < (churnMb << 20) / rounds; done += 1 << 14) {
                byte[] junk = new byte[1 << 14];
                junk[(int) (done & 1023)] = 1;
                sink += junk[7];
            }
            Arrays.fill(x, rank + r);
            MPI.COMM_WORLD.Allreduce(x, 0, y, 0, x.length, MPI.DOUBLE, MPI.SUM);
            check(y[0] == (double) size * (size - 1) / 2 + (double) size * r, "Allreduce");
            MPI.COMM_WORLD.Bcast(y, 0, y.length, MPI.DOUBLE, r % size);
            Arrays.fill(out, rank);
            MPI.COMM_WORLD.Alltoall(out, 0, 1, MPI.INT, in, 0, 1, MPI.INT);
            check(in[size - 1] == size - 1, "Alltoall");
            MPI.COMM_WORLD.Allgather(mine, 0, 1, MPI.OBJECT, all, 0, 1, MPI.OBJECT);
            check(((Item) all[size - 1]).rank == size - 1, "Allgather of MPI.OBJECT");
        }
        long[] me = {pid(), status("VmHWM:"), pss(), threadsInit, status("Threads:"), initCpuMs,
                launchMs > 0 ? System.currentTimeMillis() - launchMs : 0};
        int n = me.length;
        long[] every = new long[n * size];
        MPI.COMM_WORLD.Gather(me, 0, n, MPI.LONG, every, 0, n, MPI.LONG, 0);
        if (rank == 0) {
            long hwmMax = 0, hwmSum = 0, pssSum = 0, thrInit = 0, thrEnd = 0, cpuMax = 0, end = 0;
            long[] cpus = new long[size];
            java.util.Set<Long> pids = new java.util.HashSet<>();
            for (int r = 0; r < size; r++) {
                int o = r * n;
                boolean first = pids.add(every[o]);
                hwmMax = Math.max(hwmMax, every[o + 1]);
                if (first) {
                    hwmSum += every[o + 1];
                    pssSum += every[o + 2];
                }
                thrInit = Math.max(thrInit, every[o + 3]);
                thrEnd = Math.max(thrEnd, every[o + 4]);
                cpus[r] = every[o + 5];
                cpuMax = Math.max(cpuMax, every[o + 5]);
                end = Math.max(end, every[o + 6]);
            }
            Arrays.sort(cpus);
            System.out.println(SCALE_HEADER);
            System.out.println(size + "," + pids.size() + "," + hwmMax + "," + hwmSum + "," + pssSum + "," + thrInit
                    + "," + thrEnd + "," + cpuMax + "," + cpus[size / 2] + "," + end);
        }
        MPI.Finalize();
    }

    static void check(boolean ok, String what) {
        if (!ok) throw new IllegalStateException(what + " returned a wrong value");
    }

    /** A field of /proc/self/status in its unit (kB, or a count). */
    static long status(String key) throws IOException {
        for (String l : Files.readAllLines(Paths.get("/proc/self/status"))) {
            if (l.startsWith(key)) return Long.parseLong(l.replaceAll("[^0-9]", ""));
        }
        return -1;
    }

    /** The process's proportional set size, kB. */
    static long pss() throws IOException {
        for (String l : Files.readAllLines(Paths.get("/proc/self/smaps_rollup"))) {
            if (l.startsWith("Pss:")) return Long.parseLong(l.replaceAll("[^0-9]", ""));
        }
        return -1;
    }

    /** The process's CPU time (user + system, all threads) so far, ms; Linux's clock ticks are 1/100 s. */
    static long cpuMs() throws IOException {
        String stat = new String(Files.readAllBytes(Paths.get("/proc/self/stat")));
        String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
        return (Long.parseLong(f[11]) + Long.parseLong(f[12])) * 10; // utime, stime: fields 14, 15
    }

    static long pid() throws IOException {
        String stat = new String(Files.readAllBytes(Paths.get("/proc/self/stat")));
        return Long.parseLong(stat.substring(0, stat.indexOf(' ')));
    }
}
