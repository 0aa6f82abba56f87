/*
 * Blocking point-to-point messaging, the buffered mode's buffer, probes, matched probes and receives, and status
 * queries. (array, direct) is a buffer, off its byte offset; status points to NATMPJ_STATUS_SLOTS ints.
 */
#ifndef NATMPJ_PT2PT_H
#define NATMPJ_PT2PT_H

#include "natmpj.h"

int natmpj_send(int mode, void *sarray, void *sdirect, int64_t off, int count, natmpj_handle type,
                int dest, int tag, natmpj_handle comm);
int natmpj_recv(void *rarray, void *rdirect, int64_t off, int count, natmpj_handle type,
                int source, int tag, natmpj_handle comm, int *status);
/* Receives a message matched by natmpj_mprobe (so a pinned rarray is held only while the data is copied). */
int natmpj_recv_matched(void *rarray, void *rdirect, int64_t off, int count, natmpj_handle type,
                        natmpj_handle message, int *status);
int natmpj_sendrecv(void *sarray, void *sdirect, int64_t soff, int scount, natmpj_handle stype, int dest, int stag,
                    void *rarray, void *rdirect, int64_t roff, int rcount, natmpj_handle rtype, int source, int rtag,
                    natmpj_handle comm, int *status);
int natmpj_sendrecv_replace(void *array, void *direct, int64_t off, int count, natmpj_handle type,
                            int dest, int stag, int source, int rtag, natmpj_handle comm, int *status);

/* Buffered mode: address is native memory (a direct buffer or staging) Java keeps alive while attached. */
int natmpj_buffer_attach(void *address, int size);
int natmpj_buffer_detach(void);

/* Queries on a copied MPI_Status (the NATMPJ_STATUS_RAW_LONGS longs of a status slot). */
int natmpj_status_get_count(int64_t raw0, int64_t raw1, int64_t raw2, int64_t raw3, natmpj_handle type,
                            int *count);
int natmpj_status_get_elements(int64_t raw0, int64_t raw1, int64_t raw2, int64_t raw3, natmpj_handle type,
                               int *count);
int natmpj_status_test_cancelled(int64_t raw0, int64_t raw1, int64_t raw2, int64_t raw3, int *flag);
int natmpj_probe(int source, int tag, natmpj_handle comm, int *status);
int natmpj_iprobe(int source, int tag, natmpj_handle comm, int *status);

/* Matched probe and receive: how a message of unknown size (MPI.OBJECT) is received without a size guess.
 * improbe writes its flag into status[NATMPJ_STATUS_FLAG]; *message is MPI_MESSAGE_NULL when nothing matched. */
int natmpj_mprobe(int source, int tag, natmpj_handle comm, int *status, natmpj_handle *message);
int natmpj_improbe(int source, int tag, natmpj_handle comm, int *status, natmpj_handle *message);
int natmpj_mrecv(void *rarray, void *rdirect, int count, natmpj_handle type, natmpj_handle message, int *status);

/* The MPI_ERROR field of a status Java kept */
int natmpj_status_error(int64_t raw0, int64_t raw1, int64_t raw2, int64_t raw3);
/* MPI_Status_set_elements (elements >= 0) and MPI_Status_set_cancelled (cancelled >= 0) on a status Java kept;
 * the changed status in raw (NATMPJ_STATUS_RAW_LONGS longs) */
int natmpj_status_set(int64_t raw0, int64_t raw1, int64_t raw2, int64_t raw3, natmpj_handle type, int elements,
                      int cancelled, int64_t *raw);

#endif
