/*
 * Staging memory: native blocks Java copies arrays into for calls that must not hold an array pinned (non-blocking
 * calls, blocking ones under MPI_THREAD_MULTIPLE or with a user op), the copies in and out, and direct buffers'
 * addresses. No state: every block belongs to the Java object that allocated it (mpi.Staging pools them).
 */
#define _GNU_SOURCE
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include "internal.h"
#include "staging.h"

natmpj_handle natmpj_buffer_address(void *buffer_object) { return (natmpj_handle)buffer_object; }

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

jobject natmpj_direct_buffer(JNIEnv *jenv, natmpj_handle address, int64_t bytes) {
    return (*jenv)->NewDirectByteBuffer(jenv, (void *)address, (jlong)bytes);
}

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

natmpj_handle natmpj_pin(JNIEnv *jenv, void *pinned_array) {
    jboolean copy = JNI_FALSE;
    void *p = (*jenv)->GetPrimitiveArrayCritical(jenv, (jarray)pinned_array, &copy);
    if (p && copy) { /* not the array's storage: useless for a request that outlives this call */
        (*jenv)->ReleasePrimitiveArrayCritical(jenv, (jarray)pinned_array, p, JNI_ABORT);
        return 0;
    }
    return (natmpj_handle)p; /* NULL only with an OutOfMemoryError pending, which Java throws on return */
}

void natmpj_unpin(JNIEnv *jenv, void *pinned_array, void *address) {
    /* Mode 0: with no copy made there is nothing to copy back, and the pin count goes down. */
    (*jenv)->ReleasePrimitiveArrayCritical(jenv, (jarray)pinned_array, address, 0);
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
