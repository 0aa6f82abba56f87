/*
 * Blocking point-to-point messaging (standard, synchronous, ready and buffered modes, and the buffer buffered mode
 * uses), probes, matched probes and receives, and queries on a status Java kept. Buffers arrive as (array, direct)
 * pairs: a pinned array's storage or a direct buffer's memory, used for the duration of the call only.
 */
#include "internal.h"
#include "pt2pt.h"

#include <string.h>

/* Never written: see internal.h. */
char natmpj_nowhere[2];

int natmpj_status_get_count(int64_t raw0, int64_t raw1, int64_t raw2, int64_t raw3, natmpj_handle type,
                            int *count) {
    MPI_Status st = natmpj_import_status(raw0, raw1, raw2, raw3);
    return MPI_Get_count(&st, TYPE(type), count);
}

int natmpj_status_get_elements(int64_t raw0, int64_t raw1, int64_t raw2, int64_t raw3, natmpj_handle type,
                               int *count) {
    MPI_Status st = natmpj_import_status(raw0, raw1, raw2, raw3);
    return MPI_Get_elements(&st, TYPE(type), count);
}

int natmpj_status_test_cancelled(int64_t raw0, int64_t raw1, int64_t raw2, int64_t raw3, int *flag) {
    MPI_Status st = natmpj_import_status(raw0, raw1, raw2, raw3);
    return MPI_Test_cancelled(&st, flag);
}

int natmpj_status_error(int64_t raw0, int64_t raw1, int64_t raw2, int64_t raw3) {
    return natmpj_import_status(raw0, raw1, raw2, raw3).MPI_ERROR;
}

int natmpj_status_set(int64_t raw0, int64_t raw1, int64_t raw2, int64_t raw3, natmpj_handle type, int elements,
                      int cancelled, int64_t *raw) {
    MPI_Status st = natmpj_import_status(raw0, raw1, raw2, raw3);
    int rc = MPI_SUCCESS;
    if (elements >= 0) rc = MPI_Status_set_elements(&st, TYPE(type), elements);
    if (rc == MPI_SUCCESS && cancelled >= 0) rc = MPI_Status_set_cancelled(&st, cancelled);
    int64_t out[NATMPJ_STATUS_RAW_LONGS] = {0};
    memcpy(out, &st, sizeof st);
    for (int i = 0; i < NATMPJ_STATUS_RAW_LONGS; i++) raw[i] = out[i];
    return rc;
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

/* Receives a message matched by a probe; both entry points below. always_inline: with one body, each JNI entry
 * still inlines its natmpj_* function (a shared out-of-line function was called, not inlined, by both). */
static inline __attribute__((always_inline)) int receive_matched(void *buf, int count, natmpj_handle type,
                                                                 natmpj_handle message, int *status) {
    MPI_Message msg = MESSAGE(message);
    MPI_Status st;
    NEED_BUFFER(buf, count, type);
    int rc = MPI_Mrecv(buf, count, TYPE(type), &msg, &st);
    if (rc == MPI_SUCCESS) natmpj_export_status(&st, status);
    return rc;
}

int natmpj_recv_matched(void *rarray, void *rdirect, int64_t off, int count, natmpj_handle type,
                        natmpj_handle message, int *status) {
    return receive_matched(BUF(rarray, rdirect, off), count, type, message, status);
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

int natmpj_mprobe(int source, int tag, natmpj_handle comm, int *status, natmpj_handle *message) {
    MPI_Message msg = MPI_MESSAGE_NULL;
    MPI_Status st;
    int rc = MPI_Mprobe(source, tag, COMM(comm), &msg, &st);
    *message = (natmpj_handle)msg;
    if (rc == MPI_SUCCESS) natmpj_export_status(&st, status);
    return rc;
}

int natmpj_improbe(int source, int tag, natmpj_handle comm, int *status, natmpj_handle *message) {
    MPI_Message msg = MPI_MESSAGE_NULL;
    MPI_Status st;
    int flag = 0;
    int rc = MPI_Improbe(source, tag, COMM(comm), &flag, &msg, &st);
    *message = (natmpj_handle)msg;
    status[NATMPJ_STATUS_FLAG] = flag;
    if (rc == MPI_SUCCESS && flag) natmpj_export_status(&st, status);
    return rc;
}

/* MPI.OBJECT's receive of a probed message: recv_matched at offset 0. */
int natmpj_mrecv(void *rarray, void *rdirect, int count, natmpj_handle type, natmpj_handle message, int *status) {
    return receive_matched(BUF(rarray, rdirect, 0), count, type, message, status);
}

/* Buffered mode's buffer: Java keeps the memory (a direct buffer or staging) alive while attached. */
int natmpj_buffer_attach(void *address, int size) { return MPI_Buffer_attach(address, size); }

int natmpj_buffer_detach(void) {
    void *address = NULL;
    int size = 0;
    return MPI_Buffer_detach(&address, &size);
}
