/*
 * p2p_bench.c: the C twin of bench/java/P2pBench.java (OSU-style latency, bw and bibw between ranks 0 and 1).
 * It must stay the same benchmark: same sizes, iteration and warm-up counts, validation and CSV; see the Java
 * file for what each test does.
 *
 *   mpicc.openmpi -O2 -o p2p_bench bench/c/p2p_bench.c
 *   mpirun.openmpi -np 2 --bind-to core ./p2p_bench --test bw [--calls nonblocking] [--buffer c-thp]
 */
#include "bench_common.h"

#define NAME "p2p_bench"
#define WINDOW 64
/* The second JIT warm-up's size, as the Java twin's LARGE_WARMUP_SIZE (which says why). */
#define LARGE_WARMUP_SIZE (64L << 10)
#define TAG 1
#define ACK_TAG 2
#define DEFAULT_MAX (4L << 20)
#define JIT_WARMUP 4000000L /* as the Java twin, which needs it for its JIT */

enum test { LATENCY, BW, BIBW };

struct p2p {
    enum test test;
    int nonblocking, rank, peer;
    unsigned char *sbuf, *rbuf, ack;
    MPI_Request requests[2 * WINDOW];
};

static long clamp(long v, long lo, long hi) {
    return v < lo ? lo : v > hi ? hi : v;
}

/* Bytes one iteration sends each way: a message, or a window of them (an empty message counts as 1). */
static long bytes_per_iteration(const struct p2p *b, long size) {
    return (b->test == LATENCY ? 1 : WINDOW) * (size > 0 ? size : 1);
}

/* Timed iterations (round trips or windows): a stable mean at small sizes, about 1 GiB each way at large ones. */
static long iterations(const struct p2p *b, long size) {
    long per = bytes_per_iteration(b, size);
    return b->test == LATENCY ? clamp((1L << 30) / per, 50, 100000) : clamp((1L << 30) / per, 4, 2000);
}

/* Warm-up iterations of each size: ~1e5 messages at small sizes, down to a few at the largest. Never scaled. */
static long warmups(const struct p2p *b, long size) {
    long per = bytes_per_iteration(b, size);
    return b->test == LATENCY ? clamp((1L << 26) / per, 10, 100000) : clamp((1L << 26) / per, 2, 2000);
}

static void latency(struct p2p *b, int size, long n) {
    for (long i = 0; i < n; i++) {
        if (b->nonblocking) {
            MPI_Request r;
            if (b->rank == 0) {
                MPI_Isend(b->sbuf, size, MPI_BYTE, b->peer, TAG, MPI_COMM_WORLD, &r);
                MPI_Wait(&r, MPI_STATUS_IGNORE);
                MPI_Irecv(b->rbuf, size, MPI_BYTE, b->peer, TAG, MPI_COMM_WORLD, &r);
                MPI_Wait(&r, MPI_STATUS_IGNORE);
            } else {
                MPI_Irecv(b->rbuf, size, MPI_BYTE, b->peer, TAG, MPI_COMM_WORLD, &r);
                MPI_Wait(&r, MPI_STATUS_IGNORE);
                MPI_Isend(b->sbuf, size, MPI_BYTE, b->peer, TAG, MPI_COMM_WORLD, &r);
                MPI_Wait(&r, MPI_STATUS_IGNORE);
            }
        } else if (b->rank == 0) {
            MPI_Send(b->sbuf, size, MPI_BYTE, b->peer, TAG, MPI_COMM_WORLD);
            MPI_Recv(b->rbuf, size, MPI_BYTE, b->peer, TAG, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        } else {
            MPI_Recv(b->rbuf, size, MPI_BYTE, b->peer, TAG, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            MPI_Send(b->sbuf, size, MPI_BYTE, b->peer, TAG, MPI_COMM_WORLD);
        }
    }
}

static void bandwidth(struct p2p *b, int size, long n) {
    for (long i = 0; i < n; i++) {
        if (b->rank == 0) {
            for (int j = 0; j < WINDOW; j++) {
                if (b->nonblocking) MPI_Isend(b->sbuf, size, MPI_BYTE, b->peer, TAG, MPI_COMM_WORLD, &b->requests[j]);
                else MPI_Send(b->sbuf, size, MPI_BYTE, b->peer, TAG, MPI_COMM_WORLD);
            }
            if (b->nonblocking) MPI_Waitall(WINDOW, b->requests, MPI_STATUSES_IGNORE);
            MPI_Recv(&b->ack, 1, MPI_BYTE, b->peer, ACK_TAG, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        } else {
            for (int j = 0; j < WINDOW; j++) {
                if (b->nonblocking) MPI_Irecv(b->rbuf, size, MPI_BYTE, b->peer, TAG, MPI_COMM_WORLD, &b->requests[j]);
                else MPI_Recv(b->rbuf, size, MPI_BYTE, b->peer, TAG, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            }
            if (b->nonblocking) MPI_Waitall(WINDOW, b->requests, MPI_STATUSES_IGNORE);
            MPI_Send(&b->ack, 1, MPI_BYTE, b->peer, ACK_TAG, MPI_COMM_WORLD);
        }
    }
}

static void bidirectional(struct p2p *b, int size, long n) {
    for (long i = 0; i < n; i++) {
        if (b->nonblocking) {
            for (int j = 0; j < WINDOW; j++) {
                MPI_Irecv(b->rbuf, size, MPI_BYTE, b->peer, TAG, MPI_COMM_WORLD, &b->requests[j]);
            }
            for (int j = 0; j < WINDOW; j++) {
                MPI_Isend(b->sbuf, size, MPI_BYTE, b->peer, TAG, MPI_COMM_WORLD, &b->requests[WINDOW + j]);
            }
            MPI_Waitall(2 * WINDOW, b->requests, MPI_STATUSES_IGNORE);
        } else {
            for (int j = 0; j < WINDOW; j++) {
                MPI_Sendrecv(b->sbuf, size, MPI_BYTE, b->peer, TAG, b->rbuf, size, MPI_BYTE, b->peer, TAG,
                             MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            }
        }
    }
}

static void run(struct p2p *b, int size, long n) {
    switch (b->test) {
        case LATENCY: latency(b, size, n); break;
        case BW: bandwidth(b, size, n); break;
        case BIBW: bidirectional(b, size, n); break;
    }
}

/* One iteration through the timed code with patterned data; a rank that received checks its peer's pattern. */
static void validate(struct p2p *b, int size, int round) {
    bench_fill(b->sbuf, size, round, b->rank);
    memset(b->rbuf, 0, (size_t)(unsigned)size);
    run(b, size, 1);
    if (b->test != BW || b->rank == 1) bench_check(b->rbuf, size, round, b->peer, NAME);
}

int main(int argc, char **argv) {
    static const char *usage =
        "Usage: mpirun -np 2 p2p_bench [options]\n"
        "OSU-style point-to-point benchmarks between ranks 0 and 1 (other ranks wait); C twin of P2pBench.java.\n"
        "  --test latency|bw|bibw ping-pong latency (default), bandwidth of windows of 64 messages,\n"
        "                         or bidirectional bandwidth\n"
        "  (--jit-warmup counts round trips for latency, messages in windows for bw and bibw; after\n"
        "  it, a 64 KiB case moves up to 4 GiB, at most as many iterations, before the first size)\n";
    struct bench_options o = bench_init(&argc, &argv, NAME, usage, 1, DEFAULT_MAX, JIT_WARMUP, "--test", "latency");
    struct p2p b = {0};
    int ranks;
    MPI_Comm_rank(MPI_COMM_WORLD, &b.rank);
    MPI_Comm_size(MPI_COMM_WORLD, &ranks);
    if (!strcmp(o.choice, "latency")) b.test = LATENCY;
    else if (!strcmp(o.choice, "bw")) b.test = BW;
    else if (!strcmp(o.choice, "bibw")) b.test = BIBW;
    else bench_fail(NAME, "--test must be one of latency|bw|bibw");
    if (ranks < 2) bench_fail(NAME, "needs at least 2 ranks");

    if (b.rank < 2) {
        b.nonblocking = o.nonblocking;
        b.peer = 1 - b.rank;
        b.sbuf = bench_alloc(&o, (size_t)o.max);
        b.rbuf = bench_alloc(&o, (size_t)o.max);
        { const char *e = getenv("SHIFT"); size_t k = e ? strtoul(e, 0, 0) : 0; int r; MPI_Comm_rank(MPI_COMM_WORLD, &r); if (r == 1) { b.rbuf = (char *)bench_alloc(&o, (size_t)o.max + k) + k; } }
        if (b.rank == 0) printf(BENCH_CSV_HEADER "\n");
        long jit = b.test == LATENCY ? o.jit_warmup : o.jit_warmup / WINDOW;
        run(&b, o.max < 1 ? (int)o.max : 1, jit > 0 ? jit : 1);
        long large = o.max < LARGE_WARMUP_SIZE ? o.max : LARGE_WARMUP_SIZE;
        if (large > 1) {
            long m = (1L << 32) / bytes_per_iteration(&b, large);
            if (m > jit) m = jit;
            run(&b, (int)large, m > 0 ? m : 1);
        }
        for (long size = o.min; size <= o.max; size = bench_next_size(size)) {
            long n = bench_scaled(&o, iterations(&b, size));
            validate(&b, (int)size, 0);
            run(&b, (int)size, warmups(&b, size));
            double t0 = bench_now_ns();
            run(&b, (int)size, n);
            double t1 = bench_now_ns();
            validate(&b, (int)size, 1);
            if (b.rank == 0) {
                double us = (t1 - t0) / 1e3 / n / (b.test == LATENCY ? 2 : WINDOW);
                bench_print(&o, o.choice, ranks, size, n, us, (b.test == BIBW ? 2.0 : 1.0) * size / us);
            }
        }
        free(b.sbuf);
        free(b.rbuf);
    }
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Finalize();
    return 0;
}
