/*
 * The FFM side of bench/jmh-ffm: natmpj's own C layer for the calls measured (pt2pt.c and common/status.c are
 * compiled into this library by bench/tools/ffm-vs-jni, with default visibility), plus the one-line env calls.
 * A JNI call and an FFM downcall thus run the very same C function after their transitions.
 */
#include <mpi.h>

int ffm_query_thread(void) {
    int level = 0;
    MPI_Query_thread(&level);
    return level;
}

double ffm_wtime(void) { return MPI_Wtime(); }
