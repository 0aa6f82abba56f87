/*
 * The wire format of point-to-point messages (private to this library: both ends run it).
 *
 * Every message is one MPI_BYTE message "A" of the static bytes [0, slen) of the sender's mpjbuf buffer, on the
 * user's communicator with the user's tag. Its first 8 bytes are the device header:
 *   byte 0      1 if a part B (the dynamic section: the Java serialisation stream of MPI.OBJECT data) follows
 *   bytes 1..3  the sequence number of part B, big-endian (24 bits)
 *   bytes 4..7  the length of part B, big-endian
 * Part B goes on the communicator's ghost (Comm.ghostHandle, a dup every Comm object makes collectively) to the
 * same destination, with the sequence number as its tag. The receiver learns the ghost, A's actual source and the
 * sequence from what it received, so wildcard receives (ANY_SOURCE, ANY_TAG) never mix payloads up, user receives
 * can never match a part B (other communicator), and Waits may come in any order.
 *
 * The sequence number need only be unique among the parts B in flight from one sender on one ghost communicator;
 * a process-wide counter gives that (for every (ghost, destination) pair at once) with no table and no lock. It
 * wraps at min(MPI_TAG_UB + 1, 2^24); a collision needs 2^24 (or TAG_UB) object messages sent while an older part
 * B from the same sender is still unreceived.
 *
 * A send completes with part A: part B is copied into native memory and sent with MPI_Isend in the background
 * (the pending list below, reaped on later sends and drained by nativeFinish). So no sender waits for the
 * receiver's Wait (upstream's Isend/persistent-send deadlock on objects), and a receiver that has A can always
 * get B: the sender posted it right after A.
 */
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include "natmpjdev.h"

static atomic_uint sequence;
static unsigned sequence_bound = 1u << 15; /* MPI guarantees TAG_UB >= 32767; raised once MPI is up */

void ndev_protocol_init(void) {
    void *value = NULL;
    int flag = 0;
    if (MPI_Comm_get_attr(MPI_COMM_WORLD, MPI_TAG_UB, &value, &flag) == MPI_SUCCESS && flag && value) {
        long ub = *(int *)value;
        if (ub > (1L << 24) - 1) ub = (1L << 24) - 1;
        if (ub >= 32767) sequence_bound = (unsigned)ub + 1;
    }
}

int ndev_header_out(JNIEnv *env, jobject buf, char *addr, int dlen, char **dyn, int *seq) {
    unsigned char *h = (unsigned char *)addr;
    *dyn = NULL;
    *seq = 0;
    if (dlen < 0) return ndev_throw(env, "send: negative dynamic length %d", dlen);
    if (dlen > 0) {
        jbyteArray bytes = (*env)->GetObjectField(env, buf, ndev.buf_dynamic);
        if (!bytes) return ndev_throw(env, "send: dynamic length %d but the buffer has no dynamic section", dlen);
        jsize have = (*env)->GetArrayLength(env, bytes);
        if (have < dlen) {
            (*env)->DeleteLocalRef(env, bytes);
            return ndev_throw(env, "send: dynamic length %d > the %d bytes of the dynamic section", dlen, have);
        }
        if (!(*dyn = malloc((size_t)dlen))) {
            (*env)->DeleteLocalRef(env, bytes);
            return ndev_throw(env, "send: out of memory for %d dynamic bytes", dlen);
        }
        (*env)->GetByteArrayRegion(env, bytes, 0, dlen, (jbyte *)*dyn);
        (*env)->DeleteLocalRef(env, bytes);
        *seq = (int)(atomic_fetch_add(&sequence, 1u) % sequence_bound);
    }
    h[0] = dlen > 0;
    h[1] = (unsigned char)(*seq >> 16);
    h[2] = (unsigned char)(*seq >> 8);
    h[3] = (unsigned char)*seq;
    h[4] = (unsigned char)((unsigned)dlen >> 24);
    h[5] = (unsigned char)((unsigned)dlen >> 16);
    h[6] = (unsigned char)((unsigned)dlen >> 8);
    h[7] = (unsigned char)dlen;
    return 0;
}

int ndev_header_in(const char *addr, int bytes, int *seq, int *dlen) {
    const unsigned char *h = (const unsigned char *)addr;
    if (bytes < NDEV_HEADER || h[0] != 1) return 0;
    *seq = h[1] << 16 | h[2] << 8 | h[3];
    *dlen = (int)((unsigned)h[4] << 24 | (unsigned)h[5] << 16 | (unsigned)h[6] << 8 | h[7]);
    return *dlen > 0;
}

int ndev_set_dynamic(JNIEnv *env, jobject buf, const char *dyn, int dlen) {
    jbyteArray bytes = (*env)->NewByteArray(env, dlen);
    if (!bytes) return -1; /* OutOfMemoryError pending */
    (*env)->SetByteArrayRegion(env, bytes, 0, dlen, (const jbyte *)dyn);
    (*env)->SetObjectField(env, buf, ndev.buf_dynamic, bytes);
    (*env)->DeleteLocalRef(env, bytes);
    return 0;
}

int ndev_ghost(JNIEnv *env, jobject comm_obj, const char *what, MPI_Comm *out) {
    jlong h = (*env)->GetLongField(env, comm_obj, ndev.comm_ghost);
    if (h == 0 || h == -1)
        return ndev_throw(env, "%s: the communicator has no ghost communicator for object data (freed?)", what);
    *out = COMM((intptr_t)h);
    return 0;
}

/* Background sends of parts B. Any thread may send (MPI_THREAD_MULTIPLE): the list is under a mutex. */
struct pending {
    MPI_Request request;
    char *bytes;
    struct pending *next;
};
static pthread_mutex_t pending_lock = PTHREAD_MUTEX_INITIALIZER;
static struct pending *pending_head;
static atomic_int pending_count;

void ndev_reap_pending(int wait_all) {
    if (!atomic_load(&pending_count)) return;
    pthread_mutex_lock(&pending_lock);
    for (struct pending **p = &pending_head; *p;) {
        int done = 0;
        if (wait_all) {
            MPI_Wait(&(*p)->request, MPI_STATUS_IGNORE);
            done = 1;
        } else if (MPI_Test(&(*p)->request, &done, MPI_STATUS_IGNORE) != MPI_SUCCESS) {
            done = 1; /* an error: nothing more will come of this send */
        }
        if (done) {
            struct pending *gone = *p;
            *p = gone->next;
            free(gone->bytes);
            free(gone);
            atomic_fetch_sub(&pending_count, 1);
        } else {
            p = &(*p)->next;
        }
    }
    pthread_mutex_unlock(&pending_lock);
}

int ndev_send_dynamic(JNIEnv *env, MPI_Comm ghost, int dest, int seq, char *dyn, int dlen) {
    struct pending *p = malloc(sizeof *p);
    if (!p) {
        free(dyn);
        return ndev_throw(env, "send: out of memory");
    }
    p->bytes = dyn;
    int rc = MPI_Isend(dyn, dlen, MPI_BYTE, dest, seq, ghost, &p->request);
    if (rc != MPI_SUCCESS) {
        free(dyn);
        free(p);
        return ndev_check(env, rc, "send: MPI_Isend of the object data on the ghost communicator");
    }
    ndev_reap_pending(0);
    pthread_mutex_lock(&pending_lock);
    p->next = pending_head;
    pending_head = p;
    atomic_fetch_add(&pending_count, 1);
    pthread_mutex_unlock(&pending_lock);
    return 0;
}
