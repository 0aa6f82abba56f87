/*
 * warmup_bench.c: the C twin of bench/java/WarmupBench.java (time to steady state: the cost of each of the first
 * 10^5 calls of a pattern in log-spaced bins, then the steady cost of a long run). It must stay the same
 * benchmark: same patterns, bins, counts, validation and CSV; see the Java file for what each test does.
 *
 *   mpicc.openmpi -O2 -o warmup_bench bench/c/warmup_bench.c
 *   mpirun.openmpi -np 2 --bind-to core ./warmup_bench --test window [--buffer c-thp]
 */
#include "bench_common.h"

#define NAME "warmup_bench"
#define WINDOW 64
#define TAG 1
#define ACK_TAG 2
#define ROOT 0
#define BINNED_CALLS 100000L
#define STEADY_CALLS 1000000L
#define STEADY_MESSAGES 200000L
#define MAX_EDGES 128

enum test { PINGPONG, SENDRECV, WINDOW_TEST, BCAST, ALLREDUCE };
static const char *const tests[] = {"pingpong", "sendrecv", "window", "bcast", "allreduce"};

struct warmup {
    enum test test;
    int rank, peer, size, active;
    unsigned char *sbuf, *rbuf, ack;
    MPI_Request requests[WINDOW];
};

/* 10^(j/10) for j = 0..9: the steps of a decade (a table, so that the twins need no libm and agree exactly). */
static const double decade[10] = {1.0, 1.2589254117941673, 1.5848931924611136, 1.9952623149688795,
                                  2.51188643150958, 3.1622776601683795, 3.9810717055349722, 5.011872336272722,
                                  6.309573444801933, 7.943282347242816};

/* 0, then round(10^(k/10)) for k = 0, 1, ... without repeats, below n, then n; returns how many. */
static int edges(long n, long *e) {
    int count = 0;
    e[count++] = 0;
    for (int k = 0;; k++) {
        double x = decade[k % 10];
        for (int d = 0; d < k / 10; d++) x *= 10;
        long v = (long)(x + 0.5);
        if (v >= n || count >= MAX_EDGES - 1) break;
        if (v > e[count - 1]) e[count++] = v;
    }
    e[count++] = n;
    return count;
}

static void run(struct warmup *b, long n) {
    if (!b->active) return;
    for (long i = 0; i < n; i++) {
        switch (b->test) {
            case PINGPONG:
                if (b->rank == 0) {
                    MPI_Send(b->sbuf, b->size, MPI_BYTE, b->peer, TAG, MPI_COMM_WORLD);
                    MPI_Recv(b->rbuf, b->size, MPI_BYTE, b->peer, TAG, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
                } else {
                    MPI_Recv(b->rbuf, b->size, MPI_BYTE, b->peer, TAG, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
                    MPI_Send(b->sbuf, b->size, MPI_BYTE, b->peer, TAG, MPI_COMM_WORLD);
                }
                break;
            case SENDRECV:
                MPI_Sendrecv(b->sbuf, b->size, MPI_BYTE, b->peer, TAG, b->rbuf, b->size, MPI_BYTE, b->peer, TAG,
                             MPI_COMM_WORLD, MPI_STATUS_IGNORE);
                break;
            case WINDOW_TEST:
                if (b->rank == 0) {
                    for (int j = 0; j < WINDOW; j++) {
                        MPI_Isend(b->sbuf, b->size, MPI_BYTE, b->peer, TAG, MPI_COMM_WORLD, &b->requests[j]);
                    }
                    MPI_Waitall(WINDOW, b->requests, MPI_STATUSES_IGNORE);
                    MPI_Recv(&b->ack, 1, MPI_BYTE, b->peer, ACK_TAG, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
                } else {
                    for (int j = 0; j < WINDOW; j++) {
                        MPI_Irecv(b->rbuf, b->size, MPI_BYTE, b->peer, TAG, MPI_COMM_WORLD, &b->requests[j]);
                    }
                    MPI_Waitall(WINDOW, b->requests, MPI_STATUSES_IGNORE);
                    MPI_Send(&b->ack, 1, MPI_BYTE, b->peer, ACK_TAG, MPI_COMM_WORLD);
                }
                break;
            case BCAST:
                MPI_Bcast(b->sbuf, b->size, MPI_BYTE, ROOT, MPI_COMM_WORLD);
                break;
            case ALLREDUCE:
                MPI_Allreduce(b->sbuf, b->rbuf, b->size / 4, MPI_FLOAT, MPI_SUM, MPI_COMM_WORLD);
                break;
        }
    }
}

/* One iteration on fresh patterns, checked where the data land (after the timed calls, never before). */
static void validate(struct warmup *b, int round, int ranks) {
    if (!b->active) return;
    switch (b->test) {
        case BCAST:
            if (b->rank == ROOT) bench_fill(b->sbuf, b->size, round, ROOT);
            else memset(b->sbuf, 0, (size_t)b->size);
            run(b, 1);
            bench_check(b->sbuf, b->size, round, ROOT, NAME);
            break;
        case ALLREDUCE:
            bench_fill_floats((float *)b->sbuf, b->size / 4, round, b->rank);
            memset(b->rbuf, 0, (size_t)b->size);
            run(b, 1);
            bench_check_float_sum((const float *)b->rbuf, b->size / 4, round, ranks, NAME);
            break;
        default:
            bench_fill(b->sbuf, b->size, round, b->rank);
            memset(b->rbuf, 0, (size_t)b->size);
            run(b, 1);
            if (b->test != WINDOW_TEST || b->rank == 1) bench_check(b->rbuf, b->size, round, b->peer, NAME);
            break;
    }
}

int main(int argc, char **argv) {
    static const char *usage =
        "Usage: mpirun -np 2 warmup_bench [options]\n"
        "Cost of each of the first 10^5 calls of a pattern (log-spaced bins), then its steady cost after 10^6\n"
        "calls (window: 2 x 10^5 messages); C twin of WarmupBench.java.\n"
        "  --test pingpong|sendrecv|window|bcast|allreduce  Send/Recv 1 B (default), Sendrecv 1 B, windows of\n"
        "                         64 Isend/Irecv + Waitall of 64 KiB, Bcast 8 B, Allreduce 8 B (2 floats)\n"
        "  (message sizes are the pattern's, capped at --max; --min is not used; --calls follows from --test;\n"
        "  --jit-warmup: untimed calls before the first bin; --iters-scale scales the binned and steady calls)\n";
    struct bench_options o = bench_init(&argc, &argv, NAME, usage, 1, 1L << 16, 0, "--test", "pingpong");
    struct warmup b = {0};
    int ranks, t;
    MPI_Comm_rank(MPI_COMM_WORLD, &b.rank);
    MPI_Comm_size(MPI_COMM_WORLD, &ranks);
    for (t = 0; t < 5 && strcmp(o.choice, tests[t]); t++) {}
    if (t == 5) bench_fail(NAME, "--test must be one of pingpong|sendrecv|window|bcast|allreduce");
    if (ranks < 2) bench_fail(NAME, "needs at least 2 ranks");
    b.test = (enum test)t;
    o.nonblocking = b.test == WINDOW_TEST;
    int collective = b.test == BCAST || b.test == ALLREDUCE;
    b.active = collective || b.rank < 2;
    b.peer = 1 - b.rank;
    long wanted = b.test == WINDOW_TEST ? 1L << 16 : b.test == PINGPONG || b.test == SENDRECV ? 1 : 8;
    long cap = o.max > (b.test == ALLREDUCE ? 8 : 1) ? o.max : (b.test == ALLREDUCE ? 8 : 1);
    b.size = (int)(wanted < cap ? wanted : cap);
    b.sbuf = bench_alloc(&o, (size_t)b.size);
    b.rbuf = bench_alloc(&o, (size_t)b.size);

    long per = b.test == PINGPONG ? 2 : b.test == WINDOW_TEST ? WINDOW : 1;
    long iterations = bench_scaled(&o, BINNED_CALLS) / per;
    if (iterations < 1) iterations = 1;
    long e[MAX_EDGES];
    int n = edges(iterations, e);
    double bins[MAX_EDGES], slowest[MAX_EDGES];
    run(&b, o.jit_warmup / per);
    double previous = bench_now_ns();
    for (int i = 1; i < n; i++) {
        run(&b, e[i] - e[i - 1]);
        double now = bench_now_ns();
        bins[i - 1] = now - previous;
        previous = now;
    }
    validate(&b, 0, ranks);
    long steady = bench_scaled(&o, b.test == WINDOW_TEST ? STEADY_MESSAGES : STEADY_CALLS) / per / 2;
    if (steady < 1) steady = 1;
    run(&b, steady);
    double t0 = bench_now_ns();
    run(&b, steady);
    double steady_ns = bench_now_ns() - t0, slowest_steady;
    validate(&b, 1, ranks);

    MPI_Allreduce(bins, slowest, n - 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
    MPI_Allreduce(&steady_ns, &slowest_steady, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
    if (b.rank == 0) {
        char bench[32];
        int shown = collective ? ranks : 2;
        printf(BENCH_CSV_HEADER "\n");
        snprintf(bench, sizeof bench, "warmup-%s", tests[t]);
        for (int i = 1; i < n; i++) {
            double us = slowest[i - 1] / 1e3 / ((e[i] - e[i - 1]) * per);
            bench_print(&o, bench, shown, b.size, e[i] * per, us, b.size / us);
        }
        snprintf(bench, sizeof bench, "steady-%s", tests[t]);
        double us = slowest_steady / 1e3 / (steady * per);
        bench_print(&o, bench, shown, b.size, steady * per, us, b.size / us);
    }
    free(b.sbuf);
    free(b.rbuf);
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Finalize();
    return 0;
}
