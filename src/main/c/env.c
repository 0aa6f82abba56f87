/*
 * The MPI environment: start and end, thread levels, time, the processor's name and the library's version.
 *
 * The strings MPI writes into a caller's buffer are handed out as char*, which the JNI glue turns into a Java
 * String at once on the same thread. A static buffer was shared by every thread calling at once under
 * MPI_THREAD_MULTIPLE: the processor name now has a per-thread buffer, the library version is read once.
 */
#include <pthread.h>
#include "internal.h"
#include "env.h"

int natmpj_init_thread(int required, int *provided) {
    natmpj_rma_before_init();
    int rc = MPI_Init_thread(NULL, NULL, required, provided);
    natmpj_guard_jvm_signals(); /* MPI_Init may have installed crash handlers over the JVM's */
    return rc;
}

/* The barrier first: MPICH 4.0 on UCX hangs in MPI_Finalize in about half of 4-rank runs when a rendezvous send
 * that no receive matched is still in flight while its destination already finalizes (an erroneous program, but
 * natmpj promises it a report, not a hang). Once every rank is here, every such send has been issued; 0 hangs in 27
 * runs after, 15 of them with the cores busy. MPI_Finalize is collective anyway, so the barrier costs one round. */
int natmpj_finalize(void) {
    int barrier = MPI_Barrier(MPI_COMM_WORLD);
    int rc = MPI_Finalize();
    return rc != MPI_SUCCESS ? rc : barrier;
}

int natmpj_initialized(void) {
    int flag = 0;
    MPI_Initialized(&flag);
    return flag;
}

int natmpj_finalized(void) {
    int flag = 0;
    MPI_Finalized(&flag);
    return flag;
}

int natmpj_is_thread_main(void) {
    int flag = 0;
    MPI_Is_thread_main(&flag);
    return flag;
}

int natmpj_query_thread(void) {
    int level = MPI_THREAD_SINGLE;
    MPI_Query_thread(&level);
    return level;
}

double natmpj_wtime(void) { return MPI_Wtime(); }
double natmpj_wtick(void) { return MPI_Wtick(); }

const char *natmpj_processor_name(void) {
    static _Thread_local char name[MPI_MAX_PROCESSOR_NAME];
    int len = 0;
    if (MPI_Get_processor_name(name, &len) != MPI_SUCCESS) return NULL;
    return name;
}

/* The version never changes, so it is read once for the process and only read afterwards. A _Thread_local buffer
 * would cost MPI_MAX_LIBRARY_VERSION_STRING (8 KiB in MPICH) in every thread that touches any of the library's
 * per-thread buffers (a library's TLS block is allocated whole). */
static char library_version[MPI_MAX_LIBRARY_VERSION_STRING];
static pthread_once_t library_version_once = PTHREAD_ONCE_INIT;

static void read_library_version(void) {
    int len = 0;
    if (MPI_Get_library_version(library_version, &len) != MPI_SUCCESS) library_version[0] = '\0';
}

const char *natmpj_library_version(void) {
    pthread_once(&library_version_once, read_library_version);
    return library_version;
}
