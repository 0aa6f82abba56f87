/* Blocking point-to-point messaging, probes and status queries. */
#include <string.h>
#include "internal.h"

_Static_assert(sizeof(MPI_Status) <= NATMPJ_STATUS_RAW_LONGS * sizeof(int64_t), "MPI_Status does not fit its slots");
_Static_assert(NATMPJ_STATUS_SLOTS == NATMPJ_STATUS_RAW + 2 * NATMPJ_STATUS_RAW_LONGS, "status slot layout");

/* Copies what Java reads of an MPI_Status, and the status itself for later queries. */
char natmpj_nowhere[2];

void natmpj_export_status(const MPI_Status *st, int *out) {
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

int natmpj_send(int mode, void *sarray, void *sdirect, int64_t off, int count, natmpj_handle type,
                int dest, int tag, natmpj_handle comm) {
    void *buf = BUF(sarray, sdirect, off);
    NEED_BUFFER(buf, count, type);
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
    NEED_BUFFER(buf, count, type);
    int rc = MPI_Recv(buf, count, TYPE(type), source, tag, COMM(comm), &st);
    if (rc == MPI_SUCCESS) natmpj_export_status(&st, status);
    return rc;
}

int natmpj_recv_matched(void *rarray, void *rdirect, int64_t off, int count, natmpj_handle type,
                        natmpj_handle message, int *status) {
    void *buf = BUF(rarray, rdirect, off);
    MPI_Message msg = (MPI_Message)message;
    MPI_Status st;
    NEED_BUFFER(buf, count, type);
    int rc = MPI_Mrecv(buf, count, TYPE(type), &msg, &st);
    if (rc == MPI_SUCCESS) natmpj_export_status(&st, status);
    return rc;
}

int natmpj_sendrecv(void *sarray, void *sdirect, int64_t soff, int scount, natmpj_handle stype, int dest, int stag,
                    void *rarray, void *rdirect, int64_t roff, int rcount, natmpj_handle rtype, int source, int rtag,
                    natmpj_handle comm, int *status) {
    void *sbuf = BUF(sarray, sdirect, soff), *rbuf = BUF(rarray, rdirect, roff);
    MPI_Status st;
    NEED_BUFFER(sbuf, scount, stype);
    NEED_BUFFER(rbuf, rcount, rtype);
    int rc = MPI_Sendrecv(sbuf, scount, TYPE(stype), dest, stag, rbuf, rcount, TYPE(rtype), source, rtag,
                          COMM(comm), &st);
    if (rc == MPI_SUCCESS) natmpj_export_status(&st, status);
    return rc;
}

int natmpj_sendrecv_replace(void *array, void *direct, int64_t off, int count, natmpj_handle type,
                            int dest, int stag, int source, int rtag, natmpj_handle comm, int *status) {
    void *buf = BUF(array, direct, off);
    MPI_Status st;
    NEED_BUFFER(buf, count, type);
    int rc = MPI_Sendrecv_replace(buf, count, TYPE(type), dest, stag, source, rtag, COMM(comm), &st);
    if (rc == MPI_SUCCESS) natmpj_export_status(&st, status);
    return rc;
}

int natmpj_probe(int source, int tag, natmpj_handle comm, int *status) {
    MPI_Status st;
    int rc = MPI_Probe(source, tag, COMM(comm), &st);
    if (rc == MPI_SUCCESS) natmpj_export_status(&st, status);
    return rc;
}

int natmpj_iprobe(int source, int tag, natmpj_handle comm, int *status) {
    MPI_Status st;
    int flag = 0;
    int rc = MPI_Iprobe(source, tag, COMM(comm), &flag, &st);
    status[NATMPJ_STATUS_FLAG] = flag;
    if (rc == MPI_SUCCESS && flag) natmpj_export_status(&st, status);
    return rc;
}
