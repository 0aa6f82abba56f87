/* natmpj's C layer: thin, JNI-free calls into the host MPI. See natmpj.h for the rules. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdio.h>
#include <string.h>
#include <jni.h>
#include <mpi.h>
#include "natmpj.h"
#include "signals.h"

/* Java boolean[] elements are jboolean bytes, sent as MPI_C_BOOL. */
_Static_assert(sizeof(_Bool) == sizeof(jboolean), "MPI_C_BOOL must be one byte like jboolean");

#define COMM(h) ((MPI_Comm)(h))
#define TYPE(h) ((MPI_Datatype)(h))
#define OP(h) ((MPI_Op)(h))
#define BUF(array, direct, off) ((void *)((array) ? (char *)(array) + (off) : (direct) ? (char *)(direct) + (off) : NULL))

static char load_error[1024];

/*
 * Open MPI's plugins (dlopen'ed inside MPI_Init) resolve symbols of libmpi globally, but the JVM loads us with
 * RTLD_LOCAL, which drags libmpi in locally too. Reopen the very libmpi we were linked against with
 * RTLD_GLOBAL | RTLD_NOLOAD, found through the address of one of its functions, before anyone calls MPI_Init.
 */
JNIEXPORT jint JNICALL JNI_OnLoad(JavaVM *vm, void *reserved) {
    (void)vm; (void)reserved;
    Dl_info info;
    if (!dladdr((void *)&MPI_Init, &info) || !info.dli_fname) {
        snprintf(load_error, sizeof load_error, "dladdr(MPI_Init) found no library");
    } else if (!dlopen(info.dli_fname, RTLD_NOW | RTLD_GLOBAL | RTLD_NOLOAD)) {
        const char *why = dlerror();
        snprintf(load_error, sizeof load_error, "dlopen(%s, RTLD_GLOBAL) failed: %s", info.dli_fname,
                 why ? why : "unknown error");
    }
    natmpj_guard_jvm_signals(); /* libmpi's dependencies (UCX) may have taken the JVM's signals as they loaded */
    return JNI_VERSION_1_8;
}

const char *natmpj_load_error(void) { return load_error; }

const char *natmpj_flavour(void) {
#if defined(OPEN_MPI)
    return "openmpi";
#elif defined(MPICH_VERSION)
    return "mpich";
#else
    return "unknown";
#endif
}

const char *natmpj_library_version(void) {
    static char version[MPI_MAX_LIBRARY_VERSION_STRING];
    int len = 0;
    if (MPI_Get_library_version(version, &len) != MPI_SUCCESS) return "";
    return version;
}

natmpj_handle natmpj_handle_constant(int id) {
    switch (id) {
    case NATMPJ_COMM_WORLD: return (natmpj_handle)MPI_COMM_WORLD;
    case NATMPJ_COMM_SELF: return (natmpj_handle)MPI_COMM_SELF;
    case NATMPJ_COMM_NULL: return (natmpj_handle)MPI_COMM_NULL;
    case NATMPJ_TYPE_INT8: return (natmpj_handle)MPI_INT8_T;
    case NATMPJ_TYPE_UINT16: return (natmpj_handle)MPI_UINT16_T;
    case NATMPJ_TYPE_INT16: return (natmpj_handle)MPI_INT16_T;
    case NATMPJ_TYPE_BOOL: return (natmpj_handle)MPI_C_BOOL;
    case NATMPJ_TYPE_INT32: return (natmpj_handle)MPI_INT32_T;
    case NATMPJ_TYPE_INT64: return (natmpj_handle)MPI_INT64_T;
    case NATMPJ_TYPE_FLOAT: return (natmpj_handle)MPI_FLOAT;
    case NATMPJ_TYPE_DOUBLE: return (natmpj_handle)MPI_DOUBLE;
    case NATMPJ_TYPE_PACKED: return (natmpj_handle)MPI_PACKED;
    case NATMPJ_TYPE_NULL: return (natmpj_handle)MPI_DATATYPE_NULL;
    case NATMPJ_OP_MAX: return (natmpj_handle)MPI_MAX;
    case NATMPJ_OP_MIN: return (natmpj_handle)MPI_MIN;
    case NATMPJ_OP_SUM: return (natmpj_handle)MPI_SUM;
    case NATMPJ_OP_PROD: return (natmpj_handle)MPI_PROD;
    case NATMPJ_OP_LAND: return (natmpj_handle)MPI_LAND;
    case NATMPJ_OP_BAND: return (natmpj_handle)MPI_BAND;
    case NATMPJ_OP_LOR: return (natmpj_handle)MPI_LOR;
    case NATMPJ_OP_BOR: return (natmpj_handle)MPI_BOR;
    case NATMPJ_OP_LXOR: return (natmpj_handle)MPI_LXOR;
    case NATMPJ_OP_BXOR: return (natmpj_handle)MPI_BXOR;
    case NATMPJ_OP_MAXLOC: return (natmpj_handle)MPI_MAXLOC;
    case NATMPJ_OP_MINLOC: return (natmpj_handle)MPI_MINLOC;
    case NATMPJ_OP_NULL: return (natmpj_handle)MPI_OP_NULL;
    case NATMPJ_ERRORS_ARE_FATAL: return (natmpj_handle)MPI_ERRORS_ARE_FATAL;
    case NATMPJ_ERRORS_RETURN: return (natmpj_handle)MPI_ERRORS_RETURN;
    case NATMPJ_ERRHANDLER_NULL: return (natmpj_handle)MPI_ERRHANDLER_NULL;
    case NATMPJ_REQUEST_NULL: return (natmpj_handle)MPI_REQUEST_NULL;
    case NATMPJ_GROUP_EMPTY: return (natmpj_handle)MPI_GROUP_EMPTY;
    case NATMPJ_GROUP_NULL: return (natmpj_handle)MPI_GROUP_NULL;
    default: return 0;
    }
}

natmpj_handle natmpj_buffer_address(void *buffer_object) { return (natmpj_handle)buffer_object; }

int natmpj_int_constant(int id) {
    switch (id) {
    case NATMPJ_ANY_SOURCE: return MPI_ANY_SOURCE;
    case NATMPJ_ANY_TAG: return MPI_ANY_TAG;
    case NATMPJ_PROC_NULL: return MPI_PROC_NULL;
    case NATMPJ_UNDEFINED: return MPI_UNDEFINED;
    case NATMPJ_THREAD_SINGLE: return MPI_THREAD_SINGLE;
    case NATMPJ_THREAD_FUNNELED: return MPI_THREAD_FUNNELED;
    case NATMPJ_THREAD_SERIALIZED: return MPI_THREAD_SERIALIZED;
    case NATMPJ_THREAD_MULTIPLE: return MPI_THREAD_MULTIPLE;
    case NATMPJ_MAX_PROCESSOR_NAME: return MPI_MAX_PROCESSOR_NAME;
    case NATMPJ_ERR_LASTCODE: return MPI_ERR_LASTCODE;
    case NATMPJ_VERSION: return MPI_VERSION;
    case NATMPJ_SUBVERSION: return MPI_SUBVERSION;
    case NATMPJ_ERR_TRUNCATE: return MPI_ERR_TRUNCATE;
    case NATMPJ_ERR_RANK: return MPI_ERR_RANK;
    case NATMPJ_ERR_TAG: return MPI_ERR_TAG;
    case NATMPJ_ERR_COUNT: return MPI_ERR_COUNT;
    case NATMPJ_ERR_OP: return MPI_ERR_OP;
    case NATMPJ_ERR_TYPE: return MPI_ERR_TYPE;
    default: return 0;
    }
}

int natmpj_init_thread(int required, int *provided) {
    int rc = MPI_Init_thread(NULL, NULL, required, provided);
    natmpj_guard_jvm_signals(); /* MPI_Init may have installed crash handlers over the JVM's */
    return rc;
}
int natmpj_finalize(void) { return MPI_Finalize(); }

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
    static char name[MPI_MAX_PROCESSOR_NAME];
    int len = 0;
    if (MPI_Get_processor_name(name, &len) != MPI_SUCCESS) return NULL;
    return name;
}

const char *natmpj_error_string(int code) {
    static char text[MPI_MAX_ERROR_STRING];
    int len = 0;
    switch (code) {
    case NATMPJ_ERR_NO_BUFFER: return "the JVM returned no address for a non-empty buffer";
    }
    if (MPI_Error_string(code, text, &len) != MPI_SUCCESS) snprintf(text, sizeof text, "MPI error code %d", code);
    return text;
}

int natmpj_error_class(int code) {
    int cls = code;
    if (code > 0 && MPI_Error_class(code, &cls) != MPI_SUCCESS) cls = code;
    return cls;
}

int natmpj_abort(natmpj_handle comm, int code) { return MPI_Abort(COMM(comm), code); }

int natmpj_comm_rank(natmpj_handle comm, int *rank) { return MPI_Comm_rank(COMM(comm), rank); }
int natmpj_comm_size(natmpj_handle comm, int *size) { return MPI_Comm_size(COMM(comm), size); }

int natmpj_comm_tag_ub(natmpj_handle comm, int *tag_ub) {
    int *value = NULL, flag = 0;
    int rc = MPI_Comm_get_attr(COMM(comm), MPI_TAG_UB, &value, &flag);
    *tag_ub = (rc == MPI_SUCCESS && flag) ? *value : 32767; /* 32767 is the least the standard allows */
    return rc;
}

int natmpj_comm_set_errhandler(natmpj_handle comm, natmpj_handle errhandler) {
    return MPI_Comm_set_errhandler(COMM(comm), (MPI_Errhandler)errhandler);
}

int natmpj_comm_get_errhandler(natmpj_handle comm, natmpj_handle *errhandler) {
    MPI_Errhandler handler = MPI_ERRHANDLER_NULL;
    int rc = MPI_Comm_get_errhandler(COMM(comm), &handler);
    *errhandler = (natmpj_handle)handler;
    /* MPI hands out a reference; predefined handlers are never really freed, so keep the handle valid. */
    if (rc == MPI_SUCCESS && handler != MPI_ERRORS_ARE_FATAL && handler != MPI_ERRORS_RETURN)
        MPI_Errhandler_free(&handler);
    return rc;
}

int natmpj_type_size(natmpj_handle type, int *size) { return MPI_Type_size(TYPE(type), size); }

_Static_assert(sizeof(MPI_Status) <= NATMPJ_STATUS_RAW_LONGS * sizeof(int64_t), "MPI_Status does not fit its slots");
_Static_assert(NATMPJ_STATUS_SLOTS == NATMPJ_STATUS_RAW + 2 * NATMPJ_STATUS_RAW_LONGS, "status slot layout");

/* Copies what Java reads of an MPI_Status, and the status itself for later queries. */
static void export_status(const MPI_Status *st, int *out) {
    out[NATMPJ_STATUS_SOURCE] = st->MPI_SOURCE;
    out[NATMPJ_STATUS_TAG] = st->MPI_TAG;
    out[NATMPJ_STATUS_ERROR] = st->MPI_ERROR;
    memcpy(out + NATMPJ_STATUS_RAW, st, sizeof *st);
}

static MPI_Status import_status(int64_t raw0, int64_t raw1, int64_t raw2, int64_t raw3) {
    int64_t raw[NATMPJ_STATUS_RAW_LONGS] = {raw0, raw1, raw2, raw3};
    MPI_Status st;
    memcpy(&st, raw, sizeof st);
    return st;
}

int natmpj_status_get_count(int64_t raw0, int64_t raw1, int64_t raw2, int64_t raw3, natmpj_handle type,
                            int *count) {
    MPI_Status st = import_status(raw0, raw1, raw2, raw3);
    return MPI_Get_count(&st, TYPE(type), count);
}

int natmpj_status_get_elements(int64_t raw0, int64_t raw1, int64_t raw2, int64_t raw3, natmpj_handle type,
                               int *count) {
    MPI_Status st = import_status(raw0, raw1, raw2, raw3);
    return MPI_Get_elements(&st, TYPE(type), count);
}

int natmpj_status_test_cancelled(int64_t raw0, int64_t raw1, int64_t raw2, int64_t raw3, int *flag) {
    MPI_Status st = import_status(raw0, raw1, raw2, raw3);
    return MPI_Test_cancelled(&st, flag);
}

#define NEED_BUFFER(p, count) do { if (!(p) && (count) > 0) return NATMPJ_ERR_NO_BUFFER; } while (0)

int natmpj_send(int mode, void *sarray, void *sdirect, int64_t off, int count, natmpj_handle type,
                int dest, int tag, natmpj_handle comm) {
    void *buf = BUF(sarray, sdirect, off);
    NEED_BUFFER(buf, count);
    switch (mode) {
    case NATMPJ_SEND_SYNCHRONOUS: return MPI_Ssend(buf, count, TYPE(type), dest, tag, COMM(comm));
    case NATMPJ_SEND_READY: return MPI_Rsend(buf, count, TYPE(type), dest, tag, COMM(comm));
    case NATMPJ_SEND_BUFFERED: return MPI_Bsend(buf, count, TYPE(type), dest, tag, COMM(comm));
    default: return MPI_Send(buf, count, TYPE(type), dest, tag, COMM(comm));
    }
}

int natmpj_recv(void *rarray, void *rdirect, int64_t off, int count, natmpj_handle type,
                int source, int tag, natmpj_handle comm, int *status) {
    void *buf = BUF(rarray, rdirect, off);
    MPI_Status st;
    NEED_BUFFER(buf, count);
    int rc = MPI_Recv(buf, count, TYPE(type), source, tag, COMM(comm), &st);
    if (rc == MPI_SUCCESS) export_status(&st, status);
    return rc;
}

int natmpj_sendrecv(void *sarray, void *sdirect, int64_t soff, int scount, natmpj_handle stype, int dest, int stag,
                    void *rarray, void *rdirect, int64_t roff, int rcount, natmpj_handle rtype, int source, int rtag,
                    natmpj_handle comm, int *status) {
    void *sbuf = BUF(sarray, sdirect, soff), *rbuf = BUF(rarray, rdirect, roff);
    MPI_Status st;
    NEED_BUFFER(sbuf, scount);
    NEED_BUFFER(rbuf, rcount);
    int rc = MPI_Sendrecv(sbuf, scount, TYPE(stype), dest, stag, rbuf, rcount, TYPE(rtype), source, rtag,
                          COMM(comm), &st);
    if (rc == MPI_SUCCESS) export_status(&st, status);
    return rc;
}

int natmpj_sendrecv_replace(void *array, void *direct, int64_t off, int count, natmpj_handle type,
                            int dest, int stag, int source, int rtag, natmpj_handle comm, int *status) {
    void *buf = BUF(array, direct, off);
    MPI_Status st;
    NEED_BUFFER(buf, count);
    int rc = MPI_Sendrecv_replace(buf, count, TYPE(type), dest, stag, source, rtag, COMM(comm), &st);
    if (rc == MPI_SUCCESS) export_status(&st, status);
    return rc;
}

int natmpj_probe(int source, int tag, natmpj_handle comm, int *status) {
    MPI_Status st;
    int rc = MPI_Probe(source, tag, COMM(comm), &st);
    if (rc == MPI_SUCCESS) export_status(&st, status);
    return rc;
}

int natmpj_iprobe(int source, int tag, natmpj_handle comm, int *status) {
    MPI_Status st;
    int flag = 0;
    int rc = MPI_Iprobe(source, tag, COMM(comm), &flag, &st);
    status[NATMPJ_STATUS_FLAG] = flag;
    if (rc == MPI_SUCCESS && flag) export_status(&st, status);
    return rc;
}

int natmpj_barrier(natmpj_handle comm) { return MPI_Barrier(COMM(comm)); }

int natmpj_bcast(void *array, void *direct, int64_t off, int count, natmpj_handle type, int root,
                 natmpj_handle comm) {
    void *buf = BUF(array, direct, off);
    NEED_BUFFER(buf, count);
    return MPI_Bcast(buf, count, TYPE(type), root, COMM(comm));
}

int natmpj_reduce(void *sarray, void *sdirect, int64_t soff, void *rarray, void *rdirect, int64_t roff,
                  int in_place, int count, natmpj_handle type, natmpj_handle op, int root, natmpj_handle comm) {
    void *sbuf = in_place ? MPI_IN_PLACE : BUF(sarray, sdirect, soff), *rbuf = BUF(rarray, rdirect, roff);
    NEED_BUFFER(sbuf, count);
    return MPI_Reduce(sbuf, rbuf, count, TYPE(type), OP(op), root, COMM(comm));
}

int natmpj_allreduce(void *sarray, void *sdirect, int64_t soff, void *rarray, void *rdirect, int64_t roff,
                     int in_place, int count, natmpj_handle type, natmpj_handle op, natmpj_handle comm) {
    void *sbuf = in_place ? MPI_IN_PLACE : BUF(sarray, sdirect, soff), *rbuf = BUF(rarray, rdirect, roff);
    NEED_BUFFER(sbuf, count);
    NEED_BUFFER(rbuf, count);
    return MPI_Allreduce(sbuf, rbuf, count, TYPE(type), OP(op), COMM(comm));
}
