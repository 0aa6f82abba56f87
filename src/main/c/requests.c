/* Non-blocking and persistent requests, completion, buffered sends, Pack/Unpack, staging memory. */
#define _GNU_SOURCE
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include "internal.h"
#include "requests.h"

/* From this size on, staging blocks are 2 MiB aligned and advised for transparent huge pages: the copy in and
 * MPI's own transfer both touch every page, and a huge page costs one TLB entry instead of 512. */
#define HUGE_PAGE ((size_t)2 << 20)

natmpj_handle natmpj_alloc(int64_t bytes) {
    size_t n = bytes > 0 ? (size_t)bytes : 1;
    void *p = NULL;
    if (n >= HUGE_PAGE) {
        n = (n + HUGE_PAGE - 1) & ~(HUGE_PAGE - 1);
        if (posix_memalign(&p, HUGE_PAGE, n) != 0) return 0;
        madvise(p, n, MADV_HUGEPAGE); /* advice only: fine if the kernel says no */
    } else if (posix_memalign(&p, 64, n) != 0) {
        return 0;
    }
    return (natmpj_handle)p;
}

void natmpj_free(void *address) { free(address); }

int natmpj_copy_in(void *sarray, int64_t off, void *address, int64_t bytes) {
    if (bytes <= 0) return MPI_SUCCESS;
    if (!sarray) return NATMPJ_ERR_NO_BUFFER;
    memcpy(address, (char *)sarray + off, (size_t)bytes);
    return MPI_SUCCESS;
}

int natmpj_copy_out(void *address, void *rarray, int64_t off, int64_t bytes) {
    if (bytes <= 0) return MPI_SUCCESS;
    if (!rarray) return NATMPJ_ERR_NO_BUFFER;
    memcpy((char *)rarray + off, address, (size_t)bytes);
    return MPI_SUCCESS;
}

/* MPI walks the type map twice (staging -> packed -> array); only used for derived types with gaps. */
int natmpj_copy_out_typed(void *address, void *rarray, int64_t off, int count, natmpj_handle type) {
    int size = 0, position = 0, rc;
    if (count <= 0) return MPI_SUCCESS;
    if (!rarray) return NATMPJ_ERR_NO_BUFFER;
    rc = MPI_Pack_size(count, TYPE(type), MPI_COMM_SELF, &size);
    if (rc != MPI_SUCCESS) return rc;
    void *packed = malloc(size > 0 ? (size_t)size : 1);
    if (!packed) return NATMPJ_ERR_NO_BUFFER;
    rc = MPI_Pack(address, count, TYPE(type), packed, size, &position, MPI_COMM_SELF);
    if (rc == MPI_SUCCESS) {
        int unpacked = 0;
        rc = MPI_Unpack(packed, position, &unpacked, (char *)rarray + off, count, TYPE(type), MPI_COMM_SELF);
    }
    free(packed);
    return rc;
}

int natmpj_isend(int mode, void *address, int count, natmpj_handle type, int dest, int tag, natmpj_handle comm,
                 natmpj_handle *out_handle) {
    MPI_Request req = MPI_REQUEST_NULL;
    int rc;
    NEED_BUFFER(address, count, type);
    switch (mode) {
    case NATMPJ_SEND_SYNCHRONOUS: rc = MPI_Issend(address, count, TYPE(type), dest, tag, COMM(comm), &req); break;
    case NATMPJ_SEND_READY: rc = MPI_Irsend(address, count, TYPE(type), dest, tag, COMM(comm), &req); break;
    case NATMPJ_SEND_BUFFERED: rc = MPI_Ibsend(address, count, TYPE(type), dest, tag, COMM(comm), &req); break;
    default: rc = MPI_Isend(address, count, TYPE(type), dest, tag, COMM(comm), &req); break;
    }
    *out_handle = (natmpj_handle)req;
    return rc;
}

int natmpj_irecv(void *address, int count, natmpj_handle type, int source, int tag, natmpj_handle comm,
                 natmpj_handle *out_handle) {
    MPI_Request req = MPI_REQUEST_NULL;
    NEED_BUFFER(address, count, type);
    int rc = MPI_Irecv(address, count, TYPE(type), source, tag, COMM(comm), &req);
    *out_handle = (natmpj_handle)req;
    return rc;
}

int natmpj_send_init(int mode, void *address, int count, natmpj_handle type, int dest, int tag,
                     natmpj_handle comm, natmpj_handle *out_handle) {
    MPI_Request req = MPI_REQUEST_NULL;
    int rc;
    NEED_BUFFER(address, count, type);
    switch (mode) {
    case NATMPJ_SEND_SYNCHRONOUS: rc = MPI_Ssend_init(address, count, TYPE(type), dest, tag, COMM(comm), &req); break;
    case NATMPJ_SEND_READY: rc = MPI_Rsend_init(address, count, TYPE(type), dest, tag, COMM(comm), &req); break;
    case NATMPJ_SEND_BUFFERED: rc = MPI_Bsend_init(address, count, TYPE(type), dest, tag, COMM(comm), &req); break;
    default: rc = MPI_Send_init(address, count, TYPE(type), dest, tag, COMM(comm), &req); break;
    }
    *out_handle = (natmpj_handle)req;
    return rc;
}

int natmpj_recv_init(void *address, int count, natmpj_handle type, int source, int tag, natmpj_handle comm,
                     natmpj_handle *out_handle) {
    MPI_Request req = MPI_REQUEST_NULL;
    NEED_BUFFER(address, count, type);
    int rc = MPI_Recv_init(address, count, TYPE(type), source, tag, COMM(comm), &req);
    *out_handle = (natmpj_handle)req;
    return rc;
}

int natmpj_start(natmpj_handle request) {
    MPI_Request req = REQUEST(request);
    return MPI_Start(&req);
}

/* Request arrays: Java's int64_t slots <-> MPI_Request (a pointer in Open MPI, an int in MPICH). Small arrays live
 * on the stack; big ones on the heap. */
#define WITH_REQUESTS(n, requests, body)                                                   \
    do {                                                                                   \
        MPI_Request stack_reqs[64];                                                        \
        MPI_Request *reqs = (n) <= 64 ? stack_reqs : malloc((size_t)(n) * sizeof *reqs);   \
        if (!reqs) return NATMPJ_ERR_NO_BUFFER;                                            \
        for (int i_ = 0; i_ < (n); i_++) reqs[i_] = REQUEST((requests)[i_]);               \
        body;                                                                              \
        for (int i_ = 0; i_ < (n); i_++) (requests)[i_] = (int64_t)(natmpj_handle)reqs[i_]; \
        if (reqs != stack_reqs) free(reqs);                                                \
    } while (0)

#define WITH_STATUSES(n, body)                                                                 \
    do {                                                                                       \
        MPI_Status stack_sts[64];                                                              \
        MPI_Status *sts = (n) <= 64 ? stack_sts : malloc((size_t)((n) > 0 ? (n) : 1) * sizeof *sts); \
        if (!sts) return NATMPJ_ERR_NO_BUFFER;                                                 \
        body;                                                                                  \
        if (sts != stack_sts) free(sts);                                                       \
    } while (0)

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

int natmpj_test(natmpj_handle request, int *status) {
    MPI_Request req = REQUEST(request);
    MPI_Status st;
    int flag = 0;
    int rc = MPI_Test(&req, &flag, &st);
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

int natmpj_waitany(int n, int64_t *requests, int *status, int *out_int) {
    int rc = MPI_SUCCESS;
    MPI_Status st;
    WITH_REQUESTS(n, requests, rc = MPI_Waitany(n, reqs, out_int, &st));
    if (rc == MPI_SUCCESS && *out_int != MPI_UNDEFINED) natmpj_export_status(&st, status);
    return rc;
}

int natmpj_testany(int n, int64_t *requests, int *status, int *out_int, int *out_int2) {
    int rc = MPI_SUCCESS;
    MPI_Status st;
    WITH_REQUESTS(n, requests, rc = MPI_Testany(n, reqs, out_int, out_int2, &st));
    if (rc == MPI_SUCCESS && *out_int2 && *out_int != MPI_UNDEFINED) natmpj_export_status(&st, status);
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

int natmpj_testall(int n, int64_t *requests, int *statuses, int *out_int2) {
    int rc = MPI_SUCCESS;
    WITH_STATUSES(n, {
        WITH_REQUESTS(n, requests, rc = MPI_Testall(n, reqs, out_int2, sts));
        if ((rc == MPI_SUCCESS || rc == MPI_ERR_IN_STATUS) && *out_int2)
            for (int i = 0; i < n; i++) natmpj_export_status(&sts[i], statuses + i * NATMPJ_STATUS_SLOTS);
    });
    return rc;
}

static int some(int n, int64_t *requests, int *statuses, int *indices, int *out_int, int wait) {
    int rc = MPI_SUCCESS;
    WITH_STATUSES(n, {
        WITH_REQUESTS(n, requests, rc = wait ? MPI_Waitsome(n, reqs, out_int, indices, sts)
                                             : MPI_Testsome(n, reqs, out_int, indices, sts));
        if ((rc == MPI_SUCCESS || rc == MPI_ERR_IN_STATUS) && *out_int != MPI_UNDEFINED)
            for (int i = 0; i < *out_int; i++) natmpj_export_status(&sts[i], statuses + i * NATMPJ_STATUS_SLOTS);
    });
    return rc;
}

int natmpj_waitsome(int n, int64_t *requests, int *statuses, int *indices, int *out_int) {
    return some(n, requests, statuses, indices, out_int, 1);
}

int natmpj_testsome(int n, int64_t *requests, int *statuses, int *indices, int *out_int) {
    return some(n, requests, statuses, indices, out_int, 0);
}

int natmpj_mprobe(int source, int tag, natmpj_handle comm, int *status, natmpj_handle *out_handle) {
    MPI_Message msg = MPI_MESSAGE_NULL;
    MPI_Status st;
    int rc = MPI_Mprobe(source, tag, COMM(comm), &msg, &st);
    *out_handle = (natmpj_handle)msg;
    if (rc == MPI_SUCCESS) natmpj_export_status(&st, status);
    return rc;
}

int natmpj_improbe(int source, int tag, natmpj_handle comm, int *status, natmpj_handle *out_handle) {
    MPI_Message msg = MPI_MESSAGE_NULL;
    MPI_Status st;
    int flag = 0;
    int rc = MPI_Improbe(source, tag, COMM(comm), &flag, &msg, &st);
    *out_handle = (natmpj_handle)msg;
    status[NATMPJ_STATUS_FLAG] = flag;
    if (rc == MPI_SUCCESS && flag) natmpj_export_status(&st, status);
    return rc;
}

int natmpj_mrecv(void *rarray, void *rdirect, int count, natmpj_handle type, natmpj_handle message, int *status) {
    MPI_Message msg = (MPI_Message)message;
    MPI_Status st;
    void *address = BUF(rarray, rdirect, 0);
    NEED_BUFFER(address, count, type);
    int rc = MPI_Mrecv(address, count, TYPE(type), &msg, &st);
    if (rc == MPI_SUCCESS) natmpj_export_status(&st, status);
    return rc;
}

int natmpj_buffer_attach(void *address, int size) { return MPI_Buffer_attach(address, size); }

int natmpj_buffer_detach(void) {
    void *address = NULL;
    int size = 0;
    return MPI_Buffer_detach(&address, &size);
}

int natmpj_pack(void *sarray, void *sdirect, int64_t soff, int count, natmpj_handle type,
                void *rarray, void *rdirect, int outsize, int position, natmpj_handle comm, int *out_int) {
    void *in = BUF(sarray, sdirect, soff), *out = BUF(rarray, rdirect, 0);
    NEED_BUFFER(in, count, type);
    NEED_BYTES(out, outsize);
    *out_int = position;
    return MPI_Pack(in, count, TYPE(type), out, outsize, out_int, COMM(comm));
}

int natmpj_unpack(void *sarray, void *sdirect, int insize, int position,
                  void *rarray, void *rdirect, int64_t roff, int count, natmpj_handle type, natmpj_handle comm,
                  int *out_int) {
    void *in = BUF(sarray, sdirect, 0), *out = BUF(rarray, rdirect, roff);
    NEED_BYTES(in, insize);
    NEED_BUFFER(out, count, type);
    *out_int = position;
    return MPI_Unpack(in, insize, out_int, out, count, TYPE(type), COMM(comm));
}

int natmpj_pack_size(int count, natmpj_handle type, natmpj_handle comm, int *out_int) {
    return MPI_Pack_size(count, TYPE(type), COMM(comm), out_int);
}
