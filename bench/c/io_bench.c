/*
 * io_bench.c: the C twin of bench/java-ompi/OmpiIoBench.java (MPI-IO bandwidth, every rank on its own region of
 * one shared file). It must stay the same benchmark: same sizes, iteration and warm-up counts, validation and CSV.
 *
 * Each rank writes (or reads) `size` bytes at offset rank * size of a file all ranks opened, again and again: the
 * same region each time, so the figure is MPI-IO's path through the page cache (of /dev/shm by default: set
 * NATMPJ_IO_DIR for another directory), not a disk's. --test writeat|readat: MPI_File_write_at / read_at;
 * writeatall|readatall: the collective MPI_File_write_at_all / read_at_all. Time per call is between barriers;
 * MBps is the bytes of all ranks per call over that time. Before and after timing, a size is validated: a
 * patterned block written, read back into a cleared buffer and checked. The file is deleted on close.
 *
 *   mpicc.openmpi -O2 -o io_bench bench/c/io_bench.c
 *   mpirun.openmpi -np 2 ./io_bench --test writeat
 */
#include "bench_common.h"

#include <unistd.h>

#define NAME "io_bench"
#define DEFAULT_MIN (4L << 10)
#define DEFAULT_MAX (16L << 20)
#define JIT_WARMUP 20000L /* as the Java twin: calls of the smallest size before the first */

static long clamp(long v, long lo, long hi) {
    return v < lo ? lo : v > hi ? hi : v;
}

/* Timed calls: about 512 MiB per rank at large sizes, at most 20000 at small ones. */
static long iterations(long size) {
    return clamp((512L << 20) / size, 8, 20000);
}

static long warmups(long size) {
    return clamp((64L << 20) / size, 2, 2000);
}

struct io {
    MPI_File fh;
    int write, collective, rank;
    unsigned char *buf;
};

static void run(struct io *b, long size, long n) {
    MPI_Offset at = (MPI_Offset)b->rank * size;
    for (long i = 0; i < n; i++) {
        int rc;
        if (b->write) {
            rc = b->collective ? MPI_File_write_at_all(b->fh, at, b->buf, (int)size, MPI_BYTE, MPI_STATUS_IGNORE)
                               : MPI_File_write_at(b->fh, at, b->buf, (int)size, MPI_BYTE, MPI_STATUS_IGNORE);
        } else {
            rc = b->collective ? MPI_File_read_at_all(b->fh, at, b->buf, (int)size, MPI_BYTE, MPI_STATUS_IGNORE)
                               : MPI_File_read_at(b->fh, at, b->buf, (int)size, MPI_BYTE, MPI_STATUS_IGNORE);
        }
        if (rc != MPI_SUCCESS) {
            fprintf(stderr, NAME ": rank %d: MPI-IO error %d\n", b->rank, rc);
            MPI_Abort(MPI_COMM_WORLD, 1);
        }
    }
}

/* A patterned block written at the rank's offset, read back into the cleared buffer, checked. */
static void validate(struct io *b, long size, int round) {
    MPI_Offset at = (MPI_Offset)b->rank * size;
    bench_fill(b->buf, size, round, b->rank);
    MPI_File_write_at_all(b->fh, at, b->buf, (int)size, MPI_BYTE, MPI_STATUS_IGNORE);
    memset(b->buf, 0, (size_t)size);
    MPI_File_read_at_all(b->fh, at, b->buf, (int)size, MPI_BYTE, MPI_STATUS_IGNORE);
    bench_check(b->buf, size, round, b->rank, NAME);
}

int main(int argc, char **argv) {
    static const char *usage =
        "Usage: mpirun -np 2 io_bench [options]\n"
        "MPI-IO bandwidth, each rank at its own offset of one file; C twin of OmpiIoBench.java.\n"
        "  --test writeat|readat|writeatall|readatall  MPI_File_write_at (default), read_at, or the collective\n"
        "                         write_at_all / read_at_all; the file is in $NATMPJ_IO_DIR (default /dev/shm)\n";
    struct bench_options o = bench_init(&argc, &argv, NAME, usage, DEFAULT_MIN, DEFAULT_MAX, JIT_WARMUP, "--test",
                                        "writeat");
    struct io b = {0};
    int ranks;
    MPI_Comm_rank(MPI_COMM_WORLD, &b.rank);
    MPI_Comm_size(MPI_COMM_WORLD, &ranks);
    if (!strcmp(o.choice, "writeat")) b.write = 1;
    else if (!strcmp(o.choice, "readat")) b.write = 0;
    else if (!strcmp(o.choice, "writeatall")) b.write = b.collective = 1;
    else if (!strcmp(o.choice, "readatall")) b.collective = 1;
    else bench_fail(NAME, "--test must be one of writeat|readat|writeatall|readatall");
    if (o.min < 1) bench_fail(NAME, "--min must be at least 1");

    const char *dir = getenv("NATMPJ_IO_DIR");
    char path[4096];
    long id = (long)getpid();
    MPI_Bcast(&id, 1, MPI_LONG, 0, MPI_COMM_WORLD);
    snprintf(path, sizeof path, "%s/io_bench-c-%ld", dir && *dir ? dir : "/dev/shm", id);
    if (MPI_File_open(MPI_COMM_WORLD, path, MPI_MODE_CREATE | MPI_MODE_RDWR | MPI_MODE_DELETE_ON_CLOSE,
                      MPI_INFO_NULL, &b.fh) != MPI_SUCCESS) {
        bench_fail(NAME, "cannot open the file (is NATMPJ_IO_DIR a writable directory?)");
    }
    b.buf = bench_alloc(&o, (size_t)o.max);
    if (b.rank == 0) printf(BENCH_CSV_HEADER "\n");
    validate(&b, o.min, 0);
    run(&b, o.min, o.jit_warmup > 0 ? o.jit_warmup : 1);
    for (long size = o.min; size <= o.max; size = bench_next_size(size)) {
        long n = bench_scaled(&o, iterations(size));
        validate(&b, size, 0);
        run(&b, size, warmups(size));
        MPI_Barrier(MPI_COMM_WORLD);
        double t0 = bench_now_ns();
        run(&b, size, n);
        MPI_Barrier(MPI_COMM_WORLD);
        double t1 = bench_now_ns();
        validate(&b, size, 1);
        if (b.rank == 0) {
            double us = (t1 - t0) / 1e3 / n;
            bench_print(&o, o.choice, ranks, size, n, us, (double)ranks * size / us);
        }
    }
    MPI_File_close(&b.fh);
    free(b.buf);
    MPI_Finalize();
    return 0;
}
