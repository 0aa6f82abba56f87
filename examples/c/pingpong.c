/*
 * pingpong.c: the C twin of examples/PingPong.java, the baseline natmpj is measured against.
 *
 * It must stay the same benchmark as the Java one: same sizes, same iteration and warm-up counts (see
 * iterations() and warmups()), same validation pattern, same CSV. Only the clock differs in name:
 * CLOCK_MONOTONIC here, System.nanoTime() (which reads CLOCK_MONOTONIC on Linux) there.
 *
 *   mpicc.openmpi -O2 -o pingpong examples/c/pingpong.c
 *   mpirun.openmpi -np 2 --bind-to core ./pingpong [--min BYTES] [--max BYTES] [--iters-scale F]
 *   ./pingpong --help
 *
 * Output on rank 0, one CSV line per size after a header:
 *   impl,buffer,size_bytes,iterations,latency_us,bandwidth_MBps
 * latency_us is half the round trip; bandwidth_MBps = size_bytes / latency_us (1 MB/s = 1e6 bytes/s).
 */
#include <mpi.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define TAG 1
#define DEFAULT_MAX (4L << 20)

/* Timed iterations: enough round trips for a stable mean at small sizes, about 1 GiB each way at large ones. */
static long iterations(long size, double scale) {
    long n = (1L << 30) / (size > 0 ? size : 1);
    if (n > 100000) n = 100000;
    if (n < 50) n = 50;
    n = (long)(n * scale);
    return n > 0 ? n : 1;
}

/* Round trips of 1 byte before the first size: the Java twin needs them for its JIT, whose final code only
 * arrives a fraction of a second after the first message. Done here too so both runs do the same work. */
#define JIT_WARMUP 1000000L

/* Warm-up round trips of each size, so that caches, pages and MPI's protocol for the size (eager or rendezvous)
 * are settled before timing: ~1e5 for small sizes, down to 10 for the largest. Not scaled by --iters-scale. */
static long warmups(long size) {
    long n = (1L << 26) / (size > 0 ? size : 1);
    if (n > 100000) n = 100000;
    if (n < 10) n = 10;
    return n;
}

/* Byte i of a validation message: depends on size, round and sender so a stale or misplaced buffer shows. */
static unsigned char pattern(long i, long size, int round, int sender) {
    uint32_t x = (uint32_t)(i + size * 131 + round * 7919 + sender * 104729) * 0x9E3779B1u;
    return (unsigned char)(x >> 24);
}

static void fill(unsigned char *buf, long size, int round, int sender) {
    for (long i = 0; i < size; i++) buf[i] = pattern(i, size, round, sender);
}

static void check(const unsigned char *buf, long size, int round, int sender, int rank) {
    for (long i = 0; i < size; i++) {
        unsigned char want = pattern(i, size, round, sender);
        if (buf[i] != want) {
            fprintf(stderr, "pingpong: rank %d: size %ld, validation round %d: byte %ld is %d, expected %d\n",
                    rank, size, round, i, buf[i], want);
            MPI_Abort(MPI_COMM_WORLD, 2);
        }
    }
}

/* One checked round trip, outside the timed loop: rank 0 sends its pattern, rank 1 checks it and answers with
 * its own, rank 0 checks that. Run before the warm-up and after the timed loop of every size. */
static void validate(unsigned char *buf, long size, int round, int rank) {
    int peer = 1 - rank;
    if (rank == 0) {
        fill(buf, size, round, 0);
        MPI_Send(buf, (int)size, MPI_BYTE, peer, TAG, MPI_COMM_WORLD);
        memset(buf, 0, (size_t)size);
        MPI_Recv(buf, (int)size, MPI_BYTE, peer, TAG, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        check(buf, size, round, 1, rank);
    } else {
        memset(buf, 0, (size_t)size);
        MPI_Recv(buf, (int)size, MPI_BYTE, peer, TAG, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        check(buf, size, round, 0, rank);
        fill(buf, size, round, 1);
        MPI_Send(buf, (int)size, MPI_BYTE, peer, TAG, MPI_COMM_WORLD);
    }
}

/* n round trips of size bytes, the same buffer both ways, as the Java twin does. */
static void pingpong(unsigned char *buf, long size, long n, int rank) {
    int peer = 1 - rank;
    if (rank == 0) {
        for (long i = 0; i < n; i++) {
            MPI_Send(buf, (int)size, MPI_BYTE, peer, TAG, MPI_COMM_WORLD);
            MPI_Recv(buf, (int)size, MPI_BYTE, peer, TAG, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        }
    } else {
        for (long i = 0; i < n; i++) {
            MPI_Recv(buf, (int)size, MPI_BYTE, peer, TAG, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            MPI_Send(buf, (int)size, MPI_BYTE, peer, TAG, MPI_COMM_WORLD);
        }
    }
}

static double now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e9 + ts.tv_nsec;
}

static void usage(FILE *out) {
    fprintf(out,
            "Usage: mpirun -np 2 pingpong [options]\n"
            "Ping-pong latency and bandwidth between ranks 0 and 1 (other ranks wait), C baseline of PingPong.java.\n"
            "  --min BYTES        smallest message size (default 1; 0 adds an empty message)\n"
            "  --max BYTES        largest message size (default %ld); the sizes are\n"
            "                     min, 2*min, 4*min, ... up to max\n"
            "  --iters-scale F    multiply the timed iteration counts by F (default 1; warm-up is not scaled)\n"
            "  --jit-warmup N     1-byte round trips before the first size, as the Java twin (default %ld)\n"
            "  --version          print the MPI library version and exit\n"
            "  --help             this text\n"
            "CSV on rank 0: impl,buffer,size_bytes,iterations,latency_us,bandwidth_MBps\n",
            DEFAULT_MAX, JIT_WARMUP);
}

/* Parses a non-negative integer option value, or returns -1. */
static long parse_size(const char *s) {
    char *end;
    long v = strtol(s, &end, 10);
    return (*s && !*end && v >= 0 && v <= (1L << 30)) ? v : -1;
}

int main(int argc, char **argv) {
    long min = 1, max = DEFAULT_MAX, jit_warmup = JIT_WARMUP;
    double scale = 1.0;
    int help = 0, version = 0, bad = 0;
    char error[256] = "";
    /* Every rank parses the same arguments, so all agree on the outcome; only rank 0 reports it. */
    for (int i = 1; i < argc && !bad; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) help = 1;
        else if (!strcmp(a, "--version")) version = 1;
        else if (!strcmp(a, "--min") && v) { min = parse_size(v); bad = min < 0; i++; }
        else if (!strcmp(a, "--max") && v) { max = parse_size(v); bad = max < 0; i++; }
        else if (!strcmp(a, "--jit-warmup") && v) { jit_warmup = parse_size(v); bad = jit_warmup < 0; i++; }
        else if (!strcmp(a, "--iters-scale") && v) {
            char *end;
            scale = strtod(v, &end);
            bad = *end || !(scale > 0 && scale < 1e6);
            i++;
        } else {
            bad = 1;
        }
        if (bad) snprintf(error, sizeof error, "bad option or value: %s%s%s", a, v ? " " : "", v ? v : "");
    }
    if (!bad && min > max) { snprintf(error, sizeof error, "--min %ld is above --max %ld", min, max); bad = 1; }

    MPI_Init(&argc, &argv);
    int rank, nprocs;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &nprocs);
    if (help || bad || version || nprocs < 2) {
        if (rank == 0) {
            if (version) {
                char lib[MPI_MAX_LIBRARY_VERSION_STRING];
                int len;
                MPI_Get_library_version(lib, &len);
                printf("%s\n", lib);
            } else if (help) {
                usage(stdout);
            } else if (bad) {
                fprintf(stderr, "pingpong: %s\n", error);
                usage(stderr);
            } else {
                fprintf(stderr, "pingpong: needs at least 2 ranks, got %d\n", nprocs);
            }
        }
        MPI_Finalize();
        return (bad || (!help && !version)) ? 1 : 0;
    }

    if (rank < 2) {
        /* One buffer of the largest size, as the Java twin allocates; malloc like any C program would. */
        unsigned char *buf = malloc(max > 0 ? (size_t)max : 1);
        if (!buf) { fprintf(stderr, "pingpong: cannot allocate %ld bytes\n", max); MPI_Abort(MPI_COMM_WORLD, 1); }
        memset(buf, 0, max > 0 ? (size_t)max : 1);
        if (rank == 0) {
            printf("impl,buffer,size_bytes,iterations,latency_us,bandwidth_MBps\n");
            fflush(stdout);
        }
        pingpong(buf, max < 1 ? max : 1, jit_warmup, rank);
        for (long size = min; size <= max; size = size ? size * 2 : 1) {
            long n = iterations(size, scale);
            validate(buf, size, 0, rank);
            pingpong(buf, size, warmups(size), rank);
            double t0 = now_ns();
            pingpong(buf, size, n, rank);
            double t1 = now_ns();
            validate(buf, size, 1, rank);
            if (rank == 0) {
                double latency_us = (t1 - t0) / 1e3 / n / 2;
                printf("c,c,%ld,%ld,%.3f,%.2f\n", size, n, latency_us, size / latency_us);
                fflush(stdout);
            }
        }
        free(buf);
    }
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Finalize();
    return 0;
}
