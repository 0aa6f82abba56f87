/*
 * Non-blocking and persistent requests and their completion, one request or many. Buffers arrive as addresses
 * (direct buffers or staging memory, see staging.h), never as Java arrays.
 */
#include <string.h>
#include <stdlib.h>
#include "internal.h"
#include "requests.h"

/* A request-starting send in one of the four modes: the Isend and the Send_init families take the same arguments,
 * so a table per family indexed by enum natmpj_send_mode picks the call (an unknown mode is standard, as before). */
typedef int send_request_fn(const void *buf, int count, MPI_Datatype type, int dest, int tag, MPI_Comm comm,
                            MPI_Request *request);
static send_request_fn *const isends[] = {MPI_Isend, MPI_Issend, MPI_Irsend, MPI_Ibsend};
static send_request_fn *const send_inits[] = {MPI_Send_init, MPI_Ssend_init, MPI_Rsend_init, MPI_Bsend_init};
_Static_assert(NATMPJ_SEND_STANDARD == 0 && NATMPJ_SEND_SYNCHRONOUS == 1 && NATMPJ_SEND_READY == 2 &&
               NATMPJ_SEND_BUFFERED == 3, "send request tables are indexed by enum natmpj_send_mode");

static inline int send_request(send_request_fn *const *by_mode, int mode, void *address, int count,
                               natmpj_handle type, int dest, int tag, natmpj_handle comm, natmpj_handle *created) {
    MPI_Request req = MPI_REQUEST_NULL;
    NEED_BUFFER(address, count, type);
    if (mode < NATMPJ_SEND_STANDARD || mode > NATMPJ_SEND_BUFFERED) mode = NATMPJ_SEND_STANDARD;
    int rc = by_mode[mode](address, count, TYPE(type), dest, tag, COMM(comm), &req);
    *created = (natmpj_handle)req;
    return rc;
}

int natmpj_isend(int mode, void *address, int count, natmpj_handle type, int dest, int tag, natmpj_handle comm,
                 natmpj_handle *created) {
    return send_request(isends, mode, address, count, type, dest, tag, comm, created);
}

int natmpj_irecv(void *address, int count, natmpj_handle type, int source, int tag, natmpj_handle comm,
                 natmpj_handle *created) {
    MPI_Request req = MPI_REQUEST_NULL;
    NEED_BUFFER(address, count, type);
    int rc = MPI_Irecv(address, count, TYPE(type), source, tag, COMM(comm), &req);
    *created = (natmpj_handle)req;
    return rc;
}

int natmpj_send_init(int mode, void *address, int count, natmpj_handle type, int dest, int tag,
                     natmpj_handle comm, natmpj_handle *created) {
    return send_request(send_inits, mode, address, count, type, dest, tag, comm, created);
}

int natmpj_recv_init(void *address, int count, natmpj_handle type, int source, int tag, natmpj_handle comm,
                     natmpj_handle *created) {
    MPI_Request req = MPI_REQUEST_NULL;
    NEED_BUFFER(address, count, type);
    int rc = MPI_Recv_init(address, count, TYPE(type), source, tag, COMM(comm), &req);
    *created = (natmpj_handle)req;
    return rc;
}

int natmpj_imrecv(void *address, int count, natmpj_handle type, natmpj_handle message, natmpj_handle *created) {
    MPI_Request req = MPI_REQUEST_NULL;
    MPI_Message msg = MESSAGE(message);
    NEED_BUFFER(address, count, type);
    int rc = MPI_Imrecv(address, count, TYPE(type), &msg, &req);
    *created = (natmpj_handle)req;
    return rc;
}

int natmpj_start(natmpj_handle request) {
    MPI_Request req = REQUEST(request);
    return MPI_Start(&req);
}

/* n items of scratch for one call: on the stack up to 64, else on the heap; the body runs with p pointing at them. */
#define WITH_SCRATCH(T, p, n, ...)                                                           \
    do {                                                                                     \
        T stack_##p[64];                                                                     \
        T *p = (n) <= 64 ? stack_##p : malloc((size_t)(n) * sizeof *p);                      \
        if (!p) return NATMPJ_ERR_NO_BUFFER;                                                 \
        __VA_ARGS__;                                                                         \
        if (p != stack_##p) free(p);                                                         \
    } while (0)

/* Request arrays: Java's int64_t slots <-> MPI_Request (a pointer in Open MPI, an int in MPICH), as reqs. */
#define WITH_REQUESTS(n, requests, ...)                                                      \
    WITH_SCRATCH(MPI_Request, reqs, n, {                                                     \
        for (int i_ = 0; i_ < (n); i_++) reqs[i_] = REQUEST((requests)[i_]);                 \
        __VA_ARGS__;                                                                         \
        for (int i_ = 0; i_ < (n); i_++) (requests)[i_] = (int64_t)(natmpj_handle)reqs[i_];  \
    })

/* n MPI_Status, as sts. */
#define WITH_STATUSES(n, ...) WITH_SCRATCH(MPI_Status, sts, n, __VA_ARGS__)

int natmpj_startall(int n, int64_t *requests) {
    int rc = MPI_SUCCESS;
    WITH_REQUESTS(n, requests, rc = MPI_Startall(n, reqs));
    return rc;
}

int natmpj_wait(natmpj_handle request, int *status) {
    MPI_Request req = REQUEST(request);
    MPI_Status st;
    int rc = MPI_Wait(&req, &st);
    if (rc == MPI_SUCCESS) natmpj_export_status(&st, status);
    return rc;
}

int natmpj_wait_copy_out(JNIEnv *jenv, natmpj_handle request, int *status, void *address, void *later_array,
                         int64_t off, int64_t max_bytes) {
    MPI_Request req = REQUEST(request);
    MPI_Status st;
    int rc = MPI_Wait(&req, &st), cancelled = 0, count = 0;
    if (rc != MPI_SUCCESS) return rc;
    natmpj_export_status(&st, status);
    rc = MPI_Test_cancelled(&st, &cancelled);
    if (rc != MPI_SUCCESS || cancelled) return rc;
    rc = MPI_Get_count(&st, MPI_BYTE, &count);
    if (rc != MPI_SUCCESS || count <= 0) return rc;
    int64_t bytes = count < max_bytes ? count : max_bytes;
    if (bytes <= 0) return MPI_SUCCESS;
    if (!later_array) return NATMPJ_ERR_NO_BUFFER;
    void *p = (*jenv)->GetPrimitiveArrayCritical(jenv, (jarray)later_array, NULL);
    if (!p) return NATMPJ_ERR_NO_BUFFER; /* an OutOfMemoryError is pending: Java throws it on return */
    memcpy((char *)p + off, address, (size_t)bytes);
    (*jenv)->ReleasePrimitiveArrayCritical(jenv, (jarray)later_array, p, 0);
    return MPI_SUCCESS;
}

int natmpj_test(natmpj_handle request, int *status) {
    MPI_Request req = REQUEST(request);
    MPI_Status st;
    int flag = 0;
    int rc = MPI_Test(&req, &flag, &st);
    status[NATMPJ_STATUS_FLAG] = flag;
    if (rc == MPI_SUCCESS && flag) natmpj_export_status(&st, status);
    return rc;
}

int natmpj_request_get_status(natmpj_handle request, int *status) {
    MPI_Status st;
    int flag = 0;
    int rc = MPI_Request_get_status(REQUEST(request), &flag, &st);
    status[NATMPJ_STATUS_FLAG] = flag;
    if (rc == MPI_SUCCESS && flag) natmpj_export_status(&st, status);
    return rc;
}

int natmpj_cancel(natmpj_handle request) {
    MPI_Request req = REQUEST(request);
    return MPI_Cancel(&req);
}

int natmpj_request_free(natmpj_handle request) {
    MPI_Request req = REQUEST(request);
    return MPI_Request_free(&req);
}

int natmpj_waitany(int n, int64_t *requests, int *status, int *index) {
    int rc = MPI_SUCCESS;
    MPI_Status st;
    WITH_REQUESTS(n, requests, rc = MPI_Waitany(n, reqs, index, &st));
    if (rc == MPI_SUCCESS && *index != MPI_UNDEFINED) natmpj_export_status(&st, status);
    return rc;
}

int natmpj_testany(int n, int64_t *requests, int *status, int *index, int *flag) {
    int rc = MPI_SUCCESS;
    MPI_Status st;
    WITH_REQUESTS(n, requests, rc = MPI_Testany(n, reqs, index, flag, &st));
    if (rc == MPI_SUCCESS && *flag && *index != MPI_UNDEFINED) natmpj_export_status(&st, status);
    return rc;
}

/* MPI_ERR_IN_STATUS: the per-request errors are in the statuses, which are exported whatever the outcome. */
int natmpj_waitall(int n, int64_t *requests, int *statuses) {
    int rc = MPI_SUCCESS;
    WITH_STATUSES(n, {
        WITH_REQUESTS(n, requests, rc = MPI_Waitall(n, reqs, sts));
        if (rc == MPI_SUCCESS || rc == MPI_ERR_IN_STATUS)
            for (int i = 0; i < n; i++) natmpj_export_status(&sts[i], statuses + i * NATMPJ_STATUS_SLOTS);
    });
    return rc;
}

int natmpj_testall(int n, int64_t *requests, int *statuses, int *flag) {
    int rc = MPI_SUCCESS;
    WITH_STATUSES(n, {
        WITH_REQUESTS(n, requests, rc = MPI_Testall(n, reqs, flag, sts));
        if ((rc == MPI_SUCCESS || rc == MPI_ERR_IN_STATUS) && *flag)
            for (int i = 0; i < n; i++) natmpj_export_status(&sts[i], statuses + i * NATMPJ_STATUS_SLOTS);
    });
    return rc;
}

static int some(int n, int64_t *requests, int *statuses, int *indices, int *outcount, int wait) {
    int rc = MPI_SUCCESS;
    WITH_STATUSES(n, {
        WITH_REQUESTS(n, requests, rc = wait ? MPI_Waitsome(n, reqs, outcount, indices, sts)
                                             : MPI_Testsome(n, reqs, outcount, indices, sts));
        if ((rc == MPI_SUCCESS || rc == MPI_ERR_IN_STATUS) && *outcount != MPI_UNDEFINED)
            for (int i = 0; i < *outcount; i++) natmpj_export_status(&sts[i], statuses + i * NATMPJ_STATUS_SLOTS);
    });
    return rc;
}

int natmpj_waitsome(int n, int64_t *requests, int *statuses, int *indices, int *outcount) {
    return some(n, requests, statuses, indices, outcount, 1);
}

int natmpj_testsome(int n, int64_t *requests, int *statuses, int *indices, int *outcount) {
    return some(n, requests, statuses, indices, outcount, 0);
}
