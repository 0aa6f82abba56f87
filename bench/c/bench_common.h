/*
 * bench_common.h: what the C twins of the suite share, the counterpart of bench/java/BenchOptions.java and
 * BenchData.java: the command line, the CSV line, the validation patterns and buffer allocation.
 * Header-only so that each twin builds with one `mpicc -O2 -o x x.c`.
 */
#ifndef NATMPJ_BENCH_COMMON_H
#define NATMPJ_BENCH_COMMON_H

#include <mpi.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>

/* GCC 12 takes MPICH 4.0's MPI_STATUSES_IGNORE for a zero-size array and warns at every MPI_Waitall. */
#pragma GCC diagnostic ignored "-Wstringop-overflow"

#define BENCH_CSV_HEADER "impl,bench,buffer,calls,ranks,size_bytes,iterations,time_us,MBps"

struct bench_options {
    int help, nonblocking, thp;
    long min, max, jit_warmup;
    double scale;
    const char *impl;
    const char *choice; /* the benchmark's own option (--test, --ops), NULL when absent */
};

static const char *bench_common_usage =
    "  --min BYTES            smallest message size (default %ld; 0 adds an empty message)\n"
    "  --max BYTES            largest message size (default %ld); sizes are min, 2*min, ... up to max\n"
    "  --iters-scale F        multiply the timed iteration counts by F (default 1; warm-ups are not scaled)\n"
    "  --jit-warmup N         iterations of the smallest case before the first size, as the Java twin does for\n"
    "                         its JIT (default %ld)\n"
    "  --buffer c|c-thp       malloc'd buffers (default), or 2 MiB-aligned ones advised to use transparent huge\n"
    "                         pages (madvise MADV_HUGEPAGE)\n"
    "  --calls blocking|nonblocking  blocking calls (default) or non-blocking ones + Wait\n"
    "  --settle S             accepted for the Java twins' sake (their wait for a quiet JIT); C has none\n"
    "  --impl NAME            first CSV column (default c)\n"
    "  --version              print the MPI library version and exit\n"
    "  --help                 this text\n"
    "CSV on rank 0: " BENCH_CSV_HEADER "\n";

static inline long bench_parse_long(const char *s, long max) {
    char *end;
    long v = strtol(s, &end, 10);
    return (*s && !*end && v >= 0 && v <= max) ? v : -1;
}

/*
 * MPI_Init, then the command line, parsed alike on every rank. On --help, --version or a bad option, rank 0
 * prints (usage_head, then the common lines) and every rank finalizes and exits (0, or 2 on a bad option).
 * choice_option is the benchmark's own option; its value is left for the benchmark to check.
 */
static inline struct bench_options bench_init(int *argc, char ***argv, const char *name, const char *usage_head,
                                              long min, long max, long jit_warmup, const char *choice_option,
                                              const char *choice_default) {
    struct bench_options o = {0, 0, 0, min, max, jit_warmup, 1.0, "c", choice_default};
    int version = 0, bad = 0;
    char error[256] = "";
    MPI_Init(argc, argv);
    for (int i = 1; i < *argc && !bad; i++) {
        const char *a = (*argv)[i], *v = i + 1 < *argc ? (*argv)[i + 1] : NULL;
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) o.help = 1;
        else if (!strcmp(a, "--version")) version = 1;
        else if (!v) bad = 1;
        else {
            i++;
            if (choice_option && !strcmp(a, choice_option)) o.choice = v;
            else if (!strcmp(a, "--min")) bad = (o.min = bench_parse_long(v, 1L << 30)) < 0;
            else if (!strcmp(a, "--max")) bad = (o.max = bench_parse_long(v, 1L << 30)) < 0;
            else if (!strcmp(a, "--jit-warmup")) bad = (o.jit_warmup = bench_parse_long(v, 1L << 62)) < 0;
            else if (!strcmp(a, "--impl")) o.impl = v;
            else if (!strcmp(a, "--settle")) {
                char *end;
                double s = strtod(v, &end);
                bad = !*v || *end || !(s >= 0 && s <= 3600);
            } else if (!strcmp(a, "--buffer")) { o.thp = !strcmp(v, "c-thp"); bad = !o.thp && strcmp(v, "c"); }
            else if (!strcmp(a, "--calls")) {
                o.nonblocking = !strcmp(v, "nonblocking");
                bad = !o.nonblocking && strcmp(v, "blocking");
            } else if (!strcmp(a, "--iters-scale")) {
                char *end;
                o.scale = strtod(v, &end);
                bad = *end || !(o.scale > 0 && o.scale < 1e6);
            } else bad = 1;
        }
        if (bad) snprintf(error, sizeof error, "bad option or value: %s%s%s", a, v ? " " : "", v ? v : "");
    }
    if (!bad && o.min > o.max) { snprintf(error, sizeof error, "--min %ld is above --max %ld", o.min, o.max); bad = 1; }
    if (o.help || bad || version) {
        int rank;
        MPI_Comm_rank(MPI_COMM_WORLD, &rank);
        if (rank == 0) {
            if (version) {
                char lib[MPI_MAX_LIBRARY_VERSION_STRING];
                int len;
                MPI_Get_library_version(lib, &len);
                printf("%s\n", lib);
            } else {
                FILE *out = bad ? stderr : stdout;
                if (bad) fprintf(stderr, "%s: %s\n", name, error);
                fputs(usage_head, out);
                fprintf(out, bench_common_usage, min, max, jit_warmup);
            }
        }
        MPI_Finalize();
        exit(bad ? 2 : 0);
    }
    return o;
}

/* Rank 0 reports a usage error found by the benchmark itself; every rank finalizes and exits with 2. */
static inline void bench_fail(const char *name, const char *message) {
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) fprintf(stderr, "%s: %s\n", name, message);
    MPI_Finalize();
    exit(2);
}

/* Timed iterations: n scaled by --iters-scale, at least 1. */
static inline long bench_scaled(const struct bench_options *o, long n) {
    long s = (long)(n * o->scale);
    return s > 0 ? s : 1;
}

/* The next size after s: 0, 1, 2, 4, ... */
static inline long bench_next_size(long s) {
    return s ? s * 2 : 1;
}

static inline const char *bench_buffer(const struct bench_options *o) {
    return o->thp ? "c-thp" : "c";
}

static inline const char *bench_calls(const struct bench_options *o) {
    return o->nonblocking ? "nonblocking" : "blocking";
}

/* One CSV line (rank 0 only). */
static inline void bench_print(const struct bench_options *o, const char *bench, int ranks, long size,
                               long iterations, double time_us, double mbps) {
    printf("%s,%s,%s,%s,%d,%ld,%ld,%.3f,%.2f\n", o->impl, bench, bench_buffer(o), bench_calls(o), ranks, size,
           iterations, time_us, mbps);
    fflush(stdout);
}

static inline double bench_now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e9 + ts.tv_nsec;
}

/* A zeroed buffer of bytes: malloc'd as any C program would, or 2 MiB-aligned and advised to use huge pages. */
static inline void *bench_alloc(const struct bench_options *o, size_t bytes) {
    void *p = NULL;
    if (bytes == 0) bytes = 1;
    if (o->thp) {
        size_t huge = 2u << 20, rounded = (bytes + huge - 1) / huge * huge;
        if (posix_memalign(&p, huge, rounded) == 0) madvise(p, rounded, MADV_HUGEPAGE);
        else p = NULL;
    } else {
        p = malloc(bytes);
    }
    if (!p) {
        fprintf(stderr, "cannot allocate %zu bytes\n", bytes);
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    memset(p, 0, bytes);
    return p;
}

/* Byte i of a message: depends on size, round and sender, so a stale or misplaced buffer shows. */
static inline unsigned char bench_pattern(long i, long size, int round, int sender) {
    uint32_t x = (uint32_t)(i + size * 131 + round * 7919 + sender * 104729) * 0x9E3779B1u;
    return (unsigned char)(x >> 24);
}

/* Float i of a reduction operand: a small integer, so that sums over ranks are exact in any order. */
static inline float bench_float_pattern(long i, int round, int sender) {
    return (float)((i * 7 + round * 3 + sender * 5) % 61);
}

static inline void bench_fill(unsigned char *buf, long size, int round, int sender) {
    for (long i = 0; i < size; i++) buf[i] = bench_pattern(i, size, round, sender);
}

static inline void bench_check(const unsigned char *buf, long size, int round, int sender, const char *what) {
    for (long i = 0; i < size; i++) {
        unsigned char want = bench_pattern(i, size, round, sender);
        if (buf[i] != want) {
            int rank;
            MPI_Comm_rank(MPI_COMM_WORLD, &rank);
            fprintf(stderr, "%s: rank %d: size %ld: element %ld is %d, expected %d\n", what, rank, size, i, buf[i],
                    want);
            MPI_Abort(MPI_COMM_WORLD, 2);
        }
    }
}

static inline void bench_fill_floats(float *buf, long count, int round, int sender) {
    for (long i = 0; i < count; i++) buf[i] = bench_float_pattern(i, round, sender);
}

/* Checks count floats against the sum of the patterns of ranks 0..ranks-1 (a SUM reduction's result). */
static inline void bench_check_float_sum(const float *buf, long count, int round, int ranks, const char *what) {
    for (long i = 0; i < count; i++) {
        float want = 0;
        for (int r = 0; r < ranks; r++) want += bench_float_pattern(i, round, r);
        if (buf[i] != want) {
            int rank;
            MPI_Comm_rank(MPI_COMM_WORLD, &rank);
            fprintf(stderr, "%s: rank %d: size %ld: element %ld is %g, expected %g\n", what, rank, count * 4, i,
                    (double)buf[i], (double)want);
            MPI_Abort(MPI_COMM_WORLD, 2);
        }
    }
}

#endif
