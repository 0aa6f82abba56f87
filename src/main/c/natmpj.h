/*
 * natmpj's C layer: the only code that includes mpi.h.
 *
 * Rules that keep the JNI side safe and ABI-neutral:
 *  - Every MPI handle crosses the boundary as natmpj_handle (intptr_t): a pointer in Open MPI, an int in MPICH.
 *  - No function here makes a JNI call: buffers may be pinned (GetPrimitiveArrayCritical) while they run.
 *  - Functions that can fail return an MPI error code (MPI_SUCCESS == 0) or a NATMPJ_ERR_* code (< 0),
 *    and Java turns it into an exception after every pinned array has been released.
 *  - Buffers arrive as (array, direct) pairs, exactly one non-NULL (or both NULL for an empty message), plus a
 *    byte offset computed and range-checked in Java.
 */
#ifndef NATMPJ_H
#define NATMPJ_H

#include <stdint.h>

typedef intptr_t natmpj_handle;

/* Errors found by natmpj itself rather than by MPI: negative so they never collide with MPI error classes. */
enum natmpj_error {
    NATMPJ_ERR_NO_BUFFER = -1    /* count > 0 but the JVM gave no address (pinning failed) */
};

/* Predefined handles, read once from C at class initialisation: nothing ABI-specific is compiled into Java. */
enum natmpj_handle_id {
    NATMPJ_COMM_WORLD, NATMPJ_COMM_SELF, NATMPJ_COMM_NULL,
    NATMPJ_TYPE_INT8, NATMPJ_TYPE_UINT16, NATMPJ_TYPE_INT16, NATMPJ_TYPE_BOOL, NATMPJ_TYPE_INT32,
    NATMPJ_TYPE_INT64, NATMPJ_TYPE_FLOAT, NATMPJ_TYPE_DOUBLE, NATMPJ_TYPE_PACKED, NATMPJ_TYPE_NULL,
    NATMPJ_OP_MAX, NATMPJ_OP_MIN, NATMPJ_OP_SUM, NATMPJ_OP_PROD, NATMPJ_OP_LAND, NATMPJ_OP_BAND,
    NATMPJ_OP_LOR, NATMPJ_OP_BOR, NATMPJ_OP_LXOR, NATMPJ_OP_BXOR, NATMPJ_OP_MAXLOC, NATMPJ_OP_MINLOC,
    NATMPJ_OP_NULL,
    NATMPJ_ERRORS_ARE_FATAL, NATMPJ_ERRORS_RETURN, NATMPJ_ERRHANDLER_NULL,
    NATMPJ_REQUEST_NULL, NATMPJ_GROUP_EMPTY, NATMPJ_GROUP_NULL,
    NATMPJ_TYPE_BYTE, NATMPJ_MESSAGE_NULL, NATMPJ_MESSAGE_NO_PROC
};

/* Predefined integers. */
enum natmpj_int_id {
    NATMPJ_ANY_SOURCE, NATMPJ_ANY_TAG, NATMPJ_PROC_NULL, NATMPJ_UNDEFINED,
    NATMPJ_THREAD_SINGLE, NATMPJ_THREAD_FUNNELED, NATMPJ_THREAD_SERIALIZED, NATMPJ_THREAD_MULTIPLE,
    NATMPJ_MAX_PROCESSOR_NAME, NATMPJ_ERR_LASTCODE, NATMPJ_VERSION, NATMPJ_SUBVERSION,
    NATMPJ_ERR_TRUNCATE, NATMPJ_ERR_RANK, NATMPJ_ERR_TAG, NATMPJ_ERR_COUNT, NATMPJ_ERR_OP, NATMPJ_ERR_TYPE,
    NATMPJ_ERR_BUFFER, NATMPJ_ERR_REQUEST, NATMPJ_ERR_COMM, NATMPJ_ERR_GROUP, NATMPJ_ERR_ARG, NATMPJ_ERR_OTHER,
    NATMPJ_ERR_PENDING, NATMPJ_ERR_IN_STATUS, NATMPJ_ERR_TOPOLOGY, NATMPJ_ERR_DIMS, NATMPJ_ERR_ROOT,
    NATMPJ_IDENT, NATMPJ_CONGRUENT, NATMPJ_SIMILAR, NATMPJ_UNEQUAL, NATMPJ_CART, NATMPJ_GRAPH,
    NATMPJ_KEYVAL_TAG_UB, NATMPJ_KEYVAL_HOST, NATMPJ_KEYVAL_IO, NATMPJ_KEYVAL_WTIME_IS_GLOBAL,
    NATMPJ_BSEND_OVERHEAD
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
    NATMPJ_STATUS_SLOTS = 12                                    /* RAW + 2 * RAW_LONGS, checked in natmpj.c */
};

/* Send modes share one entry point. */
enum natmpj_send_mode { NATMPJ_SEND_STANDARD, NATMPJ_SEND_SYNCHRONOUS, NATMPJ_SEND_READY, NATMPJ_SEND_BUFFERED };

/* Library identity and load-time state. */
const char *natmpj_flavour(void);           /* "openmpi", "mpich" or "unknown", decided at compile time */
const char *natmpj_library_version(void);   /* MPI_Get_library_version */
const char *natmpj_load_error(void);        /* "" when libmpi was promoted to RTLD_GLOBAL, else why not */

natmpj_handle natmpj_handle_constant(int id);
natmpj_handle natmpj_buffer_address(void *buffer_object); /* a direct buffer's address, 0 if not direct */
int natmpj_int_constant(int id);

/* Environment. */
int natmpj_init_thread(int required, int *provided);
int natmpj_finalize(void);
int natmpj_initialized(void);
int natmpj_finalized(void);
int natmpj_is_thread_main(void);
int natmpj_query_thread(void);
double natmpj_wtime(void);
double natmpj_wtick(void);
const char *natmpj_processor_name(void);
const char *natmpj_error_string(int code);
int natmpj_error_class(int code);
int natmpj_abort(natmpj_handle comm, int code); /* ending.c, like the next */
int natmpj_guard_exit(void); /* once MPI is initialized: an early exit says so; status 0 aborts the job */

#endif
