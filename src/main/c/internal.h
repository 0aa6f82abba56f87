/*
 * libnatmpj's private helpers, shared by its C files and never seen by SWIG: buffer addressing for the
 * (array, direct) pairs the JNI glue passes, and the handing out of created communicators. Includes mpi.h (through
 * common/handles.h, which brings the handle casts and the status export), so it is C-layer only.
 */
#ifndef NATMPJ_INTERNAL_H
#define NATMPJ_INTERNAL_H

#include <stddef.h>
#include "common/handles.h"
#include "natmpj.h"

/* A buffer is an (array, direct) pair, at most one non-NULL, plus a byte offset; NULL when both are NULL. */
#define BUF(array, direct, off) \
    ((void *)((array) ? (char *)(array) + (off) : (direct) ? (char *)(direct) + (off) : NULL))

/*
 * count > 0 items need memory: a NULL here means the JVM could not pin an array. Except for items of a zero-size type
 * (a Struct of MPI.LB / MPI.UB markers only, say), which touch no memory, so Java passes no buffer for them (the
 * type's size is only asked for when p is NULL). Any NULL that is not a failure becomes an address MPI never
 * touches but accepts: MPICH refuses a NULL buffer, or the same one for sending and receiving ("Buffers must not be
 * aliased"), even when no byte moves. Receive buffers (named r...) get another address than the others.
 */
#define NEED_BUFFER(p, count, type)                                                        \
    do {                                                                                    \
        if (!(p)) {                                                                         \
            if ((count) > 0 && natmpj_type_has_data(type)) return NATMPJ_ERR_NO_BUFFER;     \
            (p) = (void *)(natmpj_nowhere + (#p[0] == 'r'));                                \
        }                                                                                   \
    } while (0)
/* count > 0 bytes of packed data need memory. */
#define NEED_BYTES(p, bytes) do { if (!(p) && (bytes) > 0) return NATMPJ_ERR_NO_BUFFER; } while (0)

/* What NEED_BUFFER hands MPI for messages that touch no memory: [0] for send buffers, [1] for receive buffers.
 * Defined in pt2pt.c. Never written, by natmpj or by MPI (no byte of such a message moves), so threads share it. */
extern char natmpj_nowhere[2];

static inline int natmpj_type_has_data(natmpj_handle type) {
    int size = 1;
    return MPI_Type_size(TYPE(type), &size) != MPI_SUCCESS || size != 0;
}

/* Hands out a communicator a creating call returned (or its error), with MPI_ERRORS_RETURN set on it so its errors
 * reach Java as exceptions. In communicators.c. */
int natmpj_created_comm(int rc, MPI_Comm comm, natmpj_handle *new_comm);

/* Before MPI_Init: lets Open MPI serve windows on one-process communicators where Debian's defaults would not.
 * In rma.c. */
void natmpj_rma_before_init(void);
/* Leaves a copy of value (truncated to the buffer) as the text natmpj_text() returns. In info.c. */
void natmpj_set_text(const char *value);

#endif
