/*
 * scale_bench.c: the C twin of bench/java/ScaleBench.java (ci/bench --suites scale, bench/tools/scale): the same
 * rounds of collectives (Allreduce and Bcast of 1024 doubles, Alltoall of one int, Allgather of a 16-byte record)
 * with 16 KiB blocks malloc'd, touched and freed in between (--churn-mb MB in all), and the same CSV line from rank
 * 0: what the MPI itself costs a process at that many ranks (memory, threads, CPU time up to the end of MPI_Init).
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <unistd.h>

static long status_field(const char *file, const char *key) {
    char line[256];
    long v = -1;
    FILE *f = fopen(file, "r");
    if (!f) return -1;
    while (fgets(line, sizeof line, f)) {
        if (strncmp(line, key, strlen(key)) == 0) {
            v = strtol(line + strlen(key), NULL, 10);
            break;
        }
    }
    fclose(f);
    return v;
}

static long cpu_ms(void) {
    struct rusage u;
    getrusage(RUSAGE_SELF, &u);
    return (u.ru_utime.tv_sec + u.ru_stime.tv_sec) * 1000L + (u.ru_utime.tv_usec + u.ru_stime.tv_usec) / 1000;
}

static int cmp_long(const void *a, const void *b) {
    long x = *(const long *)a, y = *(const long *)b;
    return (x > y) - (x < y);
}

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    long init_cpu = cpu_ms(), threads_init = status_field("/proc/self/status", "Threads:");
    long churn_mb = 256, launch_ms = 0;
    int rounds = 16, rank, size;
    for (int i = 1; i + 1 < argc; i += 2) {
        if (!strcmp(argv[i], "--churn-mb")) churn_mb = atol(argv[i + 1]);
        else if (!strcmp(argv[i], "--rounds")) rounds = atoi(argv[i + 1]);
        else if (!strcmp(argv[i], "--launch-ms")) launch_ms = atol(argv[i + 1]);
        else { fprintf(stderr, "scale_bench: unknown option %s\n", argv[i]); MPI_Abort(MPI_COMM_WORLD, 2); }
    }
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    double x[1024], y[1024];
    int *out = malloc(size * sizeof(int)), *in = malloc(size * sizeof(int));
    struct { int rank, pad; double value; } mine, *all = malloc(size * sizeof(mine));
    long sink = 0;
    for (int r = 0; r < rounds; r++) {
        for (long done = 0; done < (churn_mb << 20) / rounds; done += 1 << 14) {
            volatile char *junk = malloc(1 << 14);
            memset((char *)junk, 1, 1 << 14);
            sink += junk[7];
            free((char *)junk);
        }
        for (int i = 0; i < 1024; i++) x[i] = rank + r;
        MPI_Allreduce(x, y, 1024, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
        if (y[0] != (double)size * (size - 1) / 2 + (double)size * r) MPI_Abort(MPI_COMM_WORLD, 3);
        MPI_Bcast(y, 1024, MPI_DOUBLE, r % size, MPI_COMM_WORLD);
        for (int i = 0; i < size; i++) out[i] = rank;
        MPI_Alltoall(out, 1, MPI_INT, in, 1, MPI_INT, MPI_COMM_WORLD);
        if (in[size - 1] != size - 1) MPI_Abort(MPI_COMM_WORLD, 3);
        mine.rank = rank;
        mine.value = rank * 0.5;
        MPI_Allgather(&mine, sizeof mine, MPI_BYTE, all, sizeof mine, MPI_BYTE, MPI_COMM_WORLD);
        if (all[size - 1].rank != size - 1) MPI_Abort(MPI_COMM_WORLD, 3);
    }
    struct timeval now;
    gettimeofday(&now, NULL);
    long me[7] = {getpid(), status_field("/proc/self/status", "VmHWM:"),
                  status_field("/proc/self/smaps_rollup", "Pss:"), threads_init,
                  status_field("/proc/self/status", "Threads:"), init_cpu,
                  launch_ms > 0 ? now.tv_sec * 1000L + now.tv_usec / 1000 - launch_ms : 0};
    long *every = malloc(7 * size * sizeof(long));
    MPI_Gather(me, 7, MPI_LONG, every, 7, MPI_LONG, 0, MPI_COMM_WORLD);
    if (rank == 0) {
        long hwm_max = 0, hwm_sum = 0, pss_sum = 0, thr_init = 0, thr_end = 0, cpu_max = 0, end = 0;
        long *cpus = malloc(size * sizeof(long));
        for (int r = 0; r < size; r++) {
            long *o = every + 7 * r;
            hwm_max = o[1] > hwm_max ? o[1] : hwm_max;
            hwm_sum += o[1]; /* one process a rank */
            pss_sum += o[2];
            thr_init = o[3] > thr_init ? o[3] : thr_init;
            thr_end = o[4] > thr_end ? o[4] : thr_end;
            cpus[r] = o[5];
            cpu_max = o[5] > cpu_max ? o[5] : cpu_max;
            end = o[6] > end ? o[6] : end;
        }
        qsort(cpus, size, sizeof(long), cmp_long);
        printf("ranks,processes,hwm_max_kib,hwm_sum_kib,pss_sum_kib,threads_init_max,threads_end_max,"
               "init_cpu_max_ms,init_cpu_median_ms,finalize_ms\n");
        printf("%d,%d,%ld,%ld,%ld,%ld,%ld,%ld,%ld,%ld\n", size, size, hwm_max, hwm_sum, pss_sum, thr_init, thr_end,
               cpu_max, cpus[size / 2], end);
        free(cpus);
    }
    free(every);
    free(out);
    free(in);
    free(all);
    MPI_Finalize();
    return sink == -1;
}
