/*
 * natmpj_common: what every JNI library of the project needs, whatever its JNI side (SWIG-generated for libnatmpj,
 * hand-written for libnativempjdev). Built once per MPI flavour as a static, position-independent library with
 * hidden visibility and linked into each of them, so nothing here is exported and each library has its own copy.
 *
 * This header includes neither mpi.h nor jni.h: SWIG reads it (the part outside #ifndef SWIG becomes Java methods
 * of libnatmpj), and it is the API of the common library. handles.h adds what needs mpi.h.
 *
 * Files (src/main/c/common/):
 *   load.c     natmpj_common_on_load: libmpi promoted to RTLD_GLOBAL, the JVM's signals guarded; the flavour
 *   signals.c  the JVM-first signal handler in front of MPI's crash handlers
 *   ending.c   MPI_Abort after a pause, and the exit handler for a rank that exits before MPI_Finalize
 *   errors.c   MPI error strings (per-thread buffers) and classes, natmpj's own error codes
 *   status.c   an MPI_Status to and from the int slot block Java reads
 *
 * The functions are thread-safe under MPI_THREAD_MULTIPLE unless said otherwise.
 */
#ifndef NATMPJ_COMMON_H
#define NATMPJ_COMMON_H

#include <stdint.h>

/* Every MPI handle crosses the JNI boundary as a natmpj_handle: a pointer in Open MPI, an int in MPICH. */
typedef intptr_t natmpj_handle;

/* Errors found by natmpj itself rather than by MPI: negative so they never collide with MPI error classes. */
enum natmpj_error {
    NATMPJ_ERR_NO_BUFFER = -1    /* count > 0 but the JVM gave no address (pinning failed) */
};

/*
 * Layout of the per-thread int scratch a call fills with an MPI_Status (and Iprobe's flag). Besides the public
 * fields, the MPI_Status itself is copied whole, as NATMPJ_STATUS_RAW_LONGS opaque longs: Java keeps them and hands
 * them back for Get_count/Get_elements/Test_cancelled, so a receive makes no extra MPI call for them.
 */
enum natmpj_status_slot {
    NATMPJ_STATUS_SOURCE, NATMPJ_STATUS_TAG, NATMPJ_STATUS_ERROR, NATMPJ_STATUS_FLAG,
    NATMPJ_STATUS_RAW,                                          /* 8-byte aligned: int slot 4 is byte 16 */
    NATMPJ_STATUS_RAW_LONGS = 4,
    NATMPJ_STATUS_SLOTS = 12                                    /* RAW + 2 * RAW_LONGS, checked in status.c */
};

/* load.c: identity and load-time state. */
const char *natmpj_flavour(void);    /* "openmpi", "mpich" or "unknown", decided at compile time */
const char *natmpj_load_error(void); /* "" when libmpi was promoted to RTLD_GLOBAL, else why not */

/* errors.c. The string is the calling thread's own buffer (or a literal), valid until its next call. */
const char *natmpj_error_string(int code);
int natmpj_error_class(int code);

/* ending.c */
int natmpj_abort(natmpj_handle comm, int code); /* MPI_Abort, after letting the rank's output drain */
int natmpj_guard_exit(void); /* once MPI is initialized: an early exit says so; status 0 aborts the job */

#ifndef SWIG
/*
 * For each library's JNI_OnLoad, before anything else: promotes the libmpi this library was linked against to
 * RTLD_GLOBAL (Open MPI's plugins resolve libmpi's symbols globally, but the JVM loads JNI libraries RTLD_LOCAL)
 * and puts the JVM-first signal handler in front of whatever libmpi's dependencies installed as they loaded.
 * Returns 0, or -1 when libmpi could not be promoted (natmpj_load_error says why; MPI_Init may then fail).
 */
int natmpj_common_on_load(void);

/* signals.c: puts natmpj's JVM-first handler in front of SIGSEGV/SIGBUS/SIGFPE/SIGILL. Call wherever MPI may have
 * installed its own handlers: at load (natmpj_common_on_load does) and right after MPI_Init/MPI_Init_thread. */
void natmpj_guard_jvm_signals(void);
#endif

#endif
