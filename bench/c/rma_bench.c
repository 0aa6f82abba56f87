/*
 * rma_bench.c: the C twin of bench/java-ompi/OmpiRmaBench.java (one-sided communication between ranks 0 and 1,
 * OSU-style: osu_put_latency, osu_get_latency, osu_put_bw, osu_get_bw). It must stay the same benchmark: same
 * tests, sizes, iteration and warm-up counts, validation and CSV.
 *
 * Both ranks create a window of --max bytes (MPI_Win_create over the benchmark's buffer); rank 0 is the origin,
 * rank 1 the target, which only synchronises. --test OP-KIND-SYNC:
 *   OP    put | get                MPI_Put / MPI_Get of size bytes at displacement 0
 *   KIND  lat | bw                 lat: one operation per epoch (fence) or per flush (lock), time per operation;
 *                                  bw: 64 operations per epoch or flush, MB/s
 *   SYNC  fence | lock             fence: MPI_Win_fence on both ranks after each operation (lat) or window (bw);
 *                                  lock: MPI_Win_lock(SHARED, 1) once, MPI_Win_flush(1) after each operation or
 *                                  window, MPI_Win_unlock at the end (rank 1 waits in a barrier)
 *
 *   mpicc.openmpi -O2 -o rma_bench bench/c/rma_bench.c
 *   mpirun.openmpi -np 2 --bind-to core ./rma_bench --test put-lat-fence --min 8 --max 8
 *   mpirun.openmpi -np 2 --bind-to core ./rma_bench --test get-bw-lock --min 1024 --max 4194304
 */
#include "bench_common.h"

#define NAME "rma_bench"
#define WINDOW 64
#define DEFAULT_MAX (4L << 20)
#define JIT_WARMUP 200000L /* as the Java twin, which needs it for its JIT */

struct rma {
    int get, bw, lock, rank;
    unsigned char *origin, *memory;
    MPI_Win win;
};

static long clamp(long v, long lo, long hi) {
    return v < lo ? lo : v > hi ? hi : v;
}

/* Bytes one iteration moves: an operation, or a window of them (an empty one counts as 1). */
static long bytes_per_iteration(const struct rma *b, long size) {
    return (b->bw ? WINDOW : 1) * (size > 0 ? size : 1);
}

static long iterations(const struct rma *b, long size) {
    long per = bytes_per_iteration(b, size);
    return b->bw ? clamp((1L << 30) / per, 4, 2000) : clamp((1L << 30) / per, 50, 20000);
}

static long warmups(const struct rma *b, long size) {
    long per = bytes_per_iteration(b, size);
    return b->bw ? clamp((1L << 26) / per, 2, 2000) : clamp((1L << 26) / per, 10, 20000);
}

/* n iterations; in lock mode inside one passive epoch, whose lock and unlock are outside the timing. */
static void run(struct rma *b, int size, long n) {
    int ops = b->bw ? WINDOW : 1;
    for (long i = 0; i < n; i++) {
        if (b->rank == 0) {
            for (int j = 0; j < ops; j++) {
                if (b->get) MPI_Get(b->origin, size, MPI_BYTE, 1, 0, size, MPI_BYTE, b->win);
                else MPI_Put(b->origin, size, MPI_BYTE, 1, 0, size, MPI_BYTE, b->win);
            }
            if (b->lock) MPI_Win_flush(1, b->win);
        }
        if (!b->lock) MPI_Win_fence(0, b->win);
    }
}

static void begin(struct rma *b) {
    if (b->lock && b->rank == 0) MPI_Win_lock(MPI_LOCK_SHARED, 1, 0, b->win);
}

static void end(struct rma *b) {
    if (b->lock && b->rank == 0) MPI_Win_unlock(1, b->win);
}

/* One iteration with patterned data: a put's target checks rank 0's pattern, a get's origin rank 1's. */
static void validate(struct rma *b, int size, int round) {
    if (b->rank == 0) {
        if (b->get) memset(b->origin, 0, (size_t)(unsigned)size);
        else bench_fill(b->origin, size, round, 0);
    } else {
        if (b->get) bench_fill(b->memory, size, round, 1);
        else memset(b->memory, 0, (size_t)(unsigned)size);
    }
    MPI_Barrier(MPI_COMM_WORLD);
    begin(b);
    run(b, size, 1);
    end(b);
    MPI_Barrier(MPI_COMM_WORLD);
    if (b->rank == 0 && b->get) bench_check(b->origin, size, round, 1, NAME);
    if (b->rank == 1 && !b->get) bench_check(b->memory, size, round, 0, NAME);
}

static void timed(struct rma *b, int size, long n, double *us) {
    MPI_Barrier(MPI_COMM_WORLD);
    begin(b);
    double t0 = bench_now_ns();
    run(b, size, n);
    double t1 = bench_now_ns();
    end(b);
    MPI_Barrier(MPI_COMM_WORLD);
    *us = (t1 - t0) / 1e3 / n / (b->bw ? WINDOW : 1);
}

int main(int argc, char **argv) {
    static const char *usage =
        "Usage: mpirun -np 2 rma_bench [options]\n"
        "OSU-style one-sided benchmarks from rank 0 to rank 1's window (other ranks wait); C twin of\n"
        "OmpiRmaBench.java.\n"
        "  --test OP-KIND-SYNC    put|get - lat|bw - fence|lock (default put-lat-fence): latency of one\n"
        "                         operation per synchronisation, or bandwidth of windows of 64 operations;\n"
        "                         fence epochs, or one lock with a flush per operation or window\n"
        "  (--jit-warmup counts operations of the smallest size before the first size)\n";
    struct bench_options o = bench_init(&argc, &argv, NAME, usage, 8, DEFAULT_MAX, JIT_WARMUP, "--test",
                                        "put-lat-fence");
    struct rma b = {0};
    int ranks;
    char op[8], kind[8], sync[8], extra;
    MPI_Comm_rank(MPI_COMM_WORLD, &b.rank);
    MPI_Comm_size(MPI_COMM_WORLD, &ranks);
    if (sscanf(o.choice, "%7[a-z]-%7[a-z]-%7[a-z]%c", op, kind, sync, &extra) != 3
        || (strcmp(op, "put") && strcmp(op, "get")) || (strcmp(kind, "lat") && strcmp(kind, "bw"))
        || (strcmp(sync, "fence") && strcmp(sync, "lock")))
        bench_fail(NAME, "--test must be put|get-lat|bw-fence|lock, e.g. put-lat-fence");
    if (ranks < 2) bench_fail(NAME, "needs at least 2 ranks");
    if (o.nonblocking) bench_fail(NAME, "--calls nonblocking: not offered (the operations are MPI_Put/MPI_Get)");
    b.get = !strcmp(op, "get");
    b.bw = !strcmp(kind, "bw");
    b.lock = !strcmp(sync, "lock");

    MPI_Comm pair;
    MPI_Comm_split(MPI_COMM_WORLD, b.rank < 2 ? 0 : MPI_UNDEFINED, b.rank, &pair);
    if (b.rank < 2) {
        size_t bytes = (size_t)(o.max > 0 ? o.max : 1);
        b.origin = bench_alloc(&o, bytes);
        b.memory = bench_alloc(&o, bytes);
        MPI_Win_create(b.memory, (MPI_Aint)bytes, 1, MPI_INFO_NULL, pair, &b.win);
        if (b.rank == 0) printf(BENCH_CSV_HEADER "\n");
        if (!b.lock) MPI_Win_fence(0, b.win);
        long jit = b.bw ? o.jit_warmup / WINDOW : o.jit_warmup;
        begin(&b);
        run(&b, o.min > 0 ? (int)o.min : 1, jit > 0 ? jit : 1);
        end(&b);
        for (long size = o.min; size <= o.max; size = bench_next_size(size)) {
            long n = bench_scaled(&o, iterations(&b, size));
            validate(&b, (int)size, 0);
            begin(&b);
            run(&b, (int)size, warmups(&b, size));
            end(&b);
            double us;
            timed(&b, (int)size, n, &us);
            validate(&b, (int)size, 1);
            if (b.rank == 0) bench_print(&o, o.choice, 2, size, n, us, size / us);
        }
        MPI_Win_free(&b.win);
        MPI_Comm_free(&pair);
        free(b.origin);
        free(b.memory);
    }
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Finalize();
    return 0;
}
