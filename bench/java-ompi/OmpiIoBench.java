import mpi.File;
import mpi.MPI;

/**
 * MPI-IO bandwidth in Open MPI's Java API (mpi.File): the Java twin of bench/c/io_bench.c, the same benchmark (sizes,
 * iteration and warm-up counts, validation, CSV), which says what it measures. Each rank writes (or reads) {@code
 * size} bytes at offset rank * size of one file all ranks opened, the same region each time: MPI-IO's path through
 * the page cache of /dev/shm (or $NATMPJ_IO_DIR). --test writeat|readat|writeatall|readatall: File.writeAt /
 * readAt, or the collective writeAtAll / readAtAll. --buffer array: a byte[] (natmpj pins it for the call; Open
 * MPI's bindings copy it in and out of native memory); --buffer direct: a direct ByteBuffer (MPI.newByteBuffer),
 * by address in both.
 */
public class OmpiIoBench {
    static final String NAME = "OmpiIoBench";
    static final int DEFAULT_MIN = 4 << 10, DEFAULT_MAX = 16 << 20;
    static final long JIT_WARMUP = 20_000;
    static final String USAGE = OmpiBenchOptions.usage(""
            + "Usage: mpirun -np 2 java OmpiIoBench [options]\n"
            + "MPI-IO bandwidth, each rank at its own offset of one file; Java twin of io_bench.c.\n"
            + "  --test writeat|readat|writeatall|readatall  File.writeAt (default), readAt, or the collective\n"
            + "                         writeAtAll / readAtAll; the file is in $NATMPJ_IO_DIR (default /dev/shm)\n",
            DEFAULT_MIN, DEFAULT_MAX, JIT_WARMUP);

    final File fh;
    final boolean write, collective;
    final int rank;
    final Object buf;

    OmpiIoBench(File fh, boolean write, boolean collective, int rank, Object buf) {
        this.fh = fh;
        this.write = write;
        this.collective = collective;
        this.rank = rank;
        this.buf = buf;
    }

    static long clamp(long v, long lo, long hi) {
        return v < lo ? lo : v > hi ? hi : v;
    }

    static long iterations(long size) {
        return clamp((512L << 20) / size, 8, 20000);
    }

    static long warmups(long size) {
        return clamp((64L << 20) / size, 2, 2000);
    }

    void run(int size, long n) throws Exception {
        long at = (long) rank * size;
        for (long i = 0; i < n; i++) {
            if (write) {
                if (collective) fh.writeAtAll(at, buf, size, MPI.BYTE); else fh.writeAt(at, buf, size, MPI.BYTE);
            } else {
                if (collective) fh.readAtAll(at, buf, size, MPI.BYTE); else fh.readAt(at, buf, size, MPI.BYTE);
            }
        }
    }

    void validate(int size, int round) throws Exception {
        long at = (long) rank * size;
        OmpiBenchData.fill(buf, 0, size, round, rank);
        fh.writeAtAll(at, buf, size, MPI.BYTE);
        OmpiBenchData.clear(buf, 0, size);
        fh.readAtAll(at, buf, size, MPI.BYTE);
        OmpiBenchData.check(buf, 0, size, round, rank, NAME);
    }

    public static void main(String[] args) throws Exception {
        OmpiBenchOptions opt = OmpiBenchOptions.init(args, NAME, USAGE, DEFAULT_MIN, DEFAULT_MAX, JIT_WARMUP,
                "--test", "writeat");
        String test = opt.choice;
        int rank = MPI.COMM_WORLD.getRank(), ranks = MPI.COMM_WORLD.getSize();
        boolean write = test.equals("writeat") || test.equals("writeatall");
        boolean collective = test.endsWith("all");
        if (!write && !test.equals("readat") && !test.equals("readatall")) {
            OmpiBenchOptions.fail(NAME, "--test must be one of writeat|readat|writeatall|readatall, not " + test
                    + "\n" + USAGE);
        }
        if (opt.min < 1) OmpiBenchOptions.fail(NAME, "--min must be at least 1");
        if (rank == 0) {
            java.security.CodeSource from = MPI.class.getProtectionDomain().getCodeSource();
            System.err.println("# " + NAME + ": package mpi from " + (from == null ? "?" : from.getLocation()));
        }
        String dir = System.getenv("NATMPJ_IO_DIR");
        long[] id = {ProcessHandle.current().pid()};
        MPI.COMM_WORLD.bcast(id, 1, MPI.LONG, 0);
        String path = (dir == null || dir.isEmpty() ? "/dev/shm" : dir) + "/io_bench-java-" + id[0];
        File fh = new File(MPI.COMM_WORLD, path, MPI.MODE_CREATE | MPI.MODE_RDWR | MPI.MODE_DELETE_ON_CLOSE);
        OmpiIoBench b = new OmpiIoBench(fh, write, collective, rank, OmpiBenchData.bytes(opt.direct, opt.max));
        if (rank == 0) System.out.println(OmpiBenchOptions.CSV_HEADER);
        b.validate(opt.min, 0);
        b.run(opt.min, Math.max(1, opt.jitWarmup));
        for (int size : opt.sizes()) {
            long n = opt.scaled(iterations(size));
            b.validate(size, 0);
            long warm = warmups(size);
            b.run(size, warm);
            OmpiSettle.settle(k -> b.run(size, k), warm, -1, opt.settle, test + " " + size);
            MPI.COMM_WORLD.barrier();
            long t0 = System.nanoTime();
            b.run(size, n);
            MPI.COMM_WORLD.barrier();
            long t1 = System.nanoTime();
            b.validate(size, 1);
            if (rank == 0) {
                double us = (t1 - t0) / 1e3 / n;
                opt.print(test, ranks, size, n, us, (double) ranks * size / us);
            }
        }
        fh.close();
        MPI.Finalize();
    }
}
