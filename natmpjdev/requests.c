/*
 * mpjdev.natmpjdev.NativeSendRequest and NativeRecvRequest (3 natives each). NativeRequest.handle points to a
 * struct ndev_request (natmpjdev.h) made by Comm's nativeIsend/nativeIssend/nativeIrecv; Java's `completed` flag
 * keeps Wait/Test from being called again once one of them returned a status, and the record is freed then.
 *
 * A completed request's status is also stored in NativeRequest.status. MPJ Express's itest() stores it there, but
 * its iwait() does not, although a second iwait() returns that field: a request waited twice (MPI.Buffer_detach,
 * which MPI.Finalize calls, waits every Bsend request again, the user's Wait already done) would hand mpi.Request
 * a null mpjdev.Status (NullPointerException in mpi.Status's constructor; corpus program Persistent).
 */
#include <stdlib.h>
#include "natmpjdev.h"

/* NativeRequest's fields, looked up through whichever subclass initialises first. */
static void cache_request_ids(JNIEnv *env, jclass cls) {
    if (!ndev.req_handle) ndev.req_handle = (*env)->GetFieldID(env, cls, "handle", "J");
    if (!ndev.req_buffer && ndev.req_handle)
        ndev.req_buffer = (*env)->GetFieldID(env, cls, "bufferHandle", "Lmpjbuf/Buffer;");
    if (!ndev.req_status && ndev.req_buffer)
        ndev.req_status = (*env)->GetFieldID(env, cls, "status", "Lmpjdev/Status;");
}

JNIEXPORT void JNICALL Java_mpjdev_natmpjdev_NativeSendRequest_initNativeSendRequest(JNIEnv *env, jclass cls) {
    cache_request_ids(env, cls);
}

JNIEXPORT void JNICALL Java_mpjdev_natmpjdev_NativeRecvRequest_initNativeRecvRequest(JNIEnv *env, jclass cls) {
    cache_request_ids(env, cls);
}

static struct ndev_request *record(JNIEnv *env, jobject self, jobject status, int is_recv, const char *what) {
    if (!status) return ndev_throw(env, "%s: the status is null", what), NULL;
    struct ndev_request *r = (struct ndev_request *)(intptr_t)(*env)->GetLongField(env, self, ndev.req_handle);
    if (!r || (intptr_t)r == -1)
        return ndev_throw(env, "%s: the request was never started or is already complete", what), NULL;
    if (r->is_recv != is_recv) return ndev_throw(env, "%s: not a %s request", what, is_recv ? "receive" : "send"), NULL;
    return r;
}

static void release(JNIEnv *env, jobject self, struct ndev_request *r) {
    (*env)->SetLongField(env, self, ndev.req_handle, 0);
    free(r->dyn);
    free(r);
}

/* A send request completes with part A (part B, if any, is already in the background). */
static jobject send_done(JNIEnv *env, jobject self, struct ndev_request *r, jobject status) {
    release(env, self, r);
    (*env)->SetObjectField(env, self, ndev.req_status, status);
    ndev_reap_pending(0);
    return status;
}

JNIEXPORT jobject JNICALL Java_mpjdev_natmpjdev_NativeSendRequest_Wait(JNIEnv *env, jobject self, jobject status) {
    struct ndev_request *r = record(env, self, status, 0, "send Wait");
    if (!r) return NULL;
    int rc = MPI_Wait(&r->a, MPI_STATUS_IGNORE);
    if (rc != MPI_SUCCESS) {
        release(env, self, r);
        ndev_check(env, rc, "send Wait: MPI_Wait");
        return NULL;
    }
    return send_done(env, self, r, status);
}

JNIEXPORT jobject JNICALL Java_mpjdev_natmpjdev_NativeSendRequest_Test(JNIEnv *env, jobject self, jobject status) {
    struct ndev_request *r = record(env, self, status, 0, "send Test");
    int done = 0;
    if (!r) return NULL;
    int rc = MPI_Test(&r->a, &done, MPI_STATUS_IGNORE);
    if (rc != MPI_SUCCESS) {
        release(env, self, r);
        ndev_check(env, rc, "send Test: MPI_Test");
        return NULL;
    }
    return done ? send_done(env, self, r, status) : NULL;
}

/* Part A has arrived: post part B (if any) from A's actual source on the ghost communicator. */
static int recv_a_done(JNIEnv *env, struct ndev_request *r) {
    int seq;
    MPI_Get_count(&r->status, MPI_BYTE, &r->bytes);
    r->state = 2;
    if (!ndev_header_in(r->addr, r->bytes, &seq, &r->dlen)) return 0;
    if (r->ghost == MPI_COMM_NULL)
        return ndev_throw(env, "recv Wait: object data follows but the communicator had no ghost communicator");
    if (!(r->dyn = malloc((size_t)r->dlen)))
        return ndev_throw(env, "recv Wait: out of memory for %d bytes of object data", r->dlen);
    r->state = 1;
    return ndev_check(env, MPI_Irecv(r->dyn, r->dlen, MPI_BYTE, r->status.MPI_SOURCE, seq, r->ghost, &r->b),
                      "recv Wait: MPI_Irecv of the object data");
}

/* Both parts are in: dynamic bytes to the buffer, static size and status to Java; the record is freed. */
static jobject recv_done(JNIEnv *env, jobject self, struct ndev_request *r, jobject status) {
    jobject buf = (*env)->GetObjectField(env, self, ndev.req_buffer);
    if (!buf) {
        release(env, self, r);
        return ndev_throw(env, "recv Wait: the request has no buffer"), NULL;
    }
    if (r->dyn && ndev_set_dynamic(env, buf, r->dyn, r->dlen)) {
        release(env, self, r);
        return NULL;
    }
    (*env)->SetIntField(env, status, ndev.st_num_els, r->bytes); /* Java: bufferHandle.setSize(numEls) */
    ndev_fill_status(env, status, &r->status, r->bytes);
    release(env, self, r);
    (*env)->SetObjectField(env, self, ndev.req_status, status);
    return status;
}

static jobject recv_fail(JNIEnv *env, jobject self, struct ndev_request *r) {
    release(env, self, r);
    return NULL;
}

JNIEXPORT jobject JNICALL Java_mpjdev_natmpjdev_NativeRecvRequest_Wait(JNIEnv *env, jobject self, jobject status) {
    struct ndev_request *r = record(env, self, status, 1, "recv Wait");
    if (!r) return NULL;
    if (r->state == 0) {
        if (ndev_check(env, MPI_Wait(&r->a, &r->status), "recv Wait: MPI_Wait")) return recv_fail(env, self, r);
        if (recv_a_done(env, r)) return recv_fail(env, self, r);
    }
    if (r->state == 1) {
        if (ndev_check(env, MPI_Wait(&r->b, MPI_STATUS_IGNORE), "recv Wait: MPI_Wait for the object data"))
            return recv_fail(env, self, r);
    }
    return recv_done(env, self, r, status);
}

JNIEXPORT jobject JNICALL Java_mpjdev_natmpjdev_NativeRecvRequest_Test(JNIEnv *env, jobject self, jobject status) {
    struct ndev_request *r = record(env, self, status, 1, "recv Test");
    int done = 0;
    if (!r) return NULL;
    if (r->state == 0) {
        if (ndev_check(env, MPI_Test(&r->a, &done, &r->status), "recv Test: MPI_Test"))
            return recv_fail(env, self, r);
        if (!done) return NULL;
        if (recv_a_done(env, r)) return recv_fail(env, self, r);
    }
    if (r->state == 1) {
        if (ndev_check(env, MPI_Test(&r->b, &done, MPI_STATUS_IGNORE), "recv Test: MPI_Test for the object data"))
            return recv_fail(env, self, r);
        if (!done) return NULL;
    }
    return recv_done(env, self, r, status);
}
