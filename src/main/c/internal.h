/*
 * Shared by natmpj's C files, never seen by SWIG: casts from natmpj_handle back to MPI handles, buffer
 * addressing, and the status export every receive-like call uses. Includes mpi.h, so it is C-layer only.
 */
#ifndef NATMPJ_INTERNAL_H
#define NATMPJ_INTERNAL_H

#include <stddef.h>
#include <mpi.h>
#include "natmpj.h"

#define COMM(h) ((MPI_Comm)(h))
#define TYPE(h) ((MPI_Datatype)(h))
#define OP(h) ((MPI_Op)(h))
#define GROUP(h) ((MPI_Group)(h))
#define REQUEST(h) ((MPI_Request)(h))

/* A buffer is an (array, direct) pair, at most one non-NULL, plus a byte offset; NULL when both are NULL. */
#define BUF(array, direct, off) \
    ((void *)((array) ? (char *)(array) + (off) : (direct) ? (char *)(direct) + (off) : NULL))

/* count > 0 needs memory: a NULL here means the JVM could not pin an array. */
#define NEED_BUFFER(p, count) do { if (!(p) && (count) > 0) return NATMPJ_ERR_NO_BUFFER; } while (0)

/* Writes the public fields and the whole MPI_Status into a NATMPJ_STATUS_SLOTS int slot block. */
void natmpj_export_status(const MPI_Status *st, int *out);

/* Hands out a communicator a creating call returned (or its error), with MPI_ERRORS_RETURN set on it so its errors
 * reach Java as exceptions. */
int natmpj_created_comm(int rc, MPI_Comm comm, natmpj_handle *out_handle);

#endif
