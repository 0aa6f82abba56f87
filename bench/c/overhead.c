/*
 * overhead.c: the C twin of bench/jmh (natmpj.bench.Overhead). Times MPI calls that do (almost) no communication,
 * inside one rank, so that Java minus C is what the binding adds per call. Same calls, same names, same MPI set-up
 * as the Java side: MPI_Init_thread(MPI_THREAD_FUNNELED), MPI_ERRORS_RETURN on MPI_COMM_WORLD and MPI_COMM_SELF, a
 * real MPI_Status wherever natmpj passes one.
 *
 * Each call runs in batches, timed with clock_gettime(CLOCK_MONOTONIC): --warmup batches, then --batches measured
 * ones. A batch lasts about --batch-us (1 ms by default; its number of calls is calibrated per call), as long as one
 * JMH iteration of the Java side: on a shared machine most such windows pass without the rank being descheduled,
 * and the median over them is the undisturbed cost (a 4 ms scheduler tick lost in a 10 ms window would add 40%).
 * CSV on stdout (rank 0): impl,call,ns_per_call,error_ns with the median ns per call over the measured batches and
 * half their interquartile range; on stderr, per call, the quartiles, min and max, and a line
 * "overhead: samples <call> <ns>,<ns>,..." with every batch's ns per call.
 *
 * Build: mpicc.<flavour> -O2 -o overhead bench/c/overhead.c; run: mpirun.<flavour> -np 1 ./overhead.
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define UNSENT_TAG 77

static MPI_Request completed = MPI_REQUEST_NULL; /* what a Java Request holds once it has completed */
static MPI_Request pending = MPI_REQUEST_NULL;   /* a receive nothing will ever match */
static char send_buf[16], recv_buf[16], pending_buf[1];
static volatile long sink; /* results go here so that no call can be dropped */

static void call_rank(long n) {
    long s = 0;
    for (long i = 0; i < n; i++) { int r; MPI_Comm_rank(MPI_COMM_WORLD, &r); s += r; }
    sink += s;
}

static void call_size(long n) {
    long s = 0;
    for (long i = 0; i < n; i++) { int r; MPI_Comm_size(MPI_COMM_WORLD, &r); s += r; }
    sink += s;
}

static void call_iprobe(long n) {
    long s = 0;
    MPI_Status st;
    for (long i = 0; i < n; i++) {
        int flag;
        MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &flag, &st);
        s += flag;
    }
    sink += s;
}

static void call_test(long n) {
    long s = 0;
    MPI_Status st;
    for (long i = 0; i < n; i++) { int flag; MPI_Test(&completed, &flag, &st); s += flag; }
    sink += s;
}

static void call_test_pending(long n) {
    long s = 0;
    MPI_Status st;
    for (long i = 0; i < n; i++) { int flag; MPI_Test(&pending, &flag, &st); s += flag; }
    sink += s;
}

/* Java has two variants (byte[] and direct ByteBuffer); in C both are plain pointers: the same code, timed twice. */
static void sendrecv_procnull(long n, int count) {
    long s = 0;
    MPI_Status st;
    for (long i = 0; i < n; i++) {
        MPI_Sendrecv(send_buf, count, MPI_BYTE, MPI_PROC_NULL, 0, recv_buf, count, MPI_BYTE, MPI_PROC_NULL, 0,
                     MPI_COMM_WORLD, &st);
        s += st.MPI_SOURCE;
    }
    sink += s;
}

static void call_sendrecv_procnull(long n) { sendrecv_procnull(n, 0); }
static void call_sendrecv_procnull_1(long n) { sendrecv_procnull(n, 1); }

static void call_query_thread(long n) {
    long s = 0;
    for (long i = 0; i < n; i++) { int level; MPI_Query_thread(&level); s += level; }
    sink += s;
}

static void call_wtime(long n) {
    double s = 0;
    for (long i = 0; i < n; i++) s += MPI_Wtime();
    sink += (long)s;
}

static const struct {
    const char *name;
    void (*run)(long n);
} CALLS[] = {
    {"rank", call_rank},
    {"size", call_size},
    {"iprobe", call_iprobe},
    {"test", call_test},
    {"test_pending", call_test_pending},
    {"sendrecv_procnull_array", call_sendrecv_procnull},
    {"sendrecv_procnull_direct", call_sendrecv_procnull},
    {"sendrecv_procnull_array_1", call_sendrecv_procnull_1},
    {"sendrecv_procnull_direct_1", call_sendrecv_procnull_1},
    {"query_thread", call_query_thread},
    {"wtime", call_wtime},
};
#define NCALLS (sizeof CALLS / sizeof CALLS[0])

static double now_ns(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e9 + t.tv_nsec;
}

/* Calls per batch for a batch of about target_ns: doubled until a batch lasts that long, then scaled down. */
static long calibrate(void (*run)(long n), double target_ns) {
    long n = 16;
    for (;;) {
        double t0 = now_ns();
        run(n);
        double t = now_ns() - t0;
        if (t >= target_ns || n >= 1000000000L / 2) {
            long scaled = (long)(n * (target_ns / t));
            return scaled > 0 ? scaled : 1;
        }
        n *= 2;
    }
}

static int by_value(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* Linear interpolation between the order statistics of sorted v[0..n-1]. */
static double quantile(const double *v, int n, double q) {
    double pos = q * (n - 1);
    int i = (int)pos;
    return i + 1 < n ? v[i] + (pos - i) * (v[i + 1] - v[i]) : v[n - 1];
}

static void usage(FILE *out) {
    fprintf(out,
            "Usage: mpirun -np 1 overhead [options]\n"
            "Times MPI calls inside one rank (the C twin of natmpj's JMH benchmark natmpj.bench.Overhead).\n"
            "  --calls LIST    comma-separated subset of the calls (default all):\n"
            "                  rank size iprobe test test_pending sendrecv_procnull_array sendrecv_procnull_direct\n"
            "                  sendrecv_procnull_array_1 sendrecv_procnull_direct_1 query_thread wtime\n"
            "                  (iprobe: nothing pending; test: MPI_REQUEST_NULL, i.e. a request that has completed;\n"
            "                  test_pending: a receive nothing sends to; sendrecv_procnull_*: 0 bytes (_1: 1 byte) to\n"
            "                  and from MPI_PROC_NULL, the same code timed twice for Java's byte[] and direct\n"
            "                  variants)\n"
            "  --batch-us T    length of a timed batch in microseconds (default 1000); the number of calls per\n"
            "                  batch is calibrated for each call to last about that long\n"
            "  --batch N       fixed number of calls per batch instead (no calibration)\n"
            "  --warmup N      untimed batches before the measured ones (default 30)\n"
            "  --batches N     measured batches (default 300)\n"
            "  --impl NAME     first CSV column (default c)\n"
            "  --help          this text\n"
            "CSV on stdout: impl,call,ns_per_call,error_ns (median over the batches, half the interquartile range)\n");
}

static long parse_count(const char *s) {
    char *end;
    long v = strtol(s, &end, 10);
    return *s && !*end && v > 0 && v <= 1000000000L ? v : -1;
}

static int selected(const char *list, const char *name) {
    if (!list) return 1;
    size_t len = strlen(name);
    for (const char *p = list; *p;) {
        const char *comma = strchr(p, ',');
        size_t n = comma ? (size_t)(comma - p) : strlen(p);
        if (n == len && !strncmp(p, name, n)) return 1;
        p += n + (comma != NULL);
    }
    return 0;
}

static int known_calls(const char *list) {
    for (const char *p = list; *p;) {
        const char *comma = strchr(p, ',');
        size_t n = comma ? (size_t)(comma - p) : strlen(p);
        int found = 0;
        for (size_t c = 0; c < NCALLS; c++) found |= strlen(CALLS[c].name) == n && !strncmp(p, CALLS[c].name, n);
        if (!found) return 0;
        p += n + (comma != NULL);
    }
    return 1;
}

int main(int argc, char **argv) {
    int provided, rank;
    MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    MPI_Comm_set_errhandler(MPI_COMM_SELF, MPI_ERRORS_RETURN);

    const char *calls = NULL, *impl = "c";
    long fixed_batch = 0, batch_us = 1000, warmup = 30, batches = 300;
    int help = 0, bad = 0;
    for (int i = 1; i < argc && !bad && !help; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) { help = 1; continue; }
        if (!v) { bad = 1; break; }
        i++;
        if (!strcmp(a, "--calls")) bad = !known_calls(calls = v);
        else if (!strcmp(a, "--batch")) bad = (fixed_batch = parse_count(v)) < 0;
        else if (!strcmp(a, "--batch-us")) bad = (batch_us = parse_count(v)) < 0 || batch_us > 10000000;
        else if (!strcmp(a, "--warmup")) bad = (warmup = parse_count(v)) < 0;
        else if (!strcmp(a, "--batches")) bad = (batches = parse_count(v)) < 0 || batches > 100000;
        else if (!strcmp(a, "--impl")) impl = v;
        else bad = 1;
    }
    if (help || bad) {
        if (rank == 0) {
            if (bad) fprintf(stderr, "overhead: bad or incomplete option (see --help)\n");
            usage(bad ? stderr : stdout);
        }
        MPI_Finalize();
        return bad ? 2 : 0;
    }

    /* A completed request, and a receive that never matches, as the Java benchmark sets them up. */
    char one = 42, got = 0;
    MPI_Request recv;
    MPI_Irecv(&got, 1, MPI_BYTE, 0, 1, MPI_COMM_SELF, &recv);
    MPI_Isend(&one, 1, MPI_BYTE, 0, 1, MPI_COMM_SELF, &completed);
    MPI_Wait(&recv, MPI_STATUS_IGNORE);
    MPI_Wait(&completed, MPI_STATUS_IGNORE);
    MPI_Irecv(pending_buf, 1, MPI_BYTE, 0, UNSENT_TAG, MPI_COMM_SELF, &pending);
    int flag = 1;
    MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &flag, MPI_STATUS_IGNORE);
    if (got != 42 || completed != MPI_REQUEST_NULL || flag) {
        fprintf(stderr, "overhead: set-up failed (self message %d, completed request %s, message pending %d)\n", got,
                completed == MPI_REQUEST_NULL ? "null" : "not null", flag);
        MPI_Abort(MPI_COMM_WORLD, 1);
    }

    double *ns = malloc(batches * sizeof *ns);
    if (rank == 0) printf("impl,call,ns_per_call,error_ns\n");
    for (size_t c = 0; c < NCALLS; c++) {
        if (!selected(calls, CALLS[c].name)) continue;
        long batch = fixed_batch ? fixed_batch : calibrate(CALLS[c].run, batch_us * 1e3);
        for (long b = 0; b < warmup; b++) CALLS[c].run(batch);
        for (long b = 0; b < batches; b++) {
            double t0 = now_ns();
            CALLS[c].run(batch);
            ns[b] = (now_ns() - t0) / batch;
        }
        qsort(ns, batches, sizeof *ns, by_value);
        double median = quantile(ns, batches, 0.5);
        double spread = (quantile(ns, batches, 0.75) - quantile(ns, batches, 0.25)) / 2;
        if (rank == 0) {
            printf("%s,%s,%.3f,%.3f\n", impl, CALLS[c].name, median, spread);
            fprintf(stderr, "overhead: %-26s median %8.3f ns, quartiles %8.3f %8.3f, min %8.3f, max %8.3f"
                    " (%ld batches of %ld calls)\n", CALLS[c].name, median, quantile(ns, batches, 0.25),
                    quantile(ns, batches, 0.75), ns[0], ns[batches - 1], batches, batch);
            /* every batch, for whoever pools several runs (bench/tools/overhead) */
            fprintf(stderr, "overhead: samples %s ", CALLS[c].name);
            for (long b = 0; b < batches; b++) fprintf(stderr, "%s%.3f", b ? "," : "", ns[b]);
            fprintf(stderr, "\n");
            fflush(stdout);
        }
    }
    free(ns);

    MPI_Cancel(&pending);
    MPI_Status st;
    MPI_Wait(&pending, &st);
    int cancelled = 0;
    MPI_Test_cancelled(&st, &cancelled);
    if (!cancelled) {
        fprintf(stderr, "overhead: the unmatched receive was not cancelled\n");
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    MPI_Finalize();
    return 0;
}
