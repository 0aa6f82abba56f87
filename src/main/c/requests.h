/*
 * Non-blocking and persistent requests and their completion.
 *
 * Buffers are addresses: a direct buffer's, or staging memory Java copied an array into (see staging.h), since
 * the JVM may move an array once a JNI call returns. Request handles go in and come back by value: a completed
 * non-blocking request becomes MPI_REQUEST_NULL and a persistent one keeps its handle, so Java knows the result
 * without another out-value. Calls on several requests take them as n int64_t in native memory (requests) and
 * write them back in place.
 */
#ifndef NATMPJ_REQUESTS_H
#define NATMPJ_REQUESTS_H

#include <jni.h>
#include "natmpj.h"

/* Starting requests: address is the first item's memory; the new request goes to *created, native memory of the
 * calling thread's (Java's StatusBuffer), so that starting a request allocates nothing and makes no JNI call back. */
int natmpj_isend(int mode, void *address, int count, natmpj_handle type, int dest, int tag, natmpj_handle comm,
                 natmpj_handle *created);
int natmpj_irecv(void *address, int count, natmpj_handle type, int source, int tag, natmpj_handle comm,
                 natmpj_handle *created);
int natmpj_send_init(int mode, void *address, int count, natmpj_handle type, int dest, int tag,
                     natmpj_handle comm, natmpj_handle *created);
int natmpj_recv_init(void *address, int count, natmpj_handle type, int source, int tag, natmpj_handle comm,
                     natmpj_handle *created);
/* MPI_Imrecv: receives the message natmpj_mprobe/natmpj_improbe matched (MPI makes it MPI_MESSAGE_NULL; Java's
 * Message does the same). */
int natmpj_imrecv(void *address, int count, natmpj_handle type, natmpj_handle message, natmpj_handle *created);
int natmpj_start(natmpj_handle request);
int natmpj_startall(int n, int64_t *requests);

/* Completion of one request; test writes its flag into status[NATMPJ_STATUS_FLAG]. */
int natmpj_wait(natmpj_handle request, int *status);
int natmpj_test(natmpj_handle request, int *status);
/* MPI_Request_get_status: as natmpj_test, but the request stays as it is */
int natmpj_request_get_status(natmpj_handle request, int *status);
/* Wait on a receive staged in native memory, then its copy back in the same call (where Wait, Get_count and
 * copy_out were three): unless MPI reports it cancelled, what arrived, at most max_bytes, is copied from address into
 * the array at byte offset off. The array is pinned only for that copy, after MPI_Wait returned. */
int natmpj_wait_copy_out(JNIEnv *jenv, natmpj_handle request, int *status, void *address, void *later_array,
                         int64_t off, int64_t max_bytes);
int natmpj_cancel(natmpj_handle request);
int natmpj_request_free(natmpj_handle request);

/* Completion of several: status is one status slot block, statuses n of them, indices n ints. index is the
 * completed request's (MPI_UNDEFINED when none was active), outcount the number completed (MPI_UNDEFINED when no
 * request was active), flag whether the test calls completed anything (testall: everything). */
int natmpj_waitany(int n, int64_t *requests, int *status, int *index);
int natmpj_testany(int n, int64_t *requests, int *status, int *index, int *flag);
int natmpj_waitall(int n, int64_t *requests, int *statuses);
int natmpj_testall(int n, int64_t *requests, int *statuses, int *flag);
int natmpj_waitsome(int n, int64_t *requests, int *statuses, int *indices, int *outcount);
int natmpj_testsome(int n, int64_t *requests, int *statuses, int *indices, int *outcount);

#endif
