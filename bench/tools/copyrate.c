/*
 * The C half of bench/tools/copyrate: memcpy between the same kinds of memory as natmpj's staging copy. The "array"
 * is malloc'd and, with --huge, advised for transparent huge pages (what -XX:+UseTransparentHugePages gives the Java
 * heap); the staging block is allocated as staging.c's natmpj_alloc does (64-byte aligned; from 2 MiB on, 2 MiB
 * aligned and MADV_HUGEPAGE). Arguments: [--huge] repetitions, then sizes in bytes. Prints "c SIZE in|out GB/s"
 * per repetition, like CopyRate.java: the best of the rounds in that repetition.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>

#define HUGE_PAGE ((size_t)2 << 20)

static void *staging_alloc(size_t n) {
    void *p = NULL;
    if (n >= HUGE_PAGE) {
        n = (n + HUGE_PAGE - 1) & ~(HUGE_PAGE - 1);
        if (posix_memalign(&p, HUGE_PAGE, n) != 0) return NULL;
        madvise(p, n, MADV_HUGEPAGE);
    } else if (posix_memalign(&p, 64, n) != 0) {
        return NULL;
    }
    return p;
}

static long now_ns(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1000000000L + t.tv_nsec;
}

int main(int argc, char **argv) {
    int a = 1, huge = 0;
    if (a < argc && strcmp(argv[a], "--huge") == 0) { huge = 1; a++; }
    if (a >= argc) { fprintf(stderr, "usage: copyrate-c [--huge] REPS SIZE...\n"); return 2; }
    int reps = atoi(argv[a++]);
    for (; a < argc; a++) {
        size_t bytes = strtoull(argv[a], NULL, 10);
        char *array = NULL;
        /* The JVM's heap: 4 KiB pages, or with --huge THP-advised like -XX:+UseTransparentHugePages. */
        if (posix_memalign((void **)&array, huge ? HUGE_PAGE : 4096, bytes) != 0) return 1;
        if (huge) madvise(array, bytes, MADV_HUGEPAGE);
        memset(array, 1, bytes);
        long rounds = (256L << 20) / (long)bytes;
        if (rounds < 8) rounds = 8;
        /* One staging block, reused as natmpj's pool reuses it after the first request. */
        char *staging = staging_alloc(bytes);
        if (!staging) return 1;
        for (int rep = -3; rep < reps; rep++) { /* three warm-up repetitions, as the Java side */
            long in = -1, out = -1;
            for (long r = 0; r < rounds; r++) {
                long t0 = now_ns();
                memcpy(staging, array, bytes);
                __asm__ volatile("" ::: "memory");
                long t1 = now_ns();
                memcpy(array, staging, bytes);
                __asm__ volatile("" ::: "memory");
                long t2 = now_ns();
                if (in < 0 || t1 - t0 < in) in = t1 - t0;
                if (out < 0 || t2 - t1 < out) out = t2 - t1;
            }
            if (rep < 0) continue;
            printf("c %zu in %.3f\n", bytes, bytes / (double)in);
            printf("c %zu out %.3f\n", bytes, bytes / (double)out);
        }
        free(staging);
        free(array);
    }
    return 0;
}
