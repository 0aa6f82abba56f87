/*
 * Non-blocking and persistent requests, their completion, buffered-send buffers, Pack/Unpack and the native memory
 * Java stages arrays in.
 *
 * A non-blocking call never sees a Java array: the JVM may move an array at any time once a JNI call returns, so
 * Java passes either a direct buffer's address or the address of native staging memory (natmpj_alloc) the array was
 * copied into (natmpj_copy_in) and is copied back from at completion (natmpj_copy_out / natmpj_copy_out_typed).
 * Request handles go in and come back by value: a completed non-blocking request becomes MPI_REQUEST_NULL and a
 * persistent one keeps its handle, so Java knows the result without another out-value. Calls on several requests
 * take them as n int64_t in native memory (requests) and write them back in place.
 */
#ifndef NATMPJ_REQUESTS_H
#define NATMPJ_REQUESTS_H

#include "natmpj.h"

/* Native memory for staging; 0 when out of memory. Large blocks are huge-page aligned (see requests.c). */
natmpj_handle natmpj_alloc(int64_t bytes);
void natmpj_free(void *address);
/* Array <-> native memory: off is the byte offset into the array. */
int natmpj_copy_in(void *sarray, int64_t off, void *address, int64_t bytes);
int natmpj_copy_out(void *address, void *rarray, int64_t off, int64_t bytes);
/* Copies only the elements count items of type cover (a derived type's gaps in the array stay untouched). */
int natmpj_copy_out_typed(void *address, void *rarray, int64_t off, int count, natmpj_handle type);

/* Starting requests: address is the first item's memory (a direct buffer's or staging). */
int natmpj_isend(int mode, void *address, int count, natmpj_handle type, int dest, int tag, natmpj_handle comm,
                 natmpj_handle *out_handle);
int natmpj_irecv(void *address, int count, natmpj_handle type, int source, int tag, natmpj_handle comm,
                 natmpj_handle *out_handle);
int natmpj_send_init(int mode, void *address, int count, natmpj_handle type, int dest, int tag,
                     natmpj_handle comm, natmpj_handle *out_handle);
int natmpj_recv_init(void *address, int count, natmpj_handle type, int source, int tag, natmpj_handle comm,
                     natmpj_handle *out_handle);
int natmpj_start(natmpj_handle request);
int natmpj_startall(int n, int64_t *requests);

/* Completion of one request; test writes its flag into status[NATMPJ_STATUS_FLAG]. */
int natmpj_wait(natmpj_handle request, int *status);
int natmpj_test(natmpj_handle request, int *status);
int natmpj_cancel(natmpj_handle request);
int natmpj_request_free(natmpj_handle request);

/* Completion of several: statuses holds n status slot blocks, indices n ints; out_int is the index (any) or the
 * number completed (some, MPI_UNDEFINED when no request was active), out_int2 the flag of the test calls. */
int natmpj_waitany(int n, int64_t *requests, int *status, int *out_int);
int natmpj_testany(int n, int64_t *requests, int *status, int *out_int, int *out_int2);
int natmpj_waitall(int n, int64_t *requests, int *statuses);
int natmpj_testall(int n, int64_t *requests, int *statuses, int *out_int2);
int natmpj_waitsome(int n, int64_t *requests, int *statuses, int *indices, int *out_int);
int natmpj_testsome(int n, int64_t *requests, int *statuses, int *indices, int *out_int);

/* Matched probe and receive: how a message of unknown size (MPI.OBJECT) is received without a size guess. */
int natmpj_mprobe(int source, int tag, natmpj_handle comm, int *status, natmpj_handle *out_handle);
int natmpj_improbe(int source, int tag, natmpj_handle comm, int *status, natmpj_handle *out_handle);
int natmpj_mrecv(void *rarray, void *rdirect, int count, natmpj_handle type, natmpj_handle message, int *status);

/* Buffered mode. */
int natmpj_buffer_attach(void *address, int size);
int natmpj_buffer_detach(void);

/* Pack/Unpack between a typed buffer (array or direct) and a byte buffer (array or direct) at a byte position. */
int natmpj_pack(void *sarray, void *sdirect, int64_t soff, int count, natmpj_handle type,
                void *rarray, void *rdirect, int outsize, int position, natmpj_handle comm, int *out_int);
int natmpj_unpack(void *sarray, void *sdirect, int insize, int position,
                  void *rarray, void *rdirect, int64_t roff, int count, natmpj_handle type, natmpj_handle comm,
                  int *out_int);
int natmpj_pack_size(int count, natmpj_handle type, natmpj_handle comm, int *out_int);

#endif
