/*
 * collective_bench.c: the C twin of bench/java/CollectiveBench.java (and bench/python/collective_bench.py): the
 * same operations, sizes, iteration counts, warm-ups, validation, command line and CSV. See the Java file for
 * the method; comments here only say where C differs.
 */
#include "bench_common.h"

enum op { BARRIER, BCAST, REDUCE, ALLREDUCE, GATHER, SCATTER, ALLGATHER, ALLTOALL, NOPS };
static const char *op_names[NOPS] = {"barrier", "bcast", "reduce", "allreduce", "gather", "scatter", "allgather",
                                     "alltoall"};

#define NAME "collective_bench"
#define ROOT 0
#define DEFAULT_MIN 1L
#define DEFAULT_MAX (1L << 20)
#define DEFAULT_JIT_WARMUP 20000L
#define LARGE 8192 /* sizes above this get the large-message counts, as in OSU */
#define ITERS_SMALL 1000
#define WARMUP_SMALL 200
#define ITERS_LARGE 100
#define WARMUP_LARGE 10
/* Time caps (seconds) that keep an oversubscribed run finite; the Java twin explains them */
#define JIT_BUDGET 5.0
#define WARMUP_BUDGET 0.05
#define TIMED_BUDGET 0.05

static const char *usage_head =
    "Usage: mpirun -np N " NAME " [options]\n"
    "OSU-style collectives: average time per call, maximum over the ranks. The size is the bytes of one\n"
    "process's block; reduce/allreduce sum size/4 floats (sizes below 4 skipped); barrier is measured once.\n"
    "  --ops LIST             comma-separated subset of barrier,bcast,reduce,allreduce,gather,scatter,allgather,\n"
    "                         alltoall, run in that order (default all); blocking calls only\n";

static int rank, ranks;
static unsigned char *sbuf, *rbuf; /* max * ranks bytes each: room for every rank's block */
static float *sfloats, *rfloats;   /* max / 4 floats each */

static void run(enum op op, long size) {
    int n = (int)size;
    switch (op) {
    case BARRIER: MPI_Barrier(MPI_COMM_WORLD); break;
    case BCAST: MPI_Bcast(sbuf, n, MPI_BYTE, ROOT, MPI_COMM_WORLD); break;
    case REDUCE: MPI_Reduce(sfloats, rfloats, n / 4, MPI_FLOAT, MPI_SUM, ROOT, MPI_COMM_WORLD); break;
    case ALLREDUCE: MPI_Allreduce(sfloats, rfloats, n / 4, MPI_FLOAT, MPI_SUM, MPI_COMM_WORLD); break;
    case GATHER: MPI_Gather(sbuf, n, MPI_BYTE, rbuf, n, MPI_BYTE, ROOT, MPI_COMM_WORLD); break;
    case SCATTER: MPI_Scatter(sbuf, n, MPI_BYTE, rbuf, n, MPI_BYTE, ROOT, MPI_COMM_WORLD); break;
    case ALLGATHER: MPI_Allgather(sbuf, n, MPI_BYTE, rbuf, n, MPI_BYTE, MPI_COMM_WORLD); break;
    case ALLTOALL: MPI_Alltoall(sbuf, n, MPI_BYTE, rbuf, n, MPI_BYTE, MPI_COMM_WORLD); break;
    default: break;
    }
}

/* One call on fresh patterns, checked where the result lands (the Java twin documents the block ids). */
static void validate(enum op op, long size, int round) {
    char what[64];
    snprintf(what, sizeof what, NAME " %s", op_names[op]);
    long count = size / 4;
    switch (op) {
    case BARRIER: break;
    case BCAST:
        if (rank == ROOT) bench_fill(sbuf, size, round, ROOT);
        else memset(sbuf, 0, size);
        break;
    case REDUCE:
    case ALLREDUCE:
        bench_fill_floats(sfloats, count, round, rank);
        memset(rfloats, 0, count * sizeof(float));
        break;
    case GATHER:
    case ALLGATHER:
        bench_fill(sbuf, size, round, rank);
        memset(rbuf, 0, size * ranks);
        break;
    case SCATTER:
    case ALLTOALL:
        for (int d = 0; d < ranks; d++) bench_fill(sbuf + d * size, size, round, op == SCATTER ? d : rank * ranks + d);
        memset(rbuf, 0, size * ranks);
        break;
    default: break;
    }
    run(op, size);
    switch (op) {
    case BCAST: bench_check(sbuf, size, round, ROOT, what); break;
    case REDUCE:
        if (rank == ROOT) bench_check_float_sum(rfloats, count, round, ranks, what);
        break;
    case ALLREDUCE: bench_check_float_sum(rfloats, count, round, ranks, what); break;
    case GATHER:
        if (rank != ROOT) break;
        /* fall through */
    case ALLGATHER:
        for (int s = 0; s < ranks; s++) bench_check(rbuf + s * size, size, round, s, what);
        break;
    case SCATTER: bench_check(rbuf, size, round, rank, what); break;
    case ALLTOALL:
        for (int s = 0; s < ranks; s++) bench_check(rbuf + s * size, size, round, s * ranks + rank, what);
        break;
    default: break;
    }
}

/*
 * Up to count calls in chunks of 1, 2, 4, ...; from the second chunk on (the first call of a size may pay one-off
 * costs), stops early if count calls at the best pace seen on the slowest rank would take more than budget
 * seconds. Returns that best time per call in seconds.
 */
static double warm_up(enum op op, long size, long count, double budget) {
    double best = -1;
    for (long done = 0, chunk = 1; done < count; done += chunk, chunk *= 2) {
        if (chunk > count - done) chunk = count - done;
        double start = bench_now_ns();
        for (long i = 0; i < chunk; i++) run(op, size);
        double mine = (bench_now_ns() - start) / chunk, slowest;
        /* every rank takes the same decision, so they all make the same calls */
        MPI_Allreduce(&mine, &slowest, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
        if (best < 0 || slowest < best) best = slowest;
        if (done > 0 && best * count / 1e9 > budget) break;
    }
    return best < 0 ? 0 : best / 1e9;
}

/* n, or fewer if n calls of per_call seconds would take longer than budget */
static long capped(long n, double budget, double per_call) {
    return per_call > 0 && budget / per_call < n ? (long)(budget / per_call) : n;
}

int main(int argc, char **argv) {
    struct bench_options o = bench_init(&argc, &argv, NAME, usage_head, DEFAULT_MIN, DEFAULT_MAX,
                                        DEFAULT_JIT_WARMUP, "--ops", NULL);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &ranks);
    if (o.nonblocking) bench_fail(NAME, "--calls nonblocking: mpiJava 1.2 has no non-blocking collectives");
    int selected[NOPS];
    for (int i = 0; i < NOPS; i++) selected[i] = o.choice == NULL;
    if (o.choice) {
        char list[256], message[4096];
        snprintf(list, sizeof list, "%s", o.choice);
        for (char *save, *name = strtok_r(list, ",", &save); name; name = strtok_r(NULL, ",", &save)) {
            int found = 0;
            for (int i = 0; i < NOPS; i++) {
                if (!strcmp(name, op_names[i])) selected[i] = found = 1;
            }
            if (!found) {
                int n = snprintf(message, sizeof message, "--ops: unknown operation %s\n%s", name, usage_head);
                snprintf(message + n, sizeof message - n, bench_common_usage, DEFAULT_MIN, DEFAULT_MAX,
                         DEFAULT_JIT_WARMUP);
                bench_fail(NAME, message);
            }
        }
        int any = 0;
        for (int i = 0; i < NOPS; i++) any |= selected[i];
        if (!any) bench_fail(NAME, "--ops: no operation given");
    }

    sbuf = bench_alloc(&o, o.max * ranks);
    rbuf = bench_alloc(&o, o.max * ranks);
    sfloats = bench_alloc(&o, o.max / 4 * sizeof(float));
    rfloats = bench_alloc(&o, o.max / 4 * sizeof(float));
    if (rank == 0) printf("%s\n", BENCH_CSV_HEADER);
    int round = 0;
    for (int op = 0; op < NOPS; op++) {
        if (!selected[op]) continue;
        int warmed = 0;
        for (long size = o.min; size <= o.max; size = bench_next_size(size)) {
            long bytes = op == BARRIER ? 0 : size;
            if ((op == REDUCE || op == ALLREDUCE) && size < 4) continue;
            if (!warmed) warm_up(op, bytes, o.jit_warmup, JIT_BUDGET);
            warmed = 1;
            validate(op, bytes, ++round);
            int large = bytes > LARGE;
            double per_call = warm_up(op, bytes, large ? WARMUP_LARGE : WARMUP_SMALL, WARMUP_BUDGET);
            long iterations = bench_scaled(&o, capped(large ? ITERS_LARGE : ITERS_SMALL, TIMED_BUDGET, per_call));
            MPI_Barrier(MPI_COMM_WORLD);
            double start = bench_now_ns();
            for (long i = 0; i < iterations; i++) run(op, bytes);
            double mine = (bench_now_ns() - start) / 1e3 / iterations, slowest;
            MPI_Allreduce(&mine, &slowest, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
            if (rank == 0) {
                bench_print(&o, op_names[op], ranks, bytes, iterations, slowest, op == BARRIER ? 0 : bytes / slowest);
            }
            if (op == BARRIER) break;
        }
    }
    free(sbuf);
    free(rbuf);
    free(sfloats);
    free(rfloats);
    MPI_Finalize();
    return 0;
}
