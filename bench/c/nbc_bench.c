/*
 * nbc_bench.c: the C twin of bench/java-ompi/OmpiNbcBench.java: MPI_Iallreduce and how much of it overlaps
 * computation, the same sizes, counts, method, validation, command line and CSV. See the Java file for the method.
 */
#include "bench_common.h"

#define NAME "nbc_bench"
#define DEFAULT_MIN 8L
#define DEFAULT_MAX (1L << 20)
#define DEFAULT_JIT_WARMUP 20000L
#define SLICES 10
#define WARMUP_COMPUTE_NS 1000.0
#define WARMUP_CALLS 1000

static const char *usage_head =
    "Usage: mpirun -np N " NAME " [options]\n"
    "MPI_Iallreduce of size/8 doubles (MPI_SUM): for each size, the time of a start + wait alone (iallreduce),\n"
    "of a start, a computation as long as that and a wait (iallreduce-compute; the computation tests the request\n"
    "between each of its " "10 slices), and of the computation alone (compute): maxima over the ranks of the\n"
    "average per call. Overlap = 1 - (iallreduce-compute - compute) / iallreduce. --calls is ignored.\n";

static int rank, ranks;
static double *in, *out;

static void spin(double ns) {
    double t0 = bench_now_ns();
    while (bench_now_ns() - t0 < ns) {
    }
}

/* One operation: start, then (compute_ns > 0) compute in slices, testing the request after each, then wait. */
static void once(long count, double compute_ns) {
    MPI_Request r;
    MPI_Iallreduce(in, out, (int)count, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD, &r);
    if (compute_ns > 0) {
        for (int s = 0; s < SLICES; s++) {
            int flag;
            spin(compute_ns / SLICES);
            MPI_Test(&r, &flag, MPI_STATUS_IGNORE);
        }
    }
    MPI_Wait(&r, MPI_STATUS_IGNORE);
}

/* Average ns per call over n calls, the maximum over the ranks. */
static double timed(long count, long n, double compute_ns, int compute_only) {
    MPI_Barrier(MPI_COMM_WORLD);
    double t0 = bench_now_ns();
    for (long i = 0; i < n; i++) {
        if (compute_only) spin(compute_ns);
        else once(count, compute_ns);
    }
    double mine = (bench_now_ns() - t0) / n, most;
    MPI_Allreduce(&mine, &most, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
    return most;
}

static void validate(long count, int round) {
    for (long i = 0; i < count; i++) in[i] = rank + round + (double)(i % 1000);
    once(count, 0);
    for (long i = 0; i < count; i++) {
        double expect = (double)ranks * (ranks - 1) / 2 + ranks * (round + (double)(i % 1000));
        if (out[i] != expect) {
            fprintf(stderr, NAME ": rank %d: %ld doubles: element %ld is %g, expected %g\n", rank, count, i, out[i],
                    expect);
            MPI_Abort(MPI_COMM_WORLD, 1);
        }
    }
}

static long clamp(long v, long lo, long hi) { return v < lo ? lo : v > hi ? hi : v; }

int main(int argc, char **argv) {
    struct bench_options o = bench_init(&argc, &argv, NAME, usage_head, DEFAULT_MIN, DEFAULT_MAX,
                                        DEFAULT_JIT_WARMUP, NULL, NULL);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &ranks);
    o.nonblocking = 1;
    if (o.min < 8) o.min = 8;
    long most = o.max / 8 > 0 ? o.max / 8 : 1;
    in = bench_alloc(&o, most * sizeof(double));
    out = bench_alloc(&o, most * sizeof(double));
    if (rank == 0) printf("%s\n", BENCH_CSV_HEADER);
    /* what the Java twin spends on its JIT (each of the three loops, in many calls); here a warm-up */
    for (int i = 0; i < WARMUP_CALLS; i++) {
        timed(1, o.jit_warmup / WARMUP_CALLS > 0 ? o.jit_warmup / WARMUP_CALLS : 1, 0, 0);
        timed(1, o.jit_warmup / WARMUP_CALLS / 4 > 0 ? o.jit_warmup / WARMUP_CALLS / 4 : 1, WARMUP_COMPUTE_NS, 0);
        timed(1, o.jit_warmup / WARMUP_CALLS / 4 > 0 ? o.jit_warmup / WARMUP_CALLS / 4 : 1, WARMUP_COMPUTE_NS, 1);
    }
    for (long size = o.min; size <= o.max; size = bench_next_size(size)) {
        long count = size / 8;
        long n = bench_scaled(&o, clamp((1L << 28) / size, 20, 10000)), warm = clamp((1L << 25) / size, 5, 2000);
        validate(count, 0);
        timed(count, warm, 0, 0);
        double pure = timed(count, n, 0, 0);
        timed(count, warm / 4 + 1, pure, 0);
        double both = timed(count, n, pure, 0);
        double compute = timed(count, n, pure, 1);
        validate(count, 1);
        if (rank == 0) {
            bench_print(&o, "iallreduce", ranks, size, n, pure / 1e3, size / (pure / 1e3));
            bench_print(&o, "iallreduce-compute", ranks, size, n, both / 1e3, size / (both / 1e3));
            bench_print(&o, "compute", ranks, size, n, compute / 1e3, 0);
        }
    }
    MPI_Finalize();
    return 0;
}
